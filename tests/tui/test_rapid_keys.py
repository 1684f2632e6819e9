"""Keys as fast as they come: the app never dies on one, and what it shows stays true.

A held key, or a terminal handing over keys typed ahead, delivers them faster than the
screen settles: a key can be handled while the screen is still taking in where the
tree's cursor went after the key before. Keys are pressed here in two ways, neither with
a pause between keys:

- Pilot's ``press`` with every key in one call (it lets the app go idle after each key);
- ``flood``: the keys are posted to the app the way the terminal driver posts them, with
  only a few turns of the event loop between them, so each lands in the middle of the
  work the one before started. This is what turns twenty copies and twenty undos into
  the reported ``IndexError`` at ``self.roster.units[self.selected]``.

After the keys, the app must still be running and what it shows must be the state it
holds: the tree's rows are the roster's entries, the cursor is on the entry the next
command acts on, the findings are the present list's; in the tracker, the state is the
fold of the event log, the file on disk is that log, and the log shows every event.
"""

from __future__ import annotations

import asyncio
import random
import shutil
from collections.abc import Sequence
from pathlib import Path

import pytest
from textual import events
from textual.pilot import Pilot
from textual.widgets import OptionList

from model.battle.state import BattleState
from model.roster.validate import validate
from saves.battle_read import read_battle
from saves.roster_file import read_roster
from tests.conftest import FIXTURES
from tests.tui.driver import Folders, app_in
from tests.tui.test_tracker import start
from tui.app import WarbandApp
from tui.dialogs.choice import ChoiceDialog
from tui.screens.builder.screen import BuilderScreen
from tui.screens.home import HomeScreen
from tui.screens.tracker.screen import TrackerScreen
from tui.screens.tracker.view import LOG_LINES
from tui.widgets.roster_tree import RosterTree
from tui.widgets.side_table import SideTable

MUTARDS = FIXTURES / "rosters" / "mutards" / "legal-500.toml"
"""13 entries, two of them addler packs (so Models can run)."""

FLOOD_STEPS = (1, 3)
"""Turns of the event loop between flooded keys: each lands at another point of the
work the previous key started (with either, twenty copies and twenty undos from the
last entry crashed before the fix; Pilot's ``press`` never did)."""

WAYS = ("press", *(f"flood-{n}" for n in FLOOD_STEPS))


async def flood(pilot: Pilot[None], keys: Sequence[str], steps: int) -> None:
    """Post ``keys`` to the app as the terminal driver does, ``steps`` loop turns apart."""
    app = pilot.app
    for key in keys:
        event = events.Key(key, key if len(key) == 1 else None)
        event.set_sender(app)
        app.post_message(event)
        for _ in range(steps):
            await asyncio.sleep(0)
    await pilot.pause()


async def mash(pilot: Pilot[None], keys: Sequence[str], way: str) -> None:
    """Press ``keys`` with no pause between them, in one of the ``WAYS``."""
    if way == "press":
        await pilot.press(*keys)
        await pilot.pause()
    else:
        await flood(pilot, keys, int(way.removeprefix("flood-")))


def alive(app: WarbandApp) -> None:
    """Nothing crashed: an exception in a handler would have ended the app."""
    assert app.is_running
    assert app.return_code is None


async def back_to(pilot: Pilot[None], screen: object) -> None:
    """Close whatever dialog the keys left open (Escape cancels every dialog)."""
    for _ in range(5):
        if pilot.app.screen is screen:
            return
        await pilot.press("escape")
        await pilot.pause()
    assert pilot.app.screen is screen


def shown_as_held(builder: BuilderScreen) -> None:
    """The builder shows the roster it holds, with the cursor on the selected entry."""
    roster = builder.roster
    tree = builder.query_one(RosterTree)
    rows = tree.root.children
    assert [node.data.index if node.data else None for node in rows] == list(
        range(len(roster.units))
    )
    names = [str(node.label) for node in rows]
    for n, (entry, label) in enumerate(zip(roster.units, names, strict=True)):
        name = entry.name or builder.view.units[entry.unit].name
        assert label.lstrip("✗! ").startswith(f"{n + 1}. {name}"), (n, label)
    if roster.units:
        assert builder.selected is not None
        assert 0 <= builder.selected < len(roster.units)
        assert tree.ref is not None and tree.ref.index == builder.selected
    else:
        assert builder.selected is None
    assert builder.report == validate(builder.view, roster)


async def open_builder(pilot: Pilot[None]) -> BuilderScreen:
    await pilot.pause()
    builder = pilot.app.screen
    assert isinstance(builder, BuilderScreen), builder
    return builder


def mutards_app(tmp_path: Path) -> tuple[WarbandApp, Path]:
    folders = Folders(tmp_path)
    folders.saves.mkdir(parents=True)
    path = folders.saves / "sewer-choir.toml"
    shutil.copy(MUTARDS, path)
    return app_in(folders, open_path=path, offer_recovery=False), path


