"""Rolls applied to a model: the result of one of the catalog's tables or tests (or a
roll's wounds) changes its counters, so undo takes the roll and its effects back
together.

Apart because rolls are the dice helper's events; the rest of the fold never rolls.
"""

from __future__ import annotations

from model.battle.events import Roll, Wound
from model.battle.forces import ModelSnap
from model.battle.refused import Refused
from model.battle.setup import matches_model
from model.battle.wounds import Wounds
from model.catalog.tracker_rolls import TableSpec, TestSpec


class RollResults(Wounds):
    """Rolls on tables and tests applied to a model in a battle state."""

    def _on_roll(self, event: Roll) -> None:
        """A roll goes into the log; one applied to a model changes its counters by the
        table row or the test outcome it names."""
        if event.target is None:
            return
        if self.ended:
            raise Refused("the game is over")
        model = self.model(event.target)
        if event.table is not None:
            table = self.tracker.table(event.table)
            if table is None:
                raise Refused(f"unknown table '{event.table}'")
            if event.row is None:
                raise Refused(f"which row of {table.name}: the roll has no number")
            self.check_takes(table, model)
            row = table.row_for(event.row)
            if row is None:
                raise Refused(f"{table.name} has no row for {event.row}")
            effects = row.effects
        elif event.test is not None:
            test = self.tracker.test(event.test)
            if test is None:
                raise Refused(f"unknown test '{event.test}'")
            if test.applies_to == "tested":  # ``units`` says who is tested, not the target
                self.check_takes(test, model)
            if event.passed is None:
                raise Refused(f"{test.name}: the roll does not say whether it passed")
            effects = test.on_pass if event.passed else test.on_fail
        elif event.wounds:
            effects = ()
        else:
            raise Refused("a roll applied to a model names a table, a test or wounds")
        self.apply_effects(effects, model, event.values)
        if event.wounds:
            self._on_wound(Wound(kind="wound", model=model.id, amount=event.wounds))

    def check_takes(self, spec: TableSpec | TestSpec, model: ModelSnap) -> None:
        """Refuse a table or test for a model its ``units`` leave out (a vehicle table
        for infantry)."""
        if spec.units is not None and not matches_model(spec.units, model):
            raise Refused(f"{model.label} does not take the {spec.name}")
