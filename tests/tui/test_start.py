"""Start-up does only what the first screen needs, and still offers recoveries. History:
issue 15."""

from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path

from tests.conftest import ROOT
from tests.tui.driver import Folders, app_in
from tui.screens.home import HomeScreen

HEAVY = ("pydantic", "model.roster.roster", "model.catalog.schema", "tui.screens.builder")
"""Modules that the home screen does not need and that cost most of a start."""

START = textwrap.dedent(
    """
    import asyncio, sys
    from pathlib import Path

    from tui.app import make_app


    async def main() -> None:
        root = Path(sys.argv[1])
        app = make_app(
            catalog_dir=root / "catalogs", saves_dir=root / "saves", config_dir=root / "config"
        )
        async with app.run_test(size=(100, 32)) as pilot:
            await pilot.pause()
            await app.workers.wait_for_complete()
            await pilot.pause()
            print(type(app.screen).__name__)
            print(",".join(m for m in sys.argv[2].split(",") if m in sys.modules))
            await pilot.press("ctrl+q")
            await pilot.pause()
            print(app.is_running, "tui.screens.builder" in sys.modules)


    asyncio.run(main())
    """
)


def _start(root: Path) -> list[str]:
    done = subprocess.run(
        [sys.executable, "-c", START, str(root), ",".join(HEAVY)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
        timeout=120,
    )
    return done.stdout.splitlines()


def test_nothing_to_recover_imports_no_schema_and_stops_at_home(tmp_path: Path) -> None:
    """An empty recovery folder is found by listing it: no model is built for it."""
    (tmp_path / "saves" / ".recovery").mkdir(parents=True)
    (tmp_path / "saves" / ".recovery" / "notes.txt").write_text("not a recovery file")
    assert _start(tmp_path)[:2] == ["HomeScreen", ""]


def test_quitting_imports_no_builder(tmp_path: Path) -> None:
    """Ctrl+Q asks every open screen to settle, without importing the builder to ask."""
    assert _start(tmp_path)[2] == "False False"


async def test_an_unreadable_recovery_file_is_told_and_kept(tmp_path: Path) -> None:
    folders = Folders(tmp_path)
    broken = folders.saves / ".recovery" / "0123456789abcdef.toml"
    broken.parent.mkdir(parents=True)
    broken.write_text("format = [", encoding="utf-8")
    app = app_in(folders)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert isinstance(app.screen, HomeScreen)
        told = [n.message for n in app._notifications]
        assert any(str(broken) in m and "it was kept" in m for m in told), told
    assert broken.read_text(encoding="utf-8") == "format = ["


async def test_the_home_screen_is_the_base_screen_and_a_list_opens_above_it(
    tmp_path: Path,
) -> None:
    """Home is the app's base screen (no empty default screen under it); opening a list
    while another is open replaces that list's builder, above home."""
    from tests.conftest import FIXTURES
    from tui.screens.builder.screen import BuilderScreen

    folders = Folders(tmp_path)
    legal = (FIXTURES / "rosters" / "gangers" / "legal-500.toml").read_text(encoding="utf-8")
    first, second = folders.roster("a.toml", legal), folders.roster("b.toml", legal)
    app = app_in(folders, open_path=first)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        home, builder = app.screen_stack
        assert isinstance(home, HomeScreen) and isinstance(builder, BuilderScreen)
        app.open_roster(second)
        await pilot.pause()
        assert app.screen_stack[0] is home and len(app.screen_stack) == 2
        assert isinstance(app.screen, BuilderScreen) and app.screen is not builder
        assert app.screen.path == second
