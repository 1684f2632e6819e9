"""Sharing a list from the builder: a format, then the clipboard or a file."""

from __future__ import annotations

from pathlib import Path

from textual import events
from textual.pilot import Pilot
from textual.widgets import Input, TextArea

from model.roster.validate import validate
from saves.export_formats import to_markdown, to_text
from saves.list_export import build_export
from saves.roster_file import read_roster, resolve
from saves.share_code import decode, encode
from tests.conftest import FIXTURES
from tests.helpers import bundled
from tests.tui.driver import Folders, app_in, keys
from tui.dialogs.choice import ChoiceDialog
from tui.dialogs.message import MessageDialog
from tui.dialogs.pick import PickDialog
from tui.dialogs.prompt import PromptDialog
from tui.screens.builder.screen import BuilderScreen

GANGERS = FIXTURES / "rosters" / "gangers" / "legal-500.toml"


async def test_a_share_code_to_the_clipboard(tmp_path: Path) -> None:
    folders = Folders(tmp_path)
    path = folders.roster("rust-rats.toml", GANGERS.read_text(encoding="utf-8"))
    app = app_in(folders, open_path=path, offer_recovery=False)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        await keys(pilot, "s")
        assert isinstance(app.screen, PickDialog)
        await keys(pilot, "down", "down", "down", "down", "enter")  # Share code
        assert isinstance(app.screen, ChoiceDialog)
        await pilot.click("#choice-copy")
        await pilot.pause()
        copied = app.clipboard
    assert decode(copied) == read_roster(GANGERS)[0]


async def test_enter_enter_copies_the_chat_text(tmp_path: Path) -> None:
    """s, Enter (Chat text, the first format), Enter (Copy, the default the dialog
    shows): the chat text is copied, and said so."""
    folders = Folders(tmp_path)
    path = folders.roster("rust-rats.toml", GANGERS.read_text(encoding="utf-8"))
    app = app_in(folders, open_path=path, offer_recovery=False)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        await keys(pilot, "s", "enter")
        assert isinstance(app.screen, ChoiceDialog)
        await keys(pilot, "enter")
        assert isinstance(app.screen, BuilderScreen)
        copied = app.clipboard
        said = [n.message for n in app._notifications]
    roster, source = read_roster(GANGERS)
    view = resolve(roster, source, lambda _: bundled())
    assert copied == to_text(build_export(roster, view, validate(view, roster)), encode(roster))
    assert any(message.startswith("Copied") for message in said), said


async def test_markdown_to_a_file(tmp_path: Path) -> None:
    folders = Folders(tmp_path)
    path = folders.roster("rust-rats.toml", GANGERS.read_text(encoding="utf-8"))
    app = app_in(folders, open_path=path, offer_recovery=False)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        await keys(pilot, "s", "down", "enter")  # Markdown
        await pilot.click("#choice-file")
        await pilot.pause()
        assert isinstance(app.screen, PromptDialog)
        await keys(pilot, "enter")  # the offered name: rust-rats.md in the saves folder
    roster, source = read_roster(GANGERS)
    view = resolve(roster, source, lambda _: bundled())
    expected = to_markdown(build_export(roster, view, validate(view, roster)), encode(roster))
    assert (folders.saves / "rust-rats.md").read_text(encoding="utf-8") == expected


async def paste(pilot: Pilot[None], text: str) -> None:
    """Paste into the focused field, as a terminal delivers a paste."""
    focused = pilot.app.focused
    assert isinstance(focused, (Input, TextArea)), focused
    focused.post_message(events.Paste(text))
    await pilot.pause()


async def test_import_a_code_from_the_home_screen(tmp_path: Path) -> None:
    folders = Folders(tmp_path)
    roster = read_roster(GANGERS)[0]
    app = app_in(folders, offer_recovery=False)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        await keys(pilot, "i")
        await paste(pilot, f"here is my list: {encode(roster)}")
        await keys(pilot, "enter")
        builder = app.screen
        assert isinstance(builder, BuilderScreen)
        assert builder.roster == roster and builder.path is None and builder.dirty
        assert any("Imported Rust Rats (valid)" in n.message for n in app._notifications)


async def test_import_a_whole_pasted_chat_message(tmp_path: Path) -> None:
    """The chat export pasted whole: the list's lines, then the code, wrapped by the
    chat program, and a word after it. Every line of the paste is kept."""
    from saves.export_formats import to_text

    roster, source = read_roster(GANGERS)
    view = resolve(roster, source, lambda system: bundled(system))
    code = encode(roster)
    message = to_text(build_export(roster, view, validate(view, roster)), code)
    message = message.replace(code, code[:50] + "\n" + code[50:]) + "\nsee you Sunday"
    assert message.count("\n") > 10
    app = app_in(Folders(tmp_path), offer_recovery=False)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        await keys(pilot, "i")
        await paste(pilot, message)
        await keys(pilot, "enter")
        builder = app.screen
        assert isinstance(builder, BuilderScreen)
        assert builder.roster == roster and builder.path is None


async def test_a_damaged_code_is_explained(tmp_path: Path) -> None:
    app = app_in(Folders(tmp_path), offer_recovery=False)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        await keys(pilot, "i")
        await paste(pilot, "WB1-notalist")
        await keys(pilot, "enter")
        dialog = app.screen
        assert isinstance(dialog, MessageDialog)
        assert dialog.body.startswith("not a usable share code")
