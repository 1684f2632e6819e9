"""The fields of a battle state: everything its events have changed so far.

Apart so that each part of the state (reading it, whose turn, counters, activations ...)
is written against the same fields, in a module of its own, and the state
(``model.battle.state``) is those parts together.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from model.battle.forces import ModelSnap
from model.battle.setup import BattleSetup
from model.battle.state_values import Marker, OrderKey


@dataclass
class BattleFields:
    """What a battle state holds: the turn, who is active and who has acted, the order
    rolled for, every counter, wound and marker, the victory points. The parts of the
    state (``model.battle.state``) read and change these; only the fold changes them,
    on a private copy."""

    setup: BattleSetup
    turn: int = 1
    phase: int = 0
    active: str | None = None
    acted: set[str] = field(default_factory=set)
    delayed: dict[str, int] = field(default_factory=dict)
    delays_used: set[str] = field(default_factory=set)
    firsts: dict[OrderKey, int] = field(default_factory=dict)
    """Who acts first, per round value (stat-rounds) or for the turn (key None)."""
    last_side: int | None = None
    owed: int = 0
    """After a pass: activations in a row still owed to the side passed to."""
    active_round: int | None = None
    """The round (stat-rounds) the active actor was activated in."""
    moves: dict[OrderKey, int] = field(default_factory=dict)
    """Activations and passes so far in each round (stat-rounds) or the turn (key None)."""
    counters: dict[str, dict[str, int]] = field(default_factory=dict)
    set_at: dict[tuple[str, str], int] = field(default_factory=dict)
    """The bearer's activation count when each counter was last set."""
    set_turn: dict[tuple[str, str], int] = field(default_factory=dict)
    """The turn each counter was last set in."""
    activations: dict[str, int] = field(default_factory=dict)
    wounds: dict[str, int] = field(default_factory=dict)
    fight_on: dict[str, int] = field(default_factory=dict)
    """Models that keep acting after going out, until the end of this turn number."""
    markers: list[Marker] = field(default_factory=list)
    marker_count: int = 0
    vp: list[int] = field(default_factory=lambda: [0, 0])
    retaining: int | None = None
    """The side that retained the initiative, until its next activation starts."""
    retained: str | None = None
    """The actor activated after its side retained the initiative (its action test is
    harder), until its activation ends."""
    last_winner: int | None = None
    """The side that won the last roll-off (Reikhammer: ties go to the previous loser)."""
    ended: bool = False
    events: int = 0

    def __post_init__(self) -> None:
        # Not a field: derived from the fields above, so not part of a state's value.
        self._standing: dict[str, tuple[ModelSnap | None, int]] = {}
        """Each actor's first model still in the fight (None when it is all out or kept
        from acting) and that model's turn-order stat, kept between the replay's
        activations: whose turn it is was worked out anew for every actor at every
        activation, about a fifth of folding a long battle (issue 15). ``_changed``
        forgets an actor as a counter of it, its models or their items changes (a
        model's fighting on starts and ends with such a change); a new turn and the
        game's end forget them all."""
