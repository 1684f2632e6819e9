"""F1: what the current screen is for, and every key it has."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Label, Markdown

from tui.screens.base import CommandScreen


def help_markdown(screen: CommandScreen) -> str:
    """The screen's help text and a table of its commands."""
    rows = "\n".join(f"| `{c.shown_key}` | {c.title} | {c.help} |" for c in screen.commands)
    common = (
        "| `F1` | Help | This page. |\n"
        "| `Ctrl+P` | Commands | Search every command, including the theme. |\n"
        "| `Ctrl+Q` | Quit | Leave warband (it asks about unsaved changes). |"
    )
    table = f"| Key | Command | What it does |\n|---|---|---|\n{rows}\n{common}\n"
    return f"{screen.help_text()}\n\n{table}\n{QUESTIONS}"


QUESTIONS = """\
**Questions** (save the changes? recover unsaved work? copy or save to a file?) all
work the same way. Enter presses the highlighted button, drawn reversed with a bright
edge: the answer that goes ahead and keeps your work (Save, Recover, Copy), or, where
the only way ahead destroys something (Replace a file, End the game), Cancel. Tab and
Shift+Tab move between the buttons; Escape always leaves and loses nothing.
"""
"""How every question's buttons work (``tui/dialogs/choice.py``), under each screen's keys."""


class HelpScreen(ModalScreen[None]):
    """Help for the screen it was opened from."""

    BINDINGS = [Binding("escape,f1,q", "close", "Close help", id="close-help")]

    def __init__(self, screen: CommandScreen) -> None:
        super().__init__()
        self.for_screen = screen

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog wide tall", id="help"):
            yield Label(f"Help: {self.for_screen.NAME}", classes="dialog-title")
            with VerticalScroll(classes="dialog-scroll"):
                yield Markdown(help_markdown(self.for_screen))
            yield Label("Escape closes help", classes="dialog-hint")

    def action_close(self) -> None:
        self.dismiss(None)


class TextHelpScreen(ModalScreen[None]):
    """Help for a dialog that is not a screen of commands (the dice helper): its own
    title and text, shown and closed as the screens' help is."""

    BINDINGS = [Binding("escape,f1,q", "close", "Close help", id="close-help")]

    def __init__(self, title: str, text: str) -> None:
        super().__init__()
        self.title_text = title
        self.text = text

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog wide tall", id="help"):
            yield Label(f"Help: {self.title_text}", classes="dialog-title")
            with VerticalScroll(classes="dialog-scroll"):
                yield Markdown(self.text)
            yield Label("Escape closes help", classes="dialog-hint")

    def action_close(self) -> None:
        self.dismiss(None)
