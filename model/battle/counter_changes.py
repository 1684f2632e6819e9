"""Changing counters: setting one by hand (the ``SetCounter`` event's handler), the
bookkeeping of every change (when it was set, going out and fighting on), counting down,
and a table row's or test's effects.

Apart because every handler that changes a counter goes through ``change`` here; the
handlers import this module and the state's reading (``model.battle.state_reading``),
not each other.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING

from model.battle.refused import Refused
from model.catalog.tracker_counters import RowEffect

if TYPE_CHECKING:
    from model.battle.events import SetCounter
    from model.battle.forces import ModelSnap
    from model.battle.state_reading import StateReading


def set_counter(state: StateReading, event: SetCounter) -> None:
    """A counter set by hand, within the values the catalog allows it."""
    try:
        spec = state.tracker.counter(event.counter)
    except KeyError:
        raise Refused(f"unknown counter '{event.counter}'") from None
    if not state.has_counter(event.target, event.counter):
        raise Refused(f"{event.target} has no {spec.name}")
    limit = state.counter_max(event.target, event.counter)
    if event.value < 0 or (limit is not None and event.value > limit):
        top = "" if limit is None else f" to {limit}"
        raise Refused(f"{spec.name} goes from 0{top}")
    change(state, event.target, event.counter, event.value)


def change(state: StateReading, target: str, counter_id: str, value: int) -> None:
    """Set a counter, keeping when it was set, whether its model goes out or fights on,
    and what the damage's ``on_out`` does as the model goes out."""
    forget_actor(state, target)
    tracker = state.tracker
    spec = tracker.counter(counter_id)
    before = state.counter(target, counter_id)
    if value:
        state.counters.setdefault(target, {})[counter_id] = value
        if value >= before:  # set (again): "its next activation" counts from now
            state.set_at[(target, counter_id)] = state.activations.get(
                state.model(target.split("/")[0]).actor if len(target) > 1 else target, 0
            )
            state.set_turn[(target, counter_id)] = state.turn
    else:
        state.counters.get(target, {}).pop(counter_id, None)
        state.set_at.pop((target, counter_id), None)
        state.set_turn.pop((target, counter_id), None)
    if spec.id == tracker.damage.out_counter and len(target) > 1:
        _going_out(state, target, before, value)
        if value and not before and tracker.damage.on_out:
            apply_effects(state, tracker.damage.on_out, state.model(target))


def tick(state: StateReading, target: str, counter_id: str, value: int) -> None:
    """Count a counter down without it counting as set again."""
    if value > 0:
        state.counters[target][counter_id] = value
    else:
        change(state, target, counter_id, 0)


def forget_actor(state: StateReading, target: str) -> None:
    """Forget what is known of the actor whose counter (or its model's, or an item's
    of its model) is about to change: whether it still stands, and its stat that
    orders the turn (``TurnOrder._ready``). A side's counters change neither.
    Called as a change starts: nothing works the turn order out again before the
    change (and the fighting on it starts or ends) is done. Counting down (``tick``)
    and fighting on running out come at the end of a turn, which forgets every actor."""
    model = state.setup.find_model(target.partition("/")[0])
    if model is not None:
        state.forget_standing(model.actor)


def _going_out(state: StateReading, model_id: str, before: int, value: int) -> None:
    tag = state.tracker.damage.fight_on
    model = state.model(model_id)
    fight_on = state.fight_on
    if value and not before and tag and tag in model.tags:
        fight_on[model_id] = state.turn + 1
    elif value and model_id in fight_on and fight_on[model_id] >= state.turn:
        del fight_on[model_id]  # hit again while fighting on: out for good
    elif not value:
        fight_on.pop(model_id, None)


def apply_effects(
    state: StateReading, effects: Sequence[RowEffect], model: ModelSnap, values: Sequence[int] = ()
) -> None:
    """Apply a result's counter changes to a model, reading the dice they roll from
    ``values`` in order; refuse, changing nothing, when a change cannot be made."""
    rolled = iter(values)
    changes: dict[tuple[str, str], int] = {}
    for effect in effects:
        target = state.effect_target(effect, model)
        spec = state.tracker.counter(effect.counter)
        if not state.has_counter(target, effect.counter):
            raise Refused(f"{target} has no {spec.name}")
        key = (target, effect.counter)
        amount = _effect_value(effect, rolled, spec.name)  # read even when skipped
        if effect.if_tags and not effect.if_tags & model.tags:
            continue
        if effect.if_set is not None:
            guard = (state.effect_target(RowEffect(counter=effect.if_set), model), effect.if_set)
            if not changes.get(guard, state.counter(*guard)):
                continue
        current = changes.get(key, state.counter(*key))
        if effect.op == "remove":
            new = current - amount
        elif effect.op == "clear":
            new = 0
        elif effect.op == "set":
            new = amount
        elif effect.op == "halve":
            new = current // 2  # half removed, rounded up
        else:
            new = current + amount
        limit = state.counter_max(target, effect.counter)
        changes[key] = max(0, new if limit is None else min(new, limit))
    if next(rolled, None) is not None:
        raise Refused("more dice were given than the result rolls")
    for (target, counter_id), value in changes.items():
        change(state, target, counter_id, value)


def _effect_value(effect: RowEffect, rolled: Iterator[int], name: str) -> int:
    """An effect's number: as written, or the next rolled value (at least ``at_least``)."""
    if isinstance(effect.value, int):
        return effect.value
    if effect.value == "given":
        given = next(rolled, None)
        if given is None or given < 0:
            raise Refused(f"{name}: the roll does not give the number it changes by")
        return given
    count_text, _, sides_text = effect.value.partition("d")
    count, sides = int(count_text or 1), int(sides_text)
    value = next(rolled, None)
    if value is None:
        raise Refused(f"{name}: the {effect.value} it rolls is missing")
    if not count <= value <= count * sides:
        raise Refused(f"{name}: {value} is not a result of {effect.value}")
    if effect.at_least is not None:
        value = max(value, effect.at_least)
    return value if effect.divide is None else value // effect.divide
