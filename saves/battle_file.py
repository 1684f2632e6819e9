"""Battle files (``warband.battle/1``): a battle's setup and its event log, as TOML.

A battle file is complete on its own: the header (system, catalog version,
scenario, turn limit, dice seed), both sides (player, faction, the list as it was
when the battle started), every model's snapshot (``[[models]]``), the catalog's
tracker rules (``[tracker]``), the events in order (``[[events]]``), the undone
events still to redo (``[[undone]]``, next first) and, written last, ``[end]``
with the number of each, so a file that was cut short is never read as a
shorter battle::

    format = "warband.battle/1"
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

Values left at their default are not written in the setup (as in a catalog);
events are written in full, except values that are not set (``None``).

``write_battle`` saves atomically and keeps the previous file as ``<name>.bak``;
it is meant to run after every event. ``read_battle`` checks the file in steps,
each with its own message: UTF-8 TOML (line and column), the format version
(newer ones are refused, never misread), the schema (key path, line, "did you
mean"), the ``[end]`` table, and finally the rules themselves: every event is
replayed and the first one the rules refuse is named. Every message about a
damaged file also says whether ``<name>.bak`` exists and how to open it.
"""

from __future__ import annotations

import json
import math
import re
import threading
from collections.abc import Callable, Mapping
from dataclasses import replace
from pathlib import Path
from typing import Any, get_args

from pydantic import Field, ValidationError

from model.battle.battle import Battle
from model.battle.events import Event
from model.battle.forces import SIDE_LETTERS, ModelSnap, SideSetup
from model.battle.refused import Refused
from model.battle.setup import BattleSetup
from model.catalog.tracker import Tracker
from model.core.base import Frozen, Id, Text
from model.core.bounds import (
    MAX_BATTLE_BYTES,
    MAX_EVENTS,
    MAX_LIST_MODELS,
    MAX_SIDES,
    Seed,
    TurnLimit,
)
from model.core.problems import BattleError, KeyPath, Problem, SaveError, sorted_problems
from model.core.safe_text import clean_data
from model.parse.schema_errors import number_text, problems_from
from model.parse.toml_text import MAX_BYTES, KeyLines, parse
from model.roster.roster import Roster
from saves.atomic import write_atomic

FORMAT = "warband.battle/1"
CURRENT_VERSION = 1
_FORMAT_RE = re.compile(r"warband\.battle/([0-9]{1,9})")
_END_RE = re.compile(r"^\[end\][ \t]*(#.*)?$", re.MULTILINE)

Migration = Callable[[dict[str, Any]], dict[str, Any]]
MIGRATIONS: Mapping[int, Migration] = {}
"""Migrations by the version they upgrade from: ``MIGRATIONS[n]`` turns a version-n
document into version n+1. Version 1 is the first, so there are none yet."""


class BattleFileError(BattleError):
    """A battle file that cannot be read; ``backup`` is its ``<name>.bak`` when one exists
    (the app can offer to open it). ``damaged`` is False for a whole file this warband
    cannot read (a newer format): going on from the backup would set aside a good file."""

    def __init__(
        self,
        title: str,
        problems: list[Problem] | tuple[Problem, ...] = (),
        *,
        backup: Path | None,
        damaged: bool = True,
    ) -> None:
        self.backup = backup
        self.damaged = damaged
        super().__init__(title, problems)


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


# --- writing -----------------------------------------------------------------------------------

_SETUP_CACHE: list[tuple[BattleSetup, str]] = []
"""The rendered setup of the battles saved last, by identity: a battle saved after every
event keeps its setup object, so only its events are rendered again."""


def battle_to_toml(battle: Battle) -> str:
    """The battle as readable TOML (see the module's docstring)."""
    parts = [_setup_text(battle.setup)]
    if battle.events:
        parts.append("\n# What happened at the table, in order.\n")
        parts.extend(_LOG.blocks(battle.events))
    if battle.undone:
        parts.append("\n# Undone events, the next to redo first.\n")
        for n, event in enumerate(battle.undone, start=1):
            parts.append(f"\n[[undone]]  # {n}\n{_event_body(event)}")
    parts.append(
        "\n# Written last: a file without this table was cut short.\n"
        f"[end]\nevents = {len(battle.events)}\nundone = {len(battle.undone)}\n"
    )
    return "".join(parts)


