"""Who wins at the end of a game.

The count decides in the rulebooks' order: a side whose officers are all down has lost
(Steampocalypse 1909, 000 Officer); a side that reached its victory point target wins
(Steam Wars, 004 Victory Point Levels); then more victory points, then fewer points
lost (004: at the turn limit the most VP, or the most casualties in points, wins).

History: the end named no winner (issue 31).
"""

from __future__ import annotations

from model.battle.events import Score, Wound
from model.battle.text import end_of_game_text, result_text
from tests.model import test_steam_wars_tracker as steam_wars
from tests.model import test_steampocalypse_battle as steampocalypse
from tests.model.test_battle_rules import END_GAME, gangers_vs_mutards, play


def test_more_victory_points_win_then_fewer_points_lost() -> None:
    battle = gangers_vs_mutards()
    assert result_text(battle.state) == (
        "a draw by the count (victory points 0 each, 0 points lost each)"
    )
    battle = play(battle, Wound(kind="wound", model="A4", amount=1))  # a Ganger goes down
    outcome = battle.state.outcome()
    assert outcome.winner == 1
    assert result_text(battle.state) == "side B (Bob) wins on points lost (0 against 56)"
    battle = play(
        battle, Score(kind="score", side=0, points=3), Score(kind="score", side=1, points=1)
    )
    assert result_text(battle.state) == "side A (Ann) wins on victory points (3 to 1)"
    ended = play(battle, END_GAME)
    assert end_of_game_text(ended.state).splitlines()[0] == (
        "Side A (Ann) wins on victory points (3 to 1)."
    )


def test_a_side_whose_officers_are_all_down_has_lost() -> None:
    game = steampocalypse.play(steampocalypse.start(), Wound(kind="wound", model="B1", amount=3))
    assert game.state.outcome().winner == 0
    assert result_text(game.state).endswith("wins as side B's officers are all down")


def test_a_side_that_reaches_its_target_wins() -> None:
    game = steam_wars.play(steam_wars.battle(), Score(kind="score", side=0, points=14))
    assert game.state.outcome().winner == 0
    assert result_text(game.state) == "side A (Ana) wins by reaching its target of 14 VP"
    game = steam_wars.play(game, Score(kind="score", side=1, points=15))
    assert game.state.outcome().winner is None  # both reached it: a draw (004)
    assert result_text(game.state).startswith("a draw by the count (both reached their VP targets")
