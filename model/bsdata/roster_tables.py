"""The tables of a ``warband.bsroster`` document as plain frozen values, and the quick
read of a document written as warband writes it into them, without pydantic.

Every command on a list over BattleScribe data reads its file, and pydantic (its import,
and its validators built the first time) was about a fifth of a ``warband validate``
of one (issue 33). A document as warband writes it holds only keys the format has, each
of its exact type and in range, so ``plain_tables`` reads such a document into these
tables itself, and gives None for anything else: an unknown or missing key, a value of
another type (a number written as text, ``true`` for a number), one out of range, a
nesting deeper than Python recurses. The pydantic schema (``model.bsdata.roster_schema``)
then reads the document and says every problem in its own words, as before; a document
it accepts (a value pydantic would convert) comes out as the same tables. So this read
decides nothing: what it accepts, the schema accepts, into the same values
(``tests/model/bsdata/test_roster_tables.py`` checks it over every change of a full
document).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from typing import Any, Literal, TypeVar, cast

from model.bsdata.roster_bounds import (
    MAX_COST_LIMITS,
    MAX_CUSTOM_CATEGORIES,
    MAX_LIMIT,
    MAX_NUMBER,
    MAX_TEXT,
    NO_LIMIT,
)
from model.core.value import frozen_value

T = TypeVar("T")

MAX_ID = 1000
"""The longest id (``BsId`` in the schema): a BattleScribe id or a chain of them."""

SelectionType = Literal["unit", "model", "upgrade"]


@frozen_value
class SelectionTable:
    """``[[...selections]]``: one selection, and those made inside it."""

    entry_id: str
    id: str | None = None
    name: str = ""
    number: int = 1
    entry_group_id: str | None = None
    type: SelectionType = "upgrade"
    custom_name: str = ""
    note: str = ""
    selections: tuple[SelectionTable, ...] = ()


@frozen_value
class CategoryTable:
    """``[[forces.categories]]``: the player's own name and notes for a category."""

    entry_id: str
    custom_name: str = ""
    note: str = ""


@frozen_value
class ForceTable:
    """``[[forces]]``: a force, its selections and the forces nested in it."""

    entry_id: str
    catalogue_id: str
    id: str | None = None
    name: str = ""
    catalogue_name: str = ""
    custom_name: str = ""
    note: str = ""
    selections: tuple[SelectionTable, ...] = ()
    forces: tuple[ForceTable, ...] = ()
    categories: tuple[CategoryTable, ...] = ()


@frozen_value
class CostLimitTable:
    """``[[cost_limits]]``: the most a roster may spend of one cost type."""

    type_id: str
    value: float
    name: str = ""


@frozen_value
class RosterTable:
    """The whole document but its ``format``."""

    system: str
    name: str
    game_system_id: str
    id: str | None = None
    game_system_name: str = ""
    game_system_revision: int = 0
    notes: str = ""
    cost_limits: tuple[CostLimitTable, ...] = ()
    forces: tuple[ForceTable, ...] = ()


class _NotPlain(Exception):
    """The document is not as warband writes it: the schema reads it."""


def plain_tables(body: Mapping[str, Any]) -> RosterTable | None:
    """The tables of a document's ``body`` (all but its ``format``) when it is written
    as warband writes it; None for anything else (the schema then reads it)."""
    try:
        return _roster(body)
    except (_NotPlain, RecursionError):
        return None


def _keys(raw: object, required: frozenset[str], allowed: frozenset[str]) -> dict[str, Any]:
    if type(raw) is not dict or not required <= raw.keys() or not raw.keys() <= allowed:
        raise _NotPlain
    return cast(dict[str, Any], raw)


def _id(value: object) -> str:
    if type(value) is str and 1 <= len(value) <= MAX_ID:
        return value
    raise _NotPlain


def _some_id(value: object) -> str | None:
    return None if value is None else _id(value)


def _words(value: object, least: int = 0) -> str:
    if type(value) is str and least <= len(value) <= MAX_TEXT:
        return value
    raise _NotPlain


def _whole(value: object, low: int, high: int) -> int:
    if type(value) is int and low <= value <= high:
        return value
    raise _NotPlain


