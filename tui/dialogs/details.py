"""Show the details of a unit, item or rule, scrollable; any close key returns."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Label, Static


class DetailsDialog(ModalScreen[None]):
    """A titled, scrollable card."""

    BINDINGS = [Binding("escape,i,enter", "close", "Close", id="close")]

    def __init__(self, title: str, body: Text) -> None:
        super().__init__()
        self.title_text = title
        self.body = body

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog wide"):  # sized to the card, up to the screen
            yield Label(self.title_text, classes="dialog-title")
            with VerticalScroll(classes="dialog-scroll", id="details-scroll"):
                yield Static(self.body, id="details-body")
            yield Label("Escape closes", classes="dialog-hint")

    def action_close(self) -> None:
        self.dismiss(None)
