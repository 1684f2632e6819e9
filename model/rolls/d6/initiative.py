"""Steam Wars' initiative roll: each side's D6 plus modifiers, ties rolled again.

Apart because it decides who activates first and so gives the battle's ``RollOff`` event.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from model.battle.events import RollOff
from model.core.value import frozen_value
from model.rolls.d6.needs import D6
from model.rolls.dice import DiceSource, Modifier, Result, signed_terms

# ------------------------------------------------------------------------------------------
# Initiative
# ------------------------------------------------------------------------------------------


@frozen_value(slots=False)
class Roller:
    """A side rolling for initiative: its name and its modifiers (over the points limit)."""

    name: str
    modifiers: tuple[Modifier, ...] = ()


@dataclass(frozen=True, kw_only=True)
class InitiativeRoll(Result):
    """Each side's D6 plus modifiers; ties roll again until one side is highest."""

    rounds: tuple[tuple[int, ...], ...]
    """Each round's dice, one per side."""
    totals: tuple[int, ...]
    """The last round's totals."""
    winner: int

    def roll_off(self) -> RollOff:
        """The ``RollOff`` event that lets the winner activate first this turn."""
        return RollOff(
            kind="roll-off", first=self.winner, winner=self.winner, rolls=self.rounds[-1]
        )


def initiative_roll(
    dice: DiceSource, sides: Sequence[Roller], *, title: str = "Initiative", max_rounds: int = 50
) -> InitiativeRoll:
    """004 Initiative, Who Goes First: each side rolls a D6 (a side whose list is over its
    points limit at -1); the highest total goes first; ties roll again."""
    if len(sides) < 2:
        raise ValueError("initiative needs at least two sides")
    rounds: list[tuple[int, ...]] = []
    texts: list[str] = []
    for _ in range(max_rounds):
        rolled = tuple(dice.roll(D6) for _ in sides)
        totals = tuple(
            d + sum(m.value for m in s.modifiers) for d, s in zip(rolled, sides, strict=True)
        )
        rounds.append(rolled)
        texts.append(
            ", ".join(
                f"{s.name} {d}{signed_terms(s.modifiers)}" + (f" = {t}" if s.modifiers else "")
                for s, d, t in zip(sides, rolled, totals, strict=True)
            )
        )
        best = max(totals)
        if totals.count(best) == 1:
            winner = totals.index(best)
            break
        texts[-1] += ": a tie, roll again"
    else:
        raise ValueError(f"{max_rounds} tied rounds: roll by hand")
    return InitiativeRoll(
        title=title,
        dice=tuple(d for r in rounds for d in r),
        detail="; ".join(texts),
        outcome=f"{sides[winner].name} wins the initiative and activates first",
        rounds=tuple(rounds),
        totals=totals,
        winner=winner,
    )
