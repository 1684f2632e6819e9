"""The constraint engine: cost a roster and check it against its catalog's rules.

Two kinds of check run here. The catalog's list rules (``model.catalog.constraints``)
are generic data and are evaluated by ``_count``, ``_ratio`` and ``_points``.
What every unit's own data implies (its number of models, that it only takes
what its option groups offer, each group's min and max) is checked by
``_entry_checks`` with fixed codes. The whole check is a few passes over the
list, fast enough to run on every key press.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from functools import lru_cache
from weakref import WeakKeyDictionary

from model.catalog.constraints import (
    Constraint,
    CountRule,
    PointsLimit,
    RatioRule,
    SameStatRule,
    Term,
)
from model.catalog.schema import FactionView
from model.catalog.selectors import Selector
from model.core.messages import DEFAULTS, render
from model.core.problems import close_matches
from model.roster.findings import Finding, Report, Severity, Tally, Where
from model.roster.loadout import Carried, Loadout, ModelsLoad, resolve_loadout
from model.roster.roster import Roster, RosterUnit

NOT_OFFERED = "not-offered"
CHOICE_MAX = "choice-max"
GROUP_MIN = "group-min"
GROUP_MAX = "group-max"
UNIT_SIZE = "unit-size"
UNKNOWN_SETTING = "unknown-setting"
SETTING_RANGE = "setting-range"


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


def validate(view: FactionView, roster: Roster) -> Report:
    """Cost the roster and report every rule it breaks, errors first."""
    loadouts, bases = _resolve(view, roster)
    ctx = _Context(
        view, roster, loadouts, sum(lo.cost for lo in loadouts), _groups(loadouts, bases)
    )
    findings, tallies = _check(ctx, loadouts)
    return Report(
        points=ctx.points,
        points_limit=roster.points_limit,
        models=sum(e.models for e in roster.units),
        unit_points=tuple(lo.cost for lo in loadouts),
        findings=(*_setting_findings(view, roster), *findings),
        tallies=tuple(tallies),
    )


def _check(ctx: _Context, entries: Iterable[Loadout]) -> tuple[list[Finding], list[Tally]]:
    """The list rules' findings and tallies, after the own findings of ``entries``: errors
    first, in the order of the entries they point at."""
    findings: list[Finding] = []
    tallies: list[Tally] = []
    unit_rules, list_rules = _plan(ctx.view)
    cache = _UNIT_FINDINGS.setdefault(ctx.view.base, {})
    for lo in entries:
        findings.extend(_unit_findings(ctx, lo, unit_rules, cache))
    for rule, terms in list_rules:
        found, tally = _evaluate(rule, terms, ctx)
        findings.extend(found)
        tallies.extend(tally)
    order = {"error": 0, "warning": 1}
    findings.sort(key=lambda f: (order[f.severity], -1 if f.where.unit is None else f.where.unit))
    return findings, tallies


def edit_errors(
    view: FactionView, roster: Roster, index: int, entry: RosterUnit
) -> tuple[Finding, ...]:
    """The errors ``roster`` would have with entry ``index`` made ``entry``, but for the
    other entries' own findings (an edit of one entry leaves those as they were): the
    list-wide rules' errors and the edited entry's, in ``validate``'s order.

    The builder asks this for every option of an entry (would one more break a rule?).
    Validating a whole copy of the list per option went over every entry each time,
    twenty times per key press in the equip dialog; this reuses the list's entries as
    resolved and checks only the edited one."""
    loadouts, bases = _resolve(view, roster)
    cache = _RESOLVED.setdefault(view.base, {})
    key = _entry_key(view, entry)
    base = cache.get(key)
    if base is None:
        if len(cache) > 4096:
            cache.clear()
        base = cache[key] = resolve_loadout(view, entry, index)
    lo = base
    if lo.index != index:
        lo = Loadout(index, lo.entry, lo.unit, lo.tags, lo.carried, lo.cost, lo.groups, lo.design)
    loadouts = (*loadouts[:index], lo, *loadouts[index + 1 :])
    bases = (*bases[:index], base, *bases[index + 1 :])
    ctx = _Context(
        view, roster, loadouts, sum(lo.cost for lo in loadouts), _groups(loadouts, bases)
    )
    findings, _ = _check(ctx, (lo,))
    return tuple(f for f in findings if f.severity == "error")


_RESOLVED: WeakKeyDictionary[FactionView, dict[object, Loadout]] = WeakKeyDictionary()
"""Entries already resolved, per catalog view: after one edit only the edited entry is
worked out again. Entries are immutable, so a cached loadout can never go stale."""


def _entry_key(view: FactionView, entry: RosterUnit) -> object:
    """What an entry's loadout depends on besides the catalog: the entry, and the card
    when it names one of the roster's (so a card edit re-resolves only its entries)."""
    cards = view.roster_cards
    card = cards.get(entry.unit) if cards else None  # most lists have none: skip the miss
    return entry if card is None else (entry, card)


