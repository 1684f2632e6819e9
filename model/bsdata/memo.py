"""The last few results worked out for a roster over a game system, kept by identity.

A roster is a frozen value, and the builder asks about the same one several times in a
row: it evaluates the list after an edit, then the add picker asks what the place
offers, then adding asks the engine again, and an undo or a redo gives back a roster
evaluated a moment ago. Over Warhammer 40,000 (hundreds of entries per place) each of
those is a good part of a frame. Kept by identity (``is``), never by equality: two equal
rosters are worked out twice, but a key is never compared deeply, and a result is only
ever given back for the very objects it was worked out from, which are held here so that
their ids cannot be reused. Apart so that the engine and the evaluation keep theirs the
same way.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Generic, TypeVar

Result = TypeVar("Result")

KEPT = 8
"""How many results each memo keeps: more than an edit, its undo and redo ask about."""


class Recent(Generic[Result]):
    """The results of the last ``KEPT`` pairs of objects asked about, the newest first."""

    def __init__(self) -> None:
        self._kept: list[tuple[object, object, Result]] = []

    def get(self, first: object, second: object, work: Callable[[], Result]) -> Result:
        """The result for ``first`` and ``second``: kept, or ``work()`` kept now."""
        kept = self._kept
        for at, (one, two, result) in enumerate(kept):
            if one is first and two is second:
                if at:
                    kept.insert(0, kept.pop(at))
                return result
        result = work()
        kept.insert(0, (first, second, result))
        del kept[KEPT:]
        return result

    def clear(self) -> None:
        """Forget every result (and let go of the objects they were worked out from)."""
        self._kept.clear()
