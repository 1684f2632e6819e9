"""Battle-fold checks of rolls applied to a model (the exact refusals, dice and given numbers, a
result's effects read together), an action's effects, passing and retaining, delaying,
smoke, the initiative reminder and a side's summary.

Where no bundled catalog has the part a rule needs (a table result on a side's counter,
``d6`` and ``2d6`` in a result, an action reading a value off its item, a second alternating
phase), the fixture's battle is given a tracker section with it (``reworked``), the way a
battle made with a player's own catalog holds one. tests/MUTATION.md lists the mutants.

History: the second mutation run of ``model/battle/state.py`` (issue 19) found these
missing.
"""

from __future__ import annotations

from typing import Any

from model.battle.battle import Battle, new_battle
from model.battle.events import (
    EndGame,
    EndTurn,
    Event,
    NextPhase,
    Pass,
    RemoveMarker,
    Retain,
    Roll,
    RollOff,
    Score,
    SetCounter,
    Wound,
)
from model.battle.setup import BattleSetup
from model.battle.state_values import OverLimit
from model.battle.text import model_line
from tests.helpers import entry, fixture_catalog, roster
from tests.model.test_battle_rules import (
    act,
    activate,
    active,
    band,
    delay,
    end,
    fight,
    finish_turn,
    gangers_vs_mutards,
    marker,
    play,
    play_until,
    refusal,
    turn,
    up_next,
    wound,
)
from tests.model.test_battle_rules import (
    counter as set_counter,
)
from tests.model.test_sheet_engine import applied, battle, to_action
from tests.model.test_steam_wars_tracker import battle as steam_wars
from tests.model.test_vsf_colonial_battle import NEXT
from tests.model.test_vsf_colonial_battle import start as vsf_start


def reworked(game: Battle, **tracker: Any) -> Battle:
    """The same battle, before its first event, with parts of its tracker section
    replaced (as a battle file made with another catalog's tracker holds them)."""
    data = game.setup.model_dump()
    data["tracker"] = {**data["tracker"], **tracker}
    return Battle(BattleSetup.model_validate(data))


def roll(target: str, **what: Any) -> Roll:
    return Roll(kind="roll", title="t", target=target, **what)


# --- a roll applied to a model: what is refused, and how -------------------------------------
# The sheet fixture (tests/model/test_sheet_engine.py): side A is the officer A1, the walker
# A2 (SUSTAIN 6, a vehicle) and a squad of two, A3 and A4; side B the officer B1 and a squad
# of two, B2 and B3.


def test_a_roll_applied_after_the_game_is_over_is_refused() -> None:
    game = play(battle(), EndGame(kind="end-game"))
    assert refusal(game, applied("A2", "dent", 5)) == "the game is over"


def test_a_roll_on_a_table_the_game_does_not_have_is_refused_by_its_name() -> None:
    assert refusal(battle(), roll("A2", table="nope", row=1)) == "unknown table 'nope'"


def test_a_table_roll_without_its_number_is_refused() -> None:
    assert refusal(battle(), roll("A2", table="dent")) == (
        "which row of Dent: the roll has no number"
    )


def test_a_roll_for_a_test_the_game_does_not_have_is_refused_by_its_name() -> None:
    assert refusal(battle(), roll("A3", test="nope", passed=True)) == "unknown test 'nope'"


def test_a_test_roll_that_does_not_say_whether_it_passed_is_refused() -> None:
    assert refusal(battle(), roll("A3", test="rally")) == (
        "Rally: the roll does not say whether it passed"
    )


def test_a_roll_applied_to_a_model_must_name_a_table_a_test_or_wounds() -> None:
    assert refusal(battle(), roll("A3")) == (
        "a roll applied to a model names a table, a test or wounds"
    )


def test_a_roll_with_wounds_alone_wounds_the_model() -> None:
    """An attack's hits left after the defence: the officer (1 wound) takes 1 and is out,
    with the Shock a model going out gives."""
    game = play(battle(), roll("A1", wounds=1))
    assert game.state.wounds == {"A1": 1}
    assert game.state.is_out("A1")
    assert game.state.counters == {"A1": {"destroyed": 1, "shock": 1}}


def test_a_row_whose_dice_are_missing_names_the_counter_they_change() -> None:
    """Crack 1-5 is -1d6 SUSTAIN: the 1d6 is asked for under the counter's name."""
    assert refusal(battle(), applied("A2", "crack", 3)) == (
        "SUSTAIN lost: the 1d6 it rolls is missing"
    )


