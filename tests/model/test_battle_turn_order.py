"""Battle-fold checks of the whole answer of ``next_up`` (after the game, with
everyone acted, in a phase where nothing activates, before and after a roll-off), the
order of delayed models (a delayed model made slower than its round; two groups of
delayed models, each rolled off for), the round of a model that has not delayed, a
counter refreshed on activation (its top, a value read from the carried item), values
read from a model (lasting modifiers, a stat it cannot use or does not have, a number in
its own tags), a test that only some models take, the "1 model has" refusal, scores
adding up, and the copies the fold keeps for undo.

tests/MUTATION.md lists the mutants, and why the others are equivalent.

History: the third mutation run (issue 19, the whole of ``model/battle/`` at 23bf4a1)
found these missing.
"""

from __future__ import annotations

from typing import Any

from model.battle.battle import Battle
from model.battle.events import EndGame, Event, RollOff, Score
from model.battle.setup import BattleSetup
from model.battle.state import BattleState
from model.battle.state_values import NextUp
from tests.model.test_battle_rolls_and_actions import reworked, roll
from tests.model.test_battle_rules import (
    END_TURN,
    activate,
    active,
    band,
    delay,
    fight,
    gangers_vs_mutards,
    play,
    play_until,
    refusal,
    roll_off,
    turn,
)
from tests.model.test_battle_rules import (
    counter as set_counter,
)
from tests.model.test_sheet_engine import battle, to_action
from tests.model.test_steam_wars_tracker import battle as steam_wars


def edited(game: Battle, model_id: str, **fields: Any) -> Battle:
    """The same battle, before its first event, with fields of one model's snapshot
    replaced (as a battle file holds them)."""
    data = game.setup.model_dump()
    for side in data["sides"]:
        for model in side["models"]:
            if model["id"] == model_id:
                model.update(fields)
    return Battle(BattleSetup.model_validate(data))


# --- who is up: the whole answer --------------------------------------------------------------
# The Steam Wars fixture: side A has three units (A1, A4, A6), side B one (B1).


def test_after_the_game_nobody_is_up_and_no_roll_off_is_asked() -> None:
    """Once the game is over: no round, no roll-off, no side, nobody, the turn over."""
    game = play(steam_wars(), EndGame(kind="end-game"))
    assert game.state.next_up() == NextUp(None, False, None, (), True)


def test_once_everyone_has_acted_nobody_is_up_and_no_roll_off_is_asked() -> None:
    """All four units have acted: no round, no roll-off, no side, nobody, the turn over."""
    game = play_until(steam_wars(), lambda s: False)
    assert game.state.acted == {"A1", "A4", "A6", "B1"}
    assert game.state.next_up() == NextUp(None, False, None, (), True)


def test_in_a_phase_where_nothing_activates_nobody_is_up() -> None:
    """The sheet fixture's orders phase (no activations): nobody, no roll-off, over."""
    assert battle().state.next_up() == NextUp(None, False, None, (), True)


def test_before_the_roll_off_every_unit_is_up_and_the_turn_is_not_over() -> None:
    """Turn 1 before the initiative roll: both sides' units, a roll-off asked, no side."""
    assert steam_wars().state.next_up() == NextUp(None, True, None, ("A1", "A4", "A6", "B1"), False)


def test_after_the_roll_off_the_winner_s_units_are_up_and_the_turn_is_not_over() -> None:
    """A won the roll-off: A's three units, no roll-off asked, the turn not over."""
    game = play(steam_wars(), RollOff(kind="roll-off", first=0))
    assert game.state.next_up() == NextUp(None, False, 0, ("A1", "A4", "A6"), False)


# --- delayed models (Punkapocalyptic RB ch.2 Delaying an Action) ------------------------------
# Gangers (A) against Mutards (B): the Mongrelmorphs B18, B19 (Ag 7) act in round 7; Big Joe
# A1 (Ag 6) alone in round 6; A2, A4, A5, A6 (Ag 5) and the Mutard B14 (Ag 3, +2 for its
# sharp senses) in round 5.


