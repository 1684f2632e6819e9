"""Battle files (``warband.battle/3``): a battle's setup and its event log, as TOML.

A battle file is complete on its own: the header (system, catalog version,
scenario, turn limit, dice seed), both sides (player, faction, the list as it was
when the battle started: one of ours, or one over BattleScribe data), every model's
snapshot (``[[models]]``), the catalog's tracker rules (``[tracker]``; for a game
with BattleScribe data those made from the players' choices, kept in ``[choices]``),
the events in order (``[[events]]``), the undone events still to redo
(``[[undone]]``, next first) and, written last, ``[end]`` with the number of each, so
a file that was cut short is never read as a shorter battle::

    format = "warband.battle/3"
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
    [choices]    # a game with BattleScribe data: the players' once-per-game choices
    damage = "Hull Points"
    ...
    [[events]]  # 1
    kind = "roll-off"
    first = 0
    ...
    [end]
    events = 1
    undone = 0

This module holds that layout: the format and its version, the migrations of older
versions, and the schema a file's data is checked against (``BattleDocument``), whose
head and sides are the setup's own fields (``model.battle.setup.SetupHead``,
``model.battle.forces.SideHead``: a key is added there, once). Apart because writing
(``saves.battle_file``) and reading (``saves.battle_read``) both follow it.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from typing import Any

from pydantic import Field

from model.battle.events import Event
from model.battle.forces import ModelSnap, SideHead
from model.battle.setup import SetupHead
from model.core.bounds import MAX_EVENTS, MAX_LIST_MODELS, MAX_SIDES

CURRENT_VERSION = 3
FORMAT = f"warband.battle/{CURRENT_VERSION}"
FORMAT_RE = re.compile(r"warband\.battle/([0-9]{1,9})")
END_RE = re.compile(r"^\[end\][ \t]*(#.*)?$", re.MULTILINE)

Migration = Callable[[dict[str, Any]], dict[str, Any]]


def _from_1(raw: dict[str, Any]) -> dict[str, Any]:
    """Version 2 added ``passed`` to an end of turn (the idle turns recorded with it,
    undone with it in one step); an end of turn of version 1 has none, which reads as
    an end of turn on its own: nothing to change. A version-1 warband refuses a
    version-2 file as newer rather than failing on the key it does not know."""
    return raw


def _from_2(raw: dict[str, Any]) -> dict[str, Any]:
    """A version-2 battle as version 3: unchanged, since all version 3 added is
    optional and a version-2 battle has none of it: a side's list over BattleScribe data
    (``[sides.roster]`` with its ``game_system_id``), a model's force, profiles and
    rules, and the players' per-game choices (``[choices]``). A version-2 warband
    refuses a version-3 file as newer rather than misreading it. History: version 3
    came with battles over BattleScribe lists (issue 34)."""
    return raw


MIGRATIONS: Mapping[int, Migration] = {1: _from_1, 2: _from_2}
"""Migrations by the version they upgrade from: ``MIGRATIONS[n]`` turns a version-n
document into version n+1."""


# --- the document, as the file holds it ------------------------------------------------------


class BattleDocument(SetupHead):
    """A battle file's content after ``format`` and ``[end]`` are checked and removed: the
    setup's head (``model.battle.setup.SetupHead``, the one definition of those keys,
    read here and written by ``saves.battle_toml``), each side without its models
    (``SideHead``, likewise), every model in ``[[models]]``, and the log."""

    sides: tuple[SideHead, ...] = Field(max_length=MAX_SIDES)
    models: tuple[ModelSnap, ...] = Field(max_length=MAX_SIDES * MAX_LIST_MODELS)
    events: tuple[Event, ...] = Field(default=(), max_length=MAX_EVENTS)
    undone: tuple[Event, ...] = Field(default=(), max_length=MAX_EVENTS)
