"""What a table's result or a test's outcome does to a counter (``RowEffect``), and the
values a counter is given: a number, or an expression read from the model (``Value``).

Apart from the counters (``model.catalog.tracker_counters``) and the rolls
(``model.catalog.tracker_rolls``), which both read these: neither needs the other for
them, and these need no selector, so each of the two stands on the core alone.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from model.core.base import Frozen, Id
from model.core.bounds import CounterValue, Positive, RollValue

Expr = Annotated[str, Field(pattern=r"^(stat|now|item|tag|unit):[A-Za-z0-9_-]+$")]
"""A value read from the model: ``stat:A`` (as printed, with lasting modifiers),
``now:DEF`` (as it is now, counters included), ``item:bullet``, ``tag:reload``, or
``unit:standing`` (the figures of its unit still in the fight; a model tagged
``figures:2`` counts as two)."""


DiceText = Annotated[str, Field(pattern=r"^[1-9]?d(3|6|10)$")]
"""Dice rolled when a table's result is applied: ``1d6`` turns of no power."""


Value = CounterValue | Expr
"""A number, or an expression giving one per model."""


class RowEffect(Frozen):
    """What a table's result or a test's outcome does to the model it is applied to:
    a change to one of its counters (the unit's, the side's, by the counter's scope)."""

    counter: Id
    op: Literal["add", "remove", "set", "clear", "halve"] = "add"
    """``remove`` takes the value away (never below 0); ``halve`` removes half of the
    value, rounding the half removed up (rally: 3 Shock become 1)."""
    value: CounterValue | DiceText | Literal["given"] = 1
    """A number; dice rolled as the result is applied (``1d6`` to SUSTAIN); or
    ``given``: a number the roll gives (the defence dice a unit spent)."""
    at_least: RollValue | None = None
    """A rolled value below this counts as this (a roll of 1 counts as 2)."""
    divide: Positive | None = None
    """A rolled value is divided by this, rounding down (d10 / 2 figures flee)."""
    if_set: Id | None = None
    """Only when this counter is set on the same target (a broken formation that fails
    its rally withdraws)."""
    if_tags: frozenset[Id] = frozenset()
    """Only for a model with one of these tags (irregulars mill around on a morale 2)."""
