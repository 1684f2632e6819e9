"""The pydantic schema of a ``warband.bsroster`` document: what says, in the words of
warband's own roster files, every problem of a document that is not as warband writes
it (``model.bsdata.roster_toml``; one that is, is read by ``model.bsdata.roster_tables``
without importing pydantic).

Apart from ``roster_toml`` so that reading a list's file imports pydantic only when the
file needs its words: pydantic's import and its validators' first build were about a
fifth of a ``warband validate`` of a list over BattleScribe data (issue 33)."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import Field, Strict, ValidationError, field_validator

from model.bsdata import roster_tables as plain
from model.bsdata.roster_bounds import (
    MAX_COST_LIMITS,
    MAX_CUSTOM_CATEGORIES,
    MAX_LIMIT,
    MAX_NUMBER,
    MAX_TEXT,
    NO_LIMIT,
)
from model.core.base import Frozen
from model.core.problems import Problem
from model.parse.schema_errors import problems_from

BsId = Annotated[str, Strict(), Field(min_length=1, max_length=1000)]
"""A BattleScribe id (``e2a2-3f5c-...``) or a chain of them joined by ``::``."""

Words = Annotated[str, Strict(), Field(max_length=MAX_TEXT)]
"""A name or a note: any text, empty by default."""

Name = Annotated[str, Strict(), Field(min_length=1, max_length=MAX_TEXT)]
"""The roster's name: some text."""


class SelectionTable(Frozen):
    """``[[...selections]]``: one selection, and those made inside it."""

    entry_id: BsId
    id: BsId | None = None
    name: Words = ""
    number: Annotated[int, Strict(), Field(ge=1, le=MAX_NUMBER)] = 1
    entry_group_id: BsId | None = None
    type: Literal["unit", "model", "upgrade"] = "upgrade"
    custom_name: Words = ""
    note: Words = ""
    selections: tuple[SelectionTable, ...] = ()


class CategoryTable(Frozen):
    """``[[forces.categories]]``: a name and notes of the player's own for one of the
    force's categories, named by its category entry's id."""

    entry_id: BsId
    custom_name: Words = ""
    note: Words = ""


class ForceTable(Frozen):
    """``[[forces]]``: a force, its selections and the forces nested in it."""

    entry_id: BsId
    catalogue_id: BsId
    id: BsId | None = None
    name: Words = ""
    catalogue_name: Words = ""
    custom_name: Words = ""
    note: Words = ""
    selections: tuple[SelectionTable, ...] = ()
    forces: tuple[ForceTable, ...] = ()
    categories: tuple[CategoryTable, ...] = Field(default=(), max_length=MAX_CUSTOM_CATEGORIES)


class CostLimitTable(Frozen):
    """``[[cost_limits]]``: the most a roster may spend of one cost type."""

    type_id: BsId
    value: Annotated[float, Strict(), Field(ge=NO_LIMIT, le=MAX_LIMIT)]
    name: Words = ""
    """The cost type's name, for people; ``type_id`` is what counts."""

    @field_validator("value")
    @classmethod
    def _limit_or_none(cls, value: float) -> float:
        if NO_LIMIT < value < 0:
            raise ValueError(f"must be -1 (no limit) or a number from 0, got {value:g}")
        return value


class RosterTable(Frozen):
    """The whole file but its ``format``."""

    system: BsId
    """The game system's folder in the catalog library, e.g. ``gaslands``."""
    name: Name
    game_system_id: BsId
    id: BsId | None = None
    game_system_name: Words = ""
    game_system_revision: Annotated[int, Strict(), Field(ge=0, le=10**9)] = 0
    notes: Words = ""
    cost_limits: tuple[CostLimitTable, ...] = Field(default=(), max_length=MAX_COST_LIMITS)
    forces: tuple[ForceTable, ...] = ()


def checked_tables(body: dict[str, Any], file: str | None) -> plain.RosterTable | list[Problem]:
    """The tables of a document's ``body`` (all but its ``format``), or every problem
    the schema finds in it, each with its key path."""
    try:
        table = RosterTable.model_validate(body)
    except ValidationError as exc:
        return problems_from(exc, body, RosterTable, file)
    except RecursionError:  # nesting is bounded by the TOML and share-code readers
        return [Problem("values are nested too deeply", file)]
    return _roster(table)


def _roster(table: RosterTable) -> plain.RosterTable:
    return plain.RosterTable(
        system=table.system,
        name=table.name,
        game_system_id=table.game_system_id,
        id=table.id,
        game_system_name=table.game_system_name,
        game_system_revision=table.game_system_revision,
        notes=table.notes,
        cost_limits=tuple(
            plain.CostLimitTable(c.type_id, float(c.value), c.name) for c in table.cost_limits
        ),
        forces=tuple(_force(f) for f in table.forces),
    )


def _force(table: ForceTable) -> plain.ForceTable:
    return plain.ForceTable(
        entry_id=table.entry_id,
        catalogue_id=table.catalogue_id,
        id=table.id,
        name=table.name,
        catalogue_name=table.catalogue_name,
        custom_name=table.custom_name,
        note=table.note,
        selections=tuple(_selection(s) for s in table.selections),
        forces=tuple(_force(f) for f in table.forces),
        categories=tuple(
            plain.CategoryTable(c.entry_id, c.custom_name, c.note) for c in table.categories
        ),
    )


def _selection(table: SelectionTable) -> plain.SelectionTable:
    return plain.SelectionTable(
        entry_id=table.entry_id,
        id=table.id,
        name=table.name,
        number=table.number,
        entry_group_id=table.entry_group_id,
        type=table.type,
        custom_name=table.custom_name,
        note=table.note,
        selections=tuple(_selection(s) for s in table.selections),
    )
