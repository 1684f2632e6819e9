"""The catalog data and model rolls behind the dice helper's follow-on rolls: a test's
``leads_to`` and ``phases`` are checked like every other reference, a test that
``applies_to`` its target changes the target's counters, an action declared in the
activation ticks its modifier, and Steampocalypse 1909's attack and defence are rolled one
after the other (the defender chooses its dice after seeing the HITs). History: issue 16."""

from __future__ import annotations

from model.battle.battle import Battle, new_battle
from model.battle.events import Act, Activate, NextPhase, RollOff
from model.catalog.tracker import Tracker
from model.catalog.tracker_check import check_tracker
from model.rolls.dice import Result, next_dice
from model.rolls.sheets.attack_sequence import attack_roll, defence_roll
from model.rolls.sheets.catalog_tests import roll_test
from model.rolls.sheets.modifiers import declared_actions
from saves.roster_file import read_roster
from tests.conftest import FIXTURES
from tests.helpers import bundled


def sheet_battle(system: str, first: str, second: str, seed: int = 7) -> Battle:
    catalog = bundled(system)
    lists = []
    for name in (first, second):
        found, _ = read_roster(FIXTURES / "rosters" / system / f"{name}.toml")
        assert found is not None
        lists.append(found)
    return new_battle(
        catalog,
        [(p, r, catalog.view(r.faction)) for p, r in zip(("Ana", "Ben"), lists, strict=True)],
        seed=seed,
    )


def test_unknown_tests_led_to_and_phases_are_problems() -> None:
    tracker = bundled("reikhammer").system_file.tracker
    assert tracker is not None
    shooting = next(n for n, t in enumerate(tracker.tests) if t.id == "shooting")
    bad = tracker.model_copy(
        update={
            "tests": tuple(
                t.model_copy(update={"leads_to": ("sav",), "phases": ("acton",)})
                if n == shooting
                else t
                for n, t in enumerate(tracker.tests)
            )
        }
    )
    stats = [s.id for s in bundled("reikhammer").system.stats]
    problems = check_tracker(Tracker.model_validate(bad.model_dump()), stats, None, "f")
    found = [(p.message, p.path[-3:]) for p in problems]
    assert ("unknown test 'sav'", (shooting + 1, "leads_to", 1)) in found
    assert ("unknown phase 'acton'", (shooting + 1, "phases", 1)) in found


def test_a_shot_puts_the_shock_on_the_formation_shot_at() -> None:
    """003 Shooting Action 1: the formation shot at takes 1 Shock, hit or not."""
    game = sheet_battle("reikhammer", "iron-line", "steel-host")
    test = game.state.tracker.test("shooting")
    assert test is not None and test.applies_to == "target"
    result = roll_test(
        game.state, test, "A1", next_dice(game.setup.seed, game.events), count=2, target=3,
        applied_to="B1",
    )  # fmt: skip
    assert result.title == "Shooting: First Company 1/6 at Armoured company 1/3"
    after = game.record(result.event())
    assert after.state.counter("B1", "shock") == 1
    assert after.state.counter("A1", "shock") == 0


def test_an_action_declared_in_the_activation_is_found() -> None:
    game = sheet_battle("reikhammer", "iron-line", "steel-host")
    for event in (
        NextPhase(kind="next-phase"),
        RollOff(kind="roll-off", first=0),
        Activate(kind="activate", actor="A1"),
        Act(kind="act", model="A1", action="sustained-fire"),
    ):
        game = game.record(event)
    assert declared_actions(game.state, game.events, "A2") == frozenset({"sustained-fire"})
    assert declared_actions(game.state, game.events, "B1") == frozenset()  # not active


def test_the_attack_then_the_defence() -> None:
    """000 Attack Sequence with seed 7 (no roll logged yet): roll 0 gives the D6s 5, 2, 2
    (A1's RCB 3: one HIT); the defence, rolled next as roll 1 with 1 die of B1's pool of
    2: 5, a HIT that cancels it: no HPT lost, 1 die spent."""
    game = sheet_battle("steampocalypse-1909", "patrol-brookwater", "patrol-captain")
    tracker = game.state.tracker
    attack, defence = tracker.test("ranged-attack"), tracker.test("defence")
    assert attack is not None and defence is not None
    hits = attack_roll(game.state, attack, "A1", "B1", next_dice(game.setup.seed, game.events))
    assert (hits.dice, hits.successes, hits.outcome) == ((5, 2, 2), 1, "1 HIT on Captain")
    game = game.record(Result.event(hits))  # logged alone, applied to nobody
    block = defence_roll(
        game.state, defence, "B1", next_dice(game.setup.seed, game.events), hits=1,
        defence_dice=1,
    )  # fmt: skip
    assert (block.dice, block.outcome, block.wounds) == (
        (5,),
        "1 blocked of 1: Captain loses 0 HPT",
        None,
    )
    after = game.record(block.event())
    assert after.state.counter("B1", "defence-pool") == 1
    assert after.state.wounds.get("B1", 0) == 0
