"""Steam Wars' single-die checks: one D6 against a number (unpin, Medic ...), and Prototype.

Apart because these are rolled for a model's ability or state, not for an attack: the
numbers they need are the rulebook's, named here.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from model.rolls.d6.needs import D6, dice_text, needs, needs_text, successes
from model.rolls.dice import DiceSource, Modifier, Result

UNPIN = 4
"""004 Unpin Check: 4+."""
MALFUNCTION = 2
"""004 Mechanical Malfunction: only a 1 fails, so the unit activates on a 2+."""
LUCKY_BLIGHTER = 4
"""004 Model Abilities, Lucky Blighter: 4+ negates the wounds."""
MEDIC = 5
"""004 Model Abilities, Medic: 5+ saves the casualty."""
REPAIR = 4
"""004 Model Abilities, Engineer: 4+ repairs a point of damage."""
PROTOTYPE = 4
"""004 Weapon Special Rules, Prototype: 4+ to work; a 1 breaks it down."""

# ------------------------------------------------------------------------------------------
# One die against a number
# ------------------------------------------------------------------------------------------


@dataclass(frozen=True, kw_only=True)
class TargetRoll(Result):
    """One D6 (rolled again once when a rule allows) against a number."""

    name: str
    base: int
    modifiers: tuple[Modifier, ...]
    needed: int
    die: int | None
    reroll_die: int | None
    success: bool


def target_roll(
    dice: DiceSource,
    name: str,
    base: int,
    modifiers: Sequence[Modifier] = (),
    *,
    reroll: str | None = None,
    success: str = "Success",
    failure: str = "Failure",
    title: str | None = None,
) -> TargetRoll:
    """A D6 needing ``base``+ after modifiers: an unpin check (4+; Leader +1, Inspire
    rerolls), Lucky Blighter (4+), Medic (5+), Engineer (4+), an Arctech power (its
    project value), the mechanical malfunction check (2+: only a 1 fails; Conductor
    rerolls). ``success`` and ``failure`` say what the result means at the table."""
    mods = tuple(modifiers)
    needed = needs(base, mods)
    parts = [needs_text(name, base, mods, needed)]
    die: int | None = None
    again: int | None = None
    ok = False
    if needed <= D6:
        die = dice.roll(D6)
        ok = successes(die, needed)
        if not ok and reroll is not None:
            again = dice.roll(D6)
            ok = successes(again, needed)
        parts.append(dice_text((die,), () if again is None else (again,), reroll))
        outcome = success if ok else failure
    else:
        outcome = f"{failure} (cannot succeed: {needed}+)"
    rolled = tuple(d for d in (die, again) if d is not None)
    return TargetRoll(
        title=title or name,
        dice=rolled,
        detail="; ".join(parts),
        outcome=outcome + ("" if not rolled else f" (rolled {rolled[-1]})"),
        name=name,
        base=base,
        modifiers=mods,
        needed=needed,
        die=die,
        reroll_die=again,
        success=ok,
    )


@dataclass(frozen=True, kw_only=True)
class PrototypeRoll(Result):
    """004 Prototype: 4+ the weapon works this activation; 2-3 it does not; 1 it breaks."""

    die: int
    works: bool
    broken: bool


def prototype_roll(dice: DiceSource, weapon: str = "Prototype weapon") -> PrototypeRoll:
    """The roll a Prototype weapon makes before it attacks (004 Weapon Special Rules)."""
    die = dice.roll(D6)
    if die == 1:
        outcome = f"{weapon} breaks down: no use until an Engineer repairs it"
    elif die >= PROTOTYPE:
        outcome = f"{weapon} works"
    else:
        outcome = f"{weapon} does not work this activation"
    return PrototypeRoll(
        title=f"Prototype: {weapon}",
        dice=(die,),
        detail=f"Prototype {PROTOTYPE}+ to work, a 1 breaks it down; rolled {die}",
        outcome=outcome,
        die=die,
        works=die >= PROTOTYPE,
        broken=die == 1,
    )
