"""Reikhammer's strategy roll: D6 + each army's strategy rating, ties to the previous loser.

Apart because it decides who goes first and so gives the battle's ``RollOff`` event.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from model.battle.events import RollOff
from model.battle.forces import SIDE_LETTERS
from model.battle.refused import Refused
from model.rolls.dice import DiceSource, Result

if TYPE_CHECKING:
    from model.battle.state import BattleState

# --- Reikhammer strategy ---------------------------------------------------------------------


@dataclass(frozen=True, kw_only=True)
class StrategyRoll(Result):
    """Each army's D6 + strategy rating; the higher chooses who goes first."""

    totals: tuple[int, ...]
    winner: int
    first: int

    def roll_off(self) -> RollOff:
        """The ``RollOff`` event: the winner's choice of who acts first this round."""
        return RollOff(kind="roll-off", first=self.first, winner=self.winner, rolls=self.dice[-2:])


def strategy_roll(
    state: BattleState, dice: DiceSource, *, go_second: bool = False, max_rounds: int = 50
) -> StrategyRoll:
    """003 Strategy Phase: D6 + the army's strategy rating (the roster setting the
    catalog's ``turns.initiative.setting`` names; 0 when a list has none); the higher
    total decides to go first or second; a tie goes to the loser of the last roll-off
    where the catalog says so, and is rolled again when there was none (the first
    round)."""
    sides = state.setup.sides
    spec = state.tracker.turns.initiative
    setting = spec.setting if spec is not None else None
    ratings = [side.setting(setting) if setting else 0 for side in sides]
    texts, all_dice = [], []
    for _ in range(max_rounds):
        rolled = [dice.roll(6) for _ in sides]
        all_dice.extend(rolled)
        totals = tuple(d + r for d, r in zip(rolled, ratings, strict=True))
        texts.append(
            ", ".join(
                f"{SIDE_LETTERS[n]} {d} + strategy {r} = {t}"
                for n, (d, r, t) in enumerate(zip(rolled, ratings, totals, strict=True))
            )
        )
        if totals[0] != totals[1]:
            winner, why = (0 if totals[0] > totals[1] else 1), ""
            break
        if state.last_winner is not None and spec is not None and spec.ties == "previous-loser":
            winner, why = 1 - state.last_winner, ": a tie goes to the previous loser"
            break
        texts[-1] += ": a tie, roll again"
    else:
        raise Refused(f"{max_rounds} tied rounds: roll by hand")
    first = 1 - winner if go_second else winner
    choice = "goes second" if go_second else "goes first"
    return StrategyRoll(
        title="Strategy roll",
        dice=tuple(all_dice),
        detail="; ".join(texts) + why,
        outcome=f"side {SIDE_LETTERS[winner]} ({sides[winner].player}) wins and {choice}",
        totals=totals,
        winner=winner,
        first=first,
    )
