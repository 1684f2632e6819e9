"""What can be added at the cursor, to pick from by typing: the pick list with a filter.

A place in a BattleScribe list offers from a handful of entries to some fifty (a car's
weapons and upgrades), so the player types part of a name and the list narrows to the
entries whose name or group holds it, the best match highlighted ("car" is the Car,
not the Performance Car); Enter adds the highlighted one. Each line shows what
``warband add`` lists: the name, its kind, its costs there and its group.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.cache import LRUCache
from textual.containers import Vertical
from textual.events import Mount, ScreenResume
from textual.geometry import Spacing
from textual.strip import Strip
from textual.style import Style
from textual.widgets import Input, Label, OptionList
from textual.widgets.option_list import Option

from model.bsdata.building import Choice
from model.core.messages import number_text
from model.core.safe_text import terminal_safe
from tui.dialogs.pick import PickDialog
from tui.opening import LaidOutOnce
from tui.textual_private import css_update_count
from tui.widgets.log_panel import LogPanel

DRAWN_KEPT = 1024
"""Lines the add dialog's list keeps drawn: the ~240 entries of a Warhammer 40,000
force, each highlighted or not, with room for another place's."""

Drawn = tuple[Option, int, Style, Spacing, int]
"""What a pick list's line is drawn by (``PickList._get_option_render``)."""

NAME_WIDTH = 28
"""Cells of the name column; a longer name pushes its line's costs along."""


def choice_label(choice: Choice, cost_names: Mapping[str, str]) -> Text:
    """ "Machine Gun   upgrade  2 Cans, 1 Build Slots  Weapons" (no markup: names are data)."""
    costs = ", ".join(
        f"{number_text(c.value)} {cost_names.get(c.type_id, c.type_id)}"
        for c in choice.costs
        if c.value
    )
    text = Text(terminal_safe(choice.name).ljust(NAME_WIDTH))
    text.append(f" {choice.type:<8}", style="dim")
    text.append(terminal_safe(costs), style="cyan")
    if choice.group:
        text.append(f"  {terminal_safe(choice.group)}", style="italic dim")
    return text


def best_match(names: Sequence[str], typed: str) -> int | None:
    """The index of the name that is ``typed``, else of the one holding it earliest
    (a tie goes to the first), None when none holds it."""
    key = typed.strip().casefold()
    best: tuple[int, int] | None = None
    for index, name in enumerate(names):
        lower = name.casefold()
        if lower == key:
            return index
        at = lower.find(key)
        if at >= 0 and (best is None or at < best[0]):
            best = (at, index)
    return None if best is None else best[1]


class PickList(LogPanel):
    """The add dialog's list of entries, each option's height measured once per width
    (``LogPanel``'s measure): a Warhammer 40,000 force offers some 240 entries, and the
    list is filled again at each letter typed and at each opening, which measured every
    option each time.

    Each line is drawn once for where it stands in the list and how it looks there
    (highlighted or not), and kept while the dialog is: ``OptionList`` forgets what it
    drew each time its options are set, so each opening of the kept dialog drew the
    thirty lines it shows again (a third of what opening it cost)."""

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self._drawn: LRUCache[Drawn, list[Strip]] = LRUCache(DRAWN_KEPT)
        """Each line drawn, by its option, its place in the list, its style, its
        padding and the list's width (``OptionList`` keys its own by the first three,
        forgetting them when the options or the width change)."""

    def _get_option_render(self, option: Option, style: Style) -> list[Strip]:
        """``OptionList``'s drawing of ``option``, kept by what it depends on: the
        place is drawn into it (a click reads it), the width and padding too."""
        padding = self.get_component_styles("option-list--option").padding
        width = self.scrollable_content_region.width - self._get_left_gutter_width()
        key = (option, self._option_to_index[option], style, padding, width)
        strips = self._drawn.get(key)
        if strips is None:
            strips = super()._get_option_render(option, style)
            self._drawn[key] = strips
        return strips


