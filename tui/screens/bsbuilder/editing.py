"""The list over BattleScribe data being built: its undo history, the file it was opened
from and what that holds; every edit applied, evaluated and shown; saving, and settling
unsaved changes before the list closes or the app quits.

Apart from the keys so that the path of every edit (``apply``: history, evaluation, the
widgets) can be read in one place. A roster is a frozen value, so the undo history is
``model.roster.history.History`` over rosters, as for warband's own lists.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from textual import work

from model.bsdata.evaluate import Evaluation, evaluate
from model.bsdata.roster import BsRoster
from model.bsdata.roster_toml import BsRosterFile
from model.bsdata.system import GameSystem
from model.core.problems import WarbandError
from model.core.safe_text import terminal_safe
from model.roster.history import History
from saves.bs_export import main_cost
from saves.bs_roster_file import write_bs_roster
from tui.app_protocol import WarbandHost
from tui.dialogs.choice import ChoiceDialog
from tui.dialogs.message import MessageDialog
from tui.screens.base import CommandScreen
from tui.screens.bsbuilder.places import Place, too_large
from tui.screens.bsbuilder.status import BsStatusLine
from tui.screens.bsbuilder.tree import BsTree, Costing
from tui.widgets.findings_list import FindingsList


class BsListEditing(CommandScreen):
    """The roster under edit, and how an edit is applied, shown and saved."""

    def __init__(self, system: GameSystem, saved: BsRosterFile, path: Path) -> None:
        """Edit the list ``saved`` read from ``path``, over the game system ``system``
        (``saved.system`` is its folder in the catalog library)."""
        super().__init__()
        self.system = system
        self.system_id = saved.system
        self.path = path
        self.saved: BsRoster = saved.roster
        """What the file holds: the list is unsaved while it differs."""
        self.history: History[BsRoster] = History(saved.roster)
        self.cost_names = {t.id: t.name for t in system.cost_types()}
        self.evaluation: Evaluation = evaluate(system, saved.roster)
        self.wanted: Place | None = None
        """Where the cursor is to be after the next redraw (None: where it is)."""
        self._closing = False
        """Whether a close (q, Escape) is under way."""

    @property
    def warband(self) -> WarbandHost:
        assert isinstance(self.app, WarbandHost)
        return self.app

    @property
    def roster(self) -> BsRoster:
        return self.history.present

    @property
    def dirty(self) -> bool:
        """Whether there are changes not in the file."""
        return self.roster != self.saved

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
        self.refresh_view()

    def action_undo(self) -> None:
        if self.history.can_undo:
            self.history = self.history.undo()
            self.refresh_view()

    def action_redo(self) -> None:
        if self.history.can_redo:
            self.history = self.history.redo()
            self.refresh_view()

    def refused(self, title: str, error: WarbandError) -> None:
        """An edit the data or the engine refused, said in a dialog (never a traceback)."""
        self.app.push_screen(MessageDialog(title, error.render(), error=True))

    # --- the file -----------------------------------------------------------------------------

    def save(self) -> bool:
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
        self.warband.remember(self.path)
        self.refresh_view()
        self.notify(f"Saved {terminal_safe(str(self.path))}", timeout=3, markup=False)
        return True

    def action_save(self) -> None:
        self.save()

    async def settle(self) -> bool:
        """Before closing: True when nothing is unsaved or the player has decided (the
        builder's question: Save, Discard, Cancel)."""
        if not self.dirty:
            return True
        answer = await self.app.push_screen_wait(
            ChoiceDialog(
                "Unsaved changes",
                f"Save the changes to {terminal_safe(self.roster.name)}?",
                [
                    ("Save", "save", "primary"),
                    ("Discard", "discard", "error"),
                    ("Cancel", "cancel", "default"),
                ],
            )
        )
        if answer == "save":
            return self.save()
        return answer == "discard"

    def action_close(self) -> None:
        # A second q typed before the first has closed the list would ask again, and
        # then close the screen under this one: one close at a time.
        if not self._closing:
            self._closing = True
            self._close()

    @work
    async def _close(self) -> None:
        try:
            if await self.settle() and self.is_active:
                self.dismiss()
        finally:
            self._closing = False
