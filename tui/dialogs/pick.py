"""Choose one of a few things from a list: Enter picks, Escape cancels."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Generic, TypeVar

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Label, OptionList
from textual.widgets.option_list import Option

T = TypeVar("T")


class PickDialog(ModalScreen[T | None], Generic[T]):
    """Returns the value of the chosen line, or None on Escape.

    Each choice is (label, value, reason); a choice with a reason is shown greyed
    with the reason and cannot be picked, so nothing is silently hidden."""

    BINDINGS = [Binding("escape", "cancel", "Cancel", id="cancel")]

    def __init__(
        self,
        title: str,
        choices: Sequence[tuple[str, T, str | None]],
        hint: str = "Enter picks · Escape cancels",
        current: T | None = None,
    ) -> None:
        """``current``: the value chosen now, where the cursor starts (else the first
        choice that can be taken)."""
        super().__init__()
        self.title_text = title
        self.choices = list(choices)
        self.hint = hint
        self.current = current

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Label(self.title_text, classes="dialog-title")
            options = []
            for n, (label, _, reason) in enumerate(self.choices):
                text = Text(label)
                if reason:
                    text.stylize("dim")
                    text.append(f"  ({reason})", style="italic dim")
                options.append(Option(text, id=str(n), disabled=bool(reason)))
            yield OptionList(*options, id="pick")
            yield Label(self.hint, classes="dialog-hint")

    def on_mount(self) -> None:
        listing = self.query_one("#pick", OptionList)
        listing.focus()
        first = next((n for n, c in enumerate(self.choices) if not c[2]), None)
        if self.current is not None:
            first = next(
                (n for n, c in enumerate(self.choices) if c[1] == self.current and not c[2]),
                first,
            )
        if first is not None:
            listing.highlighted = first

    @on(OptionList.OptionSelected, "#pick")
    def _picked(self, event: OptionList.OptionSelected) -> None:
        # is_active: a second Enter typed ahead is still on its way after the first closed
        # this dialog; dismissing again would close the screen under it.
        if event.option.id is not None and self.is_active:
            self.dismiss(self.choices[int(event.option.id)][1])

    def action_cancel(self) -> None:
        self.dismiss(None)
