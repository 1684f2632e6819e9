"""A roll-off rolled for the players: a die each, the highest wins, ties roll again.

Every game here settles who goes first this way (Punkapocalyptic's agility rounds with
a d10 each, RB ch.2 Acting Order; the initiative of Steam Wars and Reikhammer with a D6
each, plus a side's strategy rating or less a list over its limit). The winner then
chooses who acts first: the tracker asks; this only rolls.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from model.core.value import frozen_value

if TYPE_CHECKING:
    from model.rolls.dice import DiceSource

MAX_ROUNDS = 50
"""Ties rolled again at most this often (a tie 50 times running is a broken die)."""


@frozen_value(slots=False)
class RollOff:
    """The dice of every round, what they said, and the side that won."""

    dice: tuple[int, ...]
    detail: str
    winner: int


def roll_off(dice: DiceSource, die: int, sides: Sequence[tuple[str, int]]) -> RollOff:
    """Each side (its name and what it adds to its roll) rolls a ``die``-sided die; the
    highest total wins; a tie rolls again. ValueError after ``MAX_ROUNDS`` ties."""
    if len(sides) < 2:
        raise ValueError("a roll-off needs two sides")
    rolled: list[int] = []
    rounds: list[str] = []
    for _ in range(MAX_ROUNDS):
        these = [dice.roll(die) for _ in sides]
        rolled += these
        totals = [d + bonus for d, (_, bonus) in zip(these, sides, strict=True)]
        rounds.append(
            ", ".join(
                f"{name} {d}" + (f"{bonus:+d} = {t}" if bonus else "")
                for d, t, (name, bonus) in zip(these, totals, sides, strict=True)
            )
        )
        best = max(totals)
        if totals.count(best) == 1:
            return RollOff(tuple(rolled), "; ".join(rounds), totals.index(best))
        rounds[-1] += ": a tie, roll again"
    raise ValueError(f"{MAX_ROUNDS} tied rolls: roll off by hand")