def test_dice_given_for_a_result_that_rolls_none_are_refused() -> None:
    """Dent 5-8 is -2 SUSTAIN, no dice: a die given with it is one too many."""
    assert refusal(battle(), applied("A2", "dent", 5, 3)) == (
        "more dice were given than the result rolls"
    )


def test_a_result_that_sets_a_counter_replaces_its_value() -> None:
    """Crack 6-9 sets No power to 1d6 turns: rolled 2, then 3 on a second crack, the
    walker has 3 turns without power, not 5."""
    game = play(battle(), applied("A2", "crack", 6, 2))
    assert game.state.counter("A2", "no-power") == 2
    game = play(game, applied("A2", "crack", 7, 3))
    assert game.state.counter("A2", "no-power") == 3


# --- a number the roll gives (the defence dice spent) ---------------------------------------
# The fixture's Defence test takes the dice a unit spent off its defence pool either way.


def defence(model: str, *values: int) -> Roll:
    return roll(model, test="defence", passed=True, values=values)


def test_a_result_that_takes_a_given_number_needs_the_number() -> None:
    game = play(battle(), SetCounter(kind="counter", target="A1", counter="pool", value=2))
    assert refusal(game, defence("A1")) == (
        "Defence pool: the roll does not give the number it changes by"
    )


def test_a_given_number_of_0_is_taken_and_changes_nothing() -> None:
    game = play(battle(), SetCounter(kind="counter", target="A1", counter="pool", value=2))
    assert play(game, defence("A1", 0)).state.counter("A1", "pool") == 2
    assert play(game, defence("A1", 1)).state.counter("A1", "pool") == 1


# --- a result's effects, read together -------------------------------------------------------
# The table "Trial" (d20) gives one row to each way effects combine. "objective" is a side's
# counter, "ammo" one kept per carried item (nobody here carries one).

TRIAL_ROWS: list[dict[str, Any]] = [
    {"effects": [{"counter": "sustain-lost", "value": 1}]},
    {
        "effects": [
            {"counter": "shock", "value": 1, "if_tags": ["vehicle"]},
            {"counter": "shock", "value": 2},
        ]
    },
    {
        "effects": [
            {"counter": "broken", "op": "set", "value": 1},
            {"counter": "withdrawn", "op": "set", "value": 1, "if_set": "broken"},
        ]
    },
    {
        "effects": [
            {"counter": "withdrawn", "op": "set", "value": 1, "if_set": "broken"},
            {"counter": "shock", "value": 1},
        ]
    },
    {"effects": [{"counter": "shock", "value": 1}, {"counter": "shock", "value": 2}]},
    {"effects": [{"counter": "broken", "value": 1}]},
    {"effects": [{"counter": "objective", "value": 1}]},
    {"effects": [{"counter": "ammo", "value": 1}]},
    {"effects": [{"counter": "nope", "value": 1}]},
    {"effects": [{"counter": "shock", "value": "d6"}]},
    {"effects": [{"counter": "shock", "value": "2d6"}]},
]
TRIAL = {
    "id": "trial",
    "name": "Trial",
    "dice": "d20",
    "rows": [
        {"min": n, "max": n, "result": f"row {n}", **row} for n, row in enumerate(TRIAL_ROWS, 1)
    ],
}
MORE_COUNTERS = [
    {"id": "objective", "name": "Objective", "short": "Obj", "kind": "number", "scope": "side"},
    {
        "id": "ammo",
        "name": "Ammo",
        "short": "Amo",
        "kind": "number",
        "scope": "item",
        "items": {"item_tags": ["firearm"]},
    },
]


def trial(*events: Event) -> Battle:
    game = battle()
    tracker = game.setup.tracker.model_dump()
    return play(
        reworked(
            game,
            tables=[*tracker["tables"], TRIAL],
            counters=[*tracker["counters"], *MORE_COUNTERS],
        ),
        *events,
    )


def on_trial(model: str, row: int, *values: int) -> Roll:
    return applied(model, "trial", row, *values)


def test_a_result_changing_a_counter_the_model_does_not_have_is_refused() -> None:
    """SUSTAIN lost is kept for vehicles only: the officer has none."""
    assert refusal(trial(), on_trial("A1", 1)) == "A1 has no SUSTAIN lost"


def test_an_effect_for_other_tags_is_skipped_and_the_next_one_still_applies() -> None:
    """Row 2: 1 Shock for a vehicle, then 2 Shock: the squad takes the 2 only."""
    game = play(trial(), on_trial("A3", 2))
    assert game.state.counter("A3", "shock") == 2


