"""The battle engine is one engine for every game: the same code runs a Steam Wars-like
game (alternating unit activations, initiative each turn, passing, counters that cost
actions, units with several wounds) and a Reikhammer-like one (strategy, action and end
phases), from the ``[tracker]`` sections of two fixture catalogs.

tests/fixtures/catalogs/alternating-mini: side A has an infantry unit of three (A1-A3,
rifles), two elite infantry with 2 wounds each (A4-A5) and a walker with 3 wounds and a
shock gun (A6); side B has two infantry with shock guns (B1-B2) and a walker (B3).
tests/fixtures/catalogs/phases-mini: side A has an infantry formation of two (A1-A2) and
a knight formation (A3); side B has a knight formation of two (B1-B2).
"""

from __future__ import annotations

import pytest

from model.battle.battle import Battle, new_battle
from model.battle.events import (
    Act,
    Activate,
    Delay,
    EndActivation,
    EndTurn,
    Event,
    NextPhase,
    Pass,
    PlaceMarker,
    RollOff,
    Score,
    SetCounter,
    Wound,
)
from model.battle.refused import Refused
from model.catalog.schema import Catalog
from model.roster.roster import Roster, RosterUnit
from tests.helpers import entry, fixture_catalog, roster


def battle_of(catalog: Catalog, faction: str, a: list[RosterUnit], b: list[RosterUnit]) -> Battle:
    view = catalog.view(faction)
    lists: list[Roster] = [roster(view, *a), roster(view, *b)]
    return new_battle(catalog, [("Ann", lists[0], view), ("Bob", lists[1], view)])


def alternating() -> Battle:
    return battle_of(
        fixture_catalog("alternating-mini"),
        "testland",
        [entry("infantry", 3, rifle=3), entry("elite", 2), entry("walker")],
        [entry("infantry", 2, shock_gun=2), entry("walker")],
    )


def phased() -> Battle:
    return battle_of(
        fixture_catalog("phases-mini"),
        "empire",
        [entry("infantry", 2), entry("knights")],
        [entry("knights", 2)],
    )


def activate(actor: str) -> Activate:
    return Activate(kind="activate", actor=actor)


def end(actor: str) -> EndActivation:
    return EndActivation(kind="end-activation", actor=actor)


def act(model: str, action: str, item: str | None = None) -> Act:
    return Act(kind="act", model=model, action=action, item=item)


def counter(target: str, counter_id: str, value: int = 1) -> SetCounter:
    return SetCounter(kind="counter", target=target, counter=counter_id, value=value)


def roll_off(first: int) -> RollOff:
    return RollOff(kind="roll-off", first=first)


def pass_(side: int) -> Pass:
    return Pass(kind="pass", side=side)


def wound(model: str, amount: int = 1) -> Wound:
    return Wound(kind="wound", model=model, amount=amount)


NEXT_PHASE = NextPhase(kind="next-phase")
END_TURN = EndTurn(kind="end-turn")


def turn(actor: str, *events: Event) -> tuple[Event, ...]:
    return (activate(actor), *events, end(actor))


def play(battle: Battle, *events: Event) -> Battle:
    for event in events:
        battle = battle.record(event)
    return battle


def refusal(battle: Battle, event: Event) -> str:
    before = battle.state
    with pytest.raises(Refused) as caught:
        battle.record(event)
    assert battle.state is before
    return caught.value.reason


def up_next(battle: Battle) -> tuple[int | None, tuple[str, ...]]:
    up = battle.state.next_up()
    return up.side, up.actors


# --- alternating activations -----------------------------------------------------------------