class AddDialog(PickDialog[Choice], LaidOutOnce[Choice | None]):
    """Returns the choice to add, or None on Escape. Laid out once as it opens
    (``tui.opening``): a place of a Warhammer 40,000 force offers some 240
    entries, and laying out and drawing the list twice cost more than the rest."""

    DEFAULT_CSS = """
    AddDialog #pick {
        height: 1fr;
    }
    """
    BINDINGS = [
        *PickDialog.BINDINGS,
        Binding("down", "step(1)", "Next", show=False),
        Binding("up", "step(-1)", "Previous", show=False),
    ]

    def __init__(
        self, place: str, offered: Sequence[Choice], cost_names: Mapping[str, str]
    ) -> None:
        super().__init__(
            f"Add to {terminal_safe(place)}",
            [],
            hint="Type to filter · ↑↓ move · Enter adds · Escape cancels",
        )
        self.cost_names = cost_names
        self.labels: list[Text] = []
        self._lines: list[Option] = []
        """One option per choice, made once: each keeps what Textual made of its label
        (its content and height), so filtering as a player types measures no label again
        (a Warhammer 40,000 force offers some 240 entries: measuring them took a frame)."""
        self._offer(offered)
        self.shown: list[int] = list(range(len(offered)))
        """The indices of the choices the filter lets through, in order."""
        self._key: str | None = None
        """The filter the list was last filled for (None before the first fill)."""
        self._styled_at: int | None = None
        """The app's count of CSS changes when the dialog was last shown (None before
        it first is): ``_on_screen_resume``."""

    def _offer(self, offered: Sequence[Choice]) -> None:
        """Take ``offered`` as the choices, keeping the options already made when they
        are the same choices (the same place asked about again)."""
        if [c for _, c, _ in self.choices] == list(offered):
            return
        self.choices = [(terminal_safe(c.name), c, None) for c in offered]
        self.labels = [choice_label(c, self.cost_names) for c in offered]
        self._lines = [Option(label, id=str(n)) for n, label in enumerate(self.labels)]

    def offer(self, place: str, offered: Sequence[Choice]) -> None:
        """Show the dialog again (it is kept, not made anew: ``BsBuilderScreen``) for
        ``place`` and what it offers, its filter empty. Kept, it is neither composed nor
        laid out again, and closing it removes no widget, which made Textual lay out and
        draw the whole builder a second time."""
        self.title_text = f"Add to {terminal_safe(place)}"
        self.query_one(".dialog-title", Label).update(self.title_text)
        self._offer(offered)
        self.query_one("#add-filter", Input).value = ""
        self._fill("")

    def _on_screen_resume(self, event: ScreenResume) -> None:
        """The kept dialog is restyled as it is shown again only when the app's CSS
        changed meanwhile (a theme chosen, the terminal's colours): ``Screen``'s
        handler (Textual 8.2.8, pinned), which runs after this one, restyles a screen
        at every showing, for a screen kept off the stack while the theme changed; a
        change of the dialog's own while shown (focus) restyles what it changed. That
        restyling cost a tenth of opening the dialog (issue 33)."""
        count = css_update_count(self.app)
        if self._styled_at == count:
            event.refresh_styles = False
        self._styled_at = count

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog wide tall"):
            yield Label(self.title_text, classes="dialog-title", markup=False)
            yield Input(placeholder="type part of a name", id="add-filter", compact=True)
            yield PickList(id="pick")
            yield Label(self.hint, classes="dialog-hint")

    def on_mount(self, event: Mount | None = None) -> None:
        """Fill the list and give the filter the keyboard. Textual runs each class's
        handler up the MRO: the pick list's own, stopped here, would take the keyboard
        to the list (the event is optional only to keep the pick list's signature)."""
        if event is not None:
            event.prevent_default()
        self._fill("")
        self.query_one("#add-filter", Input).focus()

    def _fill(self, typed: str) -> None:
        key = typed.strip().casefold()
        self._key = key
        self.shown = [
            n
            for n, (_, choice, _) in enumerate(self.choices)
            if key in choice.name.casefold() or key in choice.group.casefold()
        ]
        listing = self.query_one("#pick", OptionList)
        listing.set_options(self._lines[n] for n in self.shown)
        if not self.shown:
            return
        names = [self.choices[n][1].name for n in self.shown]
        listing.highlighted = best_match(names, key) if key else 0
        if listing.highlighted is None:  # only groups hold it: the first of them
            listing.highlighted = 0

    @on(Input.Changed, "#add-filter")
    def _typed(self, event: Input.Changed) -> None:
        if event.value.strip().casefold() != self._key:  # not emptied by ``offer``
            self._fill(event.value)

    @on(Input.Submitted, "#add-filter")
    def _enter(self, event: Input.Submitted) -> None:
        event.stop()
        at = self.query_one("#pick", OptionList).highlighted
        # is_active: an Enter typed ahead after the one that closed the dialog
        if at is not None and at < len(self.shown) and self.is_active:
            self.dismiss(self.choices[self.shown[at]][1])

    def action_step(self, by: int) -> None:
        """Up and Down move through the list while the filter keeps the keyboard."""
        listing = self.query_one("#pick", OptionList)
        if listing.option_count:
            now = listing.highlighted or 0
            listing.highlighted = max(0, min(now + by, listing.option_count - 1))
