"""The ``points-limit`` kind of list rule: the list's points against its limit, with an
optional tolerance (Steam Wars lets a force go over by its cheapest model, with a warning).

All there is of it: its schema (``PointsLimit``, with the placeholders its messages may
use), its catalog check (nothing of the catalog to name), its evaluation over the list,
its tally, the shortcut for an edit of one entry, and its default messages.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import cached_property
from typing import TYPE_CHECKING, ClassVar, Literal

from model.core.base import Text
from model.core.messages import render
from model.core.value import frozen_value
from model.rules.findings import Finding, Tally
from model.rules.kind import Context, Counted, Group, ListRule, RuleBase

if TYPE_CHECKING:
    from model.core.problems import KeyPath
    from model.rules.entry import Entry
    from model.rules.kind import CatalogCheck

DEFAULT = (
    "{points} points; the limit is {points_limit}: remove {excess} points "
    "or raise the limit to {points}"
)
"""The finding's message when the rule gives none."""

DEFAULT_TOLERANCE = (
    "{points} points, {excess} over the limit of {points_limit} (allowed up to {tolerance} over)"
)
"""The warning's message, within the tolerance, when the rule gives none."""


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

    def check(
        self, catalog: CatalogCheck, file: str, here: KeyPath, units: set[str], items: set[str]
    ) -> None:
        """A limit and a tolerance: nothing of the catalog to name."""

    def planned(self) -> PointsRule:
        """The rule as the validator runs it."""
        return PointsRule(self)


@frozen_value(slots=False)
class PointsRule(ListRule):
    """A points limit, checked over the whole list."""

    rule: PointsLimit

    def evaluate(self, ctx: Context) -> tuple[list[Finding], list[Tally]]:
        rule = self.rule
        limit = ctx.roster.points_limit
        tallies = _tallies(rule, ctx.points, limit)
        groups = ctx.groups
        return _findings(rule, ctx, ctx.points, lambda: cheapest(groups)), tallies

    def counted(self, others: Context) -> Counted:
        return _PointsCounted(self.rule, others)


def _tallies(rule: PointsLimit, points: int, limit: int) -> list[Tally]:
    """The list's points against its limit in the status line, when the rule is labelled."""
    return [Tally(rule.label, points, limit, of_points=True)] if rule.label else []


def cheapest(groups: Iterable[Group]) -> int | None:
    """What the cheapest model of the entries costs (None for no entries)."""
    return min((g.lo.cheapest_model for g in groups), default=None)


def _findings(
    rule: PointsLimit, ctx: Context, points: int, least: Callable[[], int | None]
) -> list[Finding]:
    """The points limit's finding for a list of ``points`` whose cheapest model costs
    ``least()`` (asked only for a list over its limit that has a tolerance)."""
    limit = ctx.roster.points_limit
    excess = points - limit
    if excess <= 0:
        return []
    tolerance = 0
    if rule.tolerance == "cheapest-model":
        tolerance = least() or 0
    values = {"points": points, "points_limit": limit, "excess": excess, "tolerance": tolerance}
    if excess <= tolerance:
        text = render(rule.tolerance_message or DEFAULT_TOLERANCE, values)
        return [Finding("warning", rule.id, text)]
    text = render(rule.message or DEFAULT, values)
    return [Finding(rule.severity, rule.id, text)]


@dataclass
class _PointsCounted(Counted):
    """The others' points (in ``ctx``) and, when first asked, their cheapest model."""

    rule: PointsLimit
    ctx: Context

    def findings(self, lo: Entry) -> list[Finding]:
        least = self.cheapest
        ctx = self.ctx
        return _findings(
            self.rule,
            ctx,
            ctx.points + lo.cost,
            lambda: lo.cheapest_model if least is None else min(least, lo.cheapest_model),
        )

    def tallies(self, lo: Entry) -> list[Tally]:
        ctx = self.ctx
        return _tallies(self.rule, ctx.points + lo.cost, ctx.roster.points_limit)

    @cached_property
    def cheapest(self) -> int | None:
        """What the others' cheapest model costs (a points limit's tolerance)."""
        return cheapest(self.ctx.groups)
