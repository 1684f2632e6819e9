"""An entry's effective name, hidden flag, costs, constraint values and categories.

BattleScribe applies every modifier whose conditions hold, in the order written (the
target's before its link's), each to the value the ones before it left, in one pass:

- ``set`` replaces the field; ``increment``/``decrement`` add or take away ``value``
  once per time the modifier applies (``model.bsdata.conditions.times``), computed as
  one multiplication.
- The text fields, ``name`` and ``page``, take all four, as BattleScribe's string
  modifier does: ``increment``/``decrement`` read the text as a number ("10" less 3
  is "7", written without a ``.0``) and leave text that is no number as it is;
  ``append`` adds `` value`` once per time it applies, as BattleScribe does ("Squad"
  appended "+" six times is "Squad + + + + + +"). A text grown by ``append`` is cut at
  ``MAX_NAME`` characters, ending in ``CUT``, and once cut is not grown again: each
  ``append`` then costs the same however many came before it or however many times a
  repeat asks for it (200,000 of them in one file made every evaluation quadratic),
  and a name stays one a screen can show.
- The other fields are ``hidden`` (``set`` to ``true``/``false``), a cost type id (that
  cost), or a constraint id (that constraint's value; -1 as a ``max`` means no limit,
  but a modified -1 is a number like any other, as in BattleScribe); ``category`` with
  ``add``/``remove`` puts the entry in or out of the category ``value`` names, and with
  ``set-primary``/``unset-primary`` makes it the primary category or no longer.
  Other fields (``annotation``) do not change what is valid and are left alone; a
  profile's and a rule's own modifiers (characteristics, ``description``) are
  ``model.bsdata.infos``'s, over the same walk (``each_applying``). A value that is
  not a number where a number is needed leaves the field as it was.
- A modifier group applies its modifiers and nested groups when its own conditions
  hold; its repeats multiply theirs.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import TYPE_CHECKING

from model.bsdata import nr_extensions
from model.bsdata.conditions import MAX_TIMES, times
from model.bsdata.data import Modifier, ModifierGroup, Modifiers
from model.core.value import frozen_value

if TYPE_CHECKING:
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

TEXT_FIELDS = frozenset({"name", "page"})
"""The fields that hold text (BattleScribe's string modifiers)."""

_NUMBER = re.compile(r"[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?")
"""A number as Java's ``Double.parseDouble`` reads one (without its hexadecimal,
``NaN``, ``Infinity`` and ``d``/``f`` suffixed forms, which no data writes)."""


@dataclass(slots=True)
class State:
    """What modifiers change, while they apply (a working copy, never shared)."""

    name: str
    hidden: bool
    costs: dict[str, float]
    values: dict[str, float]
    categories: list[str]
    primary: str | None
    page: str = ""
    touched: set[str] = field(default_factory=set)
    """The fields some modifier changed (``name``, ``page``, ``hidden``, ``category``,
    cost type ids, constraint ids)."""


@frozen_value
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
    page: str = ""
    """The page of its publication it is on: its link's where the link names one, else
    its entry's, then modified as text."""


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
    page = (node.link.page if node.link is not None else "") or node.entry.page
    return State(node.name, node.hidden, costs, values, categories, primary, page)


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
        state.page,
    )


def each_applying(
    modifiers: Modifiers,
    ctx: Ctx,
    counts: Counts,
    leaf: Callable[[Modifier, int], None],
    outer: int = 1,
    fields: frozenset[str] | None = None,
) -> None:
    """Call ``leaf(modifier, times)`` for each of ``modifiers`` (groups walked into) that
    applies asked from ``ctx``, in the order written: one walk of conditions, repeats and
    groups for an entry's fields here and for a profile's or a rule's
    (``model.bsdata.infos``). With ``fields``, only the modifiers of those fields (and the
    groups holding one) are asked about: what the others would do touches no field of
    those, so those fields come out as a whole walk leaves them."""
    for modifier in modifiers:
        if fields is not None and not touches(modifier, fields):
            continue
        if isinstance(modifier, ModifierGroup):
            n = times(modifier.conditions, modifier.groups, modifier.repeats, ctx, counts)
            if n:
                inner = min(MAX_TIMES, outer * n)
                each_applying(modifier.modifiers, ctx, counts, leaf, inner, fields)
                each_applying(modifier.nested, ctx, counts, leaf, inner, fields)
            continue
        n = times(modifier.conditions, modifier.groups, modifier.repeats, ctx, counts)
        if n:
            leaf(modifier, min(MAX_TIMES, outer * n))


