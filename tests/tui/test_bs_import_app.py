"""BattleScribe lists in the app, as ``warband import`` takes them: ``i`` on the home
screen reads a ``WBS1-`` code (what the app's own Share makes) or a ``.ros``/``.rosz``
path, saves the list in the saves folder and opens it in its builder; opening a ``.ros``
says to import it; a list whose game is not in the catalog folder says where the game's
folder goes; and ``b`` says which lists can be played before any is picked."""

from __future__ import annotations

import shutil
from pathlib import Path

from textual.widgets import OptionList, Static

from saves.bs_roster_file import read_bs_roster
from saves.bs_share_code import encode_bs
from saves.settings import Settings, save_settings
from tests.tui.driver import Folders, app_in, keys
from tests.tui.test_bsbuilder import new_team, run
from tests.tui.test_sharing import paste
from tui.dialogs.import_code import ImportDialog
from tui.dialogs.message import MessageDialog
from tui.dialogs.open_file import OpenFileDialog
from tui.screens.bsbuilder.screen import BsBuilderScreen
from tui.widgets.findings_list import FindingsList

SIZE = (100, 32)


def team_with_a_car(folders: Folders) -> Path:
    """A Gaslands team holding a Car, as ``warband new`` and ``add`` make it."""
    path = new_team(folders)
    code, _ = run("--catalog-dir", str(folders.catalogs), "add", str(path), "Car")
    assert code == 0
    return path


async def test_a_wbs1_code_is_imported_saved_and_opened(folders: Folders) -> None:
    saved = read_bs_roster(team_with_a_car(folders))[0]
    app = app_in(folders, offer_recovery=False)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await keys(pilot, "i")
        dialog = app.screen
        assert isinstance(dialog, ImportDialog)
        assert "WBS1-" in dialog.prompt and ".ros" in dialog.prompt and ".rosz" in dialog.prompt
        await paste(pilot, f"our team for tonight:\n{encode_bs(saved)}\n")
        await keys(pilot, "enter")
        builder = app.screen
        assert isinstance(builder, BsBuilderScreen), builder
        assert builder.roster == saved.roster
        said = [n.message for n in app._notifications]
    written = folders.saves / "gaslands.toml"  # a free name, from the list's
    assert read_bs_roster(written)[0] == saved
    assert any(m.startswith("Imported Gaslands (valid), saved as") for m in said), said


async def test_a_ros_path_is_imported(folders: Folders, tmp_path: Path) -> None:
    path = team_with_a_car(folders)
    ros = tmp_path / "from a friend.rosz"
    args = ("--catalog-dir", str(folders.catalogs), "export", str(path))
    assert run(*args, "--format", "rosz", "-o", str(ros))[0] == 0
    app = app_in(folders, offer_recovery=False)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await keys(pilot, "i", f"'{ros}'", "enter")  # quoted, as a terminal drops a file
        builder = app.screen
        assert isinstance(builder, BsBuilderScreen), builder
        assert builder.path == folders.saves / "gaslands.toml"
        assert [f.name for f in builder.roster.forces] == ["Team"]


async def test_a_ros_of_a_game_not_in_the_catalog_folder_says_where_it_goes(
    folders: Folders, tmp_path: Path
) -> None:
    path = team_with_a_car(folders)
    ros = tmp_path / "team.ros"
    args = ("--catalog-dir", str(folders.catalogs), "export", str(path), "--format", "ros")
    assert run(*args, "-o", str(ros))[0] == 0
    shutil.rmtree(folders.catalogs / "gaslands")
    app = app_in(folders, offer_recovery=False)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await keys(pilot, "i", str(ros), "enter")
        dialog = app.screen
        assert isinstance(dialog, MessageDialog), dialog
        assert "is not in the catalog folder" in dialog.body
        assert str(folders.catalogs) in dialog.body and "--catalog-dir" in dialog.body
    assert sorted(p.name for p in folders.saves.iterdir()) == ["team.toml"]


