"""Dialogs size to what they hold and fit the screen; what has the keys shows it.

A two-line message filled the whole screen; the Import prompt was cut at 100 columns
and showed one line of a pasted message; the builder's first two Tab stops (the
findings, the search box) looked the same focused or not.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.app import App
from textual.color import Color
from textual.geometry import Region
from textual.widget import Widget
from textual.widgets import Input, Static, TextArea

from model.roster.validate import validate
from saves.export_formats import to_text
from saves.list_export import build_export
from saves.roster_file import read_roster, resolve
from saves.share_code import encode
from tests.conftest import FIXTURES
from tests.helpers import bundled
from tests.tui.driver import Folders, app_in, keys
from tests.tui.test_sharing import paste
from tui.dialogs.details import DetailsDialog
from tui.dialogs.import_code import ImportDialog
from tui.dialogs.message import MessageDialog
from tui.screens.builder.screen import BuilderScreen
from tui.widgets.findings_list import FindingsList

GANGERS = FIXTURES / "rosters" / "gangers" / "legal-500.toml"
SIZES = [(100, 32), (80, 24)]


def chat_message() -> str:
    """The builder's chat text of the legal Gangers band: some twenty lines and a code."""
    roster, source = read_roster(GANGERS)
    view = resolve(roster, source, lambda system: bundled(system))
    return to_text(build_export(roster, view, validate(view, roster)), encode(roster))


def within(app: App[None], widget: Widget) -> bool:
    """Whether ``widget`` is drawn whole on the screen."""
    return Region(0, 0, *app.size).contains_region(widget.region)


@pytest.mark.parametrize("size", SIZES)
async def test_a_two_line_message_is_a_small_box(tmp_path: Path, size: tuple[int, int]) -> None:
    app = app_in(Folders(tmp_path), offer_recovery=False)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        app.push_screen(MessageDialog("Cannot open the list", "one line\nand another", error=True))
        await pilot.pause()
        box = app.screen.query_one(".dialog")
        # border 2, title and its margin 2, the two lines, the OK button 3
        assert box.outer_size.height == 9
        app.screen.dismiss(None)
        await pilot.pause()
        long = "\n".join(f"problem {n}: the reason and how to fix it" for n in range(60))
        app.push_screen(MessageDialog("Cannot open the list", long, error=True))
        await pilot.pause()
        assert within(app, app.screen.query_one("#ok"))  # a long one scrolls; OK stays seen
        app.screen.dismiss(None)
        await pilot.pause()
        from rich.text import Text

        app.push_screen(DetailsDialog("Chief", Text("A 3 · C 6\nHas: Hardened leather")))
        await pilot.pause()
        assert app.screen.query_one(".dialog").outer_size.height < size[1] // 2


@pytest.mark.parametrize("size", SIZES)
async def test_the_import_prompt_shows_a_pasted_message_whole(
    tmp_path: Path, size: tuple[int, int]
) -> None:
    app = app_in(Folders(tmp_path), offer_recovery=False)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        await keys(pilot, "i")
        dialog = app.screen
        assert isinstance(dialog, ImportDialog)
        prompt = dialog.query_one(".dialog-prompt", Static)
        assert within(app, prompt)
        shown = "".join(strip.text for strip in prompt.render_lines(prompt.region.reset_offset))
        assert " ".join(shown.split()) == dialog.prompt  # wrapped, not cut at the edge
        message = "here is my list for Sunday:\n" + encode(read_roster(GANGERS)[0]) + "\ncheers"
        await paste(pilot, message)
        field = dialog.query_one("#prompt-input", TextArea)
        assert field.text == message
        assert within(app, dialog.query_one(".dialog"))
        # Every line of it in sight, the code wrapped over several rows, nothing to scroll.
        assert field.max_scroll_y == 0
        assert field.content_size.height > 3
        field.clear()
        await paste(pilot, chat_message())
        assert within(app, dialog.query_one(".dialog"))
        assert field.content_size.height >= size[1] // 2  # it grows as far as fits
        await keys(pilot, "enter")
        assert isinstance(app.screen, BuilderScreen)


async def test_the_builders_first_tab_stops_show_focus(tmp_path: Path) -> None:
    """From the list, Tab goes to the findings and then to the search box: each looks
    different while it has the keys."""
    app = app_in(Folders(tmp_path), open_path=GANGERS, offer_recovery=False)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        builder = app.screen
        findings = builder.query_one(FindingsList)
        search = builder.query_one("#unit-search", Input)
        edge, background = findings.styles.border_top, search.styles.background
        await keys(pilot, "tab")
        assert findings.has_focus
        accent = Color.parse(app.theme_variables["accent"])
        assert findings.styles.border_top != edge and findings.styles.border_top[1] == accent
        await keys(pilot, "tab")
        assert search.has_focus
        assert search.styles.background != background
        assert findings.styles.border_top == edge
