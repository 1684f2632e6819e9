"""Punkapocalyptic's falling roll: the falling table's Strength against the faller's Toughness.

Apart because a fall is neither a hit nor a plain table roll: it reads the catalog's
falling table, then makes an opposed roll without armour.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from model.rolls.dice import DiceSource, Modifier, Result
from model.rolls.profiles import inches_text
from model.rolls.punk.opposed import Contender, OpposedRoll, opposed_roll

if TYPE_CHECKING:
    from model.catalog.tracker_rolls import TableRow, TableSpec

# ------------------------------------------------------------------------------------------
# Falling
# ------------------------------------------------------------------------------------------


@dataclass(frozen=True, kw_only=True)
class FallingRoll(Result):
    """A fall: its Strength from the falling table, and the faller's Toughness roll."""

    height: float
    row: TableRow | None
    strength: int | None
    """None when the fall does no harm."""
    roll: OpposedRoll | None
    downed: bool
    lying: bool
    """It survived and lies on the floor: its next action must be to stand up."""


def falling_roll(
    dice: DiceSource,
    table: TableSpec,
    height: float,
    *,
    toughness: int,
    toughness_modifiers: Sequence[Modifier] = (),
    faller: str = "Faller",
    faller_active: bool = True,
    title: str | None = None,
) -> FallingRoll:
    """A fall (RB ch.2 "Falling down").

    The falling table gives the fall's Strength for the height (a fractional height is
    rounded down to whole inches, as the catalog's rows are). The faller rolls its
    Toughness, without armour, opposed to that Strength. If it wins it lies on the
    floor and must spend its next action standing up; if it loses it is downed. The
    tie goes to the side whose action turn it is: the faller unless ``faller_active``
    is False.
    """
    inches = math.floor(height)
    row = table.row_for(inches)
    name = title or f"Fall of {inches_text(height)}"
    if row is None or row.value is None:
        result = row.result if row is not None else f"No row of the table for {inches}"
        return FallingRoll(
            title=name,
            dice=(),
            detail=f"{table.name}: {inches_text(height)}: {result}",
            outcome=result,
            height=height,
            row=row,
            strength=None,
            roll=None,
            downed=False,
            lying=False,
        )
    body = Contender(faller, "Toughness", toughness, tuple(toughness_modifiers))
    fall = Contender("The fall", "Strength", row.value)
    if faller_active:
        opposed = opposed_roll(dice, body, fall, title=name)
        survived = opposed.won
    else:
        opposed = opposed_roll(dice, fall, body, title=name)
        survived = not opposed.won
    outcome = (
        f"{faller} lies on the floor: its next action must be to stand up"
        if survived
        else f"{faller} is downed"
    )
    return FallingRoll(
        title=name,
        dice=opposed.dice,
        detail=f"{table.name}: {inches_text(height)}: {row.result}; {opposed.detail} "
        "(Toughness without armour)",
        outcome=outcome,
        height=height,
        row=row,
        strength=row.value,
        roll=opposed,
        downed=not survived,
        lying=survived,
    )
