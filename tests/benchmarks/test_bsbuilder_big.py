"""The builder over a big real list (issue 33 item 4): a 2,000-point Space Marines list
over Warhammer 40,000 10th edition (``../shared/bsdata/wh40k-10e``, 46 files, 24 MB;
skipped when it is not there), built by ``tests/tui/real_lists.py``.

- **Loading** the game (the Library reading its folder): timed apart, the first time
  (nothing cached) and again by a new ``Library`` as every later run of warband loads it,
  from its cache (``catalogs.bs_cache``); the second plus opening is what a player waits
  for when a list is opened in a new run.
- **Opening**: from the list being asked for (``WarbandApp.try_open``, as the home
  screen and the command line open one) until the app is idle with the builder shown,
  the game already loaded. Goal: 1 s.
- **Each edit** (add a unit, change a weapon, remove one, undo), from the key until the
  app is idle again, against a key nothing is bound to (f12) pressed the same way in
  the same run. Goal: 33 ms above it. Enter in the add picker both adds and closes the
  picker (the builder drawn whole again): it is also given against Escape there, which
  only closes it.
- **Evaluating** the list (``model.bsdata.evaluate``, nothing kept from before), against
  a walk of its selections.
- **Typing in the add picker**: each character typed into its filter over the ~240
  entries a Space Marines force offers, against f12 in the picker. Goal: a frame
  (16.7 ms) above it.
- **Peak memory**: the process's peak resident size (``ru_maxrss``) at the end, with
  the game loaded and the list built, opened and edited; before loading, for
  comparison. Goal: 250 MB.

The list is changed first (its force given a name of its own) and left so, as a list is
while it is built: an edit that makes a saved list unsaved (or an undo that makes it
saved again) also changes the screen's title, which Textual answers by drawing the whole
screen again, once per save.

Times are CPU seconds of the process (``time.process_time``), as the issue counts them,
beside the wall clock (which on a shared machine also counts other processes' turns),
as ``test_builder.py`` records both. Nothing asserts on time.
"""

from __future__ import annotations

import asyncio
import resource
import statistics
import time
from dataclasses import replace
from pathlib import Path

import pytest
from textual.pilot import Pilot

from catalogs.library import Library
from model.bsdata.evaluate import evaluate
from tests.benchmarks.conftest import best_of, report, report_key
from tests.tui.real_lists import (
    SPACE_MARINES,
    TENTH,
    games_folder,
    has_data,
    inside,
    space_marines,
    walk,
    written,
)
from tui.app import WarbandApp, make_app
from tui.screens.bsbuilder.add_dialog import AddDialog
from tui.screens.bsbuilder.places import Place
from tui.screens.bsbuilder.screen import BsBuilderScreen
from tui.screens.bsbuilder.tree import BsTree

pytestmark = [
    pytest.mark.benchmark,
    pytest.mark.skipif(not has_data(TENTH), reason=f"no {TENTH} in ../shared/bsdata"),
]

EDIT_GOAL_MS = 33.0
FRAME_MS = 1000 / 60
OPEN_GOAL_MS = 1000.0
MEMORY_GOAL_MB = 250.0
ROUNDS = 7
WEAPONS = "Bolt Pistol, Master-crafted Bolter, Melee Weapon"
"""The Captain's wargear, where a weapon is added and removed."""

Times = dict[str, list[float]]
"""Per key: ``<name>`` the CPU seconds per press, ``<name> wall`` the wall clock."""


def _peak_mb() -> float:
    """The process's peak resident size so far, in MB (Linux gives KB)."""
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


async def _timed(pilot: Pilot[None], times: Times, name: str, *keys: str) -> None:
    """Press ``keys``; record the CPU and wall seconds until the app is idle."""
    start, cpu = time.perf_counter(), time.process_time()
    await pilot.press(*keys)
    await pilot.pause()
    times.setdefault(name, []).append(time.process_time() - cpu)
    times.setdefault(f"{name} wall", []).append(time.perf_counter() - start)


def _builder(app: WarbandApp) -> BsBuilderScreen:
    screen = app.screen
    assert isinstance(screen, BsBuilderScreen), screen
    return screen


def _selections(app: WarbandApp) -> int:
    return len(walk(_builder(app).roster.forces[0].selections))


async def _go(pilot: Pilot[None], app: WarbandApp, place: Place) -> None:
    _builder(app).query_one(BsTree).move_to(place)
    await pilot.pause()