def loadouts_of(view: FactionView, roster: Roster) -> tuple[Loadout, ...]:
    """Every entry of a roster resolved against its catalog."""
    return _resolve(view, roster)[0]


_LAST: list[tuple[FactionView, Roster, tuple[Loadout, ...], tuple[Loadout, ...]]] = []
"""The last roster resolved: the builder resolves the same one to validate it and to
show it, and in a long list even finding each entry in the cache takes milliseconds."""


def _resolve(view: FactionView, roster: Roster) -> tuple[tuple[Loadout, ...], tuple[Loadout, ...]]:
    """Every entry resolved, and for each the cached loadout it was placed from (equal
    entries share one: the list rules measure it once for all of them)."""
    if _LAST and _LAST[0][0] is view and _LAST[0][1] is roster:
        return _LAST[0][2], _LAST[0][3]
    cache = _RESOLVED.setdefault(view.base, {})
    if len(cache) > 4096:
        cache.clear()
    out = []
    bases = []
    for index, entry in enumerate(roster.units):
        key = _entry_key(view, entry)
        lo = cache.get(key)
        if lo is None:
            lo = cache[key] = resolve_loadout(view, entry, index)
        bases.append(lo)
        if lo.index != index:  # the constructor: dataclasses.replace costs three times more
            lo = Loadout(
                index, lo.entry, lo.unit, lo.tags, lo.carried, lo.cost, lo.groups, lo.design
            )
        out.append(lo)
    result = tuple(out), tuple(bases)
    _LAST[:] = [(view, roster, *result)]
    return result


def _groups(loadouts: tuple[Loadout, ...], bases: tuple[Loadout, ...]) -> tuple[_Group, ...]:
    """The entries grouped by the loadout they resolved to, in order of first appearance
    (so totals meet their keys in the order a pass over every entry would)."""
    first: dict[int, Loadout] = {}
    counts: dict[int, int] = {}
    last: dict[int, int] = {}
    for lo, base in zip(loadouts, bases, strict=True):
        key = id(base)
        if key not in first:
            first[key] = lo
            counts[key] = 0
        counts[key] += 1
        last[key] = lo.index
    return tuple(_Group(lo, counts[key], last[key]) for key, lo in first.items())


# --- the list's settings ------------------------------------------------------------------------


def _setting_findings(view: FactionView, roster: Roster) -> Iterator[Finding]:
    """A setting the system does not declare (a typo, or a list of another game), and a
    value outside its declared range: errors about the whole list, before the others."""
    if not roster.settings:
        return
    declared = {s.id: s for s in view.system.settings}
    for sid, value in roster.settings.items():
        setting = declared.get(sid)
        if setting is None:
            close = close_matches(sid, declared, 1)
            if close and close[0] in roster.settings:
                fix = f"no such list setting: remove it ('{close[0]}' is set already)"
            elif close:
                fix = f"no such list setting: rename it to '{close[0]}' or remove it"
            elif declared:
                names = ", ".join(f"'{s}'" for s in declared)
                fix = f"no such list setting (it has {names}): remove it"
            else:
                fix = "no list settings: remove it"
            text = f"setting '{sid}' = {value}: {view.system.name} has {fix}"
            yield Finding("error", UNKNOWN_SETTING, text)
        elif not setting.min <= value <= setting.max:
            fix = f"{setting.max} or less" if value > setting.max else f"{setting.min} or more"
            yield Finding(
                "error",
                SETTING_RANGE,
                f"{setting.name} is {value}; it goes from {setting.min} to {setting.max}: "
                f"set it to {fix}",
            )


