"""Collective entries: a selection's number as BattleScribe keeps it, one per model.

An entry marked ``collective`` (or reached through a link so marked) inside a selection
is taken per model of that selection: a Trooper taken 3 times with a Rifle each holds
one Rifle selection of number 3 (BattleScribe stores the number scaled, and costs it as
3 Rifles). The rules, as the BattleScribe-spec project measured the Java engine
(``docs/collective-flag.md`` there; ``SEMANTICS.md``, "Collective entries and numbers"):

- An entry is *separate* (BattleScribe's ``isDuplicate``) when some entry inside it,
  at any depth, is neither collective nor hidden: each selection of it is a node of its
  own. Any other entry selected again inside a selection adds to the one it has.
- A selection's number changing one at a time from ``k``: each collective, not separate
  child grows by ``ceil(count / k)`` (up) or shrinks by ``ceil(count / k)`` (down), and
  so on down the tree. Worked out here in closed form (``grown``, ``shrunk``), never
  one unit at a time: a number may be a million.
- BattleScribe runs the growth twice for the default entry of a collective group (once
  among the flattened entries, once as the group's default), so that entry grows as the
  square of its parent's number; it is kept (warband is held to BattleScribe), bounded.
- A constraint with ``parent`` scope on a collective entry, or on a group whose entries
  are all collective, counts per model: the count divided by the parent's number.

Pure: it reads an evaluation (``model.bsdata.engine``) and returns new ``Selection``
values; ``model.bsdata.building`` puts them in the roster.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from model.bsdata.resolve import Node, Options
from model.bsdata.roster_bounds import MAX_NUMBER, refuse_past_cap
from model.core.safe_text import terminal_safe

if TYPE_CHECKING:
    from model.bsdata.data import Query
    from model.bsdata.engine import Engine
    from model.bsdata.queries import Root
    from model.bsdata.roster import BsRoster, Force, Selection


def is_collective(node: Node) -> bool:
    """Whether ``node`` is collective: its entry or the link reaching it says so."""
    return node.entry.collective or (node.link is not None and node.link.collective)


def grown(count: int, old: int, new: int) -> int:
    """``count`` after its parent's number went up from ``old`` to ``new`` one at a time,
    each step from ``k`` adding ``ceil(count / k)``. With ``count = m*old + r``, a step
    keeps ``m`` and adds 1 to ``r`` unless ``r`` is 0 (then it stays 0)."""
    if old <= 0 or new <= old or count <= 0:
        return count
    m, r = divmod(count, old)
    return min(MAX_NUMBER, m * new + (r + new - old if r else 0))


def shrunk(count: int, old: int, new: int) -> int:
    """``count`` after its parent's number went down from ``old`` to ``new`` one at a
    time, each step from ``k`` taking ``ceil(count / k)`` (0: the selection goes)."""
    if new >= old or count <= 0:
        return count
    if new <= 0:
        return 0
    m, r = divmod(count, old)
    return m * new + max(r - (old - new), 0)


def grown_twice(count: int, old: int, new: int) -> int:
    """``count`` grown as BattleScribe grows a collective group's default entry: each
    step from ``k`` adds ``ceil(count / k)`` twice in a row (``count * k**2`` stays
    ``count * (k+1)**2``). A multiple of ``old**2`` is worked out at once; otherwise step
    by step, each step adding at least 2, so at most ``MAX_NUMBER / 2`` steps before
    the number reaches ``MAX_NUMBER`` and stops there."""
    if old <= 0 or new <= old or count <= 0:
        return count
    m, r = divmod(count, old * old)
    if r == 0:
        return min(MAX_NUMBER, m * new * new)
    for k in range(old, new):
        count += -(-count // k)
        count += -(-count // k)
        if count >= MAX_NUMBER:
            return MAX_NUMBER
    return count


class Collective:
    """The collective rules over one evaluation of a roster."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self._separate: dict[tuple[str, str | None, str], bool] = {}
        self._groups: dict[tuple[int, str], bool] = {}

    # -- what an entry is --------------------------------------------------------------

    def options(self, at: int) -> Options:
        """What may be selected inside the selection at row ``at``."""
        row = self.engine.tree.selections[at]
        catalogue = self.engine.tree.forces[row.force].catalogue
        if row.node is None or catalogue is None:
            return Options()
        return self.engine.index.child_options(row.node, catalogue.id)

    def separate(self, node: Node, catalogue_id: str) -> bool:
        """BattleScribe's ``isDuplicate``: some entry inside ``node`` (groups' members
        included), at any depth, is neither collective nor hidden. A link that loops
        back into an entry already being looked at adds nothing."""
        return self._separate_of(node, catalogue_id, set())

    def _separate_of(self, node: Node, catalogue_id: str, around: set[str]) -> bool:
        key = (node.entry.id, node.link.id if node.link else None, catalogue_id)
        found = self._separate.get(key)
        if found is not None:
            return found
        if node.entry.id in around:
            return False
        around.add(node.entry.id)
        options = self.engine.index.child_options(node, catalogue_id)
        found = any(
            (not is_collective(child) and not child.hidden)
            or self._separate_of(child, catalogue_id, around)
            for child in options.entries
        )
        around.discard(node.entry.id)
        self._separate[key] = found
        return found

    def catalogue_id(self, at: int) -> str:
        catalogue = self.engine.tree.forces[self.engine.tree.selections[at].force].catalogue
        return catalogue.id if catalogue is not None else ""

    def is_root(self, at: int) -> bool:
        """Whether the selection at row ``at`` is at its force's top level."""
        return self.engine.tree.selections[at].parent is None

    def per_model_here(self, node: Node, parent: int | None) -> bool:
        """Whether selecting ``node`` in the selection ``parent`` goes per model there:
        a collective entry inside a selection that is not at its force's top level."""
        return parent is not None and is_collective(node) and not self.is_root(parent)

    def default_times(self, parent: int | None, node: Node, group: Node | None = None) -> int:
        """What a default's shortfall (counted per model) is multiplied by: the parent's
        number for a collective entry in a selection not at the top, or for a collective
        group's default (``SEMANTICS.md``, collective entries); else 1."""
        if parent is None:
            return 1
        if self.per_model_here(node, parent) or (group is not None and is_collective(group)):
            return max(1, min(self.engine.tree.selections[parent].selection.number, MAX_NUMBER))
        return 1

    def siblings(self, at: int) -> list[int]:
        """The selection at row ``at`` and those of the same entry beside it (a
        collective entry selected in one is selected in each, per model)."""
        tree = self.engine.tree
        row = tree.selections[at]
        beside = (
            tree.forces[row.force].top
            if row.parent is None
            else tree.selections[row.parent].children
        )
        return [
            b for b in beside if tree.selections[b].selection.entry_id == row.selection.entry_id
        ]

    def held(self, at: int, node: Node) -> list[int]:
        """The selections of ``node`` directly in the selection at row ``at``."""
        rows = self.engine.tree.selections
        return [c for c in rows[at].children if rows[c].node is node or _same(rows[c].node, node)]

    def divisor(self, node: Node | None, query: Query, root: Root) -> int:
        """What a constraint's count is divided by: the parent's number when it counts
        per model (``parent`` scope, in a selection, on a collective entry or a group of
        collective entries only), else 1."""
        if node is None or query.scope != "parent" or root[0] != "s":
            return 1
        at = root[1]
        if not isinstance(at, int):
            return 1
        if node.is_group:
            if not self._all_collective(at, node):
                return 1
        elif not is_collective(node):
            return 1
        return max(1, self.engine.tree.selections[at].selection.number)

    def _all_collective(self, at: int, group: Node) -> bool:
        """Whether ``group`` inside the selection at row ``at`` has entries, all of them
        collective (its nested groups' too); remembered, as every check of it asks."""
        key = (at, group.key)
        found = self._groups.get(key)
        if found is None:
            members = self.options(at).in_groups.get(group, ())
            found = bool(members) and all(is_collective(m) for m in members)
            self._groups[key] = found
        return found

    # -- edits -------------------------------------------------------------------------

    def selected(
        self, parent: int, node: Node, number: int
    ) -> tuple[dict[str, Selection | None], list[tuple[int, tuple[int, ...]]]]:
        """``number`` more of ``node`` selected in the selection at row ``parent``: the
        selections that grow (by id), and the rows to make new ones in, with their
        numbers. A collective entry in a selection not at the top goes per model, in the
        parent and each selection of the parent's entry beside it; an entry that is not
        separate adds to the selection of it already there, a separate one is a new
        selection each time."""
        rows = self.engine.tree.selections
        each = self.per_model_here(node, parent)
        merged = not self.separate(node, self.catalogue_id(parent))
        # an edit's own module, imported only by an edit: evaluating a list never needs it

        grown: dict[str, Selection | None] = {}
        made: list[tuple[int, tuple[int, ...]]] = []
        total = len(rows)
        for at in self.siblings(parent) if each else [parent]:
            amount = min(MAX_NUMBER, number * (rows[at].selection.number if each else 1))
            held = self.held(at, node) if merged else []
            if held:
                first = rows[held[0]].selection
                grown[first.id] = self.renumbered(held[0], first.number + amount)
                continue
            total += 1 if merged else amount
            refuse_past_cap(total, f"{amount:,} more of {terminal_safe(node.entry.name)}")
            made.append((at, (amount,)) if merged else (at, (1,) * amount))
        return grown, made

    def taken(self, at: int, times: int) -> dict[str, Selection | None]:
        """The selection at row ``at`` deselected ``times`` times: a collective entry (not
        separate) in a selection not at the top by ``times`` per model, in each selection
        of its parent's entry; any other by ``times``. Each that reaches 0 goes."""
        rows = self.engine.tree.selections
        row = rows[at]
        node, parent = row.node, row.parent
        if (
            node is None
            or parent is None
            or not self.per_model_here(node, parent)
            or self.separate(node, self.catalogue_id(at))
        ):
            return {row.selection.id: self.renumbered(at, row.selection.number - times)}
        changed: dict[str, Selection | None] = {}
        for sibling in self.siblings(parent):
            held = self.held(sibling, node)
            count = sum(rows[h].selection.number for h in held)
            less = max(0, count - times * rows[sibling].selection.number)
            changed.update(self.spread(held, count, less))
        return changed

    def per_model_count(self, at: int, counted: bool = False) -> int:
        """How many of the selection at row ``at``'s entry its parent holds, per model of
        the parent for a collective entry (BattleScribe's count: rounded down). With
        ``counted``, a separate entry's is its own number (a player counts it so)."""
        rows = self.engine.tree.selections
        row = rows[at]
        if row.parent is None or row.node is None:
            return row.selection.number
        if counted and self.separate(row.node, self.catalogue_id(at)):
            return row.selection.number
        have = sum(rows[h].selection.number for h in self.held(row.parent, row.node))
        if self.per_model_here(row.node, row.parent):
            have //= max(1, rows[row.parent].selection.number)
        return have

    def more_wanted(self, at: int, count: int) -> int:
        """How many more (negative: fewer) of the selection at row ``at`` a count of
        ``count`` asks for, as BattleScribe's ``setNumSelections`` counts (per model for
        a collective entry); 0 for a separate entry, which BattleScribe does not count."""
        node = self.engine.tree.selections[at].node
        if node is None or self.separate(node, self.catalogue_id(at)):
            return 0
        return count - self.per_model_count(at)

    # -- numbers -----------------------------------------------------------------------

    def renumbered(self, at: int, number: int) -> Selection | None:
        """The selection at row ``at`` taken ``number`` times (None: it goes), its
        collective children following its number, and theirs following them."""
        rows = self.engine.tree.selections
        selection = rows[at].selection
        number = min(number, MAX_NUMBER)
        if number <= 0:
            return None
        old = selection.number
        node = rows[at].node
        if node is None or number == old or old <= 0:
            return replace(selection, number=number)
        catalogue_id = self.catalogue_id(at)
        options = self.options(at)
        twice = _group_defaults(options)
        changed: dict[str, Selection | None] = {}
        for child in options.entries:
            flattened = is_collective(child) and not self.separate(child, catalogue_id)
            by_group = child.key in twice and not self.separate(child, catalogue_id)
            if not (flattened or by_group):
                continue
            held = self.held(at, child)
            count = sum(rows[c].selection.number for c in held)
            if number > old:
                if flattened and by_group:
                    target = grown_twice(count, old, number)
                else:
                    target = grown(count, old, number)
            elif flattened:
                target = shrunk(count, old, number)
            else:
                continue
            changed.update(self.spread(held, count, target))
        return replace(selection, number=number, selections=kept(selection.selections, changed))

    def spread(self, held: list[int], count: int, target: int) -> dict[str, Selection | None]:
        """The selections ``held`` (of one entry, ``count`` in all) brought to ``target``
        in all: the first takes what is added; what is taken comes off the first ones,
        each that reaches 0 going."""
        rows = self.engine.tree.selections
        out: dict[str, Selection | None] = {}
        if not held or target == count:
            return out
        if target > count:
            first = held[0]
            out[rows[first].selection.id] = self.renumbered(
                first, rows[first].selection.number + target - count
            )
            return out
        take = count - target
        for one in held:
            if take <= 0:
                break
            number = rows[one].selection.number
            out[rows[one].selection.id] = self.renumbered(one, number - take)
            take -= number
        return out


