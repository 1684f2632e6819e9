"""Nothing is written over without asking: saves, save-as, exports and battle reports.

A save proposes a name that replaces nothing (``gangers-2.toml`` when ``gangers.toml``
is another list). A name typed that is another file brings up "Replace FILE?" with
Cancel under the cursor, and the file is written only on Replace. Saving again to the
list's own file does not ask.
"""

from __future__ import annotations

import shutil
from pathlib import Path

from textual.pilot import Pilot
from textual.widgets import Button, Input

from model.roster.validate import validate
from saves.battle_report import battle_report
from saves.export_formats import to_markdown
from saves.list_export import build_export
from saves.roster_file import read_roster, resolve
from saves.share_code import encode
from tests.conftest import FIXTURES
from tests.helpers import bundled
from tests.tui.driver import Folders, app_in, builder_of, keys, new_list
from tests.tui.test_sharing import paste
from tests.tui.test_tracker import start
from tui.app import WarbandApp
from tui.dialogs.choice import ChoiceDialog
from tui.dialogs.prompt import PromptDialog
from tui.screens.home import HomeScreen
from tui.screens.tracker.screen import TrackerScreen

GANGERS = FIXTURES / "rosters" / "gangers" / "legal-500.toml"
MUTARDS = FIXTURES / "rosters" / "mutards" / "legal-500.toml"


def offered(app: WarbandApp) -> str:
    """The file name a save or export dialog proposes."""
    assert isinstance(app.screen, PromptDialog), app.screen
    return app.screen.query_one(Input).value


async def type_file(pilot: Pilot[None], name: str) -> None:
    """In a file dialog: clear the proposed name, type ``name`` and press Enter."""
    await keys(pilot, "home", "ctrl+k", name, "enter")


def asked_to_replace(app: WarbandApp, name: str) -> None:
    """The question is up, about ``name``, and Enter would cancel."""
    dialog = app.screen
    assert isinstance(dialog, ChoiceDialog), dialog
    assert dialog.title_text == f"Replace {name}?"
    assert [label for label, _, _ in dialog.choices] == ["Replace", "Cancel"]
    focused = app.focused
    assert isinstance(focused, Button) and focused.id == "choice-cancel"


async def test_a_second_list_of_the_same_name_is_saved_beside_the_first(tmp_path: Path) -> None:
    folders = Folders(tmp_path)
    app = app_in(folders, offer_recovery=False)
    first_file = folders.saves / "gangers.toml"
    async with app.run_test(size=(100, 32)) as pilot:
        await new_list(pilot, "g")
        await keys(pilot, "slash", "chief", "enter", "ctrl+s", "enter")
        first = first_file.read_bytes()
        await keys(pilot, "escape")  # saved: closes without asking
        home = app.screen
        assert isinstance(home, HomeScreen)
        await new_list(pilot, "g")
        second = builder_of(app)
        await keys(pilot, "slash", "brute", "enter", "ctrl+s")
        assert offered(app) == str(folders.saves / "gangers-2.toml")
        await keys(pilot, "enter")
        assert not isinstance(app.screen, ChoiceDialog)  # a free name: nothing to ask
        assert second.path == folders.saves / "gangers-2.toml" and not second.dirty
        await keys(pilot, "slash", "scumbag", "enter", "ctrl+s")  # its own file now
        assert app.screen is second and not second.dirty
        held = second.roster
    assert first_file.read_bytes() == first
    assert [u.unit for u in read_roster(first_file)[0].units] == ["chief"]
    assert read_roster(folders.saves / "gangers-2.toml")[0] == held
    assert [u.unit for u in held.units] == ["brute", "scumbag"]


async def test_an_imported_list_is_saved_beside_its_original(tmp_path: Path) -> None:
    folders = Folders(tmp_path)
    original = folders.roster("rust-rats.toml", GANGERS.read_text(encoding="utf-8"))
    mine = original.read_bytes()
    app = app_in(folders, offer_recovery=False)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        await keys(pilot, "i")
        await paste(pilot, encode(read_roster(GANGERS)[0]))
        await keys(pilot, "enter")
        builder_of(app)
        await keys(pilot, "ctrl+s")
        assert offered(app) == str(folders.saves / "rust-rats-2.toml")
        await keys(pilot, "enter")
    assert original.read_bytes() == mine
    assert read_roster(folders.saves / "rust-rats-2.toml")[0] == read_roster(GANGERS)[0]