# --- what each unit's own data implies --------------------------------------------------------


def _entry_checks(view: FactionView, lo: Loadout) -> Iterator[Finding]:
    unit, entry, where = lo.unit, lo.entry, Where(lo.index)
    if not unit.models.min <= entry.models <= unit.models.max:
        yield Finding("error", UNIT_SIZE, _size_message(lo), where)
    per_group: dict[str, int] = {}
    for c in lo.bought():
        name = view.items[c.item_id].name
        if c.group is None:
            yield Finding(
                "error",
                NOT_OFFERED,
                f"{lo.label} cannot take {name}: it is not among {_a(unit.name)}'s options; "
                f"remove it",
                Where(lo.index, c.item_id),
            )
            continue
        per_group[c.group.id] = per_group.get(c.group.id, 0) + c.count
        limit = c.group.choices[c.item_id].limit
        if limit is not None and c.count > limit * entry.models:
            most = limit * entry.models
            yield Finding(
                "error",
                CHOICE_MAX,
                f"{lo.label} has {name} x{c.count}; at most {most}: remove {c.count - most}",
                Where(lo.index, c.item_id),
            )
    for group in view.option_groups(entry.unit):
        n = per_group.get(group.id, 0)
        n += sum(c.count for c in lo.carried if c.source == "base" and c.item_id in group.choices)
        if group.max is not None and n > group.max * entry.models:
            most = group.max * entry.models
            yield Finding(
                "error",
                GROUP_MAX,
                f"{lo.label} has {n} from {group.name}; at most {most}: remove {n - most}",
                where,
            )
        if n < group.min * entry.models:
            least = group.min * entry.models
            names = ", ".join(view.items[i].name for i in list(group.choices)[:6])
            more = ", ..." if len(group.choices) > 6 else ""
            yield Finding(
                "error",
                GROUP_MIN,
                f"{lo.label} has {n} from {group.name}; at least {least} needed: "
                f"add {least - n} ({names}{more})",
                where,
            )


def _a(name: str) -> str:
    """The name with its indefinite article: "a Chief", "an Addler"."""
    return ("an " if name[:1].lower() in "aeiou" else "a ") + name


def _size_message(lo: Loadout) -> str:
    """How to bring an entry's models within its unit's range, splitting where that works."""
    n, least, most, name = lo.entry.models, lo.unit.models.min, lo.unit.models.max, lo.unit.name
    if most == 1:
        return (
            f"{lo.label} has {n} models; each {name} entry is one model: set models to 1 "
            f"and add an entry for each other model"
        )
    span = f"{_a(name)} entry has {least} to {most}"
    if n < least:
        return f"{lo.label} has {n} model{'s' if n != 1 else ''}; {span}: set models to {least}"
    parts = math.ceil(n / most)
    size, extra = divmod(n, parts)
    split = ""
    if size >= least and parts <= _SIZES_LISTED:
        sizes = [size + 1] * extra + [size] * (parts - extra)
        shown = ", ".join(str(k) for k in sizes[:-1]) + f" and {sizes[-1]}"
        split = f", or split it into {parts} entries of {shown}"
    elif size >= least:  # told by size, never one number per entry: the count is the file's
        if extra:
            split = f", or split it into {parts} entries: {extra} of {size + 1} and "
            split += f"{parts - extra} of {size}"
        else:
            split = f", or split it into {parts} entries of {size}"
    return f"{lo.label} has {n} models; {span}: set models to {most}{split}"


