"""The file edges a new player trips on: typed paths in the pickers, what `o` and `r` open,
the game systems by name, one order for every question's buttons, and recent files that say
what they hold. Each test presses the keys a person pressed. History: issue 16."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from textual.color import Color
from textual.pilot import Pilot
from textual.widgets import Button, DirectoryTree, Input, OptionList, Select, Static

from saves.roster_file import read_roster
from tests.conftest import FIXTURES
from tests.tui.driver import Folders, app_in, keys
from tests.tui.test_tracker import start
from tui.app import WarbandApp
from tui.dialogs.choice import ChoiceDialog
from tui.dialogs.designer import DesignerDialog
from tui.dialogs.open_file import OpenFileDialog
from tui.dialogs.prompt import PromptDialog
from tui.screens.builder.screen import BuilderScreen
from tui.screens.help import help_markdown
from tui.screens.home import HomeScreen
from tui.screens.tracker.screen import TrackerScreen

GANGERS = Path("tests/fixtures/rosters/gangers/legal-500.toml")
"""The path the issue typed, relative to the project folder."""
MUTARDS = Path("tests/fixtures/rosters/mutards/legal-500.toml")
SIZE = (80, 24)


@pytest.fixture
def table(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A folder warband is started in, holding the fixture lists under the issue's paths
    (the saves folder is elsewhere, so nothing can be found there by accident)."""
    here = tmp_path / "table"
    for relative in (GANGERS, MUTARDS):
        (here / relative).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(FIXTURES / relative.relative_to("tests/fixtures"), here / relative)
    monkeypatch.chdir(here)
    return here


def write_recent(folders: Folders, *recent: Path) -> None:
    """Settings naming these recent files, newest first."""
    folders.config.mkdir(parents=True, exist_ok=True)
    (folders.config / "settings.toml").write_text(
        'format = "warband.settings/1"\nrecent = [\n'
        + "".join(f'    "{p}",\n' for p in recent)
        + "]\n",
        encoding="utf-8",
    )


def picker(app: WarbandApp) -> OpenFileDialog:
    dialog = app.screen
    assert isinstance(dialog, OpenFileDialog), dialog
    return dialog


def hint(dialog: OpenFileDialog) -> str:
    return str(dialog.query_one("#open-hint", Static).content)


async def listed(pilot: Pilot[None], dialog: OpenFileDialog) -> list[str]:
    """The file names the picker's tree shows at its top level, once it has read them."""
    tree = dialog.query_one("#files", DirectoryTree)
    await pilot.pause()
    while not tree.root.children or any(  # the tree reads each folder in a thread
        w.node is tree and w.name == "_load_directory" and not w.is_finished
        for w in pilot.app.workers
    ):
        await pilot.pause(0.01)
    return sorted(str(node.label) for node in tree.root.children)


