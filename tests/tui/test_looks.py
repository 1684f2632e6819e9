"""How screens look at the edges a new player met (issue 31, item 7): lines that do
not fit end in an ellipsis, names a player can read, drop-downs kept inside their
dialog, footers that show whole keys at 80 and 60 columns, and the header's icon."""

from __future__ import annotations

from pathlib import Path

from textual.app import App
from textual.widgets import Static

from tests.tui.driver import Folders
from tests.tui.test_snapshots import app_on

BRIDGE = Path(__file__).resolve().parent.parent / "fixtures" / "battles" / "bridge.toml"
"""A battle in turn 1, side B to act (its README tells its events)."""


def folders_in(tmp_path: Path) -> Folders:
    folders = Folders(tmp_path)
    folders.catalogs.mkdir()
    return folders


def bridge(folders: Folders) -> Path:
    return folders.roster("bridge.battle.toml", BRIDGE.read_text(encoding="utf-8"))


def screen_lines(app: App[object]) -> list[str]:
    """The screen as drawn, one string a line."""
    return [strip.text for strip in app.screen._compositor.render_strips()]


async def test_the_tracker_status_line_ends_in_an_ellipsis_when_cut(tmp_path: Path) -> None:
    folders = folders_in(tmp_path)
    app = app_on(folders, battle_path=bridge(folders))
    async with app.run_test(size=(60, 24)) as pilot:
        await pilot.pause()
        status = app.screen.query_one("#battle-status", Static)
        line = status.render_line(0).text.rstrip()
        assert line.startswith("Turn 1/6 · Ag round 5 · side B (Bob) to act: B14 Mutard")
        assert line.endswith("…") and len(line) <= 60
    async with app_on(folders, battle_path=bridge(folders)).run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        status = pilot.app.screen.query_one("#battle-status", Static)
        assert "…" not in status.render_line(0).text  # it fits: nothing cut
