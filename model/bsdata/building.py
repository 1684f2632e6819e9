"""Building a BattleScribe roster: what a player may add where, and adding or removing it.

- ``choices`` lists the entries a player may select in a force's top level or inside a
  selection: not hidden there (nor in a hidden group), not held to at most 0 in that
  place (BattleScribe hides those too), and at the top level only entries whose primary
  category the force has (when the force names categories), each with its effective
  name and costs as they would be there.
- ``new_force`` adds a force and selects what it must hold, as BattleScribe does for
  a new force: every top-level entry with a ``min`` of 1 or more on ``selections``
  (any scope; New Recruit counts any field, BattleScribe only ``selections``: we keep
  BattleScribe's), as many as are still missing, unless it is hidden. Inside another
  force (``parent_force_id``) it is of a kind that force's entry holds
  (``child_force_kinds``), among the forces there in the order of their names.
- ``add_selection`` adds a selection and, inside it, its defaults: every entry with a
  ``min`` of 1 or more on ``selections``, and for each group with such a ``min``, its
  default entry (or its only entry) as many times as are missing; and so on inside
  those, at most ``MAX_DEFAULT_DEPTH`` levels down. It takes any entry of the place,
  those ``choices`` leaves out too: BattleScribe selects a hidden entry when asked, and
  the evaluation reports it. Inside a selection it selects as BattleScribe does
  (``model.bsdata.collective``): a collective entry per model, an entry that is not
  separate added to the one already there.
- ``deselect``, ``set_count`` are BattleScribe's deselect and count, per model for a
  collective entry, its collective children following a selection's number;
  ``step_number`` is the builder's ``+``/``-`` over them.

The edits that need no engine (a number, a name or notes of one's own, a limit, a copy,
removing) are in ``roster_edits.py`` and given here under the same names, so the builder,
the command line and the conformance runner edit through one module.

New ids are ``f<n>``/``s<n>`` with the first ``n`` not taken in the roster, counted from
the number of ids it holds: the same edit of the same roster always gives the same ids.
Nothing here is proportional to a number the data names: a default's ``number`` is its
shortfall, capped at ``MAX_NUMBER``; the defaults made, however the data fans out level
by level, are counted against ``MAX_SELECTIONS`` as they are made
(``roster_bounds.refuse_past_cap``), as a collective entry's per model are.
"""

from __future__ import annotations

import math
from dataclasses import replace

from model.bsdata.collective import Collective, renumbered
from model.bsdata.data import Cost, ForceEntry
from model.bsdata.engine import Engine, run_engine
from model.bsdata.memo import Recent
from model.bsdata.order import name_key
from model.bsdata.queries import Ctx
from model.bsdata.resolve import Node, Options
from model.bsdata.roster import BsRoster, Force, Selection, all_forces
from model.bsdata.roster_bounds import MAX_FORCE_DEPTH, MAX_FORCES, refuse_past_cap
from model.bsdata.roster_bounds import MAX_NUMBER as MAX_SELECTED
from model.bsdata.roster_edits import (
    NewIds,
    edit_force,
    selection_count,
)
from model.bsdata.roster_edits import duplicate_selection as duplicate_selection
from model.bsdata.roster_edits import remove_force as remove_force
from model.bsdata.roster_edits import remove_selection as remove_selection
from model.bsdata.roster_edits import set_category_custom_name as set_category_custom_name
from model.bsdata.roster_edits import set_category_custom_notes as set_category_custom_notes
from model.bsdata.roster_edits import set_cost_limit as set_cost_limit
from model.bsdata.roster_edits import set_custom_name as set_custom_name
from model.bsdata.roster_edits import set_custom_notes as set_custom_notes
from model.bsdata.roster_edits import set_number as set_number
from model.bsdata.system import GameSystem
from model.bsdata.tree import find_force_entry
from model.core.problems import Problem, RosterError
from model.core.safe_text import terminal_safe
from model.core.value import frozen_value

MAX_DEFAULT_DEPTH = 10
"""How many levels of default selections are made under a new selection."""

MAX_NUMBER = 1000
"""The largest ``number`` a default selection is given."""


@frozen_value(slots=False)
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
    ids: tuple[str, ...] = ()
    """The ids a player may know it by: the entry's own, and the link's it is reached
    through (``entry_id`` holds them with the links around the place too)."""
    groups: tuple[str, ...] = ()
    """The names of the groups it is in here, outermost first: with its name, its path."""
    offered: bool = True
    """False for an entry the builder leaves out here (hidden, held to at most 0, or of a
    category the force lacks): BattleScribe still selects it when asked to, and the
    evaluation then reports it (``bs-hidden``, ``bs-too-many``)."""


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


Asked = tuple[str, str | None, bool]
"""A place asked about: the force, the selection (None: the force's top) and ``every``."""

_CHOICES: Recent[dict[Asked, tuple[Choice, ...]]] = Recent()


