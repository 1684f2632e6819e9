"""The ``ratio`` kind of list rule: one count against another across the list ("no more
Scumbags than all other members", "two addler packs per Bobblehead").

All there is of it: its schema (``RatioRule``, with the placeholders its message may
use), its catalog check, the two counts (each entry's part measured by
``model.rules.match``), the finding on the last entry counted in the numerator, the
shortcut for an edit of one entry, and its default message.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import cached_property
from typing import TYPE_CHECKING, ClassVar, Literal

from model.core.bounds import Ratio as RatioBound
from model.core.messages import render
from model.core.value import frozen_value
from model.rules.findings import Finding, Severity, Tally, Where
from model.rules.kind import Context, Counted, Group, ListRule, RuleBase, later
from model.rules.match import Term, measure

if TYPE_CHECKING:
    from model.core.problems import KeyPath
    from model.rules.entry import Entry
    from model.rules.kind import CatalogCheck

DEFAULT = "{count} against {other}; at most {allowed} allowed: remove {excess} or add {needed}"
"""The finding's message when the rule gives none."""


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
    max: RatioBound
    """At most this many of the numerator for each one of the denominator."""

    def check(
        self, catalog: CatalogCheck, file: str, here: KeyPath, units: set[str], items: set[str]
    ) -> None:
        """Both of a ratio's terms name what exists and the system's stats."""
        for key, term in (("numerator", self.numerator), ("denominator", self.denominator)):
            catalog.check_selector(file, (*here, key, "select"), term.select, units, items)
            catalog.check_measure(file, (*here, key, "measure"), term.measure)

    def planned(self) -> Ratio:
        """The rule as the validator runs it."""
        return Ratio(self)


@frozen_value(slots=False)
class Ratio(ListRule):
    """A ratio, checked over the whole list."""

    rule: RatioRule

    def evaluate(self, ctx: Context) -> tuple[list[Finding], list[Tally]]:
        rule = self.rule
        num, den = _counts(rule, ((g.lo, g.count) for g in ctx.groups))
        groups = ctx.groups
        return _findings(rule, num, den, lambda: _last(rule, groups)), []

    def counted(self, others: Context) -> Counted:
        num, den = _counts(self.rule, ((g.lo, g.count) for g in others.groups))
        return _RatioCounted(self.rule, others, num, den)


def _counts(rule: RatioRule, loadouts: Iterable[tuple[Entry, int]]) -> tuple[int, int]:
    """A ratio's numerator and denominator over entries given once with how many there
    are of each."""
    num = den = 0
    for lo, count in loadouts:
        num += sum(a for _, a in measure(rule.numerator, lo, "none")) * count
        den += sum(a for _, a in measure(rule.denominator, lo, "none")) * count
    return num, den


def _last(rule: RatioRule, groups: Iterable[Group]) -> int | None:
    """The last entry counted in a ratio's numerator."""
    last: int | None = None
    for g in groups:
        if sum(a for _, a in measure(rule.numerator, g.lo, "none")):
            last = g.last if last is None else max(last, g.last)
    return last


def _findings(rule: RatioRule, num: int, den: int, last: Callable[[], int | None]) -> list[Finding]:
    """The ratio's finding for ``num`` over ``den``, on the entry ``last()`` (asked only
    when the ratio is broken)."""
    allowed = math.floor(rule.max * den + 1e-9)
    if num <= allowed:
        return []
    values = {
        "count": num,
        "other": den,
        "allowed": allowed,
        "excess": num - allowed,
        "needed": max(math.ceil(num / rule.max - 1e-9) - den, 0),
        "max": int(rule.max) if rule.max.is_integer() else rule.max,
    }
    text = render(rule.message or DEFAULT, values)
    severity: Severity = rule.severity
    return [Finding(severity, rule.id, text, Where(last()))]


@dataclass
class _RatioCounted(Counted):
    """The others' numerator and denominator, and (when first asked) the last of them
    counted in the numerator."""

    rule: RatioRule
    ctx: Context
    num: int
    den: int

    def findings(self, lo: Entry) -> list[Finding]:
        rule = self.rule
        num, den = _counts(rule, ((lo, 1),))
        return _findings(
            rule,
            self.num + num,
            self.den + den,
            lambda: later(self.last, lo, self._in_numerator(lo)),
        )

    def tallies(self, lo: Entry) -> list[Tally]:
        return []  # a ratio shows no running count

    @cached_property
    def last(self) -> int | None:
        """The last of the others counted in the numerator."""
        return _last(self.rule, self.ctx.groups)

    def _in_numerator(self, lo: Entry) -> bool:
        return bool(sum(a for _, a in measure(self.rule.numerator, lo, "none")))
