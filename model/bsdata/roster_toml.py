"""warband's own file for a BattleScribe roster (``warband.bsroster/1``), as data.

A list over a BattleScribe game system is saved as TOML that a person can read and
edit: names for people, ids for exactness, selections nested as they are in the game
(issue 18). It keeps to the conventions of warband's own roster files
(``saves.roster_file``): a ``format`` key with a version (a newer one is refused, never
misread), ``system`` naming the game system's folder in the catalog library, every
unknown key an error with "did you mean", and what is at its default left out:

.. code-block:: toml

    format = "warband.bsroster/1"
    system = "gaslands"                  # the folder of the game system
    name = "Road Hogs"
    id = "5d1c-9a3e-77b0-12fe"
    game_system_id = "a8c6-..."          # the game system's own id and revision
    game_system_revision = 12

    [[cost_limits]]
    type_id = "c4ns-..."                 # the cost type's id; the name is for people
    name = "Cans"
    value = 50

    [[forces]]
    id = "f1"
    entry_id = "9b1e-..."
    name = "Team"
    catalogue_id = "77aa-..."
    catalogue_name = "Gaslands"

    [[forces.selections]]
    id = "s1"
    entry_id = "5a2f-...::c3d1-..."      # the link followed, then the entry selected
    name = "Car"
    type = "unit"
    custom_name = "Rust Bucket"

    [[forces.selections.selections]]
    entry_id = "0b0b-..."
    name = "Machine Gun"
    number = 2

    [[forces.categories]]
    entry_id = "e1f0-..."                # a category of the force, named by the player
    custom_name = "Lead Cars"
    note = "Start on the line"

This module turns the parsed TOML (a dict) into a ``BsRoster`` and back, and holds no
I/O: ``saves.bs_roster_file`` reads and writes the files, and share codes carry the same
data as JSON. The schema is pydantic (``model.bsdata.roster_schema``), as for our own
rosters, so its problems read the same ("forces[1].selections[2].number: must be a
number from 1 to 1000000, got 0") and the file reader adds the lines; a document as
warband writes it is read without it (``model.bsdata.roster_tables``).

Ids a person leaves out are made from the place (``f1``, ``f1-s2``, ``f1-s2-s1``), so a
hand-written list needs only ``entry_id`` for each selection; saving writes them in.
"""

from __future__ import annotations

import hashlib
import math
import re
from collections.abc import Mapping
from typing import Any

from model.bsdata.roster import BsRoster, CostLimit, CustomCategory, Force, Selection
from model.bsdata.roster_bounds import (
    MAX_FORCE_DEPTH,
    MAX_FORCES,
    MAX_SELECTION_DEPTH,
    MAX_SELECTIONS,
)
from model.bsdata.roster_tables import (
    CategoryTable,
    ForceTable,
    RosterTable,
    SelectionTable,
    plain_tables,
)
from model.core.problems import KeyPath, Problem, format_path
from model.core.value import frozen_value

FORMAT = "warband.bsroster/1"
CURRENT_VERSION = 1
_FORMAT_RE = re.compile(r"warband\.bsroster/([0-9]{1,9})")
_OTHER_FORMAT = re.compile(r"warband\.roster/[0-9]{1,9}")


@frozen_value
class BsRosterFile:
    """What a ``warband.bsroster`` file holds: the roster, and which game system of the
    catalog library it is built with (its folder: BattleScribe's own id is the roster's
    ``game_system_id``)."""

    system: str
    roster: BsRoster


@frozen_value
class FormatRefused:
    """Why a document is not read at all (a missing, foreign or newer ``format``): a
    title for the whole and the one problem, placed at ``format``."""

    title: str
    problem: Problem


