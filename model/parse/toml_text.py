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

from model.core.problems import KeyPath, Problem
from model.core.safe_text import clean_data
from model.parse import toml_guard

MAX_BYTES = 2_000_000
"""Files larger than this are refused before parsing: no list or catalog is near it, and
tomllib's cost on hostile input grows with size."""

_MAY_HOLD_CONTROL = re.compile(r"[\\\x80-\x9f]")
"""A backslash (an escape such as \\u001b) or a raw C1 control character."""
_AT = re.compile(r"\(at line (\d+), column (\d+)\)")
_AT_END = re.compile(r"\(at end of document\)")
_TUPLE = re.compile(r"\(('[^']*'(?:, '[^']*')*),?\)")

_HINTS: tuple[tuple[str, str], ...] = (
    ("Cannot overwrite a value", "a key is written twice; keep one"),
    ("Cannot declare", "a table is declared twice; merge the two"),
    ("Duplicate inline table key", "a key is written twice; keep one"),
    (
        "Illegal character '\\n'",
        'add the closing quote, or use """ for text over several lines',
    ),
    ("Illegal character", "remove it: control characters cannot be written in a file"),
    ("Unterminated string", "a string is not closed; add the closing quote"),
    ("Unescaped '\\'", "write \\\\ for a backslash, or put the text in 'single quotes'"),
    ("Invalid value", 'text values need quotes, e.g. name = "Big Joe"'),
    ("Expected '=' after a key", "each line needs key = value"),
    (
        "Expected newline or end of document",
        'write one key = value per line, and text in quotes, e.g. name = "Big Joe"',
    ),
    ("Invalid statement", "each line holds key = value, a [table] header or a # comment"),
    ("Unclosed array", "an array is not closed; add the closing ]"),
    ("Unclosed inline table", "an inline table is not closed; add the closing }"),
    ("Invalid initial character for a key part", "a key is a word such as name or models"),
)
_ONE_LINE = "close it with } on the same line: an inline table { ... } is written on one line"
_LONG_NUMBER = re.compile(r"=[ \t]*[+-]?[0-9][0-9_]{4000,}")
"""A value of thousands of digits, as tomllib's int() refuses past 4300 of them."""
_INLINE_ERRORS = ("Unclosed inline table", "Invalid initial character for a key part")


def parse(
    data: bytes, file: str | None, error: Callable[[str, list[Problem]], Exception]
) -> dict[str, Any]:
    """Parse TOML bytes; on failure raise ``error(title, problems)`` with line and column.

    A leading UTF-8 byte order mark (as some Windows editors write) is allowed. A text
    past one of ``toml_guard``'s limits (a key of more than 32 dotted parts, nesting
    deeper than 32, over 100,000 keys and values) is refused before ``tomllib``, whose
    cost on such shapes the size cap does not bound. Control characters in strings and
    keys (written as escapes such as ``\\u001b``) are removed (``model.core.safe_text``), so
    no text read from a file can drive the terminal it is shown on.
    """
    if len(data) > MAX_BYTES:
        raise error(
            f"{file or 'input'} is too large to read",
            [
                Problem(
                    f"it is over {MAX_BYTES:,} bytes, the most warband reads",
                    file,
                    hint="check that this is the right file: a roster or catalog file is "
                    "a few kilobytes",
                )
            ],
        )
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = data[: exc.start].count(b"\n") + 1
        start = data.rfind(b"\n", 0, exc.start) + 1
        column = len(data[start : exc.start].decode("utf-8", "replace")) + 1
        raise error(
            f"{file or 'input'} is not UTF-8 text",
            [
                Problem(
                    f"byte {exc.start + 1} is not valid UTF-8",
                    file,
                    line=line,
                    column=column,
                    hint="save the file as UTF-8 text",
                )
            ],
        ) from None
    excess = toml_guard.check(text, file)
    if excess is not None:
        raise error(f"{file or 'input'} is too complex to read", [excess])
    try:
        parsed = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise error(
            f"{file or 'input'} is not valid TOML", [_decode_problem(exc, text, file)]
        ) from None
    except RecursionError:
        raise error(
            f"{file or 'input'} is not valid TOML",
            [Problem("values are nested too deeply", file)],
        ) from None
    except ValueError:
        # tomllib lets int() refuse a number of thousands of digits
        long = _LONG_NUMBER.search(text)
        raise error(
            f"{file or 'input'} is not valid TOML",
            [
                Problem(
                    "a number has too many digits to read",
                    file,
                    line=text.count("\n", 0, long.start()) + 1 if long else None,
                    hint="check the value: no number in a warband file is that long",
                )
            ],
        ) from None
    # a control character reaches a string only through an escape, or raw as a C1 one
    # (TOML forbids the others raw): most files skip the walk
    return clean_data(parsed) if _MAY_HOLD_CONTROL.search(text) else parsed


