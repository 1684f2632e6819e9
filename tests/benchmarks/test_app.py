"""The app's start-up: a fresh process to its first screen, ready for keys.

Start-up is measured in a fresh Python process per run, so imports count, against
a bare Textual app made of the same built-in widgets started the same way. (Edit
keys are timed in ``test_builder.py``.)
"""

from __future__ import annotations

import statistics
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from tests.benchmarks.conftest import report
from tests.conftest import ROOT

pytestmark = pytest.mark.benchmark

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
