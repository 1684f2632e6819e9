"""The dice helper: seeded dice, and every roll of the Punkapocalyptic rulebook (RB).

The numbers are worked out by hand from the rulebook; ``FixedDice`` gives the dice a
test needs, ``Dice`` is checked for being the same on every run and after a resume.
"""

from __future__ import annotations

import math
import os
import subprocess
import sys

import pytest

from model.battle.battle import Battle, new_battle
from model.battle.events import Event, Note, Roll, RollOff
from model.battle.forces import ItemSnap, ModelSnap
from model.battle.text import who
from model.catalog.schema import FactionView
from model.catalog.tracker import Tracker
from model.catalog.tracker_rolls import ModifierSpec, TableRow, TableSpec
from model.core.base import FrozenMap
from model.rolls.dice import (
    Dice,
    FixedDice,
    Modifier,
    die_value,
    modifiers_for,
    next_dice,
    roll_number,
)
from model.rolls.game import Game
from model.rolls.profiles import (
    ArmourPiece,
    WeaponStats,
    armour_of,
    attack_strength,
    band_name,
    has_rule,
    is_rider,
    model_stat,
    range_band,
    weapon_bands,
    weapon_penetration,
)
from model.rolls.punk.attribute import attribute_roll
from model.rolls.punk.falling import falling_roll
from model.rolls.punk.opposed import Contender, opposed_roll
from model.rolls.punk.shooting import shooting_roll
from model.rolls.punk.steam import steam_roll
from model.rolls.punk.wounds import cover_modifier, wound_roll
from model.rolls.tables import find_table, parse_dice, table_lookup, table_roll
from saves.roster_file import read_roster
from tests.conftest import FIXTURES, ROOT
from tests.helpers import bundled


def tracker() -> Tracker:
    found = bundled().system_file.tracker
    assert found is not None
    return found


def mods() -> tuple[ModifierSpec, ...]:
    return tracker().modifiers


def view(faction: str = "gangers") -> FactionView:
    return bundled().view(faction)


def weapon(item_id: str, faction: str = "gangers") -> WeaponStats:
    v = view(faction)
    return WeaponStats.of(v.items[item_id], v.item_tags(item_id))


def armour(item_id: str, faction: str = "gangers") -> ArmourPiece:
    item = view(faction).items[item_id]
    assert item.kind == "armour"
    return ArmourPiece.of(item)


def cover(row: int) -> Modifier:
    return cover_modifier(find_table(tracker().tables, "cover"), row)


def battle(seed: int = 7) -> Battle:
    gangers, _ = read_roster(FIXTURES / "rosters" / "gangers" / "legal-500.toml")
    mutards, _ = read_roster(FIXTURES / "rosters" / "mutards" / "legal-500.toml")
    return new_battle(
        bundled(),
        [("Ana", gangers, view("gangers")), ("Ben", mutards, view("mutards"))],
        seed=seed,
    )


# ------------------------------------------------------------------------------------------
# Dice
# ------------------------------------------------------------------------------------------


class TestSeededDice:
    def test_the_same_seed_and_roll_number_give_the_same_dice(self) -> None:
        first, again = Dice(42, 3), Dice(42, 3)
        assert [first.d10() for _ in range(20)] == [again.d10() for _ in range(20)]

    def test_the_dice_are_pinned(self) -> None:
        """Saved battles depend on these values: changing how dice are drawn changes every
        saved game's rolls."""
        assert [die_value(1, 0, k) for k in range(10)] == [10, 2, 3, 2, 4, 8, 4, 3, 1, 9]
        assert [Dice(0, n).d10() for n in range(10)] == [4, 2, 7, 4, 4, 5, 2, 10, 5, 10]

    def test_the_same_in_another_process_whatever_its_hash_seed(self) -> None:
        code = (
            "from model.rolls.dice import Dice; d = Dice(42, 3); print([d.d10() for _ in range(8)])"
        )
        outputs = {
            subprocess.run(
                [sys.executable, "-c", code],
                cwd=ROOT,
                env={**os.environ, "PYTHONHASHSEED": hash_seed},
                capture_output=True,
                text=True,
                check=True,
            ).stdout
            for hash_seed in ("0", "1", "12345")
        }
        here = Dice(42, 3)
        assert outputs == {f"{[here.d10() for _ in range(8)]}\n"}

    def test_another_roll_number_or_seed_gives_another_sequence(self) -> None:
        def sequence(seed: int, start: int) -> list[int]:
            dice = Dice(seed, start)
            return [dice.d10() for _ in range(20)]

        assert sequence(42, 3) != sequence(42, 4)
        assert sequence(42, 3) != sequence(43, 3)
        assert len({tuple(sequence(42, n)) for n in range(50)}) == 50

    def test_consecutive_roll_numbers_share_no_dice(self) -> None:
        """Roll n's second die is not roll n+1's first (as it would be with one flat index
        per die and the roll number counted in Roll events)."""
        pairs = [(Dice(5, n), Dice(5, n + 1)) for n in range(40)]
        seconds = []
        firsts = []
        for this, following in pairs:
            this.d10()
            seconds.append(this.d10())
            firsts.append(following.d10())
        assert seconds != firsts

    def test_it_counts_the_dice_rolled(self) -> None:
        dice = Dice(1, 0)
        assert dice.used == 0
        values = (dice.d10(), dice.d6(), dice.roll(10))
        assert dice.used == 3
        assert dice.rolled == values

    def test_d10s_and_d6s_cover_their_faces(self) -> None:
        d10 = Dice(9, 0)
        tens = [d10.d10() for _ in range(500)]
        d6 = Dice(9, 1)
        sixes = [d6.d6() for _ in range(300)]
        assert set(tens) == set(range(1, 11))
        assert set(sixes) == set(range(1, 7))

    def test_no_die_without_sides(self) -> None:
        with pytest.raises(ValueError, match="at least one side"):
            die_value(1, 0, 0, sides=0)


class TestFixedDice:
    def test_gives_the_values_in_order(self) -> None:
        dice = FixedDice(3, 10, 6)
        assert [dice.roll(), dice.roll(), dice.roll(6)] == [3, 10, 6]
        assert dice.used == 3

    def test_running_out_is_an_error(self) -> None:
        dice = FixedDice(3)
        dice.roll()
        with pytest.raises(ValueError, match="1 dice were given and more are needed"):
            dice.roll()

    def test_a_value_the_die_cannot_show_is_an_error(self) -> None:
        with pytest.raises(ValueError, match="7 is not a result of a d6"):
            FixedDice(7).roll(6)
        with pytest.raises(ValueError, match="0 is not a result of a d10"):
            FixedDice(0).roll()


