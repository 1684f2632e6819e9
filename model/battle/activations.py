"""Activations and the turn's order of play: an actor activates and ends its activation,
delays, the sides roll off for who goes first, pass or retain the initiative.

Apart because these events move the turn on; they are checked against the turn order
(``model.battle.turn_order``).
"""

from __future__ import annotations

from model.battle.counter_changes import CounterChanges
from model.battle.events import Activate, Delay, EndActivation, Pass, Retain, RollOff
from model.battle.forces import SIDE_LETTERS, ModelSnap
from model.battle.refused import Refused
from model.battle.state_values import OrderKey
from model.battle.turn_order import TurnOrder

NO_DELAY = "no-delay"
"""The tag of models that may never delay (RB ch.4 Beast, Mong)."""

NO_DELAY_RULES = {"beast": "Beast", "mong": "Mong"}
"""The special rules that give ``NO_DELAY`` (by the tag they give too), named in the
refusal so that a player knows why: "cannot delay" alone did not say (issue 31)."""


class Activations(TurnOrder, CounterChanges):
    """Activating, delaying, rolling off, passing and retaining in a battle state."""

    def _on_activate(self, event: Activate) -> None:
        actor = event.actor
        if actor not in self.setup.actor_ids():
            raise Refused(f"{actor} is not a model that activates")
        if self.active is not None:
            raise Refused(f"{self.active} is still active; end its activation first")
        if not self.actor_present(actor):
            raise Refused(f"{actor} is out of the fight")
        if actor in self.acted:
            raise Refused(f"{actor} has already acted this turn")
        standing = self.standing_down(actor)
        if standing is not None:
            raise Refused(f"{actor} does not activate this turn: {standing.name}")
        turns = self.tracker.turns
        if turns.kind == "phases" and not turns.phases[self.phase].activations:
            raise Refused(f"nothing activates in the {turns.phases[self.phase].name} phase")
        up = self.next_up()
        if up.needs_roll_off:
            raise Refused("both sides have models in this round: roll off first")
        if (turns.kind != "phases" or up.side is not None) and actor not in up.actors:
            who = ", ".join(up.actors) or "nobody"
            raise Refused(f"it is not {actor}'s turn to act; next: {who}")
        self.active = actor
        self.active_round = up.round
        self.retained = actor if self.retaining == self.side_of(actor) else None
        self.retaining = None
        self.activations[actor] = self.activations.get(actor, 0) + 1
        self.moves[up.key] = self.moves.get(up.key, 0) + 1
        for model in self.members(actor):
            for target in self._targets_of(model):
                for counter_id in list(self.counters.get(target, {})):
                    if self.tracker.counter(counter_id).clears == "start-of-activation":
                        self._set(target, counter_id, 0)
        for target, spec, owner, item in self.setup.refreshed_on_activation(actor):
            if spec.refresh is not None and owner is not None:
                value = self._eval(spec.refresh, owner, item)
                limit = self.counter_max(target, spec.id)
                self._set(target, spec.id, min(value, limit) if limit is not None else value)

    def _on_end_activation(self, event: EndActivation) -> None:
        if self.active != event.actor:
            raise Refused(f"{event.actor} is not the active model")
        actor = event.actor
        self.active = None
        self.active_round = None
        self.retained = None
        self.acted.add(actor)
        side = self.side_of(actor)
        if self.owed and side != self.last_side:
            self.owed -= 1  # passed to: the same side acts again
        else:
            self.last_side = side
            self.owed = 0
        count = self.activations.get(actor, 0)
        for model in self.members(actor):
            for target in self._targets_of(model):
                for counter_id in list(self.counters.get(target, {})):
                    clears = self.tracker.counter(counter_id).clears
                    key = (target, counter_id)
                    if (
                        clears == "end-of-activation"
                        or (
                            clears == "end-of-next-activation"
                            and self.set_at.get(key, count) < count
                        )
                        or (
                            clears == "end-of-activation-next-turn"
                            and self.set_turn.get(key, self.turn) < self.turn
                        )
                    ):
                        self._set(target, counter_id, 0)

    def _targets_of(self, model: ModelSnap) -> tuple[str, ...]:
        """The model and each item it carries that has counters, as counter targets."""
        return self.setup.counter_targets(model)

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

    def _on_delay(self, event: Delay) -> None:
        refusal = self.delay_refusal(event.actor)
        if refusal is not None:
            raise Refused(refusal)
        up = self.next_up()
        if up.round is None or event.to >= up.round:
            raise Refused(f"delay to a later round: lower than {up.round}")
        if event.to < 0:
            raise Refused("there is no round below 0")
        self.delayed[event.actor] = event.to
        self.delays_used.add(event.actor)

    def _on_roll_off(self, event: RollOff) -> None:
        if event.first not in (0, 1):
            raise Refused("the first side is 0 (A) or 1 (B)")
        if self.active is not None:
            raise Refused(f"{self.active} is still active; end its activation first")
        key: OrderKey = None
        if self.tracker.turns.kind != "phases":
            up = self.next_up()
            key = up.key
            if up.turn_over:
                raise Refused("nobody is left to act this turn")
            if not up.needs_roll_off and key not in self.firsts and up.side is not None:
                where = f"round {up.round}" if up.round is not None else "this turn"
                raise Refused(
                    f"only side {SIDE_LETTERS[up.side]} has models in {where}: no roll-off"
                )
        if key in self.firsts:
            raise Refused("the order for this round is already rolled")
        self.firsts[key] = event.first
        self.last_side = None
        self.owed = 0
        if event.winner is not None:
            self.last_winner = event.winner

    def _on_pass(self, event: Pass) -> None:
        if not self.tracker.turns.can_pass:
            raise Refused("this game has no passing")
        if self.active is not None:
            raise Refused(f"{self.active} is still active; end its activation first")
        if event.side not in (0, 1):
            raise Refused("the side is 0 (A) or 1 (B)")
        up = self.next_up()
        if up.side != event.side:
            raise Refused(f"side {SIDE_LETTERS[event.side]} is not the one to act")
        # a side with fewer units left may pass; the other then activates two in a row
        # (Steam Wars 2.1 Pass)
        mine = len(self.actors_left(event.side))
        theirs = len(self.actors_left(1 - event.side))
        if mine >= theirs:
            raise Refused(
                f"side {SIDE_LETTERS[event.side]} has {mine} left to activate and side "
                f"{SIDE_LETTERS[1 - event.side]} {theirs}: only the side with fewer may pass"
            )
        self.last_side = event.side
        self.owed = 1
        self.moves[up.key] = self.moves.get(up.key, 0) + 1

    def _on_retain(self, event: Retain) -> None:
        turns = self.tracker.turns
        if turns.kind != "phases" or turns.phases[self.phase].order != "alternating":
            raise Refused("sides do not alternate in this phase: there is no initiative to retain")
        if self.active is not None:
            raise Refused(f"{self.active} is still active; end its activation first")
        if event.side not in (0, 1):
            raise Refused("the side is 0 (A) or 1 (B)")
        if self.last_side != event.side or self.retaining is not None:
            raise Refused(f"side {SIDE_LETTERS[event.side]} has not just acted")
        if not self.actors_left(event.side):
            raise Refused(f"side {SIDE_LETTERS[event.side]} has nobody left to act")
        self.last_side = 1 - event.side
        self.owed = 0
        self.retaining = event.side
