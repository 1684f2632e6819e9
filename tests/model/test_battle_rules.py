"""Punkapocalyptic at the table: each rule the tracker keeps, as events and the state a
player would have on paper (RB ch.2 Game turns, Acting Order, Delaying an Action,
Actions, Downed, Aiming, Ready defensive fire; ch.4 Berserk, Dead slow, Really dead
slow, Disposable, KABOOM!, Pump-action, Poison, Electrified, Gas, Smoke, Incendiary).

The bands are the legal 500-point fixture lists (tests/fixtures/rosters), so the model
ids are fixed: Gangers "Rust Rats" A1 Big Joe (Chief, Ag 6, 3 bullets), A2 Badass (Ag 5,
rifle, 2 bullets), A3 Brute (Ag 4), A4 Ganger (shotgun, 1 bullet), A5 Ganger (bow), A6
Ganger (crossbow, Dead slow), A7, A8 Scumbags (Ag 4, A8 with the grumpy cat); Mutards
"Sewer Choir" B1 Bobblehead (Ag 2), addler packs B2-B6 and B7-B9 (Ag 1), B10 Pit beast
(Ag 2, Berserk), Mutards B11-B17 (Ag 3; B14 with Sharp senses Ag 5), Mongrelmorphs B18,
B19 (Ag 7, Beasts).
"""

from __future__ import annotations

import tomllib
from collections.abc import Callable

import pytest

from model.battle.battle import Battle, new_battle
from model.battle.events import (
    Act,
    Activate,
    Delay,
    EndActivation,
    EndGame,
    EndTurn,
    Event,
    Note,
    PlaceMarker,
    RemoveMarker,
    Roll,
    RollOff,
    Score,
    SetCounter,
    Wound,
)
from model.battle.refused import Refused
from model.battle.state import BattleState
from model.roster.roster import Roster, RosterUnit
from tests.conftest import FIXTURES
from tests.helpers import bundled, entry, roster

# --- building battles and events -----------------------------------------------------------


def band(path: str) -> Roster:
    """A roster from tests/fixtures/rosters (``gangers/legal-500``)."""
    raw = tomllib.loads((FIXTURES / "rosters" / f"{path}.toml").read_text(encoding="utf-8"))
    raw.pop("format")
    return Roster.model_validate(raw)


def fight(a: Roster, b: Roster, turn_limit: int | None = None) -> Battle:
    """A Punkapocalyptic battle: side A against side B."""
    catalog = bundled()
    return new_battle(
        catalog,
        [("Ann", a, catalog.view(a.faction)), ("Bob", b, catalog.view(b.faction))],
        turn_limit=turn_limit,
    )


def made(faction: str, *units: RosterUnit) -> Roster:
    return roster(bundled().view(faction), *units)


def gangers_vs_mutards(turn_limit: int | None = None) -> Battle:
    return fight(band("gangers/legal-500"), band("mutards/legal-500"), turn_limit)


def activate(actor: str) -> Activate:
    return Activate(kind="activate", actor=actor)


def end(actor: str) -> EndActivation:
    return EndActivation(kind="end-activation", actor=actor)


def roll_off(first: int, winner: int | None = None, rolls: tuple[int, ...] = ()) -> RollOff:
    return RollOff(kind="roll-off", first=first, winner=winner, rolls=rolls)


def delay(actor: str, to: int) -> Delay:
    return Delay(kind="delay", actor=actor, to=to)


def act(model: str, action: str, item: str | None = None) -> Act:
    return Act(kind="act", model=model, action=action, item=item)


def counter(target: str, counter_id: str, value: int = 1) -> SetCounter:
    return SetCounter(kind="counter", target=target, counter=counter_id, value=value)


def wound(model: str, amount: int = 1) -> Wound:
    return Wound(kind="wound", model=model, amount=amount)


def marker(marker_id: str, label: str = "") -> PlaceMarker:
    return PlaceMarker(kind="marker", marker=marker_id, label=label)


END_TURN = EndTurn(kind="end-turn")
END_GAME = EndGame(kind="end-game")


def play(battle: Battle, *events: Event) -> Battle:
    for event in events:
        battle = battle.record(event)
    return battle


def refusal(battle: Battle, event: Event) -> str:
    """The reason the rules give for refusing ``event``; the battle must not change."""
    before = battle.state
    with pytest.raises(Refused) as caught:
        battle.record(event)
    assert battle.state is before
    return caught.value.reason


def turn(actor: str, *events: Event) -> tuple[Event, ...]:
    """An actor's whole action turn."""
    return (activate(actor), *events, end(actor))


def play_until(
    battle: Battle,
    stop: Callable[[BattleState], bool],
    first: int = 0,
    hold: tuple[str, ...] = (),
) -> Battle:
    """Let every actor act in the order the rules give (the first one offered and not
    held back, doing nothing; roll-offs won by side ``first``) until ``stop`` holds or
    the turn is over."""
    while not stop(battle.state):
        up = battle.state.next_up()
        if up.turn_over:
            break
        if up.needs_roll_off:
            battle = battle.record(roll_off(first))
            continue
        ready = [a for a in up.actors if a not in hold] or list(up.actors)
        battle = play(battle, *turn(ready[0]))
    return battle


def finish_turn(battle: Battle, first: int = 0) -> Battle:
    battle = play_until(battle, lambda s: False, first)
    return battle.record(END_TURN)


def up_next(battle: Battle) -> tuple[int | None, int | None, tuple[str, ...]]:
    up = battle.state.next_up()
    return up.round, up.side, up.actors


# --- the forces on the table ---------------------------------------------------------------


