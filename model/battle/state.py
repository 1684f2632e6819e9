"""A battle's state: what its events add up to, and the questions the tracker asks.

``BattleState.after(setup, events)`` folds the events in order. Each event is
checked against the rules before it changes anything (an activation out of turn,
an action with none left, a bullet that is not there), and refused with a reason
a player can read; a refused event changes nothing. Everything the table needs
is asked of the state: whose turn it is, each model's counters and current stats,
which markers are still down, the end-of-game count.

The state is its parts together, each in a module of its own: its fields
(``state_fields``); reading it (``state_reading``), whose turn it is (``turn_order``),
markers (``markers``) and standings (``standings``); and the events' handlers: counters
(``counter_changes``), wounds (``wounds``), rolls (``roll_results``), activations
(``activations``), actions (``actions``) and the ends of phases, turns and the game
(``turn_ends``). This module holds the fold that applies events to it.
"""

from __future__ import annotations

import copy
from collections.abc import Iterable, Sequence

from model.battle.actions import Actions
from model.battle.events import Event, Note, Roll
from model.battle.refused import Refused
from model.battle.roll_results import RollResults
from model.battle.setup import BattleSetup
from model.battle.standings import Standings
from model.battle.turn_ends import TurnEnds


class BattleState(Actions, RollResults, TurnEnds, Standings):
    """The battle after some events. Read it through its methods; only the fold
    changes it, on a private copy."""

    @classmethod
    def start(cls, setup: BattleSetup) -> BattleState:
        """The state before the first event: counters at their start values."""
        state = cls(setup)
        for target, spec, model, item in setup.counter_instances():
            value = state._eval(spec.start, model, item)
            if value:
                state.counters.setdefault(target, {})[spec.id] = value
        return state

    @classmethod
    def after(cls, setup: BattleSetup, events: Iterable[Event]) -> BattleState:
        """The state after ``events``; raises ``Refused`` naming the first bad one."""
        state = cls.start(setup)
        for n, event in enumerate(events, start=1):
            try:
                state._apply(event)
            except Refused as exc:
                raise Refused(f"event {n} ({event.kind}): {exc.reason}") from None
        return state

    @classmethod
    def fold(
        cls,
        setup: BattleSetup,
        events: Sequence[Event],
        start: BattleState | None = None,
        done: int = 0,
        every: int = 0,
    ) -> tuple[BattleState, list[tuple[int, BattleState]]]:
        """The state after ``events``, going on from ``start`` (the state after the first
        ``done`` of them; from the beginning when None), with a copy of the state after
        every ``every``-th event (counted from the first) kept on the way, so that a later
        question about an earlier point does not fold from the beginning again. Raises
        ``Refused`` naming the first bad event by its number in the whole log."""
        state = cls.start(setup) if start is None else start.clone()
        kept: list[tuple[int, BattleState]] = []
        for n in range(done, len(events)):
            event = events[n]
            try:
                state._apply(event)
            except Refused as exc:
                raise Refused(f"event {n + 1} ({event.kind}): {exc.reason}") from None
            if every and (n + 1) % every == 0:
                kept.append((n + 1, state.clone()))
        return state, kept

    def then(self, event: Event) -> BattleState:
        """A new state with one more event (this one is left as it was)."""
        state = self.clone()
        state._apply(event)
        return state

    def clone(self) -> BattleState:
        state = copy.copy(self)
        state.acted = set(self.acted)
        state.delayed = dict(self.delayed)
        state.delays_used = set(self.delays_used)
        state.firsts = dict(self.firsts)
        state.moves = dict(self.moves)
        state.counters = {k: dict(v) for k, v in self.counters.items()}
        state.set_at = dict(self.set_at)
        state.set_turn = dict(self.set_turn)
        state.activations = dict(self.activations)
        state.wounds = dict(self.wounds)
        state.fight_on = dict(self.fight_on)
        state.markers = list(self.markers)
        state.vp = list(self.vp)
        state._standing = dict(self._standing)
        return state

    def _apply(self, event: Event) -> None:
        if self.ended and not isinstance(event, Note | Roll):
            raise Refused("the game is over")
        handler = getattr(self, "_on_" + event.kind.replace("-", "_"))
        handler(event)
        self.events += 1

    def _on_note(self, event: Note) -> None:
        """A note only goes into the log."""
