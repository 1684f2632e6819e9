"""Building a BattleScribe roster: what a player may add where, and adding or removing it.

- ``choices`` lists the entries a player may select in a force's top level or inside a
  selection: not hidden there (nor in a hidden group), not held to at most 0 in that
  place (BattleScribe hides those too), and at the top level only entries whose primary
  category the force has (when the force names categories), each with its effective
  name and costs as they would be there.
- ``new_force`` adds a force and selects what it must hold, as BattleScribe does for
  a new force: every top-level entry with a ``min`` of 1 or more on ``selections``
  (any scope; New Recruit counts any field, BattleScribe only ``selections``: we keep
  BattleScribe's), as many as are still missing, unless it is hidden.
- ``set_number`` takes a selection another number of times, within what a roster file
  holds, and nothing else changes.
- ``add_selection`` adds a selection and, inside it, its defaults: every entry with a
  ``min`` of 1 or more on ``selections``, and for each group with such a ``min``, its
  default entry (or its only entry) as many times as are missing; and so on inside
  those, at most ``MAX_DEFAULT_DEPTH`` levels down. Inside a selection it selects as
  BattleScribe does (``model.bsdata.collective``): a collective entry per model, an
  entry that is not separate added to the one already there.
- ``deselect``, ``set_count`` are BattleScribe's deselect and count, per model for a
  collective entry, its collective children following a selection's number;
  ``step_number`` is the builder's ``+``/``-`` over them.

New ids are ``f<n>``/``s<n>`` with the first ``n`` not taken in the roster, counted from
the number of ids it holds: the same edit of the same roster always gives the same ids.
Nothing here is proportional to a number the data names: a default's ``number`` is its
shortfall, capped at ``MAX_NUMBER``.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator
from dataclasses import dataclass, replace

from model.bsdata.collective import Collective, renumbered
from model.bsdata.data import Cost
from model.bsdata.engine import Engine, run_engine
from model.bsdata.queries import Ctx
from model.bsdata.resolve import Node, Options
from model.bsdata.roster import BsRoster, CostLimit, Force, Selection
from model.bsdata.roster_bounds import MAX_LIMIT, MAX_TEXT, NO_LIMIT
from model.bsdata.roster_bounds import MAX_NUMBER as MAX_SELECTED
from model.bsdata.system import GameSystem
from model.bsdata.tree import find_force_entry
from model.core.problems import Problem, RosterError
from model.core.safe_text import terminal_safe, without_controls

MAX_DEFAULT_DEPTH = 10
"""How many levels of default selections are made under a new selection."""

MAX_NUMBER = 1000
"""The largest ``number`` a default selection is given."""


@dataclass(frozen=True)
class Choice:
    """Something a player may add in a place."""

    entry_id: str
    """The ``::``-joined chain of ids, as ``Selection.entry_id`` holds it."""
    entry_group_id: str | None
    name: str
    """Its effective name there."""
    type: str
    """unit, model or upgrade."""
    costs: tuple[Cost, ...]
    """What one costs there, every cost type of the game listed."""
    group: str
    """The name of the group it is chosen from ('' if none), to show choices under it."""


# -- finding places ---------------------------------------------------------------------


def _force_at(engine: Engine, force_id: str) -> int:
    for at, placed in enumerate(engine.tree.forces):
        if placed.force.id == force_id:
            return at
    raise RosterError("No such force", [Problem(f'the roster has no force "{force_id}"')])


def _place(engine: Engine, force_id: str, parent_id: str | None) -> tuple[int, int | None, Options]:
    """The force index, the parent selection index and what may be selected there."""
    force = _force_at(engine, force_id)
    catalogue = engine.tree.forces[force].catalogue
    if catalogue is None:
        raise RosterError(
            "Unknown catalogue",
            [Problem(f'force "{force_id}" is from a catalogue this game does not have')],
        )
    if parent_id is None:
        return force, None, engine.index.root_options(catalogue.id)
    at = engine.tree.by_id.get(parent_id)
    row = engine.tree.selections[at] if at is not None else None
    if at is None or row is None or row.force != force:
        raise RosterError(
            "No such selection",
            [Problem(f'force "{force_id}" has no selection "{terminal_safe(parent_id)}"')],
        )
    if row.node is None:
        return force, at, Options()
    return force, at, engine.index.child_options(row.node, catalogue.id)


def _offered(engine: Engine, node: Node, force: int, parent: int | None) -> bool:
    here = engine.in_place(node, force, parent)
    if here.hidden or any(engine.in_place(g, force, parent).hidden for g in node.groups):
        return False
    for constraint in node.constraints:
        value = here.values.get(constraint.id, constraint.value)
        query = constraint.query
        if constraint.type == "max" and query.scope == "parent" and value == 0:
            return False
    if parent is None:
        entry = engine.tree.forces[force].entry
        linked = {c.target_id for c in entry.category_links} if entry is not None else set()
        if linked and here.primary is not None and here.primary not in linked:
            return False
    return True


def choices(
    system: GameSystem, roster: BsRoster, force_id: str, parent_id: str | None = None
) -> tuple[Choice, ...]:
    """The visible entries selectable in a force (``parent_id`` None) or in a selection."""
    engine = run_engine(system, roster)
    force, parent, options = _place(engine, force_id, parent_id)
    out: list[Choice] = []
    for node in options.entries:
        if not _offered(engine, node, force, parent):
            continue
        here = engine.in_place(node, force, parent)
        costs = tuple(Cost(t, here.costs.get(t, 0.0)) for t in engine.cost_types)
        group = node.groups[-1].name if node.groups else ""
        out.append(Choice(node.key, node.group_key, here.name, node.type, costs, group))
    return tuple(out)


# -- ids and edits ----------------------------------------------------------------------


def _all_selections(selections: tuple[Selection, ...]) -> Iterator[Selection]:
    stack = list(selections)
    while stack:
        one = stack.pop()
        yield one
        stack.extend(one.selections)


def _all_forces(forces: tuple[Force, ...]) -> Iterator[Force]:
    stack = list(forces)
    while stack:
        one = stack.pop()
        yield one
        stack.extend(one.forces)


class _Ids:
    """Deterministic new ids: the first free ``<prefix><n>`` from the count of ids."""

    def __init__(self, roster: BsRoster) -> None:
        self.taken: set[str] = set()
        for force in _all_forces(roster.forces):
            self.taken.add(force.id)
            self.taken.update(s.id for s in _all_selections(force.selections))

    def new(self, prefix: str) -> str:
        n = len(self.taken) + 1
        while f"{prefix}{n}" in self.taken:
            n += 1
        self.taken.add(f"{prefix}{n}")
        return f"{prefix}{n}"


def _with_children(
    selections: tuple[Selection, ...], parent_id: str, more: tuple[Selection, ...]
) -> tuple[Selection, ...]:
    out = []
    for one in selections:
        if one.id == parent_id:
            one = replace(one, selections=one.selections + more)
        elif one.selections:
            one = replace(one, selections=_with_children(one.selections, parent_id, more))
        out.append(one)
    return tuple(out)


def _edit_force(roster: BsRoster, force_id: str, change: Callable[[Force], Force]) -> BsRoster:
    def walk(forces: tuple[Force, ...]) -> tuple[Force, ...]:
        return tuple(
            change(f) if f.id == force_id else replace(f, forces=walk(f.forces)) for f in forces
        )

    return replace(roster, forces=walk(roster.forces))


def _add(
    roster: BsRoster, force_id: str, parent_id: str | None, more: tuple[Selection, ...]
) -> BsRoster:
    if parent_id is None:
        return _edit_force(roster, force_id, lambda f: replace(f, selections=f.selections + more))
    return _edit_force(
        roster,
        force_id,
        lambda f: replace(f, selections=_with_children(f.selections, parent_id, more)),
    )


# -- defaults -----------------------------------------------------------------------------


def _missing(engine: Engine, node: Node, force: int, parent: int | None) -> int:
    """How many more of ``node`` its ``min`` constraints on ``selections`` ask for here."""
    here = engine.in_place(node, force, parent)
    ctx = Ctx(force, None, parent, node=node)
    rules = Collective(engine)
    need = 0.0
    for constraint in node.constraints:
        query = constraint.query
        if constraint.type != "min" or query.field != "selections":
            continue
        value = here.values.get(constraint.id, constraint.value)
        subject = node.entry.id if query.shared else f"key:{node.key}"
        for root in engine.counts.roots(query, ctx):
            count = engine.counts.count(query, ctx, subject, root)
            need = max(need, value - count / rules.divisor(node, query, root))
    return min(MAX_NUMBER, math.ceil(need - 1e-9)) if need > 0 else 0


def _new(node: Node, name: str, number: int, sid: str) -> Selection:
    return Selection(
        id=sid,
        entry_id=node.key,
        name=name,
        number=min(number, MAX_SELECTED),
        entry_group_id=node.group_key,
        type=node.type,
    )


def _around(engine: Engine, parent: int | None) -> set[str]:
    """The entry ids of ``parent`` and the selections around it. A default of one of
    them would nest an entry in itself: data whose links loop (A must hold a B, which
    must hold an A) would ask for that without end, so the loop is cut there and the
    evaluation reports it (``bs-link-loop``)."""
    if parent is None:
        return set()
    rows = engine.tree.selections
    out = set()
    for at in (parent, *rows[parent].ancestors):
        node = rows[at].node
        if node is not None:
            out.add(node.entry.id)
    return out


def _defaults(
    engine: Engine, force: int, parent: int | None, options: Options, ids: _Ids
) -> tuple[Selection, ...]:
    """The selections ``min`` constraints and group defaults ask for in one place."""
    out: list[Selection] = []
    chosen: set[str] = set()
    around = _around(engine, parent)
    for node in options.entries:
        if node.entry.id in around:
            continue
        missing = _missing(engine, node, force, parent)
        if missing and _offered(engine, node, force, parent):
            name = engine.in_place(node, force, parent).name
            number = missing * Collective(engine).default_times(parent, node)
            out.append(_new(node, name, number, ids.new("s")))
            chosen.add(node.key)
    for group in options.groups:
        missing = _missing(engine, group, force, parent)
        if not missing or engine.in_place(group, force, parent).hidden:
            continue
        members = [n for n in options.entries if any(g.key == group.key for g in n.groups)]
        if any(m.key in chosen for m in members):
            continue
        pick = next((m for m in members if group.default_id in m.ids), None)
        if pick is None and len(members) == 1:
            pick = members[0]
        if (
            pick is not None
            and pick.entry.id not in around
            and _offered(engine, pick, force, parent)
        ):
            name = engine.in_place(pick, force, parent).name
            number = missing * Collective(engine).default_times(parent, pick, group)
            out.append(_new(pick, name, number, ids.new("s")))
            chosen.add(pick.key)
    return tuple(out)


def _fill(
    system: GameSystem, roster: BsRoster, force_id: str, parents: list[str], ids: _Ids
) -> BsRoster:
    """Add the defaults inside each of ``parents``, then inside those, level by level."""
    for _ in range(MAX_DEFAULT_DEPTH):
        if not parents:
            break
        engine = run_engine(system, roster)
        added: list[tuple[str, tuple[Selection, ...]]] = []
        for parent_id in parents:
            force, parent, options = _place(engine, force_id, parent_id)
            more = _defaults(engine, force, parent, options, ids)
            if more:
                added.append((parent_id, more))
        for parent_id, more in added:
            roster = _add(roster, force_id, parent_id, more)
        parents = [s.id for _, more in added for s in more]
    return roster


# -- the edits --------------------------------------------------------------------------


def new_force(
    system: GameSystem, roster: BsRoster, catalogue_id: str, force_entry_id: str
) -> BsRoster:
    """``roster`` with a new force of ``force_entry_id`` from ``catalogue_id``, holding
    the top-level entries it must have (and their defaults)."""
    catalogue = system.catalogue(catalogue_id)
    if catalogue is None:
        raise RosterError(
            "Unknown catalogue",
            [Problem(f'{terminal_safe(system.name)} has no catalogue "{catalogue_id}"')],
        )
    entry = find_force_entry(system.forces(catalogue_id), force_entry_id)
    if entry is None:
        raise RosterError(
            "Unknown force",
            [Problem(f'{terminal_safe(catalogue.name)} has no force entry "{force_entry_id}"')],
        )
    ids = _Ids(roster)
    force = Force(
        id=ids.new("f"),
        entry_id=entry.id,
        catalogue_id=catalogue.id,
        name=entry.name,
        catalogue_name=catalogue.name,
    )
    roster = replace(roster, forces=(*roster.forces, force))
    engine = run_engine(system, roster)
    at, _, options = _place(engine, force.id, None)
    top = _defaults(engine, at, None, options, ids)
    roster = _add(roster, force.id, None, top)
    return _fill(system, roster, force.id, [s.id for s in top], ids)


def add_selection(
    system: GameSystem,
    roster: BsRoster,
    force_id: str,
    parent_id: str | None,
    entry_id: str,
    number: int = 1,
) -> BsRoster:
    """``roster`` with ``number`` of ``entry_id`` selected in a force or a selection,
    and the selections it holds by default."""
    engine = run_engine(system, roster)
    force, parent, options = _place(engine, force_id, parent_id)
    node = options.find(entry_id)
    if node is None:
        raise RosterError(
            "Not an entry here",
            [Problem(f'"{terminal_safe(entry_id)}" cannot be selected there')],
        )
    number = max(1, min(number, MAX_NUMBER))
    if parent is not None:
        return _select_inside(system, roster, engine, parent, node, number)
    ids = _Ids(roster)
    name = engine.in_place(node, force, parent).name
    one = _new(node, name, number, ids.new("s"))
    roster = _add(roster, force_id, parent_id, (one,))
    return _fill(system, roster, force_id, [one.id], ids)


def _select_inside(
    system: GameSystem, roster: BsRoster, engine: Engine, at: int, node: Node, number: int
) -> BsRoster:
    """``number`` more of ``node`` in the selection at row ``at``, as BattleScribe
    selects inside a selection (``model.bsdata.collective``): what grows, then the new
    selections with their defaults."""
    grown, made = Collective(engine).selected(at, node, number)
    roster = renumbered(roster, grown)
    ids = _Ids(roster)
    force_id = engine.tree.forces[engine.tree.selections[at].force].force.id
    new: list[str] = []
    for parent, numbers in made:
        name = engine.in_place(node, engine.tree.selections[parent].force, parent).name
        more = tuple(_new(node, name, n, ids.new("s")) for n in numbers)
        roster = _add(roster, force_id, engine.tree.selections[parent].selection.id, more)
        new.extend(s.id for s in more)
    return _fill(system, roster, force_id, new, ids)


def _row(engine: Engine, selection_id: str) -> int:
    at = engine.tree.by_id.get(selection_id)
    if at is None:
        raise RosterError(
            "No such selection",
            [Problem(f'the roster has no selection "{terminal_safe(selection_id)}"')],
        )
    return at


def deselect(system: GameSystem, roster: BsRoster, selection_id: str) -> BsRoster:
    """``roster`` with one fewer of the selection ``selection_id``, as BattleScribe
    deselects: at a force's top level the selection goes; inside a selection its number
    goes down by one (the selection goes at 0), for a collective entry by one per model,
    in each selection of its parent's entry (``SEMANTICS.md``, collective entries)."""
    engine = run_engine(system, roster)
    at = _row(engine, selection_id)
    if engine.tree.selections[at].parent is None:
        return remove_selection(roster, selection_id)
    return renumbered(roster, Collective(engine).taken(at, 1))


