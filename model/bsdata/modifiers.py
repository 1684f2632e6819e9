"""An entry's effective name, hidden flag, costs, constraint values and categories.

BattleScribe applies every modifier whose conditions hold, in the order written (the
target's before its link's), each to the value the ones before it left, in one pass:

- ``set`` replaces the field; ``increment``/``decrement`` add or take away ``value``
  once per time the modifier applies (``model.bsdata.conditions.times``), computed as
  one multiplication; ``append`` adds `` value`` to the name, once (BattleScribe
  appends once per repeat; New Recruit once: we keep New Recruit's, so a file cannot
  grow a name a thousand times). A name grown by ``append`` is cut at ``MAX_NAME``
  characters, ending in ``CUT``, and once cut is not grown again: each ``append`` then
  costs the same however many came before it (200,000 of them in one file made every
  evaluation quadratic), and a name stays one a screen can show.
- The field is ``name``, ``hidden`` (``set`` to ``true``/``false``), a cost type id (that
  cost), or a constraint id (that constraint's value; -1 as a ``max`` means no limit,
  but a modified -1 is a number like any other, as in BattleScribe); ``category`` with
  ``add``/``remove`` puts the entry in or out of the category ``value`` names, and with
  ``set-primary``/``unset-primary`` makes it the primary category or no longer.
  Other fields (``page``, ``annotation``) do not change what is valid and are left
  alone; a profile's and a rule's own modifiers (characteristics, ``description``)
  are ``model.bsdata.infos``'s, over the same walk (``each_applying``). A value
  that is not a number where a number is needed leaves the field as it was.
- A modifier group applies its modifiers and nested groups when its own conditions
  hold; its repeats multiply theirs.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType

from model.bsdata import nr_extensions
from model.bsdata.conditions import MAX_TIMES, times
from model.bsdata.data import Modifier, ModifierGroup, Modifiers
from model.bsdata.queries import Counts, Ctx
from model.bsdata.resolve import Node

MAX_VALUE = 1e12
"""Modified numbers are kept within plus or minus this (a file's numbers are within 1e9;
a repeat may multiply one by a count)."""

MAX_NAME = 200
"""The most characters ``append`` grows a name to (the longest names in BSData are about
80 characters, with their appended "(Warlord)" and the like)."""

CUT = "\u2026"
"""Ends a name that ``append`` would have grown past ``MAX_NAME`` (an ellipsis)."""


@dataclass(slots=True)
class State:
    """What modifiers change, while they apply (a working copy, never shared)."""

    name: str
    hidden: bool
    costs: dict[str, float]
    values: dict[str, float]
    categories: list[str]
    primary: str | None
    touched: set[str] = field(default_factory=set)
    """The fields some modifier changed (``name``, ``hidden``, ``category``, cost type
    ids, constraint ids)."""


@dataclass(frozen=True, slots=True)
class Effective:
    """An entry's fields after modifiers, for one selection (or one place)."""

    name: str
    hidden: bool
    costs: Mapping[str, float]
    """Per cost type id: what one costs."""
    values: Mapping[str, float]
    """Per constraint id: its value."""
    categories: tuple[str, ...]
    """Category ids, the primary first."""
    primary: str | None


def base_state(node: Node) -> State:
    """A node's fields as written, before any modifier."""
    costs: dict[str, float] = {}
    for cost in node.costs:
        costs[cost.type_id] = cost.value
    values = {c.id: c.value for c in node.constraints}
    categories: list[str] = []
    primary: str | None = None
    links = [*(c for g in node.groups for c in g.category_links), *node.category_links]
    for link in links:
        if link.target_id not in categories:
            categories.append(link.target_id)
        if link.primary:
            primary = link.target_id
    return State(node.name, node.hidden, costs, values, categories, primary)


def freeze(state: State) -> Effective:
    primary = state.primary if state.primary in state.categories else None
    ordered = tuple(state.categories)
    if primary is not None:
        ordered = (primary, *(c for c in state.categories if c != primary))
    return Effective(
        state.name,
        state.hidden,
        MappingProxyType(state.costs),
        MappingProxyType(state.values),
        ordered,
        primary,
    )


