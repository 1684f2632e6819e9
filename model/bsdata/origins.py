"""What BattleScribe hangs a finding on, and the rule it comes from: a finding's ``Origin``.

A tool that holds warband's findings beside BattleScribe's or New Recruit's errors
matches them by these (the BattleScribe-spec suite's ``on`` and ``from``); where warband
points a player (``Where``) is another matter, settled in ``model.bsdata.constraints``.
The placements follow what the suite's specs measured of BattleScribe, each case named in
rule 23 of ``SEMANTICS.md``: a force entry's constraint on the roster (or the outer force),
a category's on the category, an entry's or group's inside a selection on that selection;
at a force's top, too many on the first selection counted, too few on the roster (counted
over it), the entry's primary category, or else the force. Apart from the constraints'
checks because it is a concern of its own: which element owns an error, not whether the
rule is broken.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

from model.core.value import frozen_value
from model.rules.findings import Origin

if TYPE_CHECKING:
    from model.bsdata.data import Constraint
    from model.bsdata.queries import Root
    from model.bsdata.resolve import Node
    from model.bsdata.tree import Placed, Tree


@frozen_value
class Source:
    """Whose constraint is checked, and from where: what an ``Origin`` is made of when
    the constraint is broken."""

    kind: Literal["entry", "force", "category"]
    """A selection entry's or group's (or its link's); a force entry's; a category's (or
    the force's link to it)."""
    entry_id: str
    """The entry, link, category, category link or force entry that holds it."""
    force: int
    parent: int | None = None
    """The selection the place is inside (None: a force's top level, or not an entry)."""
    category: str | None = None
    """The category: the constraint's own, or the entry's primary one (at the top)."""


def holder_id(node: Node, constraint: Constraint) -> str:
    """The id of what holds ``constraint`` in ``node``: its link, or the entry itself (a
    link's constraints are added after its target's: ``model.bsdata.resolve``)."""
    if node.link is not None and any(c is constraint for c in node.link.constraints):
        return node.link.id
    return node.entry.id


def selection_origin(placed: Placed, entry_id: str, constraint_id: str) -> Origin:
    """An origin on one selection: BattleScribe names the selection by its entry's own id,
    not the chain of links that reached it (``on: selection shared-unit`` for a selection
    made through ``link-1``: the spec constraint-entry-link-shared-target)."""
    selection = placed.selection
    own = placed.node.entry.id if placed.node is not None else selection.entry_ids[-1]
    return Origin("selection", selection.id, own, entry_id, constraint_id)


def origin_of(
    tree: Tree, source: Source, constraint_id: str, root: Root, first: int | None
) -> Origin:
    """What BattleScribe hangs a broken constraint on: ``root`` is where it counted,
    ``first`` (for too many; None for too few) the first selection counted there."""
    force = tree.forces[source.force].force
    held_by = source.entry_id
    if source.kind == "force":
        # a force entry's constraints are kept by what holds its forces
        up = tree.forces[source.force].parent
        if up is None:
            return Origin("roster", None, None, held_by, constraint_id)
        outer = tree.forces[up].force
        return Origin("force", outer.id, outer.entry_id, held_by, constraint_id)
    if source.kind == "category":
        return Origin("category", force.id, source.category, held_by, constraint_id)
    if source.parent is not None:
        return selection_origin(tree.selections[source.parent], held_by, constraint_id)
    if first is not None:
        return selection_origin(tree.selections[first], held_by, constraint_id)
    if root[0] in ("r", "cat"):
        return Origin("roster", None, None, held_by, constraint_id)
    if source.category is not None:
        return Origin("category", force.id, source.category, held_by, constraint_id)
    return Origin("force", force.id, force.entry_id, held_by, constraint_id)