def test_an_effect_s_guard_set_by_the_same_result_counts() -> None:
    """Row 3 breaks the squad, then withdraws it if broken: it is broken by then."""
    game = play(trial(), on_trial("A3", 3))
    assert game.state.counter("A3", "broken") == 1
    assert game.state.counter("A3", "withdrawn") == 1


def test_an_effect_whose_guard_is_not_set_is_skipped_and_the_next_one_still_applies() -> None:
    """Row 4 withdraws the squad if broken (it is not), then gives 1 Shock."""
    game = play(trial(), on_trial("A3", 4))
    assert game.state.counter("A3", "withdrawn") == 0
    assert game.state.counter("A3", "shock") == 1


def test_two_effects_on_one_counter_add_up() -> None:
    """Row 5: 1 Shock and 2 Shock are 3."""
    assert play(trial(), on_trial("A3", 5)).state.counter("A3", "shock") == 3


def test_a_flag_set_again_by_a_result_stays_at_1() -> None:
    """Row 6 adds 1 to Broken, a flag: on a broken squad it stays 1 (the flag's top)."""
    game = play(trial(), on_trial("A3", 6), on_trial("A3", 6))
    assert game.state.counter("A3", "broken") == 1


def test_a_result_on_a_side_s_counter_changes_the_side_s() -> None:
    """Row 7 on a model of side B adds 1 to side B's Objective."""
    game = play(trial(), on_trial("B2", 7))
    assert game.state.counters == {"B": {"objective": 1}}


def test_a_result_cannot_change_a_counter_kept_per_item() -> None:
    assert refusal(trial(), on_trial("A3", 8)) == (
        "Ammo is kept per item; a table result cannot choose one"
    )


def test_a_result_naming_a_counter_the_game_does_not_have_is_refused() -> None:
    assert refusal(trial(), on_trial("A3", 9)) == "unknown counter 'nope'"


def test_a_die_without_a_count_is_one_die() -> None:
    """Row 10 gives d6 Shock: a 1 is a result of one d6."""
    assert play(trial(), on_trial("A3", 10, 1)).state.counter("A3", "shock") == 1


def test_two_dice_give_2_to_12() -> None:
    """Row 11 gives 2d6 Shock: 12 is a result, 1 is not."""
    assert play(trial(), on_trial("A3", 11, 12)).state.counter("A3", "shock") == 12
    assert refusal(trial(), on_trial("A3", 11, 1)) == "Shock: 1 is not a result of 2d6"


# --- passing (Steam Wars 2.1, 004 Pass) ------------------------------------------------------
# The Steam Wars fixture: side A has three units (A1, A4, A6), side B one (B1).


def test_only_side_a_or_b_may_pass() -> None:
    game = play(steam_wars(), RollOff(kind="roll-off", first=1))
    assert refusal(game, Pass(kind="pass", side=2)) == "the side is 0 (A) or 1 (B)"


def test_only_side_a_or_b_may_win_a_roll_off() -> None:
    assert refusal(steam_wars(), RollOff(kind="roll-off", first=2)) == (
        "the first side is 0 (A) or 1 (B)"
    )


def test_no_roll_off_while_a_unit_is_active() -> None:
    game = play(steam_wars(), RollOff(kind="roll-off", first=0), activate("A1"))
    assert refusal(game, RollOff(kind="roll-off", first=1)) == (
        "A1 is still active; end its activation first"
    )


def test_no_roll_off_when_only_one_side_has_units_to_act_this_turn() -> None:
    """Side B's elite infantry (two models, 2 wounds each) are out: A acts alone."""
    out = [Wound(kind="wound", model=m, amount=2) for m in ("B1", "B2")]
    game = play(steam_wars(), *out)
    assert refusal(game, RollOff(kind="roll-off", first=0)) == (
        "only side A has models in this turn: no roll-off"
    )


def test_a_side_with_as_many_units_left_as_the_other_may_not_pass() -> None:
    """One unit each: neither has fewer left, so B (to act) may not pass."""
    catalog = fixture_catalog("steam-wars-mini")
    view = catalog.view("testland")
    ana = roster(view, entry("infantry"))
    ben = roster(view, entry("infantry"))
    game = new_battle(catalog, [("Ana", ana, view), ("Ben", ben, view)], seed=1)
    game = play(game, RollOff(kind="roll-off", first=1))
    assert refusal(game, Pass(kind="pass", side=1)) == (
        "side B has 1 left to activate and side A 1: only the side with fewer may pass"
    )


# --- retaining the initiative (the sheet fixture's alternating action phase) ----------------