def kept(
    selections: tuple[Selection, ...], changed: dict[str, Selection | None]
) -> tuple[Selection, ...]:
    """``selections`` with those ``changed`` names replaced (None: dropped)."""
    out = []
    for one in selections:
        new = changed.get(one.id, one)
        if new is not None:
            out.append(new)
    return tuple(out)


def renumbered(roster: BsRoster, changed: dict[str, Selection | None]) -> BsRoster:
    """``roster`` with the selections ``changed`` names replaced (None: removed)."""
    if not changed:
        return roster

    def walk(selections: tuple[Selection, ...]) -> tuple[Selection, ...]:
        return tuple(
            s if s.id in changed or not s.selections else replace(s, selections=walk(s.selections))
            for s in kept(selections, changed)
        )

    def forces(found: tuple[Force, ...]) -> tuple[Force, ...]:
        return tuple(
            replace(f, selections=walk(f.selections), forces=forces(f.forces)) for f in found
        )

    return replace(roster, forces=forces(roster.forces))


def _same(a: Node | None, b: Node) -> bool:
    return a is not None and a.key == b.key


def _group_defaults(options: Options) -> set[str]:
    """The keys of the default entries of the collective groups in a place."""
    out: set[str] = set()
    for group in options.groups:
        if not is_collective(group) or group.default_id is None:
            continue
        for node in options.entries:
            if group in node.groups and group.default_id in node.ids:
                out.add(node.key)
                break
    return out
