"""A BattleScribe game system with its catalogues, indexed once for the engine.

Entry links, info links and category links point at ids. A link in a catalogue finds
its target in that catalogue first, then in the catalogues it links to
(``catalogueLinks``, library catalogues) and those they link to, nearest first, then in
the game system, as BattleScribe resolves them; so an entry imported down a chain of
``importRootEntries`` finds the targets of its links in the file it came from. The
index is built once per loaded system (issue 18: "a game system is indexed once"), so
every look-up after that is a dictionary read.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from dataclasses import field, replace
from types import MappingProxyType
from typing import TYPE_CHECKING

from model.bsdata.data import (
    Catalogue,
    CategoryEntry,
    CostType,
    Entry,
    ForceEntry,
    InfoGroup,
    Profile,
    Rule,
)
from model.core.value import frozen_value

if TYPE_CHECKING:
    from model.core.problems import Problem

Target = Entry | Profile | Rule | InfoGroup | CategoryEntry | ForceEntry


def _walk_entries(entries: tuple[Entry, ...]) -> Iterator[Entry]:
    stack = list(reversed(entries))
    while stack:
        entry = stack.pop()
        yield entry
        stack.extend(reversed(entry.children))


def _walk_forces(forces: tuple[ForceEntry, ...]) -> Iterator[ForceEntry]:
    stack = list(reversed(forces))
    while stack:
        force = stack.pop()
        yield force
        stack.extend(reversed(force.forces))


def _own_index(catalogue: Catalogue) -> dict[str, Target]:
    """Every id a link may point at in one file: shared entries and groups, shared
    rules, profiles and info groups, categories, and (for ``scope`` ids) every entry
    and force entry written in it; and its root rules, which an info link may name as
    well as a shared one (spec ``catalogue/catalogue-root-rules``)."""
    index: dict[str, Target] = {}
    for entry in _walk_entries(catalogue.root_entries + catalogue.shared_entries):
        if entry.tag != "entryLink":
            index.setdefault(entry.id, entry)
    for force in _walk_forces(catalogue.forces):
        index.setdefault(force.id, force)
    for category in catalogue.categories:
        index.setdefault(category.id, category)
    for rule in catalogue.shared_rules + catalogue.root_rules:
        index.setdefault(rule.id, rule)
    for profile in catalogue.shared_profiles:
        index.setdefault(profile.id, profile)
    for group in catalogue.shared_info_groups:
        index.setdefault(group.id, group)
    # shared entries win over nested ones with the same id: they are what links mean
    for entry in catalogue.shared_entries:
        index[entry.id] = entry
    return index


@frozen_value(slots=False)
class GameSystem:
    """The ``.gst`` and its catalogues (``.cat``), with look-ups by id."""

    system: Catalogue
    catalogues: tuple[Catalogue, ...] = ()
    folder: str = ""
    _indexes: Mapping[str, Mapping[str, Target]] = field(default_factory=dict, repr=False)
    _order: Mapping[str, tuple[str, ...]] = field(default_factory=dict, repr=False)
    faults: Mapping[str, Problem] = field(default_factory=dict, repr=False)
    """Per id of an entry, link, group, force entry or category: the first load-time
    fault that touches it (what the reader read as a default, ``Catalogue.read_faults``;
    what the check found, ``with_faults``). The engine passes over what a fault touches
    and tells every list holding it (``bs-data-fault``, ``SEMANTICS.md`` rule F7), so
    a total is never silently wrong."""
    left_out: tuple[Problem, ...] = field(default=(), repr=False)
    """The catalogue files of the folder not used, each with why (not data, a copy of
    another's id, of another game: ``SEMANTICS.md`` rules F1, F2), so a roster of a
    catalogue missing here says which files were left out (``bs-unknown-catalogue``)."""

    @classmethod
    def build(
        cls, system: Catalogue, catalogues: tuple[Catalogue, ...], folder: str = ""
    ) -> GameSystem:
        """Index every file once, and the order each catalogue looks ids up in."""
        files = {c.id: c for c in (system, *catalogues)}
        indexes = {c.id: MappingProxyType(_own_index(c)) for c in files.values()}
        order: dict[str, tuple[str, ...]] = {}
        for catalogue in files.values():
            seen: list[str] = [catalogue.id]
            queue = [link.target_id for link in catalogue.catalogue_links]
            while queue:
                target = queue.pop(0)
                if target in files and target not in seen:
                    seen.append(target)
                    queue.extend(link.target_id for link in files[target].catalogue_links)
            if system.id not in seen:
                seen.append(system.id)
            order[catalogue.id] = tuple(seen)
        faults: dict[str, Problem] = {}
        for file in files.values():
            for id_, problem in file.read_faults:
                faults.setdefault(id_, problem)
        return cls(
            system,
            catalogues,
            folder,
            MappingProxyType(indexes),
            MappingProxyType(order),
            MappingProxyType(faults),
        )

    def with_faults(
        self, found: Iterable[tuple[str, Problem]], left_out: tuple[Problem, ...] = ()
    ) -> GameSystem:
        """The same system with the check's faults (``model.bsdata.check.Findings.touched``)
        added to those read (an id keeps its first fault), and the files of the folder
        ``left_out`` of it, each with why."""
        faults = dict(self.faults)
        for id_, problem in found:
            faults.setdefault(id_, problem)
        return replace(self, faults=MappingProxyType(faults), left_out=left_out)

    @property
    def id(self) -> str:
        return self.system.id

    @property
    def name(self) -> str:
        return self.system.name

    def catalogue(self, catalogue_id: str) -> Catalogue | None:
        """A catalogue (or the game system itself) by id."""
        if catalogue_id == self.system.id:
            return self.system
        return next((c for c in self.catalogues if c.id == catalogue_id), None)

    @property
    def factions(self) -> tuple[Catalogue, ...]:
        """The catalogues a player may build a force from: every one but libraries."""
        return tuple(c for c in self.catalogues if not c.library)

    def find(self, target_id: str, catalogue_id: str | None = None) -> Target | None:
        """What ``target_id`` names, looked up from ``catalogue_id`` (its own file, the
        files it links to, then the game system), or anywhere when no catalogue is
        given."""
        order = self._order.get(catalogue_id or "", ())
        for file_id in order:
            found = self._indexes[file_id].get(target_id)
            if found is not None:
                return found
        if not order:
            for index in self._indexes.values():
                found = index.get(target_id)
                if found is not None:
                    return found
        return None

    def cost_types(self, catalogue_ids: Iterable[str] = ()) -> tuple[CostType, ...]:
        """The game system's cost types, then those declared by the files the catalogues
        ``catalogue_ids`` look ids up in (each, those it links to): BattleScribe costs
        a catalogue's own cost types too (spec ``catalogue-cost-types``). Each id once,
        its first declaration kept; with no catalogue, the game system's alone."""
        found = {cost.id: cost for cost in self.system.cost_types}
        for catalogue_id in catalogue_ids:
            for file_id in self._order.get(catalogue_id, ()):
                file = self.catalogue(file_id)
                for cost in file.cost_types if file is not None else ():
                    found.setdefault(cost.id, cost)
        return tuple(found.values())

    def cost_names(self) -> dict[str, str]:
        """Cost type id to name, for the cost types any file declares (the game
        system's declaration first)."""
        names: dict[str, str] = {}
        for file in (self.system, *self.catalogues):
            for cost in file.cost_types:
                names.setdefault(cost.id, cost.name)
        return names

    def revisions(self) -> dict[str, int]:
        """Catalogue id (the game system's too) to its revision, as loaded."""
        return {c.id: c.revision for c in (self.system, *self.catalogues)}

    def imported_roots(self, catalogue_id: str) -> tuple[Entry, ...]:
        """A catalogue's root entries, then those of the catalogues it imports with
        ``importRootEntries`` (only their entries marked ``import``), then the game
        system's.

        An import is followed down its chain: a faction importing a library that imports
        another gets both libraries' entries (BattleScribe's Warcry data: a warband
        imports "Agents of Chaos", which imports "Chaotic Beasts"). Depth first in the
        order the links are written, each catalogue once, so a cycle of imports ends
        where it closes and the work is one visit per catalogue whatever the files say."""
        catalogue = self.catalogue(catalogue_id)
        if catalogue is None:
            return ()
        out = list(catalogue.root_entries)
        seen = {catalogue.id, self.system.id}
        stack = [iter(catalogue.catalogue_links)]
        while stack:
            link = next(stack[-1], None)
            if link is None:
                stack.pop()
                continue
            other = self.catalogue(link.target_id)
            if not link.import_root_entries or other is None or other.id in seen:
                continue
            seen.add(other.id)
            out.extend(e for e in other.root_entries if e.imported)
            stack.append(iter(other.catalogue_links))
        if catalogue is not self.system:
            out.extend(self.system.root_entries)
        return tuple(out)

    def forces(self, catalogue_id: str) -> tuple[ForceEntry, ...]:
        """The force entries a catalogue offers: its own, then the game system's."""
        catalogue = self.catalogue(catalogue_id)
        own = catalogue.forces if catalogue is not None else ()
        return own + (self.system.forces if catalogue is not self.system else ())
