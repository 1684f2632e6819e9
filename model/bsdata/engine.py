"""One evaluation of a roster: its selections' effective fields and the counts behind them.

Modifiers depend on counts (their conditions), and counts depend on modifiers (a
category added by a modifier is counted; a cost changed by one is summed). BattleScribe
answers this with one pass in the order entries were selected, so its answer can depend
on that order. warband makes it order-free and bounded, in two steps:

1. Counts are made from the roster as written (each entry's own categories and costs),
   and every selection's modifiers are applied against them.
2. If some modifier changed a category or a cost, counts are made again from those
   effective categories and costs, and the modifiers of names, pages, hidden flags
   and constraint values are applied again against them; categories and costs stay as
   step 1 made them.

So a condition on a category or a cost sees the effect of modifiers on categories and
costs one step deep (enough for every BSData file we know), and an evaluation costs at
most two passes whatever the data says.

A selection whose entry has no modifiers is as its entry is written whatever the
counts, so neither step works its fields out again: they are those counts were first
made from (most of a 40k list: its weapons and wargear; three selections in four).
Only a selection with a modifier of a category or a cost is worked out before the counts
are final; every other one's fields are worked out when first read (``_Finals``), to the
same values, so a run that reads few of them (finding what a new unit must hold) costs
little more than its counts.
"""

from __future__ import annotations

import weakref
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import overload

from model.bsdata.data import Modifiers
from model.bsdata.memo import Recent
from model.bsdata.modifiers import (
    Effective,
    State,
    apply,
    base_state,
    effective,
    freeze,
    touches,
)
from model.bsdata.queries import Counts, Ctx
from model.bsdata.resolve import Index, Node, index_for
from model.bsdata.roster import BsRoster, CostLimit
from model.bsdata.system import GameSystem
from model.bsdata.tree import Placed, Tree, build_tree


def roster_catalogues(roster: BsRoster) -> tuple[str, ...]:
    """The catalogues of the roster's forces, at any depth, each once in roster order."""
    found: dict[str, None] = {}
    stack = list(reversed(roster.forces))
    while stack:
        force = stack.pop()
        found.setdefault(force.catalogue_id)
        stack.extend(reversed(force.forces))
    return tuple(found)


def roster_limits(system: GameSystem, roster: BsRoster) -> tuple[CostLimit, ...]:
    """The cost limits in force: the roster's own, then the default limit of each cost
    type the roster sets none for (a default of -1 is no limit): the game system's cost
    types and those its forces' catalogues declare (``GameSystem.cost_types``)."""
    own = {limit.type_id for limit in roster.cost_limits}
    defaults = tuple(
        CostLimit(c.id, c.default_limit)
        for c in system.cost_types(roster_catalogues(roster))
        if c.id not in own and c.default_limit >= 0
    )
    return roster.cost_limits + defaults


def _keys(placed: Placed, categories: tuple[str, ...], force_entry: str) -> frozenset[str]:
    """What a selection answers to in queries (``model.bsdata.queries``)."""
    node = placed.node
    keys = {"any", f"force:{force_entry}", *categories}
    if node is None:
        keys.update((placed.selection.type, f"key:{placed.selection.entry_id}"))
        keys.add(placed.selection.entry_ids[-1])
        return frozenset(keys)
    keys.update((node.type, f"key:{node.key}", *node.ids))
    for group in node.groups:
        keys.update((f"key:{group.key}", *group.ids))
    return frozenset(keys)


@dataclass
class _Written:
    """What every evaluation over one index works out the same from a node alone,
    worked out once: a node's fields as written (with every cost type of the
    roster's forces listed), and the keys a selection of it answers to. Nodes are
    the index's own (one object per entry and path, ``model.bsdata.resolve``), so
    they are kept by identity; a 2,000-point list holds some 120 selections, and
    making these again for each of them was a tenth of an evaluation."""

    bases: dict[tuple[Node, tuple[str, ...]], Effective] = field(default_factory=dict)
    keys: dict[tuple[Node, tuple[str, ...], str], frozenset[str]] = field(default_factory=dict)
    moves: dict[tuple[Node, frozenset[str]], bool] = field(default_factory=dict)
    scaled: dict[tuple[Node, tuple[str, ...], int], Mapping[str, float]] = field(
        default_factory=dict
    )


_WRITTEN: weakref.WeakKeyDictionary[Index, _Written] = weakref.WeakKeyDictionary()


def _written(index: Index) -> _Written:
    found = _WRITTEN.get(index)
    if found is None:
        found = _WRITTEN[index] = _Written()
    return found


