"""The list builder: pick units, equip them, and see every rule checked as you go.

The screen holds the state (the undo history of rosters, the file, what was last
saved) and hands data down to its widgets after every change: the status line,
the unit picker, the roster tree and the findings. Every edit is a pure roster
operation pushed on the history, re-validated, and copied to the recovery file
while unsaved, so a crash or a killed terminal loses nothing.
"""

from __future__ import annotations

import asyncio
import contextlib
import uuid
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, ClassVar

from textual import on, work
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.widgets import Label, OptionList
from textual.widgets._header import HeaderTitle

from model.catalog.design import UnitCard
from model.catalog.schema import FactionView
from model.core.bounds import MAX_MODELS, MAX_POINTS
from model.core.problems import WarbandError
from model.roster.advice import Option, options_for
from model.roster.findings import Report
from model.roster.history import History
from model.roster.roster import Roster, RosterUnit
from model.roster.validate import loadouts_of, validate
from saves.free_name import NoFreeName, free_path, slug
from saves.recovery import KEEPER, discard_recovery, recovery_file
from saves.roster_file import write_roster
from tui.commands import Command, bindings
from tui.details import item_details, unit_details
from tui.dialogs.choice import ChoiceDialog, may_write
from tui.dialogs.designer import DesignerDialog, blank_card, card_id_for, place_card
from tui.dialogs.details import DetailsDialog
from tui.dialogs.equip import EquipDialog
from tui.dialogs.message import MessageDialog
from tui.dialogs.pick import PickDialog
from tui.dialogs.prompt import PromptDialog
from tui.numbers import whole, whole_check
from tui.screens.base import CommandScreen
from tui.toasts import Toasts
from tui.widgets.findings_list import FindingsList
from tui.widgets.roster_tree import RosterTree
from tui.widgets.safe_header import SafeHeader
from tui.widgets.status_line import StatusLine
from tui.widgets.steady_footer import SteadyFooter
from tui.widgets.unit_picker import UnitPicker

if TYPE_CHECKING:
    from tui.app import WarbandApp

NEEDS_ENTRY = frozenset(
    {"equip", "rename", "set_models", "duplicate", "remove", "move_up", "move_down"}
)
DESIGN_ACTIONS = frozenset({"design", "design_from", "keep_card"})
"""Commands only systems with a unit designer (a ``[design]`` table) have."""


