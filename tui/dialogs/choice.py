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

from model.core.safe_text import terminal_safe


class ChoiceDialog(ModalScreen[str]):
    """Asks a question; returns the value of the button pressed, or ``cancel`` on Escape.

    Every confirm dialog of the app is made here, and follows one convention, so that
    the same keys do the same thing in all of them:

    - **Order**, left to right: the answers that go ahead and keep the player's work
      (Save, Recover, Copy ...), then the one that destroys something (Discard, Drop
      them, Replace, End the game: given the ``error`` variant), then the way out, the
      answer Escape gives (Cancel, Keep editing, Later, Close) last. The dialog lays the
      buttons out in that order whatever order they are passed in.
    - **Focus**: the way out has the cursor at first. Enter pressed out of habit, or
      typed ahead, does what Escape does and never loses work; Tab (which wraps round)
      then Enter takes the first answer, Shift+Tab then Enter the destructive one.
    """

    BINDINGS = [Binding("escape", "cancel", "Cancel", id="cancel")]

    def __init__(
        self,
        title: str,
        message: str,
        choices: list[tuple[str, str, str]],
        cancel: str = "cancel",
    ) -> None:
        """``choices`` are (label, value, variant) with variant one of Textual's button
        variants (``primary``, ``error``, ``default`` ...); ``cancel`` is the value that
        Escape answers, which should be one of the buttons (the way out)."""
        super().__init__()
        self.title_text = title
        self.message = message
        self.choices = sorted(choices, key=lambda c: _rank(c, cancel))
        self.cancel_value = cancel

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
        way_out = self.query(f"#choice-{self.cancel_value}").results(Button)
        for button in way_out:
            button.focus()

    @on(Button.Pressed)
    def _pressed(self, event: Button.Pressed) -> None:
        # A second press typed ahead arrives after the first closed the dialog: closing
        # again would close the screen under it.
        if self.is_active:
            self.dismiss((event.button.id or "choice-cancel").removeprefix("choice-"))

    def action_cancel(self) -> None:
        self.dismiss(self.cancel_value)


def _rank(choice: tuple[str, str, str], cancel: str) -> int:
    """Where a button goes: going ahead, destroying, the way out (a stable sort keeps
    the caller's order within each)."""
    _, value, variant = choice
    if value == cancel:
        return 2
    return 1 if variant == "error" else 0


REPLACE = "replace"
"""The answer of ``replace_question`` that lets a save write over a file."""


def replace_question(path: Path) -> ChoiceDialog:
    """The question asked before writing over a file that is there: Replace or Cancel,
    with Cancel focused (as in every question), so an Enter pressed out of habit
    replaces nothing."""
    shown = terminal_safe(str(path))
    return ChoiceDialog(
        f"Replace {terminal_safe(path.name)}?",
        f"{shown} already exists. Replace it? What it holds now will be lost.",
        [("Replace", REPLACE, "error"), ("Cancel", "cancel", "default")],
    )


async def may_write(app: App[Any], path: Path) -> bool:
    """Whether a save may write ``path``: nothing is there, or the player has just answered
    Replace. Anything at the name counts, even a broken link. Call it from a worker."""
    if not os.path.lexists(path):
        return True
    return await app.push_screen_wait(replace_question(path)) == REPLACE
