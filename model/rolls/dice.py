"""What every game's rolls share: seeded dice, modifiers by name, and the result shape.

Every die of a battle comes from the battle's seed and where it falls in the battle: die
``k`` of roll number ``n`` is the same on every run, and after a save and a resume,
because it is computed from ``(seed, n, k)`` alone and never from a generator that
earlier rolls have moved along. The roll number is simply how many rolls the log holds
(``roll_number``), so nothing else needs storing.

Each family of game rolls (``model.rolls.punk``, ``model.rolls.d6``, ``model.rolls.sheets``)
takes its dice from a ``DiceSource`` (these seeded ``Dice``, or a player's ``FixedDice``),
names every change to a roll as a ``Modifier`` and returns a frozen ``Result`` whose
``event()`` is the ``Roll`` for the battle's log: this module holds those, apart from any
one game's rules.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal, Protocol

from model.battle.events import Event, Roll, RollOff
from model.core.value import frozen_value

if TYPE_CHECKING:
    from model.catalog.tracker_rolls import ModifierSpec

# ------------------------------------------------------------------------------------------
# Dice
# ------------------------------------------------------------------------------------------


def die_value(seed: int, roll: int, position: int, sides: int = 10) -> int:
    """Die ``position`` (from 0) of roll number ``roll`` of a battle seeded ``seed``.

    The die is drawn from a generator seeded with the text ``warband:seed:roll:position``
    (text seeds are hashed with SHA-512, so the value is the same on every machine and in
    every process), which makes each die independent of every other roll.
    """
    if sides < 1:
        raise ValueError(f"a die has at least one side, not {sides}")
    return random.Random(f"warband:{seed}:{roll}:{position}").randint(1, sides)


class DiceSource(Protocol):
    """Where a helper gets its dice: seeded dice, or dice a player rolled by hand."""

    def roll(self, sides: int = 10) -> int:
        """One die with ``sides`` sides."""
        ...


class Dice:
    """The dice of one roll of a battle: ``Dice(setup.seed, roll_number(events))``.

    Die ``k`` this object gives is ``die_value(seed, start, k)``. ``used`` tells how many
    were rolled; the next roll needs another ``start`` (``start + 1``, which is what
    counting the log's rolls gives once this roll is logged, or ``start + used``: both
    are safe, as dice from different starts never coincide).
    """

    def __init__(self, seed: int, start: int = 0) -> None:
        self.seed = seed
        self.start = start
        self._rolled: list[int] = []

    def roll(self, sides: int = 10) -> int:
        value = die_value(self.seed, self.start, len(self._rolled), sides)
        self._rolled.append(value)
        return value

    def d10(self) -> int:
        return self.roll(10)

    def d6(self) -> int:
        return self.roll(6)

    @property
    def rolled(self) -> tuple[int, ...]:
        """Every die rolled so far, in order."""
        return tuple(self._rolled)

    @property
    def used(self) -> int:
        """How many dice were rolled."""
        return len(self._rolled)


class FixedDice:
    """Dice whose results are given: dice a player rolled at the table, or a test's."""

    def __init__(self, *values: int) -> None:
        self._values = values
        self._next = 0

    def roll(self, sides: int = 10) -> int:
        if self._next >= len(self._values):
            raise ValueError(f"{len(self._values)} dice were given and more are needed")
        value = self._values[self._next]
        if not 1 <= value <= sides:
            raise ValueError(f"{value} is not a result of a d{sides}")
        self._next += 1
        return value

    @property
    def used(self) -> int:
        return self._next


def roll_number(events: Iterable[Event]) -> int:
    """The number of the next roll of a battle: how many rolls (and roll-offs) its log has."""
    return sum(1 for e in events if isinstance(e, Roll | RollOff))


def next_dice(seed: int, events: Iterable[Event]) -> Dice:
    """Dice for a battle's next roll."""
    return Dice(seed, roll_number(events))


# ------------------------------------------------------------------------------------------
# Modifiers and results
# ------------------------------------------------------------------------------------------


@frozen_value(slots=False)
class Modifier:
    """A named change to a roll: ``Modifier("Short range", 1)``."""

    name: str
    value: int

    @classmethod
    def of(cls, spec: ModifierSpec) -> Modifier:
        return cls(spec.name, spec.value)


def modifiers_for(
    specs: Iterable[ModifierSpec], roll: Literal["shooting", "combat", "attribute", "wound"]
) -> tuple[ModifierSpec, ...]:
    """The catalog's modifiers offered for a kind of roll (those for ``any`` included)."""
    return tuple(s for s in specs if s.roll in (roll, "any"))


def signed_terms(modifiers: Iterable[Modifier]) -> str:
    """`` + Short range 1 - Hard to use 1``: each modifier with its sign."""
    return "".join(
        f" + {m.name} {m.value}" if m.value >= 0 else f" - {m.name} {-m.value}" for m in modifiers
    )


def formula_text(name: str, value: int, modifiers: Sequence[Modifier]) -> str:
    """``Precision 5 + Short range 1 - Hard to use 1 = 5`` (no ``= ...`` without modifiers)."""
    if not modifiers:
        return f"{name} {value}"
    return f"{name} {value}{signed_terms(modifiers)} = {value + sum(m.value for m in modifiers)}"


@dataclass(frozen=True, kw_only=True)
class Result:
    """What every roll result has: what it is for the log, its dice, its numbers, its outcome."""

    title: str
    dice: tuple[int, ...]
    detail: str
    outcome: str

    def event(self) -> Roll:
        """The ``Roll`` event that records this roll in the battle's log."""
        return Roll(
            kind="roll", title=self.title, dice=self.dice, detail=self.detail, outcome=self.outcome
        )