async def test_a_ros_of_a_game_whose_catalogue_cannot_be_read_says_which_file_and_why(
    folders: Folders, tmp_path: Path
) -> None:
    """The game loads without the catalogue it cannot read (``SEMANTICS.md`` rule F1), so
    the list opens; its force's finding names the file left out and why, not "not in the
    catalog folder": the file is where it goes, and needs mending."""
    path = team_with_a_car(folders)
    ros = tmp_path / "team.ros"
    args = ("--catalog-dir", str(folders.catalogs), "export", str(path), "--format", "ros")
    assert run(*args, "-o", str(ros))[0] == 0
    (cat,) = (folders.catalogs / "gaslands").glob("*.cat")
    cat.write_bytes(b'<?xml version="1.0" encoding="shift_jis"?>\n<catalogue/>')
    app = app_in(folders, offer_recovery=False)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await keys(pilot, "i", str(ros), "enter")
        await pilot.pause()
        builder = app.screen
        assert isinstance(builder, BsBuilderScreen), builder
        findings = builder.query_one(FindingsList)
        first = str(findings.get_option_at_index(0).prompt)
        assert first.startswith('✗ Force "')
        assert f"files of the game were left out as it loaded ({cat.name}: " in first
        assert "shift_jis" in first
        assert "is not in the catalog folder" not in first


async def test_opening_a_ros_says_to_import_it(folders: Folders, tmp_path: Path) -> None:
    path = team_with_a_car(folders)
    ros = tmp_path / "team.ros"
    args = ("--catalog-dir", str(folders.catalogs), "export", str(path), "--format", "ros")
    assert run(*args, "-o", str(ros))[0] == 0
    app = app_in(folders, offer_recovery=False)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await keys(pilot, "o", "tab", str(ros), "enter")
        picker = app.screen
        assert isinstance(picker, OpenFileDialog), picker
        told = str(picker.query_one("#open-hint", Static).render())
        assert "a BattleScribe roster: import it" in told
        assert "TOML" not in told and "line 1" not in told


async def test_a_recent_list_whose_game_is_gone_says_where_it_goes(folders: Folders) -> None:
    path = team_with_a_car(folders)
    shutil.rmtree(folders.catalogs / "gaslands")
    save_settings(folders.config / "settings.toml", Settings(recent=(str(path),)))
    app = app_in(folders, offer_recovery=False)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        [line] = [str(o.prompt) for o in app.screen.query_one("#recent", OptionList).options]
        assert "game not in the catalog folder: put its folder at" in line
        assert str(folders.catalogs / "gaslands") in line and "--catalog-dir" in line
        await keys(pilot, "enter")
        dialog = app.screen
        assert isinstance(dialog, MessageDialog), dialog
        assert "the game 'gaslands' is not in the catalog folder" in dialog.body
        assert str(folders.catalogs / "gaslands") in dialog.body


async def test_new_battle_says_which_lists_can_be_played(folders: Folders) -> None:
    """Before any file is picked: warband's own games and the BattleScribe games of the
    catalog folder, by name; a Gaslands list is taken, and a list of our own beside it is
    refused with the reason. History: issue 34."""
    path = team_with_a_car(folders)
    ours = Path(__file__).parents[1] / "fixtures" / "rosters" / "gangers" / "legal-500.toml"
    app = app_in(folders, offer_recovery=False)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await keys(pilot, "b")
        picker = app.screen
        assert isinstance(picker, OpenFileDialog), picker
        note = str(picker.query_one("#open-note", Static).render())
        assert "Punkapocalyptic" in note
        assert (
            f"two lists over the BattleScribe data of the catalog folder ({folders.catalogs})"
            in note
        )
        assert "(Gaslands)" in note
        assert "whose game's folder is not there cannot be played" in note
        await keys(pilot, "tab", str(path), "enter")  # a Gaslands list: side A
        again = app.screen
        assert isinstance(again, OpenFileDialog), again
        assert again.title_text == "Side B's list"
        await keys(pilot, "tab", str(ours), "enter")  # a list of our own: refused
        told = str(app.screen.query_one("#open-hint", Static).render())
        assert (
            "a list of warband's own catalogs; side A plays a list over BattleScribe data" in told
        )
