"""The app around the builder: files, recovery, quitting, settings, commands."""

from __future__ import annotations

import shutil
from pathlib import Path

from textual.widgets import OptionList

from saves.recovery import find_recoveries
from saves.roster_file import read_roster
from tests.conftest import FIXTURES
from tests.tui.driver import Folders, app_in, keys, new_list
from tui.dialogs.choice import ChoiceDialog
from tui.dialogs.details import DetailsDialog
from tui.dialogs.equip import EquipDialog
from tui.dialogs.message import MessageDialog
from tui.dialogs.open_file import OpenFileDialog
from tui.screens.base import CommandScreen
from tui.screens.builder.screen import BuilderScreen
from tui.screens.help import HelpScreen
from tui.screens.home import HomeScreen
from tui.screens.sheet import SheetScreen

LEGAL = FIXTURES / "rosters" / "gangers" / "legal-500.toml"


def copy_roster(folders: Folders, source: Path = LEGAL, name: str = "band.toml") -> Path:
    folders.saves.mkdir(parents=True, exist_ok=True)
    target = folders.saves / name
    shutil.copy(source, target)
    return target


class TestRecovery:
    async def test_unsaved_work_survives_a_crash(self, tmp_path: Path) -> None:
        folders = Folders(tmp_path)
        app = app_in(folders, offer_recovery=False)
        async with app.run_test(size=(100, 32)) as pilot:
            await new_list(pilot, "g")
            await keys(
                pilot,
                "slash",
                "chief",
                "enter",
                "e",
                "rifle",
                "enter",
                "escape",
                "slash",
                "ganger",
                "enter",
            )
            lost = app.screen
            assert isinstance(lost, BuilderScreen)
            unsaved = lost.roster
        # The test leaves the app without quitting: as if the terminal were killed.
        found, _ = find_recoveries(folders.saves / ".recovery")
        assert [r.roster for r in found] == [unsaved]

        app = app_in(folders)
        async with app.run_test(size=(100, 32)) as pilot:
            await pilot.pause()
            assert isinstance(app.screen, ChoiceDialog)
            assert "unsaved changes to 'Gangers'" in app.screen.message
            await keys(pilot, "enter")  # Recover: the default, drawn as one, has the cursor
            builder = app.screen
            assert isinstance(builder, BuilderScreen)
            assert builder.roster == unsaved
            assert builder.dirty
            await keys(pilot, "ctrl+s", "enter")
            assert not builder.dirty
        assert find_recoveries(folders.saves / ".recovery") == ([], [])
        assert read_roster(folders.saves / "gangers.toml")[0] == unsaved

    async def test_a_recovery_can_be_discarded(self, tmp_path: Path) -> None:
        folders = Folders(tmp_path)
        app = app_in(folders, offer_recovery=False)
        async with app.run_test(size=(100, 32)) as pilot:
            await new_list(pilot, "g")
            await keys(pilot, "slash", "brute", "enter")
        app = app_in(folders)
        async with app.run_test(size=(100, 32)) as pilot:
            await pilot.pause()
            await pilot.click("#choice-discard")
            await pilot.pause()
            assert isinstance(app.screen, HomeScreen)
        assert find_recoveries(folders.saves / ".recovery") == ([], [])


class TestQuitting:
    async def test_quit_asks_about_unsaved_changes(self, tmp_path: Path) -> None:
        folders = Folders(tmp_path)
        app = app_in(folders, offer_recovery=False)
        async with app.run_test(size=(100, 32)) as pilot:
            await new_list(pilot, "g")
            await keys(pilot, "slash", "chief", "enter")
            await keys(pilot, "ctrl+q")
            assert isinstance(app.screen, ChoiceDialog)
            await keys(pilot, "escape")  # cancel: still building
            assert isinstance(app.screen, BuilderScreen)
            assert app.is_running
            await keys(pilot, "ctrl+q")
            await pilot.click("#choice-discard")
            await pilot.pause()
            assert not app.is_running
        assert find_recoveries(folders.saves / ".recovery") == ([], [])

    async def test_quit_with_nothing_unsaved_does_not_ask(self, tmp_path: Path) -> None:
        folders = Folders(tmp_path)
        app = app_in(folders, open_path=copy_roster(folders))
        async with app.run_test(size=(100, 32)) as pilot:
            await pilot.pause()
            assert isinstance(app.screen, BuilderScreen)
            await keys(pilot, "ctrl+q")
            assert not app.is_running

    async def test_closing_a_list_can_save_it(self, tmp_path: Path) -> None:
        folders = Folders(tmp_path)
        path = copy_roster(folders)
        app = app_in(folders, open_path=path)
        async with app.run_test(size=(100, 32)) as pilot:
            await pilot.pause()
            await keys(pilot, "x", "escape")  # remove the last entry, close the list
            assert isinstance(app.screen, ChoiceDialog)
            await pilot.click("#choice-save")
            await pilot.pause()
            assert isinstance(app.screen, HomeScreen)
        assert len(read_roster(path)[0].units) == 7