class TestTypedPaths:
    async def test_a_relative_path_opens_from_the_folder_warband_started_in(
        self, tmp_path: Path, table: Path
    ) -> None:
        """`o`, Tab, Ctrl+U, the issue's relative path, Enter: the list opens."""
        folders = Folders(tmp_path / "home")
        app = app_in(folders, offer_recovery=False)
        async with app.run_test(size=SIZE) as pilot:
            await keys(pilot, "o", "tab", "ctrl+u", str(GANGERS), "enter")
            builder = app.screen
            assert isinstance(builder, BuilderScreen), builder
            assert builder.roster.name == "Rust Rats"
            assert builder.path == table / GANGERS

    async def test_a_bad_path_keeps_the_new_battle_on_its_step(
        self, tmp_path: Path, table: Path
    ) -> None:
        """`b`: side A from a relative path; side B's picker opens beside side A's file;
        a mistyped path stays on side B's step with the reason (the path said once)
        and the path still typed; fixed, the battle's file name is asked next."""
        folders = Folders(tmp_path / "home")
        app = app_in(folders, offer_recovery=False)
        async with app.run_test(size=SIZE) as pilot:
            await keys(pilot, "b", "tab", "ctrl+u", str(GANGERS), "enter")
            side_b = picker(app)
            assert side_b.title_text == "Side B's list"
            assert side_b.root == table / GANGERS.parent  # beside side A's file

            await keys(pilot, "tab", "ctrl+u", "tests/fixtures/rosters/mutards/legal-50.toml")
            await keys(pilot, "enter")
            again = picker(app)
            assert again.title_text == "Side B's list"
            wrong = table / "tests/fixtures/rosters/mutards/legal-50.toml"
            assert hint(again) == f"{wrong}: no such file; check the folder and the file name"
            assert "saves" not in hint(again)
            assert again.query_one("#path", Input).value == str(wrong)
            assert app.focused is again.query_one("#path", Input)

            await keys(pilot, "ctrl+u", str(MUTARDS), "enter")
            prompt = app.screen
            assert isinstance(prompt, PromptDialog), prompt
            assert prompt.value.endswith("rust-rats-vs-sewer-choir.battle.toml")

    async def test_a_name_from_the_tree_can_still_be_typed(
        self, tmp_path: Path, table: Path
    ) -> None:
        """A bare name that is not in the starting folder but in the saves folder the
        picker shows is taken from there (as before)."""
        folders = Folders(tmp_path / "home")
        folders.saves.mkdir(parents=True)
        shutil.copy(table / GANGERS, folders.saves / "band.toml")
        app = app_in(folders, offer_recovery=False)
        async with app.run_test(size=SIZE) as pilot:
            await keys(pilot, "o", "tab", "band.toml", "enter")
            builder = app.screen
            assert isinstance(builder, BuilderScreen), builder
            assert builder.path == folders.saves / "band.toml"


class TestOpenAndResume:
    async def test_open_takes_a_battle_to_the_tracker(self, tmp_path: Path) -> None:
        """`o` lists lists and battles; Enter on the battle opens the tracker."""
        folders = Folders(tmp_path)
        battle = start(folders)
        shutil.copy(FIXTURES / GANGERS.relative_to("tests/fixtures"), folders.saves / "band.toml")
        app = app_in(folders, offer_recovery=False)
        async with app.run_test(size=SIZE) as pilot:
            await keys(pilot, "o")
            dialog = picker(app)
            assert await listed(pilot, dialog) == ["band.toml", "game.battle.toml"]
            await keys(pilot, "tab", battle.name, "enter")
            screen = app.screen
            assert isinstance(screen, TrackerScreen), screen
            assert screen.path == battle

    async def test_resume_lists_battles_only(self, tmp_path: Path) -> None:
        """`r` lists the battle, not the list beside it (its name does not say), and
        suggests a battle file, not band.toml; Enter on the tree's file resumes it."""
        folders = Folders(tmp_path)
        battle = start(folders, "tuesday.toml")
        shutil.copy(FIXTURES / GANGERS.relative_to("tests/fixtures"), folders.saves / "band.toml")
        app = app_in(folders, offer_recovery=False)
        async with app.run_test(size=SIZE) as pilot:
            await keys(pilot, "r")
            dialog = picker(app)
            assert dialog.title_text == "Resume a battle"
            assert await listed(pilot, dialog) == ["tuesday.toml"]
            placeholder = dialog.query_one("#path", Input).placeholder
            assert placeholder.endswith(".battle.toml")
            await keys(pilot, "down", "enter")  # the tree has the cursor: the first file
            screen = app.screen
            assert isinstance(screen, TrackerScreen), screen
            assert screen.path == battle

    async def test_resume_suggests_the_last_battle(self, tmp_path: Path) -> None:
        """`r` after a battle was opened: its path is the example in the path box, even
        when a list was opened since and the battle's name does not say "battle"."""
        folders = Folders(tmp_path)
        battle = start(folders, "tuesday.toml")
        band = folders.saves / "band.toml"
        shutil.copy(FIXTURES / GANGERS.relative_to("tests/fixtures"), band)
        write_recent(folders, band, battle)
        app = app_in(folders, offer_recovery=False)
        async with app.run_test(size=SIZE) as pilot:
            await keys(pilot, "r")
            assert picker(app).query_one("#path", Input).placeholder == str(battle)

    async def test_a_list_that_cannot_be_opened_keeps_the_picker(self, tmp_path: Path) -> None:
        """`o` on a broken list: the picker again, with the reason, the path typed."""
        folders = Folders(tmp_path)
        folders.saves.mkdir(parents=True)
        shutil.copy(FIXTURES / "bad" / "unknown-item.toml", folders.saves / "bad.toml")
        app = app_in(folders, offer_recovery=False)
        async with app.run_test(size=SIZE) as pilot:
            await keys(pilot, "o", "tab", "bad.toml", "enter")
            dialog = picker(app)
            assert "unknown item 'bulet'; did you mean 'bullet'?" in hint(dialog)
            await keys(pilot, "escape")
            assert isinstance(app.screen, HomeScreen)


