"""The app stores no number its files could not hold: prompts read numbers within the
schema's ranges, and an edit that would outgrow a list's file is refused and said so.

A list that saves but never opens again is a list lost, so each case ends by checking
the list in the app is still one a file can hold."""

from __future__ import annotations

from pathlib import Path

from textual import events
from textual.widgets import Input, Static

from model.core.bounds import MAX_ENTRIES
from saves.roster_file import roster_to_toml
from tests.conftest import FIXTURES
from tests.helpers import bundled, entry, roster
from tests.tui.driver import Folders, app_in, keys
from tui.dialogs.prompt import PromptDialog
from tui.screens.builder.screen import BuilderScreen

PACK = FIXTURES / "rosters" / "mutards" / "addler-pack-of-6.toml"
"""Its last entry is a pack: ``m`` on it asks its models."""


async def test_number_prompts_refuse_what_a_file_cannot_hold(tmp_path: Path) -> None:
    app = app_in(Folders(tmp_path), open_path=PACK, offer_recovery=False)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        builder = app.screen
        assert isinstance(builder, BuilderScreen)
        await keys(pilot, "end")  # the last entry: the pack
        before = builder.roster
        for key, typed, told in (
            ("m", "201", "Type a whole number from 1 to 200."),
            ("m", "²", "Type a whole number from 1 to 200."),
            ("l", "9" * 4301, "Type a whole number from 1 to 100,000."),
            ("l", "0", "Type a whole number from 1 to 100,000."),
        ):
            await keys(pilot, key)
            dialog = app.screen
            assert isinstance(dialog, PromptDialog)
            await keys(pilot, "ctrl+u")
            field = dialog.query_one("#prompt-input", Input)
            field.post_message(events.Paste(typed))  # pasted, as 4,301 digits would be
            await pilot.pause()
            await keys(pilot, "enter")
            assert app.screen is dialog  # still asking
            assert str(dialog.query_one("#prompt-error", Static).render()) == told
            await keys(pilot, "escape")
        assert builder.roster == before
        await keys(pilot, "l", "ctrl+u", "100000", "enter")
        assert builder.roster.points_limit == 100_000


async def test_an_edit_past_the_files_limits_is_refused(tmp_path: Path) -> None:
    folders = Folders(tmp_path)
    view = bundled().view("gangers")
    full = roster(view, *(entry("ganger") for _ in range(MAX_ENTRIES)))
    path = folders.roster("full.toml", roster_to_toml(full))
    app = app_in(folders, open_path=path, offer_recovery=False)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        builder = app.screen
        assert isinstance(builder, BuilderScreen)
        await keys(pilot, "c")  # copy the entry under the cursor
        assert builder.roster == full
        assert not builder.dirty
        assert [n.message for n in app._notifications][-1] == (
            "Not done: a list has at most 1,000 entries"
        )