class TestAlternating:
    def test_units_activate_as_a_whole(self) -> None:
        state = alternating().state
        assert state.actors(0) == ("A1", "A4", "A6")
        assert state.actors(1) == ("B1", "B3")
        assert [m.id for m in state.members("A1")] == ["A1", "A2", "A3"]
        assert state.model("A2").label == "Infantry 2/3"
        assert state.action_points("A2") == 2

    def test_initiative_is_rolled_each_turn(self) -> None:
        battle = alternating()
        up = battle.state.next_up()
        assert (up.needs_roll_off, up.round, up.side) == (True, None, None)
        assert up.actors == ("A1", "A4", "A6", "B1", "B3")
        assert refusal(battle, activate("A1")) == (
            "both sides have models in this round: roll off first"
        )
        battle = battle.record(roll_off(1))
        assert up_next(battle) == (1, ("B1", "B3"))
        assert refusal(battle, roll_off(0)) == "the order for this round is already rolled"
        battle = play(battle, *turn("B3"))
        assert up_next(battle) == (0, ("A1", "A4", "A6"))
        assert refusal(battle, activate("B1")) == "it is not B1's turn to act; next: A1, A4, A6"
        battle = play(battle, *turn("A4"), *turn("B1"))
        # side B is done: side A activates its last two one after the other
        assert up_next(battle) == (0, ("A1", "A6"))
        battle = play(battle, *turn("A6"), *turn("A1"))
        assert battle.state.next_up().turn_over
        assert refusal(battle, roll_off(0)) == "nobody is left to act this turn"
        battle = battle.record(END_TURN)
        assert battle.state.turn == 2
        assert battle.state.next_up().needs_roll_off

    def test_a_side_with_fewer_units_left_may_pass(self) -> None:
        """Steam Wars Pass: the opponent then activates two units one after the other."""
        battle = play(alternating(), roll_off(1), *turn("B1"))
        assert refusal(battle, pass_(0)) == (
            "side A has 3 left to activate and side B 1: only the side with fewer may pass"
        )
        assert refusal(battle, pass_(1)) == "side B is not the one to act"
        battle = play(battle, *turn("A1"))
        battle = battle.record(pass_(1))
        assert up_next(battle) == (0, ("A4", "A6"))
        battle = play(battle, *turn("A6"))
        assert up_next(battle) == (0, ("A4",))  # the second of the two
        assert refusal(battle, activate("B3")) == "it is not B3's turn to act; next: A4"
        battle = play(battle, *turn("A4"))
        assert up_next(battle) == (1, ("B3",))
        battle = play(battle, *turn("B3"), END_TURN)
        assert battle.state.turn == 2

    def test_no_pass_while_a_unit_acts(self) -> None:
        battle = play(alternating(), roll_off(1), *turn("B1"), *turn("A1"), activate("B3"))
        assert refusal(battle, pass_(1)) == "B3 is still active; end its activation first"

    def test_the_turn_ends_when_every_unit_has_activated(self) -> None:
        battle = play(alternating(), roll_off(0), *turn("A1"))
        assert refusal(battle, END_TURN) == "4 models have not acted yet"

    def test_the_turn_limit(self) -> None:
        battle = alternating()
        for _ in range(4):
            battle = play(battle, roll_off(0), *turn("A1"), *turn("B1"), *turn("A4"))
            battle = play(battle, *turn("B3"), *turn("A6"), END_TURN)
        assert battle.state.ended
        assert battle.state.turn == 4


