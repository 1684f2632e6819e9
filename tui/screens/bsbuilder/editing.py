"""The list over BattleScribe data being built: its undo history, the file it was opened
from and what that holds; every edit applied, evaluated, shown and copied to the recovery
file; saving, and settling unsaved changes before the list closes or the app quits.

Apart from the keys so that the path of every edit (``apply``: history, evaluation, the
widgets, the recovery copy) can be read in one place. A roster is a frozen value, so the
undo history is ``model.roster.history.History`` over rosters, as for warband's own
lists, and the recovery copy goes through the same keeper (``saves.recovery``) at the
same moments as in warband's own builder: kept while unsaved, removed on saving or a
deliberate Discard, written out when the list closes or the app ends.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from textual.css.query import NoMatches

from model.bsdata.evaluate import Evaluation, evaluate
from model.bsdata.roster import BsRoster, Force, Selection
from model.bsdata.roster_toml import BsRosterFile
from model.bsdata.system import GameSystem
from model.core.problems import WarbandError
from model.core.safe_text import terminal_safe
from model.roster.history import History
from saves.bs_export import main_cost
from saves.bs_roster_file import write_bs_roster
from saves.recovery import KEEPER, discard_recovery, recovery_file
from tui.dialogs.message import MessageDialog
from tui.screens.bsbuilder.places import Place, find, too_large
from tui.screens.bsbuilder.status import BsStatusLine
from tui.screens.bsbuilder.tree import BsTree, Costing
from tui.screens.closing import ClosingScreen
from tui.widgets.findings_list import FindingsList


class BsListEditing(ClosingScreen):
    """The roster under edit, and how an edit is applied, shown and saved."""

    def __init__(
        self,
        system: GameSystem,
        listed: BsRosterFile,
        path: Path,
        *,
        recovery_dir: Path,
        saved: BsRoster | None,
        recovery: Path | None = None,
    ) -> None:
        """Edit the list ``listed`` of the file ``path``, over the game system ``system``
        (``listed.system`` is its folder in the catalog library). ``saved`` is what the
        file holds (``listed.roster`` when it was just read; None when it cannot be read);
        unsaved work is copied to ``recovery`` (a file in ``recovery_dir`` if None)."""
        super().__init__()
        self.system = system
        self.system_id = listed.system
        self.path = path
        self.saved: BsRoster | None = saved
        """What the file holds: the list is unsaved while it differs."""
        self.history: History[BsRoster] = History(listed.roster)
        self.cost_names = system.cost_names()
        self.evaluation: Evaluation = evaluate(system, listed.roster)
        self.recovery = recovery or recovery_file(recovery_dir, str(path.resolve()))
        """The recovery file of this list: the same name for the same file, as in
        warband's own builder, so a copy recovered is the one kept on."""
        self.wanted: Place | None = None
        """Where the cursor is to be after the next redraw (None: where it is)."""
        self._dirty_kept: tuple[BsRoster, BsRoster, bool] | None = None
        """The list and the file's list ``dirty`` compared last, and what it found."""
        self._at_kept: tuple[BsRoster, Place, tuple[Force, Selection | None] | None] | None = None
        """The list and the place ``_at`` looked up last, and what it found there."""

    @property
    def roster(self) -> BsRoster:
        return self.history.present

    @property
    def dirty(self) -> bool:
        """Whether there are changes not in the file (always, when it cannot be read).
        Kept for the very list and file asked about last: comparing two lists of a
        2,000-point Warhammer 40,000 army field by field took a fraction of an edit, and
        every edit asked it several times (the title, which keys can be used, the
        recovery copy)."""
        roster, saved = self.roster, self.saved
        if saved is None:
            return True
        kept = self._dirty_kept
        if kept is not None and kept[0] is roster and kept[1] is saved:
            return kept[2]
        dirty = roster != saved
        self._dirty_kept = (roster, saved, dirty)
        return dirty

    @property
    def list_name(self) -> str:
        return self.roster.name

    @property
    def costing(self) -> Costing:
        """The cost type the rows show: the one the list is limited in, else the first."""
        type_id = main_cost(self.system, self.roster)
        name = self.cost_names.get(type_id, "") if type_id is not None else ""
        return Costing(type_id, terminal_safe(name))

    def refresh_view(self) -> None:
        """Evaluate the present roster and show it: title, status, tree, findings, keys."""
        roster = self.roster
        self.evaluation = evaluate(self.system, roster)
        self.title = terminal_safe(roster.name) + (" *" if self.dirty else "")
        catalogues = dict.fromkeys(f.catalogue_name or f.catalogue_id for f in roster.forces)
        self.sub_title = terminal_safe(
            " · ".join((*catalogues, f"{self.system.name} (BattleScribe data)"))
        )
        self.query_one(BsStatusLine).show(self.evaluation, self.cost_names)
        tree = self.query_one(BsTree)
        tree.show(roster, self.evaluation, self.costing, self.wanted or tree.place)
        self.wanted = None
        findings = tuple(
            replace(f, message=terminal_safe(f.message)) for f in self.evaluation.findings
        )
        self.query_one(FindingsList).show(findings)
        self.sync_bindings()

    # --- editing ------------------------------------------------------------------------------

    def apply(self, roster: BsRoster, at: Place | None = None) -> None:
        """Make ``roster`` the present one (undoable) with the cursor on ``at``; an edit
        that would make a list its file cannot hold is refused and said so."""
        beyond = too_large(roster)
        if beyond is not None:
            self.notify(f"Not done: {beyond}", severity="warning")
            return
        self.history = self.history.push(roster)
        self.wanted = at
        self._after_change()

    def action_undo(self) -> None:
        if self.history.can_undo:
            self.history = self.history.undo()
            self._after_change()

    def action_redo(self) -> None:
        if self.history.can_redo:
            self.history = self.history.redo()
            self._after_change()

    def _after_change(self) -> None:
        self.refresh_view()
        self._keep_recovery()

    def _keep_recovery(self) -> None:
        """Have the recovery copy follow the list: written off the key path, within a
        fraction of a second (``saves.recovery``), or removed once nothing is unsaved
        (an undo back to what the file holds)."""
        if self.dirty:
            listed = BsRosterFile(self.system_id, self.roster)
            KEEPER.keep(self.recovery, listed, self.path, self._recovery_failed)
        else:
            discard_recovery(self.recovery)

    def _at(self) -> tuple[Place, Force, Selection | None] | None:
        """The place under the cursor, its force and its selection (None on a force);
        None when there is no cursor (before the tree is there, or a list of no force)."""
        try:
            place = self.query_one(BsTree).place
        except NoMatches:
            return None
        if place is None:
            return None
        # Kept for the very list and place asked about last: which keys can be used is
        # asked of every key shown, each asking for the place under the cursor, and
        # finding it walks the list (120 selections in a 2,000-point 40k list).
        roster, kept = self.roster, self._at_kept
        if kept is not None and kept[0] is roster and kept[1] == place:
            found = kept[2]
        else:
            found = find(roster, place)
            self._at_kept = (roster, place, found)
        if found is None:
            return None
        return place, found[0], found[1]

    def refused(self, title: str, error: WarbandError) -> None:
        """An edit the data or the engine refused, said in a dialog (never a traceback)."""
        self.app.push_screen(MessageDialog(title, error.render(), error=True))

    # --- the file -----------------------------------------------------------------------------

    async def save(self) -> bool:
        """Write the list over the file it was opened from; True when it worked (a
        failure is shown, and the file is left whole)."""
        try:
            write_bs_roster(
                self.path, BsRosterFile(self.system_id, self.roster), self.cost_names, replace=True
            )
        except (WarbandError, OSError) as exc:
            body = exc.render() if isinstance(exc, WarbandError) else terminal_safe(str(exc))
            self.app.push_screen(MessageDialog("Not saved", body, error=True))
            return False
        self.saved = self.roster
        discard_recovery(self.recovery)
        self.warband.remember(self.path)
        self.refresh_view()
        self.notify(f"Saved {terminal_safe(str(self.path))}", timeout=3, markup=False)
        return True

    async def action_save(self) -> None:
        await self.save()
