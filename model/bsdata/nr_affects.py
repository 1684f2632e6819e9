"""New Recruit's ``affects`` and ``scope`` on an entry's modifiers: changing the
profiles of other selections (``SEMANTICS.md`` rule 41).

In New Recruit's data an upgrade changes the stats of the model that took it, or of
every weapon of the unit, with a modifier written on the upgrade itself::

    <modifier type="increment" field="<Toughness type id>" value="1"
              scope="model-or-unit" affects="self.entries.profiles.Unit"/>

- ``scope`` says from which selection to start, going up from the one holding the
  modifier: ``self`` (or none), ``parent``, ``root-entry`` (the top-level selection it
  is in, or itself at the top), ``unit``, ``model``, ``upgrade`` or ``model-or-unit``
  (the nearest selection of that type it is in: an upgrade's ``upgrade`` is the weapon
  it was taken in), or an entry id (the nearest selection of that entry, itself
  included). ``force`` and ``roster`` start from every top-level
  selection of the force, of the roster.
- ``affects`` is a dotted path from there: ``self`` takes the start itself,
  ``entries`` its children, ``recursive`` everything below it (with ``self`` too if
  written); without ``entries`` or ``recursive`` the start alone is taken (an entry id
  then looks below it). Entry ids in the path keep only the selections of those
  entries. ``profiles.<name>`` ends the path: the profiles of the taken selections
  whose type has that name (or id). A path that names no profiles, or ``forces``,
  changes nothing here.
- The modifier's conditions and repeats are asked from the selection that holds it;
  it applies to each profile reached after that profile's own modifiers, in the order
  the selections holding them stand in the roster.

Bounded: each selection's modifiers are walked once per evaluation (remembered per
engine), and at most ``MAX_REACHES`` (modifier, selection) pairs are looked at.
"""

from __future__ import annotations

import weakref
from collections.abc import Mapping
from functools import partial
from types import MappingProxyType
from typing import TYPE_CHECKING, TypeAlias

from model.bsdata.data import Modifier, ModifierGroup, Modifiers
from model.bsdata.modifiers import each_applying
from model.bsdata.nr_extensions import Reach, nearest_of, parse_affects, type_scope

if TYPE_CHECKING:
    from model.bsdata.engine import Engine


def _has_affects(modifiers: Modifiers) -> bool:
    for modifier in modifiers:
        if isinstance(modifier, ModifierGroup):
            if _has_affects(modifier.modifiers) or _has_affects(modifier.nested):
                return True
        elif modifier.affects:
            return True
    return False


def starts(engine: Engine, holder: int, scope: str) -> tuple[int, ...]:
    """The selections a modifier held by ``holder`` with ``scope`` starts from."""
    rows = engine.tree.selections
    chain = (holder, *rows[holder].ancestors)
    keys = engine.counts.keys
    if scope in ("", "self"):
        return (holder,)
    if scope == "parent":
        parent = rows[holder].parent
        return () if parent is None else (parent,)
    if scope in ("force", "roster"):
        force = rows[holder].force
        return tuple(
            i
            for i, row in enumerate(rows)
            if row.parent is None and (scope == "roster" or row.force == force)
        )
    kinds = type_scope(scope)
    if kinds is not None:
        found = nearest_of(kinds, chain, lambda i: rows[i].node, holder)
        return (found[1],) if found[0] == "s" and isinstance(found[1], int) else ()
    return next(((at,) for at in chain if scope in keys[at]), ())


def _reaches(engine: Engine, start: int, reach: Reach, target: int) -> bool:
    rows = engine.tree.selections
    if target == start:
        taken = reach.take_self
    elif reach.below:
        taken = start < target < rows[start].end
    elif reach.children:
        taken = rows[target].parent == start
    else:
        taken = False
    keys = engine.counts.keys[target]
    return taken and all(i in keys for i in reach.entry_ids)


MAX_REACHES = 1_000_000
"""The most (modifier, selection) pairs one roster's evaluation looks at: a unit of
thousands of selections each reaching all the others would otherwise cost their
square. Real data looks at a few hundred; past the budget the rest reach nothing."""

Reached: TypeAlias = tuple[tuple[str, Modifier, int], ...]
"""The modifiers reaching one selection's profiles, in order: profile type, modifier,
times it applies."""

_MAPS: dict[int, tuple[weakref.ref[Engine], Mapping[int, Reached]]] = {}
"""Per engine (by id, while it lives): every selection's reaching modifiers, worked
out once however many selections are asked for (a sheet asks for each)."""


def affecting(engine: Engine, target: int) -> Reached:
    """The modifiers of other selections (and of ``target`` itself) that reach
    ``target``'s profiles, applying, in roster order: each with the profile type it
    changes and how many times it applies."""
    key = id(engine)
    held = _MAPS.get(key)
    if held is None or held[0]() is not engine:
        found = _reach_all(engine)
        _MAPS[key] = (weakref.ref(engine, partial(_forget, key)), found)
        return found.get(target, ())
    return held[1].get(target, ())


def _forget(key: int, _: object) -> None:
    """Drop an engine's map when the engine goes (its id may then be reused)."""
    _MAPS.pop(key, None)


def _reach_all(engine: Engine) -> Mapping[int, Reached]:
    """Every selection's reaching modifiers: each holder's modifiers walked once, each
    applying one checked against the selections below where it starts."""
    rows = engine.tree.selections
    found: dict[int, list[tuple[str, Modifier, int]]] = {}
    budget = [MAX_REACHES]
    for holder, placed in enumerate(rows):
        node = placed.node
        if node is None or not _has_affects(node.modifiers) or budget[0] <= 0:
            continue

        def leaf(modifier: Modifier, n: int, holder: int = holder) -> None:
            reach = parse_affects(modifier.affects) if modifier.affects else None
            if reach is None or reach.profile_type is None:
                return
            reached: set[int] = set()
            for start in starts(engine, holder, modifier.scope):
                for target in range(start, rows[start].end):
                    budget[0] -= 1
                    if budget[0] < 0:
                        return
                    if target not in reached and _reaches(engine, start, reach, target):
                        reached.add(target)
                        found.setdefault(target, []).append((reach.profile_type, modifier, n))

        each_applying(node.modifiers, engine.ctx_of(holder), engine.counts, leaf)
    return MappingProxyType({at: tuple(mods) for at, mods in found.items()})
