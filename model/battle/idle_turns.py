"""The turns of the models that do nothing: what "the rest pass" means in the log.

A model that does nothing in a turn still takes its turn: the rules give every model
its activation, and the fold refuses to end a turn while one has not had it. At the
table, players often end a turn with "the rest pass" instead of naming each model;
``idle_turns`` works out the activations that say so (each actor activated and its
activation ended with no action), in the order the turn structure gives, so the
tracker can record them with one key and the log still tells the truth about the turn.

Apart from the fold because it is not a rule of the game but a way through it: it only
asks the state who is next and checks each step with the fold itself.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from model.battle.events import Activate, EndActivation, Event
from model.battle.refused import Refused
from model.core.value import frozen_value

if TYPE_CHECKING:
    from model.battle.state import BattleState


@frozen_value(slots=False)
class IdleTurns:
    """The events that let every waiting actor take its turn doing nothing."""

    events: tuple[Event, ...]
    """Activate and end-activation pairs, in turn order."""
    stopped: str | None
    """Why the events stop before everyone has had a turn (a roll-off the players must
    make first, or a rule that refuses an activation), or None when the turn can end."""


def idle_turns(state: BattleState) -> IdleTurns:
    """The activations, with no action, of every actor still to act this turn, in the order
    the rules give; each step is checked by the fold, and the walk stops where the players
    must decide (a roll-off) or a rule refuses. Bounded by the number of actors: each one
    acts at most once a turn."""
    events: list[Event] = []
    for _ in range(len(state.setup.actors())):
        if state.active is not None:
            return IdleTurns(tuple(events), f"{state.active} is still active")
        up = state.next_up()
        if not up.actors:  # the turn is over (or the phase has nobody left to activate)
            break
        if up.needs_roll_off:
            return IdleTurns(tuple(events), "both sides have models here: roll off first (o)")
        actor = up.actors[0]
        pair: tuple[Event, ...] = (
            Activate(kind="activate", actor=actor),
            EndActivation(kind="end-activation", actor=actor),
        )
        try:
            for event in pair:
                state = state.then(event)
        except Refused as exc:
            return IdleTurns(tuple(events), exc.reason)
        events.extend(pair)
    return IdleTurns(tuple(events), None)
