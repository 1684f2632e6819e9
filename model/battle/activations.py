"""Activations and the turn's order of play: an actor activates and ends its activation,
delays, the sides roll off for who goes first, pass or retain the initiative (the
handlers of ``Activate``, ``EndActivation``, ``Delay``, ``RollOff``, ``Pass``, ``Retain``).

Apart because these events move the turn on; they are checked against the turn order
(``model.battle.turn_order``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from model.battle.counter_changes import change
from model.battle.forces import SIDE_LETTERS
from model.battle.refused import Refused

if TYPE_CHECKING:
    from model.battle.events import Activate, Delay, EndActivation, Pass, Retain, RollOff
    from model.battle.state_values import OrderKey
    from model.battle.turn_order import TurnOrder


def activate(state: TurnOrder, event: Activate) -> None:
    """An actor starts its activation when it is its turn; the counters that clear as it
    starts are cleared, and those it refreshes are set again."""
    actor = event.actor
    if actor not in state.setup.actor_ids():
        raise Refused(f"{actor} is not a model that activates")
    if state.active is not None:
        raise Refused(f"{state.active} is still active; end its activation first")
    if not state.actor_present(actor):
        raise Refused(f"{actor} is out of the fight")
    if actor in state.acted:
        raise Refused(f"{actor} has already acted this turn")
    standing = state.standing_down(actor)
    if standing is not None:
        raise Refused(f"{actor} does not activate this turn: {standing.name}")
    turns = state.tracker.turns
    if turns.kind == "phases" and not turns.phases[state.phase].activations:
        raise Refused(f"nothing activates in the {turns.phases[state.phase].name} phase")
    up = state.next_up()
    if up.needs_roll_off:
        raise Refused("both sides have models in this round: roll off first")
    if (turns.kind != "phases" or up.side is not None) and actor not in up.actors:
        who = ", ".join(up.actors) or "nobody"
        raise Refused(f"it is not {actor}'s turn to act; next: {who}")
    state.active = actor
    state.active_round = up.round
    state.retained = actor if state.retaining == state.side_of(actor) else None
    state.retaining = None
    state.activations[actor] = state.activations.get(actor, 0) + 1
    state.moves[up.key] = state.moves.get(up.key, 0) + 1
    for model in state.members(actor):
        for target in state.setup.counter_targets(model):
            for counter_id in list(state.counters.get(target, {})):
                if state.tracker.counter(counter_id).clears == "start-of-activation":
                    change(state, target, counter_id, 0)
    for target, spec, owner, item in state.setup.refreshed_on_activation(actor):
        if spec.refresh is not None and owner is not None:
            value = state.evaluate(spec.refresh, owner, item)
            limit = state.counter_max(target, spec.id)
            change(state, target, spec.id, min(value, limit) if limit is not None else value)


def end_activation(state: TurnOrder, event: EndActivation) -> None:
    """The active actor has acted: the turn passes on (or stays with the side passed to),
    and the counters that clear at the end of this (or a later) activation clear."""
    if state.active != event.actor:
        raise Refused(f"{event.actor} is not the active model")
    actor = event.actor
    state.active = None
    state.active_round = None
    state.retained = None
    state.acted.add(actor)
    side = state.side_of(actor)
    if state.owed and side != state.last_side:
        state.owed -= 1  # passed to: the same side acts again
    else:
        state.last_side = side
        state.owed = 0
    count = state.activations.get(actor, 0)
    for model in state.members(actor):
        for target in state.setup.counter_targets(model):
            for counter_id in list(state.counters.get(target, {})):
                clears = state.tracker.counter(counter_id).clears
                key = (target, counter_id)
                if (
                    clears == "end-of-activation"
                    or (clears == "end-of-next-activation" and state.set_at.get(key, count) < count)
                    or (
                        clears == "end-of-activation-next-turn"
                        and state.set_turn.get(key, state.turn) < state.turn
                    )
                ):
                    change(state, target, counter_id, 0)


def delay(state: TurnOrder, event: Delay) -> None:
    """The actor whose turn it is acts later, in a lower round (stat-rounds)."""
    refusal = state.delay_refusal(event.actor)
    if refusal is not None:
        raise Refused(refusal)
    up = state.next_up()
    if up.round is None or event.to >= up.round:
        raise Refused(f"delay to a later round: lower than {up.round}")
    if event.to < 0:
        raise Refused("there is no round below 0")
    state.delayed[event.actor] = event.to
    state.delays_used.add(event.actor)


def roll_off(state: TurnOrder, event: RollOff) -> None:
    """The side that acts first in this round (or turn), where both have actors."""
    if event.first not in (0, 1):
        raise Refused("the first side is 0 (A) or 1 (B)")
    if state.active is not None:
        raise Refused(f"{state.active} is still active; end its activation first")
    key: OrderKey = None
    if state.tracker.turns.kind != "phases":
        up = state.next_up()
        key = up.key
        if up.turn_over:
            raise Refused("nobody is left to act this turn")
        if not up.needs_roll_off and key not in state.firsts and up.side is not None:
            where = f"round {up.round}" if up.round is not None else "this turn"
            raise Refused(f"only side {SIDE_LETTERS[up.side]} has models in {where}: no roll-off")
    if key in state.firsts:
        raise Refused("the order for this round is already rolled")
    state.firsts[key] = event.first
    state.last_side = None
    state.owed = 0
    if event.winner is not None:
        state.last_winner = event.winner


def pass_turn(state: TurnOrder, event: Pass) -> None:
    """A side with fewer actors left passes; the other then acts twice in a row."""
    if not state.tracker.turns.can_pass:
        raise Refused("this game has no passing")
    if state.active is not None:
        raise Refused(f"{state.active} is still active; end its activation first")
    if event.side not in (0, 1):
        raise Refused("the side is 0 (A) or 1 (B)")
    up = state.next_up()
    if up.side != event.side:
        raise Refused(f"side {SIDE_LETTERS[event.side]} is not the one to act")
    # a side with fewer units left may pass; the other then activates two in a row
    # (Steam Wars 2.1 Pass)
    mine = len(state.actors_left(event.side))
    theirs = len(state.actors_left(1 - event.side))
    if mine >= theirs:
        raise Refused(
            f"side {SIDE_LETTERS[event.side]} has {mine} left to activate and side "
            f"{SIDE_LETTERS[1 - event.side]} {theirs}: only the side with fewer may pass"
        )
    state.last_side = event.side
    state.owed = 1
    state.moves[up.key] = state.moves.get(up.key, 0) + 1


def retain(state: TurnOrder, event: Retain) -> None:
    """The side that has just acted acts again (alternating phases, Reikhammer)."""
    turns = state.tracker.turns
    if turns.kind != "phases" or turns.phases[state.phase].order != "alternating":
        raise Refused("sides do not alternate in this phase: there is no initiative to retain")
    if state.active is not None:
        raise Refused(f"{state.active} is still active; end its activation first")
    if event.side not in (0, 1):
        raise Refused("the side is 0 (A) or 1 (B)")
    if state.last_side != event.side or state.retaining is not None:
        raise Refused(f"side {SIDE_LETTERS[event.side]} has not just acted")
    if not state.actors_left(event.side):
        raise Refused(f"side {SIDE_LETTERS[event.side]} has nobody left to act")
    state.last_side = 1 - event.side
    state.owed = 0
    state.retaining = event.side
