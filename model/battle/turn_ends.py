"""The end of a phase, of a turn and of the game: counters that clear at the end of a
turn, fighting on and markers that lift, and the turn limit.

Apart because these events clear what the turn kept, rather than change one model.
"""

from __future__ import annotations

from model.battle.counter_changes import CounterChanges
from model.battle.events import EndGame, EndTurn, NextPhase
from model.battle.markers import TableMarkers
from model.battle.refused import Refused
from model.core.messages import counted


class TurnEnds(TableMarkers, CounterChanges):
    """Phases, turns and the game ending in a battle state."""

    def _on_next_phase(self, event: NextPhase) -> None:
        turns = self.tracker.turns
        if turns.kind != "phases":
            raise Refused("this game has no phases")
        if self.active is not None:
            raise Refused(f"{self.active} is still active")
        if self.phase + 1 >= len(turns.phases):
            raise Refused("this is the last phase: end the turn")
        self.phase += 1
        self.acted.clear()
        self.last_side = None

    def _on_end_turn(self, event: EndTurn) -> None:
        if self.active is not None:
            raise Refused(f"{self.active} is still active; end its activation first")
        turns = self.tracker.turns
        if turns.kind == "phases":
            if self.phase + 1 < len(turns.phases):
                raise Refused("the turn's phases are not over yet")
        elif self.ready():
            waiting = len(self.ready())
            raise Refused(
                f"{counted(waiting, 'model')} {'has' if waiting == 1 else 'have'} not acted yet"
            )
        for target in list(self.counters):
            for counter_id in list(self.counters[target]):
                clears = self.tracker.counter(counter_id).clears
                value = self.counters[target][counter_id]
                if clears == "end-of-turn" or (
                    clears == "end-of-next-turn"
                    and self.set_turn.get((target, counter_id), self.turn) < self.turn
                ):
                    self._set(target, counter_id, 0)
                elif clears == "count-down":
                    self._tick(target, counter_id, value - 1)
        for model_id, until in list(self.fight_on.items()):
            if until <= self.turn:
                del self.fight_on[model_id]
        self.markers = [
            m
            for m in self.markers
            if self.marker_spec(m.marker).lasts != "end-of-turn"
            and not (
                self.marker_spec(m.marker).lasts == "round-next-turn" and self.turn >= m.turn + 1
            )
        ]
        self.acted.clear()
        self.delayed.clear()
        self.delays_used.clear()
        self.firsts.clear()
        self.moves.clear()
        self.last_side = None
        self.owed = 0
        self.phase = 0
        if self.turn >= self.setup.turn_limit:
            self.ended = True
            self.fight_on.clear()  # the game ends: fighting on is over (Berserk)
        else:
            self.turn += 1
        self._standing.clear()

    def _on_end_game(self, event: EndGame) -> None:
        if self.active is not None:
            raise Refused(f"{self.active} is still active; end its activation first")
        for model_id in list(self.fight_on):
            del self.fight_on[model_id]  # the game ends: fighting on is over
        self.ended = True
        self._standing.clear()
