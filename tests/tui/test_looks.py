"""How screens look at the edges a new player met: lines that do not fit end in an ellipsis,
names a player can read, drop-downs kept inside their dialog, footers that show whole keys
at 80 and 60 columns, and the header's icon. History: issue 31, item 7."""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any

import pytest
from textual.app import App, ComposeResult
from textual.command import CommandPalette
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Footer, Label, OptionList, Select, Static

from catalogs.locations import bundled_dir
from tests.conftest import FIXTURES
from tests.tui.driver import Folders
from tests.tui.test_snapshots import SHEET, _gaslands_list, app_on
from tui.app import WarbandApp
from tui.cli import main
from tui.dialogs.details import DetailsDialog
from tui.screens.tracker.screen import TrackerScreen
from tui.textual_private import FooterKey, HeaderIcon, SelectOverlay

BRIDGE = Path(__file__).resolve().parent.parent / "fixtures" / "battles" / "bridge.toml"
"""A battle in turn 1, side B to act (its README tells its events)."""


def folders_in(tmp_path: Path) -> Folders:
    folders = Folders(tmp_path)
    folders.catalogs.mkdir()
    return folders


def bridge(folders: Folders) -> Path:
    return folders.roster("bridge.battle.toml", BRIDGE.read_text(encoding="utf-8"))


def screen_lines(app: App[Any]) -> list[str]:
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


def recent(folders: Folders, *paths: Path) -> None:
    """Settings listing ``paths`` as the recent files."""
    listed = "".join(f'    "{path}",\n' for path in paths)
    folders.config.mkdir(parents=True, exist_ok=True)
    (folders.config / "settings.toml").write_text(
        f'format = "warband.settings/1"\nrecent = [\n{listed}]\n', encoding="utf-8"
    )


def recent_labels(app: App[Any]) -> list[str]:
    shown = app.screen.query_one("#recent", OptionList)
    return [str(shown.get_option_at_index(i).prompt) for i in range(shown.option_count)]


async def test_recent_files_name_a_battlescribe_game_and_a_battle_s_players(
    tmp_path: Path,
) -> None:
    """A list over BattleScribe data by its game's name as the game system file gives
    it ("Gaslands", not the folder's "gaslands"); a battle by its players, as the tracker
    titles it ("Ann vs Bob", not the lists' names)."""
    folders = folders_in(tmp_path)
    gaslands = _gaslands_list(folders)
    battle = folders.saves / "duel.battle.toml"
    lists = [
        folders.roster(f"{name}.toml", (FIXTURES / "rosters" / name / "legal-500.toml").read_text())
        for name in ("gangers", "mutards")
    ]
    common = ["--catalog-dir", str(folders.catalogs), "battle", "new", *map(str, lists)]
    assert main([*common, "--players", "Ann", "Bob", "-o", str(battle)], out=io.StringIO()) == 0
    recent(folders, gaslands, battle)
    async with app_on(folders, bundled=bundled_dir()).run_test(size=(120, 30)) as pilot:
        await pilot.pause()
        team, duel = recent_labels(pilot.app)
        assert team.startswith("Gaslands  Gaslands · BattleScribe data  saves/team.toml"), team
        assert duel.startswith("Ann vs Bob  battle · Punkapocalyptic"), duel
        await pilot.press("down", "enter")
        await pilot.pause()
        assert isinstance(pilot.app.screen, TrackerScreen)
        assert pilot.app.screen.title == "Ann vs Bob"  # the same names as Recent files


async def test_details_spell_out_where_a_unit_comes_from(tmp_path: Path) -> None:
    """i on a unit: its source by the document's title and section, not "BL §4"."""
    folders = folders_in(tmp_path)
    band = folders.roster(
        "band.toml", (FIXTURES / "rosters" / "gangers" / "legal-500.toml").read_text()
    )
    async with app_on(folders, band, bundled=bundled_dir()).run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        pilot.app.screen.query_one("#unit-list", OptionList).focus()
        await pilot.press("i")
        await pilot.pause()
        dialog = pilot.app.screen
        assert isinstance(dialog, DetailsDialog)
        assert "Source: Punkapocalyptic band lists (warband's research notes), section 4" in (
            dialog.body.plain
        )


def _home(folders: Folders) -> WarbandApp:
    return app_on(folders)


def _builder(folders: Folders) -> WarbandApp:
    return app_on(folders, folders.roster("red-raiders.toml", SHEET))


