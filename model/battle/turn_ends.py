"""The end of a phase, of a turn and of the game (the ``NextPhase``, ``EndTurn`` and
``EndGame`` events' handlers): counters that clear at the end of a turn, fighting on and
markers that lift, and the turn limit.

Apart because these events clear what the turn kept, rather than change one model.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from model.battle.counter_changes import change, tick
from model.battle.refused import Refused
from model.core.messages import counted

if TYPE_CHECKING:
    from model.battle.events import EndGame, EndTurn, NextPhase
    from model.battle.turn_order import TurnOrder


def next_phase(state: TurnOrder, event: NextPhase) -> None:
    """The turn moves on to its next phase: everyone may act again in it."""
    turns = state.tracker.turns
    if turns.kind != "phases":
        raise Refused("this game has no phases")
    if state.active is not None:
        raise Refused(f"{state.active} is still active")
    if state.phase + 1 >= len(turns.phases):
        raise Refused("this is the last phase: end the turn")
    state.phase += 1
    state.acted.clear()
    state.last_side = None


def end_turn(state: TurnOrder, event: EndTurn) -> None:
    """Once everyone has acted (or the last phase is over): counters clear or count
    down, fighting on and markers lift, and the next turn starts, or the game ends at
    the turn limit."""
    if state.active is not None:
        raise Refused(f"{state.active} is still active; end its activation first")
    turns = state.tracker.turns
    if turns.kind == "phases":
        if state.phase + 1 < len(turns.phases):
            raise Refused("the turn's phases are not over yet")
    elif state.ready():
        waiting = len(state.ready())
        raise Refused(
            f"{counted(waiting, 'model')} {'has' if waiting == 1 else 'have'} not acted yet"
        )
    for target in list(state.counters):
        for counter_id in list(state.counters[target]):
            clears = state.tracker.counter(counter_id).clears
            value = state.counters[target][counter_id]
            if clears == "end-of-turn" or (
                clears == "end-of-next-turn"
                and state.set_turn.get((target, counter_id), state.turn) < state.turn
            ):
                change(state, target, counter_id, 0)
            elif clears == "count-down":
                tick(state, target, counter_id, value - 1)
    for model_id, until in list(state.fight_on.items()):
        if until <= state.turn:
            del state.fight_on[model_id]
    state.markers = [
        m
        for m in state.markers
        if state.marker_spec(m.marker).lasts != "end-of-turn"
        and not (
            state.marker_spec(m.marker).lasts == "round-next-turn" and state.turn >= m.turn + 1
        )
    ]
    state.acted.clear()
    state.delayed.clear()
    state.delays_used.clear()
    state.firsts.clear()
    state.moves.clear()
    state.last_side = None
    state.owed = 0
    state.phase = 0
    if state.turn >= state.setup.turn_limit:
        state.ended = True
        state.fight_on.clear()  # the game ends: fighting on is over (Berserk)
    else:
        state.turn += 1
    state.forget_standing()


def end_game(state: TurnOrder, event: EndGame) -> None:
    """The game ends now, whatever the turn: fighting on is over."""
    if state.active is not None:
        raise Refused(f"{state.active} is still active; end its activation first")
    for model_id in list(state.fight_on):
        del state.fight_on[model_id]  # the game ends: fighting on is over
    state.ended = True
    state.forget_standing()
