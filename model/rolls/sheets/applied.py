"""A sheet roll applied to a model (``AppliedRoll``), and the numbers its effects use.

Apart because every sheet roll (a test, a table, an attack, a defence) returns one, and
each reads its effects' numbers (dice they roll, numbers the player gives) the same way.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from model.battle.events import Roll
from model.battle.refused import Refused
from model.rolls.dice import DiceSource, Result
from model.rolls.tables import parse_dice

if TYPE_CHECKING:
    from model.catalog.tracker_effects import RowEffect
    from model.catalog.tracker_rolls import TableRow


@dataclass(frozen=True, kw_only=True)
class AppliedRoll(Result):
    """A test or table roll for one model, and what applying it does."""

    target: str
    table: str | None = None
    row: int | None = None
    """The number read on the table."""
    row_spec: TableRow | None = None
    test: str | None = None
    passed: bool | None = None
    successes: int = 0
    """Dice that succeeded (hits of a pool, dice under the target)."""
    values: tuple[int, ...] = ()
    """The numbers its effects use, in order (dice they roll, dice spent)."""
    wounds: int | None = None

    def event(self) -> Roll:
        """The ``Roll`` event that logs this roll and applies it to the model."""
        return Roll(
            kind="roll",
            title=self.title,
            dice=self.dice,
            detail=self.detail,
            outcome=self.outcome,
            target=self.target,
            table=self.table,
            row=self.row,
            test=self.test,
            passed=self.passed,
            values=self.values,
            wounds=self.wounds,
        )


# --- the numbers of a result's effects -----------------------------------------------------


def effect_dice(effects: Sequence[RowEffect], dice: DiceSource) -> list[int]:
    """Roll the dice the effects roll (``1d6`` off SUSTAIN), in order."""
    values = []
    for effect in effects:
        if isinstance(effect.value, str) and effect.value != "given":
            count, sides, _ = parse_dice(effect.value)
            values.append(sum(dice.roll(sides) for _ in range(count)))
    return values


def with_given(effects: Sequence[RowEffect], rolled: list[int], given: Sequence[int]) -> list[int]:
    """The effects' numbers in order: rolled dice, and the given ones where asked."""
    rolled_iter, given_iter = iter(rolled), iter(given)
    out = []
    for effect in effects:
        if effect.value == "given":
            value = next(given_iter, None)
            if value is None:
                raise Refused(f"the result needs a number for {effect.counter}")
            out.append(value)
        elif isinstance(effect.value, str):
            out.append(next(rolled_iter))
    return out