async def test_game_systems_are_listed_by_name(tmp_path: Path) -> None:
    """`n`, Shift+Tab to the game system, Enter: names with editions, no ids."""
    app = app_in(Folders(tmp_path), offer_recovery=False)
    async with app.run_test(size=SIZE) as pilot:
        await keys(pilot, "n", "shift+tab", "enter")
        system = app.screen.query_one("#system", Select)
        shown = [str(o.prompt) for o in system.query_one(OptionList).options]
        assert "Steam Wars, 2.1 (World War Zero)" in shown
        assert "Punkapocalyptic, 1st edition" in shown
        assert not {"punkapocalyptic", "steam-wars", "vsf-colonial"} & set(shown)
        assert all(text.count("(") <= 1 for text in shown)


class TestQuestions:
    """Every question: going ahead first, the destructive answer next, the way out last.
    Enter presses the default, the one button drawn as the default and focused: the
    first answer that goes ahead and destroys nothing, else (where going ahead only
    destroys) the way out. So Enter does what the dialog shows, and never loses work."""

    async def test_the_builders_quit_question(self, tmp_path: Path) -> None:
        folders = Folders(tmp_path)
        folders.saves.mkdir(parents=True)
        path = folders.saves / "band.toml"
        shutil.copy(FIXTURES / GANGERS.relative_to("tests/fixtures"), path)
        app = app_in(folders, open_path=path)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            builder = app.screen
            assert isinstance(builder, BuilderScreen)
            await keys(pilot, "x", "ctrl+q")
            saved = builder.roster
            question = app.screen
            assert isinstance(question, ChoiceDialog)
            assert [value for _, value, _ in question.choices] == ["save", "discard", "cancel"]
            assert focused_id(app) == "choice-save"
            assert painted_default(question) == "choice-save"
            await keys(pilot, "escape")  # the way out: nothing lost, still building
            assert builder.dirty and app.screen is builder
            await keys(pilot, "ctrl+q", "enter")  # Save, the default: saved, then quit
        assert read_roster(path)[0] == saved

    async def test_the_designers_drop_question(self, tmp_path: Path) -> None:
        folders = Folders(tmp_path)
        shutil.copytree(FIXTURES / "catalogs" / "designer-mini", folders.catalogs / "designer-mini")
        path = folders.roster(
            "iron.toml",
            'format = "warband.roster/1"\nsystem = "designer-mini"\nfaction = "any"\n'
            'name = "Iron Legion"\npoints_limit = 1000\n',
        )
        app = app_in(folders, open_path=path)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            await keys(pilot, "u", "enter", "Rifle Section", "enter", "escape")
            question = app.screen
            assert isinstance(question, ChoiceDialog), question
            assert [value for _, value, _ in question.choices] == ["save", "drop", "keep"]
            assert focused_id(app) == "choice-save"  # as in the builder's question
            assert painted_default(question) == "choice-save"
            await keys(pilot, "escape")  # the way out: keep editing
            assert isinstance(app.screen, DesignerDialog)

    async def test_replace_and_enter_replaces_nothing(self, tmp_path: Path) -> None:
        """Replace destroys what is there, and is the only answer that goes ahead: the
        default, drawn and focused, is Cancel."""
        folders = Folders(tmp_path)
        folders.saves.mkdir(parents=True)
        path = folders.saves / "band.toml"
        shutil.copy(FIXTURES / GANGERS.relative_to("tests/fixtures"), path)
        other = folders.roster("other.toml", "theirs\n")
        app = app_in(folders, open_path=path, offer_recovery=False)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            builder = app.screen
            await keys(pilot, "x", "ctrl+w", "home", "ctrl+k", "other.toml", "enter")
            question = app.screen
            assert isinstance(question, ChoiceDialog), question
            assert [value for _, value, _ in question.choices] == ["replace", "cancel"]
            assert focused_id(app) == "choice-cancel"
            assert painted_default(question) == "choice-cancel"
            await keys(pilot, "enter")
            assert app.screen is builder
        assert other.read_text(encoding="utf-8") == "theirs\n"

    async def test_end_the_game_and_enter_ends_nothing(self, tmp_path: Path) -> None:
        folders = Folders(tmp_path)
        battle = start(folders)
        app = app_in(folders, battle_path=battle, offer_recovery=False)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            tracker = app.screen
            assert isinstance(tracker, TrackerScreen)
            await keys(pilot, "g")
            question = app.screen
            assert isinstance(question, ChoiceDialog), question
            assert focused_id(app) == "choice-cancel"
            assert painted_default(question) == "choice-cancel"
            await keys(pilot, "enter")
            assert tracker.battle.events == ()
            assert app.screen is tracker

    async def test_the_focused_button_stands_out(self, tmp_path: Path) -> None:
        """Drawn reversed, bold and underlined, with a bright edge: more than a tint."""
        folders = Folders(tmp_path)
        app = app_in(folders, offer_recovery=False)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            app.push_screen(
                ChoiceDialog("Q", "?", [("Go", "go", "primary"), ("Cancel", "cancel", "default")])
            )
            await pilot.pause()
            focused = app.focused
            assert isinstance(focused, Button) and focused.id == "choice-go"
            style = focused.styles.text_style
            assert style.reverse and style.bold and style.underline
            edge = focused.styles.border_top
            assert edge[0] == "tall" and edge[1] == Color.parse(app.theme_variables["accent"])
            other = app.screen.query_one("#choice-cancel", Button)
            assert not other.styles.text_style.reverse

    async def test_f1_says_what_enter_presses(self, tmp_path: Path) -> None:
        folders = Folders(tmp_path)
        app = app_in(folders, offer_recovery=False)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            page = help_markdown(app.screen)  # type: ignore[arg-type]
        assert "Enter presses the highlighted button" in page
        assert "Replace a file, End the game), Cancel" in page


