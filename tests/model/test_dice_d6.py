"""The Steam Wars D6 rolls (``model.rolls.d6``) against the rulebook's tables and rules.

The two tables are transcribed here by hand from the rulebook as literals, cell by cell,
and every cell is checked against what the helpers work out from the catalog's grids:
a helper reading a misprinted grid, or a grid misprinted in the catalog, fails here.
"""

from __future__ import annotations

from functools import cache

import pytest
from pydantic import ValidationError

from model.battle.events import Roll
from model.catalog.tracker import Tracker
from model.catalog.tracker_rolls import GridSpec
from model.rolls.d6.checks import prototype_roll, target_roll
from model.rolls.d6.initiative import Roller, initiative_roll
from model.rolls.d6.saves import save_roll
from model.rolls.d6.to_hit import COVER_GRID, cover_of, to_hit_roll
from model.rolls.d6.wounds import WOUND_GRID, wound_needed, wound_roll
from model.rolls.dice import FixedDice, Modifier
from tests.helpers import fixture_catalog

# 004 Strength versus Resilience: RES rows, weapon Strength 0..4 columns; None is a blank
# cell of the rulebook (no roll wounds).
STRENGTH_VS_RESILIENCE = {
    3: (4, 3, 2, 2, 2),
    4: (5, 4, 3, 2, 2),
    5: (6, 5, 4, 3, 2),
    6: (None, 6, 5, 4, 3),
    7: (None, None, 6, 5, 4),
}

# 004 Intervening Terrain: the cover table, (ranged attack, aimed ranged attack).
COVER_TABLE = {
    "no-cover": (4, 3),
    "intervening": (5, 4),
    "soft": (5, 4),
    "hard": (6, 5),
}


@cache
def tracker() -> Tracker:
    found = fixture_catalog("steam-wars-mini").system_file.tracker
    assert found is not None
    return found


def grid(grid_id: str) -> GridSpec:
    found = tracker().grid(grid_id)
    assert found is not None
    return found


class TestTheTablesCellByCell:
    @pytest.mark.parametrize(
        ("resilience", "strength", "printed"),
        [
            (res, st, cell)
            for res, cells in STRENGTH_VS_RESILIENCE.items()
            for st, cell in enumerate(cells)
        ],
    )
    def test_strength_vs_resilience(
        self, resilience: int, strength: int, printed: int | None
    ) -> None:
        needed, source = wound_needed(grid(WOUND_GRID), strength, resilience)
        assert (needed, source) == (printed, "table")
        # the rule in the text gives the same number wherever the table has a cell
        assert wound_needed(None, strength, resilience) == (printed, "rule")

    @pytest.mark.parametrize(
        ("cover", "aimed", "printed"),
        [(row, aimed, cells[aimed]) for row, cells in COVER_TABLE.items() for aimed in (0, 1)],
    )
    def test_cover(self, cover: str, aimed: int, printed: int) -> None:
        base, found = cover_of(grid(COVER_GRID), cover, aimed=bool(aimed))
        assert base - (found.value if found else 0) == printed
        rolled = to_hit_roll(
            FixedDice(6), attacks=1, cover_grid=grid(COVER_GRID), cover=cover, aimed=bool(aimed)
        )
        assert rolled.needed == printed


