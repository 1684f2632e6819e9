"""The Import prompt: a share code, a whole pasted message holding one, or the path of a
BattleScribe roster, shown whole.

Textual's ``Input`` is one line: a chat export pastes the list above its code, and a
chat program may wrap the code itself, so the player saw one line of what they pasted,
cut at the dialog's edge. This prompt's field wraps its text and grows with it, up to
some 60% of the screen's height (then it scrolls: at 80x24 too the dialog fits), keeps
the message's lines as pasted, and Enter in it imports instead of starting a line; the
decoder finds the code in the text.
"""

from __future__ import annotations

from textual import events
from textual.message import Message
from textual.widget import Widget
from textual.widgets import TextArea

from tui.dialogs.prompt import PromptDialog

PROMPT = (
    "Paste a share code (WB1-... or WBS1-...) or the whole message that holds one, "
    "or type the path of a BattleScribe roster (.ros, .rosz):"
)


class PasteArea(TextArea):
    """A field of several wrapped lines where Enter submits (a paste keeps its lines)."""

    class Submitted(Message):
        """Enter was pressed: import ``value``."""

        def __init__(self, value: str) -> None:
            super().__init__()
            self.value = value

    def __init__(self, text: str = "", *, id: str | None = None) -> None:
        super().__init__(text, id=id, soft_wrap=True, tab_behavior="focus", compact=True)

    # Textual calls a handler of each class up the line (TextArea's after this one)
    # unless the default is prevented: only Enter is taken from TextArea here.
    async def _on_key(self, event: events.Key) -> None:
        if event.key == "enter":
            event.stop()
            event.prevent_default()
            self.post_message(self.Submitted(self.text))

    async def _on_paste(self, event: events.Paste) -> None:
        """Pasted once, at the cursor, and taken here: a paste posted to the field (not
        forwarded by the app) would otherwise reach the app and come back again."""
        event.stop()
        event.prevent_default()
        if event.text:
            self.move_cursor(self.replace(event.text, *self.selection).end_location)


class ImportDialog(PromptDialog):
    """Asks for a share code, a whole pasted message holding one, or a roster's path."""

    DIALOG_CLASSES = "dialog wide"

    def __init__(self) -> None:
        super().__init__("Import a list", PROMPT)

    def make_input(self) -> Widget:
        return PasteArea(self.value, id="prompt-input")

    def on_paste_area_submitted(self, event: PasteArea.Submitted) -> None:
        event.stop()
        self.accept(event.value)