def test_retaining_outside_an_alternating_phase_is_refused_in_these_words() -> None:
    assert refusal(battle(), Retain(kind="retain", side=0)) == (
        "sides do not alternate in this phase: there is no initiative to retain"
    )


def test_retaining_while_a_unit_is_active_is_refused() -> None:
    game = play(to_action(battle()), RollOff(kind="roll-off", first=0), activate("A1"))
    assert refusal(game, Retain(kind="retain", side=0)) == (
        "A1 is still active; end its activation first"
    )


def test_only_side_a_or_b_may_retain() -> None:
    game = play(to_action(battle()), RollOff(kind="roll-off", first=0))
    assert refusal(game, Retain(kind="retain", side=2)) == "the side is 0 (A) or 1 (B)"


def test_the_side_that_retains_acts_next_though_the_other_went_first() -> None:
    """A won the roll-off and acted first; B acted and retains: B acts again."""
    game = play(to_action(battle()), RollOff(kind="roll-off", first=0), *turn("A1"), *turn("B1"))
    assert game.state.next_up().side == 0
    game = play(game, Retain(kind="retain", side=1))
    assert game.state.next_up().side == 1


def test_the_last_phase_has_no_next_one() -> None:
    assert refusal(to_action(battle()), NextPhase(kind="next-phase")) == (
        "this is the last phase: end the turn"
    )


def test_the_game_cannot_end_while_a_unit_is_active() -> None:
    game = play(to_action(battle()), RollOff(kind="roll-off", first=0), activate("A1"))
    assert refusal(game, EndGame(kind="end-game")) == (
        "A1 is still active; end its activation first"
    )


# --- delaying (Punkapocalyptic RB ch.2) ------------------------------------------------------
# Gangers (A1, Ag 6, first) against Mutards; the Mutards' B18 and B19 act before in round 6.


def in_round_6() -> Battle:
    return play(gangers_vs_mutards(), *turn("B18"), *turn("B19"))


def test_a_model_may_delay_to_round_0() -> None:
    game = play(in_round_6(), delay("A1", 0))
    assert game.state.actor_round("A1") == 0


def test_there_is_no_round_below_0_to_delay_to() -> None:
    assert refusal(in_round_6(), delay("A1", -1)) == "there is no round below 0"


def test_a_game_of_agility_rounds_without_delaying_refuses_a_delay() -> None:
    game = gangers_vs_mutards()
    turns = {**game.setup.tracker.turns.model_dump(), "delay": False}
    game = play(reworked(game, turns=turns), *turn("B18"), *turn("B19"))
    assert refusal(game, delay("A1", 3)) == "this game has no delaying"


# --- smoke (RB ch.4: it lifts at the end of the same Agility round next turn) ---------------


def smoke_in_round_3() -> Battle:
    """Junkers (A) against Gangers (B): Boom the Dynamo (A1, Ag 3), the last to act in
    round 3, throws a smoke bomb and ends his action turn."""
    game = fight(band("junkers/legal-500"), band("gangers/legal-500"))
    game = play_until(game, lambda s: s.next_up().actors == ("A1",), hold=("A1",))
    assert game.state.next_up().round == 3
    return play(game, activate("A1"), marker("smoke"), end("A1"))


def test_smoke_stays_down_through_the_later_rounds_of_its_own_turn() -> None:
    game = smoke_in_round_3()
    assert up_next(game)[0] == 2
    assert len(game.state.markers_down()) == 1
    game = play(game, activate(game.state.next_up().actors[0]))
    assert len(game.state.markers_down()) == 1


def test_smoke_is_lifted_while_the_next_turn_s_round_2_is_played() -> None:
    game = finish_turn(smoke_in_round_3())
    game = play_until(game, lambda s: s.next_up().actors == ("A1",), hold=("A1",))
    game = play(game, *turn("A1"))
    up = game.state.next_up()
    assert up.round == 2
    game = play(game, activate(up.actors[0]))
    assert game.state.markers_down() == ()


def test_a_marker_that_is_not_on_the_table_cannot_be_removed() -> None:
    game = play(gangers_vs_mutards(), marker("fire", "one"), marker("fire", "two"))
    assert refusal(game, RemoveMarker(kind="remove-marker", number=3)) == "there is no marker 3"


# --- the initiative roll, a side's summary (the Steam Wars fixture) --------------------------
# Side A (Ana): 1,000 points; side B (Ben): two elite infantry, 40 points.


def test_no_initiative_reminder_once_the_game_is_over() -> None:
    game = play(steam_wars(), EndGame(kind="end-game"))
    assert game.state.initiative_reminder() is None