class TestToHit:
    def test_modifiers_by_name_and_the_roll_in_the_log(self) -> None:
        rolled = to_hit_roll(
            FixedDice(4, 5, 6, 1),
            attacks=4,
            modifiers=[Modifier("Indirect", -1), Modifier("Ranged in", 1), Modifier("Evade", -1)],
            cover_grid=grid(COVER_GRID),
            cover="soft",
            title="A1 Infantry: LMG",
        )
        assert rolled.needed == 6  # 4+ base, -1 soft cover, -1 indirect +1 ranged in -1 evade
        assert rolled.hits == 1
        assert (
            "Ranged to hit 4+ - Indirect 1 + Ranged in 1 - Evade 1 - Soft cover 1: needs 6+"
            in rolled.detail
        )
        assert rolled.outcome == "1 hit from 4 attacks"
        assert rolled.event() == Roll(
            kind="roll",
            title="A1 Infantry: LMG",
            dice=(4, 5, 6, 1),
            detail=rolled.detail,
            outcome=rolled.outcome,
        )

    def test_a_natural_1_always_fails(self) -> None:
        rolled = to_hit_roll(
            FixedDice(1, 2),
            attacks=2,
            melee=True,
            modifiers=[
                Modifier("Charge", 1),
                Modifier("Stationary vehicle", 1),
                Modifier("Spotter", 1),
            ],
        )
        assert rolled.needed == 2
        assert rolled.hits == 1

    def test_more_than_6_needed_rolls_nothing_and_says_so(self) -> None:
        rolled = to_hit_roll(
            FixedDice(),
            attacks=3,
            cover_grid=grid(COVER_GRID),
            cover="hard",
            modifiers=[Modifier("Evade", -1), Modifier("-2 to hit counter", -2)],
        )
        assert rolled.needed == 9
        assert not rolled.possible
        assert rolled.dice == ()
        assert rolled.outcome == "No hit possible: 9+ is more than a D6 can roll"

    def test_vehicle_cover_is_one_step_less(self) -> None:
        cover = grid(COVER_GRID)
        soft = to_hit_roll(FixedDice(4), attacks=1, cover_grid=cover, cover="soft", cover_reduced=1)
        hard = to_hit_roll(FixedDice(5), attacks=1, cover_grid=cover, cover="hard", cover_reduced=1)
        assert (soft.needed, hard.needed) == (4, 5)  # no soft cover; hard cover -1
        assert hard.cover is not None and hard.cover.value == -1

    def test_blast_dice_counts_and_no_cover(self) -> None:
        cover = grid(COVER_GRID)
        infantry = to_hit_roll(
            FixedDice(5, 4, 4, 4, 1, 6), attacks=1, blast="infantry", cover_grid=cover, cover="hard"
        )
        assert (infantry.attacks, infantry.blast_die, infantry.needed, infantry.hits) == (
            5,
            5,
            4,
            4,
        )
        assert infantry.cover is None
        vehicle = to_hit_roll(
            FixedDice(5, 4, 3, 2), attacks=1, blast="other", modifiers=[Modifier("Indirect", -1)]
        )
        assert (vehicle.attacks, vehicle.needed, vehicle.hits) == (3, 5, 0)  # D3 from a 5
        assert vehicle.dice == (5, 4, 3, 2)

    def test_twin_linked_rerolls_the_misses_at_once(self) -> None:
        rolled = to_hit_roll(FixedDice(4, 2, 1, 6, 3), attacks=3, reroll="Twin-Linked")
        assert rolled.rerolled == (6, 3)
        assert rolled.hits == 2
        assert "Twin-Linked rerolls the failures: 6, 3" in rolled.detail

    def test_melee_has_no_cover(self) -> None:
        with pytest.raises(ValueError, match="neither aimed nor affected by cover"):
            to_hit_roll(
                FixedDice(4), attacks=1, melee=True, cover_grid=grid(COVER_GRID), cover="soft"
            )


class TestWound:
    def test_from_the_table_with_damage_2(self) -> None:
        rolled = wound_roll(
            FixedDice(3, 2), hits=2, strength=4, resilience=6, grid=grid(WOUND_GRID), damage=2
        )
        assert (rolled.needed, rolled.source, rolled.successes, rolled.wounds) == (3, "table", 1, 2)
        assert "needs 3+ (the Strength versus Resilience table)" in rolled.detail
        assert rolled.outcome == "2 wounds from 2 hits (1 successes, Damage 2 each)"

    def test_outside_the_table_the_rule_in_the_text(self) -> None:
        # ST 4 + Charge 1 = 5 is not a column of the table: D6 + 5 must beat RES 6
        rolled = wound_roll(
            FixedDice(2, 1),
            hits=2,
            strength=4,
            resilience=6,
            grid=grid(WOUND_GRID),
            modifiers=[Modifier("Charge", 1)],
        )
        assert (rolled.needed, rolled.source, rolled.wounds) == (2, "rule", 1)
        assert (
            "ST 4 + Charge 1 = 5 against RES 6: needs 2+ (the rule: D6 + ST must exceed RES)"
            in rolled.detail
        )

    def test_boiler_doubles_before_the_modifiers(self) -> None:
        rolled = wound_roll(
            FixedDice(2),
            hits=1,
            strength=2,
            resilience=8,
            grid=grid(WOUND_GRID),
            boiler=True,
            modifiers=[Modifier("Strong", 2)],
        )
        assert rolled.strength == 6
        assert rolled.needed == 3
        assert rolled.wounds == 0

    def test_a_blank_cell_cannot_wound(self) -> None:
        rolled = wound_roll(FixedDice(), hits=3, strength=0, resilience=6, grid=grid(WOUND_GRID))
        assert rolled.needed is None
        assert rolled.dice == ()
        assert rolled.outcome == "Cannot wound: ST 0 against RES 6"


