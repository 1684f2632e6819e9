"""The tracker parts of the three sheet systems, on the ``sheet-mini`` fixture: results
applied from the log, tests and tables rolled and followed, choice counters, units standing
out a turn, a refreshed pool, count-downs, zero stats, Shock per casualty, an alternating
phase with the initiative retained, an overwatch shot, a side without officers, and the
Steampocalypse attack and Reikhammer strategy rolls.

Side A: A1 officer, A2 walker (vehicle, SUSTAIN 6, ARMOR 4), A3-A4 a squad of two.
Side B: B1 officer, B2-B3 a squad of two.

History: issue 7 added these parts.
"""

from __future__ import annotations

import pytest

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
from model.catalog import tracker_rolls as spec
from model.catalog.tracker_check import check_tracker
from model.rolls.dice import FixedDice, Modifier
from model.rolls.sheets.attack_sequence import combat_roll
from model.rolls.sheets.catalog_tests import roll_test
from model.rolls.sheets.modifiers import auto_modifiers
from model.rolls.sheets.strategy import strategy_roll
from model.rolls.sheets.tables import follow, roll_table
from tests.helpers import entry, fixture_catalog, roster


def battle(strategy: tuple[int, int] = (0, 0)) -> Battle:
    catalog = fixture_catalog("sheet-mini")
    view = catalog.view("test")
    ana = roster(view, entry("officer"), entry("walker"), entry("squad", 2))
    ben = roster(view, entry("officer"), entry("squad", 2))
    ana = ana.model_copy(update={"settings": {"strategy-rating": strategy[0]}})
    ben = ben.model_copy(update={"settings": {"strategy-rating": strategy[1]}})
    return new_battle(catalog, [("Ana", ana, view), ("Ben", ben, view)], seed=1)


def play(game: Battle, *events: Event) -> Battle:
    for event in events:
        game = game.record(event)
    return game


def table(game: Battle, table_id: str) -> spec.TableSpec:
    found = game.state.tracker.table(table_id)
    assert found is not None
    return found


def spec_of(game: Battle, test_id: str) -> spec.TestSpec:
    found = game.state.tracker.test(test_id)
    assert found is not None
    return found


def applied(target: str, table_id: str, row: int, *values: int) -> Roll:
    return Roll(kind="roll", title="t", target=target, table=table_id, row=row, values=values)


def to_action(game: Battle) -> Battle:
    return play(game, NextPhase(kind="next-phase"), NextPhase(kind="next-phase"))


def test_the_fixture_tracker_has_no_cross_reference_problems() -> None:
    catalog = fixture_catalog("sheet-mini")
    stats = [s.id for s in catalog.system.stats]
    tracker = catalog.system_file.tracker
    assert tracker is not None
    assert check_tracker(tracker, stats, ["officer", "vehicle"], "f") == []


# --- results applied from the log ----------------------------------------------------------


def test_a_table_row_changes_the_counters_and_the_stat_it_names() -> None:
    game = play(battle(), applied("A2", "dent", 5))
    assert game.state.counter("A2", "sustain-lost") == 2
    assert game.state.stat("A2", "SUSTAIN") == 4


def test_a_row_with_dice_reads_them_from_the_log_and_a_low_roll_counts_as_at_least() -> None:
    game = play(battle(), applied("A2", "crack", 1, 1))
    assert game.state.counter("A2", "sustain-lost") == 2  # a 1 counts as 2
    game = play(battle(), applied("A2", "crack", 3, 5))
    assert game.state.counter("A2", "sustain-lost") == 5


def test_a_row_whose_dice_are_missing_or_impossible_is_refused() -> None:
    with pytest.raises(Refused, match="1d6 it rolls is missing"):
        play(battle(), applied("A2", "crack", 1))
    with pytest.raises(Refused, match="7 is not a result of 1d6"):
        play(battle(), applied("A2", "crack", 1, 7))
    with pytest.raises(Refused, match="more dice"):
        play(battle(), applied("A2", "dent", 5, 3))