def test_a_game_without_an_initiative_roll_reminds_of_none() -> None:
    assert gangers_vs_mutards().state.initiative_reminder() is None


def test_the_initiative_reminder_in_full_for_a_side_over_its_limit() -> None:
    assert steam_wars(limit_b=30).state.initiative_reminder() == (
        "turn 1: each player rolls a D6 for initiative, the highest activates first (ties "
        "roll again); side B (Ben) rolls at -1: its list is 40 points, over its limit of 30"
    )


def test_a_list_at_its_limit_is_not_over_it() -> None:
    assert steam_wars(limit_b=40).state.over_limit(1) is None
    assert steam_wars(limit_b=39).state.over_limit(1) == OverLimit(1, 40, 39)


def test_a_side_s_summary_names_the_side_and_what_it_scored_by_hand() -> None:
    game = play(steam_wars(), Score(kind="score", side=1, points=3))
    summary = game.state.summary(1)
    assert (summary.side, summary.scored, summary.victory_points) == (1, 3, 3)
    assert game.state.summary(0).side == 0


def test_a_game_without_a_side_s_must_keep_models_has_no_beaten_side() -> None:
    """Steam Wars has no lose_without: a side is never lost that way."""
    assert not steam_wars().state.defeated(0)


def test_a_reminder_names_the_model_it_is_for() -> None:
    """The robot infantry (A4, A5) are mechanical: their unit's reminder is A4's."""
    game = play(steam_wars(), RollOff(kind="roll-off", first=0), activate("A4"))
    assert [(r.model.id, r.counter.id, r.value) for r in game.state.reminders("A4")] == [
        ("A4", "mechanical", 1)
    ]


# --- an action's effects (the Steam Wars fixture, with a few actions of a made-up mission) ---
# Objective held is side B's or A's counter, from 0 to 3. Taking cover is kept for infantry
# only: the light tank (A6) has none. Each action here is free (cost 0) but Rush, which
# costs 1 and uses one more action besides.

MISSION_ACTIONS: list[dict[str, Any]] = [
    {
        "id": "hold",
        "name": "Hold the objective",
        "key": "h",
        "cost": 0,
        "effects": [{"counter": "objective-held", "on": "side"}],
    },
    {
        "id": "hold-fast",
        "name": "Hold fast",
        "key": "f",
        "cost": 0,
        "effects": [
            {"counter": "objective-held", "on": "side"},
            {"counter": "objective-held", "on": "side"},
        ],
    },
    {
        "id": "muster",
        "name": "Muster",
        "key": "e",
        "cost": 0,
        "effects": [
            {"counter": "objective-held", "on": "side", "op": "set", "value": "unit:models"}
        ],
    },
    {
        "id": "count-heads",
        "name": "Count heads",
        "key": "k",
        "cost": 0,
        "effects": [{"counter": "objective-held", "on": "side", "value": "unit:models"}],
    },
    {
        "id": "roll-call",
        "name": "Roll call",
        "key": "o",
        "cost": 0,
        "effects": [{"counter": "objective-held", "on": "side", "repeat": "unit:models"}],
    },
    {
        "id": "dig-in",
        "name": "Dig in",
        "key": "d",
        "cost": 0,
        "effects": [{"counter": "cover"}],
    },
    {
        "id": "rush",
        "name": "Rush",
        "key": "u",
        "effects": [{"counter": "actions-used"}],
    },
    {"id": "ram", "name": "Ram", "key": "q", "cost": 0, "wounds": 2},
    {
        "id": "signal",
        "name": "Signal",
        "key": "j",
        "cost": 0,
        "effects": [{"counter": "objective-held", "on": "side", "when": {"item_tags": ["ranged"]}}],
    },
    {
        "id": "look-out",
        "name": "Look out",
        "key": "i",
        "cost": 0,
        "effects": [{"counter": "cover", "value": -1, "repeat": "item:periscope"}],
    },
]


def mission(actor: str) -> Battle:
    """The Steam Wars fixture with the mission's actions, ``actor`` active (its side
    having won the roll-off)."""
    game = steam_wars()
    actions = game.setup.tracker.model_dump()["actions"]
    game = reworked(game, actions=[*actions, *MISSION_ACTIONS])
    first = game.state.side_of(actor)
    return play(game, RollOff(kind="roll-off", first=first), activate(actor))


def test_an_action_on_a_side_s_counter_changes_the_side_s() -> None:
    game = play(mission("B1"), act("B1", "hold"))
    assert game.state.counter("B", "objective-held") == 1


