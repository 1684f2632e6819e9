"""The app's output to the terminal, without bidirectional controls.

Names in the data keep their bidirectional marks, embeddings, overrides and isolates
(a Hebrew or Arabic name needs them, and the files warband writes carry them as they
came: ``model.core.safe_text``), but a terminal that obeys them can show a name
backwards or move text across the screen's columns. Every widget draws names, so
rather than clean each, the app's driver (what writes Textual's escape sequences and
text to the terminal, or to the browser for ``warband serve``) removes them from all
it writes. Textual counts them as zero cells wide, so the layout it worked out stays
true without them.

Apart from ``tui.app`` because it wraps whichever driver Textual picks.
"""

from __future__ import annotations

from functools import cache

from textual.driver import Driver

from model.core.safe_text import without_bidi


@cache
def without_bidi_driver(driver_class: type[Driver]) -> type[Driver]:
    """``driver_class`` writing what it is given without bidirectional controls."""

    class BidiFree(driver_class):  # type: ignore[valid-type,misc]
        def write(self, data: str) -> None:
            super().write(without_bidi(data))

    BidiFree.__name__ = BidiFree.__qualname__ = f"BidiFree{driver_class.__name__}"
    return BidiFree
