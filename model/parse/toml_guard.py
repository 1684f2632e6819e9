"""Refuse TOML whose shape would make parsing slow, before ``tomllib`` sees it.

The size cap (``toml_text.MAX_BYTES``) does not bound ``tomllib``'s work: its cost
grows with the square of the parts of one dotted key (80 KB of ``a.a.a...= 1`` took
35 s and 6 GB), its table bookkeeping costs about a kilobyte per table, and deep
nesting ends in a ``RecursionError`` in whatever walks the data next. No warband file
comes near any of these, so a file past one of the limits below is refused with its
line, whatever else it holds.

The scan is a handful of regular-expression passes over the text, never a Python
loop per character (at most about 0.2 s on the worst 2 MB text, against seconds
for such a loop): strings and comments are blanked first, so that
dots, brackets and ``=`` inside them count for nothing; the rest is counted with
``str.count`` or matched by patterns that never backtrack. The checks are an upper
bound on ``tomllib``'s work, not a TOML parser: a file that passes may still be
invalid TOML, which ``tomllib`` then says.
"""

from __future__ import annotations

import re
from itertools import accumulate, islice

from model.core.problems import Problem

MAX_KEY_PARTS = 32
"""Parts of one dotted key or table name; warband's own deepest is about 6
(``sides.roster.units...``)."""

MAX_DEPTH = 32
"""Arrays and inline tables inside one another; warband files nest 3 or 4 deep."""

MAX_ITEMS = 100_000
"""Keys, values and tables in one file, counted as an upper bound of what ``tomllib``
makes (see ``_items``). The largest bundled catalog counts about 5,000 and a battle
of 10,000 events (the benchmark's, 640 kB) about 72,000. At this limit the costliest
shapes (50,000 new tables, 100,000 short keys) parse in under half a second and 60 MB,
on a loaded machine."""

_SKIP = re.compile(
    r'"""(?:[^"\\]++|\\[\s\S]?|"(?!""))*+(?:"""|\Z)'  # multi-line basic string
    r"|'''(?:[^']++|'(?!''))*+(?:'''|\Z)"  # multi-line literal string
    r'|"(?:[^"\\\n]++|\\.)*+"?'  # basic string (an unclosed one ends with its line)
    r"|'[^'\n]*+'?"  # literal string
    r"|#[^\n]*+"  # comment
)
"""Strings and comments. Every alternative, once started, matches (possessive loops,
an unclosed string ends at the end of its line or of the text), so the pattern never
backtracks: its cost is one pass over the text."""

_ITEM = re.compile(r"[=,.\[{]")
_PART = r"[^.=,\[\]{}\n]*+"
_CHAIN = re.compile(rf"(?<![^=,\[{{\n]){_PART}(?:\.{_PART}){{{MAX_KEY_PARTS},}}")
"""A dotted name of more than ``MAX_KEY_PARTS`` parts. It starts only at the start of
the text or after a delimiter, and its loops are possessive, so each chain is read
once and never again from each of its dots."""
_BRACKET = re.compile(r"[\[\]{}]")
_NOT_BRACKET = re.compile(r"[^\[\]{}]++")
_STEP = {"[": 1, "{": 1, "]": -1, "}": -1}


def check(text: str, file: str | None) -> Problem | None:
    """The first limit ``text`` goes past, with its line, or None when ``tomllib`` may
    read it; ``file`` names the text in the problem."""
    code = _code(text)
    if _items(code) > MAX_ITEMS:
        at = _passing(code)
        return Problem(
            f"more than {MAX_ITEMS:,} keys and values by this line; "
            f"warband reads at most {MAX_ITEMS:,}",
            file,
            line=_line(code, at),
            hint="check that this is the right file: the largest bundled catalog counts 5,000",
        )
    deep = _deepest(code)
    if deep is not None:
        level, at = deep
        return Problem(
            f"arrays or inline tables nested {level:,} deep; warband reads at most "
            f"{MAX_DEPTH} levels",
            file,
            line=_line(code, at),
            hint="check that this is the right file: warband files nest 3 or 4 levels",
        )
    chain = _CHAIN.search(code)
    if chain is not None:
        at = chain.start()
        before = code[code.rfind("\n", 0, at) + 1 : at].strip()
        what = "table name" if before in ("[", "[[") else "key"
        parts = chain.group().count(".") + 1
        return Problem(
            f"a {what} of {parts:,} dotted parts; warband files use at most {MAX_KEY_PARTS}",
            file,
            line=_line(code, at),
            hint="check that this is the right file: a warband key is a few words "
            "such as units.items",
        )
    return None


def _code(text: str) -> str:
    """``text`` with each string and comment turned into ``s``, its lines kept.

    Only a multi-line string can hold a line break, so only a text that has one pays
    for a replacement function that keeps them (a fixed replacement runs in C).
    """
    if '"""' in text or "'''" in text:
        return _SKIP.sub(_keep_lines, text)
    return _SKIP.sub("s", text)


def _keep_lines(found: re.Match[str]) -> str:
    return "s" + "\n" * found.group().count("\n")


def _items(code: str) -> int:
    """An upper bound of the keys, values and tables ``tomllib`` makes of ``code``: its
    ``=``, ``,`` and ``{``, and twice its ``[`` and ``.`` (a table, or a part of a
    dotted name, costs ``tomllib`` about twice a value and most of its memory)."""
    return sum(map(code.count, "=,{")) + 2 * (code.count("[") + code.count("."))


def _passing(code: str) -> int:
    """Where ``code``'s items pass ``MAX_ITEMS`` (a loop, but only over that many)."""
    total = 0
    for found in _ITEM.finditer(code):
        total += 2 if found.group() in "[." else 1
        if total > MAX_ITEMS:
            return found.start()
    return len(code)


def _deepest(code: str) -> tuple[int, int] | None:
    """How deep the nesting goes and where it first passes ``MAX_DEPTH``, or None.

    The brackets alone are summed as +1/-1 by ``accumulate`` over ``map`` (no Python
    code runs per bracket).
    """
    brackets = _NOT_BRACKET.sub("", code)
    if brackets.count("[") + brackets.count("{") <= MAX_DEPTH:
        return None
    deepest = max(accumulate(map(_STEP.__getitem__, brackets)))
    if deepest <= MAX_DEPTH:
        return None
    levels = accumulate(map(_STEP.__getitem__, brackets))
    first = next(i for i, level in enumerate(levels) if level > MAX_DEPTH)
    at = next(islice(_BRACKET.finditer(code), first, None)).start()
    return deepest, at


def _line(code: str, at: int) -> int:
    return code.count("\n", 0, at) + 1
