"""Markers on the table: placing one and removing one (the ``PlaceMarker`` and
``RemoveMarker`` events' handlers). Which are still down is the turn order's question
(``TurnOrder.markers_down``): smoke lifts as the rounds go by.

Apart because markers are kept by turn and round, not by model.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from model.battle.refused import Refused
from model.battle.state_values import Marker

if TYPE_CHECKING:
    from model.battle.events import PlaceMarker, RemoveMarker
    from model.battle.turn_order import TurnOrder


def place_marker(state: TurnOrder, event: PlaceMarker) -> None:
    """A marker goes down, numbered, in this turn and round (or phase)."""
    try:
        state.marker_spec(event.marker)
    except KeyError:
        raise Refused(f"unknown marker '{event.marker}'") from None
    state.marker_count += 1
    rounds = state.tracker.turns.kind == "stat-rounds"
    where = state.current_round() if rounds else state.phase
    state.markers.append(Marker(state.marker_count, event.marker, event.label, state.turn, where))


def remove_marker(state: TurnOrder, event: RemoveMarker) -> None:
    """A marker is taken off the table by its number."""
    if not any(m.number == event.number for m in state.markers):
        raise Refused(f"there is no marker {event.number}")
    state.markers = [m for m in state.markers if m.number != event.number]