class TestActionCounters:
    def test_light_shock_costs_one_action_once(self) -> None:
        battle = play(alternating(), roll_off(1), counter("B1", "light-shock"))
        assert battle.state.action_points("B1") == 1
        battle = play(battle, activate("B1"), act("B2", "move"))
        assert refusal(battle, act("B1", "move")) == "B1 has 0 actions left"
        battle = battle.record(end("B1"))
        assert battle.state.counter("B1", "light-shock") == 0
        assert battle.state.action_points("B1") == 2

    def test_heavy_shock_costs_two_actions(self) -> None:
        battle = play(alternating(), roll_off(1), counter("B1", "heavy-shock"))
        assert battle.state.action_points("B1") == 0
        battle = battle.record(activate("B1"))
        assert refusal(battle, act("B1", "move")) == "B1 has 0 actions left"
        battle = battle.record(end("B1"))
        assert battle.state.action_points("B1") == 2

    def test_pinned_stays_until_the_unit_unpins(self) -> None:
        battle = play(alternating(), counter("A1", "pinned"), counter("A1", "light-shock"))
        assert battle.state.action_points("A1") == 0
        battle = play(battle, roll_off(0), *turn("A1"))
        assert battle.state.action_points("A1") == 1
        battle = play(battle, *turn("B1"), *turn("A4"), *turn("B3"), *turn("A6"), END_TURN)
        assert battle.state.counter("A1", "pinned") == 1
        spec = battle.state.tracker.counter("pinned")
        assert spec.reminder is not None and "unpin" in spec.reminder
        battle = play(battle, roll_off(0), activate("A1"), counter("A1", "pinned", 0))
        assert battle.state.actions_left("A1") == 2

    def test_unit_counters_belong_to_the_unit(self) -> None:
        battle = alternating()
        assert refusal(battle, counter("A2", "pinned")) == "A2 has no Pinned"
        battle = battle.record(counter("A1", "pinned"))
        assert battle.state.action_points("A3") == 1

    def test_ready_saves_an_action_and_ends_the_activation(self) -> None:
        battle = play(alternating(), roll_off(0), activate("A1"), act("A1", "move"))
        battle = battle.record(act("A3", "ready"))  # any model of the unit declares it
        state = battle.state
        assert state.active is None
        assert state.counter("A1", "ready") == 1
        assert state.counter("A1", "actions-used") == 2
        battle = play(battle, *turn("B1"), *turn("A4"), *turn("B3"), *turn("A6"), END_TURN)
        assert battle.state.counter("A1", "ready") == 1  # "leave in play ... Ready"
        battle = play(battle, roll_off(0), activate("A1"))
        assert battle.state.counter("A1", "ready") == 0

    def test_activated_is_a_counter_of_the_turn(self) -> None:
        battle = play(alternating(), counter("B3", "activated"), roll_off(0), *turn("A1"))
        assert battle.state.counter("B3", "activated") == 1
        battle = play(battle, *turn("B1"), *turn("A4"), *turn("B3"), *turn("A6"), END_TURN)
        assert battle.state.counter("B3", "activated") == 0

    def test_ammunition_per_model(self) -> None:
        battle = play(alternating(), roll_off(1), activate("B1"))
        battle = play(
            battle, act("B1", "shoot", "B1/shock-gun"), act("B2", "shoot", "B2/shock-gun")
        )
        assert [battle.state.counter(m, "ammo") for m in ("B1", "B2")] == [1, 1]
        battle = play(battle, end("B1"), *turn("A1"), activate("B3"))
        battle = play(
            battle, act("B3", "shoot", "B3/shock-gun"), act("B3", "shoot", "B3/shock-gun")
        )
        assert battle.state.counter("B3", "ammo") == 0
        battle = play(battle, end("B3"), *turn("A4"), *turn("A6"), END_TURN, roll_off(1))
        battle = battle.record(activate("B3"))
        assert refusal(battle, act("B3", "shoot", "B3/shock-gun")) == "not enough Ammunition (0)"

    def test_a_unit_member_acts_only_in_its_unit_s_activation(self) -> None:
        battle = play(alternating(), roll_off(0), activate("A1"))
        battle = battle.record(act("A2", "shoot", "A2/rifle"))
        assert refusal(battle, act("A4", "move")) == "A4 is not active"
        assert refusal(battle, activate("A4")) == "A1 is still active; end its activation first"


class TestWounds:
    def test_a_model_with_two_wounds(self) -> None:
        battle = alternating()
        assert battle.state.wounds_max("A4") == 2
        battle = battle.record(wound("A4"))
        assert (battle.state.wounds["A4"], battle.state.is_out("A4")) == (1, False)
        battle = battle.record(wound("A4"))
        assert battle.state.is_out("A4")
        assert battle.state.counter("A4", "casualty") == 1
        assert battle.state.actor_present("A4")  # A5 still stands
        battle = battle.record(wound("A5", 2))
        assert not battle.state.actor_present("A4")
        assert refusal(battle, activate("A4")) == "A4 is out of the fight"

    def test_a_walker_takes_three_and_can_be_repaired(self) -> None:
        battle = play(alternating(), wound("B3", 2))
        assert not battle.state.is_out("B3")
        battle = battle.record(wound("B3", 5))  # wounds never go past the model's boxes
        assert battle.state.wounds["B3"] == 3
        assert battle.state.is_out("B3")
        battle = battle.record(wound("B3", -1))
        assert battle.state.wounds["B3"] == 2
        assert not battle.state.is_out("B3")

    def test_a_unit_down_is_out_of_the_turn_order(self) -> None:
        battle = play(alternating(), wound("B1"), wound("B2"), roll_off(0))
        assert battle.state.actors_left(1) == ("B3",)
        battle = play(battle, *turn("A1"), *turn("B3"))
        assert up_next(battle) == (0, ("A4", "A6"))

    def test_points_lost_and_victory_points(self) -> None:
        battle = play(alternating(), wound("B3", 3), wound("A2"))
        battle = battle.record(Score(kind="score", side=0, points=7))
        a, b = battle.state.summary(0), battle.state.summary(1)
        assert (a.out, a.points_lost, a.victory_points) == (1, 10 + 7, 7)  # a rifleman
        assert (b.out, b.points_lost, b.victory_points) == (1, 40, 0)

    def test_markers_that_last_the_turn(self) -> None:
        battle = play(alternating(), PlaceMarker(kind="marker", marker="objective"))
        battle = battle.record(PlaceMarker(kind="marker", marker="blast"))
        assert [m.marker for m in battle.state.markers_down()] == ["objective", "blast"]
        battle = play(battle, roll_off(0), *turn("A1"), *turn("B1"), *turn("A4"), *turn("B3"))
        battle = play(battle, *turn("A6"), END_TURN)
        assert [m.marker for m in battle.state.markers_down()] == ["objective"]


