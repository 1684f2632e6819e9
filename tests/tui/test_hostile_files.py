"""``warband open`` and ``battle resume`` on hostile files, and a catalog folder holding
one: the app explains, never dies.

Files under the size cap built to be slow or huge to read (a key of 40,000 dotted
parts, a pack of 10**8 models, a number of 4,301 digits, an item count of 10**8 in a
battle) are refused with the message the command line gives, and the app stays on
its home screen, ready for the next file. A BattleScribe file in the catalog folder that
cannot be read stops its own game only."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from textual.widgets import Select, Static

from tests.conftest import FIXTURES
from tests.tui.driver import Folders, app_in
from tui.dialogs.message import MessageDialog
from tui.screens.home import HomeScreen

LEGAL = (FIXTURES / "rosters" / "gangers" / "legal-500.toml").read_text(encoding="utf-8")
BRIDGE = (FIXTURES / "battles" / "bridge.toml").read_text(encoding="utf-8")

ROSTERS = {
    "dotted": (LEGAL + "a" + ".a" * 40_000 + " = 1\n", "a key of 40,001 dotted parts"),
    "pack": (
        LEGAL + '\n[[units]]\nunit = "ganger"\nmodels = 100000000\n',
        "must be a number from 1 to 200, got 100000000",
    ),
    "digits": (
        LEGAL.replace("points_limit = 500", "points_limit = " + "9" * 4301),
        ":16: a number has too many digits to read",
    ),
    "long-limit": (
        LEGAL.replace("points_limit = 500", "points_limit = " + "9" * 400),
        "points_limit: must be a number from 1 to 100000, got a 400-digit number",
    ),
}


@pytest.mark.parametrize("case", sorted(ROSTERS))
async def test_open_refuses_a_hostile_roster(tmp_path: Path, case: str) -> None:
    text, told = ROSTERS[case]
    folders = Folders(tmp_path)
    path = folders.roster("hostile.toml", text)
    app = app_in(folders, open_path=path, offer_recovery=False)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, MessageDialog)
        assert str(path) in dialog.body and told in dialog.body
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, HomeScreen)
    assert path.read_text(encoding="utf-8") == text  # nothing rewritten


async def test_resume_refuses_a_battle_with_a_huge_item_count(tmp_path: Path) -> None:
    hostile = re.sub(r"count = \d+", "count = 100000000", BRIDGE, count=1)
    assert hostile != BRIDGE
    folders = Folders(tmp_path)
    path = folders.roster("hostile.battle.toml", hostile)
    app = app_in(folders, battle_path=path, offer_recovery=False)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, MessageDialog)
        assert "count: must be a number from 1 to 1000, got 100000000" in dialog.body
    assert path.read_text(encoding="utf-8") == hostile


UNREADABLE_CATALOGUES = {
    "unknown": b'<?xml version="1.0" encoding="foo"?>\n<catalogue id="x" name="X"/>',
    "multi-byte": b'<?xml version="1.0" encoding="shift_jis"?>\n<catalogue id="x" name="X"/>',
}


@pytest.mark.parametrize("case", sorted(UNREADABLE_CATALOGUES))
async def test_the_app_starts_beside_a_catalogue_it_cannot_read(tmp_path: Path, case: str) -> None:
    """A ``.cat`` declaring an encoding warband cannot read is left out of its game
    (``SEMANTICS.md`` rule F1: the game loads without it): the app starts, offers every
    game, and names the file and why when its game is chosen, its good catalogue still
    offered."""
    from tests.catalogs.test_bsdata_loading import copy_system
    from tests.tui.test_bsbuilder_new import choose_system
    from tui.dialogs.new_list import NewListDialog

    folders = Folders(tmp_path)
    copy_system("zone-raiders", folders.catalogs)
    broken = copy_system("gaslands", folders.catalogs)
    (broken / "Broken.cat").write_bytes(UNREADABLE_CATALOGUES[case])
    app = app_in(folders, offer_recovery=False)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, HomeScreen)
        await choose_system(pilot, "Zone Raiders (BattleScribe data)")
        dialog = app.screen
        assert isinstance(dialog, NewListDialog)
        assert not dialog.query_one("#faction", Select).is_blank()
        await pilot.press("escape")
        await choose_system(pilot, "Gaslands (BattleScribe data)")
        dialog = app.screen
        assert isinstance(dialog, NewListDialog)
        error = str(dialog.query_one("#new-error", Static).content)
        assert "Left out of this game: Broken.cat:1: it declares the encoding" in error, error
        assert not dialog.query_one("#faction", Select).is_blank()