def test_an_action_adding_to_a_counter_at_its_top_leaves_it_there() -> None:
    game = play(mission("B1"), *(act("B1", "hold") for _ in range(4)))
    assert game.state.counter("B", "objective-held") == 3


def test_two_effects_of_one_action_on_one_counter_add_up() -> None:
    game = play(mission("B1"), act("B1", "hold-fast"))
    assert game.state.counter("B", "objective-held") == 2


def test_an_action_that_sets_a_counter_replaces_its_value() -> None:
    """Muster sets Objective held to the unit's models: the elite infantry's 2, twice."""
    game = play(mission("B1"), act("B1", "muster"), act("B1", "muster"))
    assert game.state.counter("B", "objective-held") == 2


def test_an_action_adds_a_value_read_from_the_model() -> None:
    """Count heads adds the unit's models: the elite infantry's 2."""
    game = play(mission("B1"), act("B1", "count-heads"))
    assert game.state.counter("B", "objective-held") == 2


def test_an_action_repeats_an_effect_as_often_as_the_model_says() -> None:
    """Roll call adds 1 once per model of the unit: 2 for the elite infantry."""
    game = play(mission("B1"), act("B1", "roll-call"))
    assert game.state.counter("B", "objective-held") == 2


def test_an_action_adding_to_a_counter_the_model_does_not_have_changes_nothing() -> None:
    """The light tank digs in: allowed, but it takes no cover (infantry only)."""
    game = play(mission("A6"), act("A6", "dig-in"))
    assert game.state.counter("A6", "cover") == 0
    assert "cover" not in game.state.counters.get("A6", {})
    assert play(mission("A1"), act("A1", "dig-in")).state.counter("A1", "cover") == 1


def test_spending_none_of_a_counter_the_model_does_not_have_is_allowed() -> None:
    """Look out spends 1 cover per periscope carried: the tank carries none, so it
    spends nothing, and needs no cover to spend."""
    game = play(mission("A6"), act("A6", "look-out"))
    assert game.state.counter("A6", "cover") == 0


def test_an_action_that_uses_an_action_besides_its_cost_uses_both() -> None:
    """Rush costs 1 and adds 1 to the actions used: the unit's 2 actions are gone."""
    game = play(mission("B1"), act("B1", "rush"))
    assert game.state.counter("B1", "actions-used") == 2
    assert game.state.actions_left("B1") == 0


def test_an_action_that_costs_wounds_costs_them_all() -> None:
    """Ram costs the light tank (4 wounds) 2 of them."""
    game = play(mission("A6"), act("A6", "ram"))
    assert game.state.wounds == {"A6": 2}


def test_an_effect_for_an_item_is_skipped_by_an_action_done_without_one() -> None:
    """Signal counts only with a ranged weapon, and names no item: it changes nothing."""
    game = play(mission("B1"), act("B1", "signal"))
    assert game.state.counter("B", "objective-held") == 0


# --- an action reading the chosen item (Punkapocalyptic: Dead slow, RB ch.4) ----------------
# Junkers (A) against Gangers: the Piston A7 carries a harpoon launcher, really dead slow
# (reload:2): a shot leaves it 2 Reload needed. Two made-up actions read that number off the
# weapon: one adds it, the other takes off 1 as many times.

RELOAD_ACTIONS: list[dict[str, Any]] = [
    {
        "id": "mark-fired",
        "name": "Mark fired",
        "key": "y",
        "cost": 0,
        "item": {"item_tags": ["reload:1", "reload:2"]},
        "effects": [{"counter": "reload", "on": "item", "value": "tag:reload"}],
    },
    {
        "id": "full-reload",
        "name": "Reload at once",
        "key": "z",
        "cost": 0,
        "item": {"item_tags": ["reload:1", "reload:2"]},
        "effects": [{"counter": "reload", "on": "item", "value": -1, "repeat": "tag:reload"}],
    },
]


def piston_active() -> Battle:
    game = fight(band("junkers/legal-500"), band("gangers/legal-500"))
    actions = game.setup.tracker.model_dump()["actions"]
    return active(reworked(game, actions=[*actions, *RELOAD_ACTIONS]), "A7")


def test_an_action_adds_a_value_read_from_the_chosen_item() -> None:
    game = play(piston_active(), act("A7", "mark-fired", "A7/harpoon-launcher"))
    assert game.state.counter("A7/harpoon-launcher", "reload") == 2


