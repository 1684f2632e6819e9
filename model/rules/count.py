"""The ``count`` kind of list rule: how many of something (entries, models, items, points,
or a stat summed over models), within the list or within each unit, between a minimum and
a maximum (which may scale with the points limit, the unit's models, or come from a list
setting), counted apart for each unit type, item or stat value where the rule says.

All there is of it: its schema (``CountRule``, with the placeholders its messages may
use), its catalog check, where it runs (a count within each unit entry by entry, a
list-wide count over the list), its totals (each entry's part measured by
``model.rules.match``), the findings on the entry a player would change (the last adding
to an over-full count, preferring one that bought what it adds; the first that makes a
minimum apply), its tallies, the shortcut for an edit of one entry, and its default
messages.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from functools import cached_property, lru_cache
from typing import TYPE_CHECKING, ClassVar, Literal

from pydantic import model_validator

from model.core.base import Bool, Id
from model.core.bounds import Count, Points
from model.core.messages import render
from model.core.value import frozen_value
from model.rules.findings import Finding, Tally, Where
from model.rules.kind import Context, Counted, EntryRule, Group, ListRule, Off, RuleBase, later
from model.rules.match import GroupBy, Measure, Term, measure, unit_matches
from model.rules.selectors import Selector

if TYPE_CHECKING:
    from model.core.problems import KeyPath
    from model.rules.entry import Entry
    from model.rules.kind import CatalogCheck

DEFAULT_MAX = "{count}; at most {max} allowed: remove {excess}"
"""The message of a count over its maximum, when the rule gives none."""

DEFAULT_MIN = "{count}; at least {min} needed: add {missing}"
"""The message of a count under its minimum, when the rule gives none."""


ITEM_MEASURES = ("items", "item-points", "item-rules")
"""Measures that count item by item, so a count can be grouped by item."""


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

    def check(
        self, catalog: CatalogCheck, file: str, here: KeyPath, units: set[str], items: set[str]
    ) -> None:
        """Its selectors name what exists, its measures and grouping the system's stats,
        and a count grouped by item counts items."""
        selectors = [(self.select, (*here, "select"))]
        if self.when is not None:
            selectors.append((self.when, (*here, "when")))
        for n, term in enumerate(self.plus, start=1):
            selectors.append((term.select, (*here, "plus", n, "select")))
        for sel, path in selectors:
            catalog.check_selector(file, path, sel, units, items)
        for term in self.terms():
            catalog.check_measure(file, (*here, "measure"), term.measure)
        catalog.check_measure(file, (*here, "group_by"), self.group_by)
        if self.group_by == "item" and self.measure not in ITEM_MEASURES:
            catalog.add(
                file,
                (*here, "group_by"),
                'group_by = "item" needs measure = "items", "item-points" or "item-rules"',
            )

    def planned(self) -> EntryCount | ListCount:
        """The rule as the validator runs it, with everything it adds up worked out once."""
        if self.scope == "unit":
            return EntryCount(self, self.terms())
        return ListCount(self, self.terms())


@frozen_value(slots=False)
class EntryCount(EntryRule):
    """A count within each unit (``scope = "unit"``), checked entry by entry."""

    rule: CountRule
    terms: tuple[Term, ...]

    def findings(self, ctx: Context, lo: Entry) -> Iterable[Finding]:
        limited = _with_setting(self.rule, ctx)
        if limited is None:
            return ()
        return _count_unit(limited, self.terms, ctx, lo)


@frozen_value(slots=False)
class ListCount(ListRule):
    """A count over the whole list (``scope = "list"``)."""

    rule: CountRule
    terms: tuple[Term, ...]

    def evaluate(self, ctx: Context) -> tuple[list[Finding], list[Tally]]:
        limited = _with_setting(self.rule, ctx)
        return _count(limited, self.terms, ctx) if limited is not None else ([], [])

    def counted(self, others: Context) -> Counted | None:
        terms = self.terms
        limited = _with_setting(self.rule, others)
        if limited is None:
            return Off()
        if any(t.measure == "item-rules" for t in terms):
            return None  # the worst of a property, not a sum
        groups = others.groups
        when = limited.when
        holds = when is None or any(unit_matches(when, g.lo) for g in groups)
        totals = _totals(limited, terms, ((g.lo, g.count) for g in groups))
        return _CountCounted(limited, terms, others, holds=holds, totals=totals)


def _with_setting(rule: CountRule, ctx: Context) -> CountRule | None:
    """The rule with its maximum from the roster's settings; None while it is off."""
    if rule.max_setting is None:
        return rule
    setting = ctx.roster.settings.get(rule.max_setting)
    return None if setting is None else rule.model_copy(update={"max": setting})


