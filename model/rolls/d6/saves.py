"""Steam Wars' infantry save: a D6 for each wound, each success stopping one.

Apart because saves are the defender's roll, with their own numbers (5+, 3+ taking cover).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from model.rolls.d6.needs import D6, dice_text, needs, needs_text, plural, roll_at
from model.rolls.dice import DiceSource, Modifier, Result

SAVE = 5
"""004 Infantry Saves: 5+ against ranged attacks."""
TAKE_COVER_SAVE = 3
"""004 Actions, Take Cover: the save becomes 3+ until the unit next activates."""

# ------------------------------------------------------------------------------------------
# Saves
# ------------------------------------------------------------------------------------------


@dataclass(frozen=True, kw_only=True)
class SaveRoll(Result):
    """An infantry save for each wound: each success stops one."""

    base: int
    modifiers: tuple[Modifier, ...]
    needed: int
    rerolled: tuple[int, ...]
    saved: int
    wounds: int

    @property
    def unsaved(self) -> int:
        return self.wounds - self.saved


def save_roll(
    dice: DiceSource,
    *,
    wounds: int,
    taking_cover: bool = False,
    modifiers: Sequence[Modifier] = (),
    melee: bool = False,
    reroll: str | None = None,
    title: str = "Infantry save",
) -> SaveRoll:
    """Infantry saves (004 Infantry Saves): 5+ against ranged attacks, 3+ for a unit that
    took cover; a Shield is +1. Never in melee (refused). ``reroll`` names the rule that
    rerolls failures (Heavy, for single-wound models; a Shield Drone)."""
    if melee:
        raise ValueError("infantry saves are never taken in melee")
    if wounds < 0:
        raise ValueError(f"wounds are 0 or more, not {wounds}")
    mods = tuple(modifiers)
    base = TAKE_COVER_SAVE if taking_cover else SAVE
    needed = needs(base, mods)
    name = "Take Cover save" if taking_cover else "Infantry save"
    parts = [needs_text(name, base, mods, needed)]
    first: tuple[int, ...] = ()
    again: tuple[int, ...] = ()
    saved = 0
    if needed <= D6 and wounds:
        first, again, saved = roll_at(dice, wounds, needed, reroll)
        parts.append(dice_text(first, again, reroll))
    outcome = f"{saved} of {plural(wounds, 'wound')} saved: {wounds - saved} taken"
    return SaveRoll(
        title=title,
        dice=first + again,
        detail="; ".join(parts),
        outcome=outcome,
        base=base,
        modifiers=mods,
        needed=needed,
        rerolled=again,
        saved=saved,
        wounds=wounds,
    )
