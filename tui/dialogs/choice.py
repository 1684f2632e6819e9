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
    - **The default**, the one button that looks like it (painted ``primary``) and has
      the cursor, so that Enter presses it: the first answer that goes ahead and
      destroys nothing (Save, Recover, Copy). Where the only answers that go ahead
      destroy something (Replace, End the game), the default is the way out: an Enter
      pressed out of habit never loses work. The focused button is drawn reversed and
      underlined with a bright edge (``app.tcss``), so the one Enter presses shows at a
      glance; Tab and Shift+Tab (which wrap round) move it.

    An older rule gave every dialog's way out the cursor, while the first answer was
    painted as the default: Enter then did the opposite of what the dialog showed.
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
        ordered = sorted(choices, key=lambda c: _rank(c, cancel))
        self.default_value = default_answer(ordered, cancel)
        """The answer Enter gives: the button painted as the default, with the cursor."""
        self.choices = [
            (label, value, _paint(value, variant, self.default_value))
            for label, value, variant in ordered
        ]
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
        for button in self.query(f"#choice-{self.default_value}").results(Button):
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


def default_answer(choices: list[tuple[str, str, str]], cancel: str) -> str:
    """The answer Enter gives: the first that goes ahead and destroys nothing, else the
    way out (``cancel``)."""
    return next(
        (value for _, value, variant in choices if value != cancel and variant != "error"),
        cancel,
    )


def _paint(value: str, variant: str, default: str) -> str:
    """A button's variant as shown: only the default looks like one (``primary``); the
    others keep theirs (a ``primary`` passed for another answer is drawn plain)."""
    if value == default:
        return "primary"
    return "default" if variant == "primary" else variant


REPLACE = "replace"
"""The answer of ``replace_question`` that lets a save write over a file."""


def replace_question(path: Path) -> ChoiceDialog:
    """The question asked before writing over a file that is there: Replace or Cancel,
    with Cancel the default (Replace destroys what is there), so an Enter pressed out of
    habit replaces nothing."""
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
