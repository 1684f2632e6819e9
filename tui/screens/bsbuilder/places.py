"""Places in a list over BattleScribe data: a force, or a selection in it, by id.

The tree's cursor, the findings and every key name a place by ids, never by position:
a BattleScribe selection's id is unique in the roster and kept by every edit, so the
cursor stays on the same selection when others are added above it, and a finding's
``where.selection`` is the very selection to go to.
"""

from __future__ import annotations

from model.bsdata.roster import BsRoster, Force, Selection, all_forces, all_selections
from model.bsdata.roster_bounds import MAX_SELECTION_DEPTH, MAX_SELECTIONS
from model.core.value import frozen_value


@frozen_value(slots=False)
class Place:
    """A force (``selection_id`` None) or one selection in it."""

    force_id: str
    selection_id: str | None = None


def find(roster: BsRoster, place: Place) -> tuple[Force, Selection | None] | None:
    """The force and the selection a place names, None when the list no longer has them
    (an undo took them away)."""
    for force in all_forces(roster.forces):
        if force.id != place.force_id:
            continue
        if place.selection_id is None:
            return force, None
        for selection in all_selections(force.selections):
            if selection.id == place.selection_id:
                return force, selection
        return None
    return None


def place_of(roster: BsRoster, selection_id: str) -> Place | None:
    """The place of a selection found by its id alone (a finding names only that)."""
    for force in all_forces(roster.forces):
        if any(s.id == selection_id for s in all_selections(force.selections)):
            return Place(force.id, selection_id)
    return None


def too_large(roster: BsRoster) -> str | None:
    """Why a roster file could not hold ``roster`` (too many selections, nested too deep),
    None when it can: the builder refuses such an edit rather than make a list that
    would not save."""
    count = 0
    deepest = 0
    stack = [(s, 1) for f in all_forces(roster.forces) for s in f.selections]
    while stack:
        selection, depth = stack.pop()
        count += 1
        deepest = max(deepest, depth)
        stack.extend((s, depth + 1) for s in selection.selections)
    if count > MAX_SELECTIONS:
        return f"the list would hold more than {MAX_SELECTIONS:,} selections"
    if deepest > MAX_SELECTION_DEPTH:
        return f"selections would nest more than {MAX_SELECTION_DEPTH} deep"
    return None


def holder(roster: BsRoster, place: Place) -> Place:
    """What holds the selection at ``place``: the selection it is in, else its force
    (where the cursor goes when it is removed)."""
    for force in all_forces(roster.forces):
        if force.id != place.force_id:
            continue
        stack = [(s, Place(force.id)) for s in force.selections]
        while stack:
            selection, parent = stack.pop()
            if selection.id == place.selection_id:
                return parent
            inside = Place(force.id, selection.id)
            stack.extend((s, inside) for s in selection.selections)
    return Place(place.force_id)