class TestFiles:
    async def test_open_from_the_command_line(self, tmp_path: Path) -> None:
        folders = Folders(tmp_path)
        app = app_in(folders, open_path=copy_roster(folders))
        async with app.run_test(size=(100, 32)) as pilot:
            await pilot.pause()
            builder = app.screen
            assert isinstance(builder, BuilderScreen)
            assert (builder.report.points, builder.report.valid) == (485, True)
            assert not builder.dirty

    async def test_a_broken_file_is_explained_and_nothing_is_lost(self, tmp_path: Path) -> None:
        folders = Folders(tmp_path)
        broken = copy_roster(folders, FIXTURES / "bad" / "unknown-item.toml")
        before = broken.read_bytes()
        app = app_in(folders, open_path=broken)
        async with app.run_test(size=(100, 32)) as pilot:
            await pilot.pause()
            dialog = app.screen
            assert isinstance(dialog, MessageDialog)
            assert "unknown item 'bulet'; did you mean 'bullet'?" in dialog.body
            await keys(pilot, "enter")
            assert isinstance(app.screen, HomeScreen)
        assert broken.read_bytes() == before

    async def test_the_file_picker_starts_in_the_saves_folder(self, tmp_path: Path) -> None:
        folders = Folders(tmp_path)
        copy_roster(folders)
        app = app_in(folders, offer_recovery=False)
        async with app.run_test(size=(100, 32)) as pilot:
            await keys(pilot, "o")
            dialog = app.screen
            assert isinstance(dialog, OpenFileDialog)
            assert dialog.root == folders.saves
            await keys(pilot, "tab", "band.toml", "enter")
            assert isinstance(app.screen, BuilderScreen)

    async def test_recent_files_are_listed_and_open(self, tmp_path: Path) -> None:
        folders = Folders(tmp_path)
        path = copy_roster(folders)
        async with app_in(folders, open_path=path).run_test() as pilot:
            await pilot.pause()
        app = app_in(folders, offer_recovery=False)
        async with app.run_test(size=(100, 32)) as pilot:
            await pilot.pause()
            recent = app.screen.query_one("#recent", OptionList)
            assert recent.get_option_at_index(0).id == str(path.resolve())
            await keys(pilot, "enter")
            assert isinstance(app.screen, BuilderScreen)
            assert app.screen.path == path.resolve()


class TestSettings:
    async def test_the_chosen_theme_is_remembered(self, tmp_path: Path) -> None:
        folders = Folders(tmp_path)
        app = app_in(folders, theme=None, offer_recovery=False)
        async with app.run_test() as pilot:
            await pilot.pause()
            app.theme = "nord"
            await pilot.pause()
        app = app_in(folders, theme=None, offer_recovery=False)
        async with app.run_test() as pilot:
            await pilot.pause()
            assert app.theme == "nord"

    async def test_a_broken_settings_file_gives_defaults(self, tmp_path: Path) -> None:
        folders = Folders(tmp_path)
        folders.config.mkdir(parents=True)
        (folders.config / "settings.toml").write_text("theme = [\n")
        app = app_in(folders, theme=None, offer_recovery=False)
        async with app.run_test() as pilot:
            await pilot.pause()
            assert app.theme == "textual-dark"
            assert isinstance(app.screen, HomeScreen)


