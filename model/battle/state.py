"""A battle's state: what its events add up to, and the questions the tracker asks.

``BattleState.after(setup, events)`` folds the events in order. Each event is
checked against the rules before it changes anything (an activation out of turn,
an action with none left, a bullet that is not there), and refused with a reason
a player can read; a refused event changes nothing. Everything the table needs
is asked of the state: whose turn it is, each model's counters and current stats,
which markers are still down, the end-of-game count.

The state is its fields and the questions asked of them (``state_reading``), whose turn
it is (``turn_order``) and how the sides stand (``standings``). Each event reaches its
handler through one table, ``HANDLERS`` below, from the event's class to a function in
the module of its concern: counters (``counter_changes``), wounds (``wounds``), rolls
(``roll_results``), activations (``activations``), actions (``actions``), markers
(``markers``), the score (``standings``) and the ends of phases, turns and the game
(``turn_ends``). The handlers import the state's reading, never each other nor this
module; ``tests/model/test_battle_events.py`` checks every event class has one handler.
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Iterable, Sequence
from typing import Any, TypeVar

from model.battle import actions, activations, counter_changes, markers, roll_results, turn_ends
from model.battle.events import (
    Act,
    Activate,
    Delay,
    EndActivation,
    EndGame,
    EndTurn,
    Event,
    NextPhase,
    Note,
    Pass,
    PlaceMarker,
    RemoveMarker,
    Retain,
    Roll,
    RollOff,
    Score,
    SetCounter,
    Wound,
)
from model.battle.refused import Refused
from model.battle.setup import BattleSetup
from model.battle.standings import Standings, score
from model.battle.turn_order import TurnOrder
from model.battle.wounds import wound
from model.core.base import Frozen


class BattleState(TurnOrder, Standings):
    """The battle after some events. Read it through its methods; only the fold
    changes it, on a private copy."""

    @classmethod
    def start(cls, setup: BattleSetup) -> BattleState:
        """The state before the first event: counters at their start values."""
        state = cls(setup)
        for target, spec, model, item in setup.counter_instances():
            value = state.evaluate(spec.start, model, item)
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
        """One event of the log: refused once the game is over (but a note or a roll),
        else done by its handler, and counted."""
        if self.ended and not isinstance(event, Note | Roll):
            raise Refused("the game is over")
        HANDLERS[type(event)](self, event)
        self.events += 1

    def handle(self, event: Event) -> None:
        """``event``'s handler, from the table, not counted as an event of the log."""
        HANDLERS[type(event)](self, event)


def only_logged(state: BattleState, event: Note) -> None:
    """A note only goes into the log: it changes nothing."""


Handler = Callable[[BattleState, Any], None]
"""A handler as the table holds it: ``_entry`` has checked its event's class."""

E = TypeVar("E", bound=Frozen)


def _entry(
    kind: type[E], handler: Callable[[BattleState, E], None]
) -> tuple[type[Frozen], Handler]:
    """One line of the table: mypy checks that ``handler`` takes events of ``kind``."""
    return kind, handler


ENTRIES: tuple[tuple[type[Frozen], Handler], ...] = (
    _entry(Activate, activations.activate),
    _entry(EndActivation, activations.end_activation),
    _entry(Delay, activations.delay),
    _entry(RollOff, activations.roll_off),
    _entry(Pass, activations.pass_turn),
    _entry(Retain, activations.retain),
    _entry(Act, actions.act),
    _entry(SetCounter, counter_changes.set_counter),
    _entry(Wound, wound),
    _entry(Roll, roll_results.roll),
    _entry(PlaceMarker, markers.place_marker),
    _entry(RemoveMarker, markers.remove_marker),
    _entry(Score, score),
    _entry(Note, only_logged),
    _entry(NextPhase, turn_ends.next_phase),
    _entry(EndTurn, turn_ends.end_turn),
    _entry(EndGame, turn_ends.end_game),
)
"""Every event class with its handler, one line each: a new event adds its line here."""

HANDLERS: dict[type[Frozen], Handler] = dict(ENTRIES)
"""The handler of each event class, as the fold looks it up (``type(event)``)."""
