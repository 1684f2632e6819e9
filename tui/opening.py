"""A dialog (or the tracker) laid out once as it opens, not twice.

Textual lays a screen out as it is shown (``ScreenResume``), and the compositor then
sends the screen, as a widget newly shown, a ``Resize`` to the size it was just laid out
at; ``Screen`` takes every ``Resize`` for the terminal's and lays itself out again, with
the screens behind it. For a dialog of a few widgets that costs nothing; the dice
helper's form (fifty widgets) paid 15 to 30 ms for it on every opening (issue 16 point
9), the equip dialog and the unit designer a few each, and the tracker opening a long
battle a layout of its own screen and of the home screen behind it (issue 15).
"""

from __future__ import annotations

from textual import events
from textual.screen import Screen, ScreenResultType

from tui.textual_private import laid_out_size


class LaidOutOnce(Screen[ScreenResultType]):
    """A screen that skips a ``Resize`` to the size it is already laid out at.

    List it after ``ModalScreen`` (``class D(ModalScreen[T], LaidOutOnce[T])``): Textual
    matches CSS type selectors along each class's first base, and a dialog must keep
    matching ``ModalScreen``'s rules (the app's translucent backdrop)."""

    async def _on_resize(self, event: events.Resize) -> None:
        """Stop a ``Resize`` to the size the screen is laid out at, as ``Screen``'s handler
        stops each, and prevent that handler (Textual calls it after this one unless its
        default is prevented). A terminal resized to another size goes on to it."""
        if event.size == laid_out_size(self):
            event.stop()
            event.prevent_default()