def test_a_table_for_vehicles_is_refused_for_a_squad_and_an_unknown_row_too() -> None:
    with pytest.raises(Refused, match="does not take"):
        play(battle(), applied("A3", "dent", 5))
    with pytest.raises(Refused, match="no row for 11"):
        play(battle(), applied("A2", "dent", 11))


def test_a_stat_falling_to_zero_disables_the_vehicle() -> None:
    game = play(battle(), applied("A2", "crack", 1, 6))
    assert game.state.stat("A2", "SUSTAIN") == 0
    assert game.state.zeroed("A2") == ("SUSTAIN",)
    assert game.state.is_out("A2")


def test_an_explosion_puts_the_model_out_and_its_unit_takes_shock() -> None:
    game = play(battle(), applied("A2", "crack", 10))
    assert game.state.is_out("A2")
    assert game.state.counter("A2", "shock") == 1  # damage.on_out


def test_no_power_counts_down_at_each_end_of_turn() -> None:
    game = play(battle(), applied("A2", "crack", 6, 2))
    assert game.state.counter("A2", "no-power") == 2
    ended = play(to_action(game), *end_turn_events(game))
    assert ended.state.counter("A2", "no-power") == 1


def end_turn_events(game: Battle) -> list[Event]:
    """Activate every actor of the action phase in turn, then end the turn."""
    events: list[Event] = [RollOff(kind="roll-off", first=0)]
    state = to_action(game).state.then(events[0])
    while True:
        up = state.next_up()
        if up.turn_over:
            break
        actor = up.actors[0]
        for event in (
            Activate(kind="activate", actor=actor),
            EndActivation(kind="end-activation", actor=actor),
        ):
            state = state.then(event)
            events.append(event)
    events.append(EndTurn(kind="end-turn"))
    return events


# --- tests and tables rolled ---------------------------------------------------------------


def test_a_roll_under_test_passes_at_or_below_its_stat_and_fails_above() -> None:
    game = battle()
    sustain = spec_of(game, "sustain")
    passed = roll_test(game.state, sustain, "A2", FixedDice(6))
    assert passed.passed and passed.detail.startswith("target 6 = 6: d10 <= 6")
    failed = roll_test(game.state, sustain, "A2", FixedDice(7, 4))
    assert failed.passed is False and failed.values == (4,)
    after = play(game, failed.event())
    assert after.state.counter("A2", "no-power") == 4


def test_modifiers_on_the_roll_change_each_die_not_the_target() -> None:
    game = battle()
    rifle = Modifier("Rifle", -6)
    save = roll_test(game.state, spec_of(game, "armour"), "A2", FixedDice(9), modifiers=[rifle])
    assert save.passed  # 9 - 6 = 3 <= ARMOR 4
    assert "rolled 9 = 3" in save.detail


def test_modifiers_from_counters_apply_by_themselves_once_or_per_points() -> None:
    game = play(battle(), SetCounter(kind="counter", target="A3", counter="shock", value=2))
    assert auto_modifiers(game.state, "action", "A3") == (Modifier("Any Shock", -1),)
    assert auto_modifiers(game.state, "action", "A1") == ()
    worn = play(battle(), applied("A2", "dent", 5), applied("A2", "dent", 6))
    assert auto_modifiers(worn.state, "morale", "A2") == (Modifier("Each 3 SUSTAIN lost", -1),)


def test_a_pool_counts_hits_and_needs_its_successes() -> None:
    game = battle()
    disengage = spec_of(game, "disengage")  # WIL 3 dice, 2 hits of 5+
    assert roll_test(game.state, disengage, "A1", FixedDice(5, 6, 1)).passed
    one = roll_test(game.state, disengage, "A1", FixedDice(5, 2, 1))
    assert one.passed is False and one.successes == 1
    assert "1 success of 2 needed" in one.outcome


