"""Ending a turn with "the rest pass": each waiting model takes its turn doing nothing, in
turn order, and the walk stops where the players must roll off.

The bands are the legal 500-point fixture lists (see tests/model/test_battle_rules.py for
their model ids): Mutards B18, B19 (Mongrelmorphs, Agility 7) act first, then the Gangers'
Chief A1 (Agility 6); at Agility 5 the Gangers' Badass A2 meets B14 (a Mutard with Sharp
senses), so the players roll off for who goes first in that round.

History: issue 16, point 10.
"""

from __future__ import annotations

from model.battle.events import Activate, EndActivation, EndTurn, Event, RollOff
from model.battle.idle_turns import idle_turns
from model.battle.refused import Refused
from model.battle.state import BattleState
from tests.model.test_battle_rules import gangers_vs_mutards


def pairs(*actors: str) -> tuple[Activate | EndActivation, ...]:
    return tuple(
        event
        for actor in actors
        for event in (
            Activate(kind="activate", actor=actor),
            EndActivation(kind="end-activation", actor=actor),
        )
    )


def test_the_waiting_models_pass_in_turn_order_up_to_a_roll_off() -> None:
    state = gangers_vs_mutards().state
    idle = idle_turns(state)
    assert idle.events == pairs("B18", "B19", "A1")
    assert idle.stopped == "both sides have models here: roll off first (o)"


def test_after_the_roll_offs_the_turn_can_end() -> None:
    battle = gangers_vs_mutards()
    roll_offs = 0
    while True:
        idle = idle_turns(battle.state)
        for event in idle.events:
            battle = battle.record(event)
        if idle.stopped is None:
            break
        battle = battle.record(RollOff(kind="roll-off", first=0))
        roll_offs += 1
        assert roll_offs < 10
    assert roll_offs >= 1
    assert battle.state.ready() == ()
    battle = battle.record(EndTurn(kind="end-turn"))
    assert battle.state.turn == 2


def test_at_a_roll_off_nothing_passes_until_the_players_roll() -> None:
    battle = gangers_vs_mutards()
    for event in pairs("B18", "B19", "A1"):
        battle = battle.record(event)
    idle = idle_turns(battle.state)
    assert idle.events == ()
    assert idle.stopped is not None and "roll off" in idle.stopped
    # side A wins the roll-off: its Badass A2 goes first in the Agility 5 round
    idle = idle_turns(battle.record(RollOff(kind="roll-off", first=0)).state)
    assert idle.events[:4] == pairs("A2", "B14")


def test_an_active_model_stops_the_walk() -> None:
    battle = gangers_vs_mutards().record(Activate(kind="activate", actor="B18"))
    idle = idle_turns(battle.state)
    assert idle.events == ()
    assert idle.stopped == "B18 is still active"


class _Stubborn(BattleState):
    """A state whose rules refuse to end Big Joe's (A1's) activation: the walk must stop
    there, keep the idle turns before it and give the rules' reason."""

    def then(self, event: Event) -> BattleState:
        if isinstance(event, EndActivation) and event.actor == "A1":
            raise Refused("A1 must shoot first")
        return super().then(event)


def test_a_refused_step_stops_the_walk_with_the_rules_reason() -> None:
    state = gangers_vs_mutards().state
    state.__class__ = _Stubborn
    idle = idle_turns(state)
    assert idle.events == pairs("B18", "B19")
    assert idle.stopped == "A1 must shoot first"
