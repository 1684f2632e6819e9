"""The catalog's modifiers for a sheet roll, and those a model's own state calls for.

Apart because the dice dialog offers them before any roll is made: the modifiers a kind
of roll takes, and which of them apply by themselves (counters, tags, declared actions).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from model.battle.events import Act, Activate, Event
from model.catalog.tracker_effects import RowEffect
from model.rolls.dice import Modifier

if TYPE_CHECKING:
    from model.battle.state import BattleState
    from model.catalog.tracker_rolls import ModifierSpec

# --- modifiers ------------------------------------------------------------------------------


def offered(state: BattleState, kind: str | None) -> tuple[ModifierSpec, ...]:
    """The catalog's modifiers for a kind of roll (a test's ``modifiers``)."""
    if kind is None:
        return ()
    return tuple(m for m in state.tracker.modifiers if m.roll == kind)


def auto_modifier(
    state: BattleState, spec: ModifierSpec, model_id: str, declared: frozenset[str] = frozenset()
) -> Modifier | None:
    """The modifier as the model's state calls for it, or None when it does not: its
    counters set (``per``: once per ``per`` points of their total), one of its tags,
    (id ``retain``) the unit acting after its side retained the initiative, or a modifier
    named like an action its unit declared in this activation (``declared``: Reikhammer's
    Sustained Fire, +1 to hit, after the Sustained Fire action)."""
    model = state.model(model_id)
    if spec.id in declared or declared.intersection(spec.actions):
        return Modifier(spec.name, spec.value)
    if spec.counters:
        total = sum(
            state.counter(state.effect_target(RowEffect(counter=c), model), c)
            for c in spec.counters
        )
        times = (total // spec.per) if spec.per else (1 if total else 0)
        return Modifier(spec.name, spec.value * times) if times else None
    if spec.tags:
        return Modifier(spec.name, spec.value) if spec.tags & model.tags else None
    if spec.id == "retain" and state.retained == model.actor:
        return Modifier(spec.name, spec.value)
    return None


def auto_modifiers(
    state: BattleState, kind: str | None, model_id: str, declared: frozenset[str] = frozenset()
) -> tuple[Modifier, ...]:
    """The modifiers of a kind that apply by themselves to this model now."""
    found = (auto_modifier(state, spec, model_id, declared) for spec in offered(state, kind))
    return tuple(m for m in found if m is not None)


def declared_actions(state: BattleState, events: Sequence[Event], model_id: str) -> frozenset[str]:
    """The actions the model's unit took in its activation under way (none when it is
    not active): the events since it activated, read back from the end of the log."""
    actor = state.model(model_id).actor
    if state.active != actor:
        return frozenset()
    found: set[str] = set()
    for event in reversed(events):
        if isinstance(event, Activate) and event.actor == actor:
            break
        if isinstance(event, Act) and state.model(event.model).actor == actor:
            found.add(event.action)
    return frozenset(found)