class TestForces:
    def test_model_ids_and_packs_acting_together(self) -> None:
        state = gangers_vs_mutards().state
        assert [m.id for m in state.setup.sides[0].models] == [f"A{n}" for n in range(1, 9)]
        assert len(state.setup.sides[1].models) == 19
        assert [m.id for m in state.members("B2")] == ["B2", "B3", "B4", "B5", "B6"]
        assert [m.id for m in state.members("B7")] == ["B7", "B8", "B9"]
        assert state.model("B4").label == "Addler 3/5"
        assert state.model("A1").label == "Big Joe (Chief)"
        # a pack is one actor; its other models do not activate on their own
        assert "B3" not in state.actors()
        assert len(state.actors(1)) == 1 + 2 + 1 + 7 + 2

    def test_bullets_carried_are_the_bullets_bought(self) -> None:
        state = gangers_vs_mutards().state
        assert state.counter("A1", "bullets") == 3
        assert state.counter("A2", "bullets") == 2
        assert state.counter("A4", "bullets") == 1
        assert not state.has_counter("A5", "bullets")  # a bow needs none

    def test_cumbersome_costs_one_agility(self) -> None:
        brutes = made(
            "gangers",
            entry("brute", heavy_mace=1, metal_plate=1),
            entry("brute", heavy_mace=1, metallic_armor=1),
            entry("brute", heavy_blade=1),
        )
        state = fight(brutes, band("v-reich/legal-500")).state
        assert state.stat("A1", "Ag") == 4 - 1  # metal plate
        assert state.stat("A2", "Ag") == 4  # metallic armour is not cumbersome
        assert state.stat("A3", "Ag") == 4 - 1  # heavy blade
        assert state.stat("B7", "Ag") == 2 - 1  # a Subhuman's metal plate
        ember = fight(band("black-blood-children/legal-500"), brutes).state
        assert ember.model("A3").unit == "ember"
        assert ember.stat("A3", "Ag") == 5 - 1  # the flamethrower

    def test_a_model_that_cannot_use_a_stat_has_none(self) -> None:
        state = gangers_vs_mutards().state
        assert state.stat("B18", "P") is None  # a Mongrelmorph's Precision is "-"
        assert state.stat("B18", "Ag") == 7

    def test_a_pack_costs_per_model(self) -> None:
        state = gangers_vs_mutards().state
        assert [state.model(m).cost for m in ("B2", "B3", "B7")] == [6, 6, 6]
        assert sum(m.cost for m in state.setup.sides[0].models) == 485
        assert sum(m.cost for m in state.setup.sides[1].models) == 496


# --- agility rounds and the acting order ----------------------------------------------------


class TestAgilityRounds:
    def test_the_highest_agility_acts_first(self) -> None:
        battle = gangers_vs_mutards()
        assert up_next(battle) == (7, 1, ("B18", "B19"))
        assert refusal(battle, activate("A1")) == "it is not A1's turn to act; next: B18, B19"
        battle = play(battle, *turn("B19"), *turn("B18"))
        assert up_next(battle) == (6, 0, ("A1",))

    def test_a_round_with_both_sides_needs_a_roll_off(self) -> None:
        battle = play(gangers_vs_mutards(), *turn("B18"), *turn("B19"), *turn("A1"))
        up = battle.state.next_up()
        assert (up.round, up.needs_roll_off, up.side) == (5, True, None)
        assert set(up.actors) == {"A2", "A4", "A5", "A6", "B14"}
        reason = "both sides have models in this round: roll off first"
        assert refusal(battle, activate("B14")) == reason
        assert refusal(battle, activate("A2")) == reason

    def test_sides_alternate_after_the_roll_off(self) -> None:
        battle = play(gangers_vs_mutards(), *turn("B18"), *turn("B19"), *turn("A1"))
        battle = battle.record(roll_off(1, winner=1, rolls=(4, 9)))
        assert up_next(battle) == (5, 1, ("B14",))
        assert refusal(battle, activate("A2")) == "it is not A2's turn to act; next: B14"
        battle = play(battle, *turn("B14"))
        # side B has nobody else with Agility 5: side A's four act one after the other
        assert up_next(battle) == (5, 0, ("A2", "A4", "A5", "A6"))
        battle = play(battle, *turn("A5"), *turn("A2"), *turn("A6"), *turn("A4"))
        assert up_next(battle) == (4, 0, ("A3", "A7", "A8"))
        assert refusal(battle, roll_off(0)) == "only side A has models in round 4: no roll-off"

    def test_the_rulebook_acting_order_example(self) -> None:
        """RB ch.2 Acting Order: Marcos has Ag 5, 4, 4, 4, 3; Guille has Ag 6, 4, 3, 3, 2
        (the example's second Ag 2 miniature is left out: no Black Blood Children band
        has two)."""
        marcos = made(
            "gangers",
            entry("badass", rifle=1),
            entry("brute", heavy_mace=1),
            entry("scumbag", light_mace=1),
            entry("scumbag", light_mace=1),
            entry("brute", heavy_mace=1, metal_plate=1),
        )
        guille = made(
            "black-blood-children",
            entry("spark", medium_blade=1),
            entry("burnt"),
            entry("ash", mace=1),
            entry("ash", mace=1),
            entry("flame-keeper", mace=1),
        )
        battle = fight(marcos, guille)
        state = battle.state
        assert [state.stat(f"A{n}", "Ag") for n in range(1, 6)] == [5, 4, 4, 4, 3]
        assert [state.stat(f"B{n}", "Ag") for n in range(1, 6)] == [6, 4, 3, 3, 2]
        # Guille's Ag 6 miniature acts at once, with no fuss; then Marcos's Ag 5
        assert up_next(battle) == (6, 1, ("B1",))
        battle = play(battle, *turn("B1"))
        assert up_next(battle) == (5, 0, ("A1",))
        battle = play(battle, *turn("A1"))
        # Agility round 4: a roll-off; Marcos wins and acts himself
        assert battle.state.next_up().needs_roll_off
        battle = battle.record(roll_off(0, winner=0, rolls=(7, 2)))
        assert up_next(battle) == (4, 0, ("A2", "A3", "A4"))
        battle = play(battle, *turn("A3"))
        assert up_next(battle) == (4, 1, ("B2",))
        battle = play(battle, *turn("B2"))
        # Guille has no more Ag 4: Marcos's last two act in the order he fancies
        assert up_next(battle) == (4, 0, ("A2", "A4"))
        battle = play(battle, *turn("A4"), *turn("A2"))
        # Agility round 3: Guille wins the roll-off but lets Marcos go first
        assert battle.state.next_up().needs_roll_off
        battle = battle.record(roll_off(0, winner=1, rolls=(3, 8)))
        assert up_next(battle) == (3, 0, ("A5",))
        battle = play(battle, *turn("A5"))
        assert up_next(battle) == (3, 1, ("B3", "B4"))
        battle = play(battle, *turn("B4"))
        assert up_next(battle) == (3, 1, ("B3",))
        battle = play(battle, *turn("B3"))
        # only Guille's Ag 2 miniature is left
        assert up_next(battle) == (2, 1, ("B5",))
        battle = play(battle, *turn("B5"))
        assert battle.state.next_up().turn_over
        battle = battle.record(END_TURN)
        # the next turn begins the whole process again
        assert battle.state.turn == 2
        assert up_next(battle) == (6, 1, ("B1",))

    def test_acting_out_of_turn_is_refused(self) -> None:
        battle = play(gangers_vs_mutards(), activate("B18"))
        assert refusal(battle, activate("B19")) == "B18 is still active; end its activation first"
        assert refusal(battle, end("B19")) == "B19 is not the active model"
        assert refusal(battle, act("B19", "move")) == "B19 is not active"
        battle = play(battle, end("B18"))
        assert refusal(battle, activate("B18")) == "B18 has already acted this turn"
        assert refusal(battle, activate("B3")) == "B3 is not a model that activates"
        assert refusal(battle, activate("C1")) == "C1 is not a model that activates"

    def test_a_model_acts_in_the_round_of_its_current_agility(self) -> None:
        # Electrified: a numb Ganger (Ag 5 - 3 = 2) acts in Agility round 2, with the
        # Bobblehead and the Pit beast
        battle = gangers_vs_mutards().record(counter("A4", "numb"))
        assert battle.state.stat("A4", "Ag") == 2
        battle = play_until(battle, lambda s: s.next_up().round == 2)
        up = battle.state.next_up()
        assert up.needs_roll_off
        assert set(up.actors) == {"A4", "B1", "B10"}

    def test_the_turn_ends_when_everybody_has_acted(self) -> None:
        battle = gangers_vs_mutards()
        assert refusal(battle, END_TURN) == "21 models have not acted yet"
        battle = play_until(battle, lambda s: s.next_up().round == 1)
        assert refusal(battle, END_TURN) == "2 models have not acted yet"
        battle = play(battle, activate("B7"))
        assert refusal(battle, END_TURN) == "B7 is still active; end its activation first"
        battle = play(battle, end("B7"), *turn("B2"), END_TURN)
        assert battle.state.turn == 2


