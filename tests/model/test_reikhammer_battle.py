"""Reikhammer at the table, with the bundled catalog's tracker and two example armies
(``tests/fixtures/rosters/reikhammer``): each test's outcome applied from the log, the
initiative retained, broken formations standing, overwatch kept into the next round, Shock
for units lost, and a full round (strategy roll, alternating actions with a retain and a
failed action test, rallies, the end of the round) on a battle started by the CLI.

Side A, Iron Line (strategy rating 2): A1-A6 an infantry company (CR 4, acts as A1), A7-A9 a
support platoon (CR 4, acts as A7).
Side B, Steel Host (strategy rating 1): B1-B3 an armoured company (CR 5, acts as B1), B4-B7
an infantry company (CR 4, acts as B4), B8 a war engine (CR 5).
"""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from catalogs.library import Library
from model.battle.battle import Battle, new_battle
from model.battle.events import (
    Act,
    Activate,
    EndActivation,
    EndTurn,
    Event,
    NextPhase,
    Retain,
    Roll,
    RollOff,
    SetCounter,
    Wound,
)
from model.battle.refused import Refused
from model.battle.state import BattleState
from model.catalog import tracker_rolls as rules
from model.rolls.dice import FixedDice, Modifier
from model.rolls.sheets.catalog_tests import roll_test
from model.rolls.sheets.modifiers import auto_modifiers, offered
from model.rolls.sheets.strategy import strategy_roll
from saves.battle_read import read_battle
from saves.roster_file import read_roster
from tests.conftest import FIXTURES
from tui.cli import main

ROSTERS = FIXTURES / "rosters" / "reikhammer"
IRON, STEEL = ROSTERS / "iron-line.toml", ROSTERS / "steel-host.toml"
INFANTRY_A, SUPPORT_A = "A1", "A7"
ARMOUR_B, INFANTRY_B, ENGINE_B = "B1", "B4", "B8"


def battle(seed: int = 1) -> Battle:
    catalog = Library().load("reikhammer")
    view = catalog.view("any")
    iron, _ = read_roster(Path(IRON))
    steel, _ = read_roster(Path(STEEL))
    return new_battle(catalog, [("Ann", iron, view), ("Bob", steel, view)], seed=seed)


def play(game: Battle, *events: Event) -> Battle:
    for event in events:
        game = game.record(event)
    return game


def to_action(game: Battle, first: int = 0) -> Battle:
    """The strategy roll's outcome, then on to the Action Phase."""
    return play(game, RollOff(kind="roll-off", first=first), NextPhase(kind="next-phase"))


def spec(game: Battle, test_id: str) -> rules.TestSpec:
    found = game.state.tracker.test(test_id)
    assert found is not None
    return found


def outcome(target: str, test: str, passed: bool) -> Roll:
    """A test's outcome applied to a formation (through any of its units)."""
    return Roll(kind="roll", title=test, target=target, test=test, passed=passed)


def act(actor: str, action: str) -> tuple[Event, ...]:
    """A formation's whole activation with one action."""
    return (
        Activate(kind="activate", actor=actor),
        Act(kind="act", model=actor, action=action),
        EndActivation(kind="end-activation", actor=actor),
    )


def shock(game: Battle | BattleState, actor: str) -> int:
    state = game.state if isinstance(game, Battle) else game
    return state.counter(actor, "shock")


# --- the forces -------------------------------------------------------------------------------


def test_each_formation_is_one_actor_whose_models_are_its_units() -> None:
    state = battle().state
    assert state.actors(0) == (INFANTRY_A, SUPPORT_A)
    assert state.actors(1) == (ARMOUR_B, INFANTRY_B, ENGINE_B)
    assert [m.id for m in state.members(INFANTRY_A)] == [f"A{n}" for n in range(1, 7)]
    assert [m.id for m in state.members(INFANTRY_B)] == ["B4", "B5", "B6", "B7"]
    assert state.stat("A3", "CR") == 4 and state.stat("B2", "CR") == 5
    assert [s.setting("strategy-rating") for s in state.setup.sides] == [2, 1]
    # Shock and the formation flags are kept once per formation
    assert state.has_counter(INFANTRY_A, "shock") and not state.has_counter("A2", "shock")
    assert state.has_counter("A2", "lost")