# --- phases ------------------------------------------------------------------------------------


class TestPhases:
    def test_units_activate_only_in_the_action_phase(self) -> None:
        battle = phased()
        state = battle.state
        assert (state.turn, state.phase) == (1, 0)
        assert state.tracker.turns.phases[0].name == "Strategy"
        assert refusal(battle, activate("A1")) == "nothing activates in the Strategy phase"
        # the strategy phase's initiative roll is recorded, once
        battle = battle.record(roll_off(1))
        assert refusal(battle, roll_off(0)) == "the order for this round is already rolled"
        battle = battle.record(NEXT_PHASE)
        assert battle.state.phase == 1
        assert set(battle.state.next_up().actors) == {"A1", "A3", "B1"}
        battle = play(battle, *turn("B1", act("B2", "advance")), *turn("A3"))
        assert battle.state.next_up().actors == ("A1",)
        assert refusal(battle, activate("B1")) == "B1 has already acted this turn"
        battle = battle.record(NEXT_PHASE)
        assert refusal(battle, activate("A1")) == "nothing activates in the End phase"

    def test_one_action_per_activation(self) -> None:
        battle = play(phased(), NEXT_PHASE, activate("A1"), act("A2", "advance"))
        assert refusal(battle, act("A1", "advance")) == "A1 has 0 actions left"
        assert refusal(battle, NEXT_PHASE) == "A1 is still active"

    def test_the_turn_ends_after_the_last_phase(self) -> None:
        battle = phased()
        assert refusal(battle, END_TURN) == "the turn's phases are not over yet"
        battle = play(battle, NEXT_PHASE, NEXT_PHASE)
        assert refusal(battle, NEXT_PHASE) == "this is the last phase: end the turn"
        battle = battle.record(END_TURN)
        assert (battle.state.turn, battle.state.phase) == (2, 0)
        for _ in range(2):
            battle = play(battle, NEXT_PHASE, NEXT_PHASE, END_TURN)
        assert battle.state.ended

    def test_shock_and_broken_formations(self) -> None:
        battle = play(phased(), NEXT_PHASE, activate("A1"), act("A2", "hold"))
        assert battle.state.counter("A1", "shock") == 1  # the formation's Shock
        battle = play(battle, end("A1"), counter("A3", "broken"))
        assert battle.state.stat("A3", "CR") == 5 - 2
        assert refusal(battle, activate("A3")) == "A3 is out of the fight"
        assert battle.state.next_up().actors == ("B1",)
        # the end phase: it rallies
        battle = play(battle, NEXT_PHASE, counter("A3", "broken", 0), END_TURN, NEXT_PHASE)
        battle = play(battle, *turn("A3"))
        assert battle.state.counter("A1", "shock") == 1

    def test_a_game_without_agility_rounds_has_no_delay_or_pass(self) -> None:
        battle = play(phased(), NEXT_PHASE)
        assert refusal(battle, Delay(kind="delay", actor="A1", to=1)) == (
            "this game has no delaying"
        )
        assert refusal(battle, pass_(0)) == "this game has no passing"
        alt = alternating()
        assert refusal(alt, NEXT_PHASE) == "this game has no phases"
