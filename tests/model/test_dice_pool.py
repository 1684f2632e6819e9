"""The roller for any game: NdX, a modifier, a target counting successes, re-rolls of
failures or ones, every number shown and logged; a pool read from a weapon's
characteristics. Dice are given by hand (``FixedDice``), so each count is checked by hand.
History: issue 34."""

from __future__ import annotations

import pytest

from model.rolls.dice import Dice, FixedDice
from model.rolls.pool import Pool, PoolError, parse_pool, pool_from_profile, roll_pool


def test_a_pool_is_read_as_written() -> None:
    assert parse_pool("3d6") == Pool(count=3, sides=6)
    assert parse_pool("d20+5") == Pool(count=1, sides=20, modifier=5)
    assert parse_pool("4D6 4+") == Pool(count=4, sides=6, target=4)
    assert parse_pool("10d6-1 3+ reroll ones") == Pool(
        count=10, sides=6, modifier=-1, target=3, reroll="ones"
    )
    assert parse_pool("2d6 4+ rr fails") == Pool(count=2, sides=6, target=4, reroll="failures")
    with pytest.raises(PoolError, match="is not a roll: write NdX"):
        parse_pool("three dice")
    with pytest.raises(PoolError, match="a die has 1 to 1000 sides"):
        parse_pool("2d0")
    with pytest.raises(PoolError, match="a roll takes 0 to 200 dice"):
        parse_pool("500d6")


def test_successes_against_a_target_with_failures_rerolled() -> None:
    # 4d6 4+ reroll failures: 1, 5, 3, 6; the 1 and the 3 again: 4, 2
    result = roll_pool(parse_pool("4d6 4+ reroll failures"), FixedDice(1, 5, 3, 6, 4, 2))
    assert result.first == (1, 5, 3, 6)
    assert result.rerolled == ((0, 1, 4), (2, 3, 2))
    assert result.final == (4, 5, 2, 6)
    assert result.successes == 3
    assert result.outcome == "3 successes"
    assert result.detail == (
        "4d6 4+ reroll failures; rolled 1, 5, 3, 6; re-rolled 1 -> 4, 3 -> 2; 4+ met by 3 of 4"
    )
    event = result.event()
    assert (event.title, event.dice, event.outcome) == (
        "4d6 4+ reroll failures",
        (1, 5, 3, 6, 4, 2),
        "3 successes",
    )


def test_ones_rerolled_a_modifier_on_each_die_and_a_total() -> None:
    # 3d6+1 reroll ones: 1, 1, 6 -> the ones again: 2, 1 (a re-roll is not re-rolled)
    result = roll_pool(parse_pool("3d6+1 reroll ones"), FixedDice(1, 1, 6, 2, 1))
    assert result.final == (3, 2, 7)
    assert result.successes is None
    assert (result.total, result.outcome) == (12, "total 12")
    assert result.detail == (
        "3d6+1 reroll ones; rolled 1, 1, 6; re-rolled 1 -> 2, 1 -> 1; +1 each: 3, 2, 7; total 12"
    )


def test_a_modified_die_meets_the_target() -> None:
    # 2d6+1 5+: 4 and 3 count as 5 and 4
    assert roll_pool(parse_pool("2d6+1 5+"), FixedDice(4, 3)).successes == 1


def test_the_seeded_dice_roll_the_same_pool_the_same_way() -> None:
    pool = parse_pool("6d6 4+ reroll ones")
    first = roll_pool(pool, Dice(7, 3))
    assert roll_pool(pool, Dice(7, 3)) == first
    assert len(first.event().dice) == 6 + len(first.rerolled)


def test_a_gaslands_weapon_rolls_its_attack_dice() -> None:
    # Gaslands.gst, the Machine Gun: Range Double, Attack 2D6 (two attack dice)
    gun = {"Range": "Double", "Attack": "2D6", "Ammo": "-", "Special Rules": ""}
    pool = pool_from_profile(gun)
    assert pool == Pool(count=2, sides=6)
    result = roll_pool(Pool(pool.count, pool.sides, target=4), FixedDice(4, 2), "Machine Gun")
    assert (result.outcome, result.event().title) == ("1 success", "Machine Gun")


def test_a_weapon_with_attacks_and_a_skill_gives_the_target() -> None:
    bolter = {"Range": '24"', "A": "2", "BS": "3+", "S": "4", "AP": "0", "D": "1"}
    assert pool_from_profile(bolter) == Pool(count=2, sides=6, target=3)
    sword = {"Range": "Melee", "A": "D6", "S": "5"}
    bearer = {"M": '6"', "WS": "3+"}
    pool = pool_from_profile(sword, bearer, rolled_count=True)
    assert pool == Pool(count=0, sides=6, target=3, count_dice=(1, 6))
    result = roll_pool(pool, FixedDice(3, 2, 5, 3))
    assert (result.count_rolls, result.first, result.successes) == ((3,), (2, 5, 3), 2)
    assert result.detail.startswith("(1d6)d6 3+; dice: 3 = 3; rolled 2, 5, 3")
    with pytest.raises(PoolError, match="no number of attacks"):
        pool_from_profile({"Range": '12"'})
