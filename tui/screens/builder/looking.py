"""The keys that look without changing anything: search the units, go to the
findings (and jump from one to its entry), details, the army sheet.

Apart from the edits so that what only moves the cursor or opens a view is easy to
tell from what changes the list.
"""

from __future__ import annotations

from textual import on
from textual.widgets import OptionList

from tui.details import item_details, unit_details
from tui.dialogs.details import DetailsDialog
from tui.screens.builder.editing import ListEditing
from tui.widgets.findings_list import FindingsList
from tui.widgets.roster_tree import RosterTree
from tui.widgets.unit_picker import UnitPicker


class LookKeys(ListEditing):
    """Keys that look at the list and its units; none changes it."""

    def action_search(self) -> None:
        self.query_one(UnitPicker).focus_search()

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