def test_a_delayed_model_made_slower_than_its_round_still_acts_after_the_round_s_own() -> None:
    """Big Joe delays from round 6 to 5, then is electrified (Numb, -3 Ag: Ag 3). Round 5's
    own models still come first, and both sides have some: roll off for round 5."""
    game = play(gangers_vs_mutards(), *turn("B18"), *turn("B19"), delay("A1", 5))
    game = play(game, set_counter("A1", "numb"))
    assert game.state.stat("A1", "Ag") == 3
    assert game.state.next_up() == NextUp(5, True, None, ("A2", "A4", "A5", "A6", "B14"), False, 5)


def test_each_group_of_delayed_models_of_both_sides_rolls_off_for_its_own_order() -> None:
    """Gangers against Gangers (the same list: A1/B1 Ag 6, A2/B2 Ag 5). Both leaders
    delay from round 6 to 3, and both A2 and B2 from round 5 to 3. Round 3 has nobody
    else: the Ag 5 pair acts first, after a roll-off; then the Ag 6 pair needs a roll-off
    of its own (RB ch.2: equal stats of both sides roll off)."""
    game = fight(band("gangers/legal-500"), band("gangers/legal-500"))
    game = play(game, roll_off(0), delay("A1", 3), delay("B1", 3))
    game = play(game, roll_off(0), delay("A2", 3), *turn("A4"), delay("B2", 3))
    game = play_until(game, lambda s: s.next_up().round == 3)
    assert game.state.next_up() == NextUp(3, True, None, ("A2", "B2"), False, (3, 5))
    game = play(game, roll_off(0), *turn("A2"), *turn("B2"))
    assert game.state.next_up() == NextUp(3, True, None, ("A1", "B1"), False, (3, 6))


# --- the round of a model that has not delayed -----------------------------------------------


def test_a_model_that_has_not_delayed_acts_in_its_agility_round() -> None:
    """Big Joe (Ag 6), not delayed: round 6."""
    assert gangers_vs_mutards().state.actor_round("A1") == 6


def test_a_model_out_of_the_fight_keeps_the_round_of_its_agility() -> None:
    """Big Joe (Ag 6) downed: his round is still read from his own profile."""
    game = play(gangers_vs_mutards(), set_counter("A1", "downed"))
    assert game.state.is_out("A1")
    assert game.state.actor_round("A1") == 6


def test_a_pack_s_round_is_its_first_standing_model_s_agility() -> None:
    """The addler pack B2-B6 (Ag 1): B2 is downed and B3 electrified (Numb, -3 Ag), so the
    pack acts in B3's round, 1 - 3 = -2, not in the downed B2's round 1."""
    game = play(gangers_vs_mutards(), set_counter("B3", "numb"), set_counter("B2", "downed"))
    assert game.state.stat("B2", "Ag") == 1
    assert game.state.actor_round("B2") == -2


# --- a counter refreshed as its bearer activates -----------------------------------------------


def test_a_refreshed_counter_stops_at_its_top() -> None:
    """The sheet fixture's Defence pool is refreshed to DEF (now:DEF) when its bearer
    activates; with a top of 1, the officer (DEF 2) gets 1."""
    game = battle()
    counters = game.setup.tracker.model_dump()["counters"]
    for spec in counters:
        if spec["id"] == "pool":
            spec["max"] = 1
    game = play(to_action(reworked(game, counters=counters)), RollOff(kind="roll-off", first=0))
    game = play(game, activate("A1"))
    assert game.state.counter("A1", "pool") == 1


def test_a_counter_kept_per_item_is_refreshed_from_the_item_s_tags() -> None:
    """Junkers against Gangers, with a made-up Loaded counter on every weapon tagged
    reload:2, refreshed to ``tag:reload``: the Piston's harpoon launcher (really dead slow,
    reload:2) is Loaded 2 as the Piston (A7) activates. The model has no such tag."""
    game = fight(band("junkers/legal-500"), band("gangers/legal-500"))
    counters = game.setup.tracker.model_dump()["counters"]
    loaded = {
        "id": "loaded",
        "name": "Loaded",
        "short": "Ld",
        "kind": "number",
        "scope": "item",
        "items": {"item_tags": ["reload:2"]},
        "refresh": "tag:reload",
    }
    game = active(reworked(game, counters=[*counters, loaded]), "A7")
    assert not any(t.startswith("reload") for t in game.state.model("A7").tags)
    assert game.state.counter("A7/harpoon-launcher", "loaded") == 2


# --- values read from a model (stat:, now:, tag:) ----------------------------------------------


