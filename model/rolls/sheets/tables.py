"""A catalog table rolled for a model, and the rolls a result leads to (``follow``).

Apart from ``model.rolls.tables`` (which reads any game's table) because these rows change
the model they are rolled for, and lead on to other tables and tests.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from model.battle.refused import Refused
from model.rolls.sheets.applied import AppliedRoll, effect_dice
from model.rolls.sheets.catalog_tests import roll_test
from model.rolls.tables import parse_dice

if TYPE_CHECKING:
    from model.battle.state import BattleState
    from model.catalog.tracker_rolls import TableSpec
    from model.rolls.dice import DiceSource

MAX_FOLLOW = 8
"""The longest chain of rolls one result may lead to (tables that send to each other)."""

# --- tables ---------------------------------------------------------------------------------


def roll_table(
    state: BattleState,
    table: TableSpec,
    model_id: str,
    dice: DiceSource,
    *,
    roll: int | None = None,
    title: str | None = None,
) -> AppliedRoll:
    """A table's row for a model: ``roll`` when the player rolled it, else rolled here;
    the dice its effects roll are rolled here too."""
    state.check_takes(table, state.model(model_id))
    if table.dice is None:
        raise Refused(f"{table.name} is looked up, not rolled")
    count, sides, add = parse_dice(table.dice)
    if roll is None:
        rolled = tuple(dice.roll(sides) for _ in range(count))
        value = sum(rolled) + add
    else:
        if not count + add <= roll <= count * sides + add:
            raise Refused(f"{roll} cannot be rolled on {table.dice}")
        rolled, value = (), roll
    row = table.row_for(value)
    if row is None:
        raise Refused(f"{table.name} has no row for {value}")
    values = effect_dice(row.effects, dice)
    name = table.name + (f" ({table.column})" if table.column else "")
    outcome = row.result
    if values:
        outcome += f" (rolled {', '.join(str(v) for v in values)})"
    return AppliedRoll(
        title=title or f"{name}: {state.model(model_id).label}",
        dice=rolled,
        detail=f"{table.dice}: {value}",
        outcome=outcome,
        target=model_id,
        table=table.id,
        row=value,
        row_spec=row,
        values=tuple(values),
    )


def follow(state: BattleState, first: AppliedRoll, dice: DiceSource) -> tuple[AppliedRoll, ...]:
    """The rolls ``first`` leads to, in order, each rolled on the state the one before
    left: a row's ``then`` table and ``test``, a test's pass or fail table. Stops when the
    model is out of the fight (an exploded vehicle rolls no more)."""
    out: list[AppliedRoll] = []
    current, state = first, state.then(first.event())
    for _ in range(MAX_FOLLOW):
        model_id = current.target
        if state.is_out(model_id):
            break
        nexts: list[AppliedRoll] = []
        if current.row_spec is not None:
            row = current.row_spec
            table = state.tracker.table(row.then) if row.then else None
            if table is not None:
                nexts.append(roll_table(state, table, model_id, dice))
            test = state.tracker.test(row.test) if row.test else None
            if test is not None:
                nexts.append(roll_test(state, test, model_id, dice))
        elif current.test is not None:
            spec = state.tracker.test(current.test)
            table_id = (
                None if spec is None else spec.pass_table if current.passed else spec.fail_table
            )
            table = state.tracker.table(table_id) if table_id else None
            if table is not None:
                nexts.append(roll_table(state, table, model_id, dice))
        if not nexts:
            break
        for result in nexts:
            out.append(result)
            state = state.then(result.event())
        current = nexts[-1]
    return tuple(out)