class _LogBlocks:
    """The ``[[events]]`` blocks of the log saved last, kept for the next save.

    The tracker saves after every event, and from one save to the next the log only
    grows or shrinks at its end (record, undo, redo): the blocks of the events the two
    logs share are reused, so a save renders only what changed, not the whole log
    (at 10,000 events rendering everything took most of a frame). Logs are compared
    element by element, which for shared events is a pointer comparison."""

    def __init__(self) -> None:
        self._events: tuple[Event, ...] = ()
        self._blocks: list[str] = []
        self._lock = threading.Lock()

    def blocks(self, events: tuple[Event, ...]) -> tuple[str, ...]:
        """The blocks of ``events``, in order."""
        with self._lock:
            return tuple(self._update(events))

    def _update(self, events: tuple[Event, ...]) -> list[str]:
        known = self._events
        same = min(len(known), len(events))
        if events[:same] != known[:same]:
            same = 0
            while same < len(known) and same < len(events) and events[same] == known[same]:
                same += 1
        blocks = self._blocks[:same] if same < len(self._blocks) else self._blocks
        for n in range(same, len(events)):
            blocks.append(f"\n[[events]]  # {n + 1}\n{_event_body(events[n])}")
        self._events, self._blocks = events, blocks
        return blocks


_LOG = _LogBlocks()


def write_battle(path: Path | str, battle: Battle) -> None:
    """Save a battle atomically, keeping the previous file as ``<name>.bak``; raises
    ``SaveError`` and leaves the old file if it fails, or if the file would be larger
    than warband reads (``MAX_BATTLE_BYTES``): a battle is never saved that cannot be
    opened again."""
    data = battle_to_toml(battle).encode("utf-8")
    if len(data) > MAX_BATTLE_BYTES:
        raise SaveError(
            f"could not save {path}",
            [
                Problem(
                    f"the battle would take {len(data):,} bytes, over the "
                    f"{MAX_BATTLE_BYTES:,} warband reads; the file as saved last is unchanged",
                    str(path),
                    hint="end this battle and go on in a new one",
                )
            ],
        )
    write_atomic(path, data, backup=True)


def restore_backup(path: Path | str) -> tuple[Battle, Path]:
    """Go on from ``<name>.bak`` after ``path`` proved damaged: the damaged file is kept as
    ``<name>.damaged`` (nothing is thrown away), the backup is copied back to ``path``, and
    the battle read from it is returned with where the damaged copy went. Raises
    ``BattleFileError`` if the backup cannot be read either (then nothing is moved) and
    ``SaveError`` if the files cannot be moved."""
    path = Path(path)
    backup = path.with_name(path.name + ".bak")
    data = _read_bytes(backup)
    battle = battle_from_bytes(data, str(backup), path=backup)
    damaged = path.with_name(path.name + ".damaged")
    try:
        if path.exists():
            path.replace(damaged)
    except OSError as exc:
        raise SaveError(
            f"could not set aside {path}",
            [Problem(exc.strerror or str(exc), str(path), hint="move it away yourself")],
        ) from None
    write_atomic(path, data)
    return battle, damaged


def _read_bytes(path: Path) -> bytes:
    try:
        return path.read_bytes()
    except OSError as exc:
        raise BattleFileError(
            f"cannot read {path}", [Problem(exc.strerror or str(exc), str(path))], backup=None
        ) from None


def _setup_text(setup: BattleSetup) -> str:
    for known, text in _SETUP_CACHE:
        if known is setup:
            return text
    text = _render_setup(setup)
    _SETUP_CACHE[:] = [(setup, text), *_SETUP_CACHE[:3]]
    return text


def _render_setup(setup: BattleSetup) -> str:
    out: list[str] = [
        f"format = {_string(FORMAT)}\n",
        f"system = {_string(setup.system)}\n",
        f"system_name = {_string(setup.system_name)}\n",
        f"catalog_version = {_string(setup.catalog_version)}\n",
        f"scenario = {_string(setup.scenario)}\n",
        f"turn_limit = {setup.turn_limit}\n",
        f"seed = {setup.seed}\n",
        "\n# The players and their lists as the battle started.\n",
    ]
    for side in setup.sides:
        head = {"player": side.player, "faction": side.faction, "roster": side.roster}
        _table(out, "sides", _plain(head), aot=True, in_aot=False)
    out.append("\n# Every model on the table: profile, gear and points, copied at the start.\n")
    for side in setup.sides:
        for model in side.models:
            _table(out, "models", _plain(model), aot=True, in_aot=False)
    out.append("\n# The tracker rules of the catalog, copied at the start.\n")
    _table(out, "tracker", _plain(setup.tracker), aot=False, in_aot=False)
    return "".join(out)