_SIZES_LISTED = 4
"""Entries a split names one by one ("3, 3 and 2"); more are told by size ("6 of 5 and 1
of 4"), so the message stays a line however many models the entry has."""


# --- the catalog's list rules ------------------------------------------------------------------


Plan = tuple[tuple[Constraint, tuple[Term, ...]], ...]

_PLANS: WeakKeyDictionary[FactionView, tuple[Plan, Plan]] = WeakKeyDictionary()


def _plan(view: FactionView) -> tuple[Plan, Plan]:
    """The view's rules with what each counts, worked out once per catalog view: those
    that look at one entry at a time, and those that look at the whole list."""
    plan = _PLANS.get(view)
    if plan is None:
        every = [
            (rule, rule.terms() if isinstance(rule, CountRule) else ()) for rule in view.constraints
        ]
        per_unit = tuple(r for r in every if _per_unit(r[0]))
        plan = _PLANS[view] = per_unit, tuple(r for r in every if not _per_unit(r[0]))
    return plan


def _per_unit(rule: Constraint) -> bool:
    return isinstance(rule, SameStatRule) or (isinstance(rule, CountRule) and rule.scope == "unit")


_UNIT_FINDINGS: WeakKeyDictionary[FactionView, dict[object, tuple[Finding, ...]]] = (
    WeakKeyDictionary()
)
"""An entry's own findings, per catalog view. They depend only on the entry, its place
(messages name it), the points limit and the settings, so after one edit only the
edited entry is checked again: a 200-entry list stays within a frame."""


def _unit_findings(
    ctx: _Context, lo: Loadout, rules: Plan, cache: dict[object, tuple[Finding, ...]]
) -> tuple[Finding, ...]:
    entry = _entry_key(ctx.view, lo.entry)
    # Whether an entry has findings does not depend on its place (only their messages
    # name it): an entry found clean anywhere is clean when an edit above moves it.
    clean = (entry, None, ctx.roster.points_limit, ctx.roster.settings)
    if clean in cache:
        return ()
    key = (entry, lo.index, ctx.roster.points_limit, ctx.roster.settings)
    found = cache.get(key)
    if found is None:
        if len(cache) > 4096:
            cache.clear()
        out = list(_entry_checks(ctx.view, lo))
        for rule, terms in rules:
            if isinstance(rule, SameStatRule):
                out.extend(_same_stat(rule, lo))
            else:
                assert isinstance(rule, CountRule)
                limited = _with_setting(rule, ctx)
                if limited is not None:
                    out.extend(_count_unit(limited, terms, ctx, lo))
        found = cache[key] = tuple(out)
        if not found:
            cache[clean] = found
    return found


def _with_setting(rule: CountRule, ctx: _Context) -> CountRule | None:
    """The rule with its maximum from the roster's settings; None while it is off."""
    if rule.max_setting is None:
        return rule
    setting = ctx.roster.settings.get(rule.max_setting)
    return None if setting is None else rule.model_copy(update={"max": setting})


def _evaluate(
    rule: Constraint, terms: tuple[Term, ...], ctx: _Context
) -> tuple[list[Finding], list[Tally]]:
    if isinstance(rule, PointsLimit):
        return _points(rule, ctx)
    if isinstance(rule, CountRule):
        limited = _with_setting(rule, ctx)
        return _count(limited, terms, ctx) if limited is not None else ([], [])
    assert isinstance(rule, RatioRule)
    return _ratio(rule, ctx)


def _points(rule: PointsLimit, ctx: _Context) -> tuple[list[Finding], list[Tally]]:
    limit = ctx.roster.points_limit
    tallies = [Tally(rule.label, ctx.points, limit, of_points=True)] if rule.label else []
    excess = ctx.points - limit
    if excess <= 0:
        return [], tallies
    tolerance = 0
    if rule.tolerance == "cheapest-model" and ctx.groups:
        tolerance = min(g.lo.cheapest_model for g in ctx.groups)
    values = {"points": ctx.points, "points_limit": limit, "excess": excess, "tolerance": tolerance}
    if excess <= tolerance:
        text = render(rule.tolerance_message or DEFAULTS["points-tolerance"], values)
        return [Finding("warning", rule.id, text)], tallies
    text = render(rule.message or DEFAULTS["points-limit"], values)
    return [Finding(rule.severity, rule.id, text)], tallies