def touches(modifier: Modifier | ModifierGroup, fields: frozenset[str]) -> bool:
    """Whether ``modifier`` (or a modifier in the group) changes one of ``fields``."""
    if isinstance(modifier, ModifierGroup):
        return any(touches(m, fields) for m in modifier.modifiers) or any(
            touches(g, fields) for g in modifier.nested
        )
    return modifier.field in fields


def values_only(
    node: Node,
    ctx: Ctx,
    counts: Counts,
    fields: frozenset[str],
    touching: Modifiers | None = None,
) -> dict[str, float]:
    """``node``'s constraint values of ``fields`` (constraint ids) after its modifiers,
    asked from ``ctx``, as ``effective`` gives them, without asking about the modifiers
    of any other field (the constraints checked: a place's entries not selected there
    are checked for their minimums alone). ``touching``, when given, is the node's
    modifiers already cut to those of ``fields`` (``model.bsdata.resolve.touching``),
    walked as they are."""
    values = {c.id: c.value for c in node.constraints if c.id in fields}
    state = State("", False, {}, values, [], None)
    if touching is None:
        each_applying(node.modifiers, ctx, counts, lambda m, n: _apply_one(m, state, n), 1, fields)
    else:
        each_applying(touching, ctx, counts, lambda m, n: _apply_one(m, state, n))
    return state.values


def apply(modifiers: Modifiers, state: State, ctx: Ctx, counts: Counts, outer: int = 1) -> None:
    """Apply ``modifiers`` (and groups) in order to ``state``, asked from ``ctx``."""
    each_applying(modifiers, ctx, counts, lambda m, n: _apply_one(m, state, n), outer)


def number_value(text: str) -> float | None:
    """``text`` as a number a modifier may use (as Java's ``Double.parseDouble`` reads
    one, within ``MAX_VALUE``), None if it is none."""
    text = text.strip()
    if len(text) > 400 or not _NUMBER.fullmatch(text):
        return None
    value = float(text)
    return value if abs(value) <= MAX_VALUE else None


def number_text(value: float) -> str:
    """A number a string modifier made, as BattleScribe writes it: whole numbers without
    a ``.0`` ("125"), others to 15 significant digits ("2.5", "0.3" for 0.1 + 0.2)."""
    return f"{value:.15g}"


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
    if target in TEXT_FIELDS:
        old = state.name if target == "name" else state.page
        if kind in nr_extensions.TEXT:
            new: str | None = nr_extensions.changed_text(
                kind, old, text, modifier.join, modifier.arg, MAX_NAME
            )
        else:
            new = text_changed(kind, old, text, n)
        if new is None:
            return
        if target == "name":
            state.name = new
        else:
            state.page = new
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


def text_changed(kind: str, old: str, text: str, n: int, limit: int = MAX_NAME) -> str | None:
    """A text field after one modifier applied ``n`` times (None: left as it was):
    BattleScribe's string modifier, ``append`` growing it to ``limit`` at most."""
    if kind == "set":
        return text
    if kind == "append":
        return appended_times(old, text, n, limit)
    if kind in ("increment", "decrement"):
        base, step = number_value(old), number_value(text)
        if base is None or step is None:
            return None
        return number_text(changed_number(kind, base, step, n))
    return None


def appended_times(name: str, text: str, n: int, limit: int = MAX_NAME) -> str:
    """``name`` appended ``text`` ``n`` times, as ``n`` calls of ``appended`` would leave
    it, made in one step: only as many copies as reach the cut are made, so the work is
    at most about ``limit`` characters however large a repeat makes ``n``."""
    if n <= 0:
        return name
    first = appended(name, text, limit)
    if n == 1 or first == name or (len(first) >= limit and first.endswith(CUT)):
        return first
    piece = " " + text[:limit]
    copies = min(n - 1, (limit + 1 - len(first)) // len(piece) + 1)
    grown = first + piece * copies
    if len(grown) <= limit:
        return grown
    return grown[: limit - 1] + CUT


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
