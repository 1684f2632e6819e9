"""Entry links resolved: what a player may select in a place, each with its link laid over.

BattleScribe lets the same shared entry be reached through several links, each adding
its own costs, constraints, modifiers and categories; so the engine never works on an
``Entry`` directly but on a ``Node``: one entry as reached along one path of links,
with the link's fields laid over the target's and its children added to the target's.

A node's ``key`` is what a roster's ``Selection.entry_id`` holds, built as BattleScribe
builds it (established by the BattleScribe-spec project's tests of the Java engine):
every link on the way from the top of the roster adds its own id, outermost first, and
the entry's own id comes last; entries and groups written in place add nothing. So
``"link::shared-entry"``, or ``"unit-link::child"`` for a child written inside a linked
unit. ``group_key`` (``Selection.entry_group_id``) is the same prefix and the nearest
group's id. New Recruit keeps only the target's id; ``Options.find`` accepts that too.

What may be selected in a place (``Options``) is worked out once per place and kept in
an ``Index`` per game system, so an edit re-reads it from a dictionary (issue 18: index
what is costly once).
"""

from __future__ import annotations

import weakref
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from functools import cached_property
from types import MappingProxyType
from typing import TYPE_CHECKING

from model.bsdata.data import (
    CategoryEntry,
    CategoryLink,
    Constraint,
    Cost,
    Entry,
    EntryType,
    Modifier,
    ModifierGroup,
    Modifiers,
)
from model.core.value import frozen_value

if TYPE_CHECKING:
    from model.bsdata.system import GameSystem

MAX_GROUP_DEPTH = 40
"""The deepest nesting of groups followed inside one place: real data nests a few, and a
group that links to itself must not loop."""


@dataclass(frozen=True, slots=True, eq=False)
class Node:
    """One selection entry or group as reached along one path of links."""

    key: str
    """The ``::``-joined ids: the links followed, then the entry's own id."""
    group_key: str | None
    """The nearest enclosing group, keyed the same way (None outside any group)."""
    entry: Entry
    """The selection entry or group itself (a link's target)."""
    link: Entry | None
    prefix: tuple[str, ...]
    """The ids of the links followed to reach this node and its children."""
    groups: tuple[Node, ...]
    """The groups it sits in within its place, outermost first."""
    name: str
    type: EntryType
    hidden: bool
    costs: tuple[Cost, ...]
    constraints: tuple[Constraint, ...]
    modifiers: Modifiers
    category_links: tuple[CategoryLink, ...]
    children: tuple[Entry, ...]

    @property
    def is_group(self) -> bool:
        return self.entry.tag == "selectionEntryGroup"

    @property
    def ids(self) -> tuple[str, ...]:
        """The ids this node answers to in a query's ``childId``: its own and its link's."""
        return (self.entry.id,) if self.link is None else (self.entry.id, self.link.id)

    @property
    def default_id(self) -> str | None:
        return self.entry.default_id


def make_node(
    entry: Entry,
    link: Entry | None,
    prefix: tuple[str, ...],
    groups: tuple[Node, ...],
) -> Node:
    """``entry`` reached with ``prefix`` (links already followed) through ``link``."""
    own_prefix = prefix if link is None else (*prefix, link.id)
    key = "::".join((*own_prefix, entry.id))
    group_key = groups[-1].key if groups else None
    if link is None:
        return Node(
            key=key,
            group_key=group_key,
            entry=entry,
            link=None,
            prefix=own_prefix,
            groups=groups,
            name=entry.name,
            type=entry.type,
            hidden=entry.hidden,
            costs=entry.costs,
            constraints=entry.constraints,
            modifiers=entry.modifiers,
            category_links=entry.category_links,
            children=entry.children,
        )
    overridden = {c.type_id for c in link.costs}
    costs = tuple(c for c in entry.costs if c.type_id not in overridden) + link.costs
    return Node(
        key=key,
        group_key=group_key,
        entry=entry,
        link=link,
        prefix=own_prefix,
        groups=groups,
        name=entry.name or link.name,
        type=entry.type,
        hidden=entry.hidden or link.hidden,
        costs=costs,
        constraints=entry.constraints + link.constraints,
        modifiers=entry.modifiers + link.modifiers,
        category_links=entry.category_links + link.category_links,
        children=entry.children + link.children,
    )


