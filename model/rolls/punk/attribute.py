"""Punkapocalyptic's attribute roll: a d10 at or under an attribute plus its modifiers.

Apart because the shooting roll and the Steam roll are attribute rolls too: they read its
automatic success and failure (``attribute_outcome``) and its margin.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from model.rolls.dice import DiceSource, Modifier, Result, formula_text

# ------------------------------------------------------------------------------------------
# Attribute rolls
# ------------------------------------------------------------------------------------------

Automatic = Literal["success", "failure"] | None


def attribute_outcome(target: int, die: int | None) -> tuple[bool, Automatic]:
    """RB ch.1 "Dice rolls", Attribute rolls: at or under the target; 0 or less never,
    10 or more always."""
    if target <= 0:
        return False, "failure"
    if target >= 10:
        return True, "success"
    assert die is not None
    return die <= target, None


@dataclass(frozen=True, kw_only=True)
class AttributeRoll(Result):
    """A d10 rolled at or under an attribute plus its modifiers."""

    attribute: str
    value: int
    modifiers: tuple[Modifier, ...]
    target: int
    die: int | None
    """None when the roll is automatic and no die was needed."""
    success: bool
    automatic: Automatic
    margin: int | None
    """How far the die was under the target (success) or over it (failure)."""


def attribute_roll(
    dice: DiceSource,
    attribute: str,
    value: int,
    modifiers: Sequence[Modifier] = (),
    *,
    always_roll: bool = False,
    title: str | None = None,
) -> AttributeRoll:
    """An attribute roll (RB ch.1 "Dice rolls", Attribute rolls).

    A d10 succeeds at or under the attribute plus its modifiers. A target of 0 or less
    fails and one of 10 or more succeeds without rolling; ``always_roll`` rolls the die
    anyway, for rules that read it (Steam's margin, KABOOM!).
    """
    mods = tuple(modifiers)
    target = value + sum(m.value for m in mods)
    automatic_roll = target <= 0 or target >= 10
    die = dice.roll(10) if always_roll or not automatic_roll else None
    success, automatic = attribute_outcome(target, die)
    margin = None if die is None else (target - die if success else die - target)
    formula = formula_text(attribute, value, mods)
    if automatic == "success":
        detail = f"{formula}: succeeds automatically (10 or more)"
        outcome = "Automatic success"
    elif automatic == "failure":
        detail = f"{formula}: fails automatically (0 or less)"
        outcome = "Automatic failure"
    else:
        detail = f"{formula}: needs {target} or less"
        outcome = "Success" if success else "Failure"
    if die is not None:
        outcome += f" (rolled {die})"
    return AttributeRoll(
        title=title or f"{attribute} roll",
        dice=() if die is None else (die,),
        detail=detail,
        outcome=outcome,
        attribute=attribute,
        value=value,
        modifiers=mods,
        target=target,
        die=die,
        success=success,
        automatic=automatic,
        margin=margin,
    )
