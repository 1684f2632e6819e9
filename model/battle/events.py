"""Everything that happens at the table, as events: the battle's log.

The state of a battle is never stored, only these events; the state is what
they add up to (``model.battle.state``). That makes undo and redo exact, a saved
battle resumable from any point, and the log a record a person can read.

Targets are written as a person reads them: a model ``A3``; an item it carries
``A3/pistol`` (``A3/pistol#2`` for its second pistol); a side ``A``.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from model.core.base import Frozen, Id, Text
from model.core.bounds import (
    MAX_EVENTS,
    CounterValue,
    Int,
    MarkerNumber,
    RollValue,
    Side,
    StatNumber,
    VictoryPoints,
)

Target = Annotated[str, Field(pattern=r"^[A-D](\d+(/[a-z0-9-]+(#\d+)?)?)?$", max_length=80)]
"""A side (``A``), a model (``A3``) or one of its items (``A3/pistol``, ``A3/pistol#2``)."""

ModelId = Annotated[str, Field(pattern=r"^[A-D]\d+$", max_length=8)]


class Activate(Frozen):
    """An actor (a model, a pack or a unit) starts its activation."""

    kind: Literal["activate"]
    actor: ModelId


class EndActivation(Frozen):
    """The active actor has finished."""

    kind: Literal["end-activation"]
    actor: ModelId


class Delay(Frozen):
    """The actor whose turn it is will act later, in round ``to`` (stat-rounds)."""

    kind: Literal["delay"]
    actor: ModelId
    to: StatNumber


class RollOff(Frozen):
    """Who goes first: for this round (stat-rounds) or this turn (alternating)."""

    kind: Literal["roll-off"]
    first: Side
    """The side (0 for A, 1 for B) that acts first, as the winner chose."""
    winner: Side | None = None
    rolls: tuple[RollValue, ...] = ()


class Pass(Frozen):
    """A side passes instead of activating (where the rules allow it)."""

    kind: Literal["pass"]
    side: Side


class Act(Frozen):
    """A model does one of the tracker's actions, maybe with one of its items."""

    kind: Literal["act"]
    model: ModelId
    action: Id
    item: Target | None = None


class SetCounter(Frozen):
    """A counter is set to a value (a flag: 1 on, 0 off)."""

    kind: Literal["counter"]
    target: Target
    counter: Id
    value: CounterValue


class Wound(Frozen):
    """A model takes wounds (a negative amount heals)."""

    kind: Literal["wound"]
    model: ModelId
    amount: CounterValue = 1


class PlaceMarker(Frozen):
    """A marker is put on the table."""

    kind: Literal["marker"]
    marker: Id
    label: str = ""


class RemoveMarker(Frozen):
    """A marker is taken off the table (by its number in the list of markers)."""

    kind: Literal["remove-marker"]
    number: MarkerNumber


class Score(Frozen):
    """A side scores (or loses) victory points."""

    kind: Literal["score"]
    side: Side
    points: VictoryPoints


class Roll(Frozen):
    """A roll made with the dice helper: what, the dice, the numbers used, the outcome.

    A roll on one of the catalog's tables or tests may also be applied to a model: then
    ``target`` names it, ``table`` and ``row`` (the number read on the table) or ``test``
    and ``passed`` say which result, and ``values`` holds the dice its effects rolled
    (1d6 off SUSTAIN). The tracker applies it as it reads the log, so undo takes the roll
    and its effects back together."""

    kind: Literal["roll"]
    title: Text
    dice: tuple[RollValue, ...] = ()
    detail: str = ""
    outcome: str = ""
    target: ModelId | None = None
    table: Id | None = None
    row: Int | None = None
    test: Id | None = None
    passed: bool | None = None
    values: tuple[Int, ...] = ()
    wounds: CounterValue | None = None
    """Wounds (hit points) the target loses by this roll (a Steampocalypse attack's HITs
    left after the defence)."""


class Retain(Frozen):
    """The side that has just acted keeps the initiative and acts again (Reikhammer)."""

    kind: Literal["retain"]
    side: Side


class Note(Frozen):
    """A note in the log."""

    kind: Literal["note"]
    text: Text


class NextPhase(Frozen):
    """The turn moves on to its next phase (phases)."""

    kind: Literal["next-phase"]


class EndTurn(Frozen):
    """The turn is over; the last turn's end ends the game."""

    kind: Literal["end-turn"]
    passed: Annotated[int, Field(ge=1, le=MAX_EVENTS)] | None = None
    """How many events just before it are the idle turns of the models that had not
    acted, recorded with it by one key ("the rest pass"): undo and redo take them with
    it, as one step (issue 31). None for an end of turn on its own. Since format 2."""


class EndGame(Frozen):
    """The game ends now (an objective taken, a side routed)."""

    kind: Literal["end-game"]


Event = Annotated[
    Activate
    | EndActivation
    | Delay
    | RollOff
    | Pass
    | Act
    | SetCounter
    | Wound
    | PlaceMarker
    | RemoveMarker
    | Score
    | Roll
    | Retain
    | Note
    | NextPhase
    | EndTurn
    | EndGame,
    Field(discriminator="kind"),
]
"""Anything that happens at the table."""