class TestResumable:
    def test_the_roll_number_is_the_count_of_rolls_in_the_log(self) -> None:
        events: list[Event] = [
            Note(kind="note", text="start"),
            Roll(kind="roll", title="Agility roll", dice=(3,)),
            RollOff(kind="roll-off", first=0, winner=0, rolls=(7, 2)),
            Roll(kind="roll", title="Combat roll", dice=(4, 4)),
        ]
        assert roll_number([]) == 0
        assert roll_number(events) == 3
        dice = next_dice(11, events)
        assert (dice.seed, dice.start) == (11, 3)

    def test_a_resumed_battle_rolls_the_same_next_dice(self) -> None:
        game = battle(seed=2024)
        seed = game.setup.seed
        first = attribute_roll(next_dice(seed, game.events), "Agility", 5)
        game = game.record(first.event())
        second = next_dice(seed, game.events)
        assert second.start == 1
        expected = second.d10()

        resumed = Battle(game.setup, game.events)  # as if read back from its file
        assert next_dice(resumed.setup.seed, resumed.events).d10() == expected
        replay = attribute_roll(next_dice(seed, ()), "Agility", 5)
        assert replay == first

    def test_another_seed_rolls_other_dice(self) -> None:
        sequences = {
            tuple(Dice(battle(seed=s).setup.seed, 0).d10() for _ in range(10)) for s in (1, 2)
        }
        assert len(sequences) == 2


# ------------------------------------------------------------------------------------------
# Attribute rolls (RB ch.1 "Dice rolls")
# ------------------------------------------------------------------------------------------


class TestAttributeRoll:
    def test_the_rulebook_example(self) -> None:
        """Agility 4 with a +2 bonus needs 6 or less."""
        roll = attribute_roll(FixedDice(6), "Agility", 4, [Modifier("Bonus", 2)])
        assert (roll.target, roll.die, roll.success, roll.automatic) == (6, 6, True, None)
        assert roll.margin == 0
        assert roll.event() == Roll(
            kind="roll",
            title="Agility roll",
            dice=(6,),
            detail="Agility 4 + Bonus 2 = 6: needs 6 or less",
            outcome="Success (rolled 6)",
        )

    def test_one_over_the_target_fails(self) -> None:
        roll = attribute_roll(FixedDice(7), "Agility", 4, [Modifier("Bonus", 2)])
        assert (roll.success, roll.margin, roll.outcome) == (False, 1, "Failure (rolled 7)")

    def test_without_modifiers(self) -> None:
        roll = attribute_roll(FixedDice(1), "Toughness", 3, title="Gas")
        assert roll.event().detail == "Toughness 3: needs 3 or less"
        assert roll.event().title == "Gas"

    @pytest.mark.parametrize("penalty", [-3, -4])
    def test_zero_or_less_fails_without_a_die(self, penalty: int) -> None:
        dice = FixedDice()
        roll = attribute_roll(dice, "Agility", 3, [Modifier("Numb", penalty)])
        assert (roll.success, roll.automatic, roll.die, roll.dice) == (False, "failure", None, ())
        assert dice.used == 0
        assert (
            roll.detail
            == f"Agility 3 - Numb {-penalty} = {3 + penalty}: fails automatically (0 or less)"
        )
        assert roll.outcome == "Automatic failure"

    def test_one_is_a_real_roll(self) -> None:
        roll = attribute_roll(FixedDice(1), "Agility", 3, [Modifier("Numb", -2)])
        assert (roll.target, roll.success, roll.automatic) == (1, True, None)
        assert not attribute_roll(FixedDice(2), "Agility", 1).success

    @pytest.mark.parametrize("bonus", [3, 4])
    def test_ten_or_more_succeeds_without_a_die(self, bonus: int) -> None:
        roll = attribute_roll(FixedDice(), "Precision", 7, [Modifier("Aimed", bonus)])
        assert (roll.success, roll.automatic, roll.dice) == (True, "success", ())
        assert roll.detail.endswith("succeeds automatically (10 or more)")
        assert roll.outcome == "Automatic success"

    def test_nine_fails_on_a_ten(self) -> None:
        roll = attribute_roll(FixedDice(10), "Precision", 9)
        assert (roll.success, roll.automatic) == (False, None)

    def test_always_roll_rolls_an_automatic_roll(self) -> None:
        roll = attribute_roll(FixedDice(10), "Tech", 10, always_roll=True)
        assert (roll.success, roll.automatic, roll.die, roll.margin) == (True, "success", 10, 0)
        assert roll.outcome == "Automatic success (rolled 10)"


# ------------------------------------------------------------------------------------------
# Opposed rolls (RB ch.1 "Dice rolls"; ch.2 "Combat")
# ------------------------------------------------------------------------------------------

GANGER = Contender("Ganger", "Strength", 4)
MUTARD = Contender("Mutard", "Toughness", 3, (Modifier("Mutation", 2),))


class TestOpposedRoll:
    def test_the_rulebook_example_tie_goes_to_the_active_side(self) -> None:
        """Strength 4 against Toughness 3 + 2: the same total wins for the active ganger."""
        roll = opposed_roll(FixedDice(6, 5), GANGER, MUTARD)
        assert (roll.active.total, roll.others[0].total) == (10, 10)
        assert roll.won
        assert roll.winners == ("Ganger",)
        assert roll.event() == Roll(
            kind="roll",
            title="Strength roll",
            dice=(6, 5),
            detail=(
                "Ganger: Strength 4 + roll 6 = 10 vs Mutard: Toughness 3 + Mutation 2 + roll 5 = 10"
            ),
            outcome="Ganger wins (a tie goes to the side whose action turn it is)",
        )

    def test_one_less_loses(self) -> None:
        roll = opposed_roll(FixedDice(5, 5), GANGER, MUTARD)
        assert not roll.won
        assert roll.winners == ("Mutard",)
        assert roll.outcome == "Ganger loses: Mutard succeeds"

    def test_more_wins(self) -> None:
        roll = opposed_roll(FixedDice(9, 1), GANGER, MUTARD)
        assert roll.won
        assert roll.outcome == "Ganger wins"

    def test_a_tie_in_combat_hits_both(self) -> None:
        a = Contender("A1", "Combat", 4)
        b = Contender("B1", "Combat", 5)
        roll = opposed_roll(FixedDice(6, 5), a, b, combat=True)
        assert roll.won
        assert roll.winners == ("A1", "B1")
        assert roll.title == "Combat roll"
        assert roll.outcome == "Tie in combat: both hit (A1 and B1)"

    def test_combat_without_a_tie_has_one_winner(self) -> None:
        a = Contender("A1", "Combat", 4)
        b = Contender("B1", "Combat", 5)
        assert opposed_roll(FixedDice(6, 4), a, b, combat=True).winners == ("A1",)
        assert opposed_roll(FixedDice(6, 6), a, b, combat=True).winners == ("B1",)

    def test_against_several_it_must_beat_every_one(self) -> None:
        """Disengaging from two rivals (RB ch.2): the same or better than each."""
        me = Contender("A1", "Agility", 4)
        rivals = [Contender("B1", "Agility", 3), Contender("B2", "Agility", 5)]
        roll = opposed_roll(FixedDice(5, 6, 4), me, rivals)
        assert [r.total for r in (roll.active, *roll.others)] == [9, 9, 9]
        assert roll.won
        assert roll.winners == ("A1",)

    def test_against_several_only_the_higher_ones_succeed(self) -> None:
        me = Contender("A1", "Agility", 4)
        rivals = [
            Contender("B1", "Agility", 3),
            Contender("B2", "Agility", 5),
            Contender("B3", "Agility", 2),
        ]
        roll = opposed_roll(FixedDice(5, 6, 5, 8), me, rivals)
        assert [r.total for r in (roll.active, *roll.others)] == [9, 9, 10, 10]
        assert not roll.won
        assert roll.winners == ("B2", "B3")
        assert roll.outcome == "A1 loses: B2, B3 succeed"

    def test_needs_another_side(self) -> None:
        with pytest.raises(ValueError, match="at least one other side"):
            opposed_roll(FixedDice(1), GANGER, [])