async def test_save_as_onto_another_file_asks_and_cancel_keeps_it(tmp_path: Path) -> None:
    folders = Folders(tmp_path)
    path = folders.roster("band.toml", GANGERS.read_text(encoding="utf-8"))
    other = folders.roster("other.toml", MUTARDS.read_text(encoding="utf-8"))
    theirs = other.read_bytes()
    app = app_in(folders, open_path=path, offer_recovery=False)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        builder = builder_of(app)
        await keys(pilot, "ctrl+w")
        assert offered(app) == str(path)  # its own file first
        await type_file(pilot, "other.toml")
        asked_to_replace(app, "other.toml")
        await keys(pilot, "enter")  # Cancel
        assert app.screen is builder
        assert other.read_bytes() == theirs
        assert builder.path == path
        await keys(pilot, "ctrl+w")
        await type_file(pilot, "other")  # .toml is added, and the question comes again
        asked_to_replace(app, "other.toml")
        await keys(pilot, "escape")
        assert app.screen is builder
        assert other.read_bytes() == theirs
        await keys(pilot, "ctrl+w")
        await type_file(pilot, "other.toml")
        asked_to_replace(app, "other.toml")
        await keys(pilot, "shift+tab", "enter")  # to Replace, and press it
        assert app.screen is builder
        assert builder.path == other and not builder.dirty
        held = builder.roster
        await keys(pilot, "ctrl+w", "enter")  # save-as onto its own file again: no question
        assert app.screen is builder
    assert read_roster(other)[0] == held == read_roster(GANGERS)[0]


async def test_an_export_onto_an_existing_file_asks(tmp_path: Path) -> None:
    folders = Folders(tmp_path)
    path = folders.roster("rust-rats.toml", GANGERS.read_text(encoding="utf-8"))
    notes = folders.roster("rust-rats.md", "my notes on the Rust Rats\n")
    app = app_in(folders, open_path=path, offer_recovery=False)

    async def export_markdown(pilot: Pilot[None]) -> None:
        await keys(pilot, "s", "down", "enter")  # Markdown
        await pilot.click("#choice-file")
        await pilot.pause()

    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        builder = builder_of(app)
        await export_markdown(pilot)
        assert offered(app) == str(folders.saves / "rust-rats-2.md")
        await type_file(pilot, "rust-rats.md")
        asked_to_replace(app, "rust-rats.md")
        await keys(pilot, "enter")  # Cancel
        assert app.screen is builder
        assert notes.read_text(encoding="utf-8") == "my notes on the Rust Rats\n"
        await export_markdown(pilot)
        await type_file(pilot, "rust-rats.toml")  # the list's own file is not an export's
        asked_to_replace(app, "rust-rats.toml")
        await keys(pilot, "enter")
        assert read_roster(path)[0] == read_roster(GANGERS)[0]
        await export_markdown(pilot)
        await type_file(pilot, "rust-rats.md")
        asked_to_replace(app, "rust-rats.md")
        await keys(pilot, "shift+tab", "enter")  # Replace
        assert app.screen is builder
        await export_markdown(pilot)
        await keys(pilot, "enter")  # the name proposed is free: written without a question
        assert app.screen is builder
    roster, source = read_roster(GANGERS)
    view = resolve(roster, source, lambda _: bundled())
    expected = to_markdown(build_export(roster, view, validate(view, roster)), encode(roster))
    assert notes.read_text(encoding="utf-8") == expected
    assert (folders.saves / "rust-rats-2.md").read_text(encoding="utf-8") == expected


async def test_a_second_battle_report_asks_before_replacing_the_first(tmp_path: Path) -> None:
    folders = Folders(tmp_path)
    path = start(folders)
    report = path.with_name("game.battle.report.md")
    app = app_in(folders, battle_path=path, offer_recovery=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        tracker = app.screen
        assert isinstance(tracker, TrackerScreen)
        await keys(pilot, "r")
        await pilot.click("#choice-file")
        await pilot.pause()
        first = report.read_bytes()
        await keys(pilot, "w", "r")  # a wound: the report would say something else now
        await pilot.click("#choice-file")
        await pilot.pause()
        asked_to_replace(app, report.name)
        await keys(pilot, "enter")  # Cancel
        assert app.screen is tracker
        assert report.read_bytes() == first
        await keys(pilot, "r")
        await pilot.click("#choice-file")
        await pilot.pause()
        await keys(pilot, "shift+tab", "enter")
        assert app.screen is tracker
        battle = tracker.battle
    assert report.read_bytes() != first
    assert report.read_text(encoding="utf-8") == battle_report(battle)  # with the wound


async def test_a_new_battle_never_replaces_one_in_progress(tmp_path: Path) -> None:
    """``b`` proposes a free battle file name, and typing an existing one asks first."""
    folders = Folders(tmp_path)
    folders.saves.mkdir(parents=True)
    for name, source in (("a.toml", "gangers"), ("b.toml", "mutards")):
        shutil.copy(FIXTURES / "rosters" / source / "legal-500.toml", folders.saves / name)
    in_progress = folders.saves / "rust-rats-vs-sewer-choir.battle.toml"
    in_progress.write_text("# last week's game\n", encoding="utf-8")
    app = app_in(folders, offer_recovery=False)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        await keys(pilot, "b", "tab", "a.toml", "enter", "tab", "b.toml", "enter")
        prompt = app.screen
        assert isinstance(prompt, PromptDialog)
        assert prompt.value == str(folders.saves / "rust-rats-vs-sewer-choir-2.battle.toml")
        await keys(pilot, "ctrl+u", in_progress.name, "enter")
        assert isinstance(app.screen, ChoiceDialog)
        assert str(in_progress) in app.screen.message
        await keys(pilot, "enter")  # the focused button: Cancel
    assert in_progress.read_text(encoding="utf-8") == "# last week's game\n"