def check_format(raw: Mapping[str, Any], file: str | None) -> FormatRefused | None:
    """None when ``raw`` is a ``warband.bsroster`` document this warband reads."""
    fmt = raw.get("format")
    if not raw:
        return FormatRefused(
            f"{file or 'input'} is not a warband roster",
            Problem(
                "the file is empty",
                file,
                hint=f'a roster starts with format = "{FORMAT}"',
            ),
        )
    if fmt is None:
        return FormatRefused(
            f"{file or 'input'} is not a warband roster",
            Problem(
                "required but missing",
                file,
                ("format",),
                hint=f'add format = "{FORMAT}" as the first line',
            ),
        )
    found = _FORMAT_RE.fullmatch(fmt) if isinstance(fmt, str) else None
    if found is None:
        shown = repr(fmt) if len(repr(fmt)) <= 40 else repr(fmt)[:37] + "..."
        ours = isinstance(fmt, str) and _OTHER_FORMAT.fullmatch(fmt) is not None
        return FormatRefused(
            f"{file or 'input'} is not a roster of a BattleScribe game system",
            Problem(
                f"{shown} is not a BattleScribe roster format",
                file,
                ("format",),
                hint="it is a roster of one of warband's own catalogs; open it as such"
                if ours
                else f'a roster of a BattleScribe game system has format = "{FORMAT}"',
            ),
        )
    if int(found.group(1)) > CURRENT_VERSION:
        return FormatRefused(
            f"{file or 'input'} was saved by a newer warband",
            Problem(
                f"{fmt} is newer than this warband reads ({FORMAT})",
                file,
                ("format",),
                hint="update warband to open it; the file is unchanged",
            ),
        )
    if int(found.group(1)) < CURRENT_VERSION:
        return FormatRefused(
            f"{file or 'input'} uses an unknown old format",
            Problem(f"format {fmt} cannot be upgraded", file, ("format",)),
        )
    return None


def roster_from_data(
    raw: Mapping[str, Any], file: str | None = None
) -> BsRosterFile | list[Problem]:
    """The roster a parsed ``warband.bsroster`` document holds, or every problem in it,
    each with its key path (the file reader adds lines). The ``format`` is checked first
    (``check_format``): a document of another format gets that one problem."""
    refused = check_format(raw, file)
    if refused is not None:
        return [refused.problem]
    body = {k: v for k, v in raw.items() if k != "format"}
    table = plain_tables(body)
    if table is None:  # not as warband writes it: the schema says what is wrong, if anything
        from model.bsdata.roster_schema import checked_tables

        found = checked_tables(body, file)
        if isinstance(found, list):
            return found
        table = found
    return _Builder(file).roster(table)