class TestDelaying:
    def test_a_delayed_model_acts_last_in_its_new_round(self) -> None:
        """RB: an Ag 6 model may choose, on Agility round 6, to act on round 3, last."""
        battle = play(gangers_vs_mutards(), *turn("B18"), *turn("B19"))
        battle = battle.record(delay("A1", 3))
        assert battle.state.actor_round("A1") == 3
        battle = play_until(battle, lambda s: s.next_up().round == 3)
        # round 3: the six Ag 3 Mutards act first; no roll-off, Big Joe comes last
        up = battle.state.next_up()
        assert (up.needs_roll_off, up.side) == (False, 1)
        assert up.actors == ("B11", "B12", "B13", "B15", "B16", "B17")
        assert refusal(battle, activate("A1")) == (
            "it is not A1's turn to act; next: B11, B12, B13, B15, B16, B17"
        )
        battle = play_until(battle, lambda s: s.next_up().side == 0)
        assert up_next(battle) == (3, 0, ("A1",))
        battle = play(battle, *turn("A1"))
        assert up_next(battle) == (2, 1, ("B1", "B10"))

    def test_delayed_to_the_same_round_the_lower_agility_goes_first(self) -> None:
        battle = play(gangers_vs_mutards(), *turn("B18"), *turn("B19"), delay("A1", 3))
        battle = play(battle, roll_off(0), delay("A2", 3))
        battle = play_until(battle, lambda s: s.next_up().round == 3)
        battle = play_until(battle, lambda s: s.next_up().side == 0)
        assert up_next(battle) == (3, 0, ("A2",))  # Badass Ag 5 before Big Joe Ag 6
        battle = play(battle, *turn("A2"))
        assert up_next(battle) == (3, 0, ("A1",))

    def test_delayed_models_of_both_sides_with_the_same_agility_roll_off(self) -> None:
        battle = play(gangers_vs_mutards(), *turn("B18"), *turn("B19"), *turn("A1"))
        battle = play(battle, roll_off(0), delay("A2", 3), *turn("A4"), delay("B14", 3))
        assert up_next(battle) == (5, 0, ("A5", "A6"))
        battle = play_until(battle, lambda s: s.next_up().round == 3)
        battle = play_until(battle, lambda s: s.next_up().needs_roll_off)
        up = battle.state.next_up()
        assert (up.round, set(up.actors)) == (3, {"A2", "B14"})
        battle = battle.record(roll_off(1))
        assert up_next(battle) == (3, 1, ("B14",))
        battle = play(battle, *turn("B14"))
        assert up_next(battle) == (3, 0, ("A2",))

    def test_delayed_models_of_both_sides_go_by_agility_without_a_roll_off(self) -> None:
        battle = play(gangers_vs_mutards(), *turn("B18"), *turn("B19"), delay("A1", 3))
        battle = play(battle, roll_off(1), delay("B14", 3))
        battle = play_until(battle, lambda s: s.next_up().round == 3)
        battle = play_until(battle, lambda s: s.next_up().actors[0] in s.delayed)
        up = battle.state.next_up()
        assert (up.round, up.needs_roll_off, up.actors) == (3, False, ("B14",))  # Ag 5
        battle = play(battle, *turn("B14"))
        assert up_next(battle) == (3, 0, ("A1",))  # Ag 6

    def test_delaying_once_per_turn_to_a_lower_round(self) -> None:
        battle = play(gangers_vs_mutards(), *turn("B18"), *turn("B19"))
        assert refusal(battle, delay("A1", 6)) == "delay to a later round: lower than 6"
        assert refusal(battle, delay("A1", 7)) == "delay to a later round: lower than 6"
        assert refusal(battle, delay("A2", 3)) == "A2 can only delay when it is its turn to act"
        battle = battle.record(delay("A1", 4))
        battle = play_until(battle, lambda s: s.next_up().actors == ("A1",))
        assert battle.state.next_up().round == 4
        assert refusal(battle, delay("A1", 2)) == "A1 has already delayed this turn"
        battle = play(battle, *turn("A1"))
        # a new turn, a new delay
        battle = finish_turn(battle)
        battle = play(battle, *turn("B18"), *turn("B19"), delay("A1", 2))
        assert battle.state.actor_round("A1") == 2

    def test_no_delay_while_another_model_acts_or_before_the_roll_off(self) -> None:
        battle = play(gangers_vs_mutards(), activate("B18"))
        assert refusal(battle, delay("B19", 3)) == "B18 is still active; end its activation first"
        battle = play(battle, end("B18"), *turn("B19"), *turn("A1"))
        assert refusal(battle, delay("A2", 3)) == (
            "both sides have models in this round: roll off first"
        )

    def test_beasts_and_mongs_cannot_delay(self) -> None:
        """RB ch.4 Beast, Mong: they cannot delay an action."""
        battle = gangers_vs_mutards()
        beast = (
            "B18 Mongrelmorph cannot delay: its Beast rule forbids delaying, so it acts in "
            "its own round (activate it, or let it do nothing)"
        )
        assert refusal(battle, delay("B18", 3)) == beast
        assert battle.state.delay_refusal("B18") == beast  # asked before any round is
        battle = play_until(battle, lambda s: s.next_up().round == 1)
        assert refusal(battle, delay("B2", 0)).startswith(
            "B2 Addler 1/5 cannot delay: its Mong rule forbids delaying"
        )

    def test_a_model_that_may_delay_is_not_refused_before_its_round_is_known(self) -> None:
        battle = gangers_vs_mutards()
        battle = play_until(battle, lambda s: s.next_up().actors[:1] == ("A1",), first=0)
        assert battle.state.delay_refusal("A1") is None
        assert battle.state.delay_refusal("A2") == "A2 can only delay when it is its turn to act"


