"""The colonial VSF sheet: a two-sided battle set up from two lists (in code and with
``warband battle new``) and a full turn played through the sheet's turn sequence with the
bundled catalog's tracker.

The turn: order chips placed face down, revealed, moves and a charge (a vehicle's
SUSTAIN roll, an automaton going haywire, a Stationary unit firing in the enemy's move),
random events, simultaneous shooting (an armour save failed and a penetrating hit
applied), melee, morale tests (a failure sending a figure off and a vehicle's commander
confused), then the end of the turn clearing what lasts a turn and keeping the rest.

History: issue 7's "done when" for this sheet.
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
    Roll,
    SetCounter,
    Wound,
)
from model.battle.refused import Refused
from saves.battle_read import read_battle
from saves.roster_file import read_roster
from tests.conftest import FIXTURES
from tui.cli import main

ROSTERS = FIXTURES / "rosters" / "vsf-colonial"
BRITISH = ROSTERS / "british-column.toml"
NATIVES = ROSTERS / "native-host.toml"

# A: colonel A1, professor A2, line infantry A3-A10, Gatling crew A11-A13, marines A14-A16,
#    ironclad A17. B: war chief B1, engineer B2, warriors B3-B12, riflemen B13-B18,
#    automaton B19, crawler B20.
MOVING, STATIONARY = 1, 2
ORDERS = {
    "A1": STATIONARY,
    "A2": STATIONARY,
    "A3": MOVING,
    "A11": STATIONARY,
    "A14": MOVING,
    "A17": MOVING,
    "B1": MOVING,
    "B2": STATIONARY,
    "B3": MOVING,
    "B13": STATIONARY,
    "B19": MOVING,
    "B20": MOVING,
}


def start() -> Battle:
    catalog = Library().load("vsf-colonial")
    players = []
    for path in (BRITISH, NATIVES):
        roster, _ = read_roster(path)
        players.append((roster.name, roster, catalog.view(roster.faction)))
    return new_battle(catalog, players, seed=5)


def play(game: Battle, *events: Event) -> Battle:
    for event in events:
        game = game.record(event)
    return game


def counter(target: str, counter_id: str, value: int) -> SetCounter:
    return SetCounter(kind="counter", target=target, counter=counter_id, value=value)


def act(model: str, action: str) -> Act:
    return Act(kind="act", model=model, action=action)


def activate(actor: str) -> Activate:
    return Activate(kind="activate", actor=actor)


def end(actor: str) -> EndActivation:
    return EndActivation(kind="end-activation", actor=actor)


def outcome(model: str, test_id: str, passed: bool) -> Roll:
    return Roll(kind="roll", title=test_id, target=model, test=test_id, passed=passed)


def table(model: str, table_id: str, row: int, *values: int) -> Roll:
    return Roll(kind="roll", title=table_id, target=model, table=table_id, row=row, values=values)


NEXT = NextPhase(kind="next-phase")


def test_the_two_lists_on_the_table() -> None:
    state = start().state
    assert state.actors(0) == ("A1", "A2", "A3", "A11", "A14", "A17")
    assert state.actors(1) == ("B1", "B2", "B3", "B13", "B19", "B20")
    assert len(state.members("A3")) == 8  # a unit of 8 figures is 8 models
    # formation for troops, order chips for everyone, the irregular tag from the rule
    assert {a for a in state.actors() if state.has_counter(a, "formation")} == {
        "A3", "A11", "A14", "B3", "B13",
    }  # fmt: skip
    assert all(state.has_counter(a, "order") for a in state.actors())
    assert {a for a in state.actors() if "irregular" in state.model(a).tags} == {"B3", "B13"}
    assert state.has_counter("A17", "crew-lost") and not state.has_counter("B19", "crew-lost")
    assert state.has_counter("B19", "haywire-jammed")
    assert not state.has_counter("A17", "haywire-jammed")
    assert [p.name for p in state.tracker.turns.phases][state.phase] == "Place order chips"


def test_battle_new_on_the_command_line(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    out, err = io.StringIO(), io.StringIO()
    argv = ["battle", "new", str(BRITISH), str(NATIVES), "--seed", "5", "-o", "g.toml"]
    code = main(argv, out=out, err=err)
    assert (code, err.getvalue()) == (0, ""), out.getvalue()
    assert out.getvalue().splitlines()[:2] == [
        "wrote g.toml: Relief Column (Colonial British) against Host of the Hills "
        "(Native alliance)",
        "Colonial VSF, 6 turns; dice seed 5",
    ]
    battle = read_battle(tmp_path / "g.toml")
    assert battle.setup == start().setup
    played = full_turn(battle)
    assert played.state.turn == 2


def full_turn(game: Battle) -> Battle:
    """Turn 1 through every phase, with the assertions along the way."""
    # --- place order chips: set face down, nothing activates ----------------------------------
    assert game.state.phase == 0
    game = play(game, *(counter(a, "order", v) for a, v in ORDERS.items()))
    game = play(game, counter("B3", "formation", 2))  # the warriors go to skirmish order
    with pytest.raises(Refused, match="nothing activates"):
        game.record(activate("A3"))
    # --- reveal all orders --------------------------------------------------------------------
    game = play(game, NEXT)
    assert game.state.counter("A11", "order") == STATIONARY
    # --- moves and charges --------------------------------------------------------------------
    game = play(game, NEXT)
    assert set(game.state.next_up().actors) == set(game.state.actors())
    game = play(
        game,
        activate("A17"),
        outcome("A17", "sustain", True),  # the ironclad keeps going
        act("A17", "move"),
        end("A17"),
        activate("B19"),
        outcome("B19", "automaton-sustain", False),  # fails: the Haywire table
        table("B19", "haywire", 6),  # random move, roll again next turn
        act("B19", "move"),
        end("B19"),
        activate("B3"),
        outcome("B3", "morale", True),  # morale to charge
        act("B3", "charge"),
        # the Stationary Gatling fires during the enemy's move: two warriors fall
        act("A11", "stationary-fire"),
        Wound(kind="wound", model="B4"),
        Wound(kind="wound", model="B5"),
        end("B3"),
        activate("A3"),
        act("A3", "move"),
        end("A3"),
    )
    state = game.state
    assert state.counter("B19", "haywire-again") == 1
    assert state.counter("A11", "fired") == 1
    assert state.counter("B3", "morale-tested") == 1
    assert state.is_out("B4") and state.is_out("B5")
    with pytest.raises(Refused, match="Fired this turn"):
        game.record(act("A11", "stationary-fire"))  # once a turn
    with pytest.raises(Refused, match="already acted"):
        game.record(activate("A3"))
    # --- random events ------------------------------------------------------------------------
    game = play(game, NEXT)
    with pytest.raises(Refused, match="nothing activates in the Random events phase"):
        game.record(activate("B13"))
    # --- shooting (simultaneous) --------------------------------------------------------------
    game = play(game, NEXT)
    assert "A3" in game.state.ready()  # a new phase: everyone may act again
    game = play(
        game,
        activate("A3"),
        act("A3", "shoot"),
        outcome("A3", "shooting", True),
        Wound(kind="wound", model="B6"),
        end("A3"),
        activate("B13"),
        act("B13", "shoot"),
        outcome("B13", "shooting", True),
        # the hit on the ironclad: armour save failed, a penetrating hit: optics damaged
        outcome("A17", "armour-save-shooting", False),
        table("A17", "vehicle-shooting-penetrating", 4),
        end("B13"),
    )
    with pytest.raises(Refused, match="Fired this turn"):
        play(game, activate("A11"), act("A11", "shoot"))
    state = game.state
    assert state.counter("A17", "penetrating-hit") == 1
    assert state.stat("A17", "SHOOT") == 3
    # --- melee (simultaneous) -----------------------------------------------------------------
    game = play(game, NEXT)
    game = play(
        game,
        activate("B3"),
        act("B3", "melee"),
        outcome("B3", "melee", True),
        Wound(kind="wound", model="A4"),
        end("B3"),
        activate("A3"),
        act("A3", "melee"),
        outcome("A3", "melee", True),
        Wound(kind="wound", model="B7"),
        end("A3"),
    )
    # --- morale tests -------------------------------------------------------------------------
    game = play(game, NEXT)
    state = game.state
    assert state.value("unit:standing", state.model("B3")) == 6  # 10 warriors, 4 down
    assert state.value("unit:standing", state.model("A3")) == 7
    with pytest.raises(Refused, match="nothing activates"):
        game.record(activate("A3"))
    game = play(
        game,
        outcome("B3", "morale", False),
        table("B3", "morale-failure-non-vehicles", 8),  # runs, 1 figure flees
        counter("B12", "fled", 1),
        outcome("A3", "morale", True),
        outcome("A17", "vehicle-morale", False),
        table("A17", "morale-failure-vehicles", 2),  # commander confused
    )
    state = game.state
    assert state.counter("B3", "to-flee") == 1
    assert state.is_out("B12")
    assert state.value("unit:standing", state.model("B3")) == 5
    assert state.counter("A17", "no-action-next-turn") == 1
    assert {a for a in state.actors() if state.counter(a, "morale-tested")} == {"B3", "A3", "A17"}
    # --- end of turn --------------------------------------------------------------------------
    return play(game, EndTurn(kind="end-turn"))


def test_a_full_turn() -> None:
    game = full_turn(start())
    state = game.state
    assert (state.turn, state.phase) == (2, 0)
    # what lasts a turn is gone: order chips, fire used, morale tested, the penetrating hit
    for cleared in ("order", "fired", "morale-tested", "penetrating-hit", "to-flee"):
        assert not any(state.counter(a, cleared) for a in state.actors()), cleared
    # what lasts longer stays: formation, damage, casualties, the vehicle's confusion,
    # the automaton's haywire
    assert state.counter("B3", "formation") == 2
    assert state.stat("A17", "SHOOT") == 3
    assert all(state.is_out(m) for m in ("B4", "B5", "B6", "B7", "B12", "A4"))
    assert state.counter("A17", "no-action-next-turn") == 1
    assert state.counter("B19", "haywire-again") == 1
    # turn 2: the confused ironclad sits out; the automaton is reminded to roll again
    game = play(game, NEXT, NEXT)
    assert "A17" not in game.state.ready()
    with pytest.raises(Refused, match="No action next turn"):
        game.record(activate("A17"))
    game = play(game, activate("B19"))
    assert [r.counter.id for r in game.state.reminders("B19")] == ["haywire-again"]
    game = play(game, table("B19", "haywire", 1), end("B19"))  # it resets: back to normal
    assert game.state.counter("B19", "haywire-again") == 0
    assert game.state.standing_down("B19") is not None  # and sits out its next turn
    game = play(game, NEXT, NEXT, NEXT, NEXT, EndTurn(kind="end-turn"))
    assert game.state.counter("A17", "no-action-next-turn") == 0  # the ironclad acts again
    assert "A17" not in {a for a in game.state.actors() if game.state.standing_down(a)}


def test_no_power_counts_down_and_a_start_roll_repairs_it() -> None:
    game = play(start(), table("A17", "vehicle-shooting-penetrating", 7, 2))
    assert game.state.counter("A17", "no-power") == 2
    to_end = [NEXT] * 6
    game = play(game, *to_end, EndTurn(kind="end-turn"))
    assert game.state.counter("A17", "no-power") == 1
    game = play(game, *to_end, EndTurn(kind="end-turn"))
    assert game.state.counter("A17", "no-power") == 0
    # repairable: a passed START ends it early; the lasting kind is waited out
    game = play(
        start(),
        table("A17", "vehicle-shooting-penetrating", 7, 6),
        table("A17", "vehicle-shooting-catastrophic", 9, 4),
        outcome("A17", "start", True),
    )
    assert game.state.counter("A17", "no-power") == 0
    assert game.state.counter("A17", "no-power-for-good") == 4


def test_a_vehicle_with_a_stat_at_zero_is_disabled() -> None:
    """The sheet: any stat reduced to zero disables a vehicle (here its CREW, all four
    killed), and a disabled vehicle no longer activates."""
    game = start()
    for _ in range(4):
        game = game.record(table("A17", "vehicle-shooting-penetrating", 9))
    state = game.state
    assert state.stat("A17", "CREW") == 0
    assert state.zeroed("A17") == ("CREW",)
    assert state.is_out("A17")
    game = play(game, NEXT, NEXT)
    assert "A17" not in game.state.ready()
    with pytest.raises(Refused, match="out of the fight"):
        game.record(activate("A17"))


def test_a_scientist_repairs_a_jammed_automaton() -> None:
    game = play(start(), table("B19", "haywire", 3))
    assert game.state.standing_down("B19") is not None  # jammed: it does nothing
    game = play(game, outcome("B19", "scientist-repair", False))
    assert game.state.counter("B19", "haywire-jammed") == 1
    game = play(game, outcome("B19", "scientist-repair", True))
    assert game.state.standing_down("B19") is None
