"""The builder of a list over BattleScribe data: the list as a tree, where it stands, and
what breaks its rules, with keys to add, remove and count selections at the cursor.

The screen's own module holds its commands, help, layout, which keys can be used now
and the keys that edit at the cursor; the list's state, its file and how an edit is
applied are in ``editing``.
"""

from __future__ import annotations

import asyncio
from collections.abc import Iterable
from pathlib import Path
from typing import ClassVar

from textual.app import ComposeResult

from catalogs.library import Library
from model.bsdata.building import (
    Choice,
    add_selection,
    choices,
    remove_force,
    remove_selection,
    step_number,
)
from model.bsdata.roster import BsRoster, Selection
from model.bsdata.roster_bounds import MAX_NUMBER
from model.core.problems import WarbandError
from model.core.safe_text import terminal_safe
from saves.bs_roster_file import read_bs_roster
from saves.recovery import KEEPER
from tui import collector
from tui.commands import Command, bindings
from tui.dialogs.details import DetailsDialog
from tui.screens.bsbuilder.add_dialog import AddDialog
from tui.screens.bsbuilder.asking import AskingKeys
from tui.screens.bsbuilder.details import details_text, infos_at
from tui.screens.bsbuilder.places import Place, find, holder, place_of
from tui.screens.bsbuilder.status import BsStatusLine
from tui.screens.bsbuilder.tree import BsTree
from tui.widgets.findings_list import FindingsList
from tui.widgets.safe_header import SafeHeader
from tui.widgets.steady_footer import SteadyFooter

NEEDS_SELECTION = frozenset({"more", "fewer"})
"""Commands that act on the selection under the cursor (not on a force)."""