def choices(
    system: GameSystem,
    roster: BsRoster,
    force_id: str,
    parent_id: str | None = None,
    *,
    every: bool = False,
) -> tuple[Choice, ...]:
    """The visible entries selectable in a force (``parent_id`` None) or in a selection;
    with ``every``, the others of the place too, marked not ``offered`` (what a player
    may still name on the command line, as BattleScribe selects whatever it is asked).
    A place of the very roster asked about a moment ago (the add picker opened there
    again, or over a roster an undo gave back: ``model.bsdata.memo``) is answered as
    it was then: a Warhammer 40,000 force offers some 240 entries, each worked out
    with its modifiers."""
    kept = _CHOICES.get(system, roster, dict)
    place = (force_id, parent_id, every)
    found = kept.get(place)
    if found is None:
        found = kept[place] = _choices(system, roster, force_id, parent_id, every)
    return found


def _choices(
    system: GameSystem, roster: BsRoster, force_id: str, parent_id: str | None, every: bool
) -> tuple[Choice, ...]:
    engine = run_engine(system, roster)
    force, parent, options = _place(engine, force_id, parent_id)
    out: list[Choice] = []
    for node in options.entries:
        offered = _offered(engine, node, force, parent)
        if not offered and not every:
            continue
        here = engine.in_place(node, force, parent)
        costs = tuple(Cost(t, here.costs.get(t, 0.0)) for t in engine.cost_types)
        groups = tuple(g.name for g in node.groups)
        group = groups[-1] if groups else ""
        out.append(
            Choice(
                node.key,
                node.group_key,
                here.name,
                node.type,
                costs,
                group,
                node.ids,
                groups,
                offered,
            )
        )
    return tuple(out)


# -- ids and edits ----------------------------------------------------------------------


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


def _add(
    roster: BsRoster, force_id: str, parent_id: str | None, more: tuple[Selection, ...]
) -> BsRoster:
    if parent_id is None:
        return edit_force(roster, force_id, lambda f: replace(f, selections=f.selections + more))
    return edit_force(
        roster,
        force_id,
        lambda f: replace(f, selections=_with_children(f.selections, parent_id, more)),
    )


# -- defaults -----------------------------------------------------------------------------


def _missing(engine: Engine, node: Node, force: int, parent: int | None) -> int:
    """How many more of ``node`` its ``min`` constraints on ``selections`` ask for here."""
    ctx = Ctx(force, None, parent, node=node)
    rules = Collective(engine)
    need = 0.0
    for constraint in node.constraints:
        query = constraint.query
        if constraint.type != "min" or query.field != "selections":
            continue
        # the value as written: BattleScribe's default amount is the entry's min before
        # modifiers (SEMANTICS.md rule 25; the 40k data sets a min of 1 to 0 and both
        # engines still select the entry: spec wh40k-10e-space-marines-army)
        value = constraint.value
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
    engine: Engine, force: int, parent: int | None, options: Options, ids: NewIds
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
    system: GameSystem, roster: BsRoster, force_id: str, parents: list[str], ids: NewIds
) -> BsRoster:
    """Add the defaults inside each of ``parents``, then inside those, level by level.
    Each level may hold more than the last (an entry that must hold eight of another,
    which must hold eight of a third...): data of a few lines would ask for 8 ** 10
    selections, so the roster's room is counted as they are made and the edit refused
    once they would take it past ``MAX_SELECTIONS``."""
    held = selection_count(roster)
    for _ in range(MAX_DEFAULT_DEPTH):
        if not parents:
            break
        engine = run_engine(system, roster)
        added: list[tuple[str, tuple[Selection, ...]]] = []
        for parent_id in parents:
            force, parent, options = _place(engine, force_id, parent_id)
            more = _defaults(engine, force, parent, options, ids)
            if more:
                held += len(more)
                refuse_past_cap(held, "what it must hold")
                added.append((parent_id, more))
        for parent_id, more in added:
            roster = _add(roster, force_id, parent_id, more)
        parents = [s.id for _, more in added for s in more]
    return roster


# -- the edits --------------------------------------------------------------------------


def new_force(
    system: GameSystem,
    roster: BsRoster,
    catalogue_id: str,
    force_entry_id: str,
    parent_force_id: str | None = None,
) -> BsRoster:
    """``roster`` with a new force of ``force_entry_id`` from ``catalogue_id``, holding
    the top-level entries it must have (and their defaults). With ``parent_force_id`` it
    goes inside that force, its kind one of the kinds the parent's force entry holds
    (BattleScribe's ``forceEntries`` nested in a ``forceEntry``), among the other forces
    there in the order of their names, as BattleScribe lists them."""
    catalogue = system.catalogue(catalogue_id)
    if catalogue is None:
        raise RosterError(
            "Unknown catalogue",
            [Problem(f'{terminal_safe(system.name)} has no catalogue "{catalogue_id}"')],
        )
    if parent_force_id is None:
        entry = find_force_entry(system.forces(catalogue_id), force_entry_id)
        if entry is None:
            raise RosterError(
                "Unknown force",
                [Problem(f'{terminal_safe(catalogue.name)} has no force entry "{force_entry_id}"')],
            )
    else:
        entry = _child_force_entry(system, roster, parent_force_id, force_entry_id)
    if sum(1 for _ in all_forces(roster.forces)) >= MAX_FORCES:
        raise RosterError(
            "Too many forces",
            [Problem(f"a roster holds at most {MAX_FORCES} forces", hint="remove one first")],
        )
    ids = NewIds(roster)
    force = Force(
        id=ids.new("f"),
        entry_id=entry.id,
        catalogue_id=catalogue.id,
        name=entry.name,
        catalogue_name=catalogue.name,
    )
    if parent_force_id is None:
        roster = replace(roster, forces=(*roster.forces, force))
    else:
        roster = edit_force(
            roster, parent_force_id, lambda f: replace(f, forces=_by_name(f.forces, force))
        )
    engine = run_engine(system, roster)
    at, _, options = _place(engine, force.id, None)
    top = _defaults(engine, at, None, options, ids)
    roster = _add(roster, force.id, None, top)
    return _fill(system, roster, force.id, [s.id for s in top], ids)


