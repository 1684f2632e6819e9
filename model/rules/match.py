"""What one entry gives a list rule: whether a unit, a group of its models or a carried
item matches a selector, and the (group key, amount) pairs the entry adds to a term's
count (a ``Term``: what to select and how to measure it).

Every kind that counts or compares what entries carry reads an entry through this module
(``count``, ``ratio``, ``same_stat``), so a selector means the same in each. It is the
part that reads a loadout, run for every entry and term on every key press.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import lru_cache
from typing import TYPE_CHECKING, Annotated

from pydantic import Field

from model.core.base import Bool, Frozen
from model.rules.selectors import Selector

if TYPE_CHECKING:
    from model.rules.entry import Carried, Entry, Models

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


def unit_matches(sel: Selector, lo: Entry, include_base: bool = True) -> bool:
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


def group_matches(sel: Selector, lo: Entry, group: Models) -> bool:
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
    return not (inner is not None and group_matches(inner, lo, group))


def _measure_models(term: Term, lo: Entry, group_by: str) -> Iterator[tuple[str | None, int]]:
    """(group key, amount) pairs, model group by model group (``by_model``)."""
    how = term.measure
    for group in lo.groups:
        if not group_matches(term.select, lo, group):
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


Measured = tuple[tuple[str | None, int], ...]
"""The (group key, amount) pairs one entry adds to a term's count."""

_MEASURED: dict[tuple[int, int, str], tuple[Term, Entry, Measured]] = {}
"""What entries measured, by the identities of the term and the loadout (both kept with
it, alive, so their identities are never another's) and the grouping."""


def measure(term: Term, lo: Entry, group_by: str) -> Measured:
    """(group key, amount) pairs one entry adds to a term's count.

    Kept per loadout: an edited list hands its unchanged entries the very loadouts of the
    last one (``model.roster.validate``), so a list of entries that are all different
    (each named apart) measures again only the one an edit changed, not every entry for
    every list rule on every key (issue 33)."""
    key = (id(term), id(lo), group_by)
    found = _MEASURED.get(key)
    if found is not None:
        return found[2]
    if len(_MEASURED) > 65536:
        _MEASURED.clear()
    pairs = tuple(_measure(term, lo, group_by))
    _MEASURED[key] = (term, lo, pairs)
    return pairs


def _measure(term: Term, lo: Entry, group_by: str) -> Iterator[tuple[str | None, int]]:
    """``measure``, worked out."""
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
    if not unit_matches(sel, lo, term.include_base):
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


def _group_key(group_by: str, lo: Entry, item_id: str | None) -> str | None:
    if group_by == "unit":
        return lo.entry.unit
    if group_by == "item":
        return item_id
    if group_by.startswith("stat:"):
        return str(lo.unit.stats.get(group_by.removeprefix("stat:"), "-"))
    return None
