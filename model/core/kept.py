"""What was worked out for each object of the last sequence, found again by identity.

An edit of a list makes a new list holding the very entries of the last one but those it
changed (every value is immutable). Whatever is worked out per entry (its TOML block, its
own findings) is kept by the entry's identity, so the next list works out again only the
entries the edit changed: a thousand entries hashed or dumped again on every key cost a
key several milliseconds (issue 33). Each value is kept with its object, alive, so the
identity is never another object's.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Generic, TypeVar

K = TypeVar("K")
V = TypeVar("V")


class KeptByIdentity(Generic[K, V]):
    """The values of the objects of the last sequence asked about (``each``), by identity."""

    __slots__ = ("_last",)

    def __init__(self) -> None:
        self._last: dict[int, tuple[K, V]] = {}

    def each(self, objects: Iterable[K], make: Callable[[K], V]) -> list[V]:
        """The value of each of ``objects``: the one kept for the very same object, else
        ``make(obj)``. Only these objects' values are kept for the next call."""
        last = self._last
        mine: dict[int, tuple[K, V]] = {}
        out: list[V] = []
        for obj in objects:
            hit = last.get(id(obj))
            value = hit[1] if hit is not None else make(obj)
            mine[id(obj)] = (obj, value)
            out.append(value)
        self._last = mine
        return out