def set_count(system: GameSystem, roster: BsRoster, selection_id: str, count: int) -> BsRoster:
    """``roster`` with the selection ``selection_id`` taken ``count`` times, as
    BattleScribe's ``setNumSelections`` does (``SEMANTICS.md``, collective entries): a collective
    entry inside a selection counts per model (2 under a Trooper x3 is 6); collective
    children follow their parent's number; a separate entry (one holding a
    non-collective entry) is left as it is, as BattleScribe leaves it (``set_number``
    changes it anyway). 0 deselects it all."""
    engine = run_engine(system, roster)
    at = _row(engine, selection_id)
    rules = Collective(engine)
    row = engine.tree.selections[at]
    count = max(0, min(count, MAX_SELECTED))
    if row.node is None:
        return set_number(roster, selection_id, count)
    if row.parent is None:
        if rules.separate(row.node, rules.catalogue_id(at)):
            return roster
        return renumbered(roster, {selection_id: rules.renumbered(at, max(1, count))})
    more = rules.more_wanted(at, count)
    if more > 0:
        return _select_inside(system, roster, engine, row.parent, row.node, more)
    return renumbered(roster, rules.taken(at, -more)) if more < 0 else roster


def step_number(system: GameSystem, roster: BsRoster, selection_id: str, by: int) -> BsRoster:
    """The builder's ``+``/``-``: one more or fewer per model of the selection's parent
    (``set_count``), never fewer than 1 per model; a separate entry, which BattleScribe
    would copy rather than count, has its number changed (``set_number``: warband lets a
    list hold "3 of this unit")."""
    engine = run_engine(system, roster)
    at = _row(engine, selection_id)
    rules = Collective(engine)
    row = engine.tree.selections[at]
    if row.node is None or rules.separate(row.node, rules.catalogue_id(at)):
        return set_number(roster, selection_id, row.selection.number + by)
    have = rules.per_model_count(at)
    if have + by < 1:
        return roster
    return set_count(system, roster, selection_id, have + by)