def _plain(value: Any) -> Any:
    """A model as plain TOML data: ``None`` and defaults dropped, sets sorted."""
    if isinstance(value, Frozen):
        return _plain(value.model_dump(exclude_none=True, exclude_defaults=True))
    if isinstance(value, Mapping):
        return {str(k): _plain(v) for k, v in value.items() if v is not None}
    if isinstance(value, list | tuple):
        return [_plain(v) for v in value]
    if isinstance(value, set | frozenset):
        return sorted(_plain(v) for v in value)
    return value


_INLINE_WIDTH = 100
_ROW_WIDTH = 120


def _table(out: list[str], name: str, table: dict[str, Any], *, aot: bool, in_aot: bool) -> None:
    """Write a table: its header, its plain keys, then its sub-tables.

    Small tables are written inline, and lists of tables as one inline table a line.
    A list of long tables becomes ``[[...]]`` blocks only outside other arrays of
    tables: nested ones would make the line of a key ambiguous for error messages.
    """
    inside = in_aot or aot
    keys: list[str] = []
    tables: list[tuple[str, dict[str, Any]]] = []
    arrays: list[tuple[str, list[dict[str, Any]]]] = []
    for key, value in table.items():
        line = f"{_key(key)} = "
        if isinstance(value, dict):
            inline = _inline(value)
            if len(line) + len(inline) <= _INLINE_WIDTH:
                keys.append(line + inline)
            else:
                tables.append((key, value))
        elif isinstance(value, list) and value and all(isinstance(v, dict) for v in value):
            rows = [_inline(v) for v in value]
            if not inside and any(len(r) > _ROW_WIDTH for r in rows):
                arrays.append((key, value))
            elif len(rows) == 1 and len(line) + len(rows[0]) + 2 <= _INLINE_WIDTH:
                keys.append(f"{line}[{rows[0]}]")
            else:
                keys.append(line + "[\n" + "".join(f"    {r},\n" for r in rows) + "]")
        else:
            keys.append(line + _literal(value))
    out.append(f"\n[[{name}]]\n" if aot else f"\n[{name}]\n")
    out.extend(k + "\n" for k in keys)
    for key, sub in tables:
        _table(out, f"{name}.{_key(key)}", sub, aot=False, in_aot=inside)
    for key, items in arrays:
        for item in items:
            _table(out, f"{name}.{_key(key)}", item, aot=True, in_aot=inside)


def _inline(table: Mapping[str, Any]) -> str:
    if not table:
        return "{}"
    return "{ " + ", ".join(f"{_key(k)} = {_literal(v)}" for k, v in table.items()) + " }"


