"""Check a BattleScribe game system across its files: every problem at once.

``model.bsdata.read`` checks each file alone (ids present, numbers in range, kinds
known). What only the whole folder can tell is checked here, on the values read: that
every link leads somewhere of the right kind, that costs, profiles and characteristics
name types that exist, that constraints and conditions count something BattleScribe
can count, that each catalogue belongs to this game system. Each problem names the file
and the element's place in the words the reader uses (``check_walk.step``).

Errors and warnings (``SEMANTICS.md``, "Faults in the data", rules F1 to F7). None of
them stops the game loading: the engine passes over what a fault touches. An **error**
is a fault that can make a list's total or verdict differ from what the data means: a
count of a field that is not one (not ``selections``, ``forces``, a cost type or
``limit::<cost type>``: it counts nothing, and a constraint of it is not checked). A
**warning** is data that still has a meaning but probably not the one meant, or one
BattleScribe loads through: a link (entry, info or category link) to nothing or to the
wrong kind of thing (passed over as a link to nothing), an entry link whose ``type``
disagrees with its target (followed as the target is), an id repeated in one file (the
first is used), a categoryLink with no id, the game system's link to an element of one
catalogue (found only from that catalogue's forces), a cost of a type this file does not
see (counted only where a force sees it, never if no file declares it), a profile or
characteristic of an unknown type (shown under its own names), a ``scope`` or ``childId``
naming no id in the folder (it counts nothing; a game system may name entries of a
catalogue not installed), a modifier of a field that is neither a known field, a cost
type nor a constraint of its element (it changes nothing), a group's default entry that
is not one of its entries (nothing is selected by default), a catalogue written for a
newer revision of the game system, entry links that loop (``check_loops``).

What a fault touches (``Findings.touched``: the entry, link, group, force entry or
category it is found in, or for a link to the wrong kind the entry holding the link) is
told to every list holding it (``bs-data-fault``, ``model.bsdata.evaluate``), so no
total is silently wrong. A catalogue of another game system is not used at all
(``foreign_catalogue``, asked by ``catalogs.bsdata`` before the system is built).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from model.bsdata.check_loops import link_loops
from model.bsdata.check_walk import Walker
from model.core.problems import Problem
from model.core.value import frozen_value

if TYPE_CHECKING:
    from model.bsdata.data import Catalogue
    from model.bsdata.system import GameSystem


@frozen_value
class Findings:
    """What the check found: errors (the data cannot be used as written) and warnings."""

    errors: tuple[Problem, ...] = ()
    warnings: tuple[Problem, ...] = ()
    touched: tuple[tuple[str, Problem], ...] = ()
    """Per id of an element a list may hold: the first fault that touches it."""


def check_system(system: GameSystem) -> Findings:
    """Every cross-file problem of ``system``, the game system's file first, then each
    catalogue's in the order given."""
    ids = _folder_ids(system)
    errors: list[Problem] = []
    warnings: list[Problem] = []
    touched: dict[str, Problem] = {}
    for catalogue in (system.system, *system.catalogues):
        walker = Walker(system, catalogue, ids)
        _check_header(system, catalogue, walker)
        walker.catalogue()
        errors.extend(walker.errors)
        warnings.extend(walker.warnings)
        warnings.extend(link_loops(system, catalogue))
        for id_, problem in walker.touched.items():
            touched.setdefault(id_, problem)
    return Findings(tuple(errors), tuple(warnings), tuple(touched.items()))


def foreign_catalogue(head: Catalogue, catalogue: Catalogue) -> Problem | None:
    """Why ``catalogue`` is not used with the game system ``head``: its ``gameSystemId``
    names another game (usually a catalogue copied into the wrong folder; BattleScribe
    offers a catalogue only with the game system it names). None when it is ``head``'s."""
    if catalogue.game_system_id == head.id:
        return None
    return Problem(
        f'gameSystemId is "{catalogue.game_system_id or ""}", not the id of the game system '
        f'"{head.name}" ({head.id}), so the catalogue is not used',
        catalogue.file,
        hint="this catalogue belongs to another game system: keep it in that system's folder",
    )


def _check_header(system: GameSystem, catalogue: Catalogue, walker: Walker) -> None:
    """A catalogue's game system and revision, and its links to other catalogues."""
    head = system.system
    # a catalogue of another game is not built in (``foreign_catalogue``): not asked here
    same_game = not catalogue.is_game_system and catalogue.game_system_id == head.id
    if same_game and catalogue.game_system_revision > head.revision:
        walker.warning(
            f"written for revision {catalogue.game_system_revision} of "
            f'"{head.name}", newer than the revision {head.revision} in this folder',
            hint="update the game system file to its latest revision",
        )
    for link in catalogue.catalogue_links:
        with walker.at("catalogueLink", link.name, link.id, link.target_id):
            if system.catalogue(link.target_id) is None or link.target_id == catalogue.id:
                # a user who copied part of a game: built without what it would lend
                walker.warning(
                    f'links to the catalogue "{link.target_id}", which is not in this folder,'
                    " so what it would lend is left out",
                    hint="add that catalogue's file to the folder, or remove the link",
                )


def _folder_ids(system: GameSystem) -> dict[str, str]:
    """Every id a scope or childId may name (catalogues, entries, groups, links, forces,
    categories) or a link may point at (those, and shared rules, profiles and info
    groups), with the file that has it."""
    ids: dict[str, str] = {}
    for catalogue in (system.system, *system.catalogues):
        ids.setdefault(catalogue.id, catalogue.file)
        stack = list(catalogue.root_entries + catalogue.shared_entries)
        while stack:
            entry = stack.pop()
            ids.setdefault(entry.id, catalogue.file)
            stack.extend(entry.children)
        forces = list(catalogue.forces)
        while forces:
            force = forces.pop()
            ids.setdefault(force.id, catalogue.file)
            forces.extend(force.forces)
        for category in catalogue.categories:
            ids.setdefault(category.id, catalogue.file)
        infos = catalogue.shared_rules + catalogue.shared_profiles + catalogue.shared_info_groups
        for info in infos:
            ids.setdefault(info.id, catalogue.file)
    return ids