def test_an_armour_save_leads_to_its_column_and_a_row_to_the_next_table() -> None:
    game = battle()
    save = roll_test(game.state, spec_of(game, "armour"), "A2", FixedDice(5))  # 5 > 4: fails
    chain = follow(game.state, save, FixedDice(6, 3))
    assert [r.table for r in chain] == ["crack"]
    assert chain[0].row == 6 and chain[0].values == (3,)
    dent = roll_table(game.state, table(game, "dent"), "A2", FixedDice(), roll=10)
    chain = follow(game.state, dent, FixedDice(10))
    assert [r.table for r in chain] == ["crack"]
    state: BattleState = game.state.then(dent.event())
    for result in chain:
        state = state.then(result.event())
    assert state.is_out("A2")


def test_a_row_that_asks_for_a_test_rolls_it() -> None:
    game = battle()
    row9 = roll_table(game.state, table(game, "dent"), "A2", FixedDice(), roll=9)
    chain = follow(game.state, row9, FixedDice(8, 2))
    assert [(r.test, r.passed, r.values) for r in chain] == [("sustain", False, (2,))]


def test_a_roll_the_table_cannot_show_is_refused() -> None:
    game = battle()
    with pytest.raises(Refused, match="cannot be rolled"):
        roll_table(game.state, table(game, "dent"), "A2", FixedDice(), roll=0)


# --- counters that change activations ---------------------------------------------------------


def test_an_order_chip_is_a_choice_hidden_until_the_reveal_and_cleared_at_turn_end() -> None:
    game = play(battle(), SetCounter(kind="counter", target="A3", counter="order", value=2))
    spec = game.state.tracker.counter("order")
    assert spec.value_text(game.state.counter("A3", "order")) == "Stationary"
    assert spec.hidden_until == "reveal"
    with pytest.raises(Refused, match="goes from 0 to 2"):
        play(game, SetCounter(kind="counter", target="A3", counter="order", value=3))
    ended = play(to_action(game), *end_turn_events(game))
    assert ended.state.counter("A3", "order") == 0


def test_a_pushed_unit_loses_a_wound_and_sits_out_the_next_turn_only() -> None:
    game = to_action(battle())
    game = play(
        game,
        RollOff(kind="roll-off", first=0),
        Activate(kind="activate", actor="A3"),
        Act(kind="act", model="A3", action="push"),
    )
    assert game.state.wounds["A3"] == 1
    assert game.state.is_out("A3")  # one-wound models
    game = play(to_action(battle()), RollOff(kind="roll-off", first=0))
    game = play(game, SetCounter(kind="counter", target="A1", counter="sat-out", value=1))
    assert game.state.standing_down("A1") is not None
    assert "A1" not in game.state.ready()
    with pytest.raises(Refused, match="does not activate this turn: Sits out next turn"):
        play(game, Activate(kind="activate", actor="A1"))


def play_turn(state: BattleState) -> BattleState:
    """From the orders phase: the action phase with A first, everyone activating in
    turn, then the end of the turn."""
    state = state.then(NextPhase(kind="next-phase")).then(NextPhase(kind="next-phase"))
    state = state.then(RollOff(kind="roll-off", first=0))
    while not (up := state.next_up()).turn_over:
        actor = up.actors[0]
        state = state.then(Activate(kind="activate", actor=actor))
        state = state.then(EndActivation(kind="end-activation", actor=actor))
    return state.then(EndTurn(kind="end-turn"))


def test_sitting_out_lasts_through_the_next_turn_and_then_clears() -> None:
    state = battle().state.then(SetCounter(kind="counter", target="A1", counter="sat-out", value=1))
    state = play_turn(state)
    assert state.counter("A1", "sat-out") == 1  # set this turn: kept for the next
    state = play_turn(state)
    assert "A1" not in state.activations  # it never activated
    assert state.counter("A1", "sat-out") == 0  # the next turn is over
    assert "A1" in play_turn(state).activations


def test_the_pool_refreshes_to_the_stat_as_it_is_when_the_unit_activates() -> None:
    game = to_action(battle())
    game = play(
        game,
        SetCounter(kind="counter", target="A1", counter="guard", value=1),
        RollOff(kind="roll-off", first=0),
    )
    assert game.state.counter("A1", "pool") == 0
    game = play(game, Activate(kind="activate", actor="A1"))
    assert game.state.counter("A1", "pool") == 2  # guarding ends as it activates: DEF 2


