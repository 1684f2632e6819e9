"""New list (``n`` on the home screen) over BattleScribe data, driven like a person: the
Gaslands folder in the catalog folder is offered as "Gaslands (BattleScribe data)", its
catalogue as the faction, and the list it starts is the one ``warband new gaslands
gaslands --points 50`` writes: a Team holding the Sponsor (which every Team must hold,
0 cans), 0 of 50 cans spent. It is written at once to a free name in the saves folder
and opened in the builder of these lists.
"""

from __future__ import annotations

import io
from pathlib import Path

from textual.pilot import Pilot
from textual.widgets import Input, Label, OptionList, Select, Static

from saves.bs_roster_file import read_bs_roster
from tests.tui.driver import Folders, app_in, keys
from tests.tui.test_bsbuilder import builder, status
from tui.app import WarbandApp
from tui.cli import main
from tui.dialogs.message import MessageDialog
from tui.dialogs.new_list import NewListDialog
from tui.screens.bsbuilder.tree import BsTree
from tui.screens.home import HomeScreen

GASLANDS = "Gaslands (BattleScribe data)"
SIZE = (100, 32)


def systems_shown(app: WarbandApp) -> list[str]:
    select = app.screen.query_one("#system", Select)
    return [str(o.prompt) for o in select.query_one(OptionList).options]


async def choose_system(pilot: Pilot[None], title: str) -> None:
    """From the home screen: ``n``, Shift+Tab to the game system, open it, go down to
    ``title``, Enter."""
    await keys(pilot, "n", "shift+tab", "enter")
    shown = systems_shown(pilot.app)  # type: ignore[arg-type]
    assert title in shown, shown
    listing = pilot.app.screen.query_one("#system", Select).query_one(OptionList)
    while listing.highlighted != shown.index(title):
        await pilot.press("down" if (listing.highlighted or 0) < shown.index(title) else "up")
    await keys(pilot, "enter")


async def new_gaslands(pilot: Pilot[None], points: str = "50") -> None:
    """Gaslands (BattleScribe data), faction Gaslands, the limit typed, Enter through the
    name (the catalogue's, filled in)."""
    await choose_system(pilot, GASLANDS)
    dialog = pilot.app.screen
    assert isinstance(dialog, NewListDialog)
    assert not dialog.query_one("#faction", Select).is_blank()
    assert dialog.query_one("#name", Input).value == "Gaslands"
    await keys(pilot, "tab", "tab")  # the faction (the only one, chosen), the limit
    assert dialog.query_one("#points", Input).has_focus
    await keys(pilot, *([points] if points else []), "enter", "enter")


def validate(folders: Folders, path: Path) -> tuple[int, str]:
    out, err = io.StringIO(), io.StringIO()
    code = main(["--catalog-dir", str(folders.catalogs), "validate", str(path)], out=out, err=err)
    assert err.getvalue() == ""
    return code, out.getvalue()


async def test_a_gaslands_list_is_started_written_and_opened(folders: Folders) -> None:
    app = app_in(folders, offer_recovery=False)
    async with app.run_test(size=SIZE) as pilot:
        await new_gaslands(pilot)
        assert status(app) == "✓ valid · 0/50 Cans"
        rows = [str(node.label) for node in builder(app).query_one(BsTree).nodes_in_order()]
        assert rows == ["Team (Gaslands)  0 Cans", "1x Sponsor  0 Cans"]
        path = folders.saves / "gaslands.toml"
        assert builder(app).roster == read_bs_roster(path)[0].roster
        assert not builder(app).dirty
        assert str(path) == app.settings.recent[0]
    assert sorted(p.name for p in folders.saves.iterdir()) == ["gaslands.toml"]
    code, out = validate(folders, path)
    assert code == 0
    assert out == (
        "Gaslands: Gaslands, Gaslands (BattleScribe data, revision 25)\n0/50 Cans: valid\n"
    )


