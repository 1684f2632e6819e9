"""The keys of the unit designer: design a unit, design from a card, edit a card,
keep a card in the user's own catalog.

Apart from the other list edits because only systems whose players design units
(a ``[design]`` table) have them, and they all go through the designer dialog.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual import work
from textual.widgets import OptionList

from model.catalog.design import UnitCard
from model.core.problems import WarbandError
from model.roster.cards import blank_card, card_id_for, place_card
from model.roster.roster import Roster
from tui.dialogs.designer import DesignerDialog
from tui.dialogs.message import MessageDialog
from tui.screens.builder.editing import ListEditing
from tui.widgets.roster_tree import RosterTree

if TYPE_CHECKING:
    from catalogs.library import Library


class DesignKeys(ListEditing):
    """Keys that design units and edit the list's cards."""

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

    def action_keep_card(self) -> None:
        """Put the selected entry's card in the user catalog's house file, asking first
        when the file keeps a different card under its id."""
        from catalogs.library import Library
        from saves.house_file import house_card, house_path
        from tui.dialogs.choice import REPLACE, ChoiceDialog

        entry = self._selected_entry()
        library = getattr(self.app, "library", None)
        if entry is None or entry.unit not in self.roster.cards or not isinstance(library, Library):
            return
        card_id, card = entry.unit, self.roster.cards[entry.unit]
        try:
            there = house_card(library.user_dir, self.roster.system, card_id)
        except WarbandError as exc:
            self.app.push_screen(MessageDialog("Cannot keep the card", exc.render(), error=True))
            return
        if there is None or there == card:
            self._keep_card(library, card_id, card)
            return
        path = house_path(library.user_dir, self.roster.system)
        question = ChoiceDialog(
            f"Replace the card '{there.name}'?",
            f"{path} keeps '{there.name}' under the id '{card_id}'. Replace it with "
            f"'{card.name}'? The file as it is now is kept as house.toml.bak.",
            [("Replace", REPLACE, "error"), ("Cancel", "cancel", "default")],
        )

        def answered(answer: str | None) -> None:
            if answer == REPLACE:
                self._keep_card(library, card_id, card, replace=True)

        self.app.push_screen(question, answered)

    def _keep_card(
        self, library: Library, card_id: str, card: UnitCard, replace: bool = False
    ) -> None:
        from saves.house_file import save_card

        try:
            path = save_card(library.user_dir, self.roster.system, card_id, card, replace=replace)
        except WarbandError as exc:
            self.app.push_screen(MessageDialog("Cannot keep the card", exc.render(), error=True))
            return
        library.forget(self.roster.system)
        self.notify(f"Kept '{card.name}' in {path}: new lists of this system offer it.")