@frozen_value
class Minimums:
    """A node's ``min`` constraints (any field), in the order written, and their ids."""

    constraints: tuple[Constraint, ...]
    ids: frozenset[str]
    group: bool
    """Whether the node is one of the place's groups (its selections are its members')."""
    modifiers: Modifiers = ()
    """The node's modifiers of those constraints' values alone (``touching``): what the
    rest would do touches no value of ``ids``, and sorting it out again at every
    evaluation, for each of some 170 entries of a 40k list not selected, was a part of
    the check of their minimums (``model.bsdata.modifiers.values_only``)."""
    short_unselected: bool = True
    """Whether the node could be short of a minimum in a place where nothing of it is
    selected (``lacks_unselected``); when False the constraint checks pass over it
    there, and check it only where it is selected."""


def lacks_unselected(node_is_group: bool, mins: tuple[Constraint, ...], kept: Modifiers) -> bool:
    """Whether an entry with these minimums (and ``kept``, its modifiers of their
    values) could be short of one in a place holding none of it.

    Asked from such a place, a ``self`` scope counts nowhere (``Counts.roots``: an entry
    not selected is no selection), so a minimum of 0 or less on a ``self`` scope is met
    there unless a modifier raises it; and a modifier whose repeats all count on a
    ``self`` scope applies 0 times there, whatever its conditions. Every Warhammer
    40,000 unit has such a minimum (a Crusade cost of at least 0, raised by 2 for each
    upgrade it holds): some 170 entries of a force's top level, each asked about at
    every evaluation only to find nothing short. A group's ``self`` is where its
    members are, and a ``limit::`` field counts the roster's limit wherever it is asked
    from: those, and anything else, are checked as before (True)."""
    if node_is_group:
        return True
    for constraint in mins:
        if constraint.value > 0 or not _counts_in_self(
            constraint.query.scope, constraint.query.field
        ):
            return True
    return not all(_idle_unselected(m) for m in kept)


def _counts_in_self(scope: str, field: str) -> bool:
    return scope == "self" and not field.startswith("limit::")


def _idle_unselected(modifier: Modifier | ModifierGroup) -> bool:
    """Whether ``modifier`` applies no times asked from a place its entry is not selected
    in (``lacks_unselected``): its repeats all count on a ``self`` scope, or, for a
    group, nothing inside it applies."""
    repeats = modifier.repeats
    if repeats and all(_counts_in_self(r.query.scope, r.query.field) for r in repeats):
        return True
    if isinstance(modifier, ModifierGroup):
        return all(_idle_unselected(m) for m in modifier.modifiers) and all(
            _idle_unselected(g) for g in modifier.nested
        )
    return False


def touching(modifiers: Modifiers, fields: frozenset[str]) -> Modifiers:
    """``modifiers`` cut to those that change one of ``fields``, in the order written: a
    group kept when something inside it does, holding only those (its conditions and
    repeats as written). Walked with no filter, they apply as the whole walked with the
    filter ``fields`` applies (``model.bsdata.modifiers.each_applying``)."""
    out: list[Modifier | ModifierGroup] = []
    for modifier in modifiers:
        if isinstance(modifier, ModifierGroup):
            kept = _touching_group(modifier, fields)
            if kept is not None:
                out.append(kept)
        elif modifier.field in fields:
            out.append(modifier)
    return tuple(out)


