"""Battle-fold checks: a count-down that reaches 0 leaves no counter at 0 (the model's
line would still show "No power 0"); the Shock a model takes on going out is not added
again when it is marked out twice or brought back; and, in Punkapocalyptic, a pack
member's Numb is timed from the pack's activation, not the member's own, and Berserk
(RB ch.4) holds when a model fighting on is marked out again, hit again, hit for 0 or
brought back.

History: ``mutmut run "model.battle.state*"`` (issue 19) left these alive.
"""

from __future__ import annotations

from model.battle.battle import Battle
from model.battle.events import SetCounter, Wound
from model.battle.text import model_line
from tests.model.test_battle_rules import (
    active,
    band,
    counter,
    end,
    fight,
    finish_turn,
    gangers_vs_mutards,
    wound,
)
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


# --- Punkapocalyptic: a pack's counters, and Berserk (RB ch.4) ------------------------------
# The bands are the fixture lists of tests/model/test_battle_rules.py: Gangers A1-A8 against
# Mutards, whose addler pack B2-B6 acts as one (its actor is B2) and whose Pit beast B10 is
# Berserk; or against the V-Reich, whose Subhumans (B7, B8) are Berserk.


def test_numb_on_a_pack_member_lasts_until_the_end_of_the_pack_s_next_turn() -> None:
    """Electrified during the pack's own action turn, the third addler stays Numb when
    that turn ends (it was not its next) and loses it at the end of the next one: the
    activation it is timed from is the pack's (B2's), not one of its own."""
    game = play(active(gangers_vs_mutards(), "B2"), counter("B4", "numb"), end("B2"))
    assert game.state.counter("B4", "numb") == 1
    game = play(active(finish_turn(game), "B2"), end("B2"))
    assert game.state.counter("B4", "numb") == 0


def subhumans(turn_limit: int | None = None) -> Battle:
    return fight(band("gangers/legal-500"), band("v-reich/legal-500"), turn_limit)


def test_a_berserk_marked_downed_again_the_same_turn_is_down_for_good() -> None:
    game = subhumans().record(wound("B7"))
    assert not game.state.is_out("B7")  # fights on
    again = game.record(counter("B7", "downed", 1))
    assert again.state.is_out("B7")
    assert again.state.counter("B7", "downed") == 1


def test_a_berserk_marked_downed_again_while_fighting_on_is_down_for_good() -> None:
    """In the turn it fights on (the turn after it went down), marking it downed again
    puts it down for good at once, not at the end of the turn."""
    game = finish_turn(subhumans().record(wound("B7")))
    assert game.state.turn == 2
    assert not game.state.is_out("B7")
    assert game.record(counter("B7", "downed", 1)).state.is_out("B7")


def test_wounded_again_while_fighting_on_is_downed_once() -> None:
    game = play(subhumans(), wound("B7"), wound("B7"))
    assert game.state.is_out("B7")
    assert game.state.counters["B7"] == {"downed": 1}


def test_a_wound_of_0_on_a_berserk_fighting_on_changes_nothing() -> None:
    game = play(subhumans(), wound("B7"), wound("B7", 0))
    assert not game.state.is_out("B7")
    assert game.state.counter("B7", "downed") == 1


def test_a_berserk_brought_back_fights_on_again_when_next_downed() -> None:
    """Its downed counter taken off (a mistake put right), the Subhuman is no longer
    fighting on; wounded again later, it goes down as for the first time: it fights on
    for one more turn instead of going down for good."""
    game = play(subhumans(), wound("B7"), counter("B7", "downed", 0))
    assert game.state.counter("B7", "downed") == 0
    assert not game.state.is_out("B7")
    game = game.record(wound("B7"))
    assert game.state.counter("B7", "downed") == 1
    assert not game.state.is_out("B7")
