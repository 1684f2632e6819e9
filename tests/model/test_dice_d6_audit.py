"""Steam Wars rules audit, the dice: vehicle cover in the roll to hit and Strength beyond
the wound table's columns, against the bundled catalog's own tables.

Every number is worked out by hand from the rulebook (004_de4158728bbe4e2d.txt):
004 Roll to Hit: a ranged attack needs 4+ (3+ aimed); 004 Intervening Terrain: soft cover
and intervening terrain 5+ (-1), hard cover 6+ (-2); 004 Vehicle Cover: "vehicle cover
is reduced by 1", so no soft cover and hard cover only -1; 004 Inflicting Wounds: the D6
plus ST must exceed RES; 004 Dice Modifiers: a natural 1 always fails.

History: issue 16.
"""

from __future__ import annotations

import pytest

from model.catalog.tracker_rolls import GridSpec
from model.rolls.d6.to_hit import COVER_GRID, to_hit_roll
from model.rolls.d6.wounds import WOUND_GRID, wound_needed, wound_roll
from model.rolls.dice import FixedDice, Modifier
from tests.helpers import bundled


def grid(grid_id: str) -> GridSpec:
    tracker = bundled("steam-wars").system_file.tracker
    assert tracker is not None
    found = tracker.grid(grid_id)
    assert found is not None
    return found


@pytest.mark.parametrize(
    ("cover", "aimed", "needed"),
    [
        # soft cover -1, one step less for a vehicle: none; 4+ stays 4+ (aimed 3+)
        ("soft", False, 4),
        ("soft", True, 3),
        # hard cover -2 (6+), one step less: -1; 4+ becomes 5+ (aimed 3+ becomes 4+)
        ("hard", False, 5),
        ("hard", True, 4),
        # Choice: intervening terrain is cover too ("effectively provide Soft Cover"),
        # so a vehicle claims none of it either: 4+
        ("intervening", False, 4),
        ("no-cover", False, 4),
    ],
)
def test_vehicle_cover_is_one_step_less(cover: str, aimed: bool, needed: int) -> None:
    rolled = to_hit_roll(
        FixedDice(*[needed] * 2),
        attacks=2,
        aimed=aimed,
        cover_grid=grid(COVER_GRID),
        cover=cover,
        cover_reduced=1,
        cover_why="vehicle target",
    )
    assert rolled.needed == needed
    assert rolled.hits == 2  # two dice showing exactly what is needed both hit


def test_soft_cover_a_vehicle_cannot_claim_is_no_modifier() -> None:
    rolled = to_hit_roll(
        FixedDice(3, 4),
        attacks=2,
        cover_grid=grid(COVER_GRID),
        cover="soft",
        cover_reduced=1,
        cover_why="vehicle target",
    )
    # 4+, soft cover -1 gone: a 3 misses, a 4 hits
    assert rolled.hits == 1
    assert rolled.detail == (
        "Soft cover -1 reduced by 1 (vehicle target): none; Ranged to hit 4+: needs 4+; rolled 3, 4"
    )
    assert rolled.cover is not None and (rolled.cover.value, rolled.cover.printed) == (0, -1)


def test_hard_cover_on_a_vehicle_is_minus_1() -> None:
    rolled = to_hit_roll(
        FixedDice(4, 5, 1),
        attacks=3,
        modifiers=[Modifier("Spotter", 1)],
        cover_grid=grid(COVER_GRID),
        cover="hard",
        cover_reduced=1,
        cover_why="vehicle target",
    )
    # 4+, hard cover -2 reduced to -1, a Spotter +1: 4+; the 4 and the 5 hit, the 1 fails
    assert (rolled.needed, rolled.hits) == (4, 2)
    assert rolled.detail == (
        "Hard cover -2 reduced by 1 (vehicle target): -1; "
        "Ranged to hit 4+ + Spotter 1 - Hard cover 1: needs 4+; rolled 4, 5, 1"
    )


def test_a_sniper_scope_at_a_vehicle_in_hard_cover() -> None:
    # hard cover -2, one step for the vehicle, one for the Sniper Scope: none; aimed 3+
    rolled = to_hit_roll(
        FixedDice(3),
        attacks=1,
        aimed=True,
        cover_grid=grid(COVER_GRID),
        cover="hard",
        cover_reduced=2,
        cover_why="vehicle target and Sniper Scope",
    )
    assert (rolled.needed, rolled.hits) == (3, 1)
    assert rolled.detail.startswith(
        "Hard cover -2 reduced by 2 (vehicle target and Sniper Scope): none; "
    )


@pytest.mark.parametrize(
    ("strength", "resilience", "needed"),
    [
        # Heavy AP ST 5 at a RES 6 tank: D6 + 5 > 6 needs a 2 or more
        (5, 6, 2),
        # ST 5 at RES 7: D6 + 5 > 7 needs a 3
        (5, 7, 3),
        # Heavy Bomb ST 5 at RES 3: a 1 would do (1 + 5 > 3), but a natural 1 fails: 2+
        (5, 3, 2),
        # Heavy Steam Weapon ST 4 + Strong 2 = 6 at RES 7: D6 + 6 > 7 needs a 2
        (6, 7, 2),
        # ST 4 at RES 8 (RES 7 with Augment +1, off the table's rows): D6 + 4 > 8 needs a 5
        (4, 8, 5),
        # ST 1 at RES 8: D6 + 1 > 8 needs a 8: no D6 can
        (1, 8, None),
        # ST 9 (Boiler doubling a V1's 5 and a charge... any ST far beyond): still 2+
        (9, 4, 2),
    ],
)
def test_strength_beyond_the_table_follows_d6_plus_st_over_res(
    strength: int, resilience: int, needed: int | None
) -> None:
    assert wound_needed(grid(WOUND_GRID), strength, resilience) == (needed, "rule")


def test_a_charging_heavy_steam_weapon_at_a_tank() -> None:
    rolled = wound_roll(
        FixedDice(1, 2, 6),
        hits=3,
        strength=4,
        resilience=6,
        modifiers=[Modifier("Charge", 1)],
        grid=grid(WOUND_GRID),
        damage=2,
    )
    # ST 4 + 1 = 5 is past the table's last column (4): D6 + 5 > 6 needs 2+. The 1 fails
    # (1 + 5 = 6 does not exceed 6), the 2 and the 6 wound: 2 successes, Damage 2: 4 wounds
    assert (rolled.needed, rolled.source, rolled.successes, rolled.wounds) == (2, "rule", 2, 4)
    assert rolled.detail == (
        "ST 4 + Charge 1 = 5 against RES 6: needs 2+ (the rule: D6 + ST must exceed RES); "
        "rolled 1, 2, 6"
    )
    assert rolled.outcome == "4 wounds from 3 hits (2 successes, Damage 2 each)"