# --- actions ----------------------------------------------------------------------------------


def active(battle: Battle, actor: str) -> Battle:
    """Play until ``actor`` may act (its side winning any roll-off), then activate it."""
    side = battle.state.side_of(actor)
    battle = play_until(battle, lambda s: actor in s.next_up().actors, first=side, hold=(actor,))
    if battle.state.next_up().needs_roll_off:
        battle = battle.record(roll_off(side))
    return battle.record(activate(actor))


class TestActions:
    def test_actions_used_of_the_model_s_a(self) -> None:
        battle = active(gangers_vs_mutards(), "A1")
        state = battle.state
        assert (state.action_points("A1"), state.actions_left("A1")) == (3, 3)
        battle = play(battle, act("A1", "move"), act("A1", "move"), act("A1", "interact"))
        assert battle.state.counter("A1", "actions-used") == 3
        assert battle.state.actions_left("A1") == 0
        assert refusal(battle, act("A1", "move")) == "A1 has 0 actions left"
        # a Badass has A 2: a third action is refused
        battle = play(battle, end("A1"), roll_off(0), activate("A2"))
        battle = play(battle, act("A2", "move"), act("A2", "aim"))
        assert refusal(battle, act("A2", "move")) == "A2 has 0 actions left"

    def test_a_beast_neither_loots_nor_activates_things(self) -> None:
        """RB ch.4 Beast (and Mong): no looting, no activating things: no Interact."""
        battle = active(gangers_vs_mutards(), "B18")
        assert refusal(battle, act("B18", "interact")) == "B18 cannot Interact"
        assert battle.state.counter("B18", "actions-used") == 0

    def test_combat_and_disengage_only_while_engaged(self) -> None:
        """RB ch.2 Combat, Disengage: both are done in a combat; Assault engages."""
        battle = active(gangers_vs_mutards(), "A1")
        for action in ("combat", "disengage"):
            name = action.title()
            assert refusal(battle, act("A1", action)) == f"A1 cannot {name}: it needs Engaged"
        battle = play(battle, act("A1", "assault"), act("A1", "combat"), act("A1", "disengage"))
        assert battle.state.actions_left("A1") == 0

    def test_a_pack_acts_as_one_model(self) -> None:
        battle = active(gangers_vs_mutards(), "B7")
        assert battle.state.action_points("B8") == 1
        battle = battle.record(act("B8", "move"))
        assert battle.state.counter("B7", "actions-used") == 1
        assert refusal(battle, act("B9", "move")) == "B9 has 0 actions left"

    def test_actions_used_clear_at_the_end_of_the_turn(self) -> None:
        battle = active(gangers_vs_mutards(), "A1")
        battle = play(battle, act("A1", "move"), end("A1"))
        assert battle.state.counter("A1", "actions-used") == 1
        battle = finish_turn(battle)
        assert battle.state.counter("A1", "actions-used") == 0

    def test_an_action_needs_what_it_is_done_with(self) -> None:
        battle = active(gangers_vs_mutards(), "A1")
        assert refusal(battle, act("A1", "shoot-jury-rigged", "A1/automatic-rifle")) == (
            "A1 cannot Shoot a jury-rigged bullet"
        )
        assert refusal(battle, act("A1", "reload", "A1/automatic-rifle")) == (
            "Reload cannot be done with Automatic rifle"
        )

    def test_aiming_and_defensive_fire_need_something_to_shoot_with(self) -> None:
        # B14: a Mutard with Sharp senses, Mimetism and a mace (RB ch.2: both are for
        # Shooting Actions)
        battle = active(gangers_vs_mutards(), "B14")
        assert refusal(battle, act("B14", "aim")) == "B14 cannot Aim"
        assert refusal(battle, act("B14", "ready-defensive-fire")) == (
            "B14 cannot Ready defensive fire"
        )
        # a Badass with a rifle may do both
        battle = play(battle, end("B14"))
        battle = active(battle, "A2")
        battle = play(battle, act("A2", "aim"), act("A2", "ready-defensive-fire"))
        assert battle.state.counter("A2", "defensive-fire") == 1

    def test_unknown_actions_and_items(self) -> None:
        battle = active(gangers_vs_mutards(), "A1")
        assert refusal(battle, act("A1", "dance")) == "unknown action 'dance'"
        assert refusal(battle, act("A1", "shoot")) == "Shoot needs an item"
        assert refusal(battle, act("A1", "shoot", "A1/rifle")) == "A1 does not carry rifle"
        assert refusal(battle, act("A1", "shoot", "A1/bulletproof-vest")) == (
            "Shoot cannot be done with Bulletproof vest"
        )