def _base(written: _Written, node: Node, cost_types: tuple[str, ...]) -> Effective:
    """``node``'s fields as written, every cost type of ``cost_types`` listed."""
    found = written.bases.get((node, cost_types))
    if found is None:
        state = base_state(node)
        for type_id in cost_types:
            state.costs.setdefault(type_id, 0.0)
        found = written.bases[node, cost_types] = freeze(state)
    return found


def _scaled(
    written: _Written,
    placed: Placed,
    state: Effective,
    base: Effective,
    cost_types: tuple[str, ...],
) -> Mapping[str, float]:
    """What a selection costs in all, its number times ``state``'s costs: ``state``'s
    own when it is taken once, and for a selection as its entry is written kept per
    node and number (most of a list: counts are made two or three times per edit)."""
    number = placed.selection.number
    if number == 1:
        return state.costs
    if state is not base or placed.node is None:
        return {t: number * v for t, v in state.costs.items()}
    key = (placed.node, cost_types, number)
    found = written.scaled.get(key)
    if found is None:
        found = written.scaled[key] = MappingProxyType(
            {t: number * v for t, v in state.costs.items()}
        )
    return found


def _known_keys(
    written: _Written, placed: Placed, categories: tuple[str, ...], force_entry: str
) -> frozenset[str]:
    """``_keys``, kept per node, categories and force entry for a selection whose entry
    the data holds (one it does not hold answers to its own ids)."""
    node = placed.node
    if node is None:
        return _keys(placed, categories, force_entry)
    found = written.keys.get((node, categories, force_entry))
    if found is None:
        found = written.keys[node, categories, force_entry] = _keys(placed, categories, force_entry)
    return found


def _unknown(placed: Placed) -> Effective:
    return freeze(State(placed.selection.name, False, {}, {}, [], None))


@dataclass
class Engine:
    """A roster's evaluation in progress: built once per ``evaluate``, then read."""

    system: GameSystem
    index: Index
    tree: Tree
    roster: BsRoster
    cost_types: tuple[str, ...]
    limits: tuple[CostLimit, ...]
    counts: Counts
    finals: Sequence[Effective]
    _places: dict[tuple[str, int, int | None], Effective] = field(default_factory=dict)

    def ctx_of(self, at: int) -> Ctx:
        placed = self.tree.selections[at]
        return Ctx(placed.force, at, placed.parent, node=placed.node)

    def own_costs(self, at: int) -> dict[str, float]:
        """What selection ``at`` itself costs: its number times its entry's costs."""
        number = self.tree.selections[at].selection.number
        costs = self.finals[at].costs
        return {t: number * costs.get(t, 0.0) for t in self.cost_types}

    def in_place(self, node: Node, force: int, parent: int | None) -> Effective:
        """``node``'s fields as they would be if selected in ``parent`` (a selection, or
        the force's top level when None): its modifiers asked from there."""
        key = (node.key, force, parent)
        found = self._places.get(key)
        if found is None:
            found, _ = effective(node, Ctx(force, None, parent, node=node), self.counts)
            self._places[key] = found
        return found

    def force_fields(self, at: int) -> Effective:
        """Force ``at``'s name, hidden flag and constraint values after its force entry's
        modifiers, asked from the force itself (spec ``force-entry-with-modifier``: a
        force entry hidden once the roster holds a Blocker); an unknown force entry
        is as the roster wrote it."""
        placed = self.tree.forces[at]
        entry = placed.entry
        if entry is None:
            return freeze(State(placed.force.name, False, {}, {}, [], None))
        values = {c.id: c.value for c in entry.constraints}
        state = State(entry.name, entry.hidden, {}, values, [], None)
        apply(entry.modifiers, state, Ctx(at, owner_force=True), self.counts)
        return freeze(state)

    def force_hidden(self, at: int) -> bool:
        """Whether force ``at``'s entry is hidden, as its modifiers leave it (their
        conditions asked from the force, as its constraints are). BattleScribe shows a
        force of a hidden entry as hidden but never reports it (the suite's
        ``docs/hidden-validation-analysis.md``): so this is shown, not a finding."""
        return self.force_fields(at).hidden

    def values_after(
        self, constraints: Mapping[str, float], modifiers: Modifiers, ctx: Ctx
    ) -> dict[str, float]:
        """Constraint values of a force entry, category or link after its modifiers."""
        state = State("", False, {}, dict(constraints), [], None)
        apply(modifiers, state, ctx, self.counts)
        return state.values


_ENGINES: Recent[Engine] = Recent()


def run_engine(system: GameSystem, roster: BsRoster) -> Engine:
    """Resolve ``roster`` over ``system`` and work out every selection's effective fields;
    for a roster asked about a moment ago (the very object: ``model.bsdata.memo``), the
    engine worked out then (an engine is read, never changed, but for its memos)."""
    return _ENGINES.get(system, roster, lambda: _run(system, roster))


