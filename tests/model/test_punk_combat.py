"""Punkapocalyptic's close combat roll, worked out by hand from
../shared/rules/002_2b9b8c58daf866c4.txt (RB ch.2 "Assault" and "Combat", RB ch.3 "Close
combat weapons", "Improvised weapon", "Unarmed") and the catalog's profiles.

``FixedDice`` gives the dice in order: the attacker's d10, then the defender's.

History: issue 31 item 3.
"""

from __future__ import annotations

import pytest

from model.battle.events import Act
from model.rolls.dice import FixedDice
from model.rolls.profiles import WeaponStats
from model.rolls.punk.combat import Fighter, assault_bonus, combat_roll, weapon_bonus
from tests.helpers import bundled


def weapon(item_id: str) -> WeaponStats:
    view = bundled().view("gangers")
    return WeaponStats.of(view.items[item_id], view.item_tags(item_id))


def acts(*actions: str, model: str = "A1") -> tuple[Act, ...]:
    return tuple(Act(kind="act", model=model, action=a) for a in actions)


def test_both_weapons_and_the_assault_count_and_every_number_is_shown() -> None:
    """RB ch.2 Combat: d10 + Combat + weapon bonuses + other bonuses each. A Badass
    (Combat 6) with a Medium blade (C +1, RB ch.3) who moved once and then Assaulted
    (+1, and +1 for the move before: +2, RB ch.2 Assault) rolls 2: 6 + 1 + 2 + 2 = 11.
    A Mutard (Combat 3) with a Heavy mace (C -1, RB ch.3) rolls 9: 3 - 1 + 9 = 11. A
    tie in a Combat roll hits both (RB ch.1 Opposed rolls, ch.2 Combat)."""
    result = combat_roll(
        FixedDice(2, 9),
        Fighter("A1 Badass", 6, weapon("medium-blade")),
        Fighter("B1 Mutard", 3, weapon("heavy-mace")),
        assault=assault_bonus(acts("move", "assault"), "A1"),
    )
    assert result.detail == (
        "A1 Badass: Combat 6 + Medium blade 1 + Assault 2 + roll 2 = 11 vs "
        "B1 Mutard: Combat 3 - Heavy mace 1 + roll 9 = 11"
    )
    assert result.outcome == "Tie in combat: both hit (A1 Badass and B1 Mutard)"
    assert result.dice == (2, 9)


def test_no_close_combat_weapon_is_improvised_or_unarmed() -> None:
    """RB ch.3: a ranged weapon swung is an Improvised weapon, Combat -1; no weapon at
    all is Unarmed, Combat -2. A Mace is Combat +0, shown all the same."""
    assert weapon_bonus(Fighter("A", 5, None, ranged=True)).value == -1
    assert weapon_bonus(Fighter("A", 5, weapon("rifle"))).name == "Improvised weapon"
    assert weapon_bonus(Fighter("A", 5, None)).value == -2
    mace = weapon_bonus(Fighter("A", 5, weapon("mace")))
    assert (mace.name, mace.value) == ("Mace", 0)
    result = combat_roll(
        FixedDice(4, 4),
        Fighter("A1", 5, weapon("mace")),
        Fighter("B1", 4, None),
    )
    # 5 + 0 + 4 = 9 against 4 - 2 + 4 = 6: the attacker hits
    assert (
        result.detail
        == "A1: Combat 5 + Mace 0 + roll 4 = 9 vs B1: Combat 4 - Unarmed 2 + roll 4 = 6"
    )
    assert result.outcome == "A1 wins"


@pytest.mark.parametrize(
    ("actions", "bonus"),
    [
        ((), 0),
        (("move", "move"), 0),  # no Assault, no bonus
        (("assault",), 1),
        (("move", "assault"), 2),
        (("move", "move", "assault"), 3),  # +1 per consecutive Movement Action
        (("move", "aim", "move", "assault"), 2),  # the aim breaks the run
        (("move", "assault", "combat"), 2),  # it lasts for the turn's Combat Actions
    ],
)
def test_the_assault_bonus(actions: tuple[str, ...], bonus: int) -> None:
    """RB ch.2 Assault: +1 to Combat, and another +1 for each consecutive Movement
    Action made during the Assault, for every Combat Action to the end of the turn."""
    assert assault_bonus(acts(*actions), "A1") == bonus


def test_another_models_moves_do_not_count() -> None:
    moves = (*acts("move", model="A2"), *acts("assault"))
    assert assault_bonus(moves, "A1") == 1