# ------------------------------------------------------------------------------------------
# Shooting (RB ch.2 "Shooting", ch.4)
# ------------------------------------------------------------------------------------------


class TestRangeBands:
    def test_a_band_reaches_up_to_its_limit(self) -> None:
        bands = (8.0, 16.0, 24.0)
        assert [range_band(d, bands) for d in (0, 8, 8.5, 16, 16.1, 24)] == [0, 0, 1, 1, 2, 2]
        assert range_band(24.1, bands) is None
        with pytest.raises(ValueError, match="0 or more"):
            range_band(-1, bands)

    def test_band_names(self) -> None:
        assert [band_name(b) for b in (0, 1, 2)] == ["short range", "medium range", "long range"]
        assert band_name(None) == "no range band"
        assert band_name(0, 1) == "in range"

    def test_bands_of_weapons(self) -> None:
        assert weapon_bands(weapon("bow")) == (8, 16, 24)
        assert weapon_bands(weapon("pump-gun", "junkers"), extra=4) == (8, 12, 16)
        assert weapon_bands(weapon("gas-bomb", "junkers"), strength=3) == (6,)
        with pytest.raises(ValueError, match="give the Strength"):
            weapon_bands(weapon("gas-bomb", "junkers"))
        assert weapon_bands(weapon("flamethrower", "black-blood-children")) == ()