async def _session(tmp: Path, times: Times, facts: dict[str, float]) -> None:
    games = games_folder(tmp / "catalogs")
    app = make_app(
        catalog_dir=games,
        saves_dir=tmp / "saves",
        config_dir=tmp / "config",
        theme="textual-dark",
        offer_recovery=False,
    )
    app.animation_level = "none"
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        facts["peak before loading"] = _peak_mb()
        start, cpu = time.perf_counter(), time.process_time()
        system = app.library.load_battlescribe(TENTH)
        facts["load cpu"] = time.process_time() - cpu
        facts["load wall"] = time.perf_counter() - start
        # the next run of warband finds the game in its cache (``catalogs.bs_cache``)
        start, cpu = time.perf_counter(), time.process_time()
        Library(games).load_battlescribe(TENTH)
        facts["cached cpu"] = time.process_time() - cpu
        facts["cached wall"] = time.perf_counter() - start
        roster = space_marines(system)
        path = written(tmp, TENTH, roster, system)
        facts["selections"] = len(walk(roster.forces[0].selections))
        facts["evaluate"] = best_of(lambda: evaluate(system, replace(roster)))
        facts["walk"] = best_of(lambda: walk(roster.forces[0].selections))
        for _ in range(ROUNDS):  # opening, each time over the home screen
            start, cpu = time.perf_counter(), time.process_time()
            assert app.try_open(path) is None
            await pilot.pause()
            times.setdefault("open", []).append(time.process_time() - cpu)
            times.setdefault("open wall", []).append(time.perf_counter() - start)
        builder = _builder(app)
        force = builder.roster.forces[0].id
        held = _selections(app)
        await _go(pilot, app, Place(force))  # the list changed, as while it is built
        await pilot.press("r", *"Strike Force Alpha", "enter")
        await pilot.pause()
        assert builder.dirty and builder.roster.forces[0].custom_name
        for _ in range(ROUNDS):  # add a unit at the top of the force, and undo it
            await _go(pilot, app, Place(force))
            await _timed(pilot, times, "f12", "f12")
            await _timed(pilot, times, "a", "a")
            assert isinstance(app.screen, AddDialog)
            await _timed(pilot, times, "f12 in picker", "f12")
            for letter in "redemptor":
                await _timed(pilot, times, "typed", letter)
            await _timed(pilot, times, "enter: add a unit", "enter")
            assert _selections(app) > held
            await _timed(pilot, times, "ctrl+z", "ctrl+z")
            assert _selections(app) == held
        captain = next(s for s in builder.roster.forces[0].selections if s.name == "Captain")
        weapons = inside(captain, WEAPONS)
        for _ in range(ROUNDS):  # a weapon added to the Captain's wargear, removed, undone
            await _go(pilot, app, Place(force, weapons.id))
            await pilot.press("a", *"master-crafted power")
            await pilot.pause()
            await _timed(pilot, times, "escape: close the picker", "escape")
            await pilot.press("a", *"master-crafted power")
            await pilot.pause()
            await _timed(pilot, times, "enter: add a weapon", "enter")
            assert _selections(app) == held + 1
            now = _builder(app).roster.forces[0].selections
            added = inside(
                next(s for s in now if s.id == captain.id), "Master-crafted Power Weapon"
            )
            await _go(pilot, app, Place(force, added.id))
            await _timed(pilot, times, "x: remove it", "x")
            assert _selections(app) == held
            await _timed(pilot, times, "ctrl+z (the removal)", "ctrl+z")
            await _timed(pilot, times, "ctrl+z (the addition)", "ctrl+z")
            assert _selections(app) == held
        facts["peak"] = _peak_mb()


def _line(what: str, values: list[float], goal_ms: float) -> None:
    print(
        f"\n{what}: min {min(values) * 1000:.0f} ms, median "
        f"{statistics.median(values) * 1000:.0f} ms; goal <= {goal_ms:.0f} ms"
    )


def test_space_marines_2000_points_in_the_builder(tmp_path: Path) -> None:
    times: Times = {}
    facts: dict[str, float] = {}
    asyncio.run(_session(tmp_path, times, facts))
    print(
        f"\n{SPACE_MARINES}, {facts['selections']:.0f} selections; loading the game "
        f"(apart): {facts['load cpu']:.2f} s CPU, {facts['load wall']:.2f} s wall; from the "
        f"cache, as every later run: {facts['cached cpu']:.2f} s CPU, "
        f"{facts['cached wall']:.2f} s wall (the goal of 1 s for opening counts this too: "
        f"{(facts['cached cpu'] + statistics.median(times['open'])):.2f} s CPU with opening)"
    )
    report("evaluate the list", facts["evaluate"], "walk of its selections", facts["walk"])
    _line("opening the builder, CPU", times["open"], OPEN_GOAL_MS)
    _line("opening the builder, wall", times["open wall"], OPEN_GOAL_MS)
    idle, idle_wall = times["f12"], times["f12 wall"]
    for key in (
        "a",
        "enter: add a unit",
        "ctrl+z",
        "enter: add a weapon",
        "x: remove it",
        "ctrl+z (the removal)",
        "ctrl+z (the addition)",
    ):
        report_key(f"{key}, CPU", times[key], idle, "unbound key (f12)", EDIT_GOAL_MS)
        report_key(f"{key}, wall", times[f"{key} wall"], idle_wall, "f12", EDIT_GOAL_MS)
    for key in ("enter: add a unit", "enter: add a weapon"):
        report_key(
            f"{key} (which closes the picker), CPU",
            times[key],
            times["escape: close the picker"],
            "Escape closing the picker",
            EDIT_GOAL_MS,
        )
    report_key(
        "typing a letter in the add picker, CPU",
        times["typed"],
        times["f12 in picker"],
        "unbound key in the picker (f12)",
        FRAME_MS,
    )
    print(
        f"\npeak memory (ru_maxrss): {facts['peak']:.0f} MB at the end; "
        f"{facts['peak before loading']:.0f} MB before loading the game; "
        f"goal <= {MEMORY_GOAL_MB:.0f} MB"
    )
