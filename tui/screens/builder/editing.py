"""The list being built: its undo history, the selected entry, the file and what was
last saved; every edit applied, checked, shown and copied to the recovery file.

Apart from the keys so that the path of every edit (``apply``: history, validation,
the widgets, the recovery copy) can be read in one place; every group of keys builds
on this class.
"""

from __future__ import annotations

import uuid
from dataclasses import replace
from pathlib import Path

from textual.widgets import Label

from model.catalog.schema import FactionView
from model.roster.history import History
from model.roster.resolved import loadouts_of
from model.roster.roster import Roster, RosterUnit
from model.roster.validate import validate
from model.rules.findings import Report
from saves.recovery import KEEPER, discard_recovery, recovery_file
from tui.screens.closing import ClosingScreen
from tui.textual_private import HeaderTitle
from tui.toasts import Toasts
from tui.widgets.findings_list import FindingsList
from tui.widgets.roster_tree import RosterTree
from tui.widgets.safe_header import SafeHeader
from tui.widgets.status_line import StatusLine
from tui.widgets.unit_picker import UnitPicker

DESIGN_ACTIONS = frozenset({"design", "design_from", "keep_card"})
"""Commands only systems with a unit designer (a ``[design]`` table) have."""


class ListEditing(ClosingScreen):
    """The roster under edit, and how an edit is applied and shown."""

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
        self.reported = roster
        """The list ``report`` is of (the present one, once ``refresh_view`` has run)."""
        self._selected: int | None = 0 if roster.units else None
        self.recovery = recovery or self._recovery_path()
        self._behind = False
        """Whether the widgets wait for a dialog over the list to close (``refresh_view``)."""

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

    @property
    def list_name(self) -> str:
        return self.roster.name

    def refresh_view(self) -> None:
        """Check the present roster and push it down to every widget; while a dialog is
        over the list (equipping an entry), the widgets and the footer's keys follow when
        it closes.

        Any change to a screen under a dialog repaints the whole dialog screen and the
        list behind it (Textual composes them together), which after each item added
        in the equip dialog cost several times the change itself."""
        self.report, self.reported = validate(self.view, self.roster), self.roster
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
        self.set_reactive(ListEditing.title, title)
        for header in self.query(SafeHeader):
            header.query_one(HeaderTitle).update(header.format_title(), layout=False)

    # --- editing ------------------------------------------------------------------------------

    def apply(self, roster: Roster, select: int | None = None) -> None:
        """Make ``roster`` the present one (undoable), re-check it, keep a recovery copy;
        an edit that would make a list its file cannot hold is refused and said so."""
        beyond = roster.beyond_limits(since=self.roster)  # the present list is within them
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

    def _entry(self) -> tuple[int, RosterUnit] | None:
        """The selected entry and its index, None when the list is empty."""
        index = self.selected
        return None if index is None else (index, self.roster.units[index])

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
