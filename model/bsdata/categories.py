"""The categories of a BattleScribe roster's forces and selections as a ``.ros`` writes
them, each under the name the data gives it (or the player's own, for a force's).

A force's are BattleScribe's "Uncategorised" first, then those its force entry links,
each once, in the order first linked; a selection's are those its entry links, the
primary one marked. Their ids are made from ids the roster holds,
``<owner id>::<category entry id>``, unique in the roster and the same at every export.
Apart from the rest of what a ``.ros`` says (``ros_content``) because naming a force's
categories (``roster_edits``) needs these and nothing of the engine.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from model.bsdata.data import Catalogue, CategoryEntry, ForceEntry
from model.bsdata.tree import find_force_entry
from model.core.value import frozen_value

if TYPE_CHECKING:
    from model.bsdata.roster import Force
    from model.bsdata.system import GameSystem

UNCATEGORISED_ID = "(No Category)"
"""The ``entryId`` BattleScribe gives the category of a force's selections of no category."""
UNCATEGORISED_NAME = "Uncategorised"
"""Its name, as BattleScribe spells it (New Recruit writes "Uncategorized")."""


@frozen_value
class WrittenCategory:
    """A ``<category>``: one the data names (``entry_id``), under its name."""

    id: str
    entry_id: str
    name: str
    primary: bool = False
    custom_name: str = ""
    """The name the player gave it (a force's categories only: ``Force.custom_categories``)."""
    note: str = ""


def force_categories(system: GameSystem, force: Force) -> tuple[WrittenCategory, ...]:
    """The categories of ``force`` as BattleScribe writes them ("Uncategorised" first,
    then those its force entry links, each once, in the order first linked), each with
    the name and notes the player gave it; none when the game system has not its force
    entry. These are the categories a player may name (``roster_edits``)."""
    catalogue = system.catalogue(force.catalogue_id)
    if catalogue is None:
        return ()
    entry = find_force_entry(system.forces(catalogue.id), force.entry_id)
    return force_entry_categories(system, force, entry, catalogue)


def force_entry_categories(
    system: GameSystem, force: Force, entry: ForceEntry | None, catalogue: Catalogue | None
) -> tuple[WrittenCategory, ...]:
    if entry is None or catalogue is None:
        return ()
    links = list(dict.fromkeys(c.target_id for c in entry.category_links))
    plain = (
        WrittenCategory(f"{force.id}::{UNCATEGORISED_ID}", UNCATEGORISED_ID, UNCATEGORISED_NAME),
        *written_categories(system, force.id, links, None, catalogue.id),
    )
    given = {c.entry_id: c for c in force.custom_categories}
    out = []
    for category in plain:
        custom = given.get(category.entry_id)
        if custom is not None:
            category = replace(category, custom_name=custom.custom_name, note=custom.note)
        out.append(category)
    return tuple(out)


def written_categories(
    system: GameSystem,
    owner: str,
    ids: list[str],
    primary: str | None,
    catalogue_id: str,
) -> tuple[WrittenCategory, ...]:
    out: list[WrittenCategory] = []
    for category_id in ids:
        found = system.find(category_id, catalogue_id)
        name = found.name if isinstance(found, CategoryEntry) else category_id
        out.append(
            WrittenCategory(f"{owner}::{category_id}", category_id, name, category_id == primary)
        )
    return tuple(out)
