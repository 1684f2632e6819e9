"""The catalog's list rules evaluated: the points limit, counts (per entry or over the
whole list, with their tallies), ratios and same-stat rules, and the findings each
gives, placed at the entry a player would change.

Apart from the plan that decides which rule runs where (``model.roster.validate``)
and from what an entry adds to a count (``model.roster.rule_match``). ``_Context``
and ``_Group`` are here, below the plan, as the state every rule reads.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass
from functools import lru_cache

from model.catalog.constraints import CountRule, PointsLimit, RatioRule, SameStatRule, Term
from model.catalog.schema import FactionView
from model.core.messages import DEFAULTS, render
from model.roster.findings import Finding, Severity, Tally, Where
from model.roster.loadout import Loadout
from model.roster.roster import Roster
from model.roster.rule_match import _group_matches, _measure, _unit_matches


@dataclass(frozen=True)
class _Context:
    view: FactionView
    roster: Roster
    loadouts: tuple[Loadout, ...]
    points: int
    groups: tuple[_Group, ...] = ()
    """The entries that resolve alike, once each: the list rules count by them."""


@dataclass(frozen=True)
class _Group:
    """Entries of a list that resolve to the same loadout (copies of one entry)."""

    lo: Loadout
    """The first of them (every one measures the same: only its place differs)."""
    count: int
    last: int
    """The place of the last of them."""


@dataclass(frozen=True)
class Places:
    """Where a list-wide count's findings go: the last entry adding to an over-full key,
    and the first entry that makes a minimum apply (``_last_contributor``,
    ``_first_when``)."""

    last: Callable[[str | None], int | None]
    first_when: Callable[[], int | None]


def _points(rule: PointsLimit, ctx: _Context) -> tuple[list[Finding], list[Tally]]:
    limit = ctx.roster.points_limit
    tallies = [Tally(rule.label, ctx.points, limit, of_points=True)] if rule.label else []
    groups = ctx.groups
    return _points_findings(rule, ctx, ctx.points, lambda: _cheapest(groups)), tallies


def _cheapest(groups: Iterable[_Group]) -> int | None:
    """What the cheapest model of the entries costs (None for no entries)."""
    return min((g.lo.cheapest_model for g in groups), default=None)


def _points_findings(
    rule: PointsLimit, ctx: _Context, points: int, cheapest: Callable[[], int | None]
) -> list[Finding]:
    """The points limit's finding for a list of ``points`` whose cheapest model costs
    ``cheapest()`` (asked only for a list over its limit that has a tolerance)."""
    limit = ctx.roster.points_limit
    excess = points - limit
    if excess <= 0:
        return []
    tolerance = 0
    if rule.tolerance == "cheapest-model":
        tolerance = cheapest() or 0
    values = {"points": points, "points_limit": limit, "excess": excess, "tolerance": tolerance}
    if excess <= tolerance:
        text = render(rule.tolerance_message or DEFAULTS["points-tolerance"], values)
        return [Finding("warning", rule.id, text)]
    text = render(rule.message or DEFAULTS["points-limit"], values)
    return [Finding(rule.severity, rule.id, text)]


def _same_stat(rule: SameStatRule, lo: Loadout) -> Iterator[Finding]:
    """Models matching ``select`` must have the stats of the models matching ``like``."""
    targets = [g for g in lo.groups if _group_matches(rule.select, lo, g)]
    refs = [g for g in lo.groups if g not in targets and _group_matches(rule.like, lo, g)]
    if not targets or not refs:
        return
    for stat in rule.stats:
        expected = refs[0].stats.get(stat)
        for g in targets:
            value = g.stats.get(stat)
            if value != expected:
                values = {
                    "unit": lo.label,
                    "model": g.name,
                    "stat": stat,
                    "value": value,
                    "expected": expected,
                }
                text = render(rule.message or DEFAULTS["same-stat"], values)
                yield Finding(rule.severity, rule.id, text, Where(lo.index))


def _group_name(ctx: _Context, group_by: str, key: str | None) -> str:
    if key is None:
        return ""
    if group_by == "unit":
        return ctx.view.units[key].name
    if group_by == "item":
        return ctx.view.items[key].name
    return f"{group_by.removeprefix('stat:')} {key}"


def _bounds(rule: CountRule, ctx: _Context, models: int) -> tuple[int | None, int | None]:
    factor = 1
    if rule.per_points:
        blocks = ctx.roster.points_limit / rule.per_points
        factor = math.ceil(blocks) if rule.rounding == "up" else math.floor(blocks)
    if rule.per_model:
        factor *= models
    lo = None if rule.min is None else rule.min * factor
    hi = None if rule.max is None else rule.max * factor
    return lo, hi


def _count_unit(
    rule: CountRule, terms: tuple[Term, ...], ctx: _Context, lo: Loadout
) -> Iterator[Finding]:
    """A unit-scoped count, for one entry."""
    if rule.when is not None and not _unit_matches(rule.when, lo):
        return
    if not rule.by_model and not rule.select.match_unit(lo.entry.unit, lo.tags):
        return
    totals = _totals(rule, terms, ((lo, 1),))
    lo_min, hi = _bounds(rule, ctx, lo.entry.models)
    yield from _check_totals(rule, terms, ctx, totals, lo_min, hi, lo)


def _count(
    rule: CountRule, terms: tuple[Term, ...], ctx: _Context
) -> tuple[list[Finding], list[Tally]]:
    """A list-wide count's findings and tallies (``_plan`` sends unit-scoped counts to
    ``_unit_findings``, entry by entry)."""
    when = rule.when
    if when is not None and not any(_unit_matches(when, g.lo) for g in ctx.groups):
        return [], []
    totals = _totals(rule, terms, ((g.lo, g.count) for g in ctx.groups))
    lo_min, hi = _bounds(rule, ctx, 1)
    tallies = []
    if rule.label:
        for key, value in totals.items():
            name = _group_name(ctx, rule.group_by, key) or None
            tallies.append(Tally(rule.label, value, hi, name))
    return list(_check_totals(rule, terms, ctx, totals, lo_min, hi, None)), tallies


def _totals(
    rule: CountRule, terms: tuple[Term, ...], loadouts: Iterable[tuple[Loadout, int]]
) -> dict[str | None, int]:
    """A count's totals over entries given once with how many there are of each."""
    totals: dict[str | None, int] = {} if rule.group_by != "none" else {None: 0}
    for lo, count in loadouts:
        for term in terms:
            for key, amount in _measure(term, lo, rule.group_by):
                if term.measure == "item-rules":  # a property of each weapon: the worst
                    totals[key] = max(totals.get(key, 0), amount)
                else:
                    totals[key] = totals.get(key, 0) + amount * count
    return totals


