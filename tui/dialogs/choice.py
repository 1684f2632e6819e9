"""A question with a few answers as buttons (save, discard, cancel ...)."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from textual import on
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Label, Static

from model.safe_text import terminal_safe


class ChoiceDialog(ModalScreen[str]):
    """Asks a question; returns the value of the button pressed, or ``cancel`` on Escape.

    Buttons read like the app's other questions: the action first, the way out last
    (Save, Discard, Cancel; Replace, Cancel), a destructive one in the ``error`` variant.
    """

    BINDINGS = [Binding("escape", "cancel", "Cancel", id="cancel")]

    def __init__(
        self,
        title: str,
        message: str,
        choices: list[tuple[str, str, str]],
        cancel: str = "cancel",
        *,
        focus: str | None = None,
    ) -> None:
        """``choices`` are (label, value, variant) with variant one of Textual's button
        variants (``primary``, ``error``, ``default`` ...). The button of value ``focus``
        has the cursor at first (the first button when None): a question whose first
        answer destroys something focuses the safe one, so an Enter typed ahead or
        pressed without reading does no harm."""
        super().__init__()
        self.title_text = title
        self.message = message
        self.choices = choices
        self.cancel_value = cancel
        self.focus_value = focus

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Label(self.title_text, classes="dialog-title")
            # Not markup: messages carry names and paths from files and from the player,
            # where ``[units]`` is text, not a style.
            yield Static(self.message, classes="dialog-body", markup=False)
            with Horizontal(classes="dialog-buttons"):
                for label, value, variant in self.choices:
                    yield Button(label, id=f"choice-{value}", variant=variant)  # type: ignore[arg-type]

    def on_mount(self) -> None:
        if self.focus_value is not None:
            self.query_one(f"#choice-{self.focus_value}", Button).focus()

    @on(Button.Pressed)
    def _pressed(self, event: Button.Pressed) -> None:
        # A second press typed ahead arrives after the first closed the dialog: closing
        # again would close the screen under it.
        if self.is_active:
            self.dismiss((event.button.id or "choice-cancel").removeprefix("choice-"))

    def action_cancel(self) -> None:
        self.dismiss(self.cancel_value)


REPLACE = "replace"
"""The answer of ``replace_question`` that lets a save write over a file."""


def replace_question(path: Path) -> ChoiceDialog:
    """The question asked before writing over a file that is there: Replace or Cancel,
    with Cancel focused, so an Enter pressed out of habit replaces nothing."""
    shown = terminal_safe(str(path))
    return ChoiceDialog(
        f"Replace {terminal_safe(path.name)}?",
        f"{shown} already exists. Replace it? What it holds now will be lost.",
        [("Replace", REPLACE, "error"), ("Cancel", "cancel", "default")],
        focus="cancel",
    )


async def may_write(app: App[Any], path: Path) -> bool:
    """Whether a save may write ``path``: nothing is there, or the player has just answered
    Replace. Anything at the name counts, even a broken link. Call it from a worker."""
    if not os.path.lexists(path):
        return True
    return await app.push_screen_wait(replace_question(path)) == REPLACE
