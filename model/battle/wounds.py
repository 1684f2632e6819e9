"""Wounds: a model takes (or heals) wounds, and goes out of the fight, or comes back, as
they reach its limit (the ``Wound`` event's handler).

Apart because actions and rolls wound a model too, through the same handler
(``StateReading.handle``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from model.battle.counter_changes import change
from model.battle.refused import Refused

if TYPE_CHECKING:
    from model.battle.events import Wound
    from model.battle.state_reading import StateReading


def wound(state: StateReading, event: Wound) -> None:
    """A model takes wounds (a negative amount heals), up to its limit."""
    model_id = event.model
    state.model(model_id)
    limit = state.wounds_max(model_id)
    out = state.tracker.damage.out_counter
    taken = state.wounds.get(model_id, 0)
    if event.amount > 0 and state.is_out(model_id):
        raise Refused(f"{model_id} is already out of the fight")
    new = max(0, min(limit, taken + event.amount))
    state.wounds[model_id] = new
    if event.amount > 0 and model_id in state.fight_on:
        change(state, model_id, out, 1)  # wounded again while fighting on
        state.fight_on.pop(model_id, None)
    elif new >= limit and not state.counter(model_id, out):
        change(state, model_id, out, 1)
    elif new < limit and state.counter(model_id, out):
        change(state, model_id, out, 0)
