"""The keys that edit the list's entries: add, equip, remove, copy, move, rename,
set models, undo and redo, and the list-wide points limit and settings.

Apart from looking, files and sharing: every key here is one undoable edit of the
roster. Built on the designer's keys because equipping a designed unit opens the
designer on its card.
"""

from __future__ import annotations

from textual import on, work
from textual.widgets import OptionList

from model.core.bounds import MAX_MODELS, MAX_POINTS
from model.core.messages import counted
from model.roster.advice import Option, options_for
from model.roster.roster import Roster, RosterUnit
from tui.dialogs.equip import EquipDialog
from tui.dialogs.prompt import PromptDialog
from tui.numbers import whole, whole_check
from tui.screens.builder.designing import DesignKeys
from tui.widgets.roster_tree import RosterTree
from tui.widgets.unit_picker import UnitPicker


class EntryKeys(DesignKeys):
    """Keys that edit the list: each one an undoable edit."""

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
        where = ""
        if at < len(self.roster.units):  # not at the end: say where (F1 says why)
            before = self.roster.units[at - 1]
            known = self.view.units.get(before.unit)
            name = before.name or (known.name if known is not None else before.unit)
            where = f" after {name} (entry {at})"
        self.apply(self.roster.with_unit(entry, at=at), select=at)
        equip = ": press e to equip it" if self.view.option_groups(unit_id) else ""
        self._toasts.show(self.app, "edit", f"Added {unit.name}{where}{equip}", timeout=3)

    def action_add_unit(self) -> None:
        listing = self.query_one("#unit-list", OptionList)
        if listing.highlighted is None:
            self.query_one(UnitPicker).focus_search()
            return
        option_id = listing.get_option_at_index(listing.highlighted).id
        if option_id is not None:
            self.add_unit(option_id)

    @on(RosterTree.EntryHighlighted)
    def _highlighted(self, event: RosterTree.EntryHighlighted) -> None:
        # The message may be older than the list (keys that came after it copied or
        # undid entries): the tree's cursor as it is now says which entry is selected.
        ref = self.query_one(RosterTree).ref
        if ref is not None:
            self.selected = ref.index
            self.sync_bindings()

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
        known = self.report if self.reported is self.roster else None
        return title, options_for(self.view, self.roster, index, known)

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
        if entry.unit in self.view.designs:  # a card fixes its models
            self._toasts.show(
                self.app,
                "edit",
                f"{entry.name or unit.name} is a designed unit: its card sets its models "
                "(e edits the card).",
                timeout=8,
            )
            return
        if unit.models.min == unit.models.max:  # nothing to ask: say why (issue 31)
            self._toasts.show(self.app, "edit", self._not_a_pack(entry, unit.models.min), timeout=8)
            return
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

    def _not_a_pack(self, entry: RosterUnit, models: int) -> str:
        """Why ``m`` has nothing to set on an entry of a fixed number of models, and what
        it is for, with a unit of this faction that it sets as an example."""
        unit = self.view.units[entry.unit]
        name = entry.name or unit.name
        text = (
            f"{name} is not a pack: every {unit.name} entry is {counted(models, 'model')}. "
            "m sets the size of a pack or squad, several miniatures bought and played as "
            "one entry"
        )
        sized = next((u for _, u in self.view.iter_units() if u.models.min < u.models.max), None)
        if sized is None:
            return text + "; this faction has none."
        return text + f" ({sized.name}: {sized.models.min} to {sized.models.max} models)."

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
