"""The turn structure of a catalog's [tracker]: stat rounds, alternating activations
or named phases, and the initiative roll-off that starts a turn.

Apart from the counters and rolls: only the battle's turn order reads it.
"""

from __future__ import annotations

from typing import Literal

from pydantic import model_validator

from model.core.base import Bool, Frozen, Id, StatId, Text
from model.core.bounds import Dice, RollValue, TurnLimit


class Phase(Frozen):
    """One phase of a turn."""

    id: Id
    name: Text
    activations: Bool = False
    """Whether units activate in this phase."""
    order: Literal["free", "alternating"] = "free"
    """With activations: in any order, or sides alternating from the side that won the
    turn's roll-off (a side may retain the initiative and act again)."""
    reminder: Text | None = None
    """What the players do in this phase, shown while it lasts."""
    summary: str | None = None


class InitiativeSpec(Frozen):
    """The roll for who goes first each turn, shown as a reminder as the turn starts."""

    dice: Dice = "1d6"
    over_limit: RollValue = 0
    """The change to the roll of a side whose list is over its points limit (Steam Wars
    allows going over by less than the cheapest model, at -1 to every initiative roll)."""
    reminder: Text = "roll for initiative: the highest roll goes first"
    setting: Id | None = None
    """A roster setting each side adds to its roll (Reikhammer: ``strategy-rating``)."""
    ties: Literal["reroll", "previous-loser"] = "reroll"
    """What a tie does: roll again, or go to the side that lost the last roll-off (rolled
    again when there was none)."""
    phase: Id | None = None
    """With phases: the phase (its id) the roll belongs to, the only one whose dice helper
    offers it (Reikhammer rolls in its Strategy Phase, not in its Action or End Phase).
    None: offered in every phase, as in a game whose turn has no phases."""
    source: str | None = None


class TurnSpec(Frozen):
    """How a turn is organised."""

    kind: Literal["stat-rounds", "alternating", "phases"]
    stat: StatId | None = None
    """For stat-rounds: the stat whose value orders the rounds (``Ag``)."""
    delay: Bool = False
    """For stat-rounds: an actor may delay once per turn to a later (lower) round."""
    can_pass: Bool = False
    """For alternating: a side may pass instead of activating."""
    phases: tuple[Phase, ...] = ()
    """For phases: the phases in order."""
    turn_limit: TurnLimit = 6
    """The usual number of turns (a battle can set its own)."""
    initiative: InitiativeSpec | None = None
    """For alternating: the roll for the first activation of each turn."""
    source: str | None = None

    @model_validator(mode="after")
    def _complete(self) -> TurnSpec:
        if self.kind == "stat-rounds" and self.stat is None:
            raise ValueError("stat-rounds needs the stat that orders the rounds")
        if self.kind == "phases" and not self.phases:
            raise ValueError("phases needs at least one phase")
        rolled_in = self.initiative.phase if self.initiative is not None else None
        if rolled_in is not None and rolled_in not in {p.id for p in self.phases}:
            known = ", ".join(p.id for p in self.phases) or "none"
            raise ValueError(
                f"the initiative is rolled in phase {rolled_in!r}, which is not one of "
                f"this turn's phases ({known})"
            )
        return self
