"""The tracker's log in a long battle: the last events, each told from the state just
before it, however the log was reached (opened, recorded, many undos and redos).

The screen tells only the lines it shows (and some for undo to go back to), starting
from the battle's state at the first of them, so opening a long battle does not replay
its log a second time; these tests hold it to what a replay from the start would tell.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets import OptionList

import saves.battle_file as battle_file
import tui.screens.tracker.view as tracker_screen
from model.battle.battle import CHECKPOINT_EVERY, Battle
from model.battle.events import Event, Score
from model.battle.state import BattleState
from model.battle.text import event_text
from saves.battle_file import write_battle
from saves.battle_read import read_battle
from tests.model.test_battle_checkpoints import counted
from tests.saves.test_battle_file import fresh_battle, play
from tests.tui.driver import Folders, app_in
from tui.screens.tracker.screen import TrackerScreen

LINES = 12
"""The log's length in these tests, so that a few dozen events go past it."""


def told(battle: Battle) -> list[str]:
    """The log's last lines as a replay from the start tells them, numbered."""
    state = BattleState.start(battle.setup)
    lines = []
    for n, event in enumerate(battle.events, start=1):
        lines.append(f"{n}. {event_text(event, state)}")
        state = state.then(event)
    return lines[-LINES:]


def shown(screen: TrackerScreen) -> list[str]:
    log = screen.query_one("#battle-log", OptionList)
    return [str(log.get_option_at_index(n).prompt) for n in range(log.option_count)]


async def test_a_long_log_is_told_as_a_replay_would_tell_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(tracker_screen, "LOG_LINES", LINES)
    folders = Folders(tmp_path)
    path = folders.saves / "long.battle.toml"
    path.parent.mkdir(parents=True, exist_ok=True)
    battle = play(fresh_battle(turn_limit=100), 3 * LINES + 150, seed=21)
    write_battle(path, battle)
    applied = counted(monkeypatch)
    app = app_in(folders, battle_path=path, offer_recovery=False)
    async with app.run_test(size=(160, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, TrackerScreen)
        # opening folds the log once; the lines shown are told from a checkpoint on
        assert len(applied) <= len(battle.events) + 2 * LINES + CHECKPOINT_EVERY
        assert shown(screen) == told(screen.battle)
        for undos in (1, LINES + 30, LINES):  # past the lines kept, and back again
            for _ in range(undos):
                screen.action_undo()
            await pilot.pause()
            assert shown(screen) == told(screen.battle)
        for _ in range(LINES + 5):
            screen.action_redo()
        await pilot.pause()
        assert shown(screen) == told(screen.battle)
        for side in (0, 1, 0):
            screen.record(Score(kind="score", side=side, points=1))
        await pilot.pause()
        assert shown(screen) == told(screen.battle)
        assert screen.battle.events[-1] == Score(kind="score", side=0, points=1)


async def test_the_first_save_after_opening_renders_only_the_new_event(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The file's text is rendered once while the tracker opens, off the key path, and
    the file copied to its backup, so the first key's autosave in a long battle renders
    and writes only the new end, as any later one."""
    folders = Folders(tmp_path)
    path = folders.battle("long.battle.toml", 300, seed=22)
    monkeypatch.setattr(battle_file, "_LOG", battle_file._LogBlocks())  # nothing saved yet
    app = app_in(folders, battle_path=path, offer_recovery=False)
    async with app.run_test(size=(160, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, TrackerScreen)
        # rendered once the screen has settled (PREPARE_SAVING_AFTER), in a worker
        log = battle_file._LOG
        for _ in range(200):
            if len(log._events) == len(screen.battle.events):
                break
            await pilot.pause(0.05)
        await app.workers.wait_for_complete()
        assert log._events == screen.battle.events
        backup = path.with_name(path.name + ".bak")
        assert backup.read_bytes() == path.read_bytes()  # ready to rewrite only the end
        inode = path.stat().st_ino
        rendered: list[Event] = []
        real = battle_file._event_body

        def counting(event: Event) -> str:
            rendered.append(event)
            return real(event)

        monkeypatch.setattr(battle_file, "_event_body", counting)
        assert screen.record(Score(kind="score", side=1, points=1))
        assert rendered == [Score(kind="score", side=1, points=1)]
        assert read_battle(path) == screen.battle
        assert path.stat().st_ino == inode  # the first save rewrote the end, in place
        assert read_battle(backup).events == screen.battle.events[:-1]
