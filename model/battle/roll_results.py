"""Rolls applied to a model (the ``Roll`` event's handler): the result of one of the
catalog's tables or tests (or a roll's wounds) changes its counters, so undo takes the
roll and its effects back together.

Apart because rolls are the dice helper's events; the rest of the fold never rolls.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from model.battle.counter_changes import apply_effects
from model.battle.events import Roll, Wound
from model.battle.refused import Refused

if TYPE_CHECKING:
    from model.battle.state_reading import StateReading


def roll(state: StateReading, event: Roll) -> None:
    """A roll goes into the log; one applied to a model changes its counters by the
    table row or the test outcome it names."""
    if event.target is None:
        return
    if state.ended:
        raise Refused("the game is over")
    model = state.model(event.target)
    if event.table is not None:
        table = state.tracker.table(event.table)
        if table is None:
            raise Refused(f"unknown table '{event.table}'")
        if event.row is None:
            raise Refused(f"which row of {table.name}: the roll has no number")
        state.check_takes(table, model)
        row = table.row_for(event.row)
        if row is None:
            raise Refused(f"{table.name} has no row for {event.row}")
        effects = row.effects
    elif event.test is not None:
        test = state.tracker.test(event.test)
        if test is None:
            raise Refused(f"unknown test '{event.test}'")
        if test.applies_to == "tested":  # ``units`` says who is tested, not the target
            state.check_takes(test, model)
        if event.passed is None:
            raise Refused(f"{test.name}: the roll does not say whether it passed")
        effects = test.on_pass if event.passed else test.on_fail
    elif event.wounds:
        effects = ()
    else:
        raise Refused("a roll applied to a model names a table, a test or wounds")
    apply_effects(state, effects, model, event.values)
    if event.wounds:
        state.handle(Wound(kind="wound", model=model.id, amount=event.wounds))