def _unit_matches(sel: Selector, lo: Loadout, include_base: bool = True) -> bool:
    """A unit matches a selector's unit part and, if it names items, carries one of them."""
    if not sel.match_unit(lo.entry.unit, lo.tags):
        return False
    if sel.has_item_filter:
        return any(_item_matches(sel, c, include_base) for c in lo.carried)
    return True


def _item_matches(sel: Selector, c: Carried, include_base: bool) -> bool:
    if not include_base and c.source != "bought":
        return False
    return sel.match_item(c.item_id, c.kind, c.tags)


@lru_cache(maxsize=256)
def _split(sel: Selector) -> tuple[Selector | None, Selector | None]:
    """A selector's positive item part and its excluded item part, for matching one
    group of models (selectors are frozen, so this is worked out once per selector)."""
    positive = None
    if sel.items or sel.item_tags or sel.item_kinds:
        positive = sel.model_copy(update={"exclude": None, "all_item_tags": frozenset()})
    ex, inner = sel.exclude, None
    if ex is not None and ex.has_item_filter:
        empty: frozenset[str] = frozenset()
        inner = ex.model_copy(update={"units": empty, "unit_tags": empty, "all_unit_tags": empty})
    return positive, inner


def _group_matches(sel: Selector, lo: Loadout, group: ModelsLoad) -> bool:
    """Does one group of models match: the unit part against the unit's and the group's
    tags, the item part against what each model carries, ``exclude`` likewise."""
    if not sel.match_unit(lo.entry.unit, group.tags):
        return False
    carried = group.carried
    positive, inner = _split(sel)
    if positive is not None and not any(
        positive.match_item(c.item_id, c.kind, c.tags) for c in carried
    ):
        return False
    if sel.all_item_tags:
        every: set[str] = set()
        for c in carried:
            every |= c.tags
        if not sel.all_item_tags <= every:
            return False
    return not (inner is not None and _group_matches(inner, lo, group))


def _measure_models(term: Term, lo: Loadout, group_by: str) -> Iterator[tuple[str | None, int]]:
    """(group key, amount) pairs, model group by model group (``by_model``)."""
    how = term.measure
    for group in lo.groups:
        if not _group_matches(term.select, lo, group):
            continue
        if how == "models":
            yield _group_key(group_by, lo, None), group.count
        elif how == "entries":
            yield _group_key(group_by, lo, None), 1
        elif how.startswith("stat:"):
            value = group.stats.get(how.removeprefix("stat:"), 0)
            amount = group.count * (value if isinstance(value, int) else 0)
            yield _group_key(group_by, lo, None), amount
        else:
            for c in group.carried:
                if _item_matches(term.select, c, term.include_base):
                    # a group's carried counts and costs are one model's: times its models
                    amount = (c.count if how == "items" else c.cost) * group.count
                    yield _group_key(group_by, lo, c.item_id), amount


def _measure(term: Term, lo: Loadout, group_by: str) -> Iterator[tuple[str | None, int]]:
    """(group key, amount) pairs one entry adds to a term's count."""
    sel, how = term.select, term.measure
    if term.by_model:
        yield from _measure_models(term, lo, group_by)
        return
    if how == "item-rules":
        if not sel.match_unit(lo.entry.unit, lo.tags):
            return
        for c in lo.carried:
            if _item_matches(sel, c, term.include_base):
                yield _group_key(group_by, lo, c.item_id), c.rule_count
        return
    if how in ("items", "item-points"):
        if not sel.match_unit(lo.entry.unit, lo.tags):
            return
        for c in lo.carried:
            if _item_matches(sel, c, term.include_base):
                amount = c.count if how == "items" else c.cost
                yield _group_key(group_by, lo, c.item_id), amount
        return
    if not _unit_matches(sel, lo, term.include_base):
        return
    if how == "entries":
        amount = 1
    elif how == "models":
        amount = lo.entry.models
    elif how == "unit-points":
        amount = lo.cost
    else:
        value = lo.unit.stats.get(how.removeprefix("stat:"), 0)
        amount = lo.entry.models * (value if isinstance(value, int) else 0)
    yield _group_key(group_by, lo, None), amount


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