def _each(value: object, read: Callable[[object], T], most: int | None = None) -> tuple[T, ...]:
    if type(value) not in (list, tuple):
        raise _NotPlain
    items = cast(list[object], value)
    if most is not None and len(items) > most:
        raise _NotPlain
    return tuple(read(item) for item in items)


_ROSTER = frozenset(
    ("system", "name", "game_system_id", "id", "game_system_name", "game_system_revision",
     "notes", "cost_limits", "forces")
)  # fmt: skip
_ROSTER_NEEDS = frozenset(("system", "name", "game_system_id"))


def _roster(body: object) -> RosterTable:
    raw = _keys(body, _ROSTER_NEEDS, _ROSTER)
    return RosterTable(
        system=_id(raw["system"]),
        name=_words(raw["name"], 1),
        game_system_id=_id(raw["game_system_id"]),
        id=_some_id(raw.get("id")),
        game_system_name=_words(raw.get("game_system_name", "")),
        game_system_revision=_whole(raw.get("game_system_revision", 0), 0, 10**9),
        notes=_words(raw.get("notes", "")),
        cost_limits=_each(raw.get("cost_limits", ()), _limit, MAX_COST_LIMITS),
        forces=_each(raw.get("forces", ()), _force),
    )


_LIMIT = frozenset(("type_id", "value", "name"))
_LIMIT_NEEDS = frozenset(("type_id", "value"))


def _limit(item: object) -> CostLimitTable:
    raw = _keys(item, _LIMIT_NEEDS, _LIMIT)
    value = raw["value"]
    if type(value) not in (int, float) or not NO_LIMIT <= value <= MAX_LIMIT:
        raise _NotPlain  # a NaN fails the comparison too
    if NO_LIMIT < value < 0 or not math.isfinite(value):
        raise _NotPlain
    return CostLimitTable(_id(raw["type_id"]), float(value), _words(raw.get("name", "")))


_FORCE = frozenset(
    ("entry_id", "catalogue_id", "id", "name", "catalogue_name", "custom_name", "note",
     "selections", "forces", "categories")
)  # fmt: skip
_FORCE_NEEDS = frozenset(("entry_id", "catalogue_id"))


def _force(item: object) -> ForceTable:
    raw = _keys(item, _FORCE_NEEDS, _FORCE)
    return ForceTable(
        entry_id=_id(raw["entry_id"]),
        catalogue_id=_id(raw["catalogue_id"]),
        id=_some_id(raw.get("id")),
        name=_words(raw.get("name", "")),
        catalogue_name=_words(raw.get("catalogue_name", "")),
        custom_name=_words(raw.get("custom_name", "")),
        note=_words(raw.get("note", "")),
        selections=_each(raw.get("selections", ()), _selection),
        forces=_each(raw.get("forces", ()), _force),
        categories=_each(raw.get("categories", ()), _category, MAX_CUSTOM_CATEGORIES),
    )


_CATEGORY = frozenset(("entry_id", "custom_name", "note"))
_CATEGORY_NEEDS = frozenset(("entry_id",))


def _category(item: object) -> CategoryTable:
    raw = _keys(item, _CATEGORY_NEEDS, _CATEGORY)
    return CategoryTable(
        _id(raw["entry_id"]), _words(raw.get("custom_name", "")), _words(raw.get("note", ""))
    )


_SELECTION = frozenset(
    ("entry_id", "id", "name", "number", "entry_group_id", "type", "custom_name", "note",
     "selections")
)  # fmt: skip
_SELECTION_NEEDS = frozenset(("entry_id",))
_TYPES = frozenset(("unit", "model", "upgrade"))


def _selection(item: object) -> SelectionTable:
    raw = _keys(item, _SELECTION_NEEDS, _SELECTION)
    kind = raw.get("type", "upgrade")
    if type(kind) is not str or kind not in _TYPES:
        raise _NotPlain
    return SelectionTable(
        entry_id=_id(raw["entry_id"]),
        id=_some_id(raw.get("id")),
        name=_words(raw.get("name", "")),
        number=_whole(raw.get("number", 1), 1, MAX_NUMBER),
        entry_group_id=_some_id(raw.get("entry_group_id")),
        type=cast(SelectionType, kind),
        custom_name=_words(raw.get("custom_name", "")),
        note=_words(raw.get("note", "")),
        selections=_each(raw.get("selections", ()), _selection),
    )