def _bs_builder(folders: Folders) -> WarbandApp:
    return app_on(folders, _gaslands_list(folders))


def _tracker(folders: Folders) -> WarbandApp:
    return app_on(folders, battle_path=bridge(folders))


SCREENS = {
    "home": (_home, ()),
    "builder": (_builder, ()),
    "bs-builder": (_bs_builder, ()),
    "tracker": (_tracker, ()),
    "sheet": (_builder, ("v",)),
}


def footer_keys(app: App[Any]) -> tuple[list[FooterKey], str]:
    """The footer's keys, each checked to be drawn whole, and the footer's line."""
    footer = app.screen.query_one(Footer)
    keys = [k for k in footer.query(FooterKey) if k.display]
    line = screen_lines(app)[-1]
    palette = [k for k in keys if k.has_class("-command-palette")]
    for key in keys:
        region = key.region
        assert footer.region.contains_region(region), (key.key_display, line)
        assert not any(p.region.overlaps(region) for p in palette if p is not key), line
        assert f"{key.key_display} {key.description}".strip() in line, line
    return keys, line


@pytest.mark.parametrize("width", [80, 60])
@pytest.mark.parametrize("screen", sorted(SCREENS))
async def test_every_footer_shows_whole_keys(tmp_path: Path, screen: str, width: int) -> None:
    """At 80 and 60 columns each footer shows whole keys, F1 first: the keys that do not
    fit are left out (F1's page lists them), never cut mid-word or drawn over."""
    make, keys = SCREENS[screen]
    async with make(folders_in(tmp_path)).run_test(size=(width, 24)) as pilot:
        await pilot.pause()
        for key in keys:
            await pilot.press(key)
            await pilot.pause()
        shown, line = footer_keys(pilot.app)
        assert any(k.action == "help" for k in shown), line


async def test_the_footer_shows_the_keys_that_fit_again_after_a_resize(tmp_path: Path) -> None:
    async with _home(folders_in(tmp_path)).run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        _, line = footer_keys(pilot.app)
        assert "r Resume battle" in line  # cut to "r Resume battl" before
        await pilot.resize_terminal(60, 24)
        await pilot.pause()
        _, line = footer_keys(pilot.app)
        assert "r Resume battle" not in line and "b New battle" in line
        await pilot.resize_terminal(100, 24)
        await pilot.pause()
        _, line = footer_keys(pilot.app)
        assert "r Resume battle" in line and "^p palette" in line


class LowDropDown(ModalScreen[None]):
    """A dialog whose last field is a drop-down of twenty options."""

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Label("Pick one", classes="dialog-title")
            yield Static("\n".join(["a field"] * 6))
            yield Select([(f"Option {n}", n) for n in range(20)], value=0, id="low", compact=True)


@pytest.mark.parametrize("compact", [True, False])
async def test_a_drop_down_opens_inside_its_dialog(tmp_path: Path, compact: bool) -> None:
    """Its list is drawn within the dialog's border, scrolling, not over the border and the
    screen below. History: issue 31, the dice helper's Target list at 80x24."""
    async with _home(folders_in(tmp_path)).run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.app.push_screen(LowDropDown())
        await pilot.pause()
        select = pilot.app.screen.query_one("#low", Select)
        select.compact = compact
        select.focus()
        await pilot.press("enter")
        await pilot.pause()
        overlay = select.query_one(SelectOverlay)
        assert select.expanded and overlay.has_focus
        box = pilot.app.screen.query_one(".dialog")
        inside = box.content_region
        assert overlay.region.height >= 2
        assert inside.contains_region(overlay.region), (overlay.region, inside)
        await pilot.press("down", "down", "enter")
        await pilot.pause()
        assert select.value == 2  # it still works as a drop-down


@pytest.mark.parametrize("screen", sorted(SCREENS))
async def test_every_header_shows_the_menu_sign_that_opens_the_palette(
    tmp_path: Path, screen: str
) -> None:
    """Not Textual's "⭘": "≡", on every screen, and a click on it opens the palette."""
    make, keys = SCREENS[screen]
    async with make(folders_in(tmp_path)).run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        for key in keys:
            await pilot.press(key)
            await pilot.pause()
        lines = screen_lines(pilot.app)
        assert lines[0].startswith(" ≡ ") and not any("⭘" in line for line in lines)
        await pilot.click(HeaderIcon)
        await pilot.pause()
        assert isinstance(pilot.app.screen, CommandPalette)
