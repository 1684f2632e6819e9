"""Steam Wars' wound roll: a D6 for each hit against Resilience, by the catalog's grid or the rule.

Apart because Strength versus Resilience (the catalog's grid, the rule outside it, Boiler,
Damage 2) is its own rule.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal

from model.rolls.d6.needs import D6, dice_text, plural, roll_at
from model.rolls.dice import DiceSource, Modifier, Result, signed_terms

if TYPE_CHECKING:
    from model.catalog.tracker_rolls import GridSpec

WOUND_GRID = "strength-vs-resilience"
"""The catalog grid of 004 Strength versus Resilience: rows RES, columns ST."""

# ------------------------------------------------------------------------------------------
# Wounds
# ------------------------------------------------------------------------------------------


def wound_needed(
    grid: GridSpec | None, strength: int, resilience: int
) -> tuple[int | None, Literal["table", "rule"]]:
    """The D6 a Strength needs to wound a Resilience, and where that came from.

    Inside the catalog's grid the cell says (0, a blank: it cannot wound; 004 Strength
    versus Resilience). Outside it (ST 5+, RES 8+, a charge's ST +1, Strong, Boiler) the
    rule of 004 Inflicting Wounds gives it: the D6 plus ST must exceed RES, so the die
    needs RES - ST + 1, at least 2 (a natural 1 never wounds). None: no roll can wound."""
    cell = None if grid is None else grid.cell(resilience, strength)
    if cell is not None:
        return (cell or None), "table"
    needed = max(resilience - strength + 1, 2)
    return (needed if needed <= D6 else None), "rule"


@dataclass(frozen=True, kw_only=True)
class WoundD6Roll(Result):
    """A D6 for each hit: each that beats the Resilience wounds (two with Damage 2)."""

    weapon_strength: int
    strength: int
    """The Strength the dice add: the weapon's (doubled by Boiler) and its modifiers."""
    modifiers: tuple[Modifier, ...]
    resilience: int
    needed: int | None
    """None when no roll can wound."""
    source: Literal["table", "rule"]
    rerolled: tuple[int, ...]
    successes: int
    wounds: int


def wound_roll(
    dice: DiceSource,
    *,
    hits: int,
    strength: int,
    resilience: int,
    modifiers: Sequence[Modifier] = (),
    grid: GridSpec | None = None,
    boiler: bool = False,
    damage: int = 1,
    reroll: str | None = None,
    title: str = "Wound roll",
) -> WoundD6Roll:
    """Roll to wound for every hit at once (004 Inflicting Wounds).

    ``strength`` is the weapon's ST; ``boiler`` doubles it once per game (004 Boiler) before
    the ``modifiers`` add to it (a charge's +1, Strong +2, Aim +1). ``damage`` is the
    wounds each success inflicts (2 for Damage 2). ``reroll`` names the rule that rerolls
    failed wound rolls (Accurate)."""
    if hits < 0:
        raise ValueError(f"hits are 0 or more, not {hits}")
    mods = tuple(modifiers)
    base = strength * 2 if boiler else strength
    total = base + sum(m.value for m in mods)
    needed, source = wound_needed(grid, total, resilience)
    parts = []
    if boiler:
        parts.append(f"Boiler doubles ST {strength} to {base}")
    st_text = f"ST {base}{signed_terms(mods)}" + (f" = {total}" if mods else "")
    where = (
        "the Strength versus Resilience table"
        if source == "table"
        else "the rule: D6 + ST must exceed RES"
    )
    first: tuple[int, ...] = ()
    again: tuple[int, ...] = ()
    successes = 0
    if needed is None:
        parts.append(f"{st_text} against RES {resilience}: cannot wound ({where})")
        outcome = f"Cannot wound: ST {total} against RES {resilience}"
    else:
        parts.append(f"{st_text} against RES {resilience}: needs {needed}+ ({where})")
        if hits:
            first, again, successes = roll_at(dice, hits, needed, reroll)
            parts.append(dice_text(first, again, reroll))
        outcome = f"{plural(successes * damage, 'wound')} from {plural(hits, 'hit')}"
        if damage > 1:
            outcome += f" ({successes} successes, Damage {damage} each)"
    return WoundD6Roll(
        title=title,
        dice=first + again,
        detail="; ".join(parts),
        outcome=outcome,
        weapon_strength=strength,
        strength=total,
        modifiers=mods,
        resilience=resilience,
        needed=needed,
        source=source,
        rerolled=again,
        successes=successes,
        wounds=successes * damage,
    )
