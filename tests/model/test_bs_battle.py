"""A battle over two BattleScribe lists: the models as the lists hold them, each with its
damage characteristic read from its profile, damage to out of action and back by undo, the
players' counters, rounds with activation marks, victory points and notes.

Figures by hand from Gaslands.gst (``tests/bs_teams.py``): Car Hull Points 10, Buggy 6,
Truck 12; the Machine Gun's Attack 2D6.

History: issue 34.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from catalogs.library import Library
from model.battle.battle import Battle
from model.battle.bs_forces import characteristic_names, damage_value, new_bs_battle
from model.battle.events import Activate, EndActivation, EndTurn, Note, Score, SetCounter, Wound
from model.battle.game_choices import CounterChoice, GameChoices, propose_damage, stat_key
from model.battle.refused import Refused
from model.battle.text import event_text, model_line
from saves.bs_roster_file import read_bs_roster
from tests.bs_teams import GASLANDS, gaslands_battle, gaslands_teams

CHOICES = GASLANDS


@pytest.fixture(scope="module")
def battle(tmp_path_factory: pytest.TempPathFactory) -> Battle:
    return gaslands_battle(tmp_path_factory.mktemp("gaslands"))


def test_the_damage_characteristic_is_proposed_from_its_name(tmp_path: Path) -> None:
    folder, _, _ = gaslands_teams(tmp_path)
    names = characteristic_names(Library(folder).load_battlescribe("gaslands"))
    assert names[:6] == ("Weight", "Hull Points", "Handling", "Max Gear", "Crew", "Build Slots")
    assert propose_damage(names) == "Hull Points"
    assert propose_damage(["M", "T", "Sv", "W", "Ld", "OC"]) == "W"
    assert propose_damage(["Toughness", "Health"]) == "Health"
    assert propose_damage(["Range", "Attack"]) == ""


def test_each_model_is_read_with_its_profile_as_the_list_holds_it(battle: Battle) -> None:
    a, b = battle.setup.sides
    assert (a.player, a.list_name, a.faction, b.list_name) == (
        "Ann",
        "Ann's Team",
        "Gaslands",
        "Bob's Team",
    )
    rows = [
        (m.id, m.label, m.force, damage_value(m, battle.setup.choices))
        for m in (*a.models, *b.models)
    ]
    # the Sponsor is no model: only the vehicles are on the table
    assert rows == [
        ("A1", "Car", "Gaslands", 10),
        ("A2", "Buggy", "Gaslands", 6),
        ("B1", "Truck", "Gaslands", 12),
    ]
    car = a.models[0]
    assert [(p.name, p.type, p.owner) for p in car.profiles] == [
        ("Car", "Vehicle", ""),
        ("Machine Gun", "Weapon", "Machine Gun"),
    ]
    assert car.profiles[1].characteristics["Attack"] == "2D6"
    assert car.stats == {
        "Hull_Points": 10, "Handling": 3, "Max_Gear": 5, "Crew": 2, "Build_Slots": 2,
    }  # fmt: skip
    assert [battle.state.wounds_max(m) for m in ("A1", "A2", "B1")] == [10, 6, 12]


def test_damage_puts_a_model_out_of_action_and_undo_brings_it_back(battle: Battle) -> None:
    hit = battle.record(Wound(kind="wound", model="A2", amount=4))
    assert (hit.state.wounds["A2"], hit.state.is_out("A2")) == (4, False)
    wreck = hit.record(Wound(kind="wound", model="A2", amount=2))
    assert (wreck.state.wounds["A2"], wreck.state.is_out("A2")) == (6, True)
    with pytest.raises(Refused, match="already out of the fight"):
        wreck.record(Wound(kind="wound", model="A2", amount=1))
    back = wreck.undo()
    assert (back.state.wounds["A2"], back.state.is_out("A2")) == (4, False)
    assert back.redo().state.is_out("A2")


def test_a_model_without_the_characteristic_gets_a_plain_count(tmp_path: Path) -> None:
    folder, ann, bob = gaslands_teams(tmp_path)
    system = Library(folder).load_battlescribe("gaslands")
    players = [("Ann", read_bs_roster(ann)[0]), ("Bob", read_bs_roster(bob)[0])]
    plain = new_bs_battle(system, "gaslands", players, GameChoices(damage="Stamina"))
    model = plain.setup.sides[0].models[0]
    assert damage_value(model, plain.setup.choices) is None
    assert stat_key("Stamina") not in model.stats
    assert plain.state.wounds_max("A1") == 1
    assert plain.record(Wound(kind="wound", model="A1")).state.is_out("A1")


def test_counters_rounds_marks_vp_and_notes(battle: Battle) -> None:
    b = battle
    for event in (
        SetCounter(kind="counter", target="A1", counter="hazard", value=3),
        Activate(kind="activate", actor="A1"),
        EndActivation(kind="end-activation", actor="A1"),
        Activate(kind="activate", actor="B1"),
        EndActivation(kind="end-activation", actor="B1"),
        Score(kind="score", side=1, points=2),
        Note(kind="note", text="the Truck rams the Car"),
    ):
        b = b.record(event)
    state = b.state
    assert state.counter("A1", "hazard") == 3
    assert state.counter_max("A1", "hazard") == 6
    assert state.acted == {"A1", "B1"}
    with pytest.raises(Refused, match="already acted"):
        b.record(Activate(kind="activate", actor="A1"))
    after = b.record(EndTurn(kind="end-turn")).state
    assert (after.turn, after.acted, after.vp) == (2, set(), [0, 2])
    assert after.counter("A1", "hazard") == 3  # kept: it does not clear by itself


def test_a_counter_chosen_to_clear_clears_at_the_end_of_the_round(tmp_path: Path) -> None:
    folder, ann, bob = gaslands_teams(tmp_path)
    system = Library(folder).load_battlescribe("gaslands")
    players = [("Ann", read_bs_roster(ann)[0]), ("Bob", read_bs_roster(bob)[0])]
    shaken = CounterChoice(
        id="shaken", name="Shaken", short="Sh", kind="flag", clears="end-of-turn"
    )
    game = new_bs_battle(system, "gaslands", players, GameChoices(counters=(shaken,)))
    set_ = game.record(SetCounter(kind="counter", target="B1", counter="shaken", value=1))
    assert set_.state.counter("B1", "shaken") == 1
    assert set_.record(EndTurn(kind="end-turn")).state.counter("B1", "shaken") == 0


def test_lists_of_two_games_are_refused(tmp_path: Path) -> None:
    folder, ann, bob = gaslands_teams(tmp_path)
    system = Library(folder).load_battlescribe("gaslands")
    players = [("Ann", read_bs_roster(ann)[0]), ("Bob", read_bs_roster(bob)[0])]
    with pytest.raises(ValueError, match="both lists must be of the same game"):
        new_bs_battle(system, "zone-raiders", players, CHOICES)


def test_a_counter_may_not_take_the_trackers_own_id() -> None:
    with pytest.raises(ValueError, match="a second counter with the id 'out'"):
        GameChoices(counters=(CounterChoice(id="out", name="Out", short="O"),))


def test_the_log_and_a_models_line_name_the_damage_characteristic(battle: Battle) -> None:
    state = battle.state
    assert event_text(Wound(kind="wound", model="A2", amount=6), state) == (
        "A2 Buggy takes 6 damage (Hull Points 6/6): Out of action"
    )
    assert event_text(Wound(kind="wound", model="B1", amount=2), state) == (
        "B1 Truck takes 2 damage (Hull Points 2/12)"
    )
    hit = battle.record(Wound(kind="wound", model="B1", amount=2)).state
    assert event_text(Wound(kind="wound", model="B1", amount=-1), hit) == (
        "B1 Truck repairs 1 (Hull Points 1/12)"
    )
    assert model_line(hit, "B1") == (
        "B1 Truck · Truck (Vehicle): Weight Middleweight, Hull Points 12, Handling 2, "
        "Max Gear 4, Crew 3, Build Slots 3 · Hull Points 2/12"
    )
    assert model_line(hit, "A1").startswith(
        "A1 Car · Car (Vehicle): Weight Middleweight, Hull Points 10, Handling 3, Max Gear 5, "
        "Crew 2, Build Slots 2 · Machine Gun (Weapon): Range Double, Attack 2D6, Ammo - · "
    )