class TestBullets:
    def test_each_shot_spends_a_bullet(self) -> None:
        battle = active(gangers_vs_mutards(), "A1")
        battle = play(battle, act("A1", "shoot", "A1/automatic-rifle"))
        assert battle.state.counter("A1", "bullets") == 2
        # an automatic burst needs three bullets
        assert refusal(battle, act("A1", "burst", "A1/automatic-rifle")) == (
            "not enough Bullets (2)"
        )
        battle = play(battle, act("A1", "shoot", "A1/automatic-rifle"))
        battle = play(battle, act("A1", "shoot", "A1/automatic-rifle"))
        assert battle.state.counter("A1", "bullets") == 0
        assert battle.state.actions_left("A1") == 0

    def test_a_burst_spends_three_bullets_in_one_action(self) -> None:
        battle = active(gangers_vs_mutards(), "A1")
        battle = battle.record(act("A1", "burst", "A1/automatic-rifle"))
        assert battle.state.counter("A1", "bullets") == 0
        assert battle.state.counter("A1", "actions-used") == 1

    def test_no_shot_without_a_bullet(self) -> None:
        battle = play(gangers_vs_mutards(), *turn("B18"), *turn("B19"), *turn("A1"), roll_off(0))
        battle = play(battle, activate("A4"), act("A4", "shoot", "A4/shotgun"))
        assert battle.state.counter("A4", "bullets") == 0
        assert refusal(battle, act("A4", "shoot", "A4/shotgun")) == "not enough Bullets (0)"

    def test_a_firearm_with_no_bullets_bought_cannot_shoot(self) -> None:
        # a Soldat with a pistol and no bullets
        battle = fight(band("v-reich/legal-500"), band("gangers/legal-500"))
        assert battle.state.model("A4").items[1].id == "pistol"
        battle = active(battle, "A4")
        assert refusal(battle, act("A4", "shoot", "A4/pistol")) == "not enough Bullets (0)"
        # his throwing knives need none
        battle = battle.record(act("A4", "shoot", "A4/throwing-knives"))
        assert battle.state.actions_left("A4") == 1

    def test_bows_and_thrown_weapons_spend_no_bullets(self) -> None:
        battle = play(gangers_vs_mutards(), *turn("B18"), *turn("B19"), *turn("A1"), roll_off(0))
        battle = play(battle, activate("A5"), act("A5", "shoot", "A5/bow"))
        battle = battle.record(act("A5", "shoot", "A5/bow"))
        assert battle.state.actions_left("A5") == 0

    def test_crazy_mel_spends_no_bullets(self) -> None:
        battle = fight(band("v-reich/legal-crazy-mel"), band("gangers/legal-500"))
        mel = battle.state.model("A9")
        assert mel.label == "Crazy Mel"
        assert not battle.state.has_counter("A9", "bullets")
        battle = active(battle, "A9")
        battle = play(battle, act("A9", "shoot", "A9/shotgun"), act("A9", "shoot", "A9/shotgun"))
        assert battle.state.actions_left("A9") == 0

    def test_bullets_can_be_counted_by_hand(self) -> None:
        battle = gangers_vs_mutards().record(counter("A2", "bullets", 1))
        assert battle.state.counter("A2", "bullets") == 1
        assert refusal(battle, counter("A2", "bullets", -1)) == "Bullets goes from 0"
        assert refusal(battle, counter("A5", "bullets", 1)) == "A5 has no Bullets"
        assert refusal(battle, counter("A5", "sleepy", 1)) == "unknown counter 'sleepy'"


class TestWeaponStates:
    def test_dead_slow_needs_one_action_to_reload(self) -> None:
        battle = play(gangers_vs_mutards(), *turn("B18"), *turn("B19"), *turn("A1"), roll_off(0))
        battle = play(battle, activate("A6"))
        # loaded at the start of the game
        assert battle.state.counter("A6/crossbow", "reload") == 0
        assert refusal(battle, act("A6", "reload", "A6/crossbow")) == (
            "not enough Reload needed (0)"
        )
        battle = battle.record(act("A6", "shoot", "A6/crossbow"))
        assert battle.state.counter("A6/crossbow", "reload") == 1
        assert refusal(battle, act("A6", "shoot", "A6/crossbow")) == "Crossbow: Reload needed"
        battle = battle.record(act("A6", "reload", "A6/crossbow"))
        assert battle.state.counter("A6/crossbow", "reload") == 0
        assert battle.state.actions_left("A6") == 0

    def test_really_dead_slow_needs_two_actions_over_two_turns(self) -> None:
        junkers = band("junkers/legal-500")
        battle = fight(junkers, band("gangers/legal-500"))
        piston = "A7"
        assert battle.state.stat(piston, "Ag") == 3  # the harpoon launcher is cumbersome
        battle = active(battle, piston)
        battle = play(battle, act(piston, "shoot", "A7/harpoon-launcher"))
        assert battle.state.counter("A7/harpoon-launcher", "reload") == 2
        battle = play(battle, act(piston, "reload", "A7/harpoon-launcher"), end(piston))
        assert battle.state.counter("A7/harpoon-launcher", "reload") == 1
        battle = active(finish_turn(battle), piston)
        reason = "Harpoon launcher: Reload needed"
        assert refusal(battle, act(piston, "shoot", "A7/harpoon-launcher")) == reason
        battle = play(battle, act(piston, "reload", "A7/harpoon-launcher"))
        battle = battle.record(act(piston, "shoot", "A7/harpoon-launcher"))
        assert battle.state.counter("A7/harpoon-launcher", "reload") == 2

    def test_kaboom_jams_a_weapon_for_the_rest_of_the_game(self) -> None:
        # a Gear with a pistol and two jury-rigged bullets (KABOOM!)
        battle = active(fight(band("junkers/legal-500"), band("gangers/legal-500")), "A5")
        battle = battle.record(act("A5", "shoot-jury-rigged", "A5/pistol"))
        assert battle.state.counter("A5", "jury-rigged") == 1
        # a 9 on the Precision roll: KABOOM!
        battle = play(battle, Roll(kind="roll", title="Precision", dice=(9,), outcome="KABOOM!"))
        battle = battle.record(counter("A5/pistol", "jammed"))
        assert refusal(battle, act("A5", "shoot-jury-rigged", "A5/pistol")) == "Pistol: Jammed"
        battle = active(finish_turn(play(battle, end("A5"))), "A5")
        assert refusal(battle, act("A5", "shoot-jury-rigged", "A5/pistol")) == "Pistol: Jammed"
        assert battle.state.counter("A5", "jury-rigged") == 1

    def test_organic_missile_can_jam(self) -> None:
        battle = gangers_vs_mutards().record(counter("B16/organic-missile", "jammed"))
        battle = active(battle, "B16")
        assert refusal(battle, act("B16", "shoot", "B16/organic-missile")) == (
            "Organic missile: Jammed"
        )

    def test_a_disposable_bomb_is_used_once(self) -> None:
        # Boom, a Dynamo with a pump gun, three incendiary bombs and two smoke bombs
        battle = active(fight(band("junkers/legal-500"), band("gangers/legal-500")), "A1")
        battle = battle.record(act("A1", "shoot", "A1/incendiary-bomb#1"))
        assert battle.state.counter("A1/incendiary-bomb#1", "used") == 1
        assert refusal(battle, act("A1", "shoot", "A1/incendiary-bomb#1")) == (
            "Incendiary bomb: Used"
        )
        battle = battle.record(act("A1", "shoot", "A1/incendiary-bomb#2"))
        assert battle.state.counter("A1/incendiary-bomb#3", "used") == 0
        assert refusal(battle, act("A1", "shoot", "A1/incendiary-bomb")) == (
            "A1 does not carry incendiary-bomb"
        )

    def test_an_ember_throws_each_bomb_once(self) -> None:
        battle = fight(band("black-blood-children/legal-500"), band("gangers/legal-500"))
        battle = active(battle, "A3")
        bombs = [f"A3/incendiary-bomb#{n}" for n in (1, 2, 3)]
        battle = play(battle, act("A3", "shoot", bombs[0]), act("A3", "shoot", bombs[2]))
        assert [battle.state.counter(b, "used") for b in bombs] == [1, 0, 1]
        battle = active(finish_turn(play(battle, end("A3"))), "A3")
        assert refusal(battle, act("A3", "shoot", bombs[0])) == "Incendiary bomb: Used"
        battle = battle.record(act("A3", "shoot", bombs[1]))
        assert [battle.state.counter(b, "used") for b in bombs] == [1, 1, 1]

    def test_pump_action_markers(self) -> None:
        battle = active(fight(band("junkers/legal-500"), band("gangers/legal-500")), "A1")
        gun = "A1/pump-gun"
        # one action pumping: three markers, here two to Strength and one to range
        battle = play(battle, act("A1", "pump", gun))
        battle = play(battle, counter(gun, "pump-strength", 2), counter(gun, "pump-range", 1))
        assert battle.state.actions_left("A1") == 1
        assert refusal(battle, counter(gun, "pump-strength", 6)) == (
            "Pump: Strength goes from 0 to 5"
        )
        battle = battle.record(counter(gun, "pump-strength", 5))
        # firing spends every marker (a pump gun needs no bullets)
        battle = battle.record(act("A1", "shoot", gun))
        assert [battle.state.counter(gun, c) for c in ("pump-strength", "pump-range")] == [0, 0]
        # fired with 3 or more markers it is KABOOM!: a 10 jams it
        battle = battle.record(counter(gun, "jammed"))
        battle = active(finish_turn(play(battle, end("A1"))), "A1")
        assert refusal(battle, act("A1", "shoot", gun)) == "Pump gun: Jammed"

    def test_three_pump_markers_on_one_attribute_remind_of_kaboom(self) -> None:
        battle = active(fight(band("junkers/legal-500"), band("gangers/legal-500")), "A1")
        gun = "A1/pump-gun"
        battle = play(battle, act("A1", "pump", gun), counter(gun, "pump-strength", 2))
        battle = play(battle, counter(gun, "pump-range", 1), end("A1"))
        # two and one: no attribute has three, so no warning next time
        battle = active(finish_turn(battle), "A1")
        assert battle.state.reminders("A1") == ()
        battle = play(battle, act("A1", "pump", gun), counter(gun, "pump-strength", 3))
        battle = active(finish_turn(play(battle, end("A1"))), "A1")
        (reminder,) = battle.state.reminders("A1")
        assert (reminder.counter.id, reminder.value) == ("pump-strength", 3)
        assert reminder.counter.reminder is not None and "KABOOM!" in reminder.counter.reminder


