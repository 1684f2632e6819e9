"""List-building rules as data: a few generic kinds cover every supported game.

A rule is one of:

* ``points-limit``: the list's points against its limit, with an optional
  tolerance (Steam Wars lets a force go over by its cheapest model, with a
  warning about the initiative penalty);
* ``count``: how many of something (entries, models, items, points, or a stat
  summed over models) within the list or within each unit, between a minimum
  and a maximum, optionally per N points of the limit, optionally counted
  separately for each unit type, item or stat value. Uniqueness ("named units
  once", "one officer per rank"), requirements ("a scope needs a rifle") and
  exclusions ("a shield, never a two-handed weapon") are counts with a ``when``;
* ``ratio``: one count against another ("no more Scumbags than all other
  members", "two addler packs per Bobblehead");
* ``same-stat``: within a unit, some models share a stat with others ("a drone
  has its unit's RES and wounds").

Each rule has a stable ``id`` that findings carry as their code, a severity and
a message template that says how to fix the list, written with the placeholders its
kind fills in (each kind's ``placeholders``; ``model.core.messages`` renders them).

Each kind is checked against a list by its module in ``model.roster.rules`` (registered
in ``model.roster.rules.kinds``), and against its catalog by
``model.catalog.list_rule_check``: both dispatch over ``Constraint`` exhaustively, so a
kind added here and not there fails ``mypy``.
"""

from __future__ import annotations

from typing import Annotated, ClassVar, Literal

from pydantic import Field, model_validator

from model.catalog.selectors import Selector
from model.core.base import Bool, Frozen, Id, StatId, Text
from model.core.bounds import Count, Points, Ratio

Measure = Annotated[
    str,
    Field(
        pattern=r"^(entries|models|items|item-points|item-rules|unit-points"
        r"|stat:[A-Za-z][A-Za-z0-9_]*)$"
    ),
]
"""What a count adds up: ``entries`` (roster lines), ``models``, ``items`` (how many),
``item-points`` (what they cost), ``item-rules`` (how many special rules each item has,
its own and those added to it), ``unit-points`` (whole units' cost), or
``stat:X`` (stat X summed over the models, e.g. ``stat:W`` for wounds)."""

GroupBy = Annotated[str, Field(pattern=r"^(none|unit|item|stat:[A-Za-z][A-Za-z0-9_]*)$")]
"""Count separately per unit type (``unit``), per item (``item``) or per value of a stat
(``stat:OF``); ``none`` counts everything together."""

Severity = Literal["error", "warning"]


class Term(Frozen):
    """One thing to count: what to select and how to measure it."""

    select: Selector = Selector.model_construct()
    """Units (and items) counted."""
    measure: Measure = "models"
    """What is added up."""
    include_base: Bool = True
    """Whether items a unit comes with count, or only those bought."""
    by_model: Bool = False
    """Match model by model rather than unit by unit: only the models that carry what
    ``select`` names (and not what its ``exclude`` names) count, so "models without
    the Hero ability" or "a Sniper Scope without a Sniper Rifle" can be said."""


class RuleBase(Frozen):
    """Fields every list rule shares."""

    id: Id
    """Stable code carried by the findings this rule produces."""
    severity: Severity = "error"
    """An error makes the list illegal; a warning only informs."""
    message: Text | None = None
    """Template of the finding's message; it should say how to fix the list."""
    label: Text | None = None
    """When set, the rule's running count is shown in the status line under this label."""
    source: str | None = None
    """Where the rule comes from (document and section)."""

    placeholders: ClassVar[frozenset[str]]
    """The placeholders its kind fills in, which its message templates may use (the
    catalog check refuses any other)."""


class PointsLimit(RuleBase):
    """The list's points must not exceed its limit."""

    kind: Literal["points-limit"]
    placeholders: ClassVar[frozenset[str]] = frozenset(
        {"points", "points_limit", "excess", "tolerance"}
    )
    """What its messages (``message``, ``tolerance_message``) may say."""
    tolerance: Literal["none", "cheapest-model"] = "none"
    """How far over the limit a list may go: not at all, or by its cheapest model."""
    tolerance_message: Text | None = None
    """Template of the warning given while within the tolerance."""


