"""Changing counters: setting one by hand, the bookkeeping of every change (when it was
set, going out and fighting on), counting down, and a table row's or test's effects.

Apart because every event that changes a counter goes through ``_set`` here.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from model.battle.events import SetCounter
from model.battle.forces import SIDE_LETTERS, ModelSnap
from model.battle.refused import Refused
from model.battle.state_reading import StateReading
from model.catalog.tracker_counters import RowEffect


class CounterChanges(StateReading):
    """Counter changes in a battle state, checked against the tracker rules."""

    def _on_counter(self, event: SetCounter) -> None:
        try:
            spec = self.tracker.counter(event.counter)
        except KeyError:
            raise Refused(f"unknown counter '{event.counter}'") from None
        if not self.has_counter(event.target, event.counter):
            raise Refused(f"{event.target} has no {spec.name}")
        limit = self.counter_max(event.target, event.counter)
        if event.value < 0 or (limit is not None and event.value > limit):
            top = "" if limit is None else f" to {limit}"
            raise Refused(f"{spec.name} goes from 0{top}")
        self._set(event.target, event.counter, event.value)

    def _set(self, target: str, counter_id: str, value: int) -> None:
        self._changed(target)
        spec = self.tracker.counter(counter_id)
        before = self.counter(target, counter_id)
        if value:
            self.counters.setdefault(target, {})[counter_id] = value
            if value >= before:  # set (again): "its next activation" counts from now
                self.set_at[(target, counter_id)] = self.activations.get(
                    self.model(target.split("/")[0]).actor if len(target) > 1 else target, 0
                )
                self.set_turn[(target, counter_id)] = self.turn
        else:
            self.counters.get(target, {}).pop(counter_id, None)
            self.set_at.pop((target, counter_id), None)
            self.set_turn.pop((target, counter_id), None)
        if spec.id == self.tracker.damage.out_counter and len(target) > 1:
            self._going_out(target, before, value)
            if value and not before and self.tracker.damage.on_out:
                self.apply_effects(self.tracker.damage.on_out, self.model(target))

    def _tick(self, target: str, counter_id: str, value: int) -> None:
        """Count a counter down without it counting as set again."""
        if value > 0:
            self.counters[target][counter_id] = value
        else:
            self._set(target, counter_id, 0)

    def _changed(self, target: str) -> None:
        """Forget what is known of the actor whose counter (or its model's, or an item's
        of its model) is about to change: whether it still stands, and its stat that
        orders the turn (``TurnOrder._ready``). A side's counters change neither.
        Called as a change starts: nothing works the turn order out again before the
        change (and the fighting on it starts or ends) is done. Counting down
        (``_tick``) and fighting on running out come at the end of a turn, which forgets
        every actor."""
        model = self.setup.find_model(target.partition("/")[0])
        if model is not None:
            self._standing.pop(model.actor, None)

    def _going_out(self, model_id: str, before: int, value: int) -> None:
        tag = self.tracker.damage.fight_on
        model = self.model(model_id)
        if value and not before and tag and tag in model.tags:
            self.fight_on[model_id] = self.turn + 1
        elif value and model_id in self.fight_on and self.fight_on[model_id] >= self.turn:
            del self.fight_on[model_id]  # hit again while fighting on: out for good
        elif not value:
            self.fight_on.pop(model_id, None)

    def effect_target(self, effect: RowEffect, model: ModelSnap) -> str:
        """Whose counter an effect changes: the model's, its unit's or its side's."""
        try:
            spec = self.tracker.counter(effect.counter)
        except KeyError:
            raise Refused(f"unknown counter '{effect.counter}'") from None
        if spec.scope == "side":
            return SIDE_LETTERS[model.side]
        if spec.scope == "actor":
            return model.actor
        if spec.scope == "item":
            raise Refused(f"{spec.name} is kept per item; a table result cannot choose one")
        return model.id

    def apply_effects(
        self, effects: Sequence[RowEffect], model: ModelSnap, values: Sequence[int] = ()
    ) -> None:
        """Apply a result's counter changes to a model, reading the dice they roll from
        ``values`` in order; refuse, changing nothing, when a change cannot be made."""
        rolled = iter(values)
        changes: dict[tuple[str, str], int] = {}
        for effect in effects:
            target = self.effect_target(effect, model)
            spec = self.tracker.counter(effect.counter)
            if not self.has_counter(target, effect.counter):
                raise Refused(f"{target} has no {spec.name}")
            key = (target, effect.counter)
            amount = _effect_value(effect, rolled, spec.name)  # read even when skipped
            if effect.if_tags and not effect.if_tags & model.tags:
                continue
            if effect.if_set is not None:
                guard = (self.effect_target(RowEffect(counter=effect.if_set), model), effect.if_set)
                if not changes.get(guard, self.counter(*guard)):
                    continue
            current = changes.get(key, self.counter(*key))
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
            limit = self.counter_max(target, effect.counter)
            changes[key] = max(0, new if limit is None else min(new, limit))
        if next(rolled, None) is not None:
            raise Refused("more dice were given than the result rolls")
        for (target, counter_id), value in changes.items():
            self._set(target, counter_id, value)


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