class TestShooting:
    def test_the_rulebook_example(self) -> None:
        """A Precision 5 ganger shoots a bow at short range: 5 + 1 - 1 = 5."""
        shot = shooting_roll(FixedDice(5), weapon("bow"), precision=5, catalog=mods(), distance=6)
        assert (shot.band, shot.target, shot.hit) == (0, 5, True)
        assert shot.modifiers == (Modifier("Short range", 1), Modifier("Hard to use", -1))
        assert shot.event() == Roll(
            kind="roll",
            title="Shooting: Bow",
            dice=(5,),
            detail=(
                "Precision 5 + Short range 1 - Hard to use 1 = 5: needs 5 or less; "
                '6" is short range (8/16/24")'
            ),
            outcome="Hit (rolled 5)",
        )
        miss = shooting_roll(FixedDice(6), weapon("bow"), precision=5, catalog=mods(), distance=6)
        assert not miss.hit
        assert miss.outcome == "Miss (rolled 6)"

    @pytest.mark.parametrize(
        ("distance", "band", "target"), [(12, 0, 6), (12.5, 1, 5), (24, 1, 5), (36, 2, 4)]
    )
    def test_range_modifiers(self, distance: float, band: int, target: int) -> None:
        shot = shooting_roll(
            FixedDice(1), weapon("rifle"), precision=5, catalog=mods(), distance=distance
        )
        assert (shot.band, shot.target) == (band, target)

    def test_beyond_the_longest_range_no_shot(self) -> None:
        dice = FixedDice()
        shot = shooting_roll(dice, weapon("pistol"), precision=5, catalog=mods(), distance=18.5)
        assert (shot.can_shoot, shot.band, shot.hit, shot.dice) == (False, None, False, ())
        assert dice.used == 0
        assert shot.outcome == 'Cannot shoot: beyond the longest range, 18"'
        assert shot.detail == '18.5" is out of range (6/12/18")'

    def test_the_band_can_be_given(self) -> None:
        shot = shooting_roll(FixedDice(4), weapon("rifle"), precision=5, catalog=mods(), band=2)
        assert (shot.band, shot.target, shot.distance) == (2, 4, None)
        with pytest.raises(ValueError, match="give the distance or the range band"):
            shooting_roll(FixedDice(4), weapon("rifle"), precision=5, catalog=mods())
        with pytest.raises(ValueError, match="3 range bands, not a band 4"):
            shooting_roll(FixedDice(4), weapon("rifle"), precision=5, catalog=mods(), band=3)

    def test_two_band_weapons_have_no_long_range(self) -> None:
        missile = weapon("organic-missile", "mutards")
        shot = shooting_roll(FixedDice(3), missile, precision=4, catalog=mods(), distance=6)
        assert shot.band == 1
        assert [m.name for m in shot.modifiers] == ["Pellets"]
        assert not shooting_roll(
            FixedDice(), missile, precision=4, catalog=mods(), distance=9
        ).can_shoot

    def test_chosen_modifiers_from_the_catalog(self) -> None:
        """Aimed +3, through smoke -2, and one of the player's own."""
        shot = shooting_roll(
            FixedDice(9),
            weapon("rifle"),
            precision=4,
            catalog=mods(),
            distance=20,
            chosen=["aimed", "through-smoke", Modifier("Agreed bonus", 1)],
        )
        assert shot.target == 4 + 3 - 2 + 1
        assert shot.detail.startswith(
            "Precision 4 + Aimed 3 - Through smoke 2 + Agreed bonus 1 = 6: needs 6 or less"
        )
        spec = next(m for m in mods() if m.id == "defensive-fire")
        fire = shooting_roll(
            FixedDice(3), weapon("rifle"), precision=4, catalog=mods(), band=1, chosen=[spec]
        )
        assert fire.target == 2

    def test_chosen_modifiers_are_checked(self) -> None:
        rifle = weapon("rifle")

        def shoot(*chosen: str) -> None:
            shooting_roll(FixedDice(1), rifle, precision=5, catalog=mods(), band=1, chosen=chosen)

        with pytest.raises(ValueError, match="no modifier 'lucky'"):
            shoot("lucky")
        with pytest.raises(ValueError, match="for combat rolls, not for shooting"):
            shoot("contacted-crouching")
        with pytest.raises(ValueError, match="chosen twice"):
            shoot("aimed", "aimed")
        with pytest.raises(ValueError, match="comes from the distance"):
            shoot("short-range")
        with pytest.raises(ValueError, match="cannot be used in defensive fire"):
            shoot("aimed", "defensive-fire")
        with pytest.raises(ValueError, match="choose one of avoiding cover"):
            shoot("avoid-cover", "avoid-cover-camouflage")

    def test_avoiding_cover(self) -> None:
        shot = shooting_roll(
            FixedDice(2),
            weapon("rifle"),
            precision=5,
            catalog=mods(),
            band=1,
            chosen=["avoid-cover"],
        )
        assert (shot.target, shot.cover_avoided) == (2, True)
        plain = shooting_roll(FixedDice(2), weapon("rifle"), precision=5, catalog=mods(), band=1)
        assert not plain.cover_avoided

    def test_camouflage_makes_avoiding_cover_minus_five(self) -> None:
        shot = shooting_roll(
            FixedDice(1),
            weapon("rifle"),
            precision=6,
            catalog=mods(),
            band=1,
            chosen=["avoid-cover"],
            camouflage=True,
        )
        assert shot.modifiers == (Modifier("Avoiding cover (Camouflage)", -5),)
        assert (shot.target, shot.hit, shot.cover_avoided) == (1, True, True)
        assert "Camouflage: avoiding its cover costs more" in shot.notes

    def test_pellets(self) -> None:
        """Shotgun: +1; no avoiding cover; into a combat no -3, and everyone is hit."""
        shotgun = weapon("shotgun")
        shot = shooting_roll(FixedDice(6), shotgun, precision=4, catalog=mods(), distance=3)
        assert shot.modifiers == (Modifier("Short range", 1), Modifier("Pellets", 1))
        assert (shot.target, shot.hit) == (6, True)
        with pytest.raises(ValueError, match="cannot avoid cover"):
            shooting_roll(
                FixedDice(1), shotgun, precision=4, catalog=mods(), band=0, chosen=["avoid-cover"]
            )
        melee = shooting_roll(
            FixedDice(5), shotgun, precision=4, catalog=mods(), band=1, chosen=["into-combat"]
        )
        assert melee.target == 5
        assert (melee.hit, melee.all_in_combat_hit) == (True, True)
        assert melee.outcome == "Hit (rolled 5): every model in the combat is hit"

    def test_shooting_into_a_combat_may_hit_the_friend(self) -> None:
        def shoot(die: int) -> tuple[bool, bool]:
            shot = shooting_roll(
                FixedDice(die), weapon("rifle"), precision=6, catalog=mods(), band=1,
                chosen=["into-combat"],
            )  # fmt: skip
            return shot.hit, shot.friend_hit

        assert shoot(3) == (True, False)
        assert shoot(4) == (False, True)  # missed only for the -3
        assert shoot(6) == (False, True)
        assert shoot(7) == (False, False)

    def test_a_rider_shoots_as_if_hard_to_use(self) -> None:
        rifle = shooting_roll(
            FixedDice(1), weapon("rifle"), precision=5, catalog=mods(), band=1, rider=True
        )
        assert rifle.modifiers == (Modifier("Hard to use", -1),)
        assert "Rider: its weapons are Hard to use" in rifle.notes
        bow = shooting_roll(
            FixedDice(1), weapon("bow"), precision=5, catalog=mods(), band=1, rider=True
        )
        assert bow.modifiers == (Modifier("Hard to use", -1),)  # once, not twice

    def test_indirect_fire_no_range_modifiers_no_aiming(self) -> None:
        bomb = weapon("smoke-bomb", "junkers")
        shot = shooting_roll(
            FixedDice(4), bomb, precision=4, catalog=mods(), distance=5, strength=3
        )
        assert (shot.band, shot.modifiers, shot.hit) == (0, (), True)
        with pytest.raises(ValueError, match="cannot be aimed"):
            shooting_roll(
                FixedDice(4), bomb, precision=4, catalog=mods(), distance=5, strength=3,
                chosen=["aimed"],
            )  # fmt: skip
        out = shooting_roll(FixedDice(), bomb, precision=4, catalog=mods(), distance=7, strength=3)
        assert not out.can_shoot
        unmeasured = shooting_roll(FixedDice(5), bomb, precision=4, catalog=mods())
        assert (unmeasured.band, unmeasured.hit, unmeasured.scatter) == (None, False, 1)
        with pytest.raises(ValueError, match="give the Strength"):
            shooting_roll(FixedDice(5), bomb, precision=4, catalog=mods(), distance=3)

    @pytest.mark.parametrize(
        ("die", "inches", "direction"),
        [(5, 1, "backward"), (6, 1, "forward"), (9, 3, "backward"), (10, 3, "forward")],
    )
    def test_indirect_fire_scatters(self, die: int, inches: int, direction: str) -> None:
        """1" per 2 points missed, rounded up; forward on an even die, back on an odd."""
        shot = shooting_roll(
            FixedDice(die), weapon("gas-bomb", "junkers"), precision=4, catalog=mods(),
            distance=2, strength=3,
        )  # fmt: skip
        assert (shot.hit, shot.scatter, shot.scatter_direction) == (False, inches, direction)
        assert shot.outcome == f'Miss (rolled {die}): scatters {inches}" {direction}'

    def test_indirect_fire_scatter_by_the_rulebook_example(self) -> None:
        """Missing by 1 or 2 scatters 1", by 7 or 8 scatters 4"."""
        for by, inches in ((1, 1), (2, 1), (7, 4), (8, 4)):
            assert math.ceil(by / 2) == inches
            shot = shooting_roll(
                FixedDice(2 + by), weapon("gas-bomb", "junkers"), precision=2, catalog=mods(),
                distance=1, strength=3,
            )  # fmt: skip
            assert shot.scatter == inches

    def test_indirect_fire_rolls_even_an_automatic_miss(self) -> None:
        shot = shooting_roll(
            FixedDice(3), weapon("gas-bomb", "junkers"), precision=2, catalog=mods(),
            distance=1, strength=3, chosen=["through-smoke"],
        )  # fmt: skip
        assert (shot.automatic, shot.die, shot.scatter, shot.scatter_direction) == (
            "failure",
            3,
            2,
            "backward",
        )

    @pytest.mark.parametrize(("die", "jammed"), [(8, False), (9, True), (10, True)])
    def test_kaboom_with_jury_rigged_bullets(self, die: int, jammed: bool) -> None:
        shot = shooting_roll(
            FixedDice(die), weapon("rifle"), precision=9, catalog=mods(), band=1, kaboom=True
        )
        assert (shot.kaboom, shot.hit) == (jammed, not jammed)
        if jammed:
            assert shot.outcome == (
                f"KABOOM! (rolled {die}): the shot fails and the Rifle is jammed for the rest "
                "of the game"
            )

    def test_kaboom_is_rolled_when_the_hit_is_automatic(self) -> None:
        """Organic missile (Pellets, KABOOM!), Precision 8 + short 1 + pellets 1 = 10."""
        missile = weapon("organic-missile", "mutards")
        shot = shooting_roll(FixedDice(9), missile, precision=8, catalog=mods(), distance=2)
        assert (shot.target, shot.die, shot.kaboom, shot.hit) == (10, 9, True, False)
        safe = shooting_roll(FixedDice(4), missile, precision=8, catalog=mods(), distance=2)
        assert (safe.automatic, safe.die, safe.hit) == ("success", 4, True)
        assert safe.outcome == "Automatic hit (rolled 4)"

    def test_an_automatic_hit_without_kaboom_rolls_nothing(self) -> None:
        shot = shooting_roll(
            FixedDice(), weapon("rifle"), precision=6, catalog=mods(), distance=10, chosen=["aimed"]
        )
        assert (shot.target, shot.die, shot.dice, shot.hit) == (10, None, (), True)
        assert shot.outcome == "Automatic hit"
        assert shot.detail.startswith(
            "Precision 6 + Short range 1 + Aimed 3 = 10: hits automatically"
        )

    def test_template_hits_without_a_roll(self) -> None:
        flamer = weapon("flamethrower", "black-blood-children")
        shot = shooting_roll(FixedDice(), flamer, precision=3, catalog=mods())
        assert (shot.hit, shot.automatic, shot.dice) == (True, "success", ())
        assert (
            shot.detail == "Template: hits every model under the template, with no Precision roll"
        )
        with pytest.raises(ValueError, match="cannot be used in defensive fire"):
            shooting_roll(
                FixedDice(), flamer, precision=3, catalog=mods(), chosen=["defensive-fire"]
            )

    def test_steam_makes_a_tech_roll_instead(self) -> None:
        with pytest.raises(ValueError, match="steam_roll"):
            shooting_roll(
                FixedDice(1), weapon("steam-gun", "junkers"), precision=3, catalog=mods(), band=0
            )

    def test_a_missing_catalog_modifier_is_named(self) -> None:
        without = tuple(m for m in mods() if m.id != "short-range")
        with pytest.raises(ValueError, match="no 'short-range' modifier"):
            shooting_roll(FixedDice(1), weapon("rifle"), precision=5, catalog=without, band=0)

    def test_the_catalog_offers_the_modifiers_the_helper_reads(self) -> None:
        shooting = {m.id: m.value for m in modifiers_for(mods(), "shooting")}
        assert shooting == {
            "short-range": 1,
            "long-range": -1,
            "aimed": 3,
            "defensive-fire": -2,
            "into-combat": -3,
            "hard-to-use": -1,
            "pellets": 1,
            "avoid-cover": -3,
            "avoid-cover-camouflage": -5,
            "through-smoke": -2,
        }
        assert [m.id for m in modifiers_for(mods(), "combat")] == ["contacted-crouching"]


