"""An option list you can jump around by typing, like a file manager.

Typing "rif" moves to Rifle; a pause of a second starts a new word. Used where a
list is long and letters are not needed for commands (the equip dialog).
"""

from __future__ import annotations

import time

from textual import events

from tui.widgets.in_place_options import InPlaceOptionList

RESET_AFTER = 1.0
"""Seconds without typing after which the typed word starts again."""


class TypeAheadList(InPlaceOptionList):
    """An ``OptionList`` whose options have names to match typed letters against."""

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.names: list[str | None] = []
        """The name of each option (None for headings), kept in step with the options."""
        self._typed = ""
        self._last = 0.0

    def check_consume_key(self, key: str, character: str | None = None) -> bool:
        return character is not None and (character.isalnum() or character == " ")

    async def _on_key(self, event: events.Key) -> None:
        character = event.character
        if character is None or not (character.isalnum() or character == " "):
            self.reset_typing()
            return
        event.stop()
        event.prevent_default()
        now = time.monotonic()
        if now - self._last > RESET_AFTER:
            self._typed = ""
        self._last = now
        self._typed += character.lower()
        found = self.match(self._typed)
        if found is not None:
            self.highlighted = found

    def match(self, typed: str) -> int | None:
        """The option whose name is ``typed``, else the one containing it earliest."""
        best: tuple[int, int] | None = None
        for index, name in enumerate(self.names):
            if name is None:
                continue
            lower = name.lower()
            if lower == typed:
                return index
            at = lower.find(typed)
            if at >= 0 and (best is None or at < best[0]):
                best = (at, index)
        return None if best is None else best[1]

    def reset_typing(self) -> None:
        """Start the next typed word afresh (after a choice, or any other key)."""
        self._typed = ""
