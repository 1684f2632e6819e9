"""Battle-fold checks that mutation testing (issue 19) found missing.

``mutmut run "model.battle_state*"`` left alive a count-down that reaches 0 kept as a
counter at 0 (the model's line then still showed "No power 0"), and the Shock a model
takes on going out being added again when it is marked out twice or brought back.
"""

from __future__ import annotations

from model.battle_text import model_line
from model.events import SetCounter, Wound
from tests.model.test_sheet_engine import applied, battle, end_turn_events, play, to_action


def test_a_count_down_at_0_is_gone_from_the_model() -> None:
    """No power 2 on the walker; two ends of turn count it down to 1, then off."""
    game = play(battle(), applied("A2", "crack", 6, 2))
    assert "No power 2" in model_line(game.state, "A2")
    once = play(to_action(game), *end_turn_events(game))
    assert once.state.counter("A2", "no-power") == 1
    assert "No power 1" in model_line(once.state, "A2")
    twice = play(to_action(once), *end_turn_events(once))
    assert twice.state.counter("A2", "no-power") == 0
    assert "No power" not in model_line(twice.state, "A2")
    assert "no-power" not in twice.state.counters.get("A2", {})


def destroyed(target: str, value: int) -> SetCounter:
    return SetCounter(kind="counter", target=target, counter="destroyed", value=value)


def test_going_out_adds_one_shock_once() -> None:
    """The fixture's damage puts 1 Shock on a model that goes out (on_out): once when the
    walker is destroyed, not again when it is marked destroyed a second time, and not
    when it is brought back."""
    game = play(battle(), destroyed("A2", 1))
    assert game.state.counters == {"A2": {"destroyed": 1, "shock": 1}}
    again = play(game, destroyed("A2", 1))
    assert again.state.counters == {"A2": {"destroyed": 1, "shock": 1}}
    back = play(game, destroyed("A2", 0))
    assert back.state.counters == {"A2": {"shock": 1}}


def test_a_wound_of_0_on_a_model_that_is_out_changes_nothing() -> None:
    """The officer (1 wound) takes 1 and is out, with 1 Shock; a wound of 0 (a file may
    hold one) is not refused, brings nothing back and adds no second Shock."""
    out = play(battle(), Wound(kind="wound", model="A1", amount=1))
    assert out.state.is_out("A1")
    assert out.state.counters == {"A1": {"destroyed": 1, "shock": 1}}
    after = play(out, Wound(kind="wound", model="A1", amount=0))
    assert after.state.is_out("A1")
    assert after.state.wounds == {"A1": 1}
    assert after.state.counters == {"A1": {"destroyed": 1, "shock": 1}}