# --- the action test ------------------------------------------------------------------------


def test_a_passed_action_test_changes_nothing_and_a_failed_one_is_one_shock() -> None:
    game = to_action(battle())
    passed = play(game, outcome("A2", "action", True))
    assert shock(passed, INFANTRY_A) == 0
    failed = play(game, outcome("A2", "action", False))
    assert shock(failed, INFANTRY_A) == 1
    again = play(failed, outcome(INFANTRY_A, "action", False))
    assert shock(again, INFANTRY_A) == 2


def test_the_action_test_reads_cr_and_any_shock_is_minus_one_once() -> None:
    game = to_action(battle())
    test = spec(game, "action")
    assert auto_modifiers(game.state, "action", INFANTRY_A) == ()
    clean = roll_test(game.state, test, INFANTRY_A, FixedDice(4))
    assert clean.passed and clean.detail.startswith("target 4 = 4")
    shaken = play(game, SetCounter(kind="counter", target=INFANTRY_A, counter="shock", value=3))
    mods = auto_modifiers(shaken.state, "action", INFANTRY_A)
    assert mods == (Modifier("Any Shock", -1),)  # once, however much Shock
    result = roll_test(shaken.state, test, INFANTRY_A, FixedDice(4), modifiers=mods)
    assert result.passed is False
    assert result.outcome == "0 successes: failed: take the Hold action instead, and 1 Shock"
    assert shock(play(shaken, result.event()), INFANTRY_A) == 4


# --- rallies ----------------------------------------------------------------------------------


@pytest.mark.parametrize(("before", "after"), [(3, 1), (1, 0), (4, 2), (2, 1), (5, 2)])
def test_a_rally_removes_half_the_shock_rounding_the_half_removed_up(
    before: int, after: int
) -> None:
    game = play(
        battle(), SetCounter(kind="counter", target=SUPPORT_A, counter="shock", value=before)
    )
    assert shock(play(game, outcome("A8", "rally", True)), SUPPORT_A) == after


def test_a_broken_formation_that_fails_its_rally_withdraws_and_an_unbroken_one_does_not() -> None:
    game = play(battle(), SetCounter(kind="counter", target=INFANTRY_B, counter="shock", value=2))
    kept = play(game, outcome("B6", "rally", False))
    assert shock(kept, INFANTRY_B) == 2
    assert not any(kept.state.is_out(m) for m in ("B4", "B5", "B6", "B7"))
    broken = play(game, SetCounter(kind="counter", target=INFANTRY_B, counter="broken", value=1))
    gone = play(broken, outcome("B6", "rally", False))
    assert gone.state.counter(INFANTRY_B, "withdrawn") == 1
    assert all(gone.state.is_out(m) for m in ("B4", "B5", "B6", "B7"))
    assert not gone.state.actor_present(INFANTRY_B)
    # a broken formation that rallies loses half its Shock and stays broken
    held = play(broken, outcome("B6", "rally", True))
    assert (shock(held, INFANTRY_B), held.state.counter(INFANTRY_B, "broken")) == (1, 1)


def test_the_rally_is_minus_two_when_broken_and_minus_one_near_the_enemy_by_hand() -> None:
    game = play(battle(), SetCounter(kind="counter", target=ARMOUR_B, counter="broken", value=1))
    mods = auto_modifiers(game.state, "rally", ARMOUR_B)
    assert mods == (Modifier("Broken", -2),)
    near = next(m for m in offered(game.state, "rally") if m.id == "enemy-near")
    chosen = (*mods, Modifier.of(near))
    result = roll_test(game.state, spec(game, "rally"), ARMOUR_B, FixedDice(3), modifiers=chosen)
    assert result.detail == "target 5 - Broken 2 - Enemy within 8 tiles 1 = 2: d6 <= 2; rolled 3"
    assert result.passed is False
    assert play(game, result.event()).state.is_out("B3")


# --- shooting, saves, assaults ----------------------------------------------------------------


@pytest.mark.parametrize("hit", [True, False])
def test_a_formation_shot_at_takes_one_shock_hit_or_not(hit: bool) -> None:
    game = play(battle(), outcome("B5", "shooting", hit))
    assert shock(game, INFANTRY_B) == 1
    assert shock(game, ARMOUR_B) == 0


