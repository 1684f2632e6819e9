"""The battle file's text, both ways: ``battle_to_toml`` writes a battle as TOML (see
``saves.battle_document`` for the layout), ``write_battle`` saves it, and ``_parse_battle``
reads a file's bytes back to data.

Values left at their default are not written in the setup (as in a catalog);
events are written in full, except values that are not set (``None``).

``write_battle`` saves and keeps the previous file as ``<name>.bak``; it is meant to run
after every event, and after the first save of a file it writes only the end that
changed (``saves.end_rewrite``).

Writing and parsing are together because the log is read without ``tomllib`` only when
it is laid out exactly as written here (``_parse_log``), and each save renders only the
events that changed (``_LogBlocks``). Checking the data and replaying it are in
``saves.battle_read`` and ``saves.battle_checks``.
"""

from __future__ import annotations

import json
import re
import threading
from collections.abc import Sequence
from pathlib import Path
from typing import Any, get_args

from model.battle.battle import Battle, events_in_common
from model.battle.events import Event
from model.core.bounds import MAX_BATTLE_BYTES, MAX_EVENTS
from model.core.problems import BattleError, Problem, SaveError
from model.core.safe_text import clean_data
from model.parse.toml_text import MAX_BYTES, parse
from saves.atomic import backup_path, save_error, sweep_leftovers, write_atomic
from saves.battle_document import END_RE
from saves.battle_toml import plain, setup_text, toml_key, toml_literal
from saves.end_rewrite import CAN_REWRITE, Changed, Stamp, forget_journal, rewrite_end, stamp

# --- writing -----------------------------------------------------------------------------------

_LOG_COMMENT = b"\n# What happened at the table, in order.\n"
_UNDONE_COMMENT = b"\n# Undone events, the next to redo first.\n"


def battle_to_toml(battle: Battle) -> str:
    """The battle as readable TOML (the layout: ``saves.battle_document``)."""
    return battle_bytes(battle).decode("utf-8")


def battle_bytes(battle: Battle) -> bytes:
    """The battle's file, as ``battle_to_toml`` in UTF-8 (rendered as bytes: encoding
    a long log's text took longer than rendering it)."""
    return _setup_bytes(battle) + _end_from(battle, 0)[1]


def _end_from(battle: Battle, shared: int) -> tuple[int, bytes]:
    """The battle's file from its event ``shared + 1`` on, and the offset it starts at.

    Any file of a battle with the same setup and the same first ``shared`` events has
    the same bytes before that offset: a save after a record, an undo or a redo writes
    only what follows (``write_battle``)."""
    setup = _setup_bytes(battle)
    before, log = _LOG.text(battle.events, shared)
    parts = [log]
    if battle.events and not shared:
        parts.insert(0, _LOG_COMMENT)
    if battle.undone:
        parts.append(_UNDONE_COMMENT)
        for n, event in enumerate(battle.undone, start=1):
            parts.append(f"\n[[undone]]  # {n}\n{_event_body(event)}".encode())
    parts.append(
        "\n# Written last: a file without this table was cut short.\n"
        f"[end]\nevents = {len(battle.events)}\nundone = {len(battle.undone)}\n".encode()
    )
    start = len(setup) + (len(_LOG_COMMENT) + before if shared else 0)
    return start, b"".join(parts)


_SETUP_BYTES: list[tuple[object, bytes]] = []


def _setup_bytes(battle: Battle) -> bytes:
    """The setup's text in UTF-8, kept for the setup saved last (by identity, as
    ``setup_text`` keeps its text)."""
    setup = battle.setup
    for known, data in _SETUP_BYTES:
        if known is setup:
            return data
    data = setup_text(setup).encode("utf-8")
    _SETUP_BYTES[:] = [(setup, data)]
    return data


class _LogBlocks:
    """The ``[[events]]`` blocks of the log saved last, kept for the next save.

    The tracker saves after every event, and from one save to the next the log only
    grows or shrinks at its end (record, undo, redo): the blocks of the events the two
    logs share are reused, so a save renders only what changed, not the whole log
    (at 10,000 events rendering everything took most of a frame). Logs are compared by
    ``events_in_common``: for the logs of one battle, chunk by chunk, by identity. Each
    block's end (its offset in the log) is kept too, for a save that writes only the end
    of the file."""

    def __init__(self) -> None:
        self._events: Sequence[Event] = ()
        self._blocks: list[bytes] = []
        self._ends: list[int] = []
        self._lock = threading.Lock()

    def text(self, events: Sequence[Event], start: int = 0) -> tuple[int, bytes]:
        """The blocks of ``events[start:]`` joined, and the length of those before."""
        with self._lock:
            self._update(events)
            return (self._ends[start - 1] if start else 0), b"".join(self._blocks[start:])

    def _update(self, events: Sequence[Event]) -> None:
        same = events_in_common(self._events, events)
        blocks, ends = self._blocks, self._ends
        del blocks[same:], ends[same:]
        total = ends[-1] if ends else 0
        for n in range(same, len(events)):
            block = f"\n[[events]]  # {n + 1}\n{_event_body(events[n])}".encode()
            blocks.append(block)
            total += len(block)
            ends.append(total)
        self._events = events


_LOG = _LogBlocks()


class _Saved:
    """A battle file this process wrote, as it left it: what it holds, its stamp, and
    whether its backup holds the file before the last save; then ``change`` (where that
    save wrote, what, and the end it replaced) brings the backup up to date in place."""

    def __init__(self, battle: Battle, stamp: Stamp, backup: Stamp | None) -> None:
        self.battle = battle
        self.stamp = stamp
        self.backup = backup
        self.change: tuple[int, bytes, bytes] | None = None


