"""The battle's table of events (``model/battle/state.py`` ``ENTRIES``): every event class
has exactly one handler, so a new event written in ``model/battle/events.py`` without its
line in the table fails here, not at the table when a player records it; and the handlers'
modules import the state's reading, never each other nor the state (issue 36).

mypy checks each line's handler takes its line's event (``_entry``); these tests check that
no class is left out or given twice, which a type checker cannot see in a table.
"""

from __future__ import annotations

import ast
import inspect
from collections.abc import Iterable
from pathlib import Path
from typing import Literal, get_args

import pytest

from model.battle import events
from model.battle.events import Event, Note, Wound
from model.battle.state import ENTRIES, HANDLERS, BattleState, Handler
from model.core.base import Frozen
from tests.model.test_sheet_engine import battle

ROOT = Path(__file__).resolve().parents[2]

HANDLER_MODULES = (
    "activations",
    "actions",
    "counter_changes",
    "wounds",
    "roll_results",
    "markers",
    "standings",
    "turn_ends",
)
"""The modules that hold the handlers of the table's events."""

READING = {"state_reading", "turn_order", "counter_changes"}
"""What a handler's module may import of the state: its fields and questions, the turn
order, and the counter changes every handler goes through."""


def union_classes() -> list[type[Frozen]]:
    """The classes of the ``Event`` union, as the battle file reads events by kind."""
    return list(get_args(get_args(Event)[0]))


def defined_classes() -> list[type[Frozen]]:
    """Every event class written in ``model/battle/events.py``, in the union or not."""
    return [
        value
        for value in vars(events).values()
        if inspect.isclass(value)
        and issubclass(value, Frozen)
        and value is not Frozen
        and value.__module__ == events.__name__
    ]


def table_problems(
    classes: Iterable[type[Frozen]], entries: Iterable[tuple[type[Frozen], Handler]]
) -> list[str]:
    """What is wrong with a table of handlers for these event classes: a class with no
    line, a class with more than one, a line for a class that is no event."""
    wanted = set(classes)
    counts: dict[type[Frozen], int] = {}
    for kind, _ in entries:
        counts[kind] = counts.get(kind, 0) + 1
    problems = [f"{c.__name__} has no handler" for c in sorted(wanted - set(counts), key=str)]
    problems += [f"{c.__name__} has {n} handlers" for c, n in counts.items() if n > 1]
    problems += [f"{c.__name__} is not an event" for c in counts if c not in wanted]
    return problems


def test_every_event_class_is_in_the_event_union() -> None:
    assert sorted(c.__name__ for c in defined_classes()) == sorted(
        c.__name__ for c in union_classes()
    )


def test_every_event_class_has_exactly_one_handler() -> None:
    assert table_problems(union_classes(), ENTRIES) == []
    assert table_problems(defined_classes(), ENTRIES) == []
    assert set(HANDLERS) == set(union_classes())


def test_a_new_event_class_without_a_handler_fails_the_check() -> None:
    class Charge(Frozen):
        kind: Literal["charge"]

    assert table_problems([*union_classes(), Charge], ENTRIES) == ["Charge has no handler"]


def test_an_event_class_given_two_handlers_fails_the_check() -> None:
    entries: list[tuple[type[Frozen], Handler]] = [*ENTRIES, (Wound, HANDLERS[Wound])]
    assert table_problems(union_classes(), entries) == ["Wound has 2 handlers"]


def test_an_event_reaches_the_handler_of_its_class() -> None:
    state = BattleState.start(battle().setup)
    seen: list[object] = []
    table = dict(HANDLERS)
    try:
        HANDLERS[Note] = lambda s, e: seen.append((s, e))
        note = Note(kind="note", text="the wind rises")
        after = state.then(note)
    finally:
        HANDLERS.clear()
        HANDLERS.update(table)
    assert seen == [(after, note)]
    assert after.events == state.events + 1


@pytest.mark.parametrize("module", HANDLER_MODULES)
def test_a_handler_module_imports_the_reading_not_other_handlers(module: str) -> None:
    tree = ast.parse((ROOT / "model" / "battle" / f"{module}.py").read_text())
    imported = {
        node.module.removeprefix("model.battle.")
        for node in ast.walk(tree)
        if isinstance(node, ast.ImportFrom)
        and node.module is not None
        and node.module.startswith("model.battle.")
    }
    allowed = READING | {"events", "refused", "forces", "setup", "state_values"}
    assert imported - allowed - {module} == set()
    assert "state" not in imported