def _decode_problem(exc: tomllib.TOMLDecodeError, text: str, file: str | None) -> Problem:
    raw = str(exc)
    line = column = None
    found = _AT.search(raw)
    if found:
        line, column = int(found.group(1)), int(found.group(2))
    message = _AT_END.sub("", _AT.sub("", raw)).strip().rstrip(".")
    # tomllib names tables as Python tuples, ('units', 'items'); TOML says units.items
    message = _TUPLE.sub(lambda m: ".".join(re.findall(r"'([^']*)'", m.group(1))), message)
    hint = next((h for key, h in _HINTS if raw.startswith(key)), None)
    if _AT_END.search(raw):
        message += " at the end of the file"
        if raw.startswith("Invalid value"):
            hint = "the file ends in the middle of a value; close the open [ or {"
    path: KeyPath = ()
    rows = text.split("\n")
    written = rows[line - 1] if line is not None and 0 < line <= len(rows) else ""
    if raw.startswith("Illegal character '\\n'"):
        message = "the string is not closed on this line"
    if raw.startswith("Expected newline or end of document after a statement"):
        message = "more text after the value"
    if (
        raw.startswith("Unescaped '\\'")
        and column is not None
        and column >= 3
        and written[column - 3 : column - 2] == "\\"
    ):
        column -= 2  # tomllib points past the two-character escape; show its backslash
    if raw.startswith(_INLINE_ERRORS) and column is not None:
        rest = written[column - 1 :].strip()
        if (not rest or rest.startswith("#")) and _open_braces(written) > 0:
            message = "the inline table is not closed on this line"
            hint = _ONE_LINE
        elif raw.startswith("Unclosed inline table"):
            message = "expected a comma or } here"
            hint = "separate the entries with commas, e.g. { rifle = 1, bullet = 2 }"
        elif rest.startswith("}"):
            hint = "remove the comma before }: an inline table ends without one"
    elif line is not None and raw.startswith(("Cannot overwrite a value", "Cannot declare")):
        keys = KeyLines(text)
        twice = keys.key_at(line)
        first = keys.line_of(twice) if twice else None
        if twice and first is not None and first < line:
            path = twice
            column = len(written) - len(written.lstrip()) + 1  # where the key starts
            what = "table" if raw.startswith("Cannot declare") else "key"
            message = f"this {what} is already written on line {first}"
            hint = "keep one of the two" if what == "key" else "merge the two tables into one"
    return Problem(
        message[0].lower() + message[1:], file, path, line=line, column=column, hint=hint
    )


def _open_braces(line: str) -> int:
    """Inline tables opened and not closed on a line, outside strings and comments."""
    code = _code(line)
    return code.count("{") - code.count("}")


# KeyLines reads any text, a hostile one too, so every pattern below runs in one pass:
# possessive loops never backtrack, and no Python code runs per character.
_STRING = r'"(?:[^"\\]++|\\.?)*+"?' + r"|'[^']*+'?"
"""A string on one line: an unclosed one runs to the end of the line, and a backslash in
a "basic string" escapes the next character (in a 'literal string' it is just a
backslash)."""
_STRING_OR_COMMENT = re.compile(_STRING + r"|#.*")
_EQUALS = re.compile(r"""(?:[^"'#=]++|""" + _STRING + r")*+=")
_STRUCTURE = re.compile(r"""(?:[^\[\]{},"'#]++|""" + _STRING + r")++|([\[\]{},#])")
_HEADER = re.compile(
    r"""\s*+(\[\[?+)\s*+((?:[^\]"'#]++|""" + _STRING + r")++)(\]\]?+)\s*+(?:#.*)?$"
)
_PART = re.compile(r"""\s*+(?:([A-Za-z0-9_-]++)|"((?:[^"\\]++|\\.)*+)"|'([^']*+)')\s*+(\.?)""")
_SIMPLE = re.compile(r"[ \t]*+([A-Za-z0-9_-]++)[ \t]*+=[ \t]*+(.*)")
_CONTENT = re.compile(r"^[ \t]*+[^\s#].*", re.MULTILINE)
"""A line that is neither blank nor only a comment."""
_FENCES = ('"""', "'''")