def test_an_action_repeats_an_effect_as_often_as_the_chosen_item_says() -> None:
    game = play(piston_active(), act("A7", "shoot", "A7/harpoon-launcher"))
    assert game.state.counter("A7/harpoon-launcher", "reload") == 2
    game = play(game, act("A7", "full-reload", "A7/harpoon-launcher"))
    assert game.state.counter("A7/harpoon-launcher", "reload") == 0


# --- parts no bundled catalog has yet ---------------------------------------------------------


def test_each_alternating_phase_starts_with_the_side_that_won_the_turn_s_roll_off() -> None:
    """A turn with a second alternating phase (a melee after the action phase): B won the
    roll-off, so B starts the melee too, whoever acted last before it."""
    game = battle()
    turns = game.setup.tracker.turns.model_dump()
    melee = {"id": "melee", "name": "Melee", "activations": True, "order": "alternating"}
    game = to_action(reworked(game, turns={**turns, "phases": [*turns["phases"], melee]}))
    game = play_until(play(game, RollOff(kind="roll-off", first=1)), lambda s: False)
    assert game.state.last_side == 0
    game = play(game, NextPhase(kind="next-phase"))
    assert game.state.next_up().side == 1


def test_smoke_in_a_game_without_rounds_lifts_once_everyone_has_acted_next_turn() -> None:
    """A marker lasting to the end of its round next turn, in a game of alternating
    activations (its round is the whole turn): down through the next turn's activations,
    lifted once the last of them is over."""
    game = steam_wars()
    smoke = {"id": "smoke", "name": "Smoke", "lasts": "round-next-turn"}
    game = play(reworked(game, markers=[smoke]), marker("smoke"))
    game = finish_turn(game)
    game = play_until(game, lambda s: len(s.acted) == 3)
    assert len(game.state.markers_down()) == 1
    game = play_until(game, lambda s: False)
    assert game.state.next_up().turn_over
    assert game.state.markers_down() == ()


def test_only_a_figures_tag_makes_a_model_count_as_more_figures() -> None:
    """The squad's standing figures (``unit:standing``): A4 tagged figures:2 counts 2,
    A3 with another number tag (reload:2) counts 1."""
    data = battle().setup.model_dump()
    for model in data["sides"][0]["models"]:
        if model["id"] == "A3":
            model["tags"] = {*model["tags"], "reload:2"}
        if model["id"] == "A4":
            model["tags"] = {*model["tags"], "figures:2"}
    state = Battle(BattleSetup.model_validate(data)).state
    assert state.value("unit:standing", state.model("A3")) == 3


def test_actions_counted_per_model_are_each_pack_member_s_own() -> None:
    """Punkapocalyptic with its actions used kept per model, not per pack: the addlers
    (A 1) of the pack B2-B6 act together, and the third one moving leaves the fourth
    its own action."""
    game = gangers_vs_mutards()
    counters = game.setup.tracker.model_dump()["counters"]
    for spec in counters:
        if spec["id"] == "actions-used":
            spec["scope"] = "model"
    game = play(active(reworked(game, counters=counters), "B2"), act("B4", "move"))
    assert game.state.counter("B4", "actions-used") == 1
    assert (game.state.actions_left("B4"), game.state.actions_left("B5")) == (0, 1)


def test_a_turn_ends_only_from_its_last_phase() -> None:
    """The sheet fixture's turn: orders, reveal, action. In the reveal phase it is not
    over yet."""
    game = play(battle(), NextPhase(kind="next-phase"))
    assert refusal(game, EndTurn(kind="end-turn")) == "the turn's phases are not over yet"


# --- shots out of a unit's own turn: overwatch (the sheet fixture), stationary fire (VSF) ---


def test_overwatch_put_on_this_turn_is_not_kept_and_its_shot_leaves_the_action() -> None:
    """Overwatch set by hand on the squad (A3) in the action phase, before it acts: it was
    not kept from an earlier turn, so its shot while the officer acts does not use the
    squad's action, which it still has to take."""
    game = play(to_action(battle()), RollOff(kind="roll-off", first=0))
    game = play(game, set_counter("A3", "overwatch"), activate("A1"))
    game = play(game, act("A3", "overwatch-shot"))
    assert game.state.counter("A3", "overwatch") == 0
    assert "A3" not in game.state.acted
    assert "A3" in game.state.ready()


def test_a_unit_on_overwatch_from_the_start_can_take_its_shot() -> None:
    """A tracker whose Overwatch starts set: the squad's shot in the first turn is taken
    and ends its overwatch."""
    game = battle()
    counters = game.setup.tracker.model_dump()["counters"]
    for spec in counters:
        if spec["id"] == "overwatch":
            spec["start"] = 1
    game = to_action(reworked(game, counters=counters))
    game = play(game, RollOff(kind="roll-off", first=0), activate("A1"))
    assert game.state.counter("A3", "overwatch") == 1
    game = play(game, act("A3", "overwatch-shot"))
    assert game.state.counter("A3", "overwatch") == 0