class TestCommands:
    def test_every_command_has_a_binding_with_an_id(self) -> None:
        for screen in (HomeScreen, BuilderScreen, SheetScreen):
            assert issubclass(screen, CommandScreen)
            ids = {getattr(b, "id", None) for b in screen.BINDINGS}
            for command in screen.COMMAND_LIST:
                assert command.action in ids
                assert hasattr(screen, f"action_{command.action}"), command.action
                assert command.help.endswith("."), command.help

    async def test_the_palette_offers_what_can_run_now(self, tmp_path: Path) -> None:
        folders = Folders(tmp_path)
        app = app_in(folders, offer_recovery=False)
        async with app.run_test(size=(100, 32)) as pilot:
            await new_list(pilot, "g")
            builder = app.screen
            titles = [c.title for c in app.get_system_commands(builder)]
            assert "Add (a)" in titles and "Help" in titles
            assert "Equip (e)" not in titles  # nothing to equip yet: not offered
            assert builder.check_action("equip", ()) is None  # dimmed in the footer
            await keys(pilot, "slash", "chief", "enter")
            titles = [c.title for c in app.get_system_commands(builder)]
            assert "Equip (e)" in titles

    async def test_f1_shows_help_for_the_current_screen(self, tmp_path: Path) -> None:
        app = app_in(Folders(tmp_path), offer_recovery=False)
        async with app.run_test(size=(100, 32)) as pilot:
            await new_list(pilot, "g")
            await keys(pilot, "f1")
            assert isinstance(app.screen, HelpScreen)
            assert app.screen.for_screen.NAME == "List builder"
            await keys(pilot, "escape")
            assert isinstance(app.screen, BuilderScreen)


class TestBuilderEdits:
    async def test_forbidden_options_are_shown_with_the_reason(self, tmp_path: Path) -> None:
        app = app_in(Folders(tmp_path), offer_recovery=False)
        async with app.run_test(size=(100, 32)) as pilot:
            await new_list(pilot, "g")
            await keys(pilot, "slash", "brute", "enter", "e", "heavy mace", "enter")
            dialog = app.screen
            assert isinstance(dialog, EquipDialog)
            shield = next(o for o in dialog.options if o.item_id == "shield")
            assert not shield.allowed
            assert shield.blocked_by[0].code == "shield-two-handed"
            await keys(pilot, "shield")
            detail = str(dialog.query_one("#equip-detail").render())
            assert "a shield leaves no hand for it" in detail

    async def test_rename_models_copy_move_and_limit(self, tmp_path: Path) -> None:
        app = app_in(Folders(tmp_path), offer_recovery=False)
        async with app.run_test(size=(100, 32)) as pilot:
            await new_list(pilot, "m")
            builder = app.screen
            assert isinstance(builder, BuilderScreen)
            await keys(pilot, "slash", "bobblehead", "enter", "slash", "addler", "enter")
            assert builder.check_action("set_models", ()) is True
            await keys(pilot, "m", "backspace", "4", "enter")
            await keys(pilot, "r", "Pack One", "enter")
            await keys(pilot, "c")
            assert [(u.unit, u.models, u.name) for u in builder.roster.units] == [
                ("bobblehead", 1, None),
                ("addler", 4, "Pack One"),
                ("addler", 4, "Pack One"),
            ]
            await keys(pilot, "u", "u")
            assert builder.roster.units[0].unit == "addler"
            assert builder.selected == 0
            assert builder.check_action("move_up", ()) is None
            await keys(pilot, "l", "backspace", "backspace", "backspace", "300", "enter")
            assert builder.roster.points_limit == 300
            await keys(pilot, "x")
            assert len(builder.roster.units) == 2

    async def test_details_of_units_and_items(self, tmp_path: Path) -> None:
        app = app_in(Folders(tmp_path), offer_recovery=False)
        async with app.run_test(size=(100, 32)) as pilot:
            await new_list(pilot, "g")
            await keys(pilot, "i")  # on the unit list: the highlighted unit
            assert isinstance(app.screen, DetailsDialog)
            assert app.screen.title_text == "Chief"
            assert "Weapons (1-2):" in app.screen.body.plain
            await keys(pilot, "escape", "slash", "ganger", "enter", "e", "bow", "enter", "escape")
            tree = app.screen.query_one("#roster")
            tree.focus()
            await keys(pilot, "down", "down", "i")  # the bow under the Ganger
            assert isinstance(app.screen, DetailsDialog)
            assert app.screen.title_text == "Bow"
            assert "Hard to use: -1 Precision on every shot." in app.screen.body.plain

    async def test_the_army_sheet(self, tmp_path: Path) -> None:
        folders = Folders(tmp_path)
        app = app_in(folders, open_path=copy_roster(folders))
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            await keys(pilot, "v")
            assert isinstance(app.screen, SheetScreen)
            shown = app.export_screenshot().replace("&#160;", " ")
            assert "485/500 points · 8 models · " in shown
            assert ">VALID<" in shown
            await keys(pilot, "escape")
            assert isinstance(app.screen, BuilderScreen)
