"""Properties of the event log over random games: a battle is its log, so undoing and
redoing, folding from the start or carrying the state forward all give the same state,
and an event the rules refuse changes nothing.

The random games are valid: at each step an event is chosen among those the rules
accept then (an activation, an action, a delay, a roll-off, a counter, a wound ...), on a
Punkapocalyptic battle (agility rounds, packs, berserk, weapons with states) and on the
two fixture games (alternating units with passing; phases).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from model.battle.battle import Battle
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
    Roll,
    RollOff,
    Score,
    SetCounter,
    Wound,
)
from model.battle.refused import Refused
from model.battle.state import BattleState
from tests.helpers import bundled, entry, roster
from tests.model.test_battle_generic import alternating, phased
from tests.model.test_battle_rules import fight

EXAMPLES = settings(max_examples=50, deadline=None)


def punk() -> Battle:
    """A small Punkapocalyptic game of two turns: a chief with an automatic rifle, a
    crossbowman (Dead slow), a Brute in metal plate (Ag 3) and a Scumbag with the
    grumpy cat against an addler pack, a Pit beast (Berserk), a poisoned-claws Mutard
    and a Mongrelmorph (Ag 7, Beast)."""
    gangers, mutards = bundled().view("gangers"), bundled().view("mutards")
    a = roster(
        gangers,
        entry("chief", automatic_rifle=1, bullet=3),
        entry("ganger", crossbow=1, light_mace=1),
        entry("brute", heavy_mace=1, metal_plate=1),
        entry("scumbag", small_blade=1, grumpy_cat=1),
    )
    b = roster(
        mutards,
        entry("addler", 3),
        entry("pit-beast", heavy_mace=1),
        entry("mutard", poisoned_claws=1, sticky=1),
        entry("mongrelmorph"),
    )
    return fight(a, b, turn_limit=2)


GAMES: dict[str, Callable[[], Battle]] = {
    "punkapocalyptic": punk,
    "alternating": alternating,
    "phases": phased,
}

# --- the events one could try now ------------------------------------------------------------


def flow_events(state: BattleState) -> list[Event]:
    """Events that move the game on."""
    events: list[Event] = [Activate(kind="activate", actor=a) for a in state.actors()]
    if state.active is not None:
        events.append(EndActivation(kind="end-activation", actor=state.active))
    events += [RollOff(kind="roll-off", first=0), RollOff(kind="roll-off", first=1)]
    up = state.next_up()
    if up.round is not None:
        for actor in up.actors:
            events += [Delay(kind="delay", actor=actor, to=r) for r in (up.round - 1, 1)]
    events += [Pass(kind="pass", side=0), Pass(kind="pass", side=1)]
    events += [NextPhase(kind="next-phase"), EndTurn(kind="end-turn")]
    return events


def action_events(state: BattleState) -> list[Event]:
    """What the active actor's models could do."""
    if state.active is None:
        return []
    events: list[Event] = []
    for model in state.members(state.active):
        for spec in state.tracker.actions:
            if spec.item is None:
                events.append(Act(kind="act", model=model.id, action=spec.id))
                continue
            for target, _ in state.setup.item_targets(model):
                events.append(Act(kind="act", model=model.id, action=spec.id, item=target))
    return events


def counter_events(state: BattleState) -> list[Event]:
    events: list[Event] = []
    for target, spec, _, _ in state.setup.counter_instances():
        top = state.counter_max(target, spec.id)
        for value in {0, 1, 2 if top is None else top}:
            events.append(SetCounter(kind="counter", target=target, counter=spec.id, value=value))
    return events


def damage_events(state: BattleState) -> list[Event]:
    events: list[Event] = []
    for model in state.setup.all_models():
        events += [
            Wound(kind="wound", model=model.id),
            Wound(kind="wound", model=model.id, amount=-1),
        ]
    return events


def table_events(state: BattleState) -> list[Event]:
    events: list[Event] = [PlaceMarker(kind="marker", marker=m.id) for m in state.tracker.markers]
    events += [RemoveMarker(kind="remove-marker", number=m.number) for m in state.markers]
    events += [Score(kind="score", side=0, points=1), Score(kind="score", side=1, points=2)]
    events += [Note(kind="note", text="a note"), Roll(kind="roll", title="d10", dice=(7,))]
    return events


GROUPS = (
    *(flow_events,) * 3,
    *(action_events,) * 3,
    counter_events,
    damage_events,
    table_events,
)
"""Where the next event comes from (moving the game on and acting are likelier)."""


def accepted(state: BattleState, event: Event) -> BattleState | None:
    try:
        return state.then(event)
    except Refused:
        return None


