"""Counting what a constraint, condition or repeat asks for, from one place in a roster.

A query (``model.bsdata.data.Query``) names a ``field`` (``selections``, ``forces``, a
cost type id, ``limit::<costTypeId>``), a ``scope`` (where to count) and what to count:
a constraint counts the entry, group, category or force entry that holds it; a
condition or repeat counts what its ``childId`` names (an entry, link, group or
category id, or ``any``/``unit``/``model``/``upgrade``).

Every selection carries a set of keys it answers to (``Counts.keys``): its entry's and
link's ids, its groups' ids, its categories, its type, ``any``, ``key:<entry_id>`` (the
whole chain, for a constraint that is not ``shared``) and ``force:<force entry id>``.
Counting is then: the members of the scope (a range or a list, ``model.bsdata.tree``)
holding the key, each adding its ``number`` (``selections``) or its own cost (a cost
type: number times the entry's effective cost, children not included; they add their
own when they are counted too). Results are remembered per evaluation, so a count asked
by fifty constraints is made once.

Scopes, for a query held by a selection (or by an entry not yet selected in a place):

- ``self``: the selection itself and what is inside it for a constraint, only what is
  inside it for a condition or a repeat (``count``'s ``with_self``); for a group (never
  a selection), the place its members are in, as ``parent``.
- ``parent``: inside the selection it is in, or its force at the top.
- ``ancestor``: inside each selection it is in (a condition holds if it holds in any
  of them, a constraint must hold in each).
- ``force``, ``roster``: the force, the roster.
- ``primary-category``: the selections of its force filed under the same primary
  category as the top-level selection the place is in (or is).
- ``primary-catalogue``: every force of the same catalogue.
- an entry id: the nearest selection of that entry it is in (or itself); a force entry
  id: the nearest such force.
- Members are the direct children of the scope (a force's and the roster's top-level
  selections) or, with ``includeChildSelections``, all selections under it; a force
  counts the forces inside it only with ``includeChildForces``.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING

from model.bsdata import nr_extensions
from model.core.value import frozen_value

if TYPE_CHECKING:
    from model.bsdata.data import Query
    from model.bsdata.resolve import Node
    from model.bsdata.tree import Tree

Root = tuple[object, ...]
"""Where a query counts: ``("s", i)`` a selection, ``("f", j, child_forces)`` a force,
``("r", child_forces)`` the roster, ``("pc", j, category)``, ``("cat", catalogue)``,
``("none",)`` nowhere."""

NOWHERE: Root = ("none",)


@frozen_value
class Ctx:
    """The place a query is asked from."""

    force: int
    self_sel: int | None = None
    """The selection that holds the query (None: an entry not selected yet, a group)."""
    parent_sel: int | None = None
    """The selection it is (or would be) inside; None at a force's top level."""
    owner_force: bool = False
    """The query belongs to the force itself (a force entry's or its categories')."""
    node: Node | None = None
    """The entry the query belongs to, for ``primary-category`` before it is selected."""


