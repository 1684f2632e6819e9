"""Actions: a model does one of the tracker's actions, maybe with one of its items, paying
its cost and planning its effects on counters before any is made (the ``Act`` event's
handler).

Apart because an action reads the most rules of any event (its needs, its item, its
cost, its effects, whether it ends the activation).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from model.battle.counter_changes import change
from model.battle.events import Act, EndActivation, Wound
from model.battle.forces import SIDE_LETTERS, ItemSnap, ModelSnap
from model.battle.refused import Refused
from model.battle.setup import matches_item, matches_model
from model.core.messages import counted

if TYPE_CHECKING:
    from model.battle.state_reading import StateReading
    from model.catalog.tracker_counters import Effect


def act(state: StateReading, event: Act) -> None:
    """A model does an action: its needs and item are checked and every counter change
    planned before any is made, so a refused action changes nothing."""
    model = state.model(event.model)
    try:
        spec = state.tracker.action(event.action)
    except KeyError:
        raise Refused(f"unknown action '{event.action}'") from None
    if state.active != model.actor and not spec.interrupt:
        raise Refused(f"{model.id} is not active")
    if state.is_out(model.id):
        raise Refused(f"{model.id} is out of the fight")
    if spec.units is not None and not matches_model(spec.units, model):
        raise Refused(f"{model.id} cannot {spec.name}")
    for needed in spec.needs:  # a once-per-game use of the model or its unit (Rally)
        for target in dict.fromkeys((model.id, model.actor)):
            if state.has_counter(target, needed) and state.counter(target, needed):
                name = state.tracker.counter(needed).name
                raise Refused(f"{model.id} cannot {spec.name}: {name}")
    for required in spec.requires:
        if not any(state.counter(t, required) for t in dict.fromkeys((model.id, model.actor))):
            name = state.tracker.counter(required).name
            raise Refused(f"{model.id} cannot {spec.name}: it needs {name}")
    item: ItemSnap | None = None
    if spec.item is not None:
        if event.item is None:
            raise Refused(f"{spec.name} needs an item")
        item = _item(state, model, event.item)
        if not matches_item(spec.item, model, item):
            raise Refused(f"{spec.name} cannot be done with {item.name}")
        for needed in spec.needs:
            if state.has_counter(event.item, needed) and state.counter(event.item, needed):
                name = state.tracker.counter(needed).name
                raise Refused(f"{item.name}: {name}")
    if not spec.interrupt and spec.cost > state.actions_left(model.id):
        raise Refused(f"{model.id} has {counted(state.actions_left(model.id), 'action')} left")
    spends_turn = False
    if spec.spends_turn_if is not None:
        key = (model.actor, spec.spends_turn_if)
        held = state.counter(*key) and state.set_turn.get(key, state.turn) < state.turn
        spends_turn = bool(held) and model.actor not in state.acted
        spends_turn = spends_turn and state.active != model.actor
    changes: dict[tuple[str, str], int] = {}
    for effect in spec.effects:
        _plan_effect(state, effect, model, item, event.item, changes)
    if not spec.interrupt:
        used = state.used_target(model.id)
        key = (used, state.tracker.used_counter)
        changes[key] = changes.get(key, state.counter(*key)) + spec.cost
    for (target, counter_id), value in changes.items():
        change(state, target, counter_id, value)
    if spec.wounds:
        state.handle(Wound(kind="wound", model=model.id, amount=spec.wounds))
    if spends_turn:
        state.acted.add(model.actor)  # kept overwatch: this round's action is used
    if spec.ends_activation and state.active == model.actor:
        state.handle(EndActivation(kind="end-activation", actor=model.actor))


def _item(state: StateReading, model: ModelSnap, target: str) -> ItemSnap:
    """The item an action names, which the model must carry."""
    item = state.setup.item_of(model, target)
    if item is not None:
        return item
    raise Refused(f"{model.id} does not carry {target.partition('/')[2] or target}")


def _plan_effect(
    state: StateReading,
    effect: Effect,
    model: ModelSnap,
    item: ItemSnap | None,
    item_target: str | None,
    changes: dict[tuple[str, str], int],
) -> None:
    """Add one effect's change to ``changes`` (refusing one that spends what is not
    there), so that every effect is checked before any counter changes."""
    if effect.when is not None and (item is None or not matches_item(effect.when, model, item)):
        return
    target = {"model": model.id, "item": item_target, "side": SIDE_LETTERS[model.side]}[effect.on]
    try:
        spec = state.tracker.counter(effect.counter)
    except KeyError:
        return
    if effect.on == "model" and spec.scope == "actor":
        target = model.actor  # the counter of the pack or unit the model acts with
    amount = state.evaluate(effect.value, model, item) * state.evaluate(effect.repeat, model, item)
    if target is None or not state.has_counter(target, effect.counter):
        if effect.op == "add" and amount < 0:  # nothing to spend (no bullets bought)
            raise Refused(f"not enough {spec.name} (0)")
        return
    key = (target, effect.counter)
    current = changes.get(key, state.counter(*key))
    if effect.op == "clear":
        new = 0
    elif effect.op == "set":
        new = state.evaluate(effect.value, model, item)
    elif effect.op == "remove":
        new = max(0, current - amount)
    else:
        new = current + amount
    if new < 0:
        raise Refused(f"not enough {spec.name} ({current})")
    limit = state.counter_max(target, effect.counter)
    if limit is not None and new > limit:
        new = limit
    changes[key] = new
