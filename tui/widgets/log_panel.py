"""The tracker's log: numbered lines, the last one highlighted, at a cost per key that
does not grow with how many lines are shown."""

from __future__ import annotations

from collections.abc import Sequence
from typing import cast

from rich.text import Text
from textual.css.styles import RulesMap
from textual.geometry import Size
from textual.widgets import OptionList
from textual.widgets.option_list import Option

from tui.textual_private import option_divider

Wrapping = tuple[object, object, object]
"""A line's padding, overflow and wrap rules (``LogPanel._wrapping``)."""


class LogPanel(OptionList):
    """An ``OptionList`` of the log's lines that keeps the options it already shows.

    Once a battle has more lines than the log keeps, every event recorded shifts the
    whole window by one line. ``OptionList`` would make a new option for every line,
    then turn each into a visual and measure its height again (about 10 ms a key for
    200 lines). Here a line keeps its option while it stays shown (the same number and
    text), so its visual is made once, and each option's height is measured once per
    width: a key costs a few dict lookups per line shown. What is shown, and the
    ``OptionList`` API tests read it with, are unchanged."""

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self._by_line: dict[tuple[int, str], Option] = {}
        """The options shown, by line number and text."""
        self._measured: dict[tuple[Option, int, Wrapping], int] = {}
        """Each option's height at each width it was measured at (layout asks at the
        content's width, the lines at the width left of the scrollbar), and with the
        rules that wrap it (``_wrapping``): a style update that changes none of them, as
        each time a kept dialog is shown again (Textual restyles a screen as it is
        shown), measures nothing again."""

    def show_lines(self, first: int, lines: Sequence[str]) -> None:
        """Show ``lines`` numbered from ``first`` on ("12. Alice ends the turn"), the
        last one highlighted. Lines already shown keep their options; when the old
        options are the start of the new ones, only the rest are added."""
        known = self._by_line
        by_line: dict[tuple[int, str], Option] = {}
        options: list[Option] = []
        for number, line in enumerate(lines, start=first):
            option = known.get((number, line))
            if option is None:
                option = Option(Text(f"{number}. {line}"))
            by_line[number, line] = option
            options.append(option)
        self._by_line = by_line
        if len(self._measured) > 4 * len(options):  # at most two widths of twice as many
            keep = set(options)
            self._measured = {k: h for k, h in self._measured.items() if k[0] in keep}
        shown = self._options
        if len(shown) <= len(options) and all(a is b for a, b in zip(shown, options, strict=False)):
            self.add_options(options[len(shown) :])
        elif options:
            self._replace_options(options)
        else:
            self.clear_options()
        if options:
            last = len(options) - 1
            if self.highlighted == last:
                # Another line at the same place: highlighted as setting it would.
                self.watch_highlighted(last)
            else:
                self.highlighted = last

    def _replace_options(self, options: list[Option]) -> None:
        """Make ``options`` the list's, keeping what is known of those it shows already
        (their visuals and heights).

        ``OptionList.clear_options`` then adding the lines (a window of 200 moved on or
        back by one event: 199 the same) emptied the list for a moment: its scroll went to
        the top and back, its scrollbar went and came back, and each took a layout and
        every line to draw again (issue 33). What is drawn of an option holds its place
        (the mouse reads it), so the drawings and the lines' places are worked out again,
        as ``OptionList`` does when one option is removed."""
        shown = self._options
        shown[:] = options
        places = self._option_to_index
        places.clear()
        places.update((option, n) for n, option in enumerate(options))
        ids = self._id_to_option
        ids.clear()
        ids.update((option.id, option) for option in options if option.id is not None)
        self._mouse_hovering_over = None
        self._clear_caches()
        if self.is_mounted:
            self.refresh(layout=self.styles.auto_dimensions)
            self._update_lines()

    def _wrapping(self) -> Wrapping:
        """The rules a line's height depends on besides its width: those Textual's
        ``Content.get_height`` reads (8.2.8, pinned), the visual of a text prompt."""
        rules = cast(RulesMap, self.styles)
        return (
            rules.get("line_pad", 0),
            rules.get("text_overflow", "fold"),
            rules.get("text_wrap", "wrap"),
        )

    def _height(self, option: Option, wrap: int, wrapping: Wrapping) -> int:
        """The lines ``option`` takes at ``wrap`` cells wide, wrapped by ``wrapping``
        (``_wrapping``), measured once for each."""
        height = self._measured.get((option, wrap, wrapping))
        if height is None:
            height = self._get_visual(option).get_height(cast(RulesMap, self.styles), wrap)
            self._measured[option, wrap, wrapping] = height
        return height

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        """``OptionList.get_content_height`` with each option measured once per width
        (the tracker's log has a fixed height; a log of ``height: auto`` asks this)."""
        wrap = width - self.get_component_styles("option-list--option").padding.width
        options = self._options
        wrapping = self._wrapping()
        return sum(self._height(o, wrap, wrapping) + option_divider(o) for o in options) - bool(
            options and option_divider(options[-1])
        )

    def _update_lines(self) -> None:
        """``OptionList._update_lines`` (Textual 8.2.8, pinned), with each option's
        height measured once per width instead of each time the options are laid out."""
        if not self.scrollable_content_region:
            return
        line_cache = self._line_cache
        lines = line_cache.lines
        next_index = lines[-1][0] + 1 if lines else 0
        width = self.scrollable_content_region.width - self._get_left_gutter_width()
        options = self._options
        if next_index < len(options):
            padding = self.get_component_styles("option-list--option").padding
            wrap = width - padding.width
            wrapping = self._wrapping()
            for index in range(next_index, len(options)):
                option = options[index]
                line_cache.index_to_line[index] = len(lines)
                count = self._height(option, wrap, wrapping) + option_divider(option)
                line_cache.heights[index] = count
                lines.extend([(index, n) for n in range(count)])
        last_divider = bool(options) and option_divider(options[-1])
        virtual_size = Size(width, len(lines) - (1 if last_divider else 0))
        if virtual_size != self.virtual_size:
            self.virtual_size = virtual_size
            self._scroll_update(virtual_size)