class TestModelStates:
    def test_aiming_lasts_until_the_end_of_the_action_turn(self) -> None:
        battle = active(gangers_vs_mutards(), "A1")
        battle = battle.record(act("A1", "aim"))
        assert battle.state.counter("A1", "aiming") == 1
        battle = battle.record(act("A1", "shoot", "A1/automatic-rifle"))
        assert battle.state.counter("A1", "aiming") == 1
        battle = battle.record(end("A1"))
        assert battle.state.counter("A1", "aiming") == 0

    def test_ready_defensive_fire_is_the_last_action(self) -> None:
        battle = active(gangers_vs_mutards(), "A1")
        battle = play(battle, act("A1", "aim"), act("A1", "ready-defensive-fire"))
        state = battle.state
        assert state.active is None
        assert "A1" in state.acted
        assert state.counter("A1", "defensive-fire") == 1
        assert state.counter("A1", "aiming") == 0  # no aiming in defensive fire
        assert state.counter("A1", "actions-used") == 2
        assert refusal(battle, act("A1", "move")) == "A1 is not active"
        # it lasts the rest of the game turn
        battle = play_until(battle, lambda s: s.next_up().round == 1)
        assert battle.state.counter("A1", "defensive-fire") == 1
        battle = finish_turn(battle)
        assert battle.state.counter("A1", "defensive-fire") == 0

    def test_crouched_lying_and_engaged_stay_until_cleared(self) -> None:
        battle = active(gangers_vs_mutards(), "B18")
        battle = play(battle, act("B18", "assault"), counter("A1", "crouched"))
        battle = battle.record(counter("A2", "lying"))
        assert battle.state.counter("B18", "engaged") == 1
        battle = finish_turn(play(battle, end("B18")))
        assert [battle.state.counter(*c) for c in [("B18", "engaged"), ("A1", "crouched")]] == [
            1,
            1,
        ]
        assert battle.state.counter("A2", "lying") == 1
        battle = battle.record(counter("B18", "engaged", 0))
        assert battle.state.counter("B18", "engaged") == 0

    def test_downed_models_are_out_of_play(self) -> None:
        battle = gangers_vs_mutards().record(wound("B19"))
        state = battle.state
        assert state.counter("B19", "downed") == 1
        assert state.is_out("B19")
        assert up_next(battle) == (7, 1, ("B18",))
        assert refusal(battle, activate("B19")) == "B19 is out of the fight"
        assert refusal(battle, wound("B19")) == "B19 is already out of the fight"
        # a pack stays in the fight while one of its models stands
        battle = play(battle, *[wound(f"B{n}") for n in (2, 3, 4, 5)])
        assert battle.state.actor_present("B2")
        battle = active(battle, "B2")
        assert refusal(battle, act("B3", "move")) == "B3 is out of the fight"
        battle = play(battle, act("B6", "move"), end("B2"), wound("B6"))
        assert not battle.state.actor_present("B2")

    def test_a_healed_model_is_back(self) -> None:
        battle = play(gangers_vs_mutards(), wound("B19"), wound("B19", -1))
        assert not battle.state.is_out("B19")
        assert battle.state.counter("B19", "downed") == 0

    def test_poison_reminds_at_the_next_action_turn_and_then_clears(self) -> None:
        # B11 (Ag 3) has acted; the poisoned claws of B17 get him in the same round
        battle = gangers_vs_mutards()
        battle = play(battle, *turn_of(battle, "B11"), activate("B17"))
        battle = play(battle, counter("B11", "poisoned", 2), end("B17"))
        spec = battle.state.tracker.counter("poisoned")
        assert spec.reminder is not None and "Toughness" in spec.reminder
        assert battle.state.counter("B11", "poisoned") == 2
        assert refusal(battle, counter("B11", "poisoned", 11)) == "Poisoned goes from 0 to 10"
        battle = active(finish_turn(battle), "B11")
        assert battle.state.counter("B11", "poisoned") == 2  # now the check: roll Toughness
        battle = battle.record(end("B11"))
        assert battle.state.counter("B11", "poisoned") == 0

    def test_poison_waits_for_the_next_game_turn(self) -> None:
        # B11 (Ag 3) is poisoned by Big Joe in round 6, before its own action turn (RB ch.4)
        battle = play(gangers_vs_mutards(), *turn("B18"), *turn("B19"), activate("A1"))
        battle = play(battle, counter("B11", "poisoned", 2), end("A1"))
        battle = play(battle, *turn_of(battle, "B11"))
        assert battle.state.counter("B11", "poisoned") == 2
        battle = active(finish_turn(battle), "B11")
        assert battle.state.counter("B11", "poisoned") == 2  # the check is now
        battle = battle.record(end("B11"))
        assert battle.state.counter("B11", "poisoned") == 0

    def test_numb_until_the_end_of_its_next_action_turn(self) -> None:
        # the Brute hits Zap (electric suit) in close combat and fails his Toughness roll
        battle = fight(band("gangers/legal-500"), band("junkers/legal-500"))
        battle = active(battle, "A3")
        battle = play(battle, act("A3", "assault"), counter("A3", "numb"))
        state = battle.state
        assert [state.stat("A3", s) for s in ("C", "P", "Ag")] == [5 - 3, 4 - 3, 4 - 3]
        battle = battle.record(end("A3"))
        assert battle.state.counter("A3", "numb") == 1  # this action turn was not its next
        battle = finish_turn(battle)
        # next turn he acts in Agility round 1
        battle = play_until(battle, lambda s: s.next_up().round == 1)
        assert up_next(battle) == (1, 0, ("A3",))
        battle = battle.record(activate("A3"))
        assert battle.state.stat("A3", "Ag") == 1
        battle = battle.record(end("A3"))
        assert battle.state.counter("A3", "numb") == 0
        assert battle.state.stat("A3", "Ag") == 4

    def test_numb_before_its_action_turn_clears_at_its_end(self) -> None:
        battle = gangers_vs_mutards().record(counter("A3", "numb"))
        battle = play(battle, *turn_of(battle, "A3"))
        assert battle.state.counter("A3", "numb") == 0

    def test_numb_again_lasts_until_the_end_of_the_next_action_turn(self) -> None:
        battle = gangers_vs_mutards().record(counter("A3", "numb"))
        battle = play(active(battle, "A3"), counter("A3", "numb"), end("A3"))
        assert battle.state.counter("A3", "numb") == 1

    def test_gas_takes_toughness_for_good(self) -> None:
        battle = play(gangers_vs_mutards(), counter("A1", "toughness-lost", 1))
        assert battle.state.stat("A1", "T") == 3
        battle = finish_turn(finish_turn(battle))
        assert battle.state.stat("A1", "T") == 3
        battle = battle.record(counter("A1", "toughness-lost", 2))
        assert battle.state.stat("A1", "T") == 2

    def test_the_grumpy_cat_reroll_is_the_side_s(self) -> None:
        battle = gangers_vs_mutards()
        assert battle.state.counter("A", "grumpy-cat-used") == 0
        battle = battle.record(counter("A", "grumpy-cat-used"))
        assert battle.state.counter("A", "grumpy-cat-used") == 1
        assert refusal(battle, counter("B", "grumpy-cat-used")) == "B has no Grumpy cat used"
        battle = finish_turn(battle)
        assert battle.state.counter("A", "grumpy-cat-used") == 1