def _touching_group(group: ModifierGroup, fields: frozenset[str]) -> ModifierGroup | None:
    """``group`` holding only what changes one of ``fields``; None when nothing does."""
    inner = tuple(m for m in group.modifiers if m.field in fields)
    nested = tuple(
        kept for kept in (_touching_group(g, fields) for g in group.nested) if kept is not None
    )
    if not inner and not nested:
        return None
    return replace(group, modifiers=inner, nested=nested)


@frozen_value
class Checked:
    """Positions in ``Options.constrained``: of the nodes with a minimum (checked
    whether selected or not), and by key, of the entries and of the groups (checked
    when selected)."""

    always: tuple[int, ...]
    entries: Mapping[str, tuple[int, ...]]
    groups: Mapping[str, tuple[int, ...]]


@frozen_value(slots=False)
class Options:
    """What may be selected in one place (a force's top level or inside a selection)."""

    entries: tuple[Node, ...] = ()
    """Selectable entries, in the order written (groups' members where the group is)."""
    groups: tuple[Node, ...] = ()
    """Every group in this place, outermost first."""
    by_key: Mapping[str, Node] = field(default_factory=dict)
    by_id: Mapping[str, Node] = field(default_factory=dict)
    """The first entry answering to each id (its own, its link's), for ``entry_id`` values
    written by tools that keep only the target's id."""

    @cached_property
    def constrained(self) -> tuple[tuple[Node, Minimums], ...]:
        """The entries, then the groups, that have constraints, in that order, each with
        its ``min`` constraints (``Minimums``). The
        constraint checks of a place (``model.bsdata.constraints``) pass over the rest,
        and an entry or group not selected there is checked for its minimums alone: a
        Warhammer 40,000 force offers some 250 entries in each place, and sorting them
        out again at every evaluation was a good part of one. Worked out once per place
        (an ``Options`` is kept in the game's ``Index``)."""
        out: list[tuple[Node, Minimums]] = []
        for nodes, group in ((self.entries, False), (self.groups, True)):
            for node in nodes:
                if node.constraints:
                    mins = tuple(c for c in node.constraints if c.type == "min")
                    ids = frozenset(c.id for c in mins)
                    kept = touching(node.modifiers, ids) if mins else ()
                    short = lacks_unselected(group, mins, kept)
                    out.append((node, Minimums(mins, ids, group, kept, short)))
        return tuple(out)

    @cached_property
    def in_groups(self) -> Mapping[Node, tuple[Node, ...]]:
        """Per group of this place (the group's node itself, by identity), the entries
        in it here, at any depth, in the order written. Worked out once per place: the
        constraint checks ask, for each group counted per model, whether its entries are
        all collective (``model.bsdata.collective``), and finding them among a place's
        entries again at every evaluation was a part of one."""
        out: dict[Node, list[Node]] = {}
        for node in self.entries:
            for group in node.groups:
                members = out.setdefault(group, [])
                if not members or members[-1] is not node:
                    members.append(node)
        return MappingProxyType({group: tuple(members) for group, members in out.items()})

    @cached_property
    def checked_where(self) -> Checked:
        """Where in ``constrained`` the nodes always checked are, and those checked
        when selected: a place checks only those (a force's top level lists thousands
        of entries with a maximum, a handful of them selected)."""
        always: list[int] = []
        entries: dict[str, list[int]] = {}
        groups: dict[str, list[int]] = {}
        for at, (node, minimums) in enumerate(self.constrained):
            if minimums.constraints and minimums.short_unselected:
                always.append(at)
            (groups if minimums.group else entries).setdefault(node.key, []).append(at)
        return Checked(
            tuple(always),
            {key: tuple(at) for key, at in entries.items()},
            {key: tuple(at) for key, at in groups.items()},
        )

    def find(self, entry_id: str) -> Node | None:
        """The entry a ``Selection.entry_id`` names here: by its whole key, else by its
        last id (a roster from New Recruit, or a file whose links were renamed)."""
        found = self.by_key.get(entry_id)
        if found is None:
            found = self.by_id.get(entry_id.rsplit("::", 1)[-1])
        return found


