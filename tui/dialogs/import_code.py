"""The share-code prompt: a paste of several lines is kept whole.

Textual's ``Input`` keeps only the first line of a paste, but a chat export puts the
list above its code and a chat program may wrap the code itself, so this prompt
keeps every line (joined by spaces) and lets the decoder find the code in them.
"""

from __future__ import annotations

from textual import events
from textual.widgets import Input

from tui.dialogs.prompt import PromptDialog


class PasteInput(Input):
    """An ``Input`` that takes a paste of several lines as one."""

    def _on_paste(self, event: events.Paste) -> None:
        if event.text:
            text = " ".join(event.text.split())
            if self.selection.is_empty:
                self.insert_text_at_cursor(text)
            else:
                self.replace(text, *self.selection)
        event.stop()


class ImportDialog(PromptDialog):
    """Asks for a share code, or a whole pasted message holding one."""

    def __init__(self) -> None:
        super().__init__(
            "Import a list",
            "Paste a share code (WB1-...), or the whole message that holds one:",
        )

    def make_input(self) -> Input:
        return PasteInput(self.value, id="prompt-input")