class BsBuilderScreen(AskingKeys):
    """Build one list over BattleScribe data."""

    COMMAND_LIST: ClassVar[tuple[Command, ...]] = (
        Command(
            "add",
            "a",
            "Add",
            "Add an entry where the cursor is: inside the selection under it, or at the top "
            "of the force. Type to filter the entries, Enter adds the highlighted one.",
        ),
        Command(
            "remove",
            "x,delete",
            "Remove",
            "Remove the selection or force under the cursor, with everything inside it.",
            key_display="x",
        ),
        Command(
            "more",
            "plus",
            "More",
            "Take the selection under the cursor once more: a collective one (a weapon every"
            " model of a unit carries) once more per model, and what a selection's models"
            " carry collectively follows its number.",
            key_display="+",
        ),
        Command(
            "fewer",
            "minus",
            "Fewer",
            "Take the selection under the cursor once less (never fewer than once, or"
            " than once per model for a collective one).",
            key_display="-",
        ),
        Command(
            "rename",
            "r",
            "Rename",
            "Give the selection or force under the cursor a name of its own (empty for "
            "none); it is shown instead of the entry's name.",
            footer=False,
        ),
        Command(
            "limit",
            "l",
            "Limit",
            "Change the list's limit of a cost (empty for no limit); with several costs, "
            "choose which first.",
            footer=False,
        ),
        Command(
            "new_force",
            "n",
            "Force",
            "Add a force: choose its catalogue and its kind; it comes with what it must "
            "hold, and the cursor goes to it.",
            footer=False,
        ),
        Command(
            "share",
            "s",
            "Share",
            "Share the list: chat text, Markdown, JSON, a printable HTML sheet, a share "
            "code or a BattleScribe .ros; copied, or saved to a file.",
        ),
        Command("undo", "ctrl+z", "Undo", "Undo the last change."),
        Command("redo", "ctrl+y", "Redo", "Redo what was undone.", footer=False),
        Command("save", "ctrl+s", "Save", "Save the list to the file it was opened from."),
        Command(
            "details",
            "i",
            "Details",
            "Show the profiles and rules of the selection or force under the cursor, as "
            "the list makes them; a value the list's choices changed is marked *.",
            footer=False,
        ),
        Command(
            "findings",
            "f",
            "Findings",
            "Go to the findings; Enter on one moves the cursor to its selection.",
            footer=False,
        ),
        Command(
            "close",
            "q,escape",
            "Close",
            "Close the list and go back to the home screen (asks about unsaved changes).",
            key_display="q",
        ),
    )
    BINDINGS = bindings(COMMAND_LIST)
    NAME = "List builder (BattleScribe data)"
    _add_dialog: AddDialog | None = None
    """The add dialog, made on the first ``a`` and kept while the list is open."""
    HELP = """\
## Building a list over BattleScribe data

The list is a tree: each force, and under it what is selected in it, nested as the
game's data nests it (a car, its weapons, a weapon's mounting). Each line shows how
many are taken, the name, and what that selection itself costs.

Move the cursor with the arrow keys. **a** adds where the cursor is: on a force, at
the top of that force; on a selection, inside it. Type part of a name to narrow the
entries offered, then **Enter**. What the data selects by itself comes with it (a
weapon's mounting). After adding at the top of a force the cursor is on the new
selection, ready for what goes inside it; after adding inside a selection it stays
there, ready for the next.

The line at the top says whether the list is valid and counts each cost against its
limit, as `warband validate` does. Below the list, each finding says what is wrong and
how to fix it: press **f**, choose one and press **Enter** to go to its selection.

**i** shows the profiles and rules of the selection (or force) under the cursor as the
list makes them: a characteristic an upgrade changed is marked `*`.

**r** gives the selection or force under the cursor a name of its own, shown instead of
its entry's name (empty takes it away). **l** changes the list's limit of a cost, or
takes it away (empty). **n** adds a force (another detachment of the army, or an ally):
choose its catalogue and its kind; **x** on a force removes it with all it holds.
**s** shares the list as chat text, Markdown, JSON, a printable HTML sheet, a share code
(`warband import` reads it back) or a BattleScribe `.ros`, copied or saved to a file.

Every change can be undone. **Ctrl+S** saves to the file the list was opened from.
Unsaved work is copied to a recovery file after each change; if warband or the terminal
dies, the next start offers it back.
"""

    @classmethod
    def opened(cls, path: Path, library: Library, recovery_dir: Path) -> BsBuilderScreen:
        """The builder on the list in ``path``, over its game system from ``library``;
        a ``WarbandError`` (a broken file, an unknown system) says why it cannot be."""
        saved, _ = read_bs_roster(path)
        system = library.load_battlescribe(saved.system)
        return cls(system, saved, path, recovery_dir=recovery_dir, saved=saved.roster)

    # --- layout -------------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        yield SafeHeader()
        yield BsStatusLine(id="status")
        yield BsTree(id="roster")
        yield FindingsList(id="findings")
        yield SteadyFooter(compact=True)

    def on_mount(self) -> None:
        """Shows the list, then keeps the collector off all that is alive until the list
        closes, as warband's own builder does (``tui.collector``)."""
        self._loop = asyncio.get_running_loop()
        self.refresh_view()
        self.query_one(BsTree).focus()
        collector.hold()

    def on_unmount(self) -> None:
        # The list is closed or the app is ending (quit, or a bug): what the recovery
        # writer has not written yet is written now, as in warband's own builder.
        KEEPER.flush()
        collector.release()
        self._drop_add_dialog()

    def _drop_add_dialog(self) -> None:
        """Let the kept add dialog go with the list (when it is open, the app is ending
        and Textual takes it down with the rest)."""
        dialog, self._add_dialog = self._add_dialog, None
        if dialog is not None and dialog not in self.app.screen_stack:
            self.app.uninstall_screen(dialog)
            dialog.remove()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "undo":
            return True if self.history.can_undo else None
        if action == "redo":
            return True if self.history.can_redo else None
        if action == "save":
            return True if self.dirty else None
        if action in ("add", "rename", "remove"):
            return True if self._at() is not None else None
        if action == "new_force":
            return True if self._forces_offered() else None
        if action == "limit":
            return True if self.cost_types() else None
        if action in NEEDS_SELECTION:
            found = self._at()
            selection = found[2] if found is not None else None
            if selection is None:
                return None
            if action == "fewer":
                return True if selection.number > 1 else None
            if action == "more":
                return True if selection.number < MAX_NUMBER else None
        return True

    _offers_forces: bool | None = None
    """Whether the game offers a kind of force to add (``_forces_offered``)."""

    def _forces_offered(self) -> bool:
        """Whether any kind of force can be added: the game's, whatever the list holds
        (``force_kinds`` orders them by the list's forces, but offers the same ones),
        so worked out once, not at every key as which keys can be used is."""
        if self._offers_forces is None:
            self._offers_forces = bool(self.force_kinds())
        return self._offers_forces

    def on_tree_node_highlighted(self) -> None:
        self.sync_bindings()  # Remove, + and - follow what is under the cursor

    # --- keys ---------------------------------------------------------------------------------

    def action_add(self) -> None:
        found = self._at()
        if found is None:
            self.notify("The list has no force to add to.", severity="warning")
            return
        place, force, selection = found
        where = (selection.custom_name or selection.name) if selection else force.name
        try:
            offered = choices(self.system, self.roster, place.force_id, place.selection_id)
        except WarbandError as exc:
            self.refused("Nothing can be added here", exc)
            return
        if not offered:
            self.notify(f"Nothing can be added to {terminal_safe(where)}.", markup=False)
            return
        roster = self.roster

        def chosen(choice: Choice | None) -> None:
            if choice is not None:
                self._add(roster, place, choice)

        dialog = self._add_dialog
        if dialog is None:
            dialog = self._add_dialog = AddDialog(where, offered, self.cost_names)
            # installed, the dialog is kept when it closes (``AddDialog.offer``)
            self.app.install_screen(dialog, f"bsbuilder-add-{id(self)}")
        else:
            dialog.offer(where, offered)
        self.app.push_screen(dialog, chosen)

    def _add(self, before: BsRoster, place: Place, choice: Choice) -> None:
        """Add ``choice`` at ``place`` of the list ``before``, the one the dialog was
        opened over; if keys typed meanwhile changed the list, nothing is added."""
        if self.roster is not before:
            self.notify("The list changed meanwhile: nothing was added.", severity="warning")
            return
        try:
            after = add_selection(
                self.system, before, place.force_id, place.selection_id, choice.entry_id
            )
        except WarbandError as exc:
            self.refused("Not added", exc)
            return
        at = place
        if place.selection_id is None:  # a new selection at the top: go to it
            force = find(after, place)
            old = {s.id for s in _tops(before, place)}
            new = [s.id for s in (force[0].selections if force else ()) if s.id not in old]
            at = Place(place.force_id, new[0]) if new else place
        self.apply(after, at)

    def action_remove(self) -> None:
        found = self._at()
        if found is None:
            return
        place, force, selection = found
        if selection is not None:
            self.apply(remove_selection(self.roster, selection.id), holder(self.roster, place))
        else:
            self.apply(remove_force(self.roster, force.id), None)

    def action_more(self) -> None:
        self._number(+1)

    def action_fewer(self) -> None:
        self._number(-1)

    def _number(self, by: int) -> None:
        found = self._at()
        if found is None:
            return
        place, _, selection = found
        if selection is None:
            return
        try:
            after = step_number(self.system, self.roster, selection.id, by)
        except WarbandError as exc:
            self.refused("Not changed", exc)
            return
        if after is self.roster:
            self.notify("One per model is the fewest: remove it to take none.", timeout=3)
            return
        self.apply(after, place)

    def action_details(self) -> None:
        found = self._at()
        if found is None:
            return
        place, force, selection = found
        named = selection if selection is not None else force
        title = terminal_safe(named.custom_name or named.name)
        infos = infos_at(self.system, self.roster, place.force_id, place.selection_id)
        self.app.push_screen(DetailsDialog(title, details_text(infos)))

    def action_findings(self) -> None:
        self.query_one(FindingsList).focus()

    def on_findings_list_jump(self, event: FindingsList.Jump) -> None:
        selection = event.where.selection
        place = None if selection is None else place_of(self.roster, selection)
        if place is None:
            self.notify("This finding is about the whole list.", timeout=3)
            return
        tree = self.query_one(BsTree)
        tree.move_to(place)
        tree.focus()


def _tops(roster: BsRoster, place: Place) -> Iterable[Selection]:
    """The selections at the top of ``place``'s force."""
    found = find(roster, Place(place.force_id))
    return found[0].selections if found else ()