def _run(system: GameSystem, roster: BsRoster) -> Engine:
    index = index_for(system)
    tree = build_tree(index, roster)
    cost_types = tuple(c.id for c in system.cost_types(roster_catalogues(roster)))
    limits = roster_limits(system, roster)
    limit_map = {limit.type_id: limit.value for limit in limits}
    rows = tree.selections
    force_entries = [f.force.entry_id for f in tree.forces]
    ctxs = [Ctx(p.force, i, p.parent, node=p.node) for i, p in enumerate(rows)]
    written = _written(index)

    def counts_from(states: list[Effective]) -> Counts:
        keys = [
            _known_keys(written, p, s.categories, force_entries[p.force])
            for p, s in zip(rows, states, strict=True)
        ]
        costs = [
            _scaled(written, p, s, base, cost_types)
            for p, s, base in zip(rows, states, bases, strict=True)
        ]
        return Counts(tree, keys, costs, [s.primary for s in states], limit_map)

    bases = [_unknown(p) if p.node is None else _base(written, p.node, cost_types) for p in rows]
    counts = counts_from(bases)
    # Only a modifier of a category or a cost can change what counts are made from, so
    # only the selections with one are worked out before the counts are final; the
    # others' fields are worked out when first read (``_Finals``).
    moving = frozenset({"category", *cost_types})
    first: dict[int, Effective] = {}
    moved = False
    for i, p in enumerate(rows):
        if p.node is None or not _moves(written, p.node, moving):
            continue
        done, touched = effective(p.node, ctxs[i], counts, cost_types)
        first[i] = done
        moved = moved or "category" in touched or any(t in touched for t in cost_types)
    if moved:
        counts = counts_from([first.get(i, base) for i, base in enumerate(bases)])
    finals = _Finals(rows, ctxs, bases, first, counts, cost_types, moved)
    return Engine(system, index, tree, roster, cost_types, limits, counts, finals)


def _moves(written: _Written, node: Node, fields: frozenset[str]) -> bool:
    """Whether one of ``node``'s modifiers (in a group or not) changes one of ``fields``
    (a category or a cost type), kept per node as its fields as written are."""
    found = written.moves.get((node, fields))
    if found is None:
        found = written.moves[node, fields] = any(touches(m, fields) for m in node.modifiers)
    return found


class _Finals(Sequence[Effective]):
    """Every selection's effective fields, each worked out when first read: a selection
    whose entry has no modifiers is as written; one whose modifiers change a category
    or a cost was worked out to make the counts (step 1), and after a category or a cost
    moved its other fields are worked out again against the final counts (step 2); the
    rest are worked out against the final counts. The same fields in the same order as
    working them all out at once: the counts are final before any is read, and working
    one out reads nothing but its node, its place and the counts. Adding a unit runs the
    engine once only to find what the unit must hold, which reads no selection's fields:
    working out all of them was most of that run."""

    def __init__(
        self,
        rows: Sequence[Placed],
        ctxs: Sequence[Ctx],
        bases: Sequence[Effective],
        first: Mapping[int, Effective],
        counts: Counts,
        cost_types: tuple[str, ...],
        moved: bool,
    ) -> None:
        self._rows = rows
        self._ctxs = ctxs
        self._bases = bases
        self._first = first
        self._counts = counts
        self._cost_types = cost_types
        self._moved = moved
        self._done: list[Effective | None] = [None] * len(rows)

    def __len__(self) -> int:
        return len(self._rows)

    @overload
    def __getitem__(self, at: int) -> Effective: ...

    @overload
    def __getitem__(self, at: slice) -> Sequence[Effective]: ...

    def __getitem__(self, at: int | slice) -> Effective | Sequence[Effective]:
        if isinstance(at, slice):
            return [self[i] for i in range(len(self))[at]]
        done = self._done[at]
        if done is None:
            done = self._done[at] = self._work(at if at >= 0 else at + len(self))
        return done

    def _work(self, at: int) -> Effective:
        node = self._rows[at].node
        base = self._bases[at]
        if node is None or not node.modifiers:  # nothing asks the counts: as written
            return base
        first = self._first.get(at)
        if not self._moved:
            if first is not None:
                return first
            return effective(node, self._ctxs[at], self._counts, self._cost_types)[0]
        again, _ = effective(node, self._ctxs[at], self._counts, self._cost_types)
        # categories and costs stay as step 1 made them (the node's own, if none of its
        # modifiers changes one)
        kept = base if first is None else first
        return Effective(
            again.name,
            again.hidden,
            kept.costs,
            again.values,
            kept.categories,
            kept.primary,
            again.page,
        )
