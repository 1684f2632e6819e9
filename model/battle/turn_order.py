"""Whose turn it is: the round an actor acts in, who is still to act, and who acts next
by the system's turn structure (stat rounds, alternating, phases).

Apart because the turn order is the tracker's most asked question and the rules of
activating, delaying and passing are checked against it.
"""

from __future__ import annotations

from model.battle.forces import ModelSnap
from model.battle.state_reading import StateReading
from model.battle.state_values import NextUp, OrderKey


class TurnOrder(StateReading):
    """Who acts next in a battle state, and in which round."""

    def actor_round(self, actor: str) -> int:
        """The round an actor acts in this turn (its delay, or its current stat)."""
        if actor in self.delayed:
            return self.delayed[actor]
        return self.actor_stat(actor)

    def actor_stat(self, actor: str) -> int:
        """The actor's value of the turn order's stat (its first standing model's)."""
        return self._order_stat(self._first_standing(actor) or self.setup.members(actor)[0])

    def _order_stat(self, model: ModelSnap) -> int:
        value = self.stat(model.id, self.tracker.turns.stat or "")
        return value if value is not None else 0

    def ready(self) -> tuple[str, ...]:
        """Actors still to act this turn (or this phase)."""
        return tuple(self._ready())

    def _ready(self) -> dict[str, ModelSnap]:
        """Each actor still to act, with its first standing model (a replay asks whose
        turn it is at every activation: what is known of each actor is kept)."""
        found: dict[str, ModelSnap] = {}
        acted, active, known = self.acted, self.active, self._standing
        for actor in self.setup.actors():
            if actor in acted or actor == active:
                continue
            entry = known.get(actor)
            if entry is None:
                entry = known[actor] = self._standing_of(actor)
            if entry[0] is not None:
                found[actor] = entry[0]
        return found

    def _standing_of(self, actor: str) -> tuple[ModelSnap | None, int]:
        """The actor's first model still in the fight, None when it has none or is kept
        from acting, and that model's stat that orders the turn (kept in ``_standing``
        until the actor's counters change)."""
        first = self._first_standing(actor)
        if first is None or self.standing_down(actor) is not None:
            return None, 0
        return first, self._order_stat(first)

    def next_up(self) -> NextUp:
        """Who acts next, by the system's turn structure."""
        turns = self.tracker.turns
        if self.ended:
            return NextUp(None, False, None, (), True)
        if turns.kind == "phases":
            phase = turns.phases[self.phase]
            actors = self.ready() if phase.activations else ()
            if phase.order == "free" or not actors:
                return NextUp(None, False, None, actors, not actors)
        firsts = self._ready()
        ready = tuple(firsts)
        if not ready:
            return NextUp(None, False, None, (), True)
        key: OrderKey = None
        round_value: int | None = None
        if turns.kind == "stat-rounds":
            delayed = self.delayed
            known = self._standing
            rounds = {a: delayed[a] if a in delayed else known[a][1] for a in ready}
            round_value = max(rounds.values())
            here = [a for a in ready if rounds[a] == round_value]
            regular = tuple(a for a in here if a not in self.delayed)
            if regular:
                ready, key = regular, round_value
            else:
                # delayed actors act after everyone else in their round, the lower stat
                # first; equal stats of both sides roll off (RB ch.2 Delaying an Action)
                stats = {a: known[a][1] for a in here}
                low = min(stats.values())
                ready = tuple(a for a in here if stats[a] == low)
                key = (round_value, low)
        sides = {self.side_of(a) for a in ready}
        if len(sides) > 1 and key not in self.firsts:
            return NextUp(round_value, True, None, ready, False, key)
        if len(sides) == 1:
            side = sides.pop()
        elif self.last_side is None or not self.moves.get(key):
            side = self.firsts[key]
        else:
            side = 1 - self.last_side
        actors = tuple(a for a in ready if self.side_of(a) == side)
        return NextUp(round_value, False, side, actors, False, key)

    def current_round(self) -> int | None:
        """The agility round being played: the active actor's, else the next one's."""
        if self.active is not None:
            return self.active_round
        return self.next_up().round

    def actors_left(self, side: int) -> tuple[str, ...]:
        """A side's actors still to act this turn (or phase)."""
        return tuple(a for a in self.ready() if self.side_of(a) == side)
