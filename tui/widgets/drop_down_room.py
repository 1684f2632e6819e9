"""Drop-downs kept inside the dialog they open in.

A ``Select``'s list of options is an overlay on the whole screen: Textual keeps it on
the screen, not in its dialog, so a drop-down low in a dialog (the dice helper's
Target, 26 models long, at 80x24) was drawn over the dialog's border and the footer
below it (issue 31). When the list opens, it is given at most the rows left between
its drop-down and the bottom of the dialog's content, and scrolls within them; where
fewer rows are left than a few options need, the dialog's scrolling part (if it has
one) first brings the drop-down to its top, and where there are still more rows above
the drop-down than below, the list opens upwards.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual.screen import ModalScreen
from textual.widget import Widget
from textual.widgets import Select

if TYPE_CHECKING:
    from tui.textual_private import SelectOverlay

FEW = 4
"""Rows an open list should have at least (where it has that many options)."""

TALLEST = 12
"""``SelectOverlay``'s own ``max-height`` (Textual 8.2.8, pinned)."""


def keep_inside(overlay: SelectOverlay, scrolled: bool = False) -> None:
    """Fit ``overlay``, just opened, into its dialog: the screen's outermost widget
    holding it, on a modal screen (a drop-down on a full screen has the screen)."""
    select = overlay.parent
    screen = overlay.screen
    if not isinstance(select, Select) or not isinstance(screen, ModalScreen):
        return
    box: Widget = select
    while isinstance(box.parent, Widget) and box.parent is not screen:
        box = box.parent
    if box is select:
        return
    inside = box.content_region
    below = inside.bottom - select.region.bottom
    above = select.region.y - inside.y
    wanted = min(overlay.option_count + overlay.styles.gutter.height, TALLEST)
    if below < min(wanted, FEW) and not scrolled:
        select.scroll_visible(top=True, animate=False, immediate=True)
        select.call_after_refresh(keep_inside, overlay, True)
    if below >= wanted or below >= above:
        overlay.styles.max_height = max(below, 1)
        overlay.styles.offset = (0, 0)
    else:  # upwards, from the row above the drop-down
        height = min(wanted, above)
        overlay.styles.max_height = height
        overlay.styles.offset = (0, -(height + select.region.height))