class Counts:
    """The counts of one evaluation: members' keys, numbers and costs, and a memory."""

    def __init__(
        self,
        tree: Tree,
        keys: Sequence[frozenset[str]],
        costs: Sequence[Mapping[str, float]],
        primaries: Sequence[str | None],
        limits: Mapping[str, float],
    ) -> None:
        self.tree = tree
        self.keys = keys
        self.costs = costs
        self.primaries = primaries
        self.limits = limits
        self.numbers = [p.selection.number for p in tree.selections]
        self._memo: dict[tuple[Root, bool, str, str], float] = {}
        self._entry_ids: frozenset[str] | None = None

    def subject(self, query: Query, child: str) -> str:
        """The key a condition or repeat counts for its ``childId``. With ``shared``
        (the default) an entry is counted by its own id, whatever link reached it;
        without it BattleScribe compares ``childId`` with a selection's whole chain of
        ids (``link::entry``), so an entry is counted only where it was reached through
        no link (spec ``modifier-repeat-shared-flag``; the suite's
        ``docs/shared-flag-semantics.md``). Categories, types and ``any`` are counted
        alike either way."""
        if query.shared:
            return child
        if self._entry_ids is None:
            ids: set[str] = set()
            for placed in self.tree.selections:
                node = placed.node
                if node is not None:
                    ids.update(node.ids)
                    ids.update(i for group in node.groups for i in group.ids)
            self._entry_ids = frozenset(ids)
        return f"key:{child}" if child in self._entry_ids else child

    # -- where -----------------------------------------------------------------------

    def ancestors(self, ctx: Ctx) -> tuple[int, ...]:
        """The selections the place is in, nearest first."""
        rows = self.tree.selections
        if ctx.self_sel is not None:
            return rows[ctx.self_sel].ancestors
        if ctx.parent_sel is not None:
            return (ctx.parent_sel, *rows[ctx.parent_sel].ancestors)
        return ()

    def roots(self, query: Query, ctx: Ctx) -> list[Root]:
        """Where ``query`` counts, asked from ``ctx`` (several for ``ancestor``)."""
        scope, child_forces = query.scope, query.include_child_forces
        forces = self.tree.forces
        if ctx.force < 0:
            return [NOWHERE]
        if ctx.owner_force:
            if scope in ("self", "force"):
                return [("f", ctx.force, child_forces)]
            if scope == "parent":
                up = forces[ctx.force].parent
                return [("r", child_forces) if up is None else ("f", up, child_forces)]
        if scope == "self":
            if ctx.self_sel is not None:
                return [("s", ctx.self_sel)]
            if ctx.node is None or not ctx.node.is_group:
                return [NOWHERE]
            scope = "parent"  # a group is no selection: its "self" is where its members are
        if scope == "parent":
            if ctx.self_sel is not None:
                parent = self.tree.selections[ctx.self_sel].parent
            else:
                parent = ctx.parent_sel
            return [("s", parent) if parent is not None else ("f", ctx.force, child_forces)]
        if scope == "ancestor":
            return [("s", a) for a in self.ancestors(ctx)] or [NOWHERE]
        if scope == "force":
            return [("f", ctx.force, child_forces)]
        if scope == "roster":
            return [("r", child_forces)]
        if scope == "primary-category":
            return [("pc", ctx.force, self.primary_of(ctx))]
        if scope == "primary-catalogue":
            catalogue = forces[ctx.force].force.catalogue_id
            return [("cat", catalogue, child_forces)]
        return [self.named_scope(scope, ctx, child_forces)]

    def primary_of(self, ctx: Ctx) -> str | None:
        """The primary category a place is in: that of the top-level selection it is in
        (or is), as BattleScribe files a force's top-level selections under categories
        and what is inside one under it; for an entry not yet selected at the top, its
        own primary category link."""
        if ctx.owner_force:
            return None
        rows = self.tree.selections
        inside = ctx.self_sel if ctx.self_sel is not None else ctx.parent_sel
        if inside is not None:
            top = rows[inside].ancestors[-1] if rows[inside].ancestors else inside
            return self.primaries[top]
        if ctx.node is not None:
            primary = [c.target_id for c in ctx.node.category_links if c.primary]
            return primary[-1] if primary else None
        return None

    def named_scope(self, scope: str, ctx: Ctx, child_forces: bool) -> Root:
        """A scope naming an entry (the nearest selection of it: the place itself or one
        it is in) or a force entry (the nearest force of it); nowhere if none is."""
        rows = self.tree.selections
        chain = ([ctx.self_sel] if ctx.self_sel is not None else []) + list(self.ancestors(ctx))
        kinds = nr_extensions.type_scope(scope)
        if kinds is not None:  # New Recruit's type scopes (SEMANTICS.md rule 41)
            return nr_extensions.nearest_of(kinds, chain, lambda i: rows[i].node, ctx.self_sel)
        for at in chain:
            node = rows[at].node
            if node is not None and scope in node.ids:
                return ("s", at)
        force: int | None = ctx.force
        while force is not None:
            placed = self.tree.forces[force]
            if placed.force.entry_id == scope:
                return ("f", force, child_forces)
            force = placed.parent
        return NOWHERE

    # -- who -------------------------------------------------------------------------

    def members(self, root: Root, deep: bool) -> Iterable[int]:
        """The selections counted in ``root``: its children, or all under it if ``deep``."""
        kind = root[0]
        tree = self.tree
        if kind == "s":
            at = root[1]
            assert isinstance(at, int)
            placed = tree.selections[at]
            return range(at + 1, placed.end) if deep else placed.children
        if kind == "f":
            at, child_forces = root[1], root[2]
            assert isinstance(at, int)
            return self._force_members(at, bool(child_forces), deep)
        if kind == "r":
            out: list[int] = []
            for at in tree.top_forces:
                out.extend(self._force_members(at, bool(root[1]), deep))
            return out
        if kind == "pc":
            at, category = root[1], root[2]
            assert isinstance(at, int)
            if category is None:
                return ()
            return [
                m for m in self._force_members(at, False, deep) if self.primaries[m] == category
            ]
        if kind == "cat":
            out = []
            for at in tree.top_forces if not root[2] else range(len(tree.forces)):
                if tree.forces[at].force.catalogue_id == root[1]:
                    out.extend(self._force_members(at, False, deep))
            return out
        return ()

    def _force_members(self, at: int, child_forces: bool, deep: bool) -> Iterable[int]:
        placed = self.tree.forces[at]
        if deep:
            return range(placed.start, placed.end if child_forces else placed.own_end)
        if not child_forces:
            return placed.top
        out = list(placed.top)
        for inner in placed.forces:
            out.extend(self.tree.forces[inner].top)
        return out

    def force_members(self, root: Root) -> list[int]:
        """The forces counted in ``root`` for the ``forces`` field: the roster's top-level
        forces; a force and the forces directly inside it (as the roster's are directly
        in it); with ``includeChildForces`` those at every depth."""
        forces = self.tree.forces
        kind = root[0]
        if kind == "r":
            return list(range(len(forces))) if root[1] else list(self.tree.top_forces)
        if kind == "f":
            at = root[1]
            assert isinstance(at, int)
            if root[2]:
                return [at, *forces[at].forces]
            return [at, *(k for k in forces[at].forces if forces[k].parent == at)]
        if kind == "s":
            at = root[1]
            assert isinstance(at, int)
            return [self.tree.selections[at].force]
        if kind == "cat":
            among = range(len(forces)) if root[2] else self.tree.top_forces
            return [j for j in among if forces[j].force.catalogue_id == root[1]]
        return []

    # -- how many --------------------------------------------------------------------

    def total(self, root: Root, deep: bool, subject: str, field: str) -> float:
        """The sum of ``field`` over the members of ``root`` answering to ``subject``."""
        memo_key = (root, deep, subject, field)
        found = self._memo.get(memo_key)
        if found is not None:
            return found
        keys = self.keys
        value = 0.0
        if field == "selections":
            numbers = self.numbers
            for m in self.members(root, deep):
                if subject in keys[m]:
                    value += numbers[m]
        else:
            costs = self.costs
            for m in self.members(root, deep):
                if subject in keys[m]:
                    value += costs[m].get(field, 0.0)
        self._memo[memo_key] = value
        return value

    def count(
        self, query: Query, ctx: Ctx, subject: str, root: Root, *, with_self: bool = True
    ) -> float:
        """What ``query`` counts of ``subject`` in ``root``, as a percentage of everything
        there when ``percentValue`` is set. With the ``self`` scope a constraint counts the
        selection itself too (``with_self``); a condition or a repeat counts only what is
        inside it (BattleScribe: spec ``scope/scope-self``)."""
        field = query.field
        if field.startswith("limit::"):
            return self.limits.get(field[len("limit::") :], -1.0)
        if field == "forces":
            value = float(self._forces(root, subject))
            whole = float(self._forces(root, "any")) if query.percent_value else 0.0
        else:
            deep = query.include_child_selections
            value = self.total(root, deep, subject, field)
            own = ctx.self_sel
            counts_own = with_self and query.scope == "self" and own is not None
            if own is not None and counts_own and subject in self.keys[own]:
                value += self._own(own, field)
            whole = 0.0
            if query.percent_value:
                whole = self.total(root, deep, "any", field)
                whole += self._own(own, field) if counts_own else 0.0
        if query.percent_value:
            return 100.0 * value / whole if whole else 0.0
        return value

    def _own(self, at: int | None, field: str) -> float:
        if at is None:
            return 0.0
        if field == "selections":
            return float(self.numbers[at])
        return self.costs[at].get(field, 0.0)

    def _forces(self, root: Root, subject: str) -> int:
        """How many forces in ``root`` are of the force entry ``subject`` (all for
        ``any``); any other id, a catalogue's too, filters every force out
        (BattleScribe's engine, ``constraint-field-forces.md``)."""
        forces = self.tree.forces
        found = 0
        for at in self.force_members(root):
            placed = forces[at]
            if subject in ("any", placed.force.entry_id):
                found += 1
        return found