def test_a_broken_formation_stands_and_a_failed_rally_withdraws_it() -> None:
    game = play(battle(), SetCounter(kind="counter", target="A3", counter="broken", value=1))
    assert "A3" not in to_action(game).state.ready()
    fail = Roll(kind="roll", title="r", target="A3", test="rally", passed=False)
    assert play(game, fail).state.is_out("A3")
    assert not play(battle(), fail).state.is_out("A3")  # unbroken: nothing happens


@pytest.mark.parametrize(("shock", "left"), [(1, 0), (2, 1), (3, 1), (4, 2), (5, 2)])
def test_a_rally_removes_half_the_shock_rounded_up(shock: int, left: int) -> None:
    game = play(battle(), SetCounter(kind="counter", target="A3", counter="shock", value=shock))
    rally = Roll(kind="roll", title="r", target="A3", test="rally", passed=True)
    assert play(game, rally).state.counter("A3", "shock") == left


def test_a_unit_lost_adds_shock_to_its_formation() -> None:
    game = play(battle(), Wound(kind="wound", model="A4"))
    assert game.state.counter("A3", "shock") == 1


# --- alternating phases, retaining, overwatch ------------------------------------------------


def test_sides_alternate_in_the_action_phase_and_a_side_may_retain() -> None:
    game = play(to_action(battle()), RollOff(kind="roll-off", first=1))
    assert game.state.next_up().side == 1
    with pytest.raises(Refused, match="not A1's turn"):
        play(game, Activate(kind="activate", actor="A1"))
    game = play(
        game,
        Activate(kind="activate", actor="B1"),
        EndActivation(kind="end-activation", actor="B1"),
    )
    assert game.state.next_up().side == 0
    game = play(game, Retain(kind="retain", side=1))
    assert game.state.next_up().side == 1
    game = play(game, Activate(kind="activate", actor="B2"))
    assert game.state.retained == "B2"
    assert Modifier("Retaining the initiative", -1) in auto_modifiers(game.state, "action", "B2")
    game = play(game, EndActivation(kind="end-activation", actor="B2"))
    assert game.state.next_up().side == 0 and game.state.retained is None
    with pytest.raises(Refused, match="has not just acted"):
        play(game, Retain(kind="retain", side=0))


def test_retaining_is_refused_outside_an_alternating_phase() -> None:
    with pytest.raises(Refused, match="no initiative to retain"):
        play(battle(), Retain(kind="retain", side=0))


def test_overwatch_kept_into_the_next_round_is_spent_by_its_shot() -> None:
    game = play(to_action(battle()), RollOff(kind="roll-off", first=0))
    game = play(
        game,
        Activate(kind="activate", actor="A1"),
        Act(kind="act", model="A1", action="overwatch"),
        EndActivation(kind="end-activation", actor="A1"),
    )
    state = game.state
    while not state.next_up().turn_over:
        actor = state.next_up().actors[0]
        state = state.then(Activate(kind="activate", actor=actor)).then(
            EndActivation(kind="end-activation", actor=actor)
        )
    state = state.then(EndTurn(kind="end-turn"))
    state = state.then(NextPhase(kind="next-phase")).then(NextPhase(kind="next-phase"))
    state = state.then(RollOff(kind="roll-off", first=1))
    assert state.counter("A1", "overwatch") == 1  # kept into the next round
    state = state.then(Activate(kind="activate", actor="B1"))
    state = state.then(Act(kind="act", model="A1", action="overwatch-shot"))  # interrupts
    assert state.counter("A1", "overwatch") == 0
    assert "A1" in state.acted  # this round's action is used


def test_an_overwatch_shot_in_the_same_round_does_not_use_the_next_action() -> None:
    game = play(to_action(battle()), RollOff(kind="roll-off", first=0))
    game = play(
        game,
        Activate(kind="activate", actor="A1"),
        Act(kind="act", model="A1", action="overwatch"),
        EndActivation(kind="end-activation", actor="A1"),
        Activate(kind="activate", actor="B1"),
        Act(kind="act", model="A1", action="overwatch-shot"),
    )
    assert game.state.counter("A1", "overwatch") == 0