# ------------------------------------------------------------------------------------------
# Wound rolls (RB ch.2 "Hits", "Armours and weapon Penetration", "Cover")
# ------------------------------------------------------------------------------------------


class TestStrengthAndPenetration:
    def test_a_shot_uses_the_weapons_strength_per_band(self) -> None:
        assert attack_strength(weapon("rifle"), 2, None) == ("Rifle Strength", 6, ())
        shotgun = weapon("shotgun")
        assert [attack_strength(shotgun, b, 3)[1] for b in (0, 1, 2)] == [7, 6, 5]
        with pytest.raises(ValueError, match="depends on the range band"):
            attack_strength(shotgun, None, 3)

    def test_combat_adds_the_weapon_bonus_to_the_wielder(self) -> None:
        blade = attack_strength(weapon("medium-blade"), None, 4)
        assert blade == ("Strength", 4, (Modifier("Medium blade", 2),))
        unarmed = attack_strength(weapon("unarmed"), None, 3)
        assert unarmed == ("Strength", 3, (Modifier("Unarmed", 0),))
        with pytest.raises(ValueError, match="wielder's Strength: give it"):
            attack_strength(weapon("medium-blade"), None, None)

    def test_a_thrown_weapon_uses_the_thrower_less_the_band(self) -> None:
        knives = weapon("throwing-knives")
        assert attack_strength(knives, 0, 4) == ("Strength", 4, ())
        assert attack_strength(knives, 1, 4) == (
            "Strength", 4, (Modifier("Throwing knives, medium range", -1),)
        )  # fmt: skip
        assert attack_strength(knives, 2, 4)[2] == (Modifier("Throwing knives, long range", -2),)
        assert [weapon_penetration(knives, b) for b in (0, 1, 2)] == [2, 1, 0]

    def test_unreadable_values_ask_for_the_number(self) -> None:
        flamer = weapon("flamethrower", "black-blood-children")
        with pytest.raises(ValueError, match="'3 or 6' cannot be read: give the Strength"):
            attack_strength(flamer, None, 3)
        with pytest.raises(ValueError, match="'2 or 5' cannot be read"):
            weapon_penetration(flamer, None)
        assert weapon_penetration(weapon("zapper", "junkers"), None) == 0  # Pen "-"
        with pytest.raises(ValueError, match="has no Strength"):
            attack_strength(weapon("gas-bomb", "junkers"), 0, 3)


