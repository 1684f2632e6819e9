"""The roster as an army sheet: the whole list as it would be printed."""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.containers import VerticalScroll
from textual.widgets import Footer, Static

from model.catalog.schema import FactionView
from model.roster.roster import Roster
from model.roster.validate import validate
from tui.commands import Command, bindings
from tui.screens.base import CommandScreen
from tui.sheet import army_sheet
from tui.widgets.safe_header import SafeHeader


class SheetScreen(CommandScreen):
    """Profiles, weapons with range bands, points, findings and a rules glossary."""

    COMMAND_LIST: ClassVar[tuple[Command, ...]] = (
        Command("back", "escape,v", "Back", "Back to the list builder.", key_display="Esc"),
        Command("top", "home", "Top", "Scroll to the top of the sheet.", footer=False),
        Command("bottom", "end", "Bottom", "Scroll to the end of the sheet.", footer=False),
    )
    BINDINGS = bindings(COMMAND_LIST)
    NAME = "Army sheet"
    HELP = """\
## Army sheet

The whole list as it would be printed: each entry's profile, everything it
carries with profiles, range bands and special rules, its cost, then the
findings and a glossary of every special rule and piece of gear the list uses,
in short summaries. Scroll with the arrow keys or Page Up/Down.
"""

    def __init__(self, view: FactionView, roster: Roster) -> None:
        super().__init__()
        self.view = view
        self.roster = roster

    def compose(self) -> ComposeResult:
        yield SafeHeader()
        with VerticalScroll(id="sheet-scroll"):
            yield Static(
                army_sheet(self.roster, self.view, validate(self.view, self.roster)), id="sheet"
            )
        yield Footer()

    def on_mount(self) -> None:
        self.title = f"{self.roster.name}: army sheet"
        self.sub_title = f"{self.view.faction.name} · {self.view.system.name}"
        self.query_one("#sheet-scroll").focus()

    def action_back(self) -> None:
        self.dismiss()

    def action_top(self) -> None:
        self.query_one("#sheet-scroll", VerticalScroll).scroll_home(animate=False)

    def action_bottom(self) -> None:
        self.query_one("#sheet-scroll", VerticalScroll).scroll_end(animate=False)