NO_OPTIONS = Options()


def _options(
    system: GameSystem, children: tuple[Entry, ...], prefix: tuple[str, ...], catalogue_id: str
) -> Options:
    """Walk ``children`` (entries, groups, links) into the nodes selectable in a place."""
    entries: list[Node] = []
    groups: list[Node] = []
    # (children, prefix, groups) still to walk; a stack of iterators keeps written order
    stack: list[tuple[list[Entry], tuple[str, ...], tuple[Node, ...]]] = [
        (list(reversed(children)), prefix, ())
    ]
    while stack:
        todo, here, within = stack[-1]
        if not todo:
            stack.pop()
            continue
        child = todo.pop()
        target, link = child, None
        if child.tag == "entryLink":
            found = system.find(child.target_id or "", catalogue_id)
            if not isinstance(found, Entry) or found.tag == "entryLink":
                continue  # a broken link: the catalogue check reports it
            target, link = found, child
        node = _without_stray_categories(
            system, make_node(target, link, here, within), catalogue_id
        )
        if node.is_group:
            if len(within) >= MAX_GROUP_DEPTH or any(g.entry.id == target.id for g in within):
                continue
            groups.append(node)
            stack.append((list(reversed(node.children)), node.prefix, (*within, node)))
        else:
            entries.append(node)
    by_id: dict[str, Node] = {}
    for node in entries:
        for one in node.ids:
            by_id.setdefault(one, node)
    return Options(
        tuple(entries),
        tuple(groups),
        MappingProxyType({n.key: n for n in reversed(entries)}),
        MappingProxyType(by_id),
    )


def _without_stray_categories(system: GameSystem, node: Node, catalogue_id: str) -> Node:
    """``node`` without its category links whose target is something other than a
    category (an entry, a rule): passed over as links to nothing are (the catalogue
    check warns of them, ``SEMANTICS.md`` rule F4), so no entry's id is taken for a
    category a query counts."""
    kept = tuple(
        link
        for link in node.category_links
        if not _stray(system.find(link.target_id, catalogue_id))
    )
    return node if len(kept) == len(node.category_links) else replace(node, category_links=kept)


def _stray(target: object) -> bool:
    return target is not None and not isinstance(target, CategoryEntry)


class Index:
    """The places of one game system, each worked out once when first asked for."""

    def __init__(self, system: GameSystem) -> None:
        self._system = weakref.ref(system)
        """Weak, so that the module's table of indexes never keeps a system alive."""
        self._roots: dict[str, Options] = {}
        self._inside: dict[tuple[str, str], Options] = {}

    @property
    def system(self) -> GameSystem:
        system = self._system()
        assert system is not None, "an index outlived its game system"
        return system

    def root_options(self, catalogue_id: str) -> Options:
        """What a force of ``catalogue_id`` may select at its top level."""
        found = self._roots.get(catalogue_id)
        if found is None:
            roots = self.system.imported_roots(catalogue_id)
            found = _options(self.system, roots, (), catalogue_id)
            self._roots[catalogue_id] = found
        return found

    def child_options(self, node: Node, catalogue_id: str) -> Options:
        """What may be selected inside a selection of ``node``."""
        if not node.children:
            return NO_OPTIONS
        place = (catalogue_id, node.key)
        found = self._inside.get(place)
        if found is None:
            found = _options(self.system, node.children, node.prefix, catalogue_id)
            self._inside[place] = found
        return found


_INDEXES: dict[int, Index] = {}


def index_for(system: GameSystem) -> Index:
    """The one ``Index`` of ``system``, made on first use and dropped with the system."""
    found = _INDEXES.get(id(system))
    if found is None or found.system is not system:
        found = Index(system)
        _INDEXES[id(system)] = found
        weakref.finalize(system, _INDEXES.pop, id(system), None)
    return found