def _last_contributor(
    rule: CountRule, terms: tuple[Term, ...], groups: tuple[_Group, ...], key: str | None
) -> int | None:
    """The last entry adding to an over-full count, preferring one whose contribution was
    bought (so the player can remove it) over one that comes with its unit.

    Entries that resolve alike measure alike, so each group is measured once and stands
    for its last entry: walking every entry from the end measured each copy again, for
    every over-full count, on every key press."""
    found, fallback = _last_adders(rule, terms, groups, key)
    return fallback if found is None else found


def _last_adders(
    rule: CountRule, terms: tuple[Term, ...], groups: Iterable[_Group], key: str | None
) -> tuple[int | None, int | None]:
    """The last entry adding to ``key`` in a way the player can remove, and the last
    adding to it only with what comes with its unit (``_adds``)."""
    found = fallback = None
    for g in groups:
        adds = _adds(rule, terms, g.lo, key)
        if adds is None:
            continue
        if adds:
            found = g.last if found is None else max(found, g.last)
        else:
            fallback = g.last if fallback is None else max(fallback, g.last)
    return found, fallback


def _adds(rule: CountRule, terms: tuple[Term, ...], lo: Loadout, key: str | None) -> bool | None:
    """Whether an entry adds to ``key`` of a count in a way the player can remove (True: not
    with items only, or with items it bought), only with what comes with its unit (False),
    or not at all (None)."""
    adds = None
    for term in terms:
        if not any(k == key and n for k, n in _measure(term, lo, rule.group_by)):
            continue
        if term.measure not in ("items", "item-points"):
            return True
        if any(k == key and n for k, n in _measure(_bought(term), lo, rule.group_by)):
            return True
        adds = False
    return adds