def test_a_top_read_from_a_stat_counts_the_model_s_lasting_modifiers() -> None:
    """Actions used go up to the model's A (stat:A): the Mutard B15 has A 2 and Able
    (+1 A), so 3 and no more."""
    game = play(gangers_vs_mutards(), set_counter("B15", "actions-used", 3))
    assert game.state.counter("B15", "actions-used") == 3
    assert refusal(game, set_counter("B15", "actions-used", 4)) == "Actions used goes from 0 to 3"


def test_a_stat_a_model_cannot_use_is_worth_0() -> None:
    """The sheet fixture's officer has SUSTAIN "-": as printed (stat:) and now (now:),
    it is 0."""
    state = battle().state
    officer = state.model("A1")
    assert state.value("stat:SUSTAIN", officer) == 0
    assert state.value("now:SUSTAIN", officer) == 0


def test_a_stat_fallen_below_0_is_worth_0_now() -> None:
    """The walker's SUSTAIN 6 with 7 SUSTAIN lost is -1: as a value now, 0."""
    game = play(battle(), set_counter("A2", "sustain-lost", 7))
    assert game.state.stat("A2", "SUSTAIN") == -1
    assert game.state.value("now:SUSTAIN", game.state.model("A2")) == 0


def test_a_stat_a_model_does_not_have_is_worth_0() -> None:
    """A model whose profile lacks a stat of the system (a designed card fills in only
    the stats its design gives: test_list_rules_generic's derived card without Ld): the
    officer here, without CR."""
    stats = {k: v for k, v in battle().setup.model("A1").stats.items() if k != "CR"}
    state = edited(battle(), "A1", stats=stats).state
    assert state.value("stat:CR", state.model("A1")) == 0


def test_a_number_in_the_model_s_own_tags_is_read_by_its_name_only() -> None:
    """A squad model tagged figures:2: ``tag:figures`` is 2, and ``tag:reload`` (a tag it
    does not have) 0, not the 2 of another tag."""
    tags = {*battle().setup.model("A3").tags, "figures:2"}
    state = edited(battle(), "A3", tags=tags).state
    squad = state.model("A3")
    assert state.value("tag:figures", squad) == 2
    assert state.value("tag:reload", squad) == 0


# --- a test only some models take -------------------------------------------------------------


def test_a_test_for_vehicles_is_refused_for_an_officer() -> None:
    """The sheet fixture's SUSTAIN roll is for vehicles; its outcome changes the model
    tested, so an officer cannot take it."""
    event = roll("A1", test="sustain", passed=False)
    assert refusal(battle(), event) == "Officer does not take the SUSTAIN roll"


# --- the end of a turn, scores -----------------------------------------------------------------


def test_a_turn_with_one_model_still_to_act_is_refused_in_the_singular() -> None:
    """Steam Wars: every unit but the light tank (A6) has acted: "1 model has"."""
    game = play_until(steam_wars(), lambda s: len(s.ready()) == 1)
    assert game.state.ready() == ("A6",)
    assert refusal(game, END_TURN) == "1 model has not acted yet"


def test_scores_add_up() -> None:
    """Side B scores 3, then 2: 5 in all, not the last score alone."""
    game = play(steam_wars(), Score(kind="score", side=1, points=3))
    game = play(game, Score(kind="score", side=1, points=2))
    assert game.state.vp == [0, 5]


# --- the fold's copies for undo ----------------------------------------------------------------


def scores(count: int) -> list[Event]:
    """``count`` scores of 1 for side A: after n of them, side A has n."""
    return [Score(kind="score", side=0, points=1) for _ in range(count)]


def test_the_fold_keeps_a_copy_after_every_third_event_when_asked() -> None:
    """Seven events, a copy every 3: after the 3rd and the 6th, each as it was then."""
    setup = steam_wars().setup
    state, kept = BattleState.fold(setup, scores(7), every=3)
    assert state.vp == [7, 0]
    assert [(n, s.vp, s.events) for n, s in kept] == [(3, [3, 0], 3), (6, [6, 0], 6)]


def test_the_fold_by_default_starts_at_the_first_event_and_keeps_nothing() -> None:
    """Without ``start``, ``done`` or ``every``: all seven events folded, no copy kept."""
    state, kept = BattleState.fold(steam_wars().setup, scores(7))
    assert (state.vp, state.events) == ([7, 0], 7)
    assert kept == []
