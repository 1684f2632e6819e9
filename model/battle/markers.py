"""Markers on the table and counters' reminders: the markers still down (smoke lifts by
itself), placing and removing one, and what an actor's counters ask for as its turn
starts.

Apart because markers are kept by turn and round, not by model.
"""

from __future__ import annotations

from model.battle.events import PlaceMarker, RemoveMarker
from model.battle.refused import Refused
from model.battle.state_values import Marker, Reminder
from model.battle.turn_order import TurnOrder
from model.catalog.tracker_counters import MarkerSpec


class TableMarkers(TurnOrder):
    """The markers of a battle state, placed and lifted, and its reminders."""

    def marker_spec(self, marker_id: str) -> MarkerSpec:
        for spec in self.tracker.markers:
            if spec.id == marker_id:
                return spec
        raise KeyError(marker_id)

    def markers_down(self) -> tuple[Marker, ...]:
        """Markers still on the table (smoke lifts by itself)."""
        return tuple(m for m in self.markers if not self._lifted(m))

    def _lifted(self, marker: Marker) -> bool:
        spec = self.marker_spec(marker.marker)
        if spec.lasts == "round-next-turn":
            if self.turn > marker.turn + 1:
                return True
            if self.turn == marker.turn + 1 and marker.round is not None:
                if self.active is not None:  # lifts once its round's last action turn ends
                    return self.active_round is not None and self.active_round < marker.round
                up = self.next_up()
                return up.turn_over or (up.round is not None and up.round < marker.round)
        return False

    def reminders(self, actor: str) -> tuple[Reminder, ...]:
        """What the counters on an actor's models and their gear ask for as its action
        turn starts (a poison check; a KABOOM! from 3 pump-action markers)."""
        found: list[Reminder] = []
        for model in self.members(actor):
            for target in self.setup.counter_targets(model):
                for counter_id, value in self.counters.get(target, {}).items():
                    spec = self.tracker.counter(counter_id)
                    if spec.reminder and value >= spec.remind_from:
                        found.append(Reminder(model, spec, value))
        return tuple(found)

    def _on_marker(self, event: PlaceMarker) -> None:
        try:
            self.marker_spec(event.marker)
        except KeyError:
            raise Refused(f"unknown marker '{event.marker}'") from None
        self.marker_count += 1
        rounds = self.tracker.turns.kind == "stat-rounds"
        where = self.current_round() if rounds else self.phase
        self.markers.append(Marker(self.marker_count, event.marker, event.label, self.turn, where))

    def _on_remove_marker(self, event: RemoveMarker) -> None:
        if not any(m.number == event.number for m in self.markers):
            raise Refused(f"there is no marker {event.number}")
        self.markers = [m for m in self.markers if m.number != event.number]