@lru_cache(maxsize=256)
def _bought(term: Term) -> Term:
    """The term counting only bought items (terms are frozen: worked out once per term)."""
    return term.model_copy(update={"include_base": False})


def _check_totals(
    rule: CountRule,
    terms: tuple[Term, ...],
    ctx: _Context,
    totals: Mapping[str | None, int],
    least: int | None,
    most: int | None,
    lo: Loadout | None,
    places: Places | None = None,
) -> Iterator[Finding]:
    """The findings of a count's totals: for one entry's count (``lo``), on it; for a
    list-wide count, on the entry a player would change (found among ``ctx.groups``, or
    by ``places`` where the groups are not all at hand)."""
    if places is None:
        groups = ctx.groups
        places = Places(
            lambda key: _last_contributor(rule, terms, groups, key),
            lambda: _first_when(rule, groups),
        )
    for key, count in totals.items():
        if not _breaks(count, least, most):
            continue
        over = most is not None and count > most
        values: dict[str, object] = {
            "count": count,
            "min": least,
            "max": most,
            "group": _group_name(ctx, rule.group_by, key),
            "unit": lo.label if lo else "",
            "points_limit": ctx.roster.points_limit,
            "per_points": rule.per_points,
        }
        item = key if rule.group_by == "item" else None
        if over:
            assert most is not None
            values["excess"] = count - most
            values["needed_limit"] = _needed_limit(rule, count)
            at = lo.index if lo else places.last(key)
            text = render(rule.message or DEFAULTS["count-max"], values)
            yield Finding(rule.severity, rule.id, text, Where(at, item))
        else:
            assert least is not None
            values["missing"] = least - count
            text = render(rule.message or DEFAULTS["count-min"], values)
            at = lo.index if lo else places.first_when()
            yield Finding(rule.severity, rule.id, text, Where(at, item))


def _breaks(count: int, least: int | None, most: int | None) -> bool:
    """Whether a count is over its maximum or under its minimum."""
    return (most is not None and count > most) or (least is not None and count < least)


def _first_when(rule: CountRule, groups: tuple[_Group, ...]) -> int | None:
    """For a list-wide minimum that only applies because of some unit, that unit (the
    groups are in order of their first entry, which each holds)."""
    if rule.when is None:
        return None
    when = rule.when
    return next((g.lo.index for g in groups if _unit_matches(when, g.lo)), None)


def _needed_limit(rule: CountRule, count: int) -> int | str:
    """The points limit at which ``count`` would be allowed, for per-points maxima."""
    if not rule.per_points or not rule.max:
        return "-"
    return math.ceil(count / rule.max) * rule.per_points


def _ratio_counts(rule: RatioRule, loadouts: Iterable[tuple[Loadout, int]]) -> tuple[int, int]:
    """A ratio's numerator and denominator over entries given once with how many there
    are of each."""
    num = den = 0
    for lo, count in loadouts:
        num += sum(a for _, a in _measure(rule.numerator, lo, "none")) * count
        den += sum(a for _, a in _measure(rule.denominator, lo, "none")) * count
    return num, den


def _ratio(rule: RatioRule, ctx: _Context) -> tuple[list[Finding], list[Tally]]:
    num, den = _ratio_counts(rule, ((g.lo, g.count) for g in ctx.groups))
    groups = ctx.groups
    return _ratio_findings(rule, num, den, lambda: _ratio_last(rule, groups)), []


def _ratio_last(rule: RatioRule, groups: Iterable[_Group]) -> int | None:
    """The last entry counted in a ratio's numerator."""
    last: int | None = None
    for g in groups:
        if sum(a for _, a in _measure(rule.numerator, g.lo, "none")):
            last = g.last if last is None else max(last, g.last)
    return last


def _ratio_findings(
    rule: RatioRule, num: int, den: int, last: Callable[[], int | None]
) -> list[Finding]:
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
    text = render(rule.message or DEFAULTS["ratio"], values)
    severity: Severity = rule.severity
    return [Finding(severity, rule.id, text, Where(last()))]