class TestSaves:
    def test_targets(self) -> None:
        assert save_roll(FixedDice(5, 4), wounds=2).saved == 1  # 5+
        assert save_roll(FixedDice(3, 2), wounds=2, taking_cover=True).needed == 3
        shield = save_roll(FixedDice(4), wounds=1, modifiers=[Modifier("Shield", 1)])
        assert (shield.needed, shield.saved, shield.unsaved) == (4, 1, 0)

    def test_heavy_rerolls_a_failed_save(self) -> None:
        rolled = save_roll(FixedDice(2, 6), wounds=1, reroll="Heavy")
        assert rolled.saved == 1
        assert rolled.dice == (2, 6)

    def test_never_in_melee(self) -> None:
        with pytest.raises(ValueError, match="never taken in melee"):
            save_roll(FixedDice(6), wounds=1, melee=True)


class TestOneDie:
    def test_unpin_with_a_leader_and_inspire(self) -> None:
        rolled = target_roll(FixedDice(2, 3), "Unpin", 4, [Modifier("Leader", 1)], reroll="Inspire")
        assert (rolled.needed, rolled.die, rolled.reroll_die, rolled.success) == (3, 2, 3, True)

    def test_malfunction_fails_only_on_a_1(self) -> None:
        assert target_roll(FixedDice(2), "Malfunction", 2).success
        failed = target_roll(
            FixedDice(1, 1), "Malfunction", 2, reroll="Conductor", failure="Does not activate"
        )
        assert not failed.success
        assert failed.outcome == "Does not activate (rolled 1)"

    def test_a_project_value_of_5(self) -> None:
        assert not target_roll(FixedDice(4), "Project Smite", 5).success
        assert target_roll(FixedDice(5), "Project Smite", 5).success

    def test_prototype(self) -> None:
        assert prototype_roll(FixedDice(1)).broken
        assert not prototype_roll(FixedDice(3)).works
        assert prototype_roll(FixedDice(4)).works


class TestInitiative:
    def test_ties_roll_again_and_the_penalty_counts(self) -> None:
        over = Roller("Ben", (Modifier("Over the points limit", -1),))
        rolled = initiative_roll(FixedDice(4, 5, 3, 6), [Roller("Ana"), over])
        assert rolled.rounds == ((4, 5), (3, 6))
        assert rolled.winner == 1
        assert "Ana 4, Ben 5 - Over the points limit 1 = 4: a tie, roll again" in rolled.detail
        off = rolled.roll_off()
        assert (off.first, off.rolls) == (1, (3, 6))


class TestGridSchema:
    def test_every_row_as_long_as_the_columns(self) -> None:
        with pytest.raises(
            ValidationError, match="row 2 \\(key 4\\) has 4 cells and there are 5 columns"
        ):
            GridSpec(
                id="g",
                name="G",
                rows_label="RES",
                columns_label="ST",
                columns=(0, 1, 2, 3, 4),
                rows=({"key": 3, "cells": (4, 3, 2, 2, 2)}, {"key": 4, "cells": (5, 4, 3, 2)}),  # type: ignore[arg-type]
            )

    def test_keys_are_not_used_twice(self) -> None:
        with pytest.raises(ValidationError, match="the row key 'soft' is used twice"):
            GridSpec(
                id="g",
                name="G",
                rows_label="Cover",
                columns_label="Attack",
                columns=("ranged",),
                rows=({"key": "soft", "cells": (5,)}, {"key": "soft", "cells": (5,)}),  # type: ignore[arg-type]
            )


def test_the_bundled_catalog_has_the_same_tables() -> None:
    """The tables checked cell by cell above are the fixture's; the bundled catalog must
    hold exactly the same grids and modifiers, so the app rolls on the rulebook's."""
    from catalogs.library import Library

    bundled = Library().load("steam-wars").system_file.tracker
    assert bundled is not None
    assert bundled.grids == tracker().grids
    assert bundled.modifiers == tracker().modifiers
    assert bundled.rolls == tracker().rolls
