"""Punkapocalyptic's Steam roll: a Steam weapon's Tech roll instead of a Precision roll.

Apart because a Steam weapon never makes the shooting roll: its attribute roll's margin
gives the gust's Strength, or the leak's on the user.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from model.rolls.dice import DiceSource, Modifier, Result
from model.rolls.punk.attribute import AttributeRoll, attribute_roll

# ------------------------------------------------------------------------------------------
# Steam
# ------------------------------------------------------------------------------------------


@dataclass(frozen=True, kw_only=True)
class SteamRoll(Result):
    """A Steam weapon's Tech roll: the gust's Strength, or the leak's on the user."""

    tech: AttributeRoll
    strength: int | None
    """The gust's Strength against everything in the line (success)."""
    leak_strength: int | None
    """The Strength of the hit the user takes (failure)."""


def steam_roll(
    dice: DiceSource,
    tech: int,
    modifiers: Sequence[Modifier] = (),
    *,
    weapon: str = "Steam weapon",
    title: str | None = None,
) -> SteamRoll:
    """RB ch.4 "Steam": no Precision roll but a Tech roll, always rolled for its margin.

    Success: every model in a straight line to the weapon's longest range is hit with
    Strength equal to the margin + 1 (Tech 6, a 4: Strength 3). Failure: a steam leak
    hits the user with Strength equal to the margin of failure (Tech 6, an 8: Strength
    2). The hits ignore armour and cover (``wound_roll`` with ``strength=``). No aiming;
    defensive fire is at -2 to the Tech roll (pass the ``defensive-fire`` modifier).
    """
    roll = attribute_roll(dice, "Tech", tech, modifiers, always_roll=True)
    assert roll.margin is not None
    gust = roll.margin + 1 if roll.success else None
    leak = None if roll.success else roll.margin
    if gust is not None:
        outcome = f"{roll.outcome}: the gust hits everything in its line at Strength {gust}"
    else:
        outcome = f"{roll.outcome}: a steam leak hits the user at Strength {leak}"
    return SteamRoll(
        title=title or f"Steam: {weapon}",
        dice=roll.dice,
        detail=roll.detail + "; Strength = margin + 1, or the margin of failure on the user",
        outcome=outcome,
        tech=roll,
        strength=gust,
        leak_strength=leak,
    )