@frozen_value(slots=False)
class _Places:
    """Where a list-wide count's findings go: the last entry adding to an over-full key,
    and the first entry that makes a minimum apply (``_last_contributor``,
    ``_first_when``)."""

    last: Callable[[str | None], int | None]
    first_when: Callable[[], int | None]


def _group_name(ctx: Context, group_by: str, key: str | None) -> str:
    if key is None:
        return ""
    if group_by == "unit":
        return ctx.view.units[key].name
    if group_by == "item":
        return ctx.view.items[key].name
    return f"{group_by.removeprefix('stat:')} {key}"


def _bounds(rule: CountRule, ctx: Context, models: int) -> tuple[int | None, int | None]:
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
    rule: CountRule, terms: tuple[Term, ...], ctx: Context, lo: Entry
) -> Iterator[Finding]:
    """A unit-scoped count, for one entry."""
    if rule.when is not None and not unit_matches(rule.when, lo):
        return
    if not rule.by_model and not rule.select.match_unit(lo.entry.unit, lo.tags):
        return
    totals = _totals(rule, terms, ((lo, 1),))
    lo_min, hi = _bounds(rule, ctx, lo.entry.models)
    yield from _check_totals(rule, terms, ctx, totals, lo_min, hi, lo)


def _count(
    rule: CountRule, terms: tuple[Term, ...], ctx: Context
) -> tuple[list[Finding], list[Tally]]:
    """A list-wide count's findings and tallies (a count within each unit is checked
    entry by entry, ``EntryCount``)."""
    when = rule.when
    if when is not None and not any(unit_matches(when, g.lo) for g in ctx.groups):
        return [], []
    totals = _totals(rule, terms, ((g.lo, g.count) for g in ctx.groups))
    lo_min, hi = _bounds(rule, ctx, 1)
    tallies = _tallies(rule, ctx, totals, hi)
    return list(_check_totals(rule, terms, ctx, totals, lo_min, hi, None)), tallies


def _tallies(
    rule: CountRule, ctx: Context, totals: Mapping[str | None, int], most: int | None
) -> list[Tally]:
    """A list-wide count's running counts for the status line, one per key of its
    totals (none for a rule without a ``label``)."""
    if not rule.label:
        return []
    label = rule.label
    return [
        Tally(label, value, most, _group_name(ctx, rule.group_by, key) or None)
        for key, value in totals.items()
    ]


def _totals(
    rule: CountRule, terms: tuple[Term, ...], loadouts: Iterable[tuple[Entry, int]]
) -> dict[str | None, int]:
    """A count's totals over entries given once with how many there are of each."""
    totals: dict[str | None, int] = {} if rule.group_by != "none" else {None: 0}
    for lo, count in loadouts:
        for term in terms:
            for key, amount in measure(term, lo, rule.group_by):
                if term.measure == "item-rules":  # a property of each weapon: the worst
                    totals[key] = max(totals.get(key, 0), amount)
                else:
                    totals[key] = totals.get(key, 0) + amount * count
    return totals


def _last_contributor(
    rule: CountRule, terms: tuple[Term, ...], groups: tuple[Group, ...], key: str | None
) -> int | None:
    """The last entry adding to an over-full count, preferring one whose contribution was
    bought (so the player can remove it) over one that comes with its unit.

    Entries that resolve alike measure alike, so each group is measured once and stands
    for its last entry: walking every entry from the end measured each copy again, for
    every over-full count, on every key press."""
    found, fallback = _last_adders(rule, terms, groups, key)
    return fallback if found is None else found


