"""The app's own speed: start-up to the first screen, and a key press to the repaint.

Start-up is measured in a fresh Python process per run, so imports count, against
a bare Textual app made of the same built-in widgets started the same way. An edit
is measured from the key press until the app is idle again (its screen repainted)
in a 60-entry list, against a key that nothing is bound to, pressed the same way.
"""

from __future__ import annotations

import asyncio
import statistics
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from model.roster import Roster
from saves.roster_file import read_roster, roster_to_toml
from tests.benchmarks.conftest import report
from tests.conftest import FIXTURES, ROOT
from tui.app import make_app
from tui.screens.builder import BuilderScreen

pytestmark = pytest.mark.benchmark

FRAME = 1 / 60

# Each script prints the wall-clock time at which its first screen is ready to take
# keys, and exits; the parent subtracts the time it started the process.
WARBAND_START = textwrap.dedent(
    """
    import asyncio, sys, time
    from pathlib import Path

    from tui.app import make_app


    async def main() -> None:
        tmp = Path(sys.argv[1])
        app = make_app(
            catalog_dir=tmp / "catalogs",
            saves_dir=tmp / "saves",
            config_dir=tmp / "config",
            theme="textual-dark",
            offer_recovery=False,
        )
        async with app.run_test(size=(100, 32)) as pilot:
            await pilot.pause()
            assert type(app.screen).__name__ == "HomeScreen", app.screen
            print(time.time(), flush=True)


    asyncio.run(main())
    """
)

BARE_START = textwrap.dedent(
    """
    import asyncio, sys, time

    from textual.app import App, ComposeResult
    from textual.widgets import Button, Footer, Header, Label, OptionList


    class Bare(App[None]):
        def compose(self) -> ComposeResult:
            yield Header()
            yield Label("bare textual")
            yield Button("New list (n)", variant="primary")
            yield Button("Open file (o)")
            yield OptionList("one.toml", "two.toml")
            yield Footer()


    async def main() -> None:
        app = Bare()
        app.theme = "textual-dark"
        async with app.run_test(size=(100, 32)) as pilot:
            await pilot.pause()
            print(time.time(), flush=True)


    asyncio.run(main())
    """
)


def _time_to_ready(script: str, tmp: Path) -> float:
    """Seconds from starting a Python process running ``script`` to its ready line."""
    start = time.time()
    done = subprocess.run(
        [sys.executable, "-c", script, str(tmp)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
        timeout=120,
    )
    return float(done.stdout.split()[-1]) - start


def test_start_to_first_screen(tmp_path: Path) -> None:
    """Start to the home screen, imports included, against bare Textual."""
    warband, bare = [], []
    for _ in range(7):  # alternated, so both see the same machine load
        warband.append(_time_to_ready(WARBAND_START, tmp_path))
        bare.append(_time_to_ready(BARE_START, tmp_path))
    report(
        "warband: process start to the home screen",
        min(warband),
        "bare Textual app, same widgets",
        min(bare),
    )
    print(
        f"  medians: warband {statistics.median(warband) * 1000:.0f} ms, "
        f"bare {statistics.median(bare) * 1000:.0f} ms"
    )


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
