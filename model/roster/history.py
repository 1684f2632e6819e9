"""Undo and redo as a value: the rosters before, the present one, and those undone.

Every edit in the builder replaces the present roster and pushes the old one on
the past; undo and redo move along. Rosters are immutable, so keeping them all
costs only what changed, and an undo can never be corrupted by a later edit.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Generic, TypeVar

from model.core.value import frozen_value

T = TypeVar("T")

LIMIT = 500
"""Edits remembered for undo; older ones are forgotten."""


@frozen_value(slots=False)
class History(Generic[T]):
    """A present value with the values before it (to undo) and after it (to redo)."""

    present: T
    past: tuple[T, ...] = ()
    future: tuple[T, ...] = ()

    def push(self, value: T) -> History[T]:
        """A new present value; what was undone can no longer be redone."""
        if value == self.present:
            return self
        return History(value, (*self.past, self.present)[-LIMIT:], ())

    @property
    def can_undo(self) -> bool:
        return bool(self.past)

    @property
    def can_redo(self) -> bool:
        return bool(self.future)

    def undo(self) -> History[T]:
        """Back one step (unchanged when there is nothing to undo)."""
        if not self.past:
            return self
        return replace(
            self, present=self.past[-1], past=self.past[:-1], future=(self.present, *self.future)
        )

    def redo(self) -> History[T]:
        """Forward one step (unchanged when there is nothing to redo)."""
        if not self.future:
            return self
        return replace(
            self, present=self.future[0], past=(*self.past, self.present), future=self.future[1:]
        )