def turn_of(battle: Battle, actor: str) -> tuple[Event, ...]:
    """The events that bring ``actor``'s action turn and play it."""
    before = len(battle.events)
    battle = active(battle, actor)
    return (*battle.events[before:], end(actor))


class TestBerserk:
    """RB ch.4 Berserk: a full set of actions the turn after being downed; downed for good
    at the end of that turn, when wounded again or when the game ends."""

    def subhumans(self, turn_limit: int | None = None) -> Battle:
        return fight(band("gangers/legal-500"), band("v-reich/legal-500"), turn_limit)

    def test_a_berserk_fights_on_for_one_more_turn(self) -> None:
        battle = self.subhumans().record(wound("B7"))
        state = battle.state
        assert state.counter("B7", "downed") == 1
        assert not state.is_out("B7")
        assert "B7" in state.ready()
        # it does not know it is down: it still acts this turn (Agility round 1)
        battle = play(active(battle, "B7"), act("B7", "move"), end("B7"))
        battle = finish_turn(battle)
        assert battle.state.turn == 2
        battle = active(battle, "B7")
        assert battle.state.actions_left("B7") == 2
        battle = play(battle, act("B7", "move"), act("B7", "assault"), end("B7"))
        battle = finish_turn(battle)
        assert battle.state.is_out("B7")
        assert not battle.state.actor_present("B7")
        assert "B7" not in battle.state.ready()
        assert refusal(battle, activate("B7")) == "B7 is out of the fight"

    def test_out_for_good_after_a_turn_in_which_it_did_nothing(self) -> None:
        battle = finish_turn(self.subhumans().record(wound("B7")))
        battle = play(active(battle, "B7"), end("B7"))  # no action: no counter set
        assert "B7" not in battle.state.ready()
        battle = finish_turn(battle)
        assert battle.state.turn == 3
        assert battle.state.is_out("B7")
        assert "B7" not in battle.state.ready()

    def test_wounded_again_it_is_downed_for_good(self) -> None:
        battle = play(self.subhumans(), wound("B7"), wound("B7"))
        assert battle.state.is_out("B7")
        assert refusal(battle, wound("B7")) == "B7 is already out of the fight"

    def test_the_game_ending_downs_it_for_good(self) -> None:
        battle = self.subhumans(turn_limit=1).record(wound("B8"))
        assert not battle.state.is_out("B8")
        battle = finish_turn(battle)
        state = battle.state
        assert state.ended
        assert state.is_out("B8")
        assert state.summary(1).out == 1
        assert state.summary(1).points_lost == 20

    def test_ending_the_game_early_downs_it_too(self) -> None:
        battle = self.subhumans().record(wound("B8"))
        assert "B8" in battle.state.ready()
        battle = battle.record(END_GAME)
        assert battle.state.is_out("B8")
        assert "B8" not in battle.state.ready()

    def test_a_model_without_berserk_goes_down_at_once(self) -> None:
        battle = self.subhumans().record(wound("B6"))
        assert battle.state.is_out("B6")

    def test_the_pit_beast_is_berserk_too(self) -> None:
        battle = gangers_vs_mutards().record(wound("B10"))
        assert not battle.state.is_out("B10")


