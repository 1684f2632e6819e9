"""A battle: its starting point and its event log, with undo and redo.

``Battle`` is a value: recording an event, undoing or redoing gives a new battle
and leaves the old one as it was. The state is the fold of the log
(``model.battle_state``), computed once per battle value and carried forward when
an event is added, so recording stays cheap however long the game.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cached_property

from pydantic import ValidationError

from model.battle_state import BattleState
from model.catalog import Catalog, FactionView
from model.events import Event
from model.forces import build_side
from model.roster import Roster
from model.schema_errors import problems_from
from model.setup import BattleSetup


@dataclass(frozen=True)
class Battle:
    """A battle's setup, the events so far, and the events undone (to redo, next first)."""

    setup: BattleSetup
    events: tuple[Event, ...] = ()
    undone: tuple[Event, ...] = ()
    _known: BattleState | None = field(default=None, compare=False, repr=False)

    @cached_property
    def state(self) -> BattleState:
        """The state after every event (raises ``Refused`` for a log the rules refuse)."""
        if self._known is not None:
            return self._known
        return BattleState.after(self.setup, self.events)

    def record(self, event: Event) -> Battle:
        """The battle with one more event; ``Refused`` when the rules do not allow it now.
        Whatever was undone can no longer be redone."""
        return Battle(self.setup, (*self.events, event), (), self.state.then(event))

    @property
    def can_undo(self) -> bool:
        return bool(self.events)

    @property
    def can_redo(self) -> bool:
        return bool(self.undone)

    def undo(self) -> Battle:
        """The battle without its last event (unchanged when there is none)."""
        if not self.events:
            return self
        return Battle(self.setup, self.events[:-1], (self.events[-1], *self.undone))

    def redo(self) -> Battle:
        """The battle with the last undone event back (unchanged when there is none)."""
        if not self.undone:
            return self
        event = self.undone[0]
        return Battle(self.setup, (*self.events, event), self.undone[1:], self.state.then(event))


Player = tuple[str, Roster, FactionView]
"""A player's name, their list, and the faction it is built with."""


def new_battle(
    catalog: Catalog,
    players: Sequence[Player],
    *,
    scenario: str = "",
    turn_limit: int | None = None,
    seed: int = 0,
) -> Battle:
    """A battle between lists of one system, ready for its first event.

    Raises ``ValueError`` when the system has no tracker section, the lists are of
    another system, or the turn limit or the seed is outside its range (``model.bounds``).
    """
    tracker = catalog.system_file.tracker
    if tracker is None:
        raise ValueError(f"{catalog.system.name} has no battle tracker rules yet")
    if len(players) != 2:
        raise ValueError("a battle has two sides")
    for _, roster, _ in players:
        if roster.system != catalog.system.id:
            raise ValueError(f"'{roster.name}' is a {roster.system} list, not {catalog.system.id}")
    sides = tuple(
        build_side(i, name, roster, view, tracker) for i, (name, roster, view) in enumerate(players)
    )
    given = {"turn_limit": turn_limit or tracker.turns.turn_limit, "seed": seed}
    try:
        setup = BattleSetup(
            system=catalog.system.id,
            system_name=catalog.system.name,
            catalog_version=catalog.system.version,
            scenario=scenario,
            tracker=tracker,
            sides=sides,
            **given,
        )
    except ValidationError as exc:  # a number the player gave, told as a file's would be
        problems = problems_from(exc, given, BattleSetup)
        raise ValueError("; ".join(str(p) for p in problems)) from None
    return Battle(setup)