def remove_selection(roster: BsRoster, selection_id: str) -> BsRoster:
    """``roster`` without the selection ``selection_id`` (and what it holds)."""

    def keep(selections: tuple[Selection, ...]) -> tuple[Selection, ...]:
        return tuple(
            replace(s, selections=keep(s.selections)) if s.selections else s
            for s in selections
            if s.id != selection_id
        )

    def walk(forces: tuple[Force, ...]) -> tuple[Force, ...]:
        return tuple(
            replace(f, selections=keep(f.selections), forces=walk(f.forces)) for f in forces
        )

    return replace(roster, forces=walk(roster.forces))


def remove_force(roster: BsRoster, force_id: str) -> BsRoster:
    """``roster`` without the force ``force_id``, with all it holds (its selections, and
    the forces inside it)."""

    def walk(forces: tuple[Force, ...]) -> tuple[Force, ...]:
        return tuple(replace(f, forces=walk(f.forces)) for f in forces if f.id != force_id)

    return replace(roster, forces=walk(roster.forces))


def set_number(roster: BsRoster, selection_id: str, number: int) -> BsRoster:
    """``roster`` with the selection ``selection_id`` taken ``number`` times, held to 1 ..
    ``roster_bounds.MAX_NUMBER`` (what a roster file may hold, so the list still saves and
    reads back). What it holds is left as it is: its own costs count ``number`` times,
    its children's once (``SEMANTICS.md``, rule 6)."""
    number = max(1, min(number, MAX_SELECTED))
    return _edit_selection(roster, selection_id, lambda s: replace(s, number=number))


