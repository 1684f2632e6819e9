"""Whose turn it is: the round an actor acts in, who is still to act, who acts next by
the system's turn structure (stat rounds, alternating, phases), whether an actor may
delay, and the markers still down (some lift as the rounds go by).

Apart because the turn order is the tracker's most asked question and the rules of
activating, delaying and passing (``model.battle.activations``) are checked against it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from model.battle.state_reading import StateReading
from model.battle.state_values import Marker, NextUp, OrderKey

if TYPE_CHECKING:
    from model.battle.forces import ModelSnap

NO_DELAY = "no-delay"
"""The tag of models that may never delay (RB ch.4 Beast, Mong)."""

NO_DELAY_RULES = {"beast": "Beast", "mong": "Mong"}
"""The special rules that give ``NO_DELAY`` (by the tag they give too), named in the
refusal so that a player knows why: "cannot delay" alone did not say (issue 31)."""


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

    def delay_refusal(self, actor: str) -> str | None:
        """Why ``actor`` may not delay now, whatever the round it would delay to (None
        when it may): the tracker asks before it asks for the round."""
        turns = self.tracker.turns
        if turns.kind != "stat-rounds" or not turns.delay:
            return "this game has no delaying"
        if self.active is not None:
            return f"{self.active} is still active; end its activation first"
        up = self.next_up()
        if up.needs_roll_off:
            return "both sides have models in this round: roll off first"
        if actor not in up.actors:
            return f"{actor} can only delay when it is its turn to act"
        members = self.members(actor)
        if any(NO_DELAY in m.tags for m in members):
            tags = frozenset().union(*(m.tags for m in members))
            rules = [name for tag, name in NO_DELAY_RULES.items() if tag in tags]
            what = " and ".join(rules) if rules else "special rules"
            return (
                f"{actor} {members[0].label} cannot delay: its {what} rule forbids delaying, "
                f"so it acts in its own round (activate it, or let it do nothing)"
            )
        if actor in self.delays_used:
            return f"{actor} has already delayed this turn"
        return None

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