async def test_it_is_the_list_warband_new_writes(folders: Folders) -> None:
    app = app_in(folders, offer_recovery=False)
    async with app.run_test(size=SIZE) as pilot:
        await new_gaslands(pilot)
    out, err = io.StringIO(), io.StringIO()
    by_hand = folders.root / "team.toml"
    argv = ["--catalog-dir", str(folders.catalogs), "new", "gaslands", "gaslands"]
    assert main([*argv, "--points", "50", "-o", str(by_hand)], out=out, err=err) == 0
    assert (folders.saves / "gaslands.toml").read_bytes() == by_hand.read_bytes()


async def test_a_second_list_of_the_name_replaces_nothing(folders: Folders) -> None:
    kept = folders.roster("gaslands.toml", "not mine to replace\n")
    app = app_in(folders, offer_recovery=False)
    async with app.run_test(size=SIZE) as pilot:
        await new_gaslands(pilot)
        assert builder(app).path == folders.saves / "gaslands-2.toml"
    assert kept.read_text() == "not mine to replace\n"
    assert validate(folders, folders.saves / "gaslands-2.toml")[0] == 0


async def test_the_limit_may_be_left_empty(folders: Folders) -> None:
    app = app_in(folders, offer_recovery=False)
    async with app.run_test(size=SIZE) as pilot:
        await choose_system(pilot, GASLANDS)
        dialog = app.screen
        label = str(dialog.query_one("#points-label", Label).content)
        assert label == "Limit in Cans (empty: the game's own)"
        assert dialog.query_one("#points", Input).value == ""
        await keys(pilot, "tab", "tab", "enter", "enter")
        assert status(app) == "✓ valid · 0 Cans"
    saved, _ = read_bs_roster(folders.saves / "gaslands.toml")
    assert saved.roster.cost_limits == ()


async def test_a_limit_that_is_not_a_number_is_explained(folders: Folders) -> None:
    app = app_in(folders, offer_recovery=False)
    async with app.run_test(size=SIZE) as pilot:
        await new_gaslands(pilot, points="0")
        dialog = app.screen
        assert isinstance(dialog, NewListDialog)
        assert "empty or a whole number" in str(dialog.query_one("#new-error", Static).content)
    assert list(folders.saves.iterdir()) == []


async def test_a_list_that_cannot_be_written_is_explained(folders: Folders) -> None:
    folders.saves.rmdir()
    folders.saves.write_text("a file where the saves folder should be\n")
    app = app_in(folders, offer_recovery=False)
    async with app.run_test(size=SIZE) as pilot:
        await new_gaslands(pilot)
        dialog = app.screen
        assert isinstance(dialog, MessageDialog), dialog
        assert dialog.title_text == "Cannot start the list"
        assert dialog.error
        await keys(pilot, "enter")
        assert isinstance(app.screen, HomeScreen)


async def test_a_broken_folder_is_explained_in_the_dialog(folders: Folders) -> None:
    broken = folders.catalogs / "broken"
    broken.mkdir()
    (broken / "Broken.gst").write_text('<gameSystem id="x" name="Broken Game"', "utf-8")
    app = app_in(folders, offer_recovery=False)
    async with app.run_test(size=SIZE) as pilot:
        await choose_system(pilot, "Broken Game (BattleScribe data)")
        dialog = app.screen
        assert isinstance(dialog, NewListDialog)
        assert "Broken.gst" in str(dialog.query_one("#new-error", Static).content)
        assert dialog.query_one("#faction", Select).is_blank()
        await keys(pilot, "tab", "tab", "enter", "enter")  # Create: still refused
        assert app.screen is dialog
        assert "Choose a game system" in str(dialog.query_one("#new-error", Static).content)


async def test_our_own_systems_come_first_and_still_start_in_our_builder(
    folders: Folders,
) -> None:
    from tui.screens.builder.screen import BuilderScreen

    app = app_in(folders, offer_recovery=False)
    async with app.run_test(size=SIZE) as pilot:
        await choose_system(pilot, "Punkapocalyptic, 1st edition")
        shown = systems_shown(app)
        assert shown[-2:] == [GASLANDS, "More games... (the BSData gallery)"]
        assert app.screen.query_one("#points-label", Label).content == "Points limit"
        await keys(pilot, "tab", "tab", "enter", "enter")
        assert isinstance(app.screen, BuilderScreen)
    assert list(folders.saves.iterdir()) == []  # our own lists start unsaved, as before