def _last_adders(
    rule: CountRule, terms: tuple[Term, ...], groups: Iterable[Group], key: str | None
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


def _adds(rule: CountRule, terms: tuple[Term, ...], lo: Entry, key: str | None) -> bool | None:
    """Whether an entry adds to ``key`` of a count in a way the player can remove (True: not
    with items only, or with items it bought), only with what comes with its unit (False),
    or not at all (None)."""
    adds = None
    for term in terms:
        if not any(k == key and n for k, n in measure(term, lo, rule.group_by)):
            continue
        if term.measure not in ("items", "item-points"):
            return True
        if any(k == key and n for k, n in measure(_bought(term), lo, rule.group_by)):
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
    ctx: Context,
    totals: Mapping[str | None, int],
    least: int | None,
    most: int | None,
    lo: Entry | None,
    places: _Places | None = None,
) -> Iterator[Finding]:
    """The findings of a count's totals: for one entry's count (``lo``), on it; for a
    list-wide count, on the entry a player would change (found among ``ctx.groups``, or
    by ``places`` where the groups are not all at hand)."""
    if places is None:
        groups = ctx.groups
        places = _Places(
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
            text = render(rule.message or DEFAULT_MAX, values)
            yield Finding(rule.severity, rule.id, text, Where(at, item))
        else:
            assert least is not None
            values["missing"] = least - count
            text = render(rule.message or DEFAULT_MIN, values)
            at = lo.index if lo else places.first_when()
            yield Finding(rule.severity, rule.id, text, Where(at, item))


def _breaks(count: int, least: int | None, most: int | None) -> bool:
    """Whether a count is over its maximum or under its minimum."""
    return (most is not None and count > most) or (least is not None and count < least)


def _first_when(rule: CountRule, groups: tuple[Group, ...]) -> int | None:
    """For a list-wide minimum that only applies because of some unit, that unit (the
    groups are in order of their first entry, which each holds)."""
    if rule.when is None:
        return None
    when = rule.when
    return next((g.lo.index for g in groups if unit_matches(when, g.lo)), None)


def _needed_limit(rule: CountRule, count: int) -> int | str:
    """The points limit at which ``count`` would be allowed, for per-points maxima."""
    if not rule.per_points or not rule.max:
        return "-"
    return math.ceil(count / rule.max) * rule.per_points


_NOWHERE = 1 << 62
"""A place after every entry: where a key no other entry counts is first met."""


@dataclass
class _CountCounted(Counted):
    """A list-wide count's totals over the other entries (``ctx``), and where its findings
    would go among them (each worked out when first asked, then kept for every version).

    The totals are sums, the same in whatever order they are added, and where a finding
    goes (the last entry adding to an over-full count, the first that makes a minimum
    apply) is the greatest or least of the others' and the edited entry's place; the keys
    of a count are taken in the order a pass over the whole list meets them."""

    rule: CountRule
    """The rule, its maximum taken from the list's settings."""
    terms: tuple[Term, ...]
    ctx: Context
    holds: bool = True
    """The count's ``when`` holds for one of the other entries."""
    totals: dict[str | None, int] = field(default_factory=dict)
    _last: dict[str | None, tuple[int | None, int | None]] = field(default_factory=dict)

    def findings(self, lo: Entry) -> list[Finding]:
        rule, terms, ctx = self.rule, self.terms, self.ctx
        when = rule.when
        if not self.holds and not (when is not None and unit_matches(when, lo)):
            return []
        own = _totals(rule, terms, ((lo, 1),))
        least, most = _bounds(rule, ctx, 1)
        if not any(_breaks(n, least, most) for n in _added(self.totals, own).values()):
            return []  # nothing found: no need of the keys' order or of places
        places = _Places(
            lambda key: self._last_contributor(lo, key),
            lambda: self._first_when(lo),
        )
        totals = self._in_order(own, lo.index)
        return list(_check_totals(rule, terms, ctx, totals, least, most, None, places))

    def tallies(self, lo: Entry) -> list[Tally]:
        rule, ctx = self.rule, self.ctx
        when = rule.when
        if not rule.label or (not self.holds and not (when is not None and unit_matches(when, lo))):
            return []
        _, most = _bounds(rule, ctx, 1)
        totals = self._in_order(_totals(rule, self.terms, ((lo, 1),)), lo.index)
        return _tallies(rule, ctx, totals, most)

    @cached_property
    def first_met(self) -> dict[str | None, int]:
        """Where the others first add to each key of a count."""
        first: dict[str | None, int] = {}
        for g in self.ctx.groups:
            for term in self.terms:
                for key, _ in measure(term, g.lo, self.rule.group_by):
                    first.setdefault(key, g.lo.index)
        return first

    @cached_property
    def when_first(self) -> int | None:
        """The first of the others that makes a count's minimum apply."""
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

    def _last_contributor(self, lo: Entry, key: str | None) -> int | None:
        """``_last_contributor`` over the others and ``lo``: the others' answer for
        ``key`` (worked out once), with ``lo``'s place where it adds."""
        rule = self.rule
        known = self._last.get(key)
        if known is None:
            known = self._last[key] = _last_adders(rule, self.terms, self.ctx.groups, key)
        found, fallback = known
        adds = _adds(rule, self.terms, lo, key)
        found = later(found, lo, adds is True)
        fallback = later(fallback, lo, adds is False)
        return fallback if found is None else found

    def _first_when(self, lo: Entry) -> int | None:
        """``_first_when`` over the others and ``lo``."""
        when = self.rule.when
        if when is None:
            return None
        first = self.when_first
        if unit_matches(when, lo):
            return lo.index if first is None else min(first, lo.index)
        return first


def _added(totals: dict[str | None, int], own: dict[str | None, int]) -> dict[str | None, int]:
    """``totals`` with ``own`` added key by key."""
    out = dict(totals)
    for key, amount in own.items():
        out[key] = out.get(key, 0) + amount
    return out