# --- officers, combat, strategy ------------------------------------------------------------------


def test_a_side_whose_officers_are_all_out_has_lost() -> None:
    game = battle()
    assert not game.state.defeated(0)
    game = play(game, Wound(kind="wound", model="A1"))
    assert game.state.defeated(0) and not game.state.defeated(1)


def test_an_attack_pool_against_the_chosen_defence_dice_costs_hit_points_and_pool() -> None:
    game = to_action(battle())
    game = play(game, RollOff(kind="roll-off", first=0), Activate(kind="activate", actor="A1"))
    assert game.state.counter("A1", "pool") == 2
    attack, defence = spec_of(game, "attack"), spec_of(game, "defence")
    # B1 attacks with WIL 3 dice: 5, 6, 2 = 2 HITs; A1 defends with 1 die: 5 = 1 blocked
    result = combat_roll(
        game.state, attack, "B1", defence, "A1", FixedDice(5, 6, 2, 5), defence_dice=1
    )
    assert result.outcome == "2 HITs, 1 blocked: Officer loses 1 HPT"
    assert result.wounds == 1 and result.values == (1,)
    after = play(game, result.event())
    assert after.state.counter("A1", "pool") == 1
    assert after.state.wounds["A1"] == 1
    with pytest.raises(Refused, match="has 2 defence dice left"):
        combat_roll(game.state, attack, "B1", defence, "A1", FixedDice(), defence_dice=3)


def test_the_strategy_roll_adds_the_rating_and_ties_go_to_the_previous_loser() -> None:
    game = battle(strategy=(2, 0))
    won = strategy_roll(game.state, FixedDice(3, 4))  # 5 against 4
    assert won.winner == 0 and won.first == 0
    assert "A 3 + strategy 2 = 5" in won.detail
    second = strategy_roll(game.state, FixedDice(3, 4), go_second=True)
    assert second.roll_off().first == 1
    tie_first = strategy_roll(game.state, FixedDice(2, 4, 5, 1))  # tie, roll again: 7 v 1
    assert tie_first.winner == 0 and "a tie, roll again" in tie_first.detail
    later = play(game, won.roll_off())
    tie = strategy_roll(later.state, FixedDice(2, 4))  # 4 against 4: B lost last time
    assert tie.winner == 1 and "previous loser" in tie.detail


def test_an_overwatch_shot_needs_the_formation_on_overwatch() -> None:
    game = play(to_action(battle()), RollOff(kind="roll-off", first=0))
    game = play(game, Activate(kind="activate", actor="A1"))
    with pytest.raises(Refused, match="it needs Overwatch"):
        play(game, Act(kind="act", model="B1", action="overwatch-shot"))


def test_a_test_whose_dice_are_asked_needs_the_number() -> None:
    game = battle()
    defence = spec_of(game, "defence")
    assert defence.count == "asked"
    with pytest.raises(Refused, match="how many dice"):
        roll_test(game.state, defence, "A1", FixedDice())
    assert roll_test(game.state, defence, "A1", FixedDice(5, 1), count=2, given=[2]).successes == 1


def test_the_check_refuses_a_table_result_that_asks_for_a_number() -> None:
    from model.catalog.tracker import Tracker
    from model.catalog.tracker_rolls import TableRow

    catalog = fixture_catalog("sheet-mini")
    tracker = catalog.system_file.tracker
    assert tracker is not None
    asks = TableRow.model_validate(
        {"min": 1, "result": "?", "effects": [{"counter": "shock", "value": "given"}]}
    )
    bad = tracker.model_copy(
        update={"tables": (tracker.tables[0].model_copy(update={"rows": (asks,)}),)}
    )
    stats = [s.id for s in catalog.system.stats]
    problems = check_tracker(Tracker.model_validate(bad.model_dump()), stats, None, "f")
    assert [(p.message, p.path) for p in problems if "ask" in p.message] == [
        (
            "a table's result cannot ask for a number",
            ("tracker", "tables", 1, "rows", 1, "effects", 1, "value"),
        )
    ]