def test_shooting_modifiers_change_the_ap_or_at_value_the_player_gives() -> None:
    game = battle()
    kinds = {m.id: m for m in offered(game.state, "shooting")}
    mods = (Modifier.of(kinds["double"]), Modifier.of(kinds["cover"]))
    result = roll_test(
        game.state, spec(game, "shooting"), "B5", FixedDice(1, 2, 3), count=3, target=3,
        modifiers=mods,
    )  # fmt: skip
    assert result.detail == (
        "target 3 - Double action 1 - Target in cover 1 = 1: d6 <= 1; rolled 1, 2, 3"
    )
    assert (result.successes, result.passed) == (1, True)
    sustained = roll_test(
        game.state, spec(game, "shooting"), "B5", FixedDice(4), count=1, target=3,
        modifiers=(Modifier.of(kinds["sustained-fire"]),),
    )  # fmt: skip
    assert sustained.passed is True  # 4 <= 3 + 1


def test_a_failed_save_loses_the_unit_and_its_formation_takes_a_shock() -> None:
    game = battle()
    saved = play(game, outcome("B5", "save", True))
    assert not saved.state.is_out("B5") and shock(saved, INFANTRY_B) == 0
    lost = play(game, outcome("B5", "save", False))
    assert lost.state.is_out("B5") and not lost.state.is_out("B6")
    assert shock(lost, INFANTRY_B) == 1


def test_crossfire_lowers_the_save_needed_by_one() -> None:
    game = battle()
    crossfire = next(m for m in offered(game.state, "save") if m.id == "crossfire")
    test = spec(game, "save")
    plain = roll_test(game.state, test, "B5", FixedDice(2))  # infantry save 2
    assert plain.passed is True
    crossed = roll_test(game.state, test, "B5", FixedDice(2), modifiers=(Modifier.of(crossfire),))
    assert crossed.passed is False and crossed.detail.startswith("target 2 - Crossfire 1 = 1")


@pytest.mark.parametrize("hit", [True, False])
def test_an_assault_offers_no_modifiers_and_changes_no_counter(hit: bool) -> None:
    game = play(battle(), SetCounter(kind="counter", target=INFANTRY_A, counter="shock", value=1))
    test = spec(game, "assault")
    assert offered(game.state, test.modifiers) == ()
    assert auto_modifiers(game.state, test.modifiers, "A2") == ()  # Shock does not count
    result = roll_test(game.state, test, "A2", FixedDice(3, 4, 5), count=3, target=3)
    assert (result.successes, result.passed) == (1, True)
    after = play(game, outcome("A2", "assault", hit))
    assert after.state.counters == game.state.counters


def test_a_unit_lost_any_way_adds_one_shock_per_unit() -> None:
    game = play(battle(), Wound(kind="wound", model="A3"), Wound(kind="wound", model="A4"))
    assert shock(game, INFANTRY_A) == 2
    assert [game.state.is_out(f"A{n}") for n in range(1, 7)] == [
        False,
        False,
        True,
        True,
        False,
        False,
    ]


# --- the action phase: alternating, retaining, broken ------------------------------------------


def test_sides_alternate_from_the_strategy_winner_and_a_side_may_retain() -> None:
    game = to_action(battle(), first=0)
    assert game.state.next_up().side == 0
    with pytest.raises(Refused, match="not B1's turn"):
        play(game, Activate(kind="activate", actor=ARMOUR_B))
    game = play(game, *act(INFANTRY_A, "advance"))
    assert game.state.next_up().side == 1
    game = play(game, Retain(kind="retain", side=0))
    assert game.state.next_up().side == 0
    game = play(game, Activate(kind="activate", actor=SUPPORT_A))
    assert game.state.retained == SUPPORT_A
    assert auto_modifiers(game.state, "action", "A8") == (Modifier("Retaining the initiative", -1),)
    game = play(
        game,
        Act(kind="act", model=SUPPORT_A, action="sustained-fire"),
        EndActivation(kind="end-activation", actor=SUPPORT_A),
    )
    assert game.state.retained is None
    # side A has acted with everything: side B acts with the rest, one after another
    game = play(game, *act(ARMOUR_B, "march"))
    assert game.state.next_up().side == 1
    game = play(game, *act(INFANTRY_B, "march"), *act(ENGINE_B, "hold"))
    assert game.state.next_up().turn_over