def child_force_kinds(
    system: GameSystem, roster: BsRoster, force_id: str
) -> tuple[ForceEntry, ...]:
    """The kinds of force that may be added inside the force ``force_id``: the force
    entries its own force entry holds (none when its kind is not in the data)."""
    parent = next((f for f in all_forces(roster.forces) if f.id == force_id), None)
    if parent is None:
        raise RosterError(
            "No such force", [Problem(f'the roster has no force "{terminal_safe(force_id)}"')]
        )
    if _force_depth(roster.forces, force_id) >= MAX_FORCE_DEPTH:
        return ()
    kind = find_force_entry(system.forces(parent.catalogue_id), parent.entry_id)
    return kind.forces if kind is not None else ()


def _child_force_entry(
    system: GameSystem, roster: BsRoster, parent_id: str, entry_id: str
) -> ForceEntry:
    """The force entry ``entry_id`` among those the force ``parent_id`` may hold."""
    kinds = child_force_kinds(system, roster, parent_id)
    found = next((k for k in kinds if k.id == entry_id), None)
    if found is not None:
        return found
    parent = next(f for f in all_forces(roster.forces) if f.id == parent_id)
    shown = terminal_safe(parent.custom_name or parent.name)
    if _force_depth(roster.forces, parent_id) >= MAX_FORCE_DEPTH:
        hint = f"a roster file nests forces at most {MAX_FORCE_DEPTH} deep"
    elif kinds:
        hint = "it may hold: " + ", ".join(terminal_safe(k.name) for k in kinds[:30])
    else:
        hint = "its kind of force holds no other force"
    raise RosterError(
        "Not a force here",
        [Problem(f'force "{shown}" cannot hold a force "{terminal_safe(entry_id)}"', hint=hint)],
    )


def _force_depth(forces: tuple[Force, ...], force_id: str, depth: int = 1) -> int:
    """How deep the force ``force_id`` is (1 at the top of the roster; 0 if absent)."""
    for force in forces:
        if force.id == force_id:
            return depth
        inner = _force_depth(force.forces, force_id, depth + 1)
        if inner:
            return inner
    return 0


def _by_name(forces: tuple[Force, ...], new: Force) -> tuple[Force, ...]:
    """``forces`` with ``new`` before the first whose name comes after its name (case
    aside): child forces in the order BattleScribe lists them (its render layer sorts
    them by name; the spec suite's ``ordering-nested-forces``), compared as
    ``model.bsdata.order`` compares names for all BattleScribe shows, so the two orders
    cannot drift apart ("ß" after "Sz", as Java has it, where ``casefold`` put it
    before)."""
    key = name_key(new.name)
    at = next((n for n, f in enumerate(forces) if name_key(f.name) > key), len(forces))
    return (*forces[:at], new, *forces[at:])


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
    number = max(1, min(number, MAX_SELECTED))
    if parent is not None:
        return _select_inside(system, roster, engine, parent, node, number)
    refuse_past_cap(len(engine.tree.selections) + 1, "another selection")
    ids = NewIds(roster)
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
    ids = NewIds(roster)
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
    """The builder's ``+``/``-``: ``count_to`` one more or fewer (per model for a
    collective selection), never fewer than 1; at 1 the roster is given back as it was."""
    engine = run_engine(system, roster)
    at = _row(engine, selection_id)
    have = Collective(engine).per_model_count(at, counted=True)
    if have + by < 1:
        return roster
    return count_to(system, roster, selection_id, have + by)


def count_to(system: GameSystem, roster: BsRoster, selection_id: str, number: int) -> BsRoster:
    """A selection taken ``number`` times by a player's count (``warband count``, the
    builder's ``+``/``-``): for a collective selection inside another that many per model
    of it, and for any selection its collective children follow (``set_count``); a
    separate entry, which BattleScribe copies rather than counts, takes the number itself
    and what it holds is left as it is (``set_number``: warband lets a list hold "3 of
    this unit")."""
    engine = run_engine(system, roster)
    at = _row(engine, selection_id)
    rules = Collective(engine)
    node = engine.tree.selections[at].node
    if node is None or rules.separate(node, rules.catalogue_id(at)):
        return set_number(roster, selection_id, number)
    return set_count(system, roster, selection_id, max(1, number))