class _Builder:
    """Checked tables to frozen values: ids made where left out, and checked unique;
    depth and counts bounded (``model.bsdata.roster_bounds``)."""

    def __init__(self, file: str | None) -> None:
        self.file = file
        self.problems: list[Problem] = []
        self.ids: dict[str, KeyPath] = {}
        self.selections = 0
        self.forces = 0

    def problem(self, message: str, path: KeyPath, hint: str | None = None) -> None:
        self.problems.append(Problem(message, self.file, path, hint=hint))

    def roster(self, table: RosterTable) -> BsRosterFile | list[Problem]:
        forces = tuple(
            self.force(f, f"f{n}", ("forces", n), 1) for n, f in enumerate(table.forces, 1)
        )
        seen: set[str] = set()
        for n, limit in enumerate(table.cost_limits, 1):
            if limit.type_id in seen:
                self.problem(
                    f"a second limit of cost type '{limit.type_id}'",
                    ("cost_limits", n, "type_id"),
                    hint="keep one limit per cost type",
                )
            seen.add(limit.type_id)
        if self.problems:
            return self.problems
        roster = BsRoster(
            id=table.id or made_roster_id(table.game_system_id, table.name),
            name=table.name,
            game_system_id=table.game_system_id,
            game_system_name=table.game_system_name,
            game_system_revision=table.game_system_revision,
            cost_limits=tuple(CostLimit(c.type_id, float(c.value)) for c in table.cost_limits),
            forces=forces,
            custom_notes=table.notes,
        )
        return BsRosterFile(table.system, roster)

    def own_id(self, given: str | None, made: str, path: KeyPath) -> str:
        found = given or made
        if found in self.ids:
            first = self.ids[found]
            self.problem(
                f"the id '{found[:60]}' is also the id of {format_path(first)}",
                (*path, "id"),
                hint="give each force and selection its own id (or leave it out: "
                "warband makes one)",
            )
        else:
            self.ids[found] = path
        return found

    def force(self, table: ForceTable, made: str, path: KeyPath, depth: int) -> Force:
        self.forces += 1
        if self.forces == MAX_FORCES + 1:
            self.problem(f"more than {MAX_FORCES} forces", path, hint="a roster has a few")
        force_id = self.own_id(table.id, made, path)
        if depth > MAX_FORCE_DEPTH:
            self.problem(
                f"forces nest more than {MAX_FORCE_DEPTH} deep here",
                path,
                hint="a force holds forces a level or two deep",
            )
            return Force(force_id, table.entry_id, table.catalogue_id, table.name)
        return Force(
            id=force_id,
            entry_id=table.entry_id,
            catalogue_id=table.catalogue_id,
            name=table.name,
            catalogue_name=table.catalogue_name,
            custom_name=table.custom_name,
            note=table.note,
            selections=tuple(
                self.selection(s, f"{made}-s{n}", (*path, "selections", n), 1)
                for n, s in enumerate(table.selections, 1)
            ),
            forces=tuple(
                self.force(f, f"{made}-f{n}", (*path, "forces", n), depth + 1)
                for n, f in enumerate(table.forces, 1)
            ),
            custom_categories=self.categories(table.categories, path),
        )

    def categories(
        self, tables: tuple[CategoryTable, ...], path: KeyPath
    ) -> tuple[CustomCategory, ...]:
        """The force's named categories, each once; one with neither a name nor notes is
        nothing and is dropped (as the edit drops it)."""
        out: dict[str, CustomCategory] = {}
        for n, table in enumerate(tables, 1):
            if table.entry_id in out:
                self.problem(
                    f"a second category '{table.entry_id[:60]}'",
                    (*path, "categories", n, "entry_id"),
                    hint="give each category its name and notes once",
                )
            elif table.custom_name or table.note:
                out[table.entry_id] = CustomCategory(table.entry_id, table.custom_name, table.note)
        return tuple(out.values())

    def selection(self, table: SelectionTable, made: str, path: KeyPath, depth: int) -> Selection:
        self.selections += 1
        if self.selections == MAX_SELECTIONS + 1:
            self.problem(
                f"more than {MAX_SELECTIONS:,} selections by here",
                path,
                hint="check that this is the right file: a big army has a few hundred",
            )
        selection_id = self.own_id(table.id, made, path)
        inner: tuple[Selection, ...] = ()
        if depth >= MAX_SELECTION_DEPTH and table.selections:
            self.problem(
                f"selections nest more than {MAX_SELECTION_DEPTH} deep here",
                (*path, "selections"),
                hint="a unit's selections go a few levels deep",
            )
        else:
            inner = tuple(
                self.selection(s, f"{made}-s{n}", (*path, "selections", n), depth + 1)
                for n, s in enumerate(table.selections, 1)
            )
        return Selection(
            id=selection_id,
            entry_id=table.entry_id,
            name=table.name,
            number=table.number,
            entry_group_id=table.entry_group_id,
            type=table.type,
            custom_name=table.custom_name,
            note=table.note,
            selections=inner,
        )


def made_roster_id(game_system_id: str, name: str) -> str:
    """An id for a roster written without one, in BattleScribe's shape (four groups of
    four hex digits), the same every time for the same game system and name."""
    digest = hashlib.sha256(f"{game_system_id}\n{name}".encode("utf-8", "replace")).hexdigest()
    return "-".join(digest[i : i + 4] for i in range(0, 16, 4))