class TestWoundRoll:
    def test_the_rulebook_example(self) -> None:
        """RB "Stacking covers" example: T 3, metallic armour 4 + drum 3 - rifle Pen 5 = 2;
        the rifle's 7 + 6 = 13 against the ganger's 9 + 5 = 14: not downed."""
        roll = wound_roll(
            FixedDice(7, 9),
            weapon("rifle"),
            band=1,
            toughness=3,
            armour=[armour("metallic-armor")],
            cover=[cover(2)],
            attacker="B2",
            defender="A4",
        )
        assert (roll.penetration, roll.protection, roll.wounded) == (5, 2, False)
        assert (roll.roll.active.total, roll.roll.others[0].total) == (13, 14)
        assert roll.event() == Roll(
            kind="roll",
            title="Wound roll: Rifle against A4",
            dice=(7, 9),
            detail=(
                "B2: Rifle Strength 6 + roll 7 = 13 vs "
                "A4: Toughness 3 + Armour and cover 2 + roll 9 = 14; "
                "armour and cover: Metallic armor 4 + Wood, tire piles, drums 3 "
                "- Penetration 5 = 2"
            ),
            outcome="Not wounded: 13 against 14",
        )

    def test_a_tie_goes_to_the_attacker(self) -> None:
        roll = wound_roll(
            FixedDice(8, 9), weapon("rifle"), band=1, toughness=3,
            armour=[armour("metallic-armor")], cover=[cover(2)],
        )  # fmt: skip
        assert roll.wounded
        assert roll.outcome == (
            "Wounded: 14 against 14 (a tie goes to the side whose action turn it is)"
        )

    def test_in_defensive_fire_the_tie_goes_to_the_target(self) -> None:
        roll = wound_roll(
            FixedDice(9, 8), weapon("rifle"), band=1, toughness=3,
            armour=[armour("metallic-armor")], cover=[cover(2)], attacker_active=False,
        )  # fmt: skip
        assert roll.roll.active.contender.label == "Target"
        assert not roll.wounded
        assert roll.dice == (8, 9)  # attacker's die first, as in every wound roll
        beaten = wound_roll(
            FixedDice(8, 9), weapon("rifle"), band=1, toughness=3, attacker_active=False
        )
        assert beaten.wounded  # 9 + 6 = 15 against 8 + 3 = 11

    def test_penetration_beyond_armour_and_cover_leaves_zero(self) -> None:
        roll = wound_roll(
            FixedDice(1, 1), weapon("heavy-blade"), wielder_strength=4, toughness=3,
            armour=[armour("hardened-leather")],
        )  # fmt: skip
        assert (roll.penetration, roll.protection) == (4, 0)
        assert roll.toughness.total_value == 3
        assert "armour and cover: Hardened leather 3 - Penetration 4 = 0, at least 0" in roll.detail
        assert roll.roll.active.total == 1 + 4 + 3

    def test_penetration_against_armour_and_cover_together(self) -> None:
        """Pen 5 against armour 1 + cover 5: 1 left (the cover is not spared)."""
        roll = wound_roll(
            FixedDice(1, 1), weapon("rifle"), band=0, toughness=3,
            armour=[armour("thick-clothes")], cover=[cover(3)],
        )  # fmt: skip
        assert roll.protection == 1

    @pytest.mark.parametrize(("band", "value"), [(0, 5), (1, 6), (2, 7)])
    def test_the_vest_against_firearms_per_band(self, band: int, value: int) -> None:
        roll = wound_roll(
            FixedDice(1, 1), weapon("pistol"), band=band, toughness=3,
            armour=[armour("bulletproof-vest")],
        )  # fmt: skip
        assert roll.armour == (Modifier("Bulletproof vest", value),)
        assert roll.protection == value - 4

    def test_the_vest_is_plain_armour_against_other_weapons(self) -> None:
        bow = wound_roll(
            FixedDice(1, 1), weapon("bow"), band=2, toughness=3, armour=[armour("bulletproof-vest")]
        )
        assert bow.armour == (Modifier("Bulletproof vest", 3),)
        assert bow.protection == 1
        blade = wound_roll(
            FixedDice(1, 1), weapon("mace"), wielder_strength=3, toughness=3,
            armour=[armour("bulletproof-vest")],
        )  # fmt: skip
        assert blade.protection == 2
        with pytest.raises(ValueError, match="depends on the range band"):
            armour("bulletproof-vest").value_against(frozenset({"firearm"}), None)

    def test_stacked_covers_count_the_highest_plus_one(self) -> None:
        """RB "Stacking covers": a wall (5) and a shield (2) give A+6."""
        roll = wound_roll(
            FixedDice(1, 1), weapon("bow"), band=0, toughness=3,
            cover=[Modifier("Shield", 2), Modifier("Concrete wall", 5)],
        )  # fmt: skip
        assert roll.cover == (Modifier("Concrete wall", 5), Modifier("Stacked covers", 1))
        assert roll.not_counted == (Modifier("Shield", 2),)
        assert roll.protection == 6 - 2
        assert "stacked covers: the highest +1" in roll.detail
        assert "not counted: Shield 2" in roll.detail

    def test_three_covers_still_add_only_one(self) -> None:
        roll = wound_roll(
            FixedDice(1, 1), weapon("bow"), band=0, toughness=3,
            cover=[cover(3), cover(3), cover(1)],
        )  # fmt: skip
        assert sum(m.value for m in roll.cover) == 6

    def test_avoided_cover_does_not_count(self) -> None:
        roll = wound_roll(
            FixedDice(1, 1), weapon("rifle"), band=1, toughness=3,
            armour=[armour("metallic-armor")], cover=[cover(5)], cover_avoided=True,
        )  # fmt: skip
        assert roll.cover == ()
        assert roll.protection == 0
        assert "cover avoided by the shot" in roll.detail

    def test_steam_ignores_armour_and_cover(self) -> None:
        roll = wound_roll(
            FixedDice(5, 5), weapon("steam-gun", "junkers"), strength=3, toughness=3,
            armour=[armour("metallic-armor")], cover=[cover(5)],
        )  # fmt: skip
        assert (roll.armour, roll.cover, roll.protection) == ((), (), 0)
        assert roll.not_counted == (Modifier("Metallic armor", 4), cover(5))
        assert "armour ignored (Steam)" in roll.notes
        assert "cover ignored (Steam)" in roll.notes
        assert roll.wounded  # 5 + 3 against 5 + 3, the tie to the attacker

    def test_shock_ignores_armour_only(self) -> None:
        roll = wound_roll(
            FixedDice(1, 1), weapon("zapper", "junkers"), wielder_strength=3, toughness=3,
            armour=[armour("metallic-armor")],
        )  # fmt: skip
        assert roll.armour == ()
        assert roll.strength.value == 6  # the zapper's own Strength, as the catalog gives it
        assert "armour ignored (Shock)" in roll.notes

    def test_template_ignores_cover_only(self) -> None:
        roll = wound_roll(
            FixedDice(1, 1), weapon("flamethrower", "black-blood-children"), strength=6,
            penetration=5, toughness=3, armour=[armour("metal-plate")], cover=[cover(5)],
        )  # fmt: skip
        assert roll.armour == (Modifier("Metal plate", 5),)
        assert (roll.cover, roll.protection) == ((), 0)
        assert "cover ignored (Template)" in roll.notes

    def test_a_hit_without_a_weapon(self) -> None:
        """A Fire marker: Pen 3, Strength 2, with no cover bonus (RB ch.4 Incendiary)."""
        roll = wound_roll(
            FixedDice(4, 2), None, strength=2, penetration=3, toughness=3,
            armour=[armour("metallic-armor")], cover=[cover(2)], ignores_cover=True,
            title="Fire",
        )  # fmt: skip
        assert roll.protection == 1
        assert roll.title == "Fire"
        assert roll.detail.startswith("Attacker: Hit Strength 2 + roll 4 = 6 vs Target: Toughness")
        with pytest.raises(ValueError, match="give the Strength"):
            wound_roll(FixedDice(1, 1), None, toughness=3)

    def test_combat_uses_the_wielder_and_refuses_cover(self) -> None:
        roll = wound_roll(
            FixedDice(3, 6), weapon("medium-blade"), wielder_strength=4, toughness=4,
            armour=[armour("hardened-leather")],
        )  # fmt: skip
        assert roll.strength.total_value == 6
        assert roll.protection == 0  # Pen 3 against leather 3
        assert (roll.roll.active.total, roll.roll.others[0].total) == (9, 10)
        assert not roll.wounded
        with pytest.raises(ValueError, match="cover counts only against shots"):
            wound_roll(
                FixedDice(1, 1), weapon("mace"), wielder_strength=3, toughness=3, cover=[cover(1)]
            )

    def test_rust_and_other_penetration_changes(self) -> None:
        rusty = WeaponStats(
            "Small blade", "melee", frozenset({"rust"}), profile={"C": "+0", "Pen": 2, "S": "+1"}
        )
        roll = wound_roll(
            FixedDice(1, 1), rusty, wielder_strength=2, toughness=3,
            armour=[armour("hardened-leather")],
        )  # fmt: skip
        assert (roll.penetration, roll.protection) == (1, 2)
        assert "Penetration 2 - Rust 1 = 1" in roll.detail
        bayonet = wound_roll(
            FixedDice(1, 1), weapon("unarmed"), wielder_strength=3, toughness=3,
            armour=[armour("metallic-armor")], penetration_modifiers=[Modifier("Bayonet", 2)],
        )  # fmt: skip
        assert bayonet.protection == 2

    def test_pump_markers_add_strength(self) -> None:
        roll = wound_roll(
            FixedDice(1, 1), weapon("pump-gun", "junkers"), band=0, toughness=3,
            strength_modifiers=[Modifier("Pump", 3)], penetration_modifiers=[Modifier("Pump", 1)],
        )  # fmt: skip
        assert (roll.strength.total_value, roll.penetration) == (4, 2)