class BuilderScreen(CommandScreen):
    """Build one roster."""

    COMMAND_LIST: ClassVar[tuple[Command, ...]] = (
        Command("add_unit", "a", "Add", "Add the unit highlighted in the unit list."),
        Command("equip", "e", "Equip", "Choose the selected entry's weapons and gear."),
        Command(
            "design",
            "u",
            "Design",
            "Design a unit: its models, weapons and abilities, with its cost worked out "
            "as you go; it is added to the list (systems whose players design units).",
        ),
        Command(
            "design_from",
            "U",
            "Design from this",
            "Copy the designed or example unit at the cursor into a new card to edit.",
            footer=False,
            key_display="Shift+U",
        ),
        Command(
            "details",
            "i",
            "Details",
            "Show everything about the unit or item at the "
            "cursor: profile, gear, rules with summaries, options.",
            footer=False,
        ),
        Command(
            "remove",
            "x,delete",
            "Remove",
            "Remove the selected entry from the list.",
            key_display="x",
        ),
        Command("undo", "ctrl+z", "Undo", "Undo the last change."),
        Command("redo", "ctrl+y", "Redo", "Redo what was undone.", footer=False),
        Command(
            "save", "ctrl+s", "Save", "Save the list to its file (asks for a file the first time)."
        ),
        Command("save_as", "ctrl+w", "Save as", "Save the list to another file.", footer=False),
        Command("sheet", "v", "Sheet", "Show the whole list as an army sheet."),
        Command(
            "share",
            "s",
            "Share",
            "Export the list as chat text, Markdown, JSON or a share code, to the "
            "clipboard or a file.",
        ),
        Command(
            "findings",
            "f",
            "Findings",
            "Go to the findings; Enter on one jumps to its unit.",
            footer=False,
        ),
        Command(
            "search",
            "slash",
            "Search",
            "Search the faction's units.",
            footer=False,
            key_display="/",
        ),
        Command("rename", "r", "Rename", "Give the selected entry its own name.", footer=False),
        Command(
            "set_models",
            "m",
            "Models",
            "Set how many models the selected entry has (packs).",
            footer=False,
        ),
        Command(
            "duplicate", "c", "Copy", "Add a copy of the selected entry below it.", footer=False
        ),
        Command(
            "move_up",
            "ctrl+up,u",
            "Move up",
            "Move the selected entry up the list.",
            footer=False,
            key_display="u",
        ),
        Command(
            "move_down",
            "ctrl+down,n",
            "Move down",
            "Move the selected entry down the list.",
            footer=False,
            key_display="n",
        ),
        Command("points_limit", "l", "Limit", "Change the list's points limit.", footer=False),
        Command(
            "settings",
            "g",
            "Settings",
            "See and change the numbers this game asks the players to agree for a list "
            "(a strategy rating, a vehicle limit), each with its range.",
            footer=False,
        ),
        Command(
            "keep_card",
            "k",
            "Keep card",
            "Save the selected designed unit to your own catalog (house.toml), so every "
            "new list of this system can field it.",
            footer=False,
        ),
        Command(
            "close",
            "escape",
            "Home",
            "Close the list and go back to the home screen (asks about unsaved changes).",
            footer=False,
        ),
    )
    BINDINGS = bindings(COMMAND_LIST)
    NAME = "List builder"
    HELP = """\
## Building a list

On the left are the faction's units: type to search, move with the arrow keys and
press **Enter** (or **a**) to add the highlighted unit to your list. On the right is
your list; the cursor there selects an entry. Press **e** to equip it: its
option groups are listed with this troop's own prices, and anything the rules
forbid right now is shown struck through, with the reason.

The line at the top says whether the list is legal and counts its points and
whatever else the game limits (miniatures, rare weapons ...). Below the list,
each finding says what is wrong and how to fix it: press **f**, choose one and
press **Enter** to jump to the unit.

Every change can be undone. Unsaved work is copied to a recovery file after each
change; if warband or the terminal dies, the next start offers it back.

**s** shares the list: chat text, Markdown, JSON or a share code, copied to the
clipboard or saved to a file.
"""

    def __init__(
        self,
        view: FactionView,
        roster: Roster,
        *,
        recovery_dir: Path,
        path: Path | None = None,
        saved: Roster | None = None,
        recovery: Path | None = None,
    ) -> None:
        """Edit ``roster``; ``saved`` is the file's content (None when never saved);
        unsaved work is copied to ``recovery`` (a new file in ``recovery_dir`` if None)."""
        super().__init__()
        self.recovery_dir = recovery_dir
        self.base_view = view
        """The faction without the roster's cards; ``view`` adds them."""
        if view.design_spec is None:
            # Help (F1) lists the commands: leave out what this system cannot do. The
            # bindings stay; check_action hides them (False), and a free `u` falls
            # through to Move up.
            commands = tuple(c for c in self.COMMAND_LIST if c.action not in DESIGN_ACTIONS)
        else:
            # Here `u` designs, so Move up is Ctrl+Up only.
            commands = tuple(
                replace(c, key="ctrl+up", key_display="Ctrl+Up") if c.action == "move_up" else c
                for c in self.COMMAND_LIST
            )
        if not view.system.settings:  # a game with no list settings: no settings command
            commands = tuple(c for c in commands if c.action != "settings")
        self._commands = commands
        self.history: History[Roster] = History(roster)
        self._toasts = Toasts()
        self.path = path
        self.saved = saved
        self.report: Report = validate(self.view, roster)
        self._selected: int | None = 0 if roster.units else None
        self.recovery = recovery or self._recovery_path()
        self._closing = False
        """Whether a close (Escape) is under way."""
        self._behind = False
        """Whether the widgets wait for a dialog over the list to close (``refresh_view``)."""
        self._loop: asyncio.AbstractEventLoop | None = None
        """The app's loop, which the recovery writer's thread reports failures to."""

    @property
    def warband(self) -> WarbandApp:
        from tui.app import WarbandApp

        assert isinstance(self.app, WarbandApp)
        return self.app

    def _recovery_path(self) -> Path:
        key = str(self.path.resolve()) if self.path else f"unsaved-{uuid.uuid4().hex}"
        return recovery_file(self.recovery_dir, key)

    @property
    def roster(self) -> Roster:
        return self.history.present

    @property
    def selected(self) -> int | None:
        """The index of the selected entry: always one the present roster has, None only
        when it has none.

        The stored index is only a wish. Keys can come faster than the screen settles
        (twenty copies, then twenty undos): an edit, an undo or a cursor report that
        was on its way can leave it naming an entry that is gone, and every command
        and every availability check reads it. Reading it through here, clamped to the
        roster as it is now, keeps them all in range without each having to check."""
        count = len(self.roster.units)
        if not count:
            return None
        if self._selected is None:
            return count - 1  # where the tree puts its cursor when nothing was chosen
        return min(max(self._selected, 0), count - 1)

    @selected.setter
    def selected(self, index: int | None) -> None:
        self._selected = index

    @property
    def view(self) -> FactionView:
        """The faction with the units the roster designed: what everything is checked on."""
        return self.base_view.with_cards(self.roster.cards)

    @property
    def dirty(self) -> bool:
        """Whether there are changes not in the file."""
        if self.saved is None:
            return bool(self.roster.units) or self.history.can_undo
        return self.roster != self.saved

    # --- layout -------------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        yield SafeHeader()
        yield StatusLine(id="status")
        with Horizontal(id="builder-main"):
            yield UnitPicker(self.view, id="picker")
            with Vertical(id="list-pane"):
                yield RosterTree(id="roster")
                yield Label(
                    "Your list is empty.\n\nPick a unit on the left (arrow keys, or type to "
                    "search) and press Enter to add it. Then press e to equip it.",
                    id="empty-hint",
                )
        yield FindingsList(id="findings")
        yield SteadyFooter(compact=True)  # the keys of a build fit in 80 columns

    def on_mount(self) -> None:
        self._loop = asyncio.get_running_loop()
        self.refresh_view()
        if self.roster.units:
            self.query_one(RosterTree).focus()
        else:
            self.query_one(UnitPicker).focus_list()

    def refresh_view(self) -> None:
        """Check the present roster and push it down to every widget; while a dialog is
        over the list (equipping an entry), the widgets and the footer's keys follow when
        it closes.

        Any change to a screen under a dialog repaints the whole dialog screen and the
        list behind it (Textual composes them together), which after each item added
        in the equip dialog cost several times the change itself."""
        self.report = validate(self.view, self.roster)
        self._behind = self.is_attached and self.app.screen is not self
        if not self._behind:
            self._show()

    def on_screen_resume(self) -> None:
        if self._behind:
            self._show()

    def _show(self) -> None:
        self._behind = False
        roster = self.roster
        self._show_title(roster.name + (" *" if self.dirty else ""))
        self.sub_title = " · ".join(
            (self.view.faction.name, self.view.system.name, *self._settings_shown())
        )
        system = self.view.system
        self.query_one(StatusLine).show(self.report, system.points if system.priced else None)
        self.query_one(RosterTree).show(
            self.view, loadouts_of(self.view, roster), self.report, self.selected
        )
        self.query_one(FindingsList).show(self.report.findings)
        self.query_one(UnitPicker).use_view(self.view)
        hint = self.query_one("#empty-hint", Label)
        hint.display = not roster.units
        self.query_one(RosterTree).display = bool(roster.units)
        self.sync_bindings()

    def _settings_shown(self) -> tuple[str, ...]:
        """The list's settings as the header shows them ("Strategy rating 2"), for a
        game that has some: each declared one, "not set" while unset."""
        settings = self.roster.settings
        return tuple(
            f"{s.name} {settings[s.id]}" if s.id in settings else f"{s.name} not set"
            for s in self.view.system.settings
        )

    def _show_title(self, title: str) -> None:
        """Set the screen's title, repainting only the header's line, and only when it changed.

        Setting ``Screen.title`` repaints the whole screen, and the header it updates asks
        for the screen to be laid out again: after each edit that marks the list changed
        or unchanged, both cost more than the edit. The title is one line in a header of
        fixed height, so its size never changes with its text."""
        title = self.validate_title(title) or ""
        if title == self.title:
            return
        self.set_reactive(BuilderScreen.title, title)
        for header in self.query(SafeHeader):
            header.query_one(HeaderTitle).update(header.format_title(), layout=False)

    # --- editing ------------------------------------------------------------------------------

    def apply(self, roster: Roster, select: int | None = None) -> None:
        """Make ``roster`` the present one (undoable), re-check it, keep a recovery copy;
        an edit that would make a list its file cannot hold is refused and said so."""
        beyond = roster.beyond_limits()
        if beyond is not None:
            self.notify(f"Not done: {beyond}", severity="warning")
            return
        self.history = self.history.push(roster)
        if select is not None:
            self.selected = select
        self._after_change()

    def _after_change(self) -> None:
        self._selected = self.selected  # forget a wish the roster no longer allows
        self.refresh_view()
        self._keep_recovery()

    def _keep_recovery(self) -> None:
        """Have the recovery copy follow the list: written off the key path, within a
        fraction of a second (``saves.recovery``), or removed once nothing is unsaved."""
        if self.dirty:
            KEEPER.keep(self.recovery, self.roster, self.path, self._recovery_failed)
        else:
            discard_recovery(self.recovery)

    def _recovery_failed(self, exc: Exception) -> None:
        """Say that a copy was not written (called on the writer's thread)."""
        body = exc.render() if isinstance(exc, WarbandError) else str(exc)
        loop = self._loop
        if loop is None:
            return
        with contextlib.suppress(RuntimeError):  # the app has ended: no one to tell
            loop.call_soon_threadsafe(
                lambda: self.notify(body, title="Recovery copy not written", severity="warning")
            )

    def on_unmount(self) -> None:
        # The list is closed or the app is ending (quit, or a bug): what the writer has
        # not written yet is written now.
        KEEPER.flush()
        self._toasts.clear(self.app)

    def on_screen_suspend(self) -> None:
        """A dialog over the builder: its toasts would cover what the dialog shows."""
        self._toasts.clear(self.app)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "settings":
            return bool(self.base_view.system.settings)
        if action == "keep_card":
            if self.base_view.design_spec is None:
                return False
            entry = self._selected_entry()
            return (entry is not None and entry.unit in self.roster.cards) or None
        if action in DESIGN_ACTIONS:
            return self.base_view.design_spec is not None
        entry = self._selected_entry()
        if action in NEEDS_ENTRY and entry is None:
            return None
        if action == "set_models" and entry is not None:
            unit_id = entry.unit
            if unit_id in self.view.designs:  # a card fixes its models; edit the card
                return None
            return True if self.view.units[unit_id].models.max > 1 else None
        if action == "move_up" and self.selected == 0:
            return None
        if action == "move_down" and self.selected == len(self.roster.units) - 1:
            return None
        if action == "undo":
            return True if self.history.can_undo else None
        if action == "redo":
            return True if self.history.can_redo else None
        if action == "save":
            return True if self.dirty or self.path is None else None
        return True

    @on(UnitPicker.Chosen)
    def _chosen(self, event: UnitPicker.Chosen) -> None:
        self.add_unit(event.unit_id)

    def add_unit(self, unit_id: str) -> None:
        """Add one entry of a unit after the selected entry (or at the end)."""
        unit = self.view.units.get(unit_id)
        if unit is None:  # a designed unit an undo took away while the choice was on its way
            return
        at = len(self.roster.units) if self.selected is None else self.selected + 1
        entry = RosterUnit(unit=unit_id, models=unit.models.min)
        self.apply(self.roster.with_unit(entry, at=at), select=at)
        equip = ": press e to equip it" if self.view.option_groups(unit_id) else ""
        self._toasts.show(self.app, "edit", f"Added {unit.name}{equip}", timeout=3)

    def action_add_unit(self) -> None:
        listing = self.query_one("#unit-list", OptionList)
        if listing.highlighted is None:
            self.query_one(UnitPicker).focus_search()
            return
        option_id = listing.get_option_at_index(listing.highlighted).id
        if option_id is not None:
            self.add_unit(option_id)

    def action_search(self) -> None:
        self.query_one(UnitPicker).focus_search()

    @on(RosterTree.EntryHighlighted)
    def _highlighted(self, event: RosterTree.EntryHighlighted) -> None:
        # The message may be older than the list (keys that came after it copied or
        # undid entries): the tree's cursor as it is now says which entry is selected.
        ref = self.query_one(RosterTree).ref
        if ref is not None:
            self.selected = ref.index
            self.sync_bindings()

    def _entry(self) -> tuple[int, RosterUnit] | None:
        """The selected entry and its index, None when the list is empty."""
        index = self.selected
        return None if index is None else (index, self.roster.units[index])

    def set_item(self, index: int, item_id: str, count: int) -> None:
        """Give entry ``index`` exactly ``count`` of an item."""
        if index >= len(self.roster.units):
            return
        entry = self.roster.units[index]
        self.apply(self.roster.replace_unit(index, entry.with_item(item_id, count)))

    def equip_source(self, index: int) -> tuple[str, tuple[Option, ...]]:
        """The equip dialog's title and options, as entry ``index`` is now."""
        if index >= len(self.roster.units):  # cannot happen while the dialog is open
            return "This entry is no longer in the list", ()
        entry = self.roster.units[index]
        cost = self.report.unit_points[index]
        name = entry.name or self.view.units[entry.unit].name
        title = (
            f"Equip {name} ({index + 1}): {cost} {self.view.system.points} · "
            f"list {self.report.points}/{self.report.points_limit}"
        )
        return title, options_for(self.view, self.roster, index)

    def action_equip(self) -> None:
        found = self._entry()
        if found is None:
            return
        index, entry = found
        if entry.unit in self.roster.cards:
            self.edit_card(entry.unit)
            return
        if entry.unit in self.view.designs:
            self.design_from(entry.unit, replace_entry=index)
            return
        # The dialog shows and edits the entry chosen now, whatever cursor report
        # arrives while it is open.
        self.app.push_screen(
            EquipDialog(
                self.view,
                lambda: self.equip_source(index),
                lambda item, n: self.set_item(index, item, n),
            )
        )

    def action_remove(self) -> None:
        found = self._entry()
        if found is None:
            return
        index, entry = found
        name = entry.name or self.view.units[entry.unit].name
        roster = self.roster.without_unit(index)
        if entry.unit in roster.cards and all(u.unit != entry.unit for u in roster.units):
            roster = roster.with_card(entry.unit, None)  # its last entry: no orphan card
        self.apply(roster, select=max(index - 1, 0))
        self._toasts.show(self.app, "edit", f"Removed {name} (Ctrl+Z brings it back)", timeout=3)

    # --- designing ----------------------------------------------------------------------------

    def _new_card_id(self, name: str, roster: Roster) -> str:
        return card_id_for(name, (*roster.cards, *self.base_view.with_cards(roster.cards).units))

    async def design_card(self, card: UnitCard, roster: Roster, at: int, title: str) -> None:
        """Open the designer on a new card; saved, it joins ``roster`` with an entry at ``at``."""
        present = self.roster  # what ``roster`` was made from, with no wait in between
        draft_id = self._new_card_id(card.name, roster)
        result = await self.app.push_screen_wait(
            DesignerDialog(self.base_view, roster, draft_id, card, title=title, at=at)
        )
        if result is None or not self._unchanged_since(present):
            return
        card_id = self._new_card_id(result.name, roster)
        new, _ = place_card(roster, card_id, result, at)
        self.apply(new, select=at)
        self.query_one(RosterTree).focus()
        self.notify(f"Designed {result.name}: e edits the card", timeout=3)

    @work
    async def action_design(self) -> None:
        spec = self.base_view.design_spec
        assert spec is not None
        at = len(self.roster.units) if self.selected is None else self.selected + 1
        await self.design_card(blank_card(spec), self.roster, at, "Design a unit")

    @work
    async def design_from(self, unit_id: str, replace_entry: int | None = None) -> None:
        """A copy of a card (an example, or one of the list's) as a new card to edit;
        given ``replace_entry``, the new card takes that entry's place."""
        design = self.view.designs.get(unit_id)
        units = self.roster.units
        if replace_entry is not None and (
            replace_entry >= len(units) or units[replace_entry].unit != unit_id
        ):
            design = None
        if design is None:  # keys that came before this ran undid the card or the entry
            return
        card = design.card
        copy = card.model_copy(update={"data": "house", "source": None})
        roster, at = self.roster, None
        if replace_entry is not None:
            roster, at = roster.without_unit(replace_entry), replace_entry
        else:
            at = len(roster.units) if self.selected is None else self.selected + 1
        kind = "the rulebook's example" if card.data == "example" else "a copy of"
        await self.design_card(copy, roster, at, f"Design from {kind} {card.name}")

    def action_design_from(self) -> None:
        unit_id: str | None = None
        tree = self.query_one(RosterTree)
        entry = self._selected_entry()
        if self.focused is tree and entry is not None:
            unit_id = entry.unit
        else:
            listing = self.query_one("#unit-list", OptionList)
            if listing.highlighted is not None:
                unit_id = listing.get_option_at_index(listing.highlighted).id
        if unit_id is None or unit_id not in self.view.designs:
            self.notify("Put the cursor on a designed or example unit first.", timeout=3)
            return
        self.design_from(unit_id)

    @work
    async def edit_card(self, card_id: str) -> None:
        """Edit one of the roster's cards; every entry that uses it changes with it."""
        card = self.roster.cards.get(card_id)
        if card is None:  # keys that came before this ran undid the card
            return
        present = self.roster
        users = sum(1 for u in present.units if u.unit == card_id)
        title = f"Edit {card.name}"
        if users > 1:
            title += f": used by {users} entries, all of them change"
        result = await self.app.push_screen_wait(
            DesignerDialog(self.base_view, present, card_id, card, title=title)
        )
        if result is None or result == card or not self._unchanged_since(present):
            return
        new, _ = place_card(self.roster, card_id, result)
        self.apply(new)
        if users > 1:
            self.notify(f"Changed the card of {users} entries ({result.name})", timeout=3)

    def action_duplicate(self) -> None:
        index = self.selected
        if index is not None:
            self.apply(self.roster.duplicate_unit(index), select=index + 1)

    def action_move_up(self) -> None:
        index = self.selected
        if index is not None:
            self.apply(self.roster.move_unit(index, -1), select=max(index - 1, 0))

    def action_move_down(self) -> None:
        index = self.selected
        if index is not None:
            last = len(self.roster.units) - 1
            self.apply(self.roster.move_unit(index, 1), select=min(index + 1, last))

    def action_undo(self) -> None:
        self.history = self.history.undo()
        self._after_change()

    def action_redo(self) -> None:
        self.history = self.history.redo()
        self._after_change()

    def _selected_entry(self) -> RosterUnit | None:
        found = self._entry()
        return None if found is None else found[1]

    def _unchanged_since(self, roster: Roster) -> bool:
        """Whether the list is still ``roster``, the one a dialog was opened about; if not,
        say that its answer was not applied.

        A command's dialog opens a moment after its key, and keys typed in between may
        have changed the list: an answer about entry 3 must not land on whatever is
        entry 3 now."""
        if self.roster is roster:
            return True
        self.notify(
            "The list changed while the dialog was opening: nothing was changed. Try again.",
            severity="warning",
            timeout=4,
        )
        return False

    def action_keep_card(self) -> None:
        """Put the selected entry's card in the user catalog's house file."""
        from catalogs.library import Library
        from saves.house_file import save_card

        entry = self._selected_entry()
        library = getattr(self.app, "library", None)
        if entry is None or entry.unit not in self.roster.cards or not isinstance(library, Library):
            return
        card = self.roster.cards[entry.unit]
        try:
            path = save_card(library.user_dir, self.roster.system, entry.unit, card)
        except WarbandError as exc:
            self.app.push_screen(MessageDialog("Cannot keep the card", exc.render(), error=True))
            return
        library.forget(self.roster.system)
        self.notify(f"Kept '{card.name}' in {path}: new lists of this system offer it.")

    def action_rename(self) -> None:
        found = self._entry()
        if found is not None:
            self._rename(self.roster, *found)

    @work
    async def _rename(self, roster: Roster, index: int, entry: RosterUnit) -> None:
        """Ask for entry ``index``'s name; ``roster`` is the list when the key came."""
        if not self._unchanged_since(roster):
            return
        name = await self.app.push_screen_wait(
            PromptDialog(
                "Rename",
                f"Name for {self.view.units[entry.unit].name} (empty for none):",
                entry.name or "",
            )
        )
        if name is not None and self._unchanged_since(roster):
            self.apply(roster.edit_unit(index, name=name.strip() or None))

    def action_set_models(self) -> None:
        found = self._entry()
        if found is not None:
            self._set_models(self.roster, *found)

    @work
    async def _set_models(self, roster: Roster, index: int, entry: RosterUnit) -> None:
        """Ask for entry ``index``'s models; ``roster`` is the list when the key came."""
        if not self._unchanged_since(roster):
            return
        unit = self.view.units[entry.unit]
        span = f"{unit.models.min} to {unit.models.max}"
        value = await self.app.push_screen_wait(
            PromptDialog(
                "Models",
                f"Models in this {unit.name} entry ({span}):",
                str(entry.models),
                whole_check(1, MAX_MODELS),
            )
        )
        models = whole(value or "", 1, MAX_MODELS)
        if models is not None and self._unchanged_since(roster):
            self.apply(roster.edit_unit(index, models=models))

    @work
    async def action_points_limit(self) -> None:
        value = await self.app.push_screen_wait(
            PromptDialog(
                "Points limit",
                "The game size this list is built for:",
                str(self.roster.points_limit),
                whole_check(1, MAX_POINTS),
            )
        )
        limit = whole(value or "", 1, MAX_POINTS)
        if limit is not None:
            self.apply(self.roster.model_copy(update={"points_limit": limit}))

    def action_settings(self) -> None:
        from tui.dialogs.settings import SettingsDialog, setting_rows

        self.app.push_screen(
            SettingsDialog(
                f"List settings: {self.view.system.name}",
                lambda: setting_rows(self.view, self.roster, self.report),
                self.set_setting,
            )
        )

    def set_setting(self, setting_id: str, value: int | None) -> None:
        """Give the list's setting ``value`` (None: unset it): one undoable edit."""
        settings = self.roster.settings
        new = settings.without(setting_id) if value is None else settings.set(setting_id, value)
        if new != settings:
            self.apply(self.roster.model_copy(update={"settings": new}))

    # --- looking ------------------------------------------------------------------------------

    def action_findings(self) -> None:
        self.query_one(FindingsList).focus()

    @on(FindingsList.Jump)
    def _jump(self, event: FindingsList.Jump) -> None:
        if event.where.unit is not None and event.where.unit < len(self.roster.units):
            self.selected = event.where.unit
            self.refresh_view()
            self.query_one(RosterTree).focus()
            return
        # a finding about the whole list (the points limit) has no entry to go to: say
        # so, where Enter would otherwise seem to do nothing and leave the cursor on an
        # entry that a following key would change
        self._toasts.show(
            self.app,
            "finding",
            f"{event.finding.message} (this is about the whole list, not one entry)",
            title="The whole list",
            severity="warning" if event.finding.severity == "warning" else "error",
            timeout=8,
        )

    def action_details(self) -> None:
        focused = self.focused
        tree = self.query_one(RosterTree)
        ref = tree.ref
        if focused is tree and ref is not None and ref.index < len(self.roster.units):
            entry = self.roster.units[ref.index]
            if ref.item_id is not None:
                extra: tuple[str, ...] = ()
                offer = self.view.offer(entry.unit, ref.item_id)
                if offer is not None:
                    extra = offer[1].rules
                body = item_details(self.view, ref.item_id, extra)
                self.app.push_screen(DetailsDialog(self.view.items[ref.item_id].name, body))
                return
            self.app.push_screen(
                DetailsDialog(self.view.units[entry.unit].name, unit_details(self.view, entry.unit))
            )
            return
        listing = self.query_one("#unit-list", OptionList)
        if listing.highlighted is not None:
            uid = listing.get_option_at_index(listing.highlighted).id
            if uid is not None:
                self.app.push_screen(
                    DetailsDialog(self.view.units[uid].name, unit_details(self.view, uid))
                )

    def action_sheet(self) -> None:
        from tui.screens.sheet import SheetScreen

        self.app.push_screen(SheetScreen(self.view, self.roster))

    # --- files --------------------------------------------------------------------------------

    def save_to(self, path: Path) -> bool:
        """Write the roster to ``path``; True when it worked (errors are shown)."""
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            write_roster(path, self.roster)
        except (WarbandError, OSError) as exc:
            body = exc.render() if isinstance(exc, WarbandError) else str(exc)
            self.app.push_screen(MessageDialog("Not saved", body, error=True))
            return False
        old_recovery = self.recovery
        self.path, self.saved = path, self.roster
        discard_recovery(old_recovery)
        self.recovery = self._recovery_path()
        self.warband.remember(path)
        self.refresh_view()
        self.notify(f"Saved {path}", timeout=3)
        return True

    async def ask_path(self) -> Path | None:
        """Ask where to save: this list's own file, or else a name in the saves folder
        that replaces nothing (``gangers-2.toml`` when ``gangers.toml`` is another list).
        A name typed or accepted that is another file is written over only if the player
        answers Replace; None when they cancel either question."""
        default = self.path or self._free_default(".toml")
        path = await self._ask_file("Save as", "File to save the list to:", default, ".toml")
        if path is None:
            return None
        if self.path is not None and _same_file(path, self.path):
            return path  # the list's own file: saving again replaces only itself
        return path if await may_write(self.app, path) else None

    def _free_default(self, suffix: str) -> Path:
        """The first free ``<list name>[-n]<suffix>`` in the saves folder."""
        folder = self.warband.locations.saves_dir
        try:
            return free_path(folder, slug(self.roster.name), suffix)
        except NoFreeName:  # proposed anyway: writing over it asks first
            return folder / (slug(self.roster.name) + suffix)

    async def _ask_file(
        self, title: str, prompt: str, default: Path, suffix: str | None
    ) -> Path | None:
        """A file name from the player: relative to the saves folder, given ``suffix`` when
        it has none (None: taken as typed)."""
        text = await self.app.push_screen_wait(
            PromptDialog(title, prompt, str(default), _not_blank)
        )
        if text is None:
            return None
        path = Path(text.strip()).expanduser()
        if not path.is_absolute():
            path = self.warband.locations.saves_dir / path
        return path.with_suffix(suffix) if suffix is not None and not path.suffix else path

    async def save(self) -> bool:
        """Save, asking for a file when there is none; True when saved."""
        path = self.path or await self.ask_path()
        return path is not None and self.save_to(path)

    @work
    async def action_save(self) -> None:
        await self.save()

    @work
    async def action_share(self) -> None:
        """Choose a format, then the clipboard or a file."""
        from saves.atomic import write_atomic
        from saves.export_formats import to_json, to_markdown, to_text
        from saves.export_html import to_html
        from saves.list_export import build_export
        from saves.share_code import encode

        fmt = await self.app.push_screen_wait(
            PickDialog(
                "Share the list as",
                [
                    ("Chat text: fits one message, ends with the share code", "txt", None),
                    ("Markdown: for a forum, a table per entry", "md", None),
                    ("JSON: for other tools", "json", None),
                    ("HTML: a printable army sheet, one file", "html", None),
                    ("Share code: warband import turns it back into this list", "code", None),
                ],
            )
        )
        if fmt is None:
            return
        code = encode(self.roster)
        doc = build_export(self.roster, self.view, self.report)
        text = {
            "txt": lambda: to_text(doc, code),
            "md": lambda: to_markdown(doc, code),
            "json": lambda: to_json(doc),
            "html": lambda: to_html(doc, code),
            "code": lambda: code + "\n",
        }[fmt]()
        where = await self.app.push_screen_wait(
            ChoiceDialog(
                "Share the list",
                f"{len(text):,} characters. Copy them, or save them to a file?",
                [
                    ("Copy", "copy", "primary"),
                    ("Save to a file", "file", "default"),
                    ("Cancel", "cancel", "default"),
                ],
            )
        )
        if where == "copy":
            self.app.copy_to_clipboard(text)
            self.notify(
                "Copied (through the terminal: if pasting gives nothing, save to a file)",
                timeout=4,
            )
        elif where == "file":
            # An export has no file of its own: any file already there is asked about,
            # the list's own .toml included.
            default = self._free_default(f".{fmt}")
            path = await self._ask_file("Save the export", "File:", default, None)
            if path is None or not await may_write(self.app, path):
                return
            try:
                write_atomic(path, text.encode("utf-8"))
            except WarbandError as exc:
                self.app.push_screen(MessageDialog("Not saved", exc.render(), error=True))
                return
            self.notify(f"Saved {path}", timeout=3)

    @work
    async def action_save_as(self) -> None:
        path = await self.ask_path()
        if path is not None:
            self.save_to(path)

    async def settle(self) -> bool:
        """Before closing: True when there is nothing unsaved or the player has decided."""
        if not self.dirty:
            discard_recovery(self.recovery)
            return True
        answer = await self.app.push_screen_wait(
            ChoiceDialog(
                "Unsaved changes",
                f"Save the changes to {self.roster.name}?",
                [
                    ("Save", "save", "primary"),
                    ("Discard", "discard", "error"),
                    ("Cancel", "cancel", "default"),
                ],
            )
        )
        if answer == "save":
            return await self.save()
        if answer == "discard":
            discard_recovery(self.recovery)
            return True
        return False

    def action_close(self) -> None:
        # A second Escape typed before the first has closed the list would ask again, and
        # then close the screen under this one: one close at a time.
        if not self._closing:
            self._closing = True
            self._close()

    @work
    async def _close(self) -> None:
        try:
            # Dismissing closes the top screen; a dialog a key opened meanwhile stays.
            if await self.settle() and self.is_active:
                self.dismiss()
        finally:
            self._closing = False


def _not_blank(text: str) -> str | None:
    return None if text.strip() else "Type a file name."


def _same_file(a: Path, b: Path) -> bool:
    """Whether two paths name one file (through links, ``..``, or a case-blind disk)."""
    try:
        return a.samefile(b)
    except OSError:  # one of them is not there (yet): compare the names
        return a.resolve() == b.resolve()
