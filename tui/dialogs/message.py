"""Show a message (an error with its places and fixes) until dismissed."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Button, Label, Static


class MessageDialog(ModalScreen[None]):
    """A title and a body; Enter or Escape closes it."""

    BINDINGS = [Binding("escape,enter", "close", "Close", id="close")]

    def __init__(self, title: str, body: str, *, error: bool = False) -> None:
        super().__init__()
        self.title_text = title
        self.body = body
        self.error = error

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog wide" + (" error" if self.error else "")):
            yield Label(self.title_text, classes="dialog-title")
            with VerticalScroll(classes="dialog-scroll"):
                yield Static(self.body, markup=False)
            yield Button("OK", id="ok", variant="primary")

    def on_button_pressed(self) -> None:
        self.dismiss(None)

    def action_close(self) -> None:
        self.dismiss(None)