# ------------------------------------------------------------------------------------------
# Steam (RB ch.4 "Steam")
# ------------------------------------------------------------------------------------------


class TestSteam:
    @pytest.mark.parametrize(
        ("die", "gust", "leak"),
        [(4, 3, None), (2, 5, None), (6, 1, None), (8, None, 2), (7, None, 1)],
    )
    def test_the_rulebook_numbers(self, die: int, gust: int | None, leak: int | None) -> None:
        """Tech 6: a 4 gives Strength 3, a 2 Strength 5; an 8 scalds the user at Strength 2."""
        roll = steam_roll(FixedDice(die), 6, weapon="Steam gun")
        assert (roll.strength, roll.leak_strength) == (gust, leak)

    def test_log_text(self) -> None:
        roll = steam_roll(FixedDice(4), 6, weapon="Steam gun")
        assert roll.event() == Roll(
            kind="roll",
            title="Steam: Steam gun",
            dice=(4,),
            detail=(
                "Tech 6: needs 6 or less; "
                "Strength = margin + 1, or the margin of failure on the user"
            ),
            outcome="Success (rolled 4): the gust hits everything in its line at Strength 3",
        )

    def test_defensive_fire_is_minus_two_tech(self) -> None:
        spec = next(m for m in mods() if m.id == "defensive-fire")
        roll = steam_roll(FixedDice(4), 7, [Modifier.of(spec)])
        assert (roll.tech.target, roll.strength) == (5, 2)

    def test_always_rolled(self) -> None:
        roll = steam_roll(FixedDice(3), 10)
        assert (roll.tech.automatic, roll.strength) == ("success", 8)
        failed = steam_roll(FixedDice(3), 2, [Modifier("Numb", -3)])
        assert (failed.tech.automatic, failed.leak_strength) == ("failure", 4)


# ------------------------------------------------------------------------------------------
# Falling (RB ch.2 "Falling down") and tables
# ------------------------------------------------------------------------------------------


def falling() -> TableSpec:
    return find_table(tracker().tables, "falling")


class TestFalling:
    @pytest.mark.parametrize(
        ("height", "strength"),
        [
            (0, None),
            (1.9, None),
            (2, 1),
            (2.5, 1),
            (3, 2),
            (7, 6),
            (8, 7),
            (9, 7),
            (10, 8),
            (30, 8),
        ],
    )
    def test_the_strength_of_a_fall(self, height: float, strength: int | None) -> None:
        roll = falling_roll(FixedDice(1, 1), falling(), height, toughness=3)
        assert roll.strength == strength

    def test_no_harm_rolls_nothing(self) -> None:
        dice = FixedDice()
        roll = falling_roll(dice, falling(), 1, toughness=3)
        assert (roll.downed, roll.lying, roll.roll, roll.dice) == (False, False, None, ())
        assert roll.event() == Roll(
            kind="roll",
            title='Fall of 1"',
            dice=(),
            detail='Falling: 1": No harm',
            outcome="No harm",
        )

    def test_winning_leaves_it_lying(self) -> None:
        """4": Strength 3; Toughness 3 + 5 = 8 against 3 + 5 = 8: the tie to the faller."""
        roll = falling_roll(FixedDice(5, 5), falling(), 4, toughness=3, faller="A3")
        assert (roll.strength, roll.lying, roll.downed) == (3, True, False)
        assert roll.event() == Roll(
            kind="roll",
            title='Fall of 4"',
            dice=(5, 5),
            detail=(
                'Falling: 4": Strength 3; A3: Toughness 3 + roll 5 = 8 vs '
                "The fall: Strength 3 + roll 5 = 8 (Toughness without armour)"
            ),
            outcome="A3 lies on the floor: its next action must be to stand up",
        )

    def test_losing_downs_it(self) -> None:
        roll = falling_roll(FixedDice(4, 5), falling(), 4, toughness=3, faller="A3")
        assert (roll.lying, roll.downed, roll.outcome) == (False, True, "A3 is downed")

    def test_a_fall_in_another_models_turn_gives_the_tie_to_the_fall(self) -> None:
        roll = falling_roll(FixedDice(5, 5), falling(), 4, toughness=3, faller_active=False)
        assert roll.downed
        assert roll.dice == (5, 5)

    def test_toughness_modifiers_count(self) -> None:
        roll = falling_roll(
            FixedDice(3, 5), falling(), 4, toughness=3, toughness_modifiers=[Modifier("Gas", -1)]
        )
        assert roll.downed

    @pytest.mark.parametrize(
        ("dice", "modifier", "faller_total", "downed"),
        [
            # 4": Strength 3 (RB ch.2 "Falling down": +4 to 5 inches). The faller's turn,
            # so a tie is the faller's. Toughness 3 with both dice 5: 8 against 8, a tie:
            # it lies on the floor; Gas -1 makes it 2 + 5 = 7 against 8: downed.
            ((5, 5), -1, 7, True),
            # Toughness 3 rolling 4 against the fall's 5: 7 against 8, downed; a +1 makes
            # it 4 + 4 = 8 against 8, the tie to the faller: it lies on the floor.
            ((4, 5), 1, 8, False),
        ],
    )
    def test_a_toughness_modifier_changes_the_outcome(
        self, dice: tuple[int, int], modifier: int, faller_total: int, downed: bool
    ) -> None:
        bare = falling_roll(FixedDice(*dice), falling(), 4, toughness=3)
        assert bare.downed is not downed  # without the modifier, the other outcome
        roll = falling_roll(
            FixedDice(*dice),
            falling(),
            4,
            toughness=3,
            toughness_modifiers=[Modifier("Gas" if modifier < 0 else "Tough", modifier)],
            faller="A3",
        )
        assert (roll.downed, roll.lying) == (downed, not downed)
        assert roll.roll is not None
        assert (roll.roll.active.total, roll.roll.others[0].total) == (faller_total, 8)


def d6_table() -> TableSpec:
    return TableSpec(
        id="morale",
        name="Morale",
        dice="2d6",
        rows=(
            TableRow(max=4, result="Flee"),
            TableRow(min=5, max=8, result="Hold"),
            TableRow(min=9, max=11, result="Rally", value=1),
        ),
    )


