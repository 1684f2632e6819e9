"""Whether a modifier applies, and how many times: conditions, condition groups, repeats.

- A comparison (``lessThan``, ``greaterThan``, ``equalTo``, ``notEqualTo``, ``atLeast``,
  ``atMost``) compares what its query counts of its ``childId`` with its value. With the
  ``ancestor`` scope it holds when it holds in any of the selections the place is in;
  with ``self`` it counts what is inside the selection, not the selection itself
  (BattleScribe, spec ``scope/scope-self``). A condition without a ``childId`` never
  holds (BattleScribe's engine counts nothing there and compares NaN; New Recruit
  guesses "self" or "any": we keep BattleScribe's).
- ``instanceOf`` holds when what its scope names is what ``childId`` names:
  ``self``, ``parent``, each ``ancestor`` or an entry id's nearest selection is that
  entry (or link, or group), has that category, or is of that type; ``parent`` at a
  force's top level, ``force`` and a force entry id name a force, which is an instance
  of its force entry only; ``primary-category`` names the primary category of the
  top-level selection the place is in; ``primary-catalogue`` the catalogue of its
  force. ``notInstanceOf`` is the negation; with ``roster`` both are false, as in
  BattleScribe (specs ``condition/condition-instance-of*``, ``condition-not-instance-of``,
  ``scope/scope-primary-category``).
- Without ``shared``, a condition or repeat counts an entry only where its chain of
  ids is the ``childId`` itself (``model.bsdata.queries.Counts.subject``).
- A condition group is ``and`` (every condition and nested group holds; an empty group
  holds) or ``or`` (at least one does; an empty one holds too).
- A repeat applies its modifier ``repeats`` times for every whole ``value`` counted
  (a part counts as a whole with ``roundUp``); several repeats on one modifier add up.
  This is arithmetic: a count of a million does not loop a million times, and the
  result is capped at ``MAX_TIMES`` (a repeat every 1e-300 of a count would otherwise
  be a number no float holds).
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from itertools import chain
from typing import TYPE_CHECKING

from model.bsdata import nr_extensions, nr_local
from model.bsdata.data import COMPARISONS, Condition, ConditionGroup, Repeat

if TYPE_CHECKING:
    from model.bsdata.queries import Counts, Ctx

MAX_TIMES = 10**9
"""The most times a modifier (or a modifier group with its nested ones) applies. A
modified number is clamped to ``model.bsdata.modifiers.MAX_VALUE`` anyway; this keeps the
count itself a small integer that converts to a float without overflow."""


def _force_instance(counts: Counts, force: int | None) -> list[frozenset[str]]:
    """What a force is an instance of: its force entry."""
    if force is None:
        return []
    return [frozenset({counts.tree.forces[force].force.entry_id})]


def _instance_keys(ctx: Ctx, counts: Counts, scope: str) -> list[frozenset[str]] | None:
    """What each thing the scope names is an instance of, for ``instanceOf``: a
    selection's keys, a force's entry, a primary category, a catalogue. Empty when the
    scope names nothing here; None for ``roster``, where both conditions are false."""
    if ctx.force < 0:
        return []
    if scope == "roster":
        return None
    rows = counts.tree.selections
    forces = counts.tree.forces
    if ctx.owner_force and scope in ("self", "force", "parent"):
        return _force_instance(counts, forces[ctx.force].parent if scope == "parent" else ctx.force)
    if scope == "self":
        if ctx.self_sel is not None:
            return [counts.keys[ctx.self_sel]]
        node = ctx.node
        if node is None:
            return []
        own = {*node.ids, node.type, "any", *(c.target_id for c in node.category_links)}
        return [frozenset(own)]
    if scope == "parent":
        parent = rows[ctx.self_sel].parent if ctx.self_sel is not None else ctx.parent_sel
        return [counts.keys[parent]] if parent is not None else _force_instance(counts, ctx.force)
    if scope == "ancestor":
        return [counts.keys[a] for a in counts.ancestors(ctx)]
    if scope == "force":
        return _force_instance(counts, ctx.force)
    if scope == "primary-category":
        primary = counts.primary_of(ctx)
        return [frozenset({primary})] if primary is not None else []
    if scope == "primary-catalogue":
        return [frozenset({forces[ctx.force].force.catalogue_id})]
    root = counts.named_scope(scope, ctx, False)
    at = root[1] if len(root) > 1 else None
    if not isinstance(at, int):
        return []
    return [counts.keys[at]] if root[0] == "s" else _force_instance(counts, at)


def condition_holds(condition: Condition, ctx: Ctx, counts: Counts) -> bool:
    """Whether one condition holds, asked from ``ctx``."""
    if (constant := nr_extensions.condition_constant(condition.type)) is not None:
        return constant
    child = condition.query.child_id
    if child is None:
        return False
    if condition.type in ("instanceOf", "notInstanceOf"):
        found = _instance_keys(ctx, counts, condition.query.scope)
        if found is None:
            return False
        instance = any(child in keys for keys in found)
        return instance if condition.type == "instanceOf" else not instance
    compare = COMPARISONS[condition.type]
    child = counts.subject(condition.query, child)
    return any(
        compare(counts.count(condition.query, ctx, child, root, with_self=False), condition.value)
        for root in counts.roots(condition.query, ctx)
    )


def group_holds(group: ConditionGroup, ctx: Ctx, counts: Counts) -> bool:
    """Whether an ``and``/``or`` group of conditions and nested groups holds (New
    Recruit's kinds: ``nr_extensions.group_result``)."""
    parts = chain(
        (condition_holds(c, ctx, counts) for c in group.conditions),
        (group_holds(g, ctx, counts) for g in group.groups),
        (nr_local.local_holds(g, ctx, counts, condition_holds, group_holds)
         for g in group.locals),
    )  # fmt: skip
    if group.type not in ("and", "or"):
        return bool(nr_extensions.group_result(group.type, list(parts), group.min))
    if not group.conditions and not group.groups and not group.locals:
        return True
    return all(parts) if group.type == "and" else any(parts)


def all_hold(
    conditions: Iterable[Condition], groups: Iterable[ConditionGroup], ctx: Ctx, counts: Counts
) -> bool:
    """Whether every condition and every group holds (a modifier's own are an ``and``)."""
    return all(condition_holds(c, ctx, counts) for c in conditions) and all(
        group_holds(g, ctx, counts) for g in groups
    )


def repeat_times(repeat: Repeat, ctx: Ctx, counts: Counts) -> int:
    """How many times one repeat applies its modifier."""
    child = repeat.query.child_id
    if child is None or repeat.value <= 0:
        return 0
    best = 0.0
    child = counts.subject(repeat.query, child)
    for root in counts.roots(repeat.query, ctx):
        best = max(best, counts.count(repeat.query, ctx, child, root, with_self=False))
    buckets = best / repeat.value
    if not buckets < MAX_TIMES:  # also infinity, when the value is tiny
        return MAX_TIMES
    whole = math.ceil(buckets - 1e-9) if repeat.round_up else math.floor(buckets + 1e-9)
    return min(MAX_TIMES, max(0, int(whole)) * repeat.repeats)


def times(
    conditions: tuple[Condition, ...],
    groups: tuple[ConditionGroup, ...],
    repeats: tuple[Repeat, ...],
    ctx: Ctx,
    counts: Counts,
) -> int:
    """How many times a modifier (or a modifier group) applies: 0 when a condition
    fails, 1 with no repeats, else the sum of its repeats."""
    if not all_hold(conditions, groups, ctx, counts):
        return 0
    if not repeats:
        return 1
    return min(MAX_TIMES, sum(repeat_times(r, ctx, counts) for r in repeats))
