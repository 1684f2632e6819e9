"""TOML text to data, with places: parse errors with line and column, and the line
on which any key path is written.

``tomllib`` gives no positions once a document is parsed, so a schema error
("units[2].items.lazer: unknown item") would have no line. ``KeyLines`` scans the
text once and records the line of every table header and ``key =`` it can read
for certain (including keys of one-line inline tables); a problem's line is that
of its key, or of the nearest enclosing key written in the file. No line is ever
guessed: a path it cannot find gets none.

Pure text in, data out: reading files is the callers' business.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Callable
from typing import Any

from model.problems import KeyPath, Problem

MAX_BYTES = 2_000_000
"""Files larger than this are refused before parsing: no list or catalog is near it, and
tomllib's cost on hostile input grows with size."""

_AT = re.compile(r"\(at line (\d+), column (\d+)\)")
_AT_END = re.compile(r"\(at end of document\)")

_HINTS: tuple[tuple[str, str], ...] = (
    ("Cannot overwrite a value", "a key is written twice; keep one"),
    ("Cannot declare", "a table is declared twice; merge the two"),
    ("Illegal character '\\n'", "a string is not closed; add the closing quote"),
    ("Invalid value", 'text values need quotes, e.g. name = "Big Joe"'),
    ("Expected '=' after a key", "each line needs key = value"),
    ("Unclosed array", "an array is not closed; add the closing ]"),
    ("Unclosed inline table", "an inline table is not closed; add the closing }"),
)


def parse(
    data: bytes, file: str | None, error: Callable[[str, list[Problem]], Exception]
) -> dict[str, Any]:
    """Parse TOML bytes; on failure raise ``error(title, problems)`` with line and column."""
    if len(data) > MAX_BYTES:
        raise error(
            f"{file or 'input'} is too large to read",
            [Problem(f"{len(data):,} bytes; the most warband reads is {MAX_BYTES:,}", file)],
        )
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data[: exc.start].count(b"\n") + 1
        raise error(
            f"{file or 'input'} is not a text file",
            [
                Problem(
                    f"byte {exc.start + 1} is not valid UTF-8",
                    file,
                    line=line,
                    hint="save the file as UTF-8 text",
                )
            ],
        ) from None
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise error(f"{file or 'input'} is not valid TOML", [_decode_problem(exc, file)]) from None
    except RecursionError:
        raise error(
            f"{file or 'input'} is not valid TOML",
            [Problem("values are nested too deeply", file)],
        ) from None


def _decode_problem(exc: tomllib.TOMLDecodeError, file: str | None) -> Problem:
    raw = str(exc)
    line = column = None
    found = _AT.search(raw)
    if found:
        line, column = int(found.group(1)), int(found.group(2))
    message = _AT_END.sub("", _AT.sub("", raw)).strip().rstrip(".")
    if _AT_END.search(raw):
        message += " at the end of the file"
    hint = next((h for key, h in _HINTS if raw.startswith(key)), None)
    return Problem(message[0].lower() + message[1:], file, line=line, column=column, hint=hint)


_HEADER = re.compile(r"^\s*(\[\[?)\s*(.+?)\s*(\]\]?)\s*(#.*)?$")
_BARE = re.compile(r"[A-Za-z0-9_-]+")


class KeyLines:
    """Line numbers of the keys written in a TOML text, by key path."""

    def __init__(self, text: str) -> None:
        self._lines: dict[KeyPath, int] = {}
        self._scan(text)

    def line_of(self, path: KeyPath) -> int | None:
        """The line of ``path``, or of its nearest enclosing key that is written down."""
        for end in range(len(path), 0, -1):
            line = self._lines.get(path[:end])
            if line is not None:
                return line
        return None

    def _scan(self, text: str) -> None:
        table: KeyPath = ()
        arrays: dict[KeyPath, int] = {}
        depth = 0  # open brackets of a multi-line value: its inner lines hold no keys
        fence = ""  # the closing quotes of a multi-line string being skipped
        for number, line in enumerate(text.splitlines(), start=1):
            if depth > 0:
                depth = max(depth + _balance(line), 0)
                continue
            if fence:
                if fence in line:
                    fence = ""
                continue
            header = _HEADER.match(line)
            if header and len(header.group(1)) == len(header.group(3)):
                keys = _split_key(header.group(2))
                if keys is None:
                    continue
                if header.group(1) == "[[":
                    arrays[keys] = arrays.get(keys, 0) + 1
                    table = (*_with_array_positions(keys, arrays), arrays[keys])
                    self._lines.setdefault(table[:-1], number)
                else:
                    table = _with_array_positions(keys, arrays)
                self._lines.setdefault(table, number)
                continue
            key_text, sep, value = line.partition("=")
            if not sep or key_text.strip().startswith("#"):
                continue
            keys = _split_key(key_text.strip())
            if keys is None:
                continue
            path = table + keys
            self._lines.setdefault(path, number)
            value = value.strip()
            for quotes in ('"""', "'''"):
                if value.startswith(quotes) and value.count(quotes) == 1:
                    fence = quotes
            if fence:
                continue
            if value.startswith("{") and _balance(value) == 0:
                self._inline(path, value, number)
            depth = max(_balance(value), 0)

    def _inline(self, path: KeyPath, value: str, number: int) -> None:
        """Record the keys of a one-line inline table (one level deep)."""
        inner = value.strip()[1:]
        inner = inner[: inner.rfind("}")]
        level = 0
        start = 0
        parts: list[str] = []
        quote = ""
        for i, ch in enumerate(inner):
            if quote:
                if ch == quote:
                    quote = ""
            elif ch in "\"'":
                quote = ch
            elif ch in "[{":
                level += 1
            elif ch in "]}":
                level -= 1
            elif ch == "," and level == 0:
                parts.append(inner[start:i])
                start = i + 1
        parts.append(inner[start:])
        for part in parts:
            key_text, sep, _ = part.partition("=")
            keys = _split_key(key_text.strip()) if sep else None
            if keys is not None:
                self._lines.setdefault(path + keys, number)


def _with_array_positions(keys: KeyPath, arrays: dict[KeyPath, int]) -> KeyPath:
    """Insert the current position of every array of tables the header passes through."""
    out: KeyPath = ()
    for i, key in enumerate(keys):
        out += (key,)
        prefix = keys[: i + 1]
        if prefix in arrays and i < len(keys) - 1:
            out += (arrays[prefix],)
    return out


def _balance(text: str) -> int:
    """Open minus closed brackets outside strings and comments."""
    level = 0
    quote = ""
    for ch in text:
        if quote:
            if ch == quote:
                quote = ""
        elif ch in "\"'":
            quote = ch
        elif ch == "#":
            break
        elif ch in "[{":
            level += 1
        elif ch in "]}":
            level -= 1
    return level


def _split_key(text: str) -> tuple[str, ...] | None:
    """Split a dotted TOML key into parts, or None when it cannot be read for certain."""
    parts: list[str] = []
    rest = text.strip()
    while rest:
        if rest[0] in "\"'":
            end = rest.find(rest[0], 1)
            if end < 0:
                return None
            parts.append(rest[1:end])
            rest = rest[end + 1 :].strip()
        else:
            bare = _BARE.match(rest)
            if not bare:
                return None
            parts.append(bare.group(0))
            rest = rest[bare.end() :].strip()
        if rest.startswith("."):
            rest = rest[1:].strip()
        elif rest:
            return None
    return tuple(parts) if parts else None