def painted_default(question: ChoiceDialog) -> str:
    """The one button drawn as the default (``primary``)."""
    [default] = [b.id for b in question.query(Button) if b.variant == "primary"]
    assert default is not None
    return default


def focused_id(app: WarbandApp) -> str | None:
    focused = app.focused
    assert isinstance(focused, Button), focused
    return focused.id


class TestRecentFiles:
    async def test_recent_files_say_what_they_hold(self, tmp_path: Path) -> None:
        """Home lists each recent file by its list's name, faction and game size (a
        battle by its players, as the tracker titles it), a broken file with a short
        reason, and text from a file without its control characters."""
        folders = Folders(tmp_path)
        band = folders.saves / "band.toml"
        band.parent.mkdir(parents=True)
        shutil.copy(FIXTURES / GANGERS.relative_to("tests/fixtures"), band)
        battle = start(folders)
        broken = folders.roster("broken.toml", 'name = "half\n')
        sly = folders.roster(
            "sly.toml",
            'format = "warband.roster/1"\nsystem = "punkapocalyptic"\nfaction = "mutards"\n'
            'name = "Sly\\u001b[2J Ones"\npoints_limit = 400\n',
        )
        gone = folders.saves / "gone.toml"
        write_recent(folders, band, battle, broken, sly, gone)
        app = app_in(folders, offer_recovery=False)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            listing = app.screen.query_one("#recent", OptionList)
            lines = [str(o.prompt) for o in listing.options]
        assert lines == [
            "Rust Rats  Gangers · 500 points  saves/band.toml",
            "Ann vs Bob  battle · Punkapocalyptic  saves/game.battle.toml",
            "broken.toml  line 1: the string is not closed on this line  saves",
            "Sly[2J Ones  Mutards · 400 points  saves/sly.toml",
            "gone.toml  missing  saves",
        ]
