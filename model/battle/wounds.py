"""Wounds: a model takes (or heals) wounds, and goes out of the fight, or comes back, as
they reach its limit.

Apart because actions and rolls wound a model too, through the same handler.
"""

from __future__ import annotations

from model.battle.counter_changes import CounterChanges
from model.battle.events import Wound
from model.battle.refused import Refused


class Wounds(CounterChanges):
    """Wounds taken and healed in a battle state."""

    def _on_wound(self, event: Wound) -> None:
        model_id = event.model
        self.model(model_id)
        limit = self.wounds_max(model_id)
        out = self.tracker.damage.out_counter
        taken = self.wounds.get(model_id, 0)
        if event.amount > 0 and self.is_out(model_id):
            raise Refused(f"{model_id} is already out of the fight")
        new = max(0, min(limit, taken + event.amount))
        self.wounds[model_id] = new
        if event.amount > 0 and model_id in self.fight_on:
            self._set(model_id, out, 1)  # wounded again while fighting on
            self.fight_on.pop(model_id, None)
        elif new >= limit and not self.counter(model_id, out):
            self._set(model_id, out, 1)
        elif new < limit and self.counter(model_id, out):
            self._set(model_id, out, 0)
