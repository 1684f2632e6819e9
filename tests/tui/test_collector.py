"""An open list keeps its objects out of the garbage collector's full walks, and gives them
back when it closes (``tui.collector``; issue 15: a full collection was a 40 ms key in a
200-entry list). The tracker's own test is ``test_tracker_gc.py``."""

from __future__ import annotations

import gc
from pathlib import Path

import pytest

from tests.conftest import FIXTURES
from tests.tui.driver import Folders, app_in, builder_of
from tests.tui.test_bsbuilder import new_team
from tui import collector
from tui.screens.bsbuilder.screen import BsBuilderScreen
from tui.screens.home import HomeScreen

pytestmark = pytest.mark.usefixtures("thawed")


def test_the_freeze_lasts_until_the_last_holder_lets_go() -> None:
    collector.hold()  # a list
    collector.hold()  # a battle opened over it
    assert gc.get_freeze_count() > 0
    collector.release()  # the battle closes: the list is still open
    assert gc.get_freeze_count() > 0
    collector.release()
    assert gc.get_freeze_count() == 0
    collector.release()  # one too many (a screen closed twice) is harmless
    assert gc.get_freeze_count() == 0


async def test_an_open_list_is_frozen_until_it_closes(tmp_path: Path) -> None:
    folders = Folders(tmp_path)
    text = (FIXTURES / "rosters" / "gangers" / "legal-500.toml").read_text(encoding="utf-8")
    app = app_in(folders, open_path=folders.roster("gangers.toml", text))
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        builder = builder_of(app)
        assert gc.get_freeze_count() > 0
        builder.action_close()  # nothing unsaved: it closes without asking
        await pilot.pause()
        assert isinstance(app.screen, HomeScreen)
        assert gc.get_freeze_count() == 0


async def test_an_open_battlescribe_list_is_frozen_until_it_closes(folders: Folders) -> None:
    """``folders`` (tests/tui/conftest.py) holds the shared Gaslands BattleScribe data."""
    app = app_in(folders, open_path=new_team(folders))
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        builder = app.screen
        assert isinstance(builder, BsBuilderScreen)
        assert gc.get_freeze_count() > 0
        builder.action_close()
        await pilot.pause()
        assert isinstance(app.screen, HomeScreen)
        assert gc.get_freeze_count() == 0