def test_a_side_cannot_retain_with_nothing_left_to_act() -> None:
    game = play(to_action(battle(), first=0), *act(INFANTRY_A, "advance"))
    game = play(game, Retain(kind="retain", side=0), *act(SUPPORT_A, "advance"))
    with pytest.raises(Refused, match="nobody left to act"):
        play(game, Retain(kind="retain", side=0))
    with pytest.raises(Refused, match="no initiative to retain"):
        play(battle(), Retain(kind="retain", side=0))  # the Strategy Phase


def test_one_action_per_formation_per_round() -> None:
    game = play(
        to_action(battle()),
        Activate(kind="activate", actor=INFANTRY_A),
        Act(kind="act", model=INFANTRY_A, action="advance"),
    )
    with pytest.raises(Refused, match="0 action"):
        play(game, Act(kind="act", model=INFANTRY_A, action="march"))
    game = play(game, EndActivation(kind="end-activation", actor=INFANTRY_A))
    game = play(game, *act(ARMOUR_B, "march"))
    with pytest.raises(Refused, match="already acted"):
        play(game, Activate(kind="activate", actor=INFANTRY_A))


def test_a_broken_formation_cannot_activate() -> None:
    game = play(battle(), SetCounter(kind="counter", target=ARMOUR_B, counter="broken", value=1))
    game = to_action(game, first=1)
    assert game.state.next_up().actors == (INFANTRY_B, ENGINE_B)
    with pytest.raises(Refused, match="does not activate this turn: Broken"):
        play(game, Activate(kind="activate", actor=ARMOUR_B))
    assert ARMOUR_B not in game.state.ready()


def test_out_of_cohesion_is_a_reminder_until_the_formation_regains_it() -> None:
    game = play(
        to_action(battle()),
        SetCounter(kind="counter", target=INFANTRY_A, counter="out-of-cohesion", value=1),
        Activate(kind="activate", actor=INFANTRY_A),
    )
    reminders = game.state.reminders(INFANTRY_A)
    assert [r.counter.id for r in reminders] == ["out-of-cohesion"]
    game = play(game, Act(kind="act", model=INFANTRY_A, action="regain-cohesion"))
    assert game.state.counter(INFANTRY_A, "out-of-cohesion") == 0


# --- overwatch --------------------------------------------------------------------------------


def finish_round(game: Battle) -> Battle:
    """Every formation still to act holds; then the End Phase and the round's end."""
    while not game.state.next_up().turn_over:
        game = play(game, *act(game.state.next_up().actors[0], "hold"))
    return play(game, NextPhase(kind="next-phase"), EndTurn(kind="end-turn"))


def test_overwatch_lasts_into_the_next_round_and_its_shot_then_uses_that_rounds_action() -> None:
    game = play(to_action(battle(), first=1), *act(ARMOUR_B, "overwatch"))
    assert game.state.counter(ARMOUR_B, "overwatch") == 1
    game = finish_round(game)
    assert game.state.turn == 2 and game.state.phase == 0
    assert game.state.counter(ARMOUR_B, "overwatch") == 1  # kept into the next round
    game = to_action(game, first=0)
    game = play(
        game,
        Activate(kind="activate", actor=INFANTRY_A),
        Act(kind="act", model=INFANTRY_A, action="advance"),
        Act(kind="act", model=ARMOUR_B, action="overwatch-shot"),  # interrupts A's move
    )
    state = game.state
    assert state.counter(ARMOUR_B, "overwatch") == 0
    assert ARMOUR_B in state.acted  # this round's action is used up
    game = play(game, EndActivation(kind="end-activation", actor=INFANTRY_A))
    assert game.state.next_up().actors == (INFANTRY_B, ENGINE_B)


def test_an_overwatch_shot_in_the_round_it_was_set_uses_no_action() -> None:
    game = play(to_action(battle(), first=1), *act(ARMOUR_B, "overwatch"))
    game = play(
        game,
        Activate(kind="activate", actor=INFANTRY_A),
        Act(kind="act", model=ARMOUR_B, action="overwatch-shot"),
    )
    assert game.state.counter(ARMOUR_B, "overwatch") == 0
    assert game.state.acted == {ARMOUR_B}  # from its own activation, nothing more


