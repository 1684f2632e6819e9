"""An open list or battle keeps its objects out of the garbage collector's full walks
(``gc.freeze``), and gives them back when it closes (``tui.collector``). History: issue 15;
a full collection was a 40 ms key in a 200-entry list, 5 ms a key on average in a
10,000-event battle."""

from __future__ import annotations

import gc
from pathlib import Path

import pytest

from tests.conftest import FIXTURES
from tests.tui.driver import Folders, app_in
from tests.tui.test_bsbuilder import new_team
from tui import collector
from tui.app import WarbandApp
from tui.screens.bsbuilder.screen import BsBuilderScreen
from tui.screens.builder.screen import BuilderScreen
from tui.screens.closing import ClosingScreen
from tui.screens.home import HomeScreen
from tui.screens.tracker.screen import TrackerScreen

pytestmark = pytest.mark.usefixtures("thawed")


def test_the_freeze_lasts_until_the_last_holder_lets_go() -> None:
    before = gc.get_threshold()
    collector.hold()  # a list
    collector.hold()  # a battle opened over it
    assert gc.get_freeze_count() > 0
    assert gc.get_threshold() == (collector.YOUNG, *before[1:])
    collector.release()  # the battle closes: the list is still open
    assert gc.get_freeze_count() > 0
    assert gc.get_threshold()[0] == collector.YOUNG
    collector.release()
    assert gc.get_freeze_count() == 0
    assert gc.get_threshold() == before
    collector.release()  # one too many (a screen closed twice) is harmless
    assert gc.get_freeze_count() == 0
    assert gc.get_threshold() == before


def test_collections_switched_off_stay_off_while_held() -> None:
    """A threshold of 0 (the collector switched off by hand) is not switched on."""
    before = gc.get_threshold()
    gc.set_threshold(0, *before[1:])
    try:
        collector.hold()
        assert gc.get_threshold()[0] == 0
        collector.release()
        assert gc.get_threshold()[0] == 0
    finally:
        gc.set_threshold(*before)


async def _frozen_until_closed(
    app: WarbandApp, kind: type[ClosingScreen] | type[TrackerScreen]
) -> None:
    """Open ``app`` on a screen of ``kind``: frozen while it is shown, thawed once it is
    closed (nothing unsaved, so it closes without asking)."""
    before = gc.get_threshold()
    async with app.run_test(size=(160, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, kind)
        assert gc.get_freeze_count() > 0
        assert gc.get_threshold()[0] == collector.YOUNG
        screen.action_close()
        await pilot.pause()
        assert isinstance(app.screen, HomeScreen)
        assert gc.get_freeze_count() == 0
        assert gc.get_threshold() == before


async def test_an_open_list_is_frozen_until_it_closes(tmp_path: Path) -> None:
    folders = Folders(tmp_path)
    text = (FIXTURES / "rosters" / "gangers" / "legal-500.toml").read_text(encoding="utf-8")
    app = app_in(folders, open_path=folders.roster("gangers.toml", text))
    await _frozen_until_closed(app, BuilderScreen)


async def test_an_open_battlescribe_list_is_frozen_until_it_closes(folders: Folders) -> None:
    """``folders`` (tests/tui/conftest.py) holds the shared Gaslands BattleScribe data."""
    await _frozen_until_closed(app_in(folders, open_path=new_team(folders)), BsBuilderScreen)


async def test_an_open_battle_is_frozen_until_the_tracker_closes(tmp_path: Path) -> None:
    folders = Folders(tmp_path)
    path = folders.battle("gc.battle.toml", 30, seed=4)
    app = app_in(folders, battle_path=path, offer_recovery=False)
    await _frozen_until_closed(app, TrackerScreen)
