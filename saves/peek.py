"""A glance at a file without reading all of it: what kind of warband file it is, and the
few words that name it (a list's name, faction and game size; a battle's sides).

The home screen shows one line per recent file, and a file picker tells battles from
lists: both need the head of a file, not its units or its event log, and neither may
pay for the roster schema or a catalog. Only the part before the first table that is
not asked for is parsed (a battle's ``[[models]]`` and ``[[events]]`` never are), at
most ``HEAD_BYTES`` of it, through the same guarded parser as every other read, so
the texts are free of control characters. A file that cannot be read gives a short
reason instead, never an exception.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any, Literal

from model.core.problems import Problem, WarbandError
from model.core.value import frozen_value
from model.parse.toml_text import parse

HEAD_BYTES = 256 * 1024
"""The most read of one file: a battle's header with both rosters is a few kilobytes."""

_HEADER = re.compile(rb"^\[\[?[ \t]*([^\]\s]+)", re.MULTILINE)
"""A table header at the start of a line (an indented ``[`` is an array's row)."""


class PeekError(Exception):
    """A file whose head cannot be read; ``str()`` is a short reason for one line."""


def toml_head(path: Path, keep: Callable[[str], bool]) -> dict[str, Any]:
    """The top-level keys of a TOML file and the tables whose dotted name ``keep``
    accepts, up to the first header it does not; ``PeekError`` with a short reason
    when the file cannot be read or that part of it is not TOML."""
    try:
        with path.open("rb") as stream:
            data = stream.read(HEAD_BYTES + 1)
    except FileNotFoundError:
        raise PeekError("missing") from None
    except IsADirectoryError:
        raise PeekError("a folder, not a file") from None
    except PermissionError:
        raise PeekError("permission denied") from None
    except OSError as exc:
        raise PeekError(exc.strerror or "cannot be read") from None
    end = len(data)
    for header in _HEADER.finditer(data):
        if not keep(header.group(1).decode("utf-8", "replace")):
            end = header.start()
            break
    else:
        if len(data) > HEAD_BYTES:  # no cut found in what was read: end on a whole line
            end = data.rfind(b"\n", 0, HEAD_BYTES) + 1
    try:
        return parse(data[:end], None, _Unreadable)
    except _Unreadable as exc:
        raise PeekError(exc.reason) from None


class _Unreadable(WarbandError):
    def __init__(self, title: str, problems: list[Problem]) -> None:
        super().__init__(title, problems)
        first = problems[0] if problems else None
        reason = first.message if first is not None else title.removeprefix("input ")
        if first is not None and first.line is not None:
            reason = f"line {first.line}: {reason}"
        self.reason = reason


@frozen_value(slots=False)
class Side:
    """One side of a battle, as its file names it."""

    player: str
    list_name: str
    faction: str
    """The faction's name (a battle keeps it, so no catalog is needed)."""


@frozen_value(slots=False)
class Peek:
    """What the head of a warband file says."""

    kind: Literal["roster", "battle"]
    name: str
    """The list's name; for a battle, its scenario (may be empty)."""
    system: str
    """The game system's id; for a battle, its name when the file gives it."""
    faction: str = ""
    """A list's faction id."""
    points_limit: int | None = None
    sides: tuple[Side, ...] = ()
    battlescribe: bool = False
    """A list over BattleScribe data (``warband.bsroster``): no faction, its limits by cost
    type."""
    game_name: str = ""
    """A list over BattleScribe data: its game's name as the game system file gives it
    (``Gaslands``, where ``system`` is the folder, ``gaslands``); empty when not given."""


def peek(path: Path) -> Peek:
    """The kind and names of a roster or battle file; ``PeekError`` (a short reason) for
    a file that cannot be read or is neither."""
    head = toml_head(path, lambda table: table == "sides" or table.startswith("sides."))
    fmt = head.get("format", "warband.roster/1")
    if isinstance(fmt, str) and fmt.startswith("warband.battle/"):
        sides = head.get("sides")
        return Peek(
            "battle",
            _text(head.get("scenario")),
            _text(head.get("system_name")) or _text(head.get("system")),
            sides=tuple(_side(s) for s in sides if isinstance(s, dict))
            if isinstance(sides, list)
            else (),
        )
    if isinstance(fmt, str) and fmt.startswith("warband.bsroster/"):
        return Peek(
            "roster",
            _text(head.get("name")),
            _text(head.get("system")),
            battlescribe=True,
            game_name=_text(head.get("game_system_name")),
        )
    if not isinstance(fmt, str) or not fmt.startswith("warband.roster/"):
        raise PeekError(f"not a warband list or battle (format {_text(fmt) or '?'})")
    limit = head.get("points_limit")
    return Peek(
        "roster",
        _text(head.get("name")),
        _text(head.get("system")),
        faction=_text(head.get("faction")),
        points_limit=limit if isinstance(limit, int) and not isinstance(limit, bool) else None,
    )


def is_bs_roster(path: Path) -> bool:
    """Whether ``path`` is a ``warband.bsroster`` file: its ``format`` says so. Only the
    file's head is read; a file that cannot be read is left to the usual reader, which
    says why."""
    try:
        head = toml_head(path, lambda table: False)
    except PeekError:
        return False
    fmt = head.get("format")
    return isinstance(fmt, str) and fmt.startswith("warband.bsroster/")


def is_battle(path: Path) -> bool:
    """Whether ``path`` is a battle file by its head (a broken file is not)."""
    try:
        return peek(path).kind == "battle"
    except PeekError:
        return False


def _side(raw: dict[str, Any]) -> Side:
    roster = raw.get("roster")
    roster = roster if isinstance(roster, dict) else {}
    return Side(_text(raw.get("player")), _text(roster.get("name")), _text(raw.get("faction")))


def _text(value: object) -> str:
    """One line of text from a value of any type (newlines and tabs become spaces)."""
    return " ".join(value.split()) if isinstance(value, str) else ""
