"""The list's settings in the builder, pressed like a person.

A Reikhammer list sets its army's strategy rating and a Steam Wars list its vehicle
limit in the builder's settings dialog (``g``, or "Settings" in the palette), instead
of editing the file: each change is one undoable edit, checked at once, and saved in
the file's ``[settings]``. A game with no settings offers no such command.

History: issue 16, point 11.
"""

from __future__ import annotations

import shutil
from pathlib import Path

from textual.widgets import Input, OptionList, Static

from catalogs.locations import bundled_dir
from saves.roster_file import read_roster
from tests.conftest import FIXTURES
from tests.tui.driver import Folders, app_in, keys
from tui.dialogs.prompt import PromptDialog
from tui.dialogs.settings import SettingsDialog
from tui.screens.builder.screen import BuilderScreen

ROSTERS = FIXTURES / "rosters"


def builder_of(app: object) -> BuilderScreen:
    for screen in reversed(getattr(app, "screen_stack", [])):
        if isinstance(screen, BuilderScreen):
            return screen
    raise AssertionError("no builder")


def dialog_of(app: object) -> SettingsDialog:
    screen = getattr(app, "screen", None)
    assert isinstance(screen, SettingsDialog), screen
    return screen


def shown_rows(app: object) -> list[str]:
    listing = dialog_of(app).query_one("#settings-options", OptionList)
    return [str(listing.get_option_at_index(n).prompt) for n in range(listing.option_count)]


def copy_of(folders: Folders, fixture: str) -> Path:
    """A fixture list copied into the saves folder (saving must not write the fixture)."""
    source = ROSTERS / f"{fixture}.toml"
    return folders.roster(source.name, source.read_text(encoding="utf-8"))