class CountRule(RuleBase):
    """A count of something, within the list or within each unit, kept in bounds."""

    kind: Literal["count"]
    placeholders: ClassVar[frozenset[str]] = frozenset(
        {
            "count",
            "min",
            "max",
            "excess",
            "missing",
            "group",
            "unit",
            "points_limit",
            "per_points",
            "needed_limit",
        }
    )
    """What its message may say."""
    scope: Literal["list", "unit"] = "list"
    """Count across the whole list, or within each roster entry separately."""
    when: Selector | None = None
    """Only apply to units matching this (scope unit), or only when some unit in the list
    matches it (scope list). Units match when they carry a matching item, if items are named."""
    select: Selector = Selector.model_construct()
    """What to count."""
    measure: Measure = "models"
    """What is added up."""
    include_base: Bool = True
    """Whether items a unit comes with count, or only those bought."""
    by_model: Bool = False
    """Match model by model (see ``Term.by_model``)."""
    plus: tuple[Term, ...] = ()
    """Further things added to the same count (packs that count as one miniature)."""
    group_by: GroupBy = "none"
    """Apply the bounds to each unit type, item or stat value separately."""
    min: Count | None = None
    """The least allowed."""
    max: Count | None = None
    """The most allowed."""
    per_points: Points | None = None
    """Scale min and max by the points limit: ``max = 3, per_points = 100`` is 3 per 100."""
    rounding: Literal["up", "down"] = "down"
    """How a partial block of ``per_points`` counts: ``down`` is "per complete 1000 points",
    ``up`` is "3 for each 100 points or part of it"."""
    per_model: Bool = False
    """With scope unit, scale min and max by the entry's number of models."""
    max_setting: Id | None = None
    """Take the maximum from this setting of the roster (``settings``); the rule is off
    while the roster does not set it (Steam Wars' optional vehicle limit)."""

    @model_validator(mode="after")
    def _bounds(self) -> CountRule:
        if self.min is None and self.max is None and self.max_setting is None:
            raise ValueError("a count rule needs min, max or both")
        if self.min is not None and self.max is not None and self.min > self.max:
            raise ValueError(f"min ({self.min}) is more than max ({self.max})")
        return self

    def terms(self) -> tuple[Term, ...]:
        """Everything this rule adds up, the main selection first. The main term is made
        from fields already checked, without validating them again (a first validation
        would build the model's validator in the middle of a check)."""
        main = Term.model_construct(
            select=self.select,
            measure=self.measure,
            include_base=self.include_base,
            by_model=self.by_model,
        )
        return (main, *self.plus)


class RatioRule(RuleBase):
    """One count may be at most ``max`` times another, across the list."""

    kind: Literal["ratio"]
    placeholders: ClassVar[frozenset[str]] = frozenset(
        {"count", "other", "allowed", "excess", "needed", "max"}
    )
    """What its message may say."""
    numerator: Term
    """What is limited (Scumbags)."""
    denominator: Term
    """What it is limited by (all other members)."""
    max: Ratio
    """At most this many of the numerator for each one of the denominator."""


class SameStatRule(RuleBase):
    """Within each unit, some models must share a stat with others (a drone has its
    unit's RES and wounds; a sidekick has its hero's RES)."""

    kind: Literal["same-stat"]
    placeholders: ClassVar[frozenset[str]] = frozenset(
        {"unit", "stat", "value", "expected", "model"}
    )
    """What its message may say."""
    select: Selector
    """The models that must match (matched model by model: those carrying a drone)."""
    like: Selector
    """The models they must match (the rest of the unit, the hero)."""
    stats: tuple[StatId, ...] = Field(min_length=1)


Constraint = Annotated[
    PointsLimit | CountRule | RatioRule | SameStatRule, Field(discriminator="kind")
]
"""Any list rule, told apart by its ``kind``."""
