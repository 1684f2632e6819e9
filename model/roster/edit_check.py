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

from model.catalog.constraints import Constraint, CountRule, PointsLimit, RatioRule, Term
from model.catalog.schema import FactionView
from model.roster.findings import Finding
from model.roster.loadout import Loadout
from model.roster.roster import Roster, RosterUnit
from model.roster.rule_counts import (
    Places,
    _adds,
    _bounds,
    _cheapest,
    _check_totals,
    _Context,
    _Group,
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
            if counts.whole:
                whole = whole or _edited(view, roster, index, lo, base)
                findings.extend(_evaluate(rule, terms, whole)[0])
            else:
                findings.extend(counts.findings(rule, terms, others, lo))
        out.append(tuple(f for f in _in_order(findings) if f.severity == "error"))
    return tuple(out)


@dataclass
class _Counted:
    """What one list rule counts over the entries but the edited one, and where its
    findings would go among them (worked out when first asked, once for every version)."""

    groups: tuple[_Group, ...]
    whole: bool = False
    """Only evaluating the rule over the whole list can tell (it takes a worst value)."""
    off: bool = False
    """The rule is off (its maximum is a setting the list leaves unset)."""
    holds: bool = True
    """A count's ``when`` holds for one of the other entries."""
    totals: dict[str | None, int] = field(default_factory=dict)
    num: int = 0
    den: int = 0
    _last: dict[str | None, tuple[int | None, int | None]] = field(default_factory=dict)
    _when_first: list[int | None] = field(default_factory=list)
    _ratio_others: list[int | None] = field(default_factory=list)
    _first: dict[str | None, int] | None = None

    @classmethod
    def of(cls, rule: Constraint, terms: tuple[Term, ...], ctx: _Context) -> _Counted:
        counts = cls(ctx.groups)
        if isinstance(rule, CountRule):
            limited = _with_setting(rule, ctx)
            if limited is None:
                counts.off = True
            elif any(t.measure == "item-rules" for t in terms):
                counts.whole = True
            else:
                when = limited.when
                counts.holds = when is None or any(_unit_matches(when, g.lo) for g in ctx.groups)
                counts.totals = _totals(limited, terms, ((g.lo, g.count) for g in ctx.groups))
        elif isinstance(rule, RatioRule):
            counts.num, counts.den = _ratio_counts(rule, ((g.lo, g.count) for g in ctx.groups))
        return counts

    def findings(
        self, rule: Constraint, terms: tuple[Term, ...], ctx: _Context, lo: Loadout
    ) -> list[Finding]:
        """The rule's findings with entry ``lo`` added to the others (``ctx``)."""
        if self.off:
            return []
        if isinstance(rule, PointsLimit):
            return _points_findings(rule, ctx, ctx.points + lo.cost, lambda: self._cheapest(lo))
        if isinstance(rule, RatioRule):
            num, den = _ratio_counts(rule, ((lo, 1),))
            return _ratio_findings(
                rule, self.num + num, self.den + den, lambda: self._ratio_last(rule, lo)
            )
        assert isinstance(rule, CountRule)
        limited = _with_setting(rule, ctx)
        assert limited is not None  # else counted off
        when = limited.when
        if not self.holds and not (when is not None and _unit_matches(when, lo)):
            return []
        own = _totals(limited, terms, ((lo, 1),))
        least, most = _bounds(limited, ctx, 1)
        if not any(
            (most is not None and n > most) or (least is not None and n < least)
            for n in _added(self.totals, own).values()
        ):
            return []  # nothing found: no need of the keys' order or of places
        totals = self._in_order(limited, terms, own, lo.index)
        places = Places(
            lambda key: self._last_contributor(limited, terms, lo, key),
            lambda: self._first_when(limited, lo),
        )
        return list(_check_totals(limited, terms, ctx, totals, least, most, None, places))

    def _in_order(
        self, rule: CountRule, terms: tuple[Term, ...], own: dict[str | None, int], index: int
    ) -> dict[str | None, int]:
        """The others' totals with the edited entry's added, keyed in the order a pass
        over the whole list meets the keys: by the first entry adding to each, the keys
        one entry adds in the order it adds them."""
        if self._first is None:  # where the others first add to each key, once
            self._first = {}
            for g in self.groups:
                for term in terms:
                    for key, _ in _measure(term, g.lo, rule.group_by):
                        self._first.setdefault(key, g.lo.index)
        firsts = self._first
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

    def _last_contributor(
        self, rule: CountRule, terms: tuple[Term, ...], lo: Loadout, key: str | None
    ) -> int | None:
        """``rule_counts._last_contributor`` over the others and ``lo``: the others'
        answer for ``key`` (worked out once), with ``lo``'s place where it adds."""
        known = self._last.get(key)
        if known is None:
            known = self._last[key] = _last_adders(rule, terms, self.groups, key)
        found, fallback = known
        adds = _adds(rule, terms, lo, key)
        if adds:
            found = lo.index if found is None else max(found, lo.index)
        elif adds is not None:
            fallback = lo.index if fallback is None else max(fallback, lo.index)
        return fallback if found is None else found

    def _first_when(self, rule: CountRule, lo: Loadout) -> int | None:
        """``rule_counts._first_when`` over the others and ``lo``."""
        when = rule.when
        if when is None:
            return None
        if not self._when_first:
            found = (g.lo.index for g in self.groups if _unit_matches(when, g.lo))
            self._when_first.append(next(found, None))
        first = self._when_first[0]
        if _unit_matches(when, lo):
            return lo.index if first is None else min(first, lo.index)
        return first

    def _ratio_last(self, rule: RatioRule, lo: Loadout) -> int | None:
        """``rule_counts._ratio_last`` over the others and ``lo``."""
        if not self._ratio_others:
            self._ratio_others.append(_ratio_last(rule, self.groups))
        last = self._ratio_others[0]
        if sum(a for _, a in _measure(rule.numerator, lo, "none")):
            return lo.index if last is None else max(last, lo.index)
        return last

    def _cheapest(self, lo: Loadout) -> int:
        """What the cheapest model of the others and ``lo`` costs."""
        others = _cheapest(self.groups)
        return lo.cheapest_model if others is None else min(others, lo.cheapest_model)


def _added(totals: dict[str | None, int], own: dict[str | None, int]) -> dict[str | None, int]:
    """``totals`` with ``own`` added key by key."""
    out = dict(totals)
    for key, amount in own.items():
        out[key] = out.get(key, 0) + amount
    return out
