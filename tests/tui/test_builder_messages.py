"""The builder at the table: m on an entry of a fixed size says it is not a pack and what m
is for; a unit added lands just after the selected entry, which the toast and F1 say; a jump
by typing in the equip dialog keeps its row in view. History: issue 31."""

from __future__ import annotations

from pathlib import Path

from tests.tui.driver import keys
from tests.tui.test_table_edges_builder import ROSTERS, building, toasts
from tui.dialogs.equip import EquipDialog
from tui.dialogs.prompt import PromptDialog
from tui.screens.help import help_markdown
from tui.widgets.roster_tree import RosterTree
from tui.widgets.type_ahead_list import TypeAheadList

MUTARDS = ROSTERS / "mutards" / "legal-500.toml"


async def test_m_on_an_entry_that_is_not_a_pack_says_so_and_why(tmp_path: Path) -> None:
    async with building(MUTARDS, tmp_path, (100, 32)) as (app, pilot, builder):
        builder.selected = 0  # Big Noggin, a Bobblehead: one model
        builder.refresh_view()
        builder.query_one(RosterTree).focus()
        before = builder.roster
        await keys(pilot, "m")
        assert not isinstance(app.screen, PromptDialog)
        [said] = toasts(app, "Big Noggin is not a pack")
        assert said == (
            "Big Noggin is not a pack: every Bobblehead entry is 1 model. m sets the size "
            "of a pack or squad, several miniatures bought and played as one entry (Addler: "
            "2 to 5 models)."
        )
        assert builder.roster is before
        builder.selected = 1  # an addler pack: m asks
        builder.refresh_view()
        await keys(pilot, "m")
        assert isinstance(app.screen, PromptDialog)


async def test_a_unit_is_added_after_the_selected_entry_and_f1_says_so(tmp_path: Path) -> None:
    async with building(MUTARDS, tmp_path, (100, 32)) as (app, pilot, builder):
        assert "goes in just after the selected entry" in " ".join(help_markdown(builder).split())
        builder.selected = 0
        builder.refresh_view()
        count = len(builder.roster.units)
        await keys(pilot, "slash", "mongrelmorph", "enter")
        assert len(builder.roster.units) == count + 1
        assert builder.roster.units[1].unit == "mongrelmorph"
        assert builder.selected == 1
        [said] = toasts(app, "Added")
        assert said.startswith("Added Mongrelmorph after Big Noggin (entry 1)")


async def test_a_jump_by_typing_in_the_equip_dialog_keeps_the_row_in_view(tmp_path: Path) -> None:
    """At 80x24 the Chief's options fill more than the list shows, and the detail under
    the list grows with the option's rules, shrinking the list after it has scrolled."""
    async with building(ROSTERS / "gangers" / "legal-500.toml", tmp_path, (80, 24)) as (
        app,
        pilot,
        builder,
    ):
        builder.selected = 0
        builder.refresh_view()
        builder.query_one(RosterTree).focus()
        await keys(pilot, "e")
        dialog = app.screen
        assert isinstance(dialog, EquipDialog)
        listing = dialog.query_one("#equip-options", TypeAheadList)
        for word in ("grumpy", "mace", "bullet", "grumpy"):
            listing.reset_typing()
            await keys(pilot, word)
            await pilot.pause()
            assert listing.names[listing.highlighted or 0] is not None
            line = listing._index_to_line[listing.highlighted or 0]
            top = round(listing.scroll_y)
            height = listing.scrollable_content_region.height
            assert top <= line < top + height, (word, line, top, height)


async def test_the_equip_dialog_says_why_not_before_adding(tmp_path: Path) -> None:
    async with building(MUTARDS, tmp_path, (100, 32)) as (app, pilot, builder):
        builder.selected = 5  # a Mutard with a medium blade: one weapon in all
        builder.refresh_view()
        builder.query_one(RosterTree).focus()
        await keys(pilot, "e")
        dialog = app.screen
        assert isinstance(dialog, EquipDialog)
        listing = dialog.query_one("#equip-options", TypeAheadList)
        prompts = [str(listing.get_option_at_index(i).prompt) for i in range(listing.option_count)]
        assert "Weapons  at most 1 in all" in prompts
        blade = next(p for p in prompts if "Small blade" in p)
        assert "up to" not in blade and "✗ not now" in blade
        await keys(pilot, "small")
        detail = str(dialog.query_one("#equip-detail").render())
        assert "✗ Adding one would make 2 from Weapons; a Mutard takes at most 1" in detail
        assert "remove 1" not in detail
