"""The roll-off rolled for the players, with dice given by hand. History: issue 16."""

from __future__ import annotations

import pytest

from model.rolls.dice import FixedDice
from model.rolls.roll_off import MAX_ROUNDS, roll_off


def test_the_highest_die_wins() -> None:
    result = roll_off(FixedDice(3, 8), 10, [("A", 0), ("B", 0)])
    assert result.winner == 1
    assert result.dice == (3, 8)
    assert result.detail == "A 3, B 8"


def test_a_tie_rolls_again() -> None:
    result = roll_off(FixedDice(5, 5, 6, 2), 6, [("A", 0), ("B", 0)])
    assert result.winner == 0
    assert result.dice == (5, 5, 6, 2)
    assert result.detail == "A 5, B 5: a tie, roll again; A 6, B 2"


def test_what_a_side_adds_counts() -> None:
    # Reikhammer: side A's strategy rating 2 turns a 3 against a 4 into 5 against 4
    result = roll_off(FixedDice(3, 4), 6, [("A", 2), ("B", 0)])
    assert result.winner == 0
    assert result.detail == "A 3+2 = 5, B 4"


def test_endless_ties_are_refused() -> None:
    with pytest.raises(ValueError, match="tied"):
        roll_off(FixedDice(*([4] * (2 * MAX_ROUNDS))), 6, [("A", 0), ("B", 0)])


def test_a_die_beyond_its_sides_is_refused() -> None:
    with pytest.raises(ValueError):
        roll_off(FixedDice(7, 1), 6, [("A", 0), ("B", 0)])
