"""Which family of rolls a game gets (``model.rolls.families.family_for``): the first of
``FAMILIES`` whose ``declared`` is true, and plain dice for a catalog that declares none
of a game's own, never another game's rules (issue 36)."""

from __future__ import annotations

import pytest

from catalogs.locations import bundled_dir
from model.battle.battle import new_battle
from model.catalog.tracker import Tracker
from model.rolls.d6.kinds import D6
from model.rolls.dice import Dice
from model.rolls.families import FAMILIES, family_for, offered_kinds, roll
from model.rolls.family import RollFamily
from model.rolls.forms import Form
from model.rolls.game import Game
from model.rolls.plain import PLAIN, PLAIN_DICE, plain_roll
from model.rolls.pool import PoolError
from model.rolls.punk.kinds import PUNK
from model.rolls.sheets.kinds import SHEETS
from tests.helpers import bundled, entry, fixture_catalog, roster

EXPECTED = {
    "punkapocalyptic": PUNK,
    "reikhammer": SHEETS,
    "steam-wars": D6,
    "steampocalypse-1909": SHEETS,  # tests of its own, and its initiative as a D6 roll
    "vsf-colonial": SHEETS,
}


def tracker_of(system: str) -> Tracker:
    found = bundled(system).system_file.tracker
    assert found is not None
    return found


def test_every_bundled_catalog_is_expected_here() -> None:
    on_disk = {p.name for p in bundled_dir().iterdir() if (p / "system.toml").is_file()}
    assert on_disk == set(EXPECTED)


@pytest.mark.parametrize(("system", "family"), sorted(EXPECTED.items()))
def test_each_bundled_game_gets_its_own_rolls(system: str, family: RollFamily) -> None:
    assert family_for(tracker_of(system)) is family


def test_the_first_family_declared_wins() -> None:
    """Punkapocalyptic's tracker with a D6 roll listed: D6 comes before it."""
    punk = tracker_of("punkapocalyptic")
    assert family_for(punk.model_copy(update={"rolls": ("to-hit",)})) is D6
    assert FAMILIES.index(D6) < FAMILIES.index(PUNK) and FAMILIES[-1] is PLAIN


def test_a_game_declaring_nothing_gets_plain_dice_not_punkapocalyptics() -> None:
    """Punkapocalyptic's own tracker without its Falling and Cover tables declares none of
    its rolls: it is any new game's, which gets its plain dice and its tables."""
    punk = tracker_of("punkapocalyptic")
    for kept in ((), ("falling",), ("cover",)):
        bare = punk.model_copy(update={"tables": tuple(t for t in punk.tables if t.id in kept)})
        assert family_for(bare) is PLAIN, kept
    bare = punk.model_copy(update={"tables": ()})
    stats = {"Ag", "Co", "Pr", "St", "To", "Te"}
    assert offered_kinds(bare, stats) == (PLAIN_DICE,)


def game_of_alternating_fixture() -> Game:
    catalog = fixture_catalog("alternating-mini")
    view = catalog.view("testland")
    lists = [roster(view, entry("infantry", 2, rifle=2)), roster(view, entry("walker"))]
    battle = new_battle(catalog, [("Ana", lists[0], view), ("Ben", lists[1], view)], seed=3)
    return Game(battle.state, [view, view])


def test_plain_dice_roll_the_systems_die() -> None:
    game = game_of_alternating_fixture()
    assert family_for(game.state.tracker) is PLAIN
    # By hand: seed 3, roll 1 of the battle: a 3 and a 5 on its d6; +1 each: 4 and 6.
    made = roll(game, Form(kind="dice", count=2, needed=5, other=1), Dice(3, 1))
    assert (made.title, made.dice, made.outcome) == ("2d6+1 5+", (3, 5), "1 success")
    assert made.detail == "2d6+1 5+; rolled 3, 5; +1 each: 4, 6; 5+ met by 1 of 2"
    alone = plain_roll(game, Form(kind="dice"), Dice(3))
    assert (alone.title, alone.outcome) == ("1d6", f"total {alone.dice[0]}")
    with pytest.raises(PoolError, match="0 to 200 dice"):
        plain_roll(game, Form(kind="dice", count=201), Dice(3))
