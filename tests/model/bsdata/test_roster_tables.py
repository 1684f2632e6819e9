"""The quick read of a ``warband.bsroster`` document (``model.bsdata.roster_tables``)
decides nothing: what it accepts, the pydantic schema (``model.bsdata.roster_schema``)
accepts too, into the same tables; anything else it leaves to the schema. Checked over a
full document and every change of one of its values (or keys) to something odd."""

from __future__ import annotations

import copy
from collections.abc import Iterator
from typing import Any

import pytest

from model.bsdata.roster_bounds import MAX_TEXT
from model.bsdata.roster_schema import checked_tables
from model.bsdata.roster_tables import RosterTable, plain_tables
from model.bsdata.roster_toml import roster_from_data

FULL: dict[str, Any] = {
    "system": "gaslands",
    "name": "Road Hogs",
    "id": "r1",
    "game_system_id": "gs-1",
    "game_system_name": "Gaslands",
    "game_system_revision": 12,
    "notes": "a note",
    "cost_limits": [{"type_id": "cans", "name": "Cans", "value": 50}],
    "forces": [
        {
            "id": "f1",
            "entry_id": "fe-1",
            "name": "Team",
            "catalogue_id": "cat-1",
            "catalogue_name": "Gaslands",
            "custom_name": "Us",
            "note": "",
            "categories": [{"entry_id": "c1", "custom_name": "Lead", "note": "n"}],
            "selections": [
                {
                    "id": "s1",
                    "entry_id": "e1::e2",
                    "entry_group_id": "g1",
                    "name": "Car",
                    "type": "unit",
                    "number": 2,
                    "custom_name": "Rust Bucket",
                    "note": "",
                    "selections": [{"entry_id": "e3", "name": "Gun", "type": "upgrade"}],
                }
            ],
            "forces": [{"entry_id": "fe-2", "catalogue_id": "cat-1"}],
        }
    ],
}

ODD: tuple[object, ...] = (
    None, True, False, 0, -1, -0.5, 1.5, 2.0, 10**10, float("nan"), float("inf"), "", "x",
    "5", "x" * (MAX_TEXT + 1), "i" * 1001, [], [{}], {}, ("t",), "unit", "model",
)  # fmt: skip
"""Values put in place of each value of ``FULL``, one at a time."""


def _places(value: object, path: tuple[object, ...] = ()) -> Iterator[tuple[object, ...]]:
    """The path of every value in a document (keys of tables, indexes of arrays)."""
    if isinstance(value, dict):
        for key, inner in value.items():
            yield (*path, key)
            yield from _places(inner, (*path, key))
    elif isinstance(value, list):
        for n, inner in enumerate(value):
            yield (*path, n)
            yield from _places(inner, (*path, n))


def _changed(path: tuple[object, ...], new: object) -> dict[str, Any]:
    doc = copy.deepcopy(FULL)
    holder: Any = doc
    for step in path[:-1]:
        holder = holder[step]
    holder[path[-1]] = new
    return doc


def _same_as_schema(doc: dict[str, Any]) -> bool:
    """Whether the quick read left ``doc`` to the schema (False) or read it as the
    schema does (True); a failed assertion when it read something else."""
    quick = plain_tables(doc)
    if quick is None:
        return False
    assert checked_tables(doc, "x.toml") == quick
    return True


def test_a_document_as_warband_writes_it_is_read_without_the_schema() -> None:
    found = plain_tables(FULL)
    assert isinstance(found, RosterTable)
    assert _same_as_schema(FULL)
    assert found.cost_limits[0].value == 50.0
    assert found.forces[0].selections[0].selections[0].number == 1  # the default


@pytest.mark.parametrize("path", list(_places(FULL)), ids=str)
def test_every_odd_value_is_read_as_the_schema_reads_it_or_left_to_it(
    path: tuple[object, ...],
) -> None:
    read = [_same_as_schema(_changed(path, odd)) for odd in ODD]
    if isinstance(path[-1], str):
        doc = _changed((*path[:-1], "unknown"), 1) if len(path) > 1 else {**FULL, "unknown": 1}
        assert plain_tables(doc) is None  # an unknown key: the schema's "did you mean"
        less = copy.deepcopy(FULL)
        holder: Any = less
        for step in path[:-1]:
            holder = holder[step]
        del holder[path[-1]]
        _same_as_schema(less)
    assert not all(read)  # something odd is always left to the schema


def test_the_problems_are_the_schemas_words() -> None:
    doc = {"format": "warband.bsroster/1", **_changed(("forces", 0, "selections", 0, "number"), 0)}
    problems = roster_from_data(doc, "list.toml")
    assert isinstance(problems, list)
    assert [p.path for p in problems] == [("forces", 1, "selections", 1, "number")]


def test_nesting_deeper_than_python_recurses_is_left_to_the_schema() -> None:
    deep: dict[str, Any] = {"entry_id": "e"}
    for _ in range(5000):
        deep = {"entry_id": "e", "selections": [deep]}
    doc = _changed(("forces", 0, "selections"), [deep])
    assert plain_tables(doc) is None
