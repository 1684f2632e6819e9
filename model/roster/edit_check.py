"""Checking several versions of one entry against the list's rules at once: the equip
dialog asks, for every option of an entry and on every key, what one more of it would
break (``model.roster.advice``).

Checked one version at a time (``validate.edit_errors``), each went over every entry of
the list for every list rule: in a list of 200 entries of their own (named, or equipped
apart, so that no two are counted together) that was 80 ms a key. Here each list rule is
counted over the other entries once; a version then adds what its own entry counts. The
totals are sums, the same in whatever order they are added, and where a finding goes (the
last entry adding to an over-full count, the first that makes a minimum apply, the last
counted in a ratio) is the greatest or least of the others' and the edited entry's place.
So each version costs what its own entry counts, and gives ``edit_errors``'s findings, in
its order: the keys of a count are taken in the order a pass over the whole list meets
them. Rules that take the worst of a property (``item-rules``) are not sums: those are
evaluated over the whole list for each version.

Apart from ``validate`` because it is one question's shortcut, not the plan of the check;
``tests/model/test_advice_edit.py`` holds it to ``edit_errors`` for every fixture list.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import cached_property

from model.catalog.constraints import Constraint, CountRule, PointsLimit, RatioRule, Term
from model.catalog.schema import FactionView
from model.roster.findings import Finding
from model.roster.loadout import Loadout
from model.roster.roster import Roster, RosterUnit
from model.roster.rule_counts import (
    Places,
    _adds,
    _bounds,
    _breaks,
    _cheapest,
    _check_totals,
    _Context,
    _first_when,
    _last_adders,
    _points_findings,
    _ratio_counts,
    _ratio_findings,
    _ratio_last,
    _totals,
)
from model.roster.rule_match import _measure, _unit_matches
from model.roster.validate import (
    _UNIT_FINDINGS,
    _edited,
    _evaluate,
    _groups,
    _in_order,
    _plan,
    _resolve,
    _trial,
    _unit_findings,
    _with_setting,
)

_NOWHERE = 1 << 62
"""A place after every entry: where a key no other entry counts is first met."""


def edit_errors_each(
    view: FactionView, roster: Roster, index: int, entries: Iterable[RosterUnit]
) -> tuple[tuple[Finding, ...], ...]:
    """``edit_errors(view, roster, index, entry)`` for each of ``entries``."""
    loadouts, bases = _resolve(view, roster)
    keep = [n for n in range(len(loadouts)) if n != index]
    others = _Context(
        view,
        roster,
        tuple(loadouts[n] for n in keep),
        sum(loadouts[n].cost for n in keep),
        _groups(tuple(loadouts[n] for n in keep), tuple(bases[n] for n in keep)),
    )
    unit_rules, list_rules = _plan(view)
    counted = [_Counted.of(rule, terms, others) for rule, terms in list_rules]
    cache = _UNIT_FINDINGS.setdefault(view.base, {})
    out = []
    for entry in entries:
        lo, base = _trial(view, entry, index)
        findings = list(_unit_findings(others, lo, unit_rules, cache))
        whole: _Context | None = None
        for (rule, terms), counts in zip(list_rules, counted, strict=True):
            if counts is None:  # not a sum: evaluated over the whole list
                whole = whole or _edited(view, roster, index, lo, base)
                findings.extend(_evaluate(rule, terms, whole)[0])
            else:
                findings.extend(counts.findings(others, lo))
        out.append(tuple(f for f in _in_order(findings) if f.severity == "error"))
    return tuple(out)


@dataclass
class _Counted:
    """What one list rule counts over the entries but the edited one (``ctx``), and where
    its findings would go among them (each worked out when first asked, then kept for
    every version)."""

    rule: PointsLimit | CountRule | RatioRule | None
    """The rule, a count's maximum taken from the list's settings; None while it is off
    (its maximum is a setting the list leaves unset)."""
    terms: tuple[Term, ...]
    ctx: _Context
    holds: bool = True
    """A count's ``when`` holds for one of the other entries."""
    totals: dict[str | None, int] = field(default_factory=dict)
    num: int = 0
    den: int = 0
    _last: dict[str | None, tuple[int | None, int | None]] = field(default_factory=dict)

    @classmethod
    def of(cls, rule: Constraint, terms: tuple[Term, ...], ctx: _Context) -> _Counted | None:
        """The rule counted over ``ctx``; None for one that is not a sum (``item-rules``
        takes the worst value), which only evaluating it whole can tell."""
        groups = ctx.groups
        if isinstance(rule, CountRule):
            limited = _with_setting(rule, ctx)
            if limited is None:
                return cls(None, terms, ctx)
            if any(t.measure == "item-rules" for t in terms):
                return None
            when = limited.when
            holds = when is None or any(_unit_matches(when, g.lo) for g in groups)
            totals = _totals(limited, terms, ((g.lo, g.count) for g in groups))
            return cls(limited, terms, ctx, holds=holds, totals=totals)
        if isinstance(rule, RatioRule):
            num, den = _ratio_counts(rule, ((g.lo, g.count) for g in groups))
            return cls(rule, terms, ctx, num=num, den=den)
        assert isinstance(rule, PointsLimit)
        return cls(rule, terms, ctx)

    def findings(self, ctx: _Context, lo: Loadout) -> list[Finding]:
        """The rule's findings with entry ``lo`` added to the others (``ctx``)."""
        rule, terms = self.rule, self.terms
        if rule is None:
            return []
        if isinstance(rule, PointsLimit):
            cheapest = self.cheapest
            return _points_findings(
                rule,
                ctx,
                ctx.points + lo.cost,
                lambda: lo.cheapest_model if cheapest is None else min(cheapest, lo.cheapest_model),
            )
        if isinstance(rule, RatioRule):
            num, den = _ratio_counts(rule, ((lo, 1),))
            return _ratio_findings(
                rule,
                self.num + num,
                self.den + den,
                lambda: _later(self.ratio_last, lo, self._counts_in_ratio(lo)),
            )
        when = rule.when
        if not self.holds and not (when is not None and _unit_matches(when, lo)):
            return []
        own = _totals(rule, terms, ((lo, 1),))
        least, most = _bounds(rule, ctx, 1)
        if not any(_breaks(n, least, most) for n in _added(self.totals, own).values()):
            return []  # nothing found: no need of the keys' order or of places
        places = Places(
            lambda key: self._last_contributor(lo, key),
            lambda: self._first_when(lo),
        )
        totals = self._in_order(own, lo.index)
        return list(_check_totals(rule, terms, ctx, totals, least, most, None, places))

    @cached_property
    def cheapest(self) -> int | None:
        """What the others' cheapest model costs (a points limit's tolerance)."""
        return _cheapest(self.ctx.groups)

    @cached_property
    def ratio_last(self) -> int | None:
        """The last of the others counted in a ratio's numerator."""
        assert isinstance(self.rule, RatioRule)
        return _ratio_last(self.rule, self.ctx.groups)

    def _counts_in_ratio(self, lo: Loadout) -> bool:
        assert isinstance(self.rule, RatioRule)
        return bool(sum(a for _, a in _measure(self.rule.numerator, lo, "none")))

    @cached_property
    def first_met(self) -> dict[str | None, int]:
        """Where the others first add to each key of a count."""
        assert isinstance(self.rule, CountRule)
        first: dict[str | None, int] = {}
        for g in self.ctx.groups:
            for term in self.terms:
                for key, _ in _measure(term, g.lo, self.rule.group_by):
                    first.setdefault(key, g.lo.index)
        return first

    @cached_property
    def when_first(self) -> int | None:
        """The first of the others that makes a count's minimum apply."""
        assert isinstance(self.rule, CountRule)
        return _first_when(self.rule, self.ctx.groups)

    def _in_order(self, own: dict[str | None, int], index: int) -> dict[str | None, int]:
        """The others' totals with the edited entry's added, keyed in the order a pass
        over the whole list meets the keys: by the first entry adding to each, the keys
        one entry adds in the order it adds them."""
        firsts = self.first_met
        rank = {key: n for n, key in enumerate(self.totals)}
        own_rank = {key: n for n, key in enumerate(own)}

        def met(key: str | None) -> tuple[int, int]:
            first = firsts.get(key, _NOWHERE)
            if key in own and index < first:
                return index, own_rank[key]
            if key not in firsts and key in rank:  # a count's key of no entry (0)
                return -1, rank[key]
            return first, rank[key]

        totals = _added(self.totals, own)
        return {key: totals[key] for key in sorted(totals, key=met)}

    def _last_contributor(self, lo: Loadout, key: str | None) -> int | None:
        """``rule_counts._last_contributor`` over the others and ``lo``: the others'
        answer for ``key`` (worked out once), with ``lo``'s place where it adds."""
        rule = self.rule
        assert isinstance(rule, CountRule)
        known = self._last.get(key)
        if known is None:
            known = self._last[key] = _last_adders(rule, self.terms, self.ctx.groups, key)
        found, fallback = known
        adds = _adds(rule, self.terms, lo, key)
        found = _later(found, lo, adds is True)
        fallback = _later(fallback, lo, adds is False)
        return fallback if found is None else found

    def _first_when(self, lo: Loadout) -> int | None:
        """``rule_counts._first_when`` over the others and ``lo``."""
        assert isinstance(self.rule, CountRule)
        when = self.rule.when
        if when is None:
            return None
        first = self.when_first
        if _unit_matches(when, lo):
            return lo.index if first is None else min(first, lo.index)
        return first


def _later(place: int | None, lo: Loadout, counts: bool) -> int | None:
    """The later of ``place`` and ``lo``'s, where ``lo`` ``counts``."""
    if not counts:
        return place
    return lo.index if place is None else max(place, lo.index)


def _added(totals: dict[str | None, int], own: dict[str | None, int]) -> dict[str | None, int]:
    """``totals`` with ``own`` added key by key."""
    out = dict(totals)
    for key, amount in own.items():
        out[key] = out.get(key, 0) + amount
    return out
