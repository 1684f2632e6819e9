"""A 1000-point Steam Wars force built in the unit designer validates, and a full game turn
is tracked with it.

The force is ``tests/fixtures/rosters/steam-wars/designed-1000.toml``, which the
designer's Pilot test (tests/tui/test_designer.py) builds key by key and saves. Here
it meets a second designed list from the bundled catalog's example cards, and the
turn is played through the battle engine with the bundled catalog's tracker rules:
the roll for initiative, alternating unit activations until every unit of both sides
has acted (the side with fewer units left passing once), actions costing what the
rules say, a wound that destroys a unit, and the turn's end.

History: issue 6's "done when".
"""

from __future__ import annotations

from pathlib import Path

from catalogs.library import Library
from model.battle.battle import Battle, new_battle
from model.battle.events import (
    Act,
    Activate,
    EndActivation,
    EndTurn,
    Event,
    Pass,
    RollOff,
    Wound,
)
from model.roster.roster import Roster, RosterUnit
from model.roster.validate import validate
from saves.roster_file import read_roster
from tests.conftest import FIXTURES

FORCE = FIXTURES / "rosters" / "steam-wars" / "designed-1000.toml"


def designed_force() -> Roster:
    return read_roster(Path(FORCE))[0]


def examples() -> Roster:
    """A small list of the rulebook's sample profiles (example cards of the catalog)."""
    return Roster(
        system="steam-wars",
        faction="any",
        name="Samples",
        points_limit=1000,
        units=(
            RosterUnit(unit="infantry", models=6),
            RosterUnit(unit="light-tank"),
        ),
    )


def start() -> Battle:
    catalog = Library().load("steam-wars")
    view = catalog.view("any")
    ours, theirs = designed_force(), examples()
    return new_battle(
        catalog,
        [
            ("Ann", ours, view.with_cards(ours.cards)),
            ("Bob", theirs, view.with_cards(theirs.cards)),
        ],
        seed=7,
    )


def play(game: Battle, *events: Event) -> Battle:
    for event in events:
        game = game.record(event)
    return game


def test_the_designed_force_is_legal_and_near_1000_points() -> None:
    roster = designed_force()
    view = Library().load("steam-wars").view("any").with_cards(roster.cards)
    report = validate(view, roster)
    assert report.valid, [f.message for f in report.findings if f.severity == "error"]
    assert 950 <= report.points <= 1000
    assert roster.cards and all(e.unit in roster.cards for e in roster.units)


def test_a_full_turn_with_the_designed_force() -> None:
    game = start()
    state = game.state
    ours, theirs = state.actors(0), state.actors(1)
    assert len(ours) == len(designed_force().units)
    assert len(theirs) == 2
    # every model of a designed unit is on the table with its own profile and gear
    tank = next(m for m in state.setup.sides[0].models if m.unit == "medium-tank-2")
    assert {i.id for i in tank.items} == {"medium-ap", "hmg"}
    assert state.wounds_max(tank.id) == 4

    game = play(game, RollOff(kind="roll-off", first=1))  # Bob wins the initiative
    bob_infantry, bob_tank = theirs
    # Bob's infantry: two actions, a move and a rifle volley that kills a rifleman
    rifleman = next(m.id for m in state.setup.sides[0].models if "Rifleman" in m.label)
    game = play(
        game,
        Activate(kind="activate", actor=bob_infantry),
        Act(kind="act", model=bob_infantry, action="move"),
        Act(kind="act", model=bob_infantry, action="ranged-attack", item=f"{bob_infantry}/rifle"),
        Wound(kind="wound", model=rifleman),
        EndActivation(kind="end-activation", actor=bob_infantry),
    )
    assert game.state.is_out(rifleman)

    def take_turn(game: Battle, actor: str, action: str = "move") -> Battle:
        return play(
            game,
            Activate(kind="activate", actor=actor),
            Act(kind="act", model=actor, action=action),
            EndActivation(kind="end-activation", actor=actor),
        )

    game = take_turn(game, ours[0])
    # Bob has one unit left to Ann's five: he passes, so Ann activates two in a row
    game = play(game, Pass(kind="pass", side=1))
    order = []
    while not game.state.next_up().turn_over:
        up = game.state.next_up()
        assert up.side is not None
        actor = game.state.actors_left(up.side)[0]
        game = take_turn(game, actor, "advance" if actor == bob_tank else "move")
        order.append(up.side)
    assert order[:3] == [0, 0, 1]  # two for Ann after the pass, then Bob's tank
    assert sorted(order) == [0] * (len(ours) - 1) + [1]
    game = play(game, EndTurn(kind="end-turn"))
    assert game.state.turn == 2
    # the turn's counters are cleared; the dead rifleman stays out
    assert all(game.state.actions_left(a) == 2 for a in game.state.actors(0))
    assert game.state.is_out(rifleman)
