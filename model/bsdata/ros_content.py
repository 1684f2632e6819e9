"""What a ``.ros`` says about a roster beyond the player's choices, worked out by the engine.

A roster BattleScribe saves repeats, for every selection, what the game data makes of it:
its name as modifiers leave it, its page and publication, its costs (its number times
what one costs, after modifiers) and its categories (in the order its entry links them,
the primary one marked); and for every force, its categories (BattleScribe's
"Uncategorised" first, then those its force entry links, each with the name and notes
the player gave it) and the publications its catalogue can cite. Roster printers and
table-top tools read these from the file alone, without the game data. ``ros_content``
works them out once, from one run of the engine (``model.bsdata.engine``), so the file
says what warband shows; ``model.bsdata.ros_write`` writes them.

Ids a roster does not hold are made from ids it does: a category of a force or a
selection is ``<owner id>::<category entry id>``, unique in the roster as BattleScribe's
random ids are, and the same at every export of the same list.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import field
from types import MappingProxyType
from typing import TYPE_CHECKING

from model.bsdata.categories import WrittenCategory, force_entry_categories, written_categories
from model.bsdata.data import (
    Catalogue,
    Cost,
    Publication,
)
from model.bsdata.engine import Engine, run_engine
from model.bsdata.infos import Infos, force_infos, selection_infos
from model.core.value import frozen_value

if TYPE_CHECKING:
    from model.bsdata.resolve import Node
    from model.bsdata.roster import BsRoster
    from model.bsdata.system import GameSystem


@frozen_value
class SelectionFacts:
    """What the data makes of one selection."""

    name: str
    """The entry's name as modifiers leave it."""
    costs: tuple[Cost, ...] = ()
    """Its number times what one costs, every cost type of the game, in the game's order."""
    categories: tuple[WrittenCategory, ...] = ()
    page: str = ""
    publication_id: str = ""
    infos: Infos | None = None
    """Its profiles and rules as the list makes them (``model.bsdata.infos``)."""


@frozen_value
class ForceFacts:
    """What the data makes of one force."""

    categories: tuple[WrittenCategory, ...] = ()
    publications: tuple[Publication, ...] = ()
    catalogue_revision: int | None = None
    page: str = ""
    publication_id: str = ""
    """The page and publication its force entry cites (spec ``force-entry-publication``)."""
    infos: Infos | None = None
    """Its force entry's profiles and rules as the list makes them (``model.bsdata.infos``)."""


@frozen_value(slots=False)
class RosContent:
    """Everything ``ros_write.ros_bytes`` writes that the roster itself does not hold."""

    cost_names: Mapping[str, str]
    """Cost type id to its name, as the game system declares them."""
    totals: tuple[Cost, ...] = ()
    """The roster's total of each cost type, in the game's order."""
    selections: Mapping[str, SelectionFacts] = field(default_factory=dict)
    """By selection id; a selection missing here is written with its choices only."""
    forces: Mapping[str, ForceFacts] = field(default_factory=dict)
    """By force id."""


def ros_content(system: GameSystem, roster: BsRoster) -> RosContent:
    """What the engine makes of ``roster`` over ``system``, for its ``.ros``."""
    engine = run_engine(system, roster)
    totals = dict.fromkeys(engine.cost_types, 0.0)
    selections: dict[str, SelectionFacts] = {}
    for at, placed in enumerate(engine.tree.selections):
        own = engine.own_costs(at)
        for type_id, value in own.items():
            totals[type_id] += value
        catalogue = engine.tree.forces[placed.force].catalogue
        costs = tuple(Cost(t, v) for t, v in own.items())
        selections.setdefault(placed.selection.id, _selection(engine, at, catalogue, costs))
    forces: dict[str, ForceFacts] = {}
    revisions = system.revisions()
    for force_at, placed_force in enumerate(engine.tree.forces):
        force = placed_force.force
        categories = force_entry_categories(
            system, force, placed_force.entry, placed_force.catalogue
        )
        publications: tuple[Publication, ...] = ()
        if placed_force.catalogue is not None:
            publications = _publications(system, placed_force.catalogue)
        entry = placed_force.entry
        forces.setdefault(
            force.id,
            ForceFacts(
                categories,
                publications,
                revisions.get(force.catalogue_id),
                entry.page if entry is not None else "",
                (entry.publication_id or "") if entry is not None else "",
                force_infos(engine, force_at),
            ),
        )
    return RosContent(
        cost_names=MappingProxyType(system.cost_names()),
        totals=tuple(Cost(t, v) for t, v in totals.items()),
        selections=MappingProxyType(selections),
        forces=MappingProxyType(forces),
    )


def _selection(
    engine: Engine, at: int, catalogue: Catalogue | None, costs: tuple[Cost, ...]
) -> SelectionFacts:
    placed = engine.tree.selections[at]
    final = engine.finals[at]
    node = placed.node
    if node is None or catalogue is None:
        return SelectionFacts(final.name, costs)
    ids = _link_order(node, final.categories)
    categories = written_categories(
        engine.system, placed.selection.id, ids, final.primary, catalogue.id
    )
    infos = selection_infos(engine, at)
    return SelectionFacts(final.name, costs, categories, final.page, _publication(node), infos)


def _link_order(node: Node, effective: tuple[str, ...]) -> list[str]:
    """The effective categories in the order the entry (its groups', then its own) links
    them, as BattleScribe lists them; those a modifier added after, in their order."""
    linked: list[str] = []
    for link in (*(c for g in node.groups for c in g.category_links), *node.category_links):
        if link.target_id not in linked:
            linked.append(link.target_id)
    kept = set(effective)
    return [c for c in linked if c in kept] + [c for c in effective if c not in linked]


def _publication(node: Node) -> str:
    """The publication a selection cites: its link's where the link names one, else its
    entry's (its page, chosen alike, is the engine's: ``Effective.page``, as modified)."""
    link, entry = node.link, node.entry
    publication = (link.publication_id if link is not None else None) or entry.publication_id
    return publication or ""


def _publications(system: GameSystem, catalogue: Catalogue) -> tuple[Publication, ...]:
    """The publications a force's selections may cite: its catalogue's, then those of the
    catalogues it links to (and they to), then the game system's, each once."""
    files: list[Catalogue] = []
    queue = [catalogue]
    while queue:
        file = queue.pop(0)
        if any(f.id == file.id for f in files):
            continue
        files.append(file)
        for link in file.catalogue_links:
            target = system.catalogue(link.target_id)
            if target is not None:
                queue.append(target)
    if all(f.id != system.system.id for f in files):
        files.append(system.system)
    out: dict[str, Publication] = {}
    for file in files:
        for publication in file.publications:
            out.setdefault(publication.id, publication)
    return tuple(out.values())
