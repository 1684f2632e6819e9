"""The dice helper's widgets made cheap to open: a drop-down, and compact fields, each
showing what Textual's own would show for less of Textual's composing, styling and
laying out:

* ``DropDown``: Textual's ``Select`` composes five widgets for each drop-down (the line
  showing the choice, its label, two arrows, and the overlay's option list), and the
  dialog shows up to five drop-downs at once, most never opened. A ``DropDown`` is a
  ``Select`` (the same value, options, messages and keys) that draws the chosen option and
  its arrow itself, and composes Select's own line and overlay when it is first opened
  (Enter, Down, Space, Up or a click): from then on it is exactly a Select.
* ``compact``: Textual restyles a widget whenever a class changes, mounted or not, so
  ``compact=True`` styles each field twice; ``compact`` sets the style before it is
  mounted, and it is styled once, as it mounts.

It is apart from the rows because these are widgets of their own, which know nothing of
rolls.

History: opening the dialog (``d``) took 3 to 9 times as long as a plain dialog, almost
all of it in Textual (issue 16 point 9).
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import TypeVar

from rich.console import RenderableType
from rich.segment import Segment
from rich.style import Style as RichStyle
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.content import Content
from textual.strip import Strip
from textual.visual import Visual
from textual.widgets import Button, Checkbox, Input, Select, SelectionList

from tui.textual_private import NoSelection, SelectCurrent, SelectOverlay

T = TypeVar("T", bound=Hashable)
W = TypeVar("W", Button, Checkbox, Input, SelectionList[int], SelectionList[str])

ARROW = "▼"
"""Select's closed arrow."""


def compact(widget: W) -> W:
    """The widget in its compact style (``compact=True``) before it is mounted, without
    styling it for that now: it is styled as it mounts."""
    widget.set_reactive(type(widget).compact, True)
    widget.add_class("-textual-compact", update=False)
    return widget


class DropDown(Select[T]):
    """A ``Select`` drawn by itself until first opened (compact: one line)."""

    DEFAULT_CSS = """
    DropDown.-unopened {
        height: 1;
        padding: 0 1 0 0;
        background: $surface;
        pointer: pointer;
        &:focus { background-tint: $foreground 5%; }
        & > .drop-down--blank { color: $foreground 50%; }
        & > .drop-down--arrow { color: $foreground 50%; }
    }
    """

    COMPONENT_CLASSES = {"drop-down--blank", "drop-down--arrow"}

    opened = False
    """Whether Select's own line and overlay are composed (on the first opening)."""

    BINDINGS = [Binding("enter,down,space,up", "open", "Show menu", show=False)]

    def __init__(
        self,
        options: list[tuple[RenderableType, T]],
        *,
        prompt: str = "Select",
        allow_blank: bool = True,
        value: T | NoSelection = Select.NULL,
    ) -> None:
        super().__init__(options, prompt=prompt, allow_blank=allow_blank, value=value)
        self.set_reactive(Select.compact, True)
        self.add_class("-textual-compact", "-unopened", update=False)

    def compose(self) -> ComposeResult:
        """Nothing until first opened (``_open_first``)."""
        return []

    async def _open_first(self) -> None:
        """Compose Select's line and overlay, showing the value as Select would."""
        if self.opened:
            return
        self.opened = True
        overlay = SelectOverlay(type_to_search=self._type_to_search)
        overlay.compact = True
        current = SelectCurrent(self.prompt)
        await self.mount(current, overlay)
        self.remove_class("-unopened")
        self._setup_options_renderables()
        # what Select shows of its value (its watcher, but announcing no change)
        value = self.value
        chosen = [(n, p) for n, (p, v) in enumerate(self._options) if v == value != self.NULL]
        if chosen:
            overlay.highlighted, prompt = chosen[0]
            current.update(prompt)
        else:
            current.update(self.NULL)

    async def action_open(self) -> None:
        await self._open_first()
        self.action_show_overlay()

    async def on_click(self, event: events.Click) -> None:
        """A click on the line opens it (once composed, Select's line does that)."""
        if self.opened:
            return
        event.stop()
        await self._open_first()
        self.expanded = True

    def _setup_options_renderables(self) -> None:
        if self.opened:
            super()._setup_options_renderables()

    def _watch_value(self, value: T | NoSelection) -> None:
        if self.opened:
            super()._watch_value(value)
            return
        self._value = value
        self.refresh()
        self.post_message(self.Changed(self, value))

    def _watch_prompt(self, prompt: str) -> None:
        if self.opened:
            super()._watch_prompt(prompt)
        elif self.is_mounted:
            self.refresh()

    def _label(self) -> Content:
        """What Select's line shows: the chosen option's prompt, or the prompt when none."""
        value = self.value
        chosen = next((p for p, v in self._options if v == value), None)
        if isinstance(value, NoSelection) or chosen is None:
            return Content.from_markup(self.prompt)
        return Content.from_markup(chosen) if isinstance(chosen, str) else Content(str(chosen))

    def render_line(self, y: int) -> Strip:
        """The chosen option (or the prompt, dimmed) and the arrow, as Select's line draws
        them: the label, padded, then a space and the arrow."""
        if self.opened:
            return super().render_line(y)
        width = self.size.width
        blank = isinstance(self.value, NoSelection)
        style = self.get_visual_style("drop-down--blank") if blank else self.visual_style
        background = self.visual_style.background
        pad = RichStyle.from_color(bgcolor=None if background is None else background.rich_color)
        label = Visual.to_strips(self, self._label(), max(width - 2, 0), 1, style)[0]
        arrow = Visual.to_strips(
            self, Content(ARROW), 1, 1, self.get_visual_style("drop-down--arrow")
        )[0]
        return Strip.join(
            [label.extend_cell_length(max(width - 2, 0), pad), Strip([Segment(" ", pad)]), arrow]
        )
