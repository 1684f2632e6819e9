"""The builder's speed: an edit key pressed until the screen is repainted.

An edit is measured from the key press until the app is idle again (its screen
repainted) in a 60-entry list, against a key that nothing is bound to, pressed the
same way.
"""

from __future__ import annotations

import asyncio
import statistics
import time
from pathlib import Path

import pytest

from model.roster import Roster
from saves.roster_file import read_roster, roster_to_toml
from tests.benchmarks.conftest import report
from tests.conftest import FIXTURES
from tui.app import make_app
from tui.screens.builder import BuilderScreen

pytestmark = pytest.mark.benchmark

FRAME = 1 / 60


def sixty_entries() -> Roster:
    """The legal 500-point Gangers fixture list, its entries repeated to 60."""
    roster, _ = read_roster(FIXTURES / "rosters" / "gangers" / "legal-500.toml")
    units = tuple(roster.units[i % len(roster.units)] for i in range(60))
    return roster.model_copy(update={"units": units, "points_limit": 5000})


async def _key_times(path: Path, tmp: Path, rounds: int) -> dict[str, list[float]]:
    """Press each key ``rounds`` times in the builder; seconds from press to idle."""
    app = make_app(
        catalog_dir=tmp / "catalogs",
        saves_dir=tmp / "saves",
        config_dir=tmp / "config",
        open_path=path,
        theme="textual-dark",
        offer_recovery=False,
    )
    app.animation_level = "none"
    times: dict[str, list[float]] = {"f12": [], "c": [], "ctrl+z": []}
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        builder = app.screen
        assert isinstance(builder, BuilderScreen)
        for _ in range(12):  # down into the list, a few entries in
            await pilot.press("down")
        await pilot.pause()
        for _ in range(rounds):
            for key, entries in (("f12", 60), ("c", 61), ("ctrl+z", 60)):
                start = time.perf_counter()
                await pilot.press(key)
                await pilot.pause()
                times[key].append(time.perf_counter() - start)
                assert len(builder.roster.units) == entries, key
    return times


def test_key_to_repaint_in_sixty_entries(tmp_path: Path) -> None:
    """An edit key (copy an entry, undo it) to the repainted builder, against a key
    that nothing is bound to, in a 60-entry Gangers list."""
    path = tmp_path / "sixty.toml"
    path.write_text(roster_to_toml(sixty_entries()), encoding="utf-8")
    times = asyncio.run(_key_times(path, tmp_path, rounds=15))
    idle = min(times["f12"])
    for key, what in (("c", "copy an entry (c)"), ("ctrl+z", "undo the copy (ctrl+z)")):
        value = min(times[key])
        report(f"{what} to repaint, 60 entries", value, "unbound key (f12)", idle)
        print(
            f"  = {(value - idle) * 1000:.1f} ms more than the unbound key; "
            f"median {statistics.median(times[key]) * 1000:.1f} ms; "
            f"{value / FRAME:.0%} of a 60 Hz frame"
        )
