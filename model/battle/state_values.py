"""The small values a battle state holds and answers with: a marker on the table,
who acts next, a counter's reminder, how a side stands, a list over its limit.

Apart from the state so that the screens and the log's text can name them without
the fold, and so that each part of the state can return them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from model.core.value import frozen_value

if TYPE_CHECKING:
    from model.battle.forces import ModelSnap
    from model.catalog.tracker_counters import CounterSpec

OrderKey = int | tuple[int, int] | None
"""What a roll-off decides the order of: an agility round; the actors delayed into a
round with one value of the stat (round, stat); or the turn (None)."""


@frozen_value(slots=False)
class Marker:
    """A marker on the table."""

    number: int
    """Its number, for removing it."""
    marker: str
    label: str
    turn: int
    round: int | None
    """The round (stat-rounds) or phase it was placed in."""


@frozen_value(slots=False)
class NextUp:
    """Who acts next."""

    round: int | None
    """The current round's stat value (stat-rounds), or None."""
    needs_roll_off: bool
    """Both sides have actors here and the order has not been rolled for yet."""
    side: int | None
    """The side whose actor acts next (None before a roll-off, or when the turn is over)."""
    actors: tuple[str, ...]
    """The actors that may go next, in the order the rules suggest."""
    turn_over: bool
    key: OrderKey = None
    """What the roll-off for this group of actors is recorded under."""


@frozen_value(slots=False)
class Reminder:
    """A counter that asks for something when its bearer's action turn starts."""

    model: ModelSnap
    counter: CounterSpec
    value: int


@frozen_value(slots=False)
class SideSummary:
    """How a side stands (at the end of the game, or at any time)."""

    side: int
    models: int
    out: int
    points_lost: int
    victory_points: int
    """Everything it scored: by hand (``Score``) and for the enemy units destroyed."""
    scored: int = 0
    """The part scored by hand."""
    destroyed_vp: int = 0
    """The part the catalog gives for enemy units destroyed (by their tags)."""
    units_destroyed: int = 0
    """Enemy units destroyed that score."""
    vp_target: int | None = None
    """The VP that win the game for a list of this size, when the catalog sets one."""

    @property
    def standing(self) -> int:
        return self.models - self.out


@frozen_value(slots=False)
class Outcome:
    """Who won, and on what, as the count stands (at the end of the game)."""

    winner: int | None
    """The winning side, or None for a draw."""
    how: str
    """What decided it, in words that follow "wins" (``on victory points (3 to 1)``) or
    "a draw by the count" (``victory points 0 each, 0 points lost each``)."""


@frozen_value(slots=False)
class OverLimit:
    """A side whose list is over its points limit (allowed by some games, at a cost)."""

    side: int
    points: int
    limit: int