def key_paths(roster: BsRoster) -> dict[str, KeyPath]:
    """Each force's and selection's key path in the roster's file, by id
    (``forces[1].selections[2]``), so a finding about a selection can be placed at its
    line (``saves.roster_file.RosterSource.place``)."""
    out: dict[str, KeyPath] = {}
    stack: list[tuple[Force | Selection, KeyPath]] = [
        (f, ("forces", n)) for n, f in enumerate(roster.forces, 1)
    ]
    while stack:
        item, path = stack.pop()
        out.setdefault(item.id, path)
        stack.extend((s, (*path, "selections", n)) for n, s in enumerate(item.selections, 1))
        if isinstance(item, Force):
            stack.extend((f, (*path, "forces", n)) for n, f in enumerate(item.forces, 1))
    return out


def roster_to_data(
    saved: BsRosterFile, cost_names: Mapping[str, str] | None = None
) -> dict[str, Any]:
    """The document ``roster_from_data`` reads back as the same roster, keys in the order
    a person reads them and defaults left out (number 1, type upgrade, empty texts).

    ``cost_names`` (cost type id to name, from the game system) names each cost limit
    for people; without it the limits carry their ids only."""
    names = cost_names or {}
    roster = saved.roster
    doc: dict[str, Any] = {"format": FORMAT, "system": saved.system, "name": roster.name}
    doc["id"] = roster.id
    doc["game_system_id"] = roster.game_system_id
    _put(doc, "game_system_name", roster.game_system_name)
    if roster.game_system_revision:
        doc["game_system_revision"] = roster.game_system_revision
    _put(doc, "notes", roster.custom_notes)
    if roster.cost_limits:
        doc["cost_limits"] = [_limit_data(c, names.get(c.type_id, "")) for c in roster.cost_limits]
    if roster.forces:
        doc["forces"] = [_force_data(f) for f in roster.forces]
    return doc


def _limit_data(limit: CostLimit, name: str) -> dict[str, Any]:
    out: dict[str, Any] = {"type_id": limit.type_id}
    _put(out, "name", name)
    out["value"] = _plain(limit.value)
    return out


def _force_data(force: Force) -> dict[str, Any]:
    out: dict[str, Any] = {"id": force.id, "entry_id": force.entry_id}
    _put(out, "name", force.name)
    out["catalogue_id"] = force.catalogue_id
    _put(out, "catalogue_name", force.catalogue_name)
    _put(out, "custom_name", force.custom_name)
    _put(out, "note", force.note)
    if force.selections:
        out["selections"] = [_selection_data(s) for s in force.selections]
    if force.forces:
        out["forces"] = [_force_data(f) for f in force.forces]
    if force.custom_categories:
        out["categories"] = [_category_data(c) for c in force.custom_categories]
    return out


def _category_data(category: CustomCategory) -> dict[str, Any]:
    out: dict[str, Any] = {"entry_id": category.entry_id}
    _put(out, "custom_name", category.custom_name)
    _put(out, "note", category.note)
    return out


def _selection_data(selection: Selection) -> dict[str, Any]:
    out: dict[str, Any] = {"id": selection.id, "entry_id": selection.entry_id}
    if selection.entry_group_id is not None:
        out["entry_group_id"] = selection.entry_group_id
    _put(out, "name", selection.name)
    if selection.number != 1:
        out["number"] = selection.number
    if selection.type != "upgrade":
        out["type"] = selection.type
    _put(out, "custom_name", selection.custom_name)
    _put(out, "note", selection.note)
    if selection.selections:
        out["selections"] = [_selection_data(s) for s in selection.selections]
    return out


def _put(out: dict[str, Any], key: str, text: str) -> None:
    if text:
        out[key] = text


def _plain(value: float) -> int | float:
    """50.0 as 50, as a person writes it (read back, it is 50.0 again)."""
    return int(value) if math.isfinite(value) and value.is_integer() else value
