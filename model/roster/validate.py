"""The constraint engine: cost a roster and check it against its catalog's rules.

Two kinds of check run here. The catalog's list rules are generic data: each kind has its
module in ``model.rules``, and this module asks only the interface they share
(``model.rules.kind``: a rule's ``planned``). What every unit's own data implies (its number of
models, that it only takes what its option groups offer, each group's min and max) is
checked with fixed codes (``model.roster.fixed_checks``). This module holds the plan:
which rule runs per entry and which over the whole list, over the entries as resolved and
reused between key presses (``model.roster.resolved``), and the findings put in order.
The whole check is a few passes over the list, fast enough to run on every key press.

It also answers the builder's question before an edit: the errors a list would have with
one entry changed (``edit_errors``), and with each of several versions of it
(``edit_errors_each``: the equip dialog asks it for every option of an entry, on every
key), reusing the list's entries as resolved and checking only the edited one.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING
from weakref import WeakKeyDictionary

from model.roster.fixed_checks import entry_checks, setting_findings
from model.roster.loadout import Loadout
from model.roster.resolved import entry_key, resolved, trial
from model.roster.roster import kept_span
from model.rules.findings import Finding, Report, Tally
from model.rules.kind import Context, Counted, EntryRule, Group, ListRule

if TYPE_CHECKING:
    from model.catalog.schema import FactionView
    from model.roster.roster import Roster, RosterUnit


def validate(view: FactionView, roster: Roster) -> Report:
    """Cost the roster and report every rule it breaks, errors first.

    A list that differs only at one entry from the one the equip dialog last asked about
    (``edit_errors_each``: the list as the dialog's key changed it) is checked from what
    that question counted over the other entries, as the dialog's answer is: each list
    rule adds what the edited entry counts (``Counted.findings`` and ``tallies``, the same
    as ``evaluate`` over the whole list), instead of going over every entry again on the
    key (issue 33). ``tests/model/test_validate_incremental.py`` holds it to a validation
    from nothing for every option of every entry of every fixture list."""
    loadouts, bases = resolved(view, roster)
    points = sum(lo.cost for lo in loadouts)
    known = _known_others(view, roster)
    if known is None:
        ctx = Context(view, roster, points, _groups(loadouts, bases))
        findings, tallies = _check(view, ctx, loadouts, remember=True)
    else:
        index, others, counted = known
        findings = _own(view, others, loadouts, remember=True)
        tallies = []
        lo, whole = loadouts[index], None
        for rule, counts in zip(_plan(view)[1], counted, strict=True):
            if counts is None:  # not a sum: evaluated over the whole list
                whole = whole or Context(view, roster, points, _groups(loadouts, bases))
                found, tally = rule.evaluate(whole)
            else:
                found, tally = counts.findings(lo), counts.tallies(lo)
            findings.extend(found)
            tallies.extend(tally)
        _in_order(findings)
    return Report(
        points=points,
        points_limit=roster.points_limit,
        models=sum(e.models for e in roster.units),
        unit_points=tuple(lo.cost for lo in loadouts),
        findings=(*setting_findings(view, roster), *findings),
        tallies=tuple(tallies),
    )


def _check(
    view: FactionView, ctx: Context, entries: Iterable[Loadout], *, remember: bool = False
) -> tuple[list[Finding], list[Tally]]:
    """The list rules' findings and tallies, after the own findings of ``entries``: errors
    first, in the order of the entries they point at.

    ``remember``: ``entries`` are the whole list (``validate``), whose own findings are
    kept by loadout (``_OWN``) for the next list checked. ``_resolve`` hands an edited
    list's unchanged entries the very loadouts of the last one, so their findings are
    found by identity, not looked up by entry, place, limit and settings, which hashed
    every entry on every key (issue 33)."""
    findings = _own(view, ctx, entries, remember=remember)
    tallies: list[Tally] = []
    for rule in _plan(view)[1]:
        found, tally = rule.evaluate(ctx)
        findings.extend(found)
        tallies.extend(tally)
    return _in_order(findings), tallies


def _own(
    view: FactionView, ctx: Context, entries: Iterable[Loadout], *, remember: bool = False
) -> list[Finding]:
    """The own findings of ``entries`` (what each entry's data implies, and the rules
    checked entry by entry), in their order; ``remember`` as ``_check`` says."""
    findings: list[Finding] = []
    unit_rules = _plan(view)[0]
    base = view.base
    cache = _UNIT_FINDINGS.setdefault(base, {})
    limit, settings = ctx.roster.points_limit, ctx.roster.settings
    known: dict[int, tuple[Loadout, tuple[Finding, ...]]] = {}
    if remember and _OWN and _OWN[0][0] is base and _OWN[0][1] == (limit, settings):
        known = _OWN[0][2]
    mine: dict[int, tuple[Loadout, tuple[Finding, ...]]] = {}
    for lo in entries:
        # ``known`` keeps the loadouts it is keyed by alive: no other can have their ids
        hit = known.get(id(lo))
        own = _unit_findings(view, ctx, lo, unit_rules, cache) if hit is None else hit[1]
        if remember:
            mine[id(lo)] = (lo, own)
        findings.extend(own)
    if remember:
        _OWN[:] = [(base, (limit, settings), mine)]
    return findings


def _in_order(findings: list[Finding]) -> list[Finding]:
    """Errors first, each kind in the order of the entries they point at (the list's own
    first); otherwise as found (sorted in place, stably)."""
    order = {"error": 0, "warning": 1}
    findings.sort(key=lambda f: (order[f.severity], -1 if f.where.unit is None else f.where.unit))
    return findings


def _edited(view: FactionView, roster: Roster, index: int, lo: Loadout, base: Loadout) -> Context:
    """The context of ``roster`` with entry ``index`` resolved as ``lo`` (from ``base``)."""
    loadouts, bases = resolved(view, roster)
    loadouts = (*loadouts[:index], lo, *loadouts[index + 1 :])
    bases = (*bases[:index], base, *bases[index + 1 :])
    return Context(view, roster, sum(x.cost for x in loadouts), _groups(loadouts, bases))


def edit_errors(
    view: FactionView, roster: Roster, index: int, entry: RosterUnit
) -> tuple[Finding, ...]:
    """The errors ``roster`` would have with entry ``index`` made ``entry``, but for the
    other entries' own findings (an edit of one entry leaves those as they were): the
    list-wide rules' errors and the edited entry's, in ``validate``'s order.

    The builder asks this for every option of an entry (would one more break a rule?).
    Validating a whole copy of the list per option went over every entry each time,
    twenty times per key press in the equip dialog; this reuses the list's entries as
    resolved and checks only the edited one (``edit_errors_each`` checks several at
    once)."""
    lo, base = trial(view, entry, index)
    findings, _ = _check(view, _edited(view, roster, index, lo, base), (lo,))
    return tuple(f for f in findings if f.severity == "error")


def _groups(loadouts: tuple[Loadout, ...], bases: tuple[Loadout, ...]) -> tuple[Group, ...]:
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
    return tuple(Group(lo, counts[key], last[key]) for key, lo in first.items())


# --- the catalog's list rules ------------------------------------------------------------------


Plan = tuple[tuple[EntryRule, ...], tuple[ListRule, ...]]
"""A view's list rules: those checked entry by entry, and those over the whole list."""

_PLANS: WeakKeyDictionary[FactionView, Plan] = WeakKeyDictionary()


def _plan(view: FactionView) -> Plan:
    """The view's rules as their kinds run them, worked out once per catalog view: those
    that look at one entry at a time, and those that look at the whole list."""
    plan = _PLANS.get(view)
    if plan is None:
        per_entry: list[EntryRule] = []
        whole_list: list[ListRule] = []
        for rule in (constraint.planned() for constraint in view.constraints):
            if isinstance(rule, EntryRule):
                per_entry.append(rule)
            else:
                whole_list.append(rule)
        plan = _PLANS[view] = tuple(per_entry), tuple(whole_list)
    return plan


_UNIT_FINDINGS: WeakKeyDictionary[FactionView, dict[object, tuple[Finding, ...]]] = (
    WeakKeyDictionary()
)
"""An entry's own findings, per catalog view. They depend only on the entry, its place
(messages name it), the points limit and the settings, so after one edit only the
edited entry is checked again: a 200-entry list stays within a frame."""


_OWN: list[
    tuple[FactionView, tuple[int, object], dict[int, tuple[Loadout, tuple[Finding, ...]]]]
] = []
"""The own findings of each entry of the last list validated, by its loadout's identity
(the loadout kept with them, alive, so its identity is never another's), with the view,
points limit and settings they were found with (``_check``)."""


def _unit_findings(
    view: FactionView,
    ctx: Context,
    lo: Loadout,
    rules: Iterable[EntryRule],
    cache: dict[object, tuple[Finding, ...]],
) -> tuple[Finding, ...]:
    entry = entry_key(view, lo.entry)
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
        out = list(entry_checks(view, lo))
        for rule in rules:
            out.extend(rule.findings(ctx, lo))
        found = cache[key] = tuple(out)
        if not found:
            cache[clean] = found
    return found


# --- one entry changed: the builder's question before an edit ----------------------------------


def edit_errors_each(
    view: FactionView, roster: Roster, index: int, entries: Iterable[RosterUnit]
) -> tuple[tuple[Finding, ...], ...]:
    """``edit_errors(view, roster, index, entry)`` for each of ``entries``.

    Checked one version at a time, each went over every entry of the list for every list
    rule: in a list of 200 entries of their own (named, or equipped apart, so that no two
    are counted together) that was 80 ms a key. Here each list rule is counted over the
    other entries once (``ListRule.counted``); a version then adds what its own entry
    counts, in ``edit_errors``'s order. A rule that is not a sum (one taking the worst of a
    property, ``item-rules``) is evaluated over the whole list for each version.
    ``tests/model/test_advice_edit.py`` holds it to ``edit_errors`` for every fixture
    list."""
    per_entry, whole_list = _plan(view)
    others, counted = _others(view, roster, index, whole_list)
    cache = _UNIT_FINDINGS.setdefault(view.base, {})
    out = []
    for entry in entries:
        lo, base = trial(view, entry, index)
        findings = list(_unit_findings(view, others, lo, per_entry, cache))
        whole: Context | None = None
        for rule, counts in zip(whole_list, counted, strict=True):
            if counts is None:  # not a sum: evaluated over the whole list
                whole = whole or _edited(view, roster, index, lo, base)
                findings.extend(rule.evaluate(whole)[0])
            else:
                findings.extend(counts.findings(lo))
        out.append(tuple(f for f in _in_order(findings) if f.severity == "error"))
    return tuple(out)


_OTHERS: list[tuple[FactionView, Roster, int, Context, list[Counted | None]]] = []
"""The list's other entries of the last ``edit_errors_each``, with what each list rule
counted over them."""


def _others(
    view: FactionView, roster: Roster, index: int, whole_list: tuple[ListRule, ...]
) -> tuple[Context, list[Counted | None]]:
    """The entries of ``roster`` but entry ``index``, as the rules read them, and what each
    list rule counts over them.

    The equip dialog asks again after each item added or removed, and the list then
    differs from the last one only at entry ``index``: the other entries, the very same
    objects, are counted once, not again on every key (grouping and counting a thousand
    entries was a millisecond or two a key, issue 33). What the rules read of the list
    besides its entries (its points limit and settings) must be the same too."""
    known = _known_others(view, roster)
    if known is not None and known[0] == index:
        return known[1], known[2]
    loadouts, bases = resolved(view, roster)
    keep = [n for n in range(len(loadouts)) if n != index]
    ctx = Context(
        view,
        roster,
        sum(loadouts[n].cost for n in keep),
        _groups(tuple(loadouts[n] for n in keep), tuple(bases[n] for n in keep)),
    )
    counted = [rule.counted(ctx) for rule in whole_list]
    _OTHERS[:] = [(view, roster, index, ctx, counted)]
    return ctx, counted


def _known_others(
    view: FactionView, roster: Roster
) -> tuple[int, Context, list[Counted | None]] | None:
    """The place of the entry the last ``edit_errors_each`` asked about, the other entries
    and what each list rule counted over them, where ``roster`` is that list but for that
    entry: the same view, points limit and settings, the very same other entries."""
    if not _OTHERS:
        return None
    last_view, last, index, ctx, counted = _OTHERS[0]
    if (
        last_view is view
        and last.points_limit == roster.points_limit
        and last.settings == roster.settings
        and _same_but(last.units, roster.units, index)
    ):
        return index, ctx, counted
    return None


def _same_but(before: tuple[RosterUnit, ...], after: tuple[RosterUnit, ...], index: int) -> bool:
    """Whether two lists hold the very same entries (the same objects) but at ``index``."""
    if len(before) != len(after):
        return False
    head, tail = kept_span(before, after)
    size = len(after)
    return head + tail == size or (head == index and size - tail == index + 1)