class TestTables:
    def test_parse_dice(self) -> None:
        assert parse_dice("d10") == (1, 10, 0)
        assert parse_dice("2d6") == (2, 6, 0)
        assert parse_dice("D6+1") == (1, 6, 1)
        assert parse_dice(" 3d6 - 2 ") == (3, 6, -2)
        for bad in ("d", "6", "0d6", "2d0", "d6*2"):
            with pytest.raises(ValueError):
                parse_dice(bad)

    def test_roll_on_a_table(self) -> None:
        roll = table_roll(FixedDice(3, 4), d6_table())
        assert (roll.value, roll.row) == (7, d6_table().rows[1])
        assert roll.event() == Roll(
            kind="roll", title="Morale table", dice=(3, 4), detail="2d6: 3 + 4 = 7", outcome="Hold"
        )

    def test_roll_with_modifiers_and_no_row(self) -> None:
        roll = table_roll(FixedDice(6, 5), d6_table(), [Modifier("Leader", 1)])
        assert roll.value == 12
        assert roll.row is None
        assert roll.detail == "2d6: 6 + 5 + Leader 1 = 12"
        assert roll.outcome == "No row of the table for 12"

    def test_a_single_die(self) -> None:
        table = TableSpec(
            id="haywire", name="Haywire", dice="d6+1", rows=(TableRow(result="Sparks"),)
        )
        roll = table_roll(FixedDice(2), table)
        assert (roll.value, roll.detail, roll.outcome) == (3, "d6+1: 2 + 1 = 3", "Sparks")
        assert table_roll(FixedDice(5), table.model_copy(update={"dice": "d10"})).detail == "d10: 5"

    def test_seeded_table_rolls_use_the_tables_dice(self) -> None:
        roll = table_roll(Dice(3, 0), d6_table())
        assert roll.dice == (die_value(3, 0, 0, 6), die_value(3, 0, 1, 6))

    def test_lookup_tables_are_not_rolled(self) -> None:
        with pytest.raises(ValueError, match="looked up"):
            table_roll(FixedDice(1), falling())

    def test_lookup(self) -> None:
        found = table_lookup(falling(), 6)
        assert (found.row, found.dice) == (falling().rows[5], ())
        assert found.event() == Roll(
            kind="roll",
            title="Falling table",
            dice=(),
            detail="Height fallen (inches) 6",
            outcome="Strength 5",
        )
        cover_table = find_table(tracker().tables, "cover")
        assert table_lookup(cover_table, 9).outcome == "No row of the table for 9"

    def test_cover_rows(self) -> None:
        assert [cover(n).value for n in range(1, 6)] == [2, 3, 5, 6, 8]
        assert cover(3) == Modifier("Clay, bricks, rubble", 5)
        with pytest.raises(ValueError, match="no row 6"):
            cover(6)
        with pytest.raises(KeyError):
            find_table(tracker().tables, "morale")


# ------------------------------------------------------------------------------------------
# Real models of a battle
# ------------------------------------------------------------------------------------------


class TestModels:
    def test_stats_armour_and_weapons_of_real_models(self) -> None:
        game = battle()
        items = view("gangers").items
        chief = game.setup.model("A1")
        assert model_stat(chief, "P") == chief.stats["P"]
        pieces, covers = armour_of(chief, items, shooting=True)
        assert pieces == (ArmourPiece("Bulletproof vest", 3, (("firearm", (5, 6, 7)),)),)
        assert covers == ()
        rifle = next(i for i in game.setup.model("A2").items if i.id == "rifle")
        stats = WeaponStats.of(items["rifle"], rifle.tags)
        assert "firearm" in stats.tags
        roll = wound_roll(
            FixedDice(5, 5), stats, band=2, toughness=model_stat(chief, "T"), armour=pieces
        )
        assert roll.armour == (Modifier("Bulletproof vest", 7),)
        assert roll.protection == 2

    def test_tough_skin_is_armour(self) -> None:
        game = battle()
        mutant = next(
            m for m in game.setup.all_models() if any(i.id == "tough-skin-3" for i in m.items)
        )
        pieces, _ = armour_of(mutant, view("mutards").items, shooting=True)
        assert pieces == (ArmourPiece("Tough skin (3)", 3),)

    def test_camouflage_from_a_mutation(self) -> None:
        game = battle()
        hidden = [m.id for m in game.setup.all_models() if has_rule(m, "camouflage")]
        assert len(hidden) == 1

    def test_a_shield_is_armour_in_combat_and_cover_against_shots(self) -> None:
        items = view("gangers").items
        model = ModelSnap(
            id="A1", actor="A1", side=0, entry=0, label="Ganger", unit="ganger",
            stats=FrozenMap({"P": 4, "T": 3}), modifiers=FrozenMap({"P": -1}),
            items=(
                ItemSnap(
                    id="shield", name="Shield", count=1, kind="equipment",
                    tags=frozenset({"shield"}),
                ),
                ItemSnap(id="thick-clothes", name="Thick clothes", count=1, kind="armour"),
            ),
        )  # fmt: skip
        assert armour_of(model, items, shooting=False) == (
            (ArmourPiece("Shield", 2), ArmourPiece("Thick clothes", 1)),
            (),
        )
        assert armour_of(model, items, shooting=True) == (
            (ArmourPiece("Thick clothes", 1),),
            (Modifier("Shield", 2),),
        )
        assert model_stat(model, "P") == 3
        with pytest.raises(ValueError, match="Ganger has no Ag"):
            model_stat(model, "Ag")

    def test_riders(self) -> None:
        base = {
            "id": "A1", "actor": "A1", "side": 0, "entry": 0, "label": "Spark", "unit": "spark",
            "stats": {"P": 4},
        }  # fmt: skip
        assert not is_rider(ModelSnap.model_validate(base))
        bike = ItemSnap(
            id="motorcycle", name="Motorcycle", count=1, kind="equipment",
            tags=frozenset({"rider", "swift"}),
        )  # fmt: skip
        assert is_rider(ModelSnap.model_validate({**base, "items": (bike,)}))
        assert is_rider(ModelSnap.model_validate({**base, "tags": frozenset({"rider"})}))

    def test_not_a_weapon(self) -> None:
        with pytest.raises(ValueError, match="Bulletproof vest is not a weapon"):
            WeaponStats.of(view().items["bulletproof-vest"])
        assert WeaponStats.of(view().items["bow"]).tags == frozenset()  # tags come from the caller


def test_a_roll_names_a_model_as_the_log_does() -> None:
    """``Game.who`` (the rolls' and the dice dialog's name for a model) is the log's
    ``model.battle.text.who``, for every model of a battle and for an id it has not."""
    state = battle().state
    game = Game(state, (view("gangers"), view("mutards")))
    for model_id in [m.id for m in state.setup.all_models()] + ["Z9"]:
        assert game.who(model_id) == who(state, model_id)
    assert game.who("A1") == f"A1 {state.model('A1').label}" != "A1"
    assert game.who("Z9") == "Z9"
