"""One undo for one key: "pass them and end the turn" records the idle turns
of the models that had not acted and the end of the turn (``EndTurn.passed`` counts the
idle events); undo takes them all back, and redo puts them all back.

History: issue 31.
"""

from __future__ import annotations

from model.battle.events import EndTurn
from model.battle.idle_turns import idle_turns
from tests.model.test_battle_rules import activate, end, gangers_vs_mutards, play, play_until


def test_the_rest_passing_and_the_end_of_turn_are_one_step() -> None:
    # past the last roll-off of the turn, with a few models still to act
    battle = play_until(
        gangers_vs_mutards(),
        lambda s: idle_turns(s).stopped is None and len(idle_turns(s).events) > 2,
    )
    idle = idle_turns(battle.state)
    before = battle
    for event in idle.events:
        battle = battle.record(event)
    battle = battle.record(EndTurn(kind="end-turn", passed=len(idle.events)))
    assert battle.state.turn == 2
    assert battle.undo_count() == len(idle.events) + 1
    undone = battle.undo_step()
    assert undone.events == before.events
    assert undone.state.turn == 1 and undone.state.next_up().actors
    assert undone.redo_count() == len(idle.events) + 1
    redone = undone.redo_step()
    assert redone.events == battle.events and redone.state.turn == 2
    # the events before are undone one at a time, as they were recorded
    assert undone.undo_count() == 1
    assert undone.undo_step().events == before.events[:-1]


def test_an_end_of_turn_on_its_own_is_one_event() -> None:
    battle = play(gangers_vs_mutards(), activate("B18"), end("B18"))
    assert battle.undo_count() == 1
    undone = battle.undo_step().undo_step()
    assert undone.redo_count() == 1
    assert undone.redo_step().events == battle.events[:1]
    assert gangers_vs_mutards().undo_count() == 0
    assert gangers_vs_mutards().redo_step().events == ()