def test_stationary_fire_in_the_enemy_s_move_leaves_the_unit_its_own_move() -> None:
    """VSF colonial (001 Stationary fire): the Gatling (A11) fires while the warriors (B3)
    move; it has not used its activation of the moves phase."""
    game = play(vsf_start(), NEXT, NEXT, activate("B3"), act("A11", "stationary-fire"))
    assert game.state.counter("A11", "fired") == 1
    assert "A11" in game.state.ready()


# --- the end of a turn ------------------------------------------------------------------------


def test_a_berserk_stops_fighting_on_when_its_extra_turn_ends() -> None:
    """RB ch.4 Berserk: the Subhuman B7, downed in turn 1, fights on through turn 2; in
    turn 3 it is down, and its line no longer says it fights on."""
    game = fight(band("gangers/legal-500"), band("v-reich/legal-500")).record(wound("B7"))
    game = finish_turn(game)
    assert game.state.turn == 2
    assert "fights on this turn" in model_line(game.state, "B7")
    game = finish_turn(game)
    assert game.state.is_out("B7")
    assert "fights on" not in model_line(game.state, "B7")


def test_smoke_is_gone_after_the_next_turn_and_cannot_be_removed_then() -> None:
    game = finish_turn(finish_turn(play(gangers_vs_mutards(), marker("smoke"))))
    assert game.state.turn == 3
    assert refusal(game, RemoveMarker(kind="remove-marker", number=1)) == "there is no marker 1"


def test_in_the_second_turn_sides_alternate_from_the_first_activation() -> None:
    """Steam Wars: A wins turn 2's roll-off and activates a unit; then it is B's turn."""
    game = finish_turn(steam_wars())
    game = play(game, RollOff(kind="roll-off", first=0), *turn("A1"))
    assert game.state.next_up().side == 1


def test_a_turn_ends_with_a_counter_to_clear_next_turn_set_from_the_start() -> None:
    """A tracker whose "sits out next turn" starts set on every unit: nobody acts in the
    first turn, and it ends."""
    game = battle()
    counters = game.setup.tracker.model_dump()["counters"]
    for spec in counters:
        if spec["id"] == "sat-out":
            spec["start"] = 1
    game = to_action(reworked(game, counters=counters))
    assert game.state.ready() == ()
    assert play(game, EndTurn(kind="end-turn")).state.turn == 2


def test_a_side_alone_in_the_action_phase_may_retain_in_every_turn() -> None:
    """Side B's three models are out: in turn 2 side A acts alone, with no roll-off, and
    after its officer's activation it may retain the initiative, as in turn 1."""
    out = [Wound(kind="wound", model=m) for m in ("B1", "B2", "B3")]
    game = to_action(play(battle(), *out))
    game = play(game, *turn("A1"), Retain(kind="retain", side=0))
    game = play_until(game, lambda s: False).record(EndTurn(kind="end-turn"))
    game = play(to_action(game), *turn("A1"), Retain(kind="retain", side=0))
    assert game.state.turn == 2
    assert game.state.retaining == 0


def test_an_activation_ends_with_counters_to_clear_later_set_from_the_start() -> None:
    """A Steam Wars tracker where every unit starts Disabled (cleared at the end of its next
    activation) and Impeded (here cleared at the end of an activation next turn): the
    infantry's first activation ends, and B is to act."""
    game = steam_wars()
    counters = game.setup.tracker.model_dump()["counters"]
    for spec in counters:
        if spec["id"] == "disabled":
            spec["start"] = 1
        if spec["id"] == "impeded":
            spec["start"] = 1
            spec["clears"] = "end-of-activation-next-turn"
    game = play(reworked(game, counters=counters), RollOff(kind="roll-off", first=0))
    game = play(game, *turn("A1"))
    assert game.state.next_up().side == 1


def test_a_ganger_s_actions_used_go_up_to_its_actions() -> None:
    """Punkapocalyptic: actions used run from 0 to the model's A (RB ch.2 Actions); the
    Ganger A4 has A 2."""
    game = play(gangers_vs_mutards(), set_counter("A4", "actions-used", 2))
    assert game.state.counter("A4", "actions-used") == 2
    assert refusal(game, set_counter("A4", "actions-used", 3)) == "Actions used goes from 0 to 2"
