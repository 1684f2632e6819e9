"""The log says what an action used up: an automatic burst spends three bullets, and its
line says so. History: issue 16; the line read as one shot."""

from __future__ import annotations

from model.battle.text import event_text
from tests.model.test_battle_rules import act, active, gangers_vs_mutards


def test_a_burst_says_the_three_bullets_it_spent() -> None:
    battle = active(gangers_vs_mutards(), "A1")
    assert battle.state.counter("A1", "bullets") == 3
    line = event_text(act("A1", "burst", "A1/automatic-rifle"), battle.state)
    assert line.endswith("Automatic burst with Automatic rifle (Bullets 3 -> 0)"), line


def test_an_action_that_spends_nothing_says_nothing_more() -> None:
    battle = active(gangers_vs_mutards(), "A1")
    line = event_text(act("A1", "move"), battle.state)
    assert line.endswith(": Move"), line