def each_applying(
    modifiers: Modifiers,
    ctx: Ctx,
    counts: Counts,
    leaf: Callable[[Modifier, int], None],
    outer: int = 1,
) -> None:
    """Call ``leaf(modifier, times)`` for each of ``modifiers`` (groups walked into) that
    applies asked from ``ctx``, in the order written: one walk of conditions, repeats and
    groups for an entry's fields here and for a profile's or a rule's
    (``model.bsdata.infos``)."""
    for modifier in modifiers:
        if isinstance(modifier, ModifierGroup):
            n = times(modifier.conditions, modifier.groups, modifier.repeats, ctx, counts)
            if n:
                inner = min(MAX_TIMES, outer * n)
                each_applying(modifier.modifiers, ctx, counts, leaf, inner)
                each_applying(modifier.nested, ctx, counts, leaf, inner)
            continue
        n = times(modifier.conditions, modifier.groups, modifier.repeats, ctx, counts)
        if n:
            leaf(modifier, min(MAX_TIMES, outer * n))


def apply(modifiers: Modifiers, state: State, ctx: Ctx, counts: Counts, outer: int = 1) -> None:
    """Apply ``modifiers`` (and groups) in order to ``state``, asked from ``ctx``."""
    each_applying(modifiers, ctx, counts, lambda m, n: _apply_one(m, state, n), outer)


def number_value(text: str) -> float | None:
    """``text`` as a number a modifier may use, None if it is none (or out of bounds)."""
    try:
        value = float(text)
    except ValueError:
        return None
    return value if abs(value) <= MAX_VALUE else None


def changed_number(kind: str, old: float, value: float, n: int) -> float:
    """``old`` after a ``set``/``increment``/``decrement`` by ``value``, ``n`` times."""
    if kind == "set":
        return value
    if kind == "increment":
        new = old + value * n
    elif kind == "decrement":
        new = old - value * n
    else:
        return nr_extensions.changed_number(kind, old, value, n)
    return max(-MAX_VALUE, min(MAX_VALUE, new))


def _apply_one(modifier: Modifier, state: State, n: int) -> None:
    kind, target, text = modifier.type, modifier.field, modifier.value
    if modifier.affects:  # New Recruit's: changes other selections (model.bsdata.nr_affects)
        return
    if target == "category":
        _apply_category(kind, text, state)
        return
    if target == "name":
        if kind == "set":
            state.name = text
        elif kind == "append":
            state.name = appended(state.name, text)
        elif kind in nr_extensions.TEXT:
            state.name = nr_extensions.changed_text(kind, state.name, text, modifier.join,
                                                    modifier.arg, MAX_NAME)  # fmt: skip
        else:
            return
    elif target == "hidden":
        if kind != "set" or text not in ("true", "false"):
            return
        state.hidden = text == "true"
    elif target in state.values or target in state.costs:
        value = number_value(text)
        if value is None:
            return
        table = state.values if target in state.values else state.costs
        table[target] = changed_number(kind, table[target], value, n)
    else:
        return
    state.touched.add(target)


def appended(name: str, text: str, limit: int = MAX_NAME) -> str:
    """``name`` with `` text`` after it, cut at ``limit`` characters (ending in ``CUT``);
    a name already cut stays as it is, so the cost of one ``append`` never depends on
    how many came before."""
    if len(name) >= limit and name.endswith(CUT):
        return name
    grown = f"{name} {text[:limit]}" if name else text[: limit + 1]
    if len(grown) <= limit:
        return grown
    return grown[: limit - 1] + CUT


def _apply_category(kind: str, category: str, state: State) -> None:
    if not category:
        return
    if kind in ("add", "set-primary") and category not in state.categories:
        state.categories.append(category)
    if kind == "remove" and category in state.categories:
        state.categories.remove(category)
    if kind == "set-primary":
        state.primary = category
    if kind == "unset-primary" and state.primary == category:
        state.primary = None
    state.touched.add("category")


def effective(
    node: Node, ctx: Ctx, counts: Counts, cost_types: tuple[str, ...] = ()
) -> tuple[Effective, frozenset[str]]:
    """``node``'s fields after its modifiers, asked from ``ctx``, and the fields changed.

    ``cost_types`` are listed in the costs even when the entry names none (at 0), so a
    modifier may set a cost the entry did not write."""
    state = base_state(node)
    for type_id in cost_types:
        state.costs.setdefault(type_id, 0.0)
    apply(node.modifiers, state, ctx, counts)
    return freeze(state), frozenset(state.touched)
