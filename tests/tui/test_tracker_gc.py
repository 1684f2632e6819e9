"""The tracker keeps a long battle's objects out of the garbage collector's walks while it
is open (``gc.freeze``), and gives them back when it closes (issue 15: no pauses on keys)."""

from __future__ import annotations

import gc
from pathlib import Path

import pytest

from saves.battle_file import write_battle
from tests.saves.test_battle_file import fresh_battle, play
from tests.tui.driver import Folders, app_in
from tui.screens.tracker.screen import TrackerScreen

pytestmark = pytest.mark.usefixtures("thawed")


async def test_the_battle_is_frozen_while_the_tracker_is_open(tmp_path: Path) -> None:
    folders = Folders(tmp_path)
    path = folders.saves / "gc.battle.toml"
    path.parent.mkdir(parents=True, exist_ok=True)
    write_battle(path, play(fresh_battle(turn_limit=100), 30, seed=4))
    app = app_in(folders, battle_path=path, offer_recovery=False)
    async with app.run_test(size=(160, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, TrackerScreen)
        assert gc.get_freeze_count() > 0
        screen.action_close()
        await pilot.pause()
        assert not isinstance(app.screen, TrackerScreen)
        assert gc.get_freeze_count() == 0