def _edit_selection(
    roster: BsRoster, selection_id: str, change: Callable[[Selection], Selection]
) -> BsRoster:
    """``roster`` with ``change`` made to the selection ``selection_id`` (ids are unique
    in a roster, in every force and at every depth); the rest is shared, not copied."""

    def one(selection: Selection) -> Selection:
        if selection.id == selection_id:
            return change(selection)
        if selection.selections:
            return replace(selection, selections=tuple(map(one, selection.selections)))
        return selection

    def forces(found: tuple[Force, ...]) -> tuple[Force, ...]:
        return tuple(
            replace(f, selections=tuple(map(one, f.selections)), forces=forces(f.forces))
            for f in found
        )

    return replace(roster, forces=forces(roster.forces))


def set_custom_name(
    roster: BsRoster, force_id: str, selection_id: str | None, name: str
) -> BsRoster:
    """``roster`` with the selection ``selection_id`` (the force ``force_id`` itself when
    None) given its own ``name``, as BattleScribe's custom names are: shown
    instead of the entry's name, which it keeps. An empty name takes it away; control
    characters are dropped (they would reach a terminal; bidirectional controls are kept,
    as in any name, and dropped only on the way to one), and a name longer than a
    roster file holds is refused."""
    name = without_controls(name).strip()
    if len(name) > MAX_TEXT:
        raise RosterError(
            "Name too long",
            [Problem(f"a name is at most {MAX_TEXT:,} characters", hint="give a shorter one")],
        )
    if selection_id is None:
        return _edit_force(roster, force_id, lambda f: replace(f, custom_name=name))
    return _edit_selection(roster, selection_id, lambda s: replace(s, custom_name=name))


def set_cost_limit(roster: BsRoster, type_id: str, value: float | None) -> BsRoster:
    """``roster`` with its limit of the cost type ``type_id`` set to ``value``, or to no
    limit (None: BattleScribe's -1, which also sets aside the game's default limit for
    that type). The other limits keep their order; a value a roster file could not hold
    is refused."""
    if value is not None and not 0 <= value <= MAX_LIMIT:
        raise RosterError(
            "Limit out of range",
            [Problem(f"a limit is from 0 to {MAX_LIMIT:,.0f}", hint="give another")],
        )
    limit = CostLimit(type_id, NO_LIMIT if value is None else float(value))
    kept = tuple(c for c in roster.cost_limits if c.type_id != type_id)
    at = next((n for n, c in enumerate(roster.cost_limits) if c.type_id == type_id), None)
    if at is None:
        return replace(roster, cost_limits=(*kept, limit))
    return replace(roster, cost_limits=(*kept[:at], limit, *kept[at:]))
