"""Punkapocalyptic's close combat roll: each side's d10 + Combat + weapon bonus + other
bonuses, the assaulting side with its Assault bonus, a tie hitting both.

RB ch.2 "Combat": "both miniatures will make an opposed Combat roll ... d10 die +
Combat + weapon bonuses + other bonuses"; the higher hits, a tie hits both. RB ch.2
"Assault": +1 Combat for the Assault and +1 more for each consecutive Movement Action
made during it, for every Combat Action against the assaulted until the end of the
assaulting model's Action Turn. RB ch.3: a close combat weapon's profile gives its
Combat modifier (``C``); a model fighting without one uses an Improvised weapon (a
ranged weapon swung, Combat -1) or is Unarmed (Combat -2).

Apart from the plain opposed roll (``model.rolls.punk.opposed``) because this one knows
the weapons and the Assault, and from the family (``model.rolls.punk.kinds``) because it
is the rule, not the form; the Assault bonus is worked out here from the actions of the
activation under way, so the dialog can fill it in.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TYPE_CHECKING

from model.core.value import frozen_value
from model.rolls.dice import DiceSource, Modifier
from model.rolls.punk.opposed import Contender, OpposedRoll, opposed_roll

if TYPE_CHECKING:
    from model.battle.events import Act
    from model.rolls.profiles import WeaponStats

ASSAULT, MOVE = "assault", "move"
"""The catalog's actions that make an Assault (RB ch.2 Assault) and a Movement Action."""

IMPROVISED = Modifier("Improvised weapon", -1)
"""RB ch.3 Improvised weapon: a ranged weapon (or an unloaded close combat one) swung."""
UNARMED = Modifier("Unarmed", -2)
"""RB ch.3 Unarmed: fists, knees and heads."""

_BONUS = re.compile(r"^\s*([+-]?)\s*(\d+)\s*$")


@frozen_value(slots=False)
class Fighter:
    """One side of a combat: who, its Combat now, the weapon it fights with (None: none
    chosen), whether it carries a ranged weapon to swing, and its other bonuses."""

    label: str
    combat: int
    weapon: WeaponStats | None
    ranged: bool = False
    bonuses: tuple[Modifier, ...] = ()


def weapon_bonus(fighter: Fighter) -> Modifier:
    """The Combat modifier of the weapon it fights with, shown even at +0 (RB ch.3): its
    profile's ``C``; with no close combat weapon, Improvised (-1) if it carries a ranged
    weapon, else Unarmed (-2)."""
    weapon = fighter.weapon
    if weapon is None or weapon.use != "melee":
        return IMPROVISED if fighter.ranged or weapon is not None else UNARMED
    raw = weapon.profile.get("C", 0)
    if isinstance(raw, bool | tuple):
        raise ValueError(f"{weapon.name}'s Combat modifier {raw!r} cannot be read")
    if isinstance(raw, int):
        return Modifier(weapon.name, raw)
    found = _BONUS.match(str(raw))
    if found is None:
        raise ValueError(f"{weapon.name}'s Combat modifier {raw!r} cannot be read")
    value = int(found.group(2))
    return Modifier(weapon.name, -value if found.group(1) == "-" else value)


def assault_bonus(acts: Sequence[Act], model_id: str) -> int:
    """The Assault bonus the model has now, from the actions of its activation under way
    in order (RB ch.2 Assault): 0 without an Assault; else +1, and +1 for each Movement
    Action it made just before the Assault (consecutive, none of another kind between).
    The player corrects it when a move did not fully advance or had no line of sight."""
    mine = [a.action for a in acts if a.model == model_id]
    if ASSAULT not in mine:
        return 0
    last = len(mine) - 1 - mine[::-1].index(ASSAULT)
    moves = 0
    for action in reversed(mine[:last]):
        if action != MOVE:
            break
        moves += 1
    return 1 + moves


def combat_roll(
    dice: DiceSource,
    attacker: Fighter,
    defender: Fighter,
    *,
    assault: int = 0,
    title: str | None = None,
) -> OpposedRoll:
    """The attacker's (the side whose action it is) opposed Combat roll against the
    defender's: d10 + Combat + weapon bonus + Assault + other bonuses each, every number
    in the detail; a tie hits both (RB ch.2 Combat)."""
    if assault < 0:
        raise ValueError("the Assault bonus is +1 and +1 per move: give 0 or more")
    own = (weapon_bonus(attacker), *((Modifier("Assault", assault),) if assault else ()))
    active = Contender(attacker.label, "Combat", attacker.combat, (*own, *attacker.bonuses))
    other = Contender(
        defender.label, "Combat", defender.combat, (weapon_bonus(defender), *defender.bonuses)
    )
    return opposed_roll(
        dice, active, other, combat=True, title=title or f"Combat: {attacker.label}"
    )