def test_any_other_action_ends_overwatch() -> None:
    game = play(to_action(battle(), first=1), *act(ARMOUR_B, "overwatch"))
    game = to_action(finish_round(game), first=1)
    game = play(game, *act(ARMOUR_B, "double"))
    assert game.state.counter(ARMOUR_B, "overwatch") == 0
    assert ARMOUR_B in game.state.acted


# --- a battle from the two lists, by the CLI, and a full round -----------------------------------


def test_the_cli_starts_a_battle_from_the_two_lists(tmp_path: Path) -> None:
    target = tmp_path / "battle.toml"
    out, err = io.StringIO(), io.StringIO()
    argv = ["battle", "new", str(IRON), str(STEEL), "--players", "Ann", "Bob", "--seed", "1"]
    code = main([*argv, "-o", str(target)], out=out, err=err)
    assert (code, err.getvalue()) == (0, "")
    assert out.getvalue().splitlines()[:2] == [
        f"wrote {target}: Ann (Any army: Iron Line) against Bob (Any army: Steel Host)",
        "Reikhammer, 6 turns; dice seed 1",
    ]
    assert read_battle(target).setup == battle(seed=1).setup


def test_a_full_round(tmp_path: Path) -> None:
    target = tmp_path / "round.toml"
    code = main(
        ["battle", "new", str(IRON), str(STEEL), "--players", "Ann", "Bob", "--seed", "1",
         "-o", str(target)],
        out=io.StringIO(), err=io.StringIO(),
    )  # fmt: skip
    assert code == 0
    game = read_battle(target)
    state = game.state
    assert (state.turn, state.phase, state.events) == (1, 0, 0)
    reminder = state.initiative_reminder()
    assert reminder is not None and reminder.startswith("turn 1: each side rolls a D6")

    # Strategy Phase: A 4 + 2 = 6 against B 3 + 1 = 4; A wins and goes first
    roll = strategy_roll(state, FixedDice(4, 3))
    assert roll.totals == (6, 4) and roll.winner == 0
    game = play(game, roll.roll_off())
    state = game.state
    assert (state.firsts[None], state.last_winner) == (0, 0)
    assert state.initiative_reminder() is None
    with pytest.raises(Refused, match="nothing activates in the Strategy Phase"):
        play(game, Activate(kind="activate", actor=INFANTRY_A))
    game = play(game, NextPhase(kind="next-phase"))
    assert game.state.phase == 1
    assert game.state.next_up().side == 0
    assert game.state.next_up().actors == (INFANTRY_A, SUPPORT_A)

    # A's infantry: the action test passes (3 under CR 4), it advances and shoots Bob's
    # infantry: the target takes 1 Shock as the shooting begins, and B5 fails its save
    game = play(game, Activate(kind="activate", actor=INFANTRY_A))
    test = roll_test(game.state, spec(game, "action"), INFANTRY_A, FixedDice(3))
    assert test.passed is True
    game = play(game, test.event(), Act(kind="act", model=INFANTRY_A, action="advance"))
    shot = roll_test(game.state, spec(game, "shooting"), "B4", FixedDice(2, 5), count=2, target=3)
    game = play(game, shot.event())
    assert (shot.successes, shock(game, INFANTRY_B)) == (1, 1)
    save = roll_test(game.state, spec(game, "save"), "B5", FixedDice(4))  # over SV 2
    game = play(game, save.event(), EndActivation(kind="end-activation", actor=INFANTRY_A))
    state = game.state
    assert state.is_out("B5") and shock(state, INFANTRY_B) == 2
    assert state.acted == {INFANTRY_A} and state.next_up().side == 1

    # A retains the initiative: its support platoon acts at -1 CR and fails (4 over 3):
    # it takes the Hold action and 1 Shock
    game = play(game, Retain(kind="retain", side=0), Activate(kind="activate", actor=SUPPORT_A))
    assert game.state.retained == SUPPORT_A
    mods = auto_modifiers(game.state, "action", SUPPORT_A)
    assert mods == (Modifier("Retaining the initiative", -1),)
    failed = roll_test(game.state, spec(game, "action"), SUPPORT_A, FixedDice(4), modifiers=mods)
    assert failed.passed is False
    game = play(
        game,
        failed.event(),
        Act(kind="act", model=SUPPORT_A, action="hold"),
        EndActivation(kind="end-activation", actor=SUPPORT_A),
    )
    state = game.state
    assert shock(state, SUPPORT_A) == 1 and state.retained is None
    assert state.next_up().side == 1
    assert state.next_up().actors == (ARMOUR_B, INFANTRY_B, ENGINE_B)

    # Bob's infantry, shaken (Shock 2: CR 4 - 1), passes on a 3 and marches off
    game = play(game, Activate(kind="activate", actor=INFANTRY_B))
    mods = auto_modifiers(game.state, "action", INFANTRY_B)
    assert mods == (Modifier("Any Shock", -1),)
    passed = roll_test(game.state, spec(game, "action"), INFANTRY_B, FixedDice(3), modifiers=mods)
    assert passed.passed is True
    game = play(
        game,
        passed.event(),
        Act(kind="act", model=INFANTRY_B, action="march"),
        EndActivation(kind="end-activation", actor=INFANTRY_B),
    )
    # A has acted with every formation: B goes on with the rest, one after another
    assert game.state.next_up().side == 1
    game = play(game, *act(ARMOUR_B, "overwatch"))
    assert game.state.next_up().actors == (ENGINE_B,)
    game = play(game, Activate(kind="activate", actor=ENGINE_B))
    game = play(game, Act(kind="act", model=ENGINE_B, action="sustained-fire"))
    game = play(game, outcome("A8", "shooting", False))  # no hits, still 1 Shock
    game = play(game, EndActivation(kind="end-activation", actor=ENGINE_B))
    state = game.state
    assert state.next_up().turn_over
    assert state.acted == {INFANTRY_A, SUPPORT_A, ARMOUR_B, INFANTRY_B, ENGINE_B}
    assert (shock(state, SUPPORT_A), shock(state, INFANTRY_B)) == (2, 2)
    assert state.counter(ARMOUR_B, "overwatch") == 1

    # End Phase: rallies. A's platoon rallies (2 under CR 4): half its Shock goes; Bob's
    # infantry has broken (set by hand: the page does not say when) and fails at -2: it
    # withdraws
    game = play(game, NextPhase(kind="next-phase"))
    assert game.state.phase == 2 and game.state.acted == set()
    rally = roll_test(game.state, spec(game, "rally"), SUPPORT_A, FixedDice(2))
    game = play(game, rally.event())
    assert shock(game, SUPPORT_A) == 1
    game = play(game, SetCounter(kind="counter", target=INFANTRY_B, counter="broken", value=1))
    mods = auto_modifiers(game.state, "rally", INFANTRY_B)
    assert mods == (Modifier("Broken", -2),)
    routed = roll_test(game.state, spec(game, "rally"), INFANTRY_B, FixedDice(3), modifiers=mods)
    game = play(game, routed.event())
    state = game.state
    assert routed.passed is False and state.counter(INFANTRY_B, "withdrawn") == 1
    assert not state.actor_present(INFANTRY_B)
    assert shock(state, INFANTRY_B) == 2  # a withdrawn formation keeps what it had

    # the round ends (the victory check is the players'): Shock and overwatch stay
    with pytest.raises(Refused, match="last phase"):
        play(game, NextPhase(kind="next-phase"))
    game = play(game, EndTurn(kind="end-turn"))
    state = game.state
    assert (state.turn, state.phase, state.acted, state.firsts) == (2, 0, set(), {})
    assert (shock(state, INFANTRY_A), shock(state, SUPPORT_A)) == (0, 1)
    assert state.counter(ARMOUR_B, "overwatch") == 1 and state.last_winner == 0
    assert state.next_up().actors == ()  # nothing acts in the Strategy Phase
    assert state.initiative_reminder() is not None

    # round 2's strategy roll ties (A 3 + 2, B 4 + 1): it goes to B, the previous loser
    tie = strategy_roll(state, FixedDice(3, 4))
    assert (tie.totals, tie.winner) == ((5, 5), 1)
    game = play(game, tie.roll_off(), NextPhase(kind="next-phase"))
    assert game.state.next_up().actors == (ARMOUR_B, ENGINE_B)  # B4's formation is gone
