"""Ask for one line of text, checked before the dialog closes."""

from __future__ import annotations

from collections.abc import Callable

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widget import Widget
from textual.widgets import Input, Label, Static


class PromptDialog(ModalScreen[str | None]):
    """Returns the text entered (after ``check`` accepts it), or None on Escape."""

    BINDINGS = [Binding("escape", "cancel", "Cancel", id="cancel")]

    def __init__(
        self,
        title: str,
        prompt: str,
        value: str = "",
        check: Callable[[str], str | None] | None = None,
        placeholder: str = "",
    ) -> None:
        """``check`` returns an error message for unacceptable text, or None;
        ``placeholder`` is shown, greyed, while the box is empty."""
        super().__init__()
        self.title_text = title
        self.prompt = prompt
        self.value = value
        self.check = check
        self.placeholder = placeholder

    DIALOG_CLASSES = "dialog"
    """The box's classes (a dialog that shows more text may be ``wide``)."""

    def compose(self) -> ComposeResult:
        with Vertical(classes=self.DIALOG_CLASSES):
            yield Label(self.title_text, classes="dialog-title")
            # Wrapped, not cut at the dialog's edge (a Label is one line wide at most).
            yield Static(self.prompt, classes="dialog-prompt", markup=False)
            yield self.make_input()
            yield Static(
                "Enter to accept, Escape to cancel", id="prompt-error", classes="dialog-hint"
            )

    def make_input(self) -> Widget:
        """The field the text is typed in, ``#prompt-input`` (a dialog may want one that
        shows a paste of several lines whole); it calls ``accept`` on Enter."""
        return Input(self.value, placeholder=self.placeholder, id="prompt-input")

    @on(Input.Submitted, "#prompt-input")
    def _submitted(self, event: Input.Submitted) -> None:
        self.accept(event.value)

    def accept(self, value: str) -> None:
        """Close with ``value`` if ``check`` takes it, else say why under the field."""
        if not self.is_active:  # a second Enter typed ahead, after the first closed it
            return
        problem = self.check(value) if self.check else None
        if problem:
            self.query_one("#prompt-error", Static).update(problem)
            self.query_one("#prompt-error").add_class("error")
            return
        self.dismiss(value)

    def action_cancel(self) -> None:
        self.dismiss(None)
