"""The equip dialog replaces only the labels an item added or removed changes: adding a
weapon changes the reasons of every other weapon ("would make 4 from Weapons"), not
their labels, and drawing them again was most of the dialog's part of a key (issue 33).
What it shows is what the dialog opened afresh on the entry shows."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.tui.driver import keys
from tests.tui.test_table_edges_builder import ROSTERS, building
from tui.dialogs.equip import EquipDialog
from tui.widgets.roster_tree import RosterTree
from tui.widgets.type_ahead_list import TypeAheadList

GANGERS = ROSTERS / "gangers" / "legal-500.toml"


def _prompts(listing: TypeAheadList) -> list[str]:
    return [str(listing.get_option_at_index(i).prompt) for i in range(listing.option_count)]


async def test_an_item_added_replaces_its_own_label_alone(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    async with building(GANGERS, tmp_path, (100, 32)) as (app, pilot, builder):
        builder.selected = 3  # a Ganger with a shotgun and a mace: two weapons of two
        builder.refresh_view()
        builder.query_one(RosterTree).focus()
        await keys(pilot, "e")
        dialog = app.screen
        assert isinstance(dialog, EquipDialog)
        listing = dialog.query_one("#equip-options", TypeAheadList)
        replaced: list[str] = []
        real = listing.replace_option_prompt

        def counting(option_id: str, prompt: object) -> object:
            replaced.append(option_id)
            return real(option_id, prompt)  # type: ignore[arg-type]

        monkeypatch.setattr(listing, "replace_option_prompt", counting)
        reasons = [o.reasons for o in dialog.options]
        await keys(pilot, "throwing")
        scrolls: list[object] = []
        monkeypatch.setattr(listing, "call_after_refresh", lambda *a: scrolls.append(a))
        await keys(pilot, "plus")
        # its detail (profile, reason) as many lines as before: the list is not scrolled
        assert scrolls == []
        knives = next(n for n, o in enumerate(dialog.options) if o.item_id == "throwing-knives")
        assert dialog.options[knives].count == 1
        # every weapon's reason changed, and only the knives' label
        assert sum(o.reasons != r for o, r in zip(dialog.options, reasons, strict=True)) > 1
        assert replaced == [str(knives)]
        shown = _prompts(listing)
        await keys(pilot, "escape", "e")
        fresh = app.screen
        assert isinstance(fresh, EquipDialog) and fresh is not dialog
        assert shown == _prompts(fresh.query_one("#equip-options", TypeAheadList))