class TestMarkers:
    def junkers(self) -> Battle:
        # Junkers (A) against Gangers (B): Boom the Dynamo (A1, Ag 3) has the smoke bombs
        return fight(band("junkers/legal-500"), band("gangers/legal-500"))

    def test_fire_stays_for_the_whole_game(self) -> None:
        battle = active(self.junkers(), "A1")
        battle = play(battle, act("A1", "shoot", "A1/incendiary-bomb#1"), marker("fire", "ford"))
        battle = finish_turn(finish_turn(play(battle, end("A1"))))
        assert [(m.marker, m.label) for m in battle.state.markers_down()] == [("fire", "ford")]

    def test_smoke_lifts_at_the_end_of_the_same_round_next_turn(self) -> None:
        """RB ch.4 Smoke: a smoke bomb thrown in Agility round 3 stays until the end of
        Agility round 3 of the next game turn."""
        battle = self.junkers()
        # Boom is the last to act in Agility round 3 and throws smoke
        battle = play_until(battle, lambda s: s.next_up().actors == ("A1",), hold=("A1",))
        assert battle.state.next_up().round == 3
        battle = play(battle, activate("A1"), act("A1", "shoot", "A1/smoke-bomb#1"))
        battle = battle.record(marker("smoke"))
        assert [m.round for m in battle.state.markers_down()] == [3]
        battle = finish_turn(play(battle, end("A1")))
        assert len(battle.state.markers_down()) == 1
        # next turn it is down through rounds 6 to 4, and through all of round 3
        battle = play_until(battle, lambda s: s.next_up().actors == ("A1",), hold=("A1",))
        assert len(battle.state.markers_down()) == 1
        battle = battle.record(activate("A1"))
        assert len(battle.state.markers_down()) == 1
        battle = battle.record(end("A1"))
        assert up_next(battle)[0] == 2
        assert battle.state.markers_down() == ()

    def test_smoke_lifts_next_turn_even_with_nobody_in_its_round(self) -> None:
        battle = play(self.junkers(), marker("smoke"))  # before round 6 of turn 1
        battle = finish_turn(battle)
        assert len(battle.state.markers_down()) == 1
        battle = play_until(battle, lambda s: s.next_up().round == 5)
        assert battle.state.markers_down() == ()

    def test_markers_are_removed_by_number(self) -> None:
        battle = play(self.junkers(), marker("fire", "one"), marker("fire", "two"))
        battle = battle.record(RemoveMarker(kind="remove-marker", number=1))
        assert [m.label for m in battle.state.markers_down()] == ["two"]
        assert refusal(battle, marker("glue")) == "unknown marker 'glue'"


class TestEndOfGame:
    def test_the_turn_limit_ends_the_game(self) -> None:
        battle = gangers_vs_mutards(turn_limit=2)
        assert battle.state.setup.turn_limit == 2
        battle = finish_turn(finish_turn(battle))
        assert battle.state.ended
        assert refusal(battle, activate("B18")) == "the game is over"
        assert refusal(battle, END_TURN) == "the game is over"
        battle = battle.record(Note(kind="note", text="good game"))
        assert battle.state.ended

    def test_the_usual_game_is_six_turns(self) -> None:
        assert gangers_vs_mutards().state.setup.turn_limit == 6

    def test_survivors_downed_and_points_lost_per_side(self) -> None:
        battle = gangers_vs_mutards()
        battle = play(battle, wound("A1"), wound("A7"), wound("B11"), wound("B3"), wound("B4"))
        battle = play(battle, wound("B10"), END_GAME)  # the Pit beast was fighting on
        a, b = battle.state.summary(0), battle.state.summary(1)
        assert (a.models, a.out, a.standing, a.points_lost) == (8, 2, 6, 135 + 26)
        assert (b.models, b.out, b.standing, b.points_lost) == (19, 4, 15, 34 + 6 + 6 + 84)
        assert battle.state.ended

    def test_victory_points(self) -> None:
        battle = play(gangers_vs_mutards(), Score(kind="score", side=1, points=3))
        assert battle.state.summary(1).victory_points == 3
        assert refusal(battle, Score(kind="score", side=2, points=1)) == (
            "the side is 0 (A) or 1 (B)"
        )


class TestUndoRedo:
    def test_undo_and_redo_walk_the_log(self) -> None:
        battle = active(gangers_vs_mutards(), "A1")
        shot = battle.record(act("A1", "shoot", "A1/automatic-rifle"))
        assert shot.state.counter("A1", "bullets") == 2
        undone = shot.undo()
        assert undone.state.counter("A1", "bullets") == 3
        assert undone.can_redo
        redone = undone.redo()
        assert redone.events == shot.events
        assert redone.state.counter("A1", "bullets") == 2
        # a new event forgets what was undone
        moved = undone.record(act("A1", "move"))
        assert not moved.can_redo
        assert moved.state.counter("A1", "bullets") == 3

    def test_a_refused_log_names_the_bad_event(self) -> None:
        battle = gangers_vs_mutards()
        with pytest.raises(Refused) as caught:
            BattleState.after(battle.setup, [*turn("B18"), activate("B18")])
        assert caught.value.reason == "event 3 (activate): B18 has already acted this turn"