class KeyLines:
    """Line numbers of the keys written in a TOML text, by key path.

    The text is scanned on the first question, not when the index is made: only a file
    with a problem needs line numbers, and a valid one should load at the cost of its
    parse (issue 15).
    """

    def __init__(self, text: str) -> None:
        self._text: str | None = text
        self._lines: dict[KeyPath, int] = {}
        self._at: dict[int, KeyPath] = {}

    def _scanned(self) -> None:
        if self._text is not None:
            text, self._text = self._text, None
            self._scan(text)

    def line_of(self, path: KeyPath) -> int | None:
        """The line of ``path``, or of its nearest enclosing key that is written down."""
        self._scanned()
        for end in range(len(path), 0, -1):
            line = self._lines.get(path[:end])
            if line is not None:
                return line
        return None

    def key_at(self, line: int) -> KeyPath | None:
        """The key (or table) written at the start of ``line``, if it can be read for certain.

        For an ``[[array]]`` header this is the array's key, without a position.
        """
        self._scanned()
        return self._at.get(line)

    def _scan(self, text: str) -> None:
        """One pass over the lines that hold something: blank and comment lines are
        skipped by the pattern, and a multi-line string in one jump to its end."""
        table: KeyPath = ()
        arrays: dict[KeyPath, int] = {}
        depth = 0  # open brackets of a multi-line value: its inner lines hold no keys
        pos, number = 0, 1  # a position and its line
        while (found := _CONTENT.search(text, pos)) is not None:
            number += text.count("\n", pos, found.start())
            pos = found.end()
            line = found.group()
            if depth > 0:
                depth = max(depth + _balance(line), 0)
                continue
            simple = _SIMPLE.match(line)  # key = value, the most common line, read at once
            if simple is not None:
                keys: tuple[str, ...] | None = (simple.group(1),)
                value = simple.group(2).rstrip()
            else:
                header = _HEADER.match(line)
                if header is not None:
                    table = self._header(header, table, arrays, number)
                    continue
                eq = _equals(line)
                keys = _split_key(line[:eq]) if eq >= 0 else None
                value = line[eq + 1 :].strip()
            if keys is None:
                continue
            path = table + keys
            self._lines.setdefault(path, number)
            self._at[number] = path
            fence = value[:3]
            if fence in _FENCES and value.count(fence) == 1:
                # a multi-line string: no keys up to the end of its closing line
                close = text.find(fence, pos)
                end = text.find("\n", close) if close >= 0 else -1
                if end < 0:
                    return
                number += text.count("\n", pos, end)
                pos = end
                continue
            balance = _balance(value) if "[" in value or "{" in value else 0
            if value.startswith("{") and balance == 0:
                self._inline(path, value, number)
            depth = max(balance, 0)

    def _header(
        self, header: re.Match[str], table: KeyPath, arrays: dict[KeyPath, int], number: int
    ) -> KeyPath:
        """Record a ``[table]`` or ``[[array]]`` header; the table its keys go into."""
        if len(header.group(1)) == len(header.group(3)):
            keys = _split_key(header.group(2))
            if keys is not None:
                if header.group(1) == "[[":
                    # counted per element of the arrays it is in: the second force's
                    # first [[forces.selections]] is forces[2].selections[1]
                    array = _with_array_positions(keys, arrays)
                    arrays[array] = arrays.get(array, 0) + 1
                    table = (*array, arrays[array])
                    self._lines.setdefault(array, number)
                    self._at[number] = array
                else:
                    table = _with_array_positions(keys, arrays)
                    self._at[number] = table
                self._lines.setdefault(table, number)
        return table

    def _inline(self, path: KeyPath, value: str, number: int) -> None:
        """Record the keys of a one-line inline table (one level deep)."""
        inner = value.strip()[1:]
        inner = inner[: inner.rfind("}")]
        level = 0
        start = 0
        parts: list[str] = []
        for token in _STRUCTURE.finditer(inner):
            mark = token.group(1)
            if mark is None:
                continue
            if mark == "#":
                break
            if mark in "[{":
                level += 1
            elif mark in "]}":
                level -= 1
            elif level == 0:  # a comma between two entries
                parts.append(inner[start : token.start()])
                start = token.end()
        parts.append(inner[start:])
        for part in parts:
            eq = _equals(part)
            keys = _split_key(part[:eq]) if eq >= 0 else None
            if keys is not None:
                self._lines.setdefault(path + keys, number)


def _with_array_positions(keys: KeyPath, arrays: dict[KeyPath, int]) -> KeyPath:
    """Insert the current position of every array of tables the header passes through."""
    out: KeyPath = ()
    for i, key in enumerate(keys):
        out += (key,)
        if out in arrays and i < len(keys) - 1:
            out += (arrays[out],)
    return out


def _code(text: str) -> str:
    """A line without its strings and comment."""
    if '"' in text or "'" in text or "#" in text:
        return _STRING_OR_COMMENT.sub("", text)
    return text


def _balance(text: str) -> int:
    """Open minus closed brackets outside strings and comments."""
    code = _code(text)
    return code.count("[") + code.count("{") - code.count("]") - code.count("}")


def _equals(text: str) -> int:
    """The position of the first ``=`` outside strings and comments, or -1."""
    found = _EQUALS.match(text)
    return found.end() - 1 if found else -1


def _split_key(text: str) -> tuple[str, ...] | None:
    """Split a dotted TOML key into parts, or None when it cannot be read for certain
    (or has more parts than ``toml_guard`` lets through, which no parsed file has)."""
    text = text.strip()
    parts: list[str] = []
    pos = 0
    while pos < len(text):
        found = _PART.match(text, pos)
        if found is None or len(parts) == toml_guard.MAX_KEY_PARTS:
            return None
        bare, basic, literal, dot = found.groups()
        if basic is not None and "\\" in basic:
            try:  # a key with escapes: let TOML itself read it
                basic = tomllib.loads(f'k = "{basic}"')["k"]
            except tomllib.TOMLDecodeError:
                return None
        parts.append(next(p for p in (bare, basic, literal) if p is not None))
        pos = found.end()
        if not dot and pos < len(text):
            return None
    return tuple(parts) if parts else None
