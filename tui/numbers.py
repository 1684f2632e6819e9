"""Whole numbers typed into the app's prompts, read within the ranges files allow.

Every number the app stores ends up in a file that is checked against the ranges of
``model.core.bounds`` when it is read again; a prompt that took 10**9 models (or 4,301
digits, which Python will not even convert) would make a list that saves but never
opens. So prompts read numbers here, refusing what the file could not hold.
"""

from __future__ import annotations

import re
from collections.abc import Callable

_WHOLE = re.compile(r"[+-]?[0-9]{1,12}")
"""ASCII digits only: ``str.isdigit`` also accepts "²", which ``int`` refuses."""


def whole(text: str, low: int, high: int) -> int | None:
    """The whole number ``text`` holds if it is one from ``low`` to ``high``, else None."""
    text = text.strip()
    if _WHOLE.fullmatch(text) is None:
        return None
    number = int(text)
    return number if low <= number <= high else None


def whole_check(low: int, high: int) -> Callable[[str], str | None]:
    """A prompt check: None for a whole number from ``low`` to ``high``, else what to type."""

    def check(text: str) -> str | None:
        if whole(text, low, high) is not None:
            return None
        return f"Type a whole number from {low:,} to {high:,}."

    return check
