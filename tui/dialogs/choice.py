"""A question with a few answers as buttons (save, discard, cancel ...)."""

from __future__ import annotations

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Label, Static


class ChoiceDialog(ModalScreen[str]):
    """Asks a question; returns the value of the button pressed, or ``cancel`` on Escape."""

    BINDINGS = [Binding("escape", "cancel", "Cancel", id="cancel")]

    def __init__(
        self, title: str, message: str, choices: list[tuple[str, str, str]], cancel: str = "cancel"
    ) -> None:
        """``choices`` are (label, value, variant) with variant one of Textual's button
        variants (``primary``, ``error``, ``default`` ...)."""
        super().__init__()
        self.title_text = title
        self.message = message
        self.choices = choices
        self.cancel_value = cancel

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Label(self.title_text, classes="dialog-title")
            yield Static(self.message, classes="dialog-body")
            with Horizontal(classes="dialog-buttons"):
                for label, value, variant in self.choices:
                    yield Button(label, id=f"choice-{value}", variant=variant)  # type: ignore[arg-type]

    @on(Button.Pressed)
    def _pressed(self, event: Button.Pressed) -> None:
        # A second press typed ahead arrives after the first closed the dialog: closing
        # again would close the screen under it.
        if self.is_active:
            self.dismiss((event.button.id or "choice-cancel").removeprefix("choice-"))

    def action_cancel(self) -> None:
        self.dismiss(self.cancel_value)