async def test_the_strategy_rating_is_set_saved_and_undone(tmp_path: Path) -> None:
    folders = Folders(tmp_path)
    path = copy_of(folders, "reikhammer/iron-line")
    app = app_in(folders, open_path=path, offer_recovery=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        builder = builder_of(app)
        assert builder.roster.settings == {"strategy-rating": 2}
        assert "Strategy rating 2" in str(builder.sub_title)  # shown where the player looks
        await keys(pilot, "g")
        assert shown_rows(app) == ["Strategy rating  2  (0 to 10)"]
        detail = str(dialog_of(app).query_one("#settings-detail", Static).render())
        assert "Strategy Phase roll" in detail
        assert "Source: Reikhammer wiki, Warfare page, Strategy Phase" in detail
        await keys(pilot, "enter")
        assert isinstance(app.screen, PromptDialog)
        await keys(pilot, "ctrl+u", "4", "enter")
        assert shown_rows(app) == ["Strategy rating  4  (0 to 10)"]
        await keys(pilot, "plus")
        assert shown_rows(app) == ["Strategy rating  5  (0 to 10)"]
        await keys(pilot, "escape", "ctrl+s")
        assert builder.roster.settings == {"strategy-rating": 5}
        assert "Strategy rating 5" in str(builder.sub_title)
        saved, _ = read_roster(path)
        assert saved.settings == {"strategy-rating": 5}
        assert "[settings]\nstrategy-rating = 5\n" in path.read_text(encoding="utf-8")
        await keys(pilot, "ctrl+z")  # the + step
        assert builder.roster.settings == {"strategy-rating": 4}
        await keys(pilot, "ctrl+z")  # the typed 4
        assert builder.roster.settings == {"strategy-rating": 2}
        assert "Strategy rating 2" in str(builder.sub_title)
        assert builder.dirty  # the file has 5


async def test_a_rating_out_of_its_range_is_refused_with_the_reason(tmp_path: Path) -> None:
    folders = Folders(tmp_path)
    app = app_in(folders, open_path=copy_of(folders, "reikhammer/iron-line"), offer_recovery=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        builder = builder_of(app)
        await keys(pilot, "g", "enter", "ctrl+u", "12", "enter")
        prompt = app.screen
        assert isinstance(prompt, PromptDialog)  # still asking
        said = str(prompt.query_one("#prompt-error", Static).render())
        assert said == (
            "Strategy rating goes from 0 to 10: type a whole number in that range, "
            "or nothing to leave it unset."
        )
        assert builder.roster.settings == {"strategy-rating": 2}
        await keys(pilot, "ctrl+u", "enter")  # empty: not set
        assert shown_rows(app) == ["Strategy rating  not set  (0 to 10)"]
        assert builder.roster.settings == {}
        await keys(pilot, "end", "plus")  # from unset, + starts at the least
        assert builder.roster.settings == {"strategy-rating": 0}
        await keys(pilot, "minus")  # at the least: refused, said
        assert builder.roster.settings == {"strategy-rating": 0}
        messages = [n.message for n in app._notifications]
        assert "Strategy rating is at its least: it goes from 0 to 10." in messages


async def test_a_setting_the_game_does_not_have_is_a_finding_and_delete_removes_it(
    tmp_path: Path,
) -> None:
    folders = Folders(tmp_path)
    text = (ROSTERS / "reikhammer" / "iron-line.toml").read_text(encoding="utf-8")
    path = folders.roster("typo.toml", text + "strategy-ratng = 3\n")
    app = app_in(folders, open_path=path, offer_recovery=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        builder = builder_of(app)
        assert [f.code for f in builder.report.findings] == ["unknown-setting"]
        await keys(pilot, "g")
        assert shown_rows(app) == [
            "Strategy rating  2  (0 to 10)",
            "strategy-ratng  3  ✗",
        ]
        await keys(pilot, "down", "delete")
        assert shown_rows(app) == ["Strategy rating  2  (0 to 10)"]
        assert builder.roster.settings == {"strategy-rating": 2}
        assert builder.report.findings == ()  # checked again at once


async def test_the_vehicle_limit_is_checked_live_in_the_dialog(tmp_path: Path) -> None:
    folders = Folders(tmp_path)
    path = copy_of(folders, "steam-wars/designed-1000")
    app = app_in(folders, open_path=path, offer_recovery=False)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        builder = builder_of(app)
        assert "Vehicle limit not set" in str(builder.sub_title)
        vehicles = builder.report.tallies
        await keys(pilot, "ctrl+p")
        await keys(pilot, "settings")
        await keys(pilot, "enter")
        dialog_of(app)
        assert shown_rows(app) == ["Vehicle limit  not set  (0 to 1,000)"]
        await keys(pilot, "plus")  # 0 vehicles: the list's two break it
        assert builder.roster.settings == {"vehicle-limit": 0}
        assert shown_rows(app) == ["Vehicle limit  0  (0 to 1,000)  ✗"]
        detail = str(dialog_of(app).query_one("#settings-detail", Static).render())
        assert "✗ 2 vehicles; the agreed vehicle limit is 0: remove 2 vehicles" in detail
        await keys(pilot, "plus")
        detail = str(dialog_of(app).query_one("#settings-detail", Static).render())
        assert "✗ 2 vehicles; the agreed vehicle limit is 1: remove 1 vehicle" in detail
        await keys(pilot, "plus")
        assert shown_rows(app) == ["Vehicle limit  2  (0 to 1,000)"]
        assert [f.code for f in builder.report.findings if f.code == "vehicle-limit"] == []
        assert vehicles != builder.report.tallies  # the Vehicles count shows now


async def test_a_game_without_settings_has_no_settings_command(tmp_path: Path) -> None:
    folders = Folders(tmp_path)
    app = app_in(folders, open_path=ROSTERS / "gangers" / "legal-500.toml", offer_recovery=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        builder = builder_of(app)
        assert builder.check_action("settings", ()) is False
        titles = [c.title for c in app.get_system_commands(app.screen)]
        assert not any(t.startswith("Settings") for t in titles)
        assert "settings" not in [c.action for c in builder.commands]  # nor in F1
        assert builder.sub_title == "Gangers · Punkapocalyptic"
        await keys(pilot, "g")
        assert app.screen is builder


async def test_the_settings_command_is_in_the_palette_and_help(tmp_path: Path) -> None:
    folders = Folders(tmp_path)
    path = copy_of(folders, "reikhammer/iron-line")
    app = app_in(folders, open_path=path, offer_recovery=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        builder = builder_of(app)
        titles = [c.title for c in app.get_system_commands(app.screen)]
        assert "Settings (g)" in titles
        assert "settings" in [c.action for c in builder.commands]
        await keys(pilot, "ctrl+p", "settings", "enter")
        dialog_of(app)
        await keys(pilot, "escape")
        assert app.screen is builder


async def test_a_declared_default_is_offered_for_an_unset_setting(tmp_path: Path) -> None:
    """A catalog that gives a usual value (here a user copy of Reikhammer with a default
    of 3) offers it: Enter proposes it, + starts from it; nothing is set until asked."""
    folders = Folders(tmp_path)
    copy = folders.catalogs / "reikhammer"
    shutil.copytree(bundled_dir() / "reikhammer", copy)
    system = copy / "system.toml"
    text = system.read_text(encoding="utf-8")
    system.write_text(text.replace("max = 10\n", "max = 10\ndefault = 3\n", 1), "utf-8")
    roster = (ROSTERS / "reikhammer" / "iron-line.toml").read_text(encoding="utf-8")
    path = folders.roster("unset.toml", roster.replace("strategy-rating = 2\n", ""))
    app = app_in(folders, open_path=path, offer_recovery=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        builder = builder_of(app)
        assert builder.roster.settings == {}
        assert "Strategy rating not set" in str(builder.sub_title)
        await keys(pilot, "g", "enter")
        prompt = app.screen
        assert isinstance(prompt, PromptDialog)
        assert prompt.query_one("#prompt-input", Input).value == "3"
        await keys(pilot, "escape")
        assert builder.roster.settings == {}
        await keys(pilot, "plus")
        assert builder.roster.settings == {"strategy-rating": 3}
