"""Battle files (``warband.battle/2``): a battle's setup and its event log, as TOML.

A battle file is complete on its own: the header (system, catalog version,
scenario, turn limit, dice seed), both sides (player, faction, the list as it was
when the battle started), every model's snapshot (``[[models]]``), the catalog's
tracker rules (``[tracker]``), the events in order (``[[events]]``), the undone
events still to redo (``[[undone]]``, next first) and, written last, ``[end]``
with the number of each, so a file that was cut short is never read as a
shorter battle::

    format = "warband.battle/2"
    system = "punkapocalyptic"
    ...
    [[sides]]
    player = "Ann"
    faction = "Gangers"
    [sides.roster]
    ...
    [[models]]
    id = "A1"
    ...
    [tracker]
    ...
    [[events]]  # 1
    kind = "roll-off"
    first = 0
    ...
    [end]
    events = 1
    undone = 0

This module holds that layout: the format and its version, the migrations of older
versions, and the schema a file's data is checked against (``BattleDocument``). Apart
because writing (``saves.battle_file``) and reading (``saves.battle_read``) both
follow it.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from typing import Any

from pydantic import Field

from model.battle.events import Event
from model.battle.forces import ModelSnap
from model.catalog.tracker import Tracker
from model.core.base import Frozen, Id, Text
from model.core.bounds import MAX_EVENTS, MAX_LIST_MODELS, MAX_SIDES, Seed, TurnLimit
from model.roster.roster import Roster

FORMAT = "warband.battle/2"
CURRENT_VERSION = 2
FORMAT_RE = re.compile(r"warband\.battle/([0-9]{1,9})")
END_RE = re.compile(r"^\[end\][ \t]*(#.*)?$", re.MULTILINE)

Migration = Callable[[dict[str, Any]], dict[str, Any]]


def _from_1(raw: dict[str, Any]) -> dict[str, Any]:
    """Version 2 added ``passed`` to an end of turn (the idle turns recorded with it,
    undone with it in one step); an end of turn of version 1 has none, which reads as
    an end of turn on its own: nothing to change. A version-1 warband refuses a
    version-2 file as newer rather than failing on the key it does not know."""
    return raw


MIGRATIONS: Mapping[int, Migration] = {1: _from_1}
"""Migrations by the version they upgrade from: ``MIGRATIONS[n]`` turns a version-n
document into version n+1."""


# --- the document, as the file holds it ------------------------------------------------------


class SideDoc(Frozen):
    """One side as written in the file: its models are in the top-level ``[[models]]``."""

    player: Text
    faction: Text
    roster: Roster


class BattleDocument(Frozen):
    """A battle file's content after ``format`` and ``[end]`` are checked and removed."""

    system: Id
    system_name: Text
    catalog_version: Text
    scenario: str = ""
    turn_limit: TurnLimit
    seed: Seed
    sides: tuple[SideDoc, ...] = Field(max_length=MAX_SIDES)
    models: tuple[ModelSnap, ...] = Field(max_length=MAX_SIDES * MAX_LIST_MODELS)
    tracker: Tracker
    events: tuple[Event, ...] = Field(default=(), max_length=MAX_EVENTS)
    undone: tuple[Event, ...] = Field(default=(), max_length=MAX_EVENTS)
