"""Closing a list's screen: ask about unsaved changes first, and close once.

Both builders (warband's own lists and lists over BattleScribe data) close the same way:
``settle`` asks Save / Discard / Cancel when there are unsaved changes, and the screen is
dismissed only if the answer lets it go. A second close key typed before the first has
finished would ask again, then close the screen under this one, so one close runs at a
time.
"""

from __future__ import annotations

from textual import work

from tui.screens.base import CommandScreen


class ClosingScreen(CommandScreen):
    """A screen holding a list, closed only once its changes are settled."""

    _closing = False
    """A close is under way (its question may be on screen)."""

    async def settle(self) -> bool:
        """Whether the screen may close now (saving or discarding as the player says)."""
        raise NotImplementedError

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
