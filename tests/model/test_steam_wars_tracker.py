"""A Steam Wars turn played through ``BattleState`` with the tracker section of the
``steam-wars-mini`` fixture (the same section as the real catalog's): alternating unit
activations with a pass, a pinned unit, a shock counter that costs an action at the next
activation, the mechanical reminder, a once-per-game use, and victory points for units
destroyed by their tags against the target of 7 per 500 points.
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
    Pass,
    RollOff,
    SetCounter,
    Wound,
)
from model.battle.refused import Refused
from model.battle.text import next_up_text, victory_text
from model.catalog.tracker import Tracker
from model.catalog.tracker_check import check_tracker
from model.roster.roster import Roster
from saves.battle_report import battle_report
from tests.helpers import entry, fixture_catalog, roster


def lists(limit_b: int = 1000) -> tuple[Roster, Roster]:
    view = fixture_catalog("steam-wars-mini").view("testland")
    ana = roster(
        view,
        entry("infantry", 3, rifle=3),
        entry("robot-infantry", 2, shock_gun=2, anti_vehicle_grenade=1),
        entry("light-tank"),
        limit=1000,
    )
    ben = roster(view, entry("elite-infantry", 2), limit=limit_b)
    return ana, ben


def battle(limit_b: int = 1000) -> Battle:
    catalog = fixture_catalog("steam-wars-mini")
    ana, ben = lists(limit_b)
    return new_battle(
        catalog,
        [("Ana", ana, catalog.view("testland")), ("Ben", ben, catalog.view("testland"))],
        seed=3,
    )


def play(game: Battle, *events: Event) -> Battle:
    for event in events:
        game = game.record(event)
    return game


def act(model: str, action: str, item: str | None = None) -> Act:
    return Act(kind="act", model=model, action=action, item=item)


def activate(actor: str) -> Activate:
    return Activate(kind="activate", actor=actor)


def end(actor: str) -> EndActivation:
    return EndActivation(kind="end-activation", actor=actor)


def test_units_activate_whole_and_the_actors_are_the_units() -> None:
    state = battle().state
    # A: infantry A1-A3, robots A4-A5, tank A6; B: elite infantry B1-B2
    assert state.actors(0) == ("A1", "A4", "A6")
    assert state.actors(1) == ("B1",)
    assert state.action_points("A1") == 2
    assert state.wounds_max("B1") == 2


def test_one_full_turn() -> None:
    game = battle()
    start = next_up_text(game.state)
    assert start.startswith("turn 1: each player rolls a D6 for initiative")
    game = play(game, RollOff(kind="roll-off", first=1))
    assert game.state.initiative_reminder() is None

    # B's elite infantry pins A's infantry and shocks the robots (set by hand at the table)
    game = play(
        game,
        activate("B1"),
        act("B1", "move"),
        SetCounter(kind="counter", target="A1", counter="pinned", value=1),
        SetCounter(kind="counter", target="A4", counter="light-shock", value=1),
        end("B1"),
    )
    state = game.state
    assert state.next_up().side == 0
    # A has 3 units left and B none: A cannot pass, it activates
    with pytest.raises(Refused, match="only the side with fewer may pass"):
        play(game, Pass(kind="pass", side=0))

    # the pinned unit: reminded of the unpin roll, one action fewer
    game = play(game, activate("A1"))
    reminders = {r.counter.id for r in game.state.reminders("A1")}
    assert reminders == {"pinned"}
    assert game.state.actions_left("A1") == 1
    with pytest.raises(Refused, match="1 action"):
        play(game, act("A1", "advance"))
    game = play(game, act("A1", "ranged-attack", "A1/rifle"), end("A1"))

    # the shocked robots: the mechanical reminder, and one action this activation
    game = play(game, activate("A4"))
    assert {r.counter.id for r in game.state.reminders("A4")} == {"mechanical"}
    assert game.state.actions_left("A4") == 1
    game = play(game, act("A4", "ranged-attack", "A4/anti-vehicle-grenade"), end("A4"))
    # the shock is over after that activation; the grenade is spent for the game
    assert game.state.counter("A4", "light-shock") == 0
    assert game.state.counter("A4/anti-vehicle-grenade", "one-shot-used") == 1
    with pytest.raises(Refused, match="goes from 0 to 1"):
        play(
            game,
            SetCounter(
                kind="counter", target="A4/anti-vehicle-grenade", counter="one-shot-used", value=2
            ),
        )

    game = play(game, activate("A6"), act("A6", "target"), end("A6"))
    assert game.state.counter("A6", "stationary") == 1
    game = play(game, EndTurn(kind="end-turn"))
    assert game.state.turn == 2
    assert game.state.counter("A1", "pinned") == 1  # stays until it unpins
    assert next_up_text(game.state).startswith("turn 2: each player rolls")


def test_the_side_with_units_left_activates_them_in_a_row() -> None:
    game = play(battle(), RollOff(kind="roll-off", first=1), activate("B1"), end("B1"))
    game = play(game, activate("A1"), end("A1"))
    # B has no unit left and A two: A activates them one after the other (004 Model Activation)
    assert game.state.next_up().side == 0


def test_a_pass_gives_two_activations_in_a_row() -> None:
    game = play(battle(), RollOff(kind="roll-off", first=1))
    # B (1 unit) has fewer than A (3): it may pass, and A activates twice
    game = play(game, Pass(kind="pass", side=1), activate("A1"), end("A1"))
    assert game.state.next_up().side == 0
    game = play(game, activate("A4"), end("A4"))
    assert game.state.next_up().side == 1


def test_heavy_shock_costs_both_actions_at_the_next_activation_only() -> None:
    game = play(
        battle(),
        RollOff(kind="roll-off", first=0),
        activate("A1"),
        act("A1", "move"),
        end("A1"),
        SetCounter(kind="counter", target="B1", counter="heavy-shock", value=1),
        activate("B1"),
    )
    assert game.state.actions_left("B1") == 0
    game = play(game, end("B1"))
    assert game.state.counter("B1", "heavy-shock") == 0


def test_victory_points_for_destroyed_units_by_tag_and_the_target() -> None:
    game = play(battle(), Wound(kind="wound", model="A6", amount=4))
    summary = game.state.summary(1)
    assert (summary.destroyed_vp, summary.units_destroyed, summary.vp_target) == (2, 1, 14)
    assert summary.victory_points == 2
    game = play(game, Wound(kind="wound", model="A4", amount=1))
    assert game.state.summary(1).victory_points == 2  # one robot of two: not destroyed yet
    game = play(game, Wound(kind="wound", model="A5", amount=1))
    assert victory_text(game.state, 1) == (
        "3 victory points (3 for 2 units destroyed) of 14 to win"
    )
    assert victory_text(game.state, 0) == "0 victory points (0 for 0 units destroyed) of 14 to win"
    report = battle_report(game)
    assert "- Side B: 3 victory points (3 for 2 units destroyed) of 14 to win" in report


def test_the_initiative_reminder_names_a_side_over_its_limit() -> None:
    # B's 40 points against a limit of 30: every initiative roll of B is at -1
    game = battle(limit_b=30)
    text = game.state.initiative_reminder()
    assert text is not None
    assert text.endswith("side B (Ben) rolls at -1: its list is 40 points, over its limit of 30")
    assert "side A" not in text


def test_a_once_per_game_use_is_refused_the_second_time() -> None:
    catalog = fixture_catalog("steam-wars-mini")
    view = catalog.view("testland")
    ana = roster(view, entry("officer"))
    ben = roster(view, entry("infantry"))
    game = new_battle(catalog, [("Ana", ana, view), ("Ben", ben, view)], seed=1)
    game = play(game, RollOff(kind="roll-off", first=0), activate("A1"), act("A1", "rally"))
    assert game.state.counter("A1", "rally-used") == 1
    assert game.state.actions_left("A1") == 2  # Rally is free, not an action
    game = play(game, end("A1"), activate("B1"), end("B1"), EndTurn(kind="end-turn"))
    game = play(game, RollOff(kind="roll-off", first=0), activate("A1"))
    with pytest.raises(Refused, match="A1 cannot Rally: Rally used"):
        play(game, act("A1", "rally"))
    with pytest.raises(Refused, match="Rally used goes from 0 to 1"):
        play(game, SetCounter(kind="counter", target="A1", counter="rally-used", value=2))


def tracker() -> Tracker:
    found = fixture_catalog("steam-wars-mini").system_file.tracker
    assert found is not None
    return found


def test_the_checks_find_a_grid_twice_and_a_victory_tag_no_unit_has() -> None:
    data = tracker().model_dump(mode="json")
    data["grids"] = [*data["grids"], data["grids"][0]]
    data["victory"]["destroyed"][0]["tags"] = ["vehicel"]
    broken = Tracker.model_validate(data)
    found = check_tracker(broken, ("Move", "Res", "Wnd"), ("vehicle", "infantry"), "system.toml")
    assert [(p.message, p.hint) for p in found] == [
        (
            "the id 'strength-vs-resilience' is used twice in [[tracker.grids]]",
            "give each one its own id",
        ),
        (
            "no unit, item or rule carries any of the tags 'vehicel': it never scores",
            "did you mean 'vehicle'?",
        ),
    ]
    assert check_tracker(tracker(), ("Move", "Res", "Wnd"), None, "system.toml") == []