class TestBuilder:
    @pytest.mark.parametrize(
        ("start", "way"), [*(("end", way) for way in WAYS), ("home", "flood-1")]
    )
    async def test_twenty_copies_then_twenty_undos(
        self, tmp_path: Path, way: str, start: str
    ) -> None:
        """The reported crash: back where it started, with nothing broken."""
        app, path = mutards_app(tmp_path)
        async with app.run_test(size=(100, 32)) as pilot:
            builder = await open_builder(pilot)
            on_file = builder.roster
            await pilot.press(start)
            await mash(pilot, ["c"] * 20, way)
            alive(app)
            assert len(builder.roster.units) == len(on_file.units) + 20
            shown_as_held(builder)
            await mash(pilot, ["ctrl+z"] * 20, way)
            alive(app)
            assert builder.roster == on_file == read_roster(path)[0]
            assert not builder.dirty
            shown_as_held(builder)
            await mash(pilot, ["ctrl+y"] * 20 + ["x"] * 40, way)
            alive(app)
            assert builder.roster.units == ()
            shown_as_held(builder)

    @pytest.mark.parametrize(("seed", "way"), [(1, "press"), (1, "flood-2"), (2, "flood-2")])
    async def test_every_edit_key_mashed(self, tmp_path: Path, seed: int, way: str) -> None:
        """Copy, undo, redo, remove, move, equip and models in a random (seeded) order."""
        gestures = (
            ["c"],
            ["c"],
            ["ctrl+z"],
            ["ctrl+z"],
            ["ctrl+y"],
            ["x"],
            ["u"],
            ["n"],
            ["up"],
            ["down"],
            ["e", "enter", "down", "enter", "escape"],  # equip: add two items, close
            ["m", "backspace", "4", "enter"],  # models: a pack of 4 (where there are packs)
        )
        app, _ = mutards_app(tmp_path)
        pick = random.Random(seed)
        async with app.run_test(size=(100, 32)) as pilot:
            builder = await open_builder(pilot)
            for _ in range(4):
                keys = [key for _ in range(15) for key in pick.choice(gestures)]
                await mash(pilot, keys, way)
                alive(app)
                await back_to(pilot, builder)
                shown_as_held(builder)


class TestClosing:
    @pytest.mark.parametrize("way", ["flood-0", "flood-1"])
    async def test_escape_twice_closes_the_list_once(self, tmp_path: Path, way: str) -> None:
        """Two Escapes before the first has closed the list: back home, not past it."""
        app, _ = mutards_app(tmp_path)
        async with app.run_test(size=(100, 32)) as pilot:
            builder = await open_builder(pilot)
            await mash(pilot, ["escape", "escape"], way)
            alive(app)
            assert builder not in app.screen_stack
            assert isinstance(app.screen, HomeScreen)

    @pytest.mark.parametrize("way", ["flood-0", "flood-1"])
    async def test_escape_twice_on_unsaved_work_asks_once(self, tmp_path: Path, way: str) -> None:
        """Unsaved changes: one question at most (the second Escape either comes before
        it, and is ignored, or answers it: Cancel); the list stays open, unsaved work and
        all."""
        app, _ = mutards_app(tmp_path)
        async with app.run_test(size=(100, 32)) as pilot:
            builder = await open_builder(pilot)
            await pilot.press("c")
            await mash(pilot, ["escape", "escape"], way)
            alive(app)
            questions = sum(isinstance(s, ChoiceDialog) for s in app.screen_stack)
            await back_to(pilot, builder)  # Escape: Cancel, to each question up
            assert questions <= 1
            assert builder.dirty


def tracker_shown_as_held(screen: TrackerScreen, path: Path) -> None:
    """The tracker's state is its log's, the file is the log, and every event is shown."""
    battle = screen.battle
    assert screen.state == BattleState.after(battle.setup, battle.events)
    assert read_battle(path) == battle
    log = screen.query_one("#battle-log", OptionList)
    assert log.option_count == min(len(battle.events), LOG_LINES)
    if battle.events:
        last = str(log.get_option_at_index(log.option_count - 1).prompt)
        assert last.startswith(f"{len(battle.events)}. ")
    for side, models in enumerate(battle.setup.sides):
        table = screen.query_one(f"#table-{side}", SideTable)
        assert [row.key.value for row in table.ordered_rows] == [m.id for m in models.models]


class TestTracker:
    @pytest.mark.parametrize("way", ["press", "flood-0", "flood-2"])
    async def test_actions_undo_and_end_turn_mashed(self, tmp_path: Path, way: str) -> None:
        """Activate, act, end, wound, roll off, undo, redo and end turns, all at once."""
        folders = Folders(tmp_path)
        path = start(folders)
        app = app_in(folders, battle_path=path, offer_recovery=False)
        gestures = (
            ["o", "enter"],  # roll-off: the first side goes first
            ["enter", "a", "enter", "e"],  # activate, the first action, end
            ["enter", "a", "enter", "a", "enter"],
            ["e"],
            ["w"],
            ["down"],
            ["ctrl+z"],
            ["ctrl+z", "ctrl+z"],
            ["ctrl+y"],
            ["t"],
        )
        pick = random.Random(7)
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.pause()
            screen = app.screen
            assert isinstance(screen, TrackerScreen), screen
            for _ in range(4):
                keys = [key for _ in range(12) for key in pick.choice(gestures)]
                await mash(pilot, keys, way)
                alive(app)
                await back_to(pilot, screen)
                tracker_shown_as_held(screen, path)
            events_before = len(screen.battle.events)
            await mash(pilot, ["ctrl+z"] * (events_before + 5), way)
            alive(app)
            assert screen.battle.events == ()
            tracker_shown_as_held(screen, path)