def _group_key(group_by: str, lo: Loadout, item_id: str | None) -> str | None:
    if group_by == "unit":
        return lo.entry.unit
    if group_by == "item":
        return item_id
    if group_by.startswith("stat:"):
        return str(lo.unit.stats.get(group_by.removeprefix("stat:"), "-"))
    return None


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
    yield from _check_totals(rule, terms, ctx, totals, lo_min, hi, lo, (lo,))


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
    return list(_check_totals(rule, terms, ctx, totals, lo_min, hi, None, ctx.loadouts)), tallies


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
    rule: CountRule, terms: tuple[Term, ...], loadouts: tuple[Loadout, ...], key: str | None
) -> int | None:
    """The last entry adding to an over-full count, preferring one whose contribution was
    bought (so the player can remove it) over one that comes with its unit."""
    fallback = None
    for lo in reversed(loadouts):
        for term in terms:
            if not any(k == key and n for k, n in _measure(term, lo, rule.group_by)):
                continue
            if term.measure not in ("items", "item-points"):
                return lo.index
            bought = term.model_copy(update={"include_base": False})
            if any(k == key and n for k, n in _measure(bought, lo, rule.group_by)):
                return lo.index
            fallback = lo.index if fallback is None else fallback
    return fallback


def _check_totals(
    rule: CountRule,
    terms: tuple[Term, ...],
    ctx: _Context,
    totals: dict[str | None, int],
    least: int | None,
    most: int | None,
    lo: Loadout | None,
    loadouts: tuple[Loadout, ...],
) -> Iterator[Finding]:
    for key, count in totals.items():
        over = most is not None and count > most
        under = least is not None and count < least
        if not over and not under:
            continue
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
            at = lo.index if lo else _last_contributor(rule, terms, loadouts, key)
            text = render(rule.message or DEFAULTS["count-max"], values)
            yield Finding(rule.severity, rule.id, text, Where(at, item))
        else:
            assert least is not None
            values["missing"] = least - count
            text = render(rule.message or DEFAULTS["count-min"], values)
            at = lo.index if lo else _first_when(rule, loadouts)
            yield Finding(rule.severity, rule.id, text, Where(at, item))


def _first_when(rule: CountRule, loadouts: tuple[Loadout, ...]) -> int | None:
    """For a list-wide minimum that only applies because of some unit, that unit."""
    if rule.when is None:
        return None
    when = rule.when
    return next((lo.index for lo in loadouts if _unit_matches(when, lo)), None)


def _needed_limit(rule: CountRule, count: int) -> int | str:
    """The points limit at which ``count`` would be allowed, for per-points maxima."""
    if not rule.per_points or not rule.max:
        return "-"
    return math.ceil(count / rule.max) * rule.per_points


def _ratio(rule: RatioRule, ctx: _Context) -> tuple[list[Finding], list[Tally]]:
    num = den = 0
    last: int | None = None
    for g in ctx.groups:
        n = sum(a for _, a in _measure(rule.numerator, g.lo, "none"))
        if n:
            last = g.last if last is None else max(last, g.last)
        num += n * g.count
        den += sum(a for _, a in _measure(rule.denominator, g.lo, "none")) * g.count
    allowed = math.floor(rule.max * den + 1e-9)
    if num <= allowed:
        return [], []
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
    return [Finding(severity, rule.id, text, Where(last))], []