def _literal(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        if math.isfinite(value):
            return repr(value)
        return "nan" if math.isnan(value) else ("inf" if value > 0 else "-inf")
    if isinstance(value, str):
        return _string(value)
    if isinstance(value, list | tuple):
        return "[" + ", ".join(_literal(v) for v in value) + "]"
    if isinstance(value, Mapping):
        return _inline(value)
    raise TypeError(f"cannot write {type(value).__name__} to a battle file")


_BARE_KEY = re.compile(r"[A-Za-z0-9_-]+")
_ESCAPE = re.compile(r'[\x00-\x08\x0a-\x1f\x7f"\\]')
_ESCAPES = {"\b": "\\b", "\n": "\\n", "\f": "\\f", "\r": "\\r", '"': '\\"', "\\": "\\\\"}


def _key(key: str) -> str:
    return key if _BARE_KEY.fullmatch(key) else _string(key)


def _string(text: str) -> str:
    """A TOML basic string: quotes, backslashes and control characters escaped."""
    return '"' + _ESCAPE.sub(_escape, text) + '"'


def _escape(found: re.Match[str]) -> str:
    char = found.group()
    return _ESCAPES.get(char) or f"\\u{ord(char):04x}"


_EVENT_CACHE: dict[Event, str] = {}


def _event_body(event: Event) -> str:
    """An event's keys, one a line (equal events are written alike, so they are cached)."""
    text = _EVENT_CACHE.get(event)
    if text is None:
        data = event.model_dump(exclude_none=True)
        if not data.get("values", True):
            del data["values"]  # a roll applied with no dice for its effects
        text = "".join(f"{_key(k)} = {_literal(_plain(v))}\n" for k, v in data.items())
        if len(_EVENT_CACHE) >= 4096:
            _EVENT_CACHE.clear()
        _EVENT_CACHE[event] = text
    return text


# --- reading -----------------------------------------------------------------------------------


_LOG_START = re.compile(r"^\[\[events\]\]|^\[\[undone\]\]|^\[end\]", re.MULTILINE)
"""Where a battle file's log begins: the first of its own table headers."""
_TABLE = "^"
"""The key that names each table in the JSON the log is turned into (no TOML key has it)."""
_MAY_HOLD_CONTROL = re.compile(r"[\\\x80-\x9f]")
"""A backslash (an escape) or a raw C1 control character: the data must be cleaned
(``model.core.safe_text``) as ``parse`` cleans it."""
_C = r"[ \t]*+(?:#[^\x00-\x08\x0a-\x1f\x7f]*+)?+\n"
"""The end of a header line: spaces, maybe a comment (TOML allows no control character in
one)."""
_INT = r"-?+(?:0|[1-9][0-9]{0,17}+)"
_STRING = r'"(?:[^"\\\x00-\x1f\x7f]++|\\["\\bfnrt]|\\u[0-9A-Fa-f]{4}+)*+"'
_VALUE = rf"(?:true|false|{_INT}|{_STRING}|\[(?:{_INT}(?:, {_INT})*+)?+\])"


def _event_keys() -> tuple[str, ...]:
    keys: set[str] = set()
    for member in get_args(get_args(Event)[0]):
        keys.update(member.model_fields)
    return tuple(sorted(keys))


_LOG_KEYS = (*_event_keys(), "events", "undone")
"""The keys of events and of ``[end]``: the only keys of a log read without ``tomllib``,
so a long file cannot hold more than a few dozen per table."""
_LOG_TEXT = re.compile(
    rf"(?:(?:{'|'.join(_LOG_KEYS)}) = {_VALUE}\n"
    rf"|\[\[(?:events|undone)\]\]{_C}|\[end\]{_C}|(?:#[^\x00-\x08\x0a-\x1f\x7f]*+)?+\n)*+"
)
"""The log as warband writes it: table headers, ``key = value`` lines of the keys events
have, with plain values (a whole number, true or false, a string, a list of whole numbers),
blank lines and comments. Every such text is valid TOML, read to the same data as
``tomllib`` reads it."""
_HEADERS = tuple(
    (re.compile(rf"^\[{table}\]{_C}", re.MULTILINE), f'}},{{"{_TABLE}":"{name}"\n')
    for table, name in ((r"\[events\]", "events"), (r"\[undone\]", "undone"), ("end", "end"))
)
_OTHER_LINE = re.compile(r"^(?:#[^\n]*+)?+\n", re.MULTILINE)
_SURROGATE = re.compile(r"\\u[dD][89a-fA-F]")
"""An escaped UTF-16 surrogate: JSON reads it, TOML refuses it."""


class _NotOurs(Exception):
    """The text is not laid out as warband writes battles: read it with ``tomllib``."""


def _parse_log(log: str) -> dict[str, Any]:
    """The tables of a log laid out as warband writes it, as ``tomllib`` would read them.

    ``tomllib`` spends about 15 microseconds per key. A log of plain ``key = value``
    lines is checked by one regular expression, turned into JSON by substitutions that
    run in C (each line stays a line, so the patterns find line starts) and read by
    ``json``, so a long battle opens in a fraction of that time. Anything else (another
    layout, a key no event has, a key written twice, more tables than a battle holds)
    raises ``_NotOurs``."""
    if not log.endswith("\n"):
        log += "\n"
    if "\r" in log or "\x7f" in log or _SURROGATE.search(log):
        raise _NotOurs
    if log.count("\n[") > 2 * MAX_EVENTS + 2 or _LOG_TEXT.fullmatch(log) is None:
        raise _NotOurs
    body = log
    for key in _LOG_KEYS:  # strings hold no line break: "\nkey = " starts a line
        body = body.replace(f"\n{key} = ", f'\n,"{key}":')
    for pattern, header in _HEADERS:
        body = pattern.sub(header, body)
    body = _OTHER_LINE.sub("", body)
    try:
        tables = json.loads(f'[{{"{_TABLE}":""{body}}}]')
    except ValueError:
        raise _NotOurs from None
    data: dict[str, Any] = {}
    keys = 0
    for table in tables[1:]:
        name = table.pop(_TABLE)
        keys += len(table)
        if name != "end":
            data.setdefault(name, []).append(table)
        elif "end" in data:
            raise _NotOurs  # tomllib says where
        else:
            data["end"] = table
    if keys != body.count('\n,"'):
        raise _NotOurs  # a key written twice in a table: tomllib says where
    if len(data.get("events", ())) + len(data.get("undone", ())) > MAX_EVENTS:
        raise _NotOurs
    return data


def _parse_battle(data: bytes, name: str) -> dict[str, Any]:
    """The file's TOML data. Its head (setup, lists, tracker rules) is read by ``parse``
    like any file; its log, when laid out as warband writes it, by ``_parse_log``.
    Anything else is read whole by ``parse``, as every file was before, up to its size
    limit (``MAX_BYTES``): a longer battle can only be one warband wrote."""
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        text = ""
    start = _LOG_START.search(text)
    if start is not None:
        try:
            head = parse(text[: start.start()].encode("utf-8"), name, _not_ours)
            if not head.keys() & {"events", "undone", "end"}:
                log = _parse_log(text[start.start() :])
                if _MAY_HOLD_CONTROL.search(text, start.start()):
                    log = clean_data(log)
                return {**head, **log}
        except _NotOurs:
            pass
    if len(data) > MAX_BYTES:
        if not _END_RE.search(text):
            raise BattleError(f"{name} is incomplete", [])  # cut short: the caller says so
        raise BattleError(
            f"{name} is too large to read",
            [
                Problem(
                    f"it is over {MAX_BYTES:,} bytes and not laid out as warband writes "
                    "battles, the only way warband reads a battle of that size",
                    name,
                    hint="check that this is the right file; a battle edited by hand "
                    "must keep its [[events]] as key = value lines",
                )
            ],
        )
    return parse(data, name, lambda title, problems: BattleError(title, problems))


def _not_ours(title: str, problems: list[Problem]) -> Exception:
    return _NotOurs(title)


def read_battle(path: Path | str) -> Battle:
    """Read a battle file and replay its events, or raise ``BattleFileError`` (a
    ``BattleError``) saying what is wrong, where, and whether a backup exists."""
    name = str(path)
    path = Path(path)
    backup = _backup_of(path)
    try:
        with path.open("rb") as stream:
            # never more than the size limit: a huge file (or /dev/zero) is refused, not read
            data = stream.read(MAX_BATTLE_BYTES + 1)
    except FileNotFoundError:
        raise _error(
            f"cannot read {name}",
            [Problem("no such file", name, hint="check the folder and the file name")],
            path,
            backup,
            damaged=backup is not None,
        ) from None
    except IsADirectoryError:
        raise _error(
            f"cannot read {name}",
            [Problem("that is a folder", name, hint="give the path of a battle file in it")],
            path,
            backup,
            damaged=False,
        ) from None
    except PermissionError:
        raise _error(
            f"cannot read {name}",
            [Problem("permission denied", name, hint="check that your user may read the file")],
            path,
            backup,
            damaged=False,
        ) from None
    except OSError as exc:
        raise _error(
            f"cannot read {name}", [Problem(exc.strerror or str(exc), name)], path, backup
        ) from None
    return battle_from_bytes(data, name, backup=backup, path=path)


def battle_from_bytes(
    data: bytes, name: str, *, backup: Path | None = None, path: Path | None = None
) -> Battle:
    """Parse, check and replay battle bytes; ``name`` labels the messages."""
    where = path or Path(name)
    if len(data) > MAX_BATTLE_BYTES or (
        len(data) > MAX_BYTES and not _FORMAT_RE.search(data[:4096].decode("utf-8", "replace"))
    ):
        most = MAX_BATTLE_BYTES if len(data) > MAX_BATTLE_BYTES else MAX_BYTES
        raise _error(
            f"{name} is too large to read",
            [
                Problem(
                    f"it is over {most:,} bytes, the most warband reads",
                    name,
                    hint="check that this is the right file: a battle of a few hundred "
                    "events is well under 100 kB",
                )
            ],
            where,
            backup,
        )
    try:
        raw = _parse_battle(data, name)
    except BattleError as exc:
        text = data.decode("utf-8", "replace")
        if _FORMAT_RE.search(text[:4096]) and not _END_RE.search(text):
            # a battle file whose end is missing: it was cut short, the parse error says where
            last = text.count("\n") + 1
            problems = [
                p.at(line=last) if p.line is None and "end of the file" in p.message else p
                for p in exc.problems
            ]
            raise _error(
                f"{name} is incomplete: it was cut short",
                [*problems, _cut_short(name)],
                where,
                backup,
            ) from None
        raise _error(exc.title, exc.problems, where, backup) from None
    lines = _Lines(data)
    raw = _upgrade(raw, name, lines, where, backup)
    end = raw.pop("end", None)
    raw.pop("format", None)
    try:
        doc = BattleDocument.model_validate(raw)
    except ValidationError as exc:
        problems = [
            p.at(file=name, line=lines.line_of(p.path))
            for p in map(_at_kind, problems_from(exc, raw, BattleDocument, name))
        ]
        title = f"{name} is not a valid battle"
        if end is None:
            problems.append(_cut_short(name))
            title = f"{name} is incomplete: it was cut short"
        raise _error(title, sorted_problems(problems), where, backup) from None
    except RecursionError:
        raise _error(
            f"{name} is not a valid battle",
            [Problem("values are nested too deeply", name)],
            where,
            backup,
        ) from None
    _check_end(end, doc, name, lines, where, backup)
    setup = _setup(doc, name, lines, where, backup)
    battle = Battle(setup, doc.events, doc.undone)
    _replay(battle, name, lines, where, backup)
    return battle


def _at_kind(problem: Problem) -> Problem:
    """An unknown event kind is placed on its ``kind`` key, not on the whole event."""
    if problem.message.startswith("unknown kind") and problem.path[-1:] != ("kind",):
        return replace(problem, path=(*problem.path, "kind"))
    return problem


class _Lines:
    """The line of a key path, found only when a problem needs one."""

    def __init__(self, data: bytes) -> None:
        self._data = data
        self._lines: KeyLines | None = None

    def line_of(self, path: KeyPath) -> int | None:
        if self._lines is None:
            self._lines = KeyLines(self._data.decode("utf-8-sig"))
        return self._lines.line_of(path)


def _backup_of(path: Path) -> Path | None:
    bak = path.with_name(path.name + ".bak")
    try:
        return bak if bak.is_file() else None
    except OSError:
        return None


def _error(
    title: str, problems: Any, path: Path, backup: Path | None, *, damaged: bool = True
) -> BattleFileError:
    """The error, ending with where the backup is (or that there is none)."""
    found = list(problems)
    if damaged:
        found.append(_backup_note(path, backup))
    return BattleFileError(title, found, backup=backup, damaged=damaged)


def _backup_note(path: Path, backup: Path | None) -> Problem:
    if backup is None:
        return Problem(f"there is no backup ({path.name}.bak) next to it")
    return Problem(
        f"a backup from the previous save is at {backup}",
        hint=f"see it with: warband battle show {backup}; go on from it with: "
        f"warband battle resume --use-backup {path}",
    )


def _cut_short(name: str) -> Problem:
    return Problem(
        "the file ends before its [end] table, which warband writes last: it was cut short",
        name,
        hint="its last events may be lost",
    )


def _upgrade(
    raw: dict[str, Any], name: str, lines: _Lines, path: Path, backup: Path | None
) -> dict[str, Any]:
    fmt = raw.get("format")
    if not raw:
        raise _error(
            f"{name} is not a warband battle",
            [
                Problem(
                    "the file is empty",
                    name,
                    hint="warband battle new ROSTER ROSTER -o FILE starts a battle",
                )
            ],
            path,
            backup,
        )
    if fmt is None:
        raise _error(
            f"{name} is not a warband battle",
            [
                Problem(
                    "required but missing",
                    name,
                    ("format",),
                    hint=f'a battle file starts with format = "{FORMAT}"',
                )
            ],
            path,
            backup,
        )
    found = _FORMAT_RE.fullmatch(fmt) if isinstance(fmt, str) else None
    if found is None:
        hint = f'a battle file has format = "{FORMAT}"'
        if isinstance(fmt, str) and fmt.startswith("warband.roster/"):
            hint = "this is a roster (a list); start a battle with: warband battle new"
        raise _error(
            f"{name} is not a warband battle",
            [
                Problem(
                    f"{_shorten(repr(fmt))} is not a battle format",
                    name,
                    ("format",),
                    lines.line_of(("format",)),
                    hint=hint,
                )
            ],
            path,
            backup,
        )
    version = int(found.group(1))
    if version > CURRENT_VERSION:
        raise _error(
            f"{name} was saved by a newer warband",
            [
                Problem(
                    f"{fmt} is newer than this warband reads ({FORMAT})",
                    name,
                    ("format",),
                    lines.line_of(("format",)),
                    hint="update warband to open it; the file is unchanged",
                )
            ],
            path,
            backup,
            damaged=False,
        )
    while version < CURRENT_VERSION:
        migrate = MIGRATIONS.get(version)
        if migrate is None:
            raise _error(
                f"{name} uses an unknown old format",
                [
                    Problem(
                        f"format {fmt} cannot be upgraded",
                        name,
                        ("format",),
                        lines.line_of(("format",)),
                    )
                ],
                path,
                backup,
                damaged=False,
            )
        raw = migrate(raw)
        version += 1
    return raw


def _said(value: Any) -> str:
    """A value of the file in a message: a number by its length when it is long, any
    other value cut short, so a hostile file never fills the screen."""
    if isinstance(value, int) and not isinstance(value, bool):
        return number_text(value)
    return _shorten(repr(value))


def _shorten(text: str, width: int = 40) -> str:
    return text if len(text) <= width else text[: width - 3] + "..."


def _check_end(
    end: Any, doc: BattleDocument, name: str, lines: _Lines, path: Path, backup: Path | None
) -> None:
    """The ``[end]`` table is there and counts what the file holds."""
    if end is None:
        raise _error(f"{name} is incomplete: it was cut short", [_cut_short(name)], path, backup)
    problems: list[Problem] = []
    if not isinstance(end, dict):
        problems.append(Problem("expected a table", name, ("end",), lines.line_of(("end",))))
    else:
        for key in end:
            if key not in ("events", "undone"):
                problems.append(
                    Problem(
                        "unknown key",
                        name,
                        ("end", key),
                        lines.line_of(("end", key)),
                        hint="the keys here are events, undone",
                    )
                )
        for key, held in (("events", len(doc.events)), ("undone", len(doc.undone))):
            count = end.get(key)
            if count is None:
                problems.append(
                    Problem(
                        "required but missing",
                        name,
                        ("end", key),
                        lines.line_of(("end",)),
                        hint=f"add {key} = {held}",
                    )
                )
            elif type(count) is not int or count != held:
                problems.append(
                    Problem(
                        f"says {_said(count)} but the file holds {held} [[{key}]]",
                        name,
                        ("end", key),
                        lines.line_of(("end", key)),
                        hint="the file was cut short or edited; if you removed or added "
                        f"[[{key}]] yourself, set {key} = {held}",
                    )
                )
    if problems:
        raise _error(f"{name} is not a complete battle", problems, path, backup)


def _setup(
    doc: BattleDocument, name: str, lines: _Lines, path: Path, backup: Path | None
) -> BattleSetup:
    """The battle's setup, after checking that the models belong to the sides."""
    problems: list[Problem] = []
    if len(doc.sides) != 2:
        problems.append(
            Problem(
                f"a battle has two sides; this file has {len(doc.sides)}",
                name,
                ("sides",),
                lines.line_of(("sides",)),
            )
        )
    seen: set[str] = set()
    actors = {m.id: m.actor for m in doc.models}
    for n, model in enumerate(doc.models, start=1):
        at: KeyPath = ("models", n)
        if not 0 <= model.side < len(doc.sides):
            problems.append(
                Problem(
                    f"there is no side {model.side}",
                    name,
                    (*at, "side"),
                    lines.line_of((*at, "side")),
                    hint="sides count from 0: 0 is A, 1 is B",
                )
            )
        elif not model.id.startswith(SIDE_LETTERS[model.side]) or not model.id[1:].isdigit():
            problems.append(
                Problem(
                    f"'{model.id}' is not a model id of side {SIDE_LETTERS[model.side]}",
                    name,
                    (*at, "id"),
                    lines.line_of((*at, "id")),
                    hint=f"ids of side {model.side} are {SIDE_LETTERS[model.side]}1, "
                    f"{SIDE_LETTERS[model.side]}2 ...",
                )
            )
        if model.id in seen:
            problems.append(
                Problem(
                    f"a second model with the id {model.id}",
                    name,
                    (*at, "id"),
                    lines.line_of((*at, "id")),
                    hint="each model has its own id",
                )
            )
        seen.add(model.id)
        if actors.get(model.actor) != model.actor or model.actor[:1] != model.id[:1]:
            problems.append(
                Problem(
                    f"{model.actor} is not a model of its side that activates",
                    name,
                    (*at, "actor"),
                    lines.line_of((*at, "actor")),
                    hint=f"a model activates on its own (actor = {_string(model.id)}) or "
                    "with the first model of its pack or unit",
                )
            )
    if problems:
        raise _error(f"{name} is not a valid battle", problems, path, backup)
    sides = tuple(
        SideSetup(
            player=side.player,
            faction=side.faction,
            roster=side.roster,
            models=tuple(m for m in doc.models if m.side == index),
        )
        for index, side in enumerate(doc.sides)
    )
    return BattleSetup(
        system=doc.system,
        system_name=doc.system_name,
        catalog_version=doc.catalog_version,
        scenario=doc.scenario,
        turn_limit=doc.turn_limit,
        seed=doc.seed,
        tracker=doc.tracker,
        sides=sides,
    )


_EVENT_NUMBER = re.compile(r"event (\d+) \([a-z-]+\): ")


def _replay(battle: Battle, name: str, lines: _Lines, path: Path, backup: Path | None) -> None:
    """Fold the events (and then the undone ones, which once followed them): the first
    event the rules refuse is reported with its number and line."""
    try:
        state = battle.state
    except Refused as exc:
        found = _EVENT_NUMBER.match(exc.reason)
        number = int(found.group(1)) if found else None
        reason = exc.reason[found.end() :] if found else exc.reason
        raise _refused(name, "events", number, battle.events, reason, lines, path, backup) from None
    except Exception as exc:  # a setup edited by hand that the rules cannot run with
        raise _error(
            f"{name}: the events cannot be replayed",
            [
                Problem(
                    f"the tracker rules or the models do not fit together ({type(exc).__name__}: "
                    f"{_shorten(str(exc), 80)})",
                    name,
                    hint="was the setup edited by hand?",
                )
            ],
            path,
            backup,
        ) from None
    for n, event in enumerate(battle.undone, start=1):
        try:
            state = state.then(event)
        except Refused as exc:
            raise _refused(
                name, "undone", n, battle.undone, exc.reason, lines, path, backup
            ) from None
        except Exception as exc:
            raise _error(
                f"{name}: the undone events cannot be replayed",
                [Problem(f"{type(exc).__name__}: {_shorten(str(exc), 80)}", name, ("undone", n))],
                path,
                backup,
            ) from None


def _refused(
    name: str,
    key: str,
    number: int | None,
    events: tuple[Event, ...],
    reason: str,
    lines: _Lines,
    path: Path,
    backup: Path | None,
) -> BattleFileError:
    what = "event" if key == "events" else "undone event"
    if number is None or not 0 < number <= len(events):
        return _error(
            f"{name}: the rules refuse an event", [Problem(reason, name, (key,))], path, backup
        )
    kind = events[number - 1].kind
    at: KeyPath = (key, number)
    return _error(
        f"{name}: the rules refuse {what} {number} ({kind})",
        [
            Problem(
                reason,
                name,
                at,
                lines.line_of(at),
                hint="the events after it cannot be replayed; was the file edited by hand?",
            )
        ],
        path,
        backup,
    )