_SAVED: dict[str, _Saved] = {}
_SAVING = threading.Lock()


def write_battle(path: Path | str, battle: Battle) -> None:
    """Save a battle, keeping the previous file as ``<name>.bak``; raises ``SaveError``
    and leaves the old file if it fails, or if the file would be larger than warband
    reads (``MAX_BATTLE_BYTES``): a battle is never saved that cannot be opened again.

    It is meant to run after every event. The first save of a file in this process
    replaces it whole (``write_atomic``: the old file becomes the backup); the next ones
    rewrite only the end that changed, of the backup and then of the file
    (``saves.end_rewrite``), so a save costs the same at any length of battle. A file
    that someone else changed since is written whole again."""
    path = _target(Path(path))
    key = str(path.absolute())
    with _SAVING:
        saved = _SAVED.pop(key, None)
        if saved is not None and CAN_REWRITE and saved.battle.setup is battle.setup:
            shared = events_in_common(saved.battle.events, battle.events)
            old_end = _end_from(saved.battle, shared)[1]
            start, end = _end_from(battle, shared)
            _check_size(path, start + len(end))
            try:
                _SAVED[key] = _rewrite(path, saved, battle, start, end, old_end)
                return
            except Changed:
                pass
            except OSError as exc:
                raise save_error(path, exc) from None
        data = battle_bytes(battle)
        _check_size(path, len(data))
        write_atomic(path, data, backup=True)
        forget_journal(path)
        forget_journal(backup_path(path))
        sweep_leftovers(backup_path(path))  # of a copy to the backup (``_rewrite``) cut short
        now = stamp(path)
        if now is not None:
            _remember(key, _Saved(battle, now, None))


def _rewrite(
    path: Path, saved: _Saved, battle: Battle, start: int, end: bytes, old_end: bytes
) -> _Saved:
    """Bring the backup to the file as it is, then rewrite the file's end. A backup that
    cannot be brought up to date (made read-only, say) is ``Changed``: the file is then
    written whole and the old one becomes the backup, as before any rewrite."""
    backup = backup_path(path)
    backed = stamp(backup)
    try:
        if saved.backup is not None and saved.backup == backed:
            if saved.change is not None:  # else it holds the file as it is already
                at, data, replaced = saved.change
                backed = rewrite_end(backup, saved.backup, at, data, replaced)
        else:  # the backup holds an older file: copy the file, once
            with path.open("rb") as stream:
                copy = stream.read(MAX_BATTLE_BYTES + 1)
            if stamp(path) != saved.stamp or not copy.endswith(old_end):
                raise Changed
            backed = _copy_to_backup(backup, copy)
    except (OSError, SaveError):
        raise Changed from None
    done = _Saved(battle, rewrite_end(path, saved.stamp, start, end, old_end), backed)
    done.change = (start, end, old_end)
    return done


def prepare_saving(path: Path | str, battle: Battle) -> bool:
    """Get ready to save ``battle``, just read from ``path``, by rewriting only ends from
    its first save on: render its file and, when the file is exactly that, remember it
    and copy it to the backup. Meant for a worker while the tracker opens: otherwise a
    long battle's first save writes the file whole and its second copies it to the
    backup (each about 10 ms at 100,000 events). Whether it is ready; a file laid out
    otherwise (edited by hand, or by an older warband) is left for the first save to
    write whole, and a backup that cannot be written for the first save to report."""
    path = _target(Path(path))
    key = str(path.absolute())
    data = battle_bytes(battle)
    with _SAVING:  # a key's save waits: the file is compared as it is now
        before = stamp(path)
        if before is None or before.size != len(data) or not CAN_REWRITE:
            return False
        try:
            with path.open("rb") as stream:
                if stream.read(len(data) + 1) != data or stamp(path) != before:
                    return False
            backed = _copy_to_backup(backup_path(path), data)
        except (OSError, SaveError):
            return False
        _remember(key, _Saved(battle, before, backed))
    return True


def _copy_to_backup(backup: Path, data: bytes) -> Stamp | None:
    """Make the backup a copy of the file (``data``); its stamp. A backup that is a link
    is replaced, never written through: it names some other file of the user's."""
    if backup.is_symlink():
        backup.unlink()
    write_atomic(backup, data)
    return stamp(backup)


def _target(path: Path) -> Path:
    """The file a battle is saved to: a link's target (``write_atomic`` writes through
    links), so its backup and journal are beside the file itself."""
    return path.resolve() if path.is_symlink() else path


def _remember(key: str, saved: _Saved) -> None:
    """Keep what a file holds, for the files saved last (the tracker saves one)."""
    _SAVED.pop(key, None)
    if len(_SAVED) >= 16:
        del _SAVED[next(iter(_SAVED))]  # the file saved longest ago
    _SAVED[key] = saved


def _check_size(path: Path, size: int) -> None:
    if size > MAX_BATTLE_BYTES:
        raise SaveError(
            f"could not save {path}",
            [
                Problem(
                    f"the battle would take {size:,} bytes, over the "
                    f"{MAX_BATTLE_BYTES:,} warband reads; the file as saved last is unchanged",
                    str(path),
                    hint="end this battle and go on in a new one",
                )
            ],
        )


_EVENT_CACHE: dict[Event, str] = {}


def _event_body(event: Event) -> str:
    """An event's keys, one a line (equal events are written alike, so they are cached)."""
    text = _EVENT_CACHE.get(event)
    if text is None:
        data = event.model_dump(exclude_none=True)
        if not data.get("values", True):
            del data["values"]  # a roll applied with no dice for its effects
        text = "".join(f"{toml_key(k)} = {toml_literal(plain(v))}\n" for k, v in data.items())
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
        if not END_RE.search(text):
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
