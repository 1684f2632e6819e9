"""Closing a list's screen: ask about unsaved changes first, and close once.

Both builders (warband's own lists and lists over BattleScribe data) close the same way:
``settle`` asks Save / Discard / Cancel when there are unsaved changes, and the screen is
dismissed only if the answer lets it go. A second close key typed before the first has
finished would ask again, then close the screen under this one, so one close runs at a
time. Both keep a recovery copy of unsaved work (``saves.recovery``), dropped when the
changes are settled, and say so when the copy could not be written.
"""

from __future__ import annotations

import asyncio
import contextlib
from pathlib import Path

from textual import work

from model.core.problems import WarbandError
from model.core.safe_text import terminal_safe
from saves.recovery import discard_recovery
from tui.dialogs.choice import ChoiceDialog
from tui.screens.base import CommandScreen


class ClosingScreen(CommandScreen):
    """A screen holding a list, closed only once its changes are settled."""

    _closing = False
    """A close is under way (its question may be on screen)."""
    recovery: Path
    """The file unsaved work is copied to (``saves.recovery``)."""
    _loop: asyncio.AbstractEventLoop | None = None
    """The app's loop, which the recovery writer's thread reports failures to."""

    @property
    def dirty(self) -> bool:
        """Whether there are changes not in the file."""
        raise NotImplementedError

    @property
    def list_name(self) -> str:
        """The list's name, as the question about its changes names it."""
        raise NotImplementedError

    async def save(self) -> bool:
        """Save the list; True when saved (a failure is shown)."""
        raise NotImplementedError

    async def settle(self) -> bool:
        """Whether the screen may close now: nothing is unsaved, or the player has
        decided (Save, Discard, or Cancel, which Escape answers)."""
        if not self.dirty:
            discard_recovery(self.recovery)
            return True
        answer = await self.app.push_screen_wait(
            ChoiceDialog(
                "Unsaved changes",
                f"Save the changes to {terminal_safe(self.list_name)}?",
                [
                    ("Save", "save", "primary"),
                    ("Discard", "discard", "error"),
                    ("Cancel", "cancel", "default"),
                ],
            )
        )
        if answer == "save":
            return await self.save()
        if answer == "discard":
            discard_recovery(self.recovery)
            return True
        return False

    def _recovery_failed(self, exc: Exception) -> None:
        """Say that a copy was not written (called on the writer's thread)."""
        body = exc.render() if isinstance(exc, WarbandError) else terminal_safe(str(exc))
        loop = self._loop
        if loop is None:
            return
        with contextlib.suppress(RuntimeError):  # the app has ended: no one to tell
            loop.call_soon_threadsafe(
                lambda: self.notify(body, title="Recovery copy not written", severity="warning")
            )

    def action_close(self) -> None:
        if not self._closing:
            self._closing = True
            self._close()

    @work
    async def _close(self) -> None:
        try:
            # Dismissing closes the top screen; a dialog a key opened meanwhile stays.
            if await self.settle() and self.is_active:
                self.dismiss()
        finally:
            self._closing = False
