"""A player's list over a BattleScribe game system: forces holding nested selections.

The shape follows BattleScribe's own ``.ros`` files (research ``anchors_builders.md``
section 3), so that importing one and exporting it again keeps everything: a roster
has cost limits and forces; a force is one of the system's force entries, from one
catalogue, and holds selections; a selection is ``number`` of one entry and holds the
selections made inside it (a vehicle's weapons, a squad's models).

A selection names its entry as ``.ros`` files do: ``entry_id`` is the chain of ids from
the link that was followed to the entry that was selected, joined by ``::``
(``"link-id::entry-id"``), because the same shared entry reached through two links is
two different choices, each with its own costs and constraints. The entry's name is
kept too, for people and for messages when an id is not found.

Everything is a frozen value: an edit makes a new roster, so undo is a stack of
rosters, and the engine can cache by identity.
"""

from __future__ import annotations

from collections.abc import Iterator

from model.core.value import frozen_value


@frozen_value
class Selection:
    """``number`` of an entry, and what was selected inside it."""

    id: str
    """This selection's own id, unique in the roster (kept from a ``.ros`` file)."""
    entry_id: str
    """The ids from the link followed to the entry selected, joined by ``::``."""
    name: str
    """The entry's name when it was selected (for people; the id is what counts)."""
    number: int = 1
    entry_group_id: str | None = None
    """The group (chain of ids, like ``entry_id``) the entry was chosen from, if any."""
    type: str = "upgrade"
    custom_name: str = ""
    note: str = ""
    selections: tuple[Selection, ...] = ()

    @property
    def entry_ids(self) -> tuple[str, ...]:
        """The chain of ids in ``entry_id``, the selected entry's own id last."""
        return tuple(self.entry_id.split("::"))


@frozen_value
class CustomCategory:
    """A name and notes a player gave one of a force's categories (BattleScribe's
    customName and customNotes of a force's ``<category>``: "HQ" shown as "Command HQ").

    The category is named by its category entry's id, as a force's categories are in a
    ``.ros``; which categories a force has is the game data's (its force entry's category
    links, and BattleScribe's "Uncategorised"), so only what the player gave is kept."""

    entry_id: str
    """The category entry's id (``"(No Category)"`` for BattleScribe's "Uncategorised")."""
    custom_name: str = ""
    note: str = ""


@frozen_value
class Force:
    """A force of one kind (a force entry) from one catalogue, and its selections."""

    id: str
    entry_id: str
    """The force entry's id."""
    catalogue_id: str
    name: str
    """The force entry's name when it was added."""
    catalogue_name: str = ""
    custom_name: str = ""
    note: str = ""
    selections: tuple[Selection, ...] = ()
    forces: tuple[Force, ...] = ()
    custom_categories: tuple[CustomCategory, ...] = ()
    """The names and notes of its own given to its categories, each category once, in the
    order the force has them (``roster_edits.set_category_custom_name``)."""

    def custom_category(self, entry_id: str) -> CustomCategory | None:
        """What the player gave the category ``entry_id``, if anything."""
        return next((c for c in self.custom_categories if c.entry_id == entry_id), None)


@frozen_value
class CostLimit:
    """The most a roster may spend of one cost type (the player's choice: 500 points)."""

    type_id: str
    value: float


@frozen_value
class BsRoster:
    """A list over a BattleScribe game system."""

    id: str
    name: str
    game_system_id: str
    game_system_name: str = ""
    game_system_revision: int = 0
    cost_limits: tuple[CostLimit, ...] = ()
    forces: tuple[Force, ...] = ()
    custom_notes: str = ""


def all_selections(selections: tuple[Selection, ...]) -> Iterator[Selection]:
    """Every selection in ``selections`` and inside them, at every depth, in the order
    the list holds them (each before what it holds): a message listing the selections a
    name could mean lists them as the file and ``show`` do. Without recursion, so no
    nesting a file holds can exhaust the stack."""
    stack = list(reversed(selections))
    while stack:
        one = stack.pop()
        yield one
        stack.extend(reversed(one.selections))


def all_forces(forces: tuple[Force, ...]) -> Iterator[Force]:
    """Every force in ``forces`` and inside them, at every depth, in the order the list
    holds them (each before the forces inside it); without recursion."""
    stack = list(reversed(forces))
    while stack:
        one = stack.pop()
        yield one
        stack.extend(reversed(one.forces))