def next_event(data: st.DataObject, state: BattleState) -> tuple[Event, BattleState] | None:
    """An event the rules accept now, chosen by the test's random data."""
    if data.draw(st.integers(0, 150), label="end the game") == 77:
        groups: list[list[Event]] = [[EndGame(kind="end-game")]]
    else:
        groups = [events for group in GROUPS if (events := group(state))]
    start = data.draw(st.integers(0, len(groups) - 1), label="kind of event")
    for g in range(len(groups)):
        events = groups[(start + g) % len(groups)]
        first = data.draw(st.integers(0, len(events) - 1), label="event")
        for k in range(len(events)):
            event = events[(first + k) % len(events)]
            after = accepted(state, event)
            if after is not None:
                return event, after
    return None


def any_event(data: st.DataObject, state: BattleState) -> Event:
    """Any event one could try now, accepted or not."""
    events = [e for group in GROUPS for e in group(state)] + [EndGame(kind="end-game")]
    return events[data.draw(st.integers(0, len(events) - 1), label="any event")]


def contents(state: BattleState) -> dict[str, Any]:
    """Everything the state holds and tells: its fields, who is next, what is down."""
    found = {f.name: getattr(state, f.name) for f in dataclasses.fields(state)}
    found.pop("setup")
    found["next_up"] = state.next_up()
    found["markers_down"] = state.markers_down()
    found["summaries"] = [state.summary(side) for side in (0, 1)]
    models = state.setup.all_models()
    found["stats"] = {(m.id, s): state.stat(m.id, s) for m in models for s in m.stats}
    found["actions_left"] = {m.id: state.actions_left(m.id) for m in models}
    found["out"] = {m.id: state.is_out(m.id) for m in models}
    return found


def assert_kept_standing_is_fresh(state: BattleState) -> None:
    """What the state keeps of each actor between events (whether it stands, its
    turn-order stat: ``StateReading._standing``) is what working it out now gives."""
    state.next_up()
    for actor, kept in state._standing.items():
        assert kept == state._standing_of(actor), actor


def random_game(data: st.DataObject, length: int = 40) -> tuple[Battle, list[Battle]]:
    """A random valid game and every battle along its way (from the start)."""
    name = data.draw(st.sampled_from(sorted(GAMES)), label="game")
    battle = GAMES[name]()
    steps = [battle]
    for _ in range(data.draw(st.integers(0, length), label="length")):
        found = next_event(data, battle.state)
        if found is None:
            break
        event, after = found
        battle = battle.record(event)
        assert contents(battle.state) == contents(after)
        assert_kept_standing_is_fresh(battle.state)
        steps.append(battle)
    return battle, steps


# --- the properties ----------------------------------------------------------------------------


@EXAMPLES
@given(st.data())
def test_undo_then_redo_gives_the_same_state(data: st.DataObject) -> None:
    battle, _ = random_game(data)
    n = data.draw(st.integers(0, len(battle.events)), label="undos")
    back = battle
    for _ in range(n):
        back = back.undo()
    assert len(back.events) == len(battle.events) - n
    assert len(back.undone) == n
    for _ in range(n):
        back = back.redo()
    assert back.events == battle.events
    assert not back.can_redo
    assert contents(back.state) == contents(battle.state)


@EXAMPLES
@given(st.data())
def test_undoing_n_events_equals_folding_the_rest(data: st.DataObject) -> None:
    battle, steps = random_game(data)
    n = data.draw(st.integers(0, len(battle.events)), label="undos")
    back = battle
    for _ in range(n):
        back = back.undo()
    kept = battle.events[: len(battle.events) - n]
    folded = BattleState.after(battle.setup, kept)
    assert contents(back.state) == contents(folded)
    # and the state carried forward event by event is the fold of the log too
    assert contents(steps[len(kept)].state) == contents(folded)
    assert contents(battle.state) == contents(BattleState.after(battle.setup, battle.events))


@EXAMPLES
@given(st.data())
def test_a_refused_event_changes_nothing(data: st.DataObject) -> None:
    battle, _ = random_game(data, length=25)
    state = battle.state
    before = contents(state)
    for _ in range(8):
        event = any_event(data, state)
        trial = state.clone()
        try:
            trial._apply(event)
        except Refused as refused:
            assert refused.reason
            # checked before anything changed: not even the copy it was tried on
            assert contents(trial) == before
            with pytest.raises(Refused):
                battle.record(event)
            assert contents(battle.state) == before
        else:
            assert contents(battle.state.then(event)) == contents(trial)
