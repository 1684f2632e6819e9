"""Errors as values: every problem knows its file, its place and how to fix it.

A player who mistypes one id in a hand-written roster, or a catalog author with
three mistakes in a folder, should see every problem at once, each pointing at
the file, the line where TOML gives one, and the dotted key path, with a hint.
``WarbandError`` is the project's own exception type: the command line and the
app catch it and print it, and nothing else a user can cause escapes as a
traceback. What they print is safe for a terminal (``model.core.safe_text``): a file
name, an id or an argument echoed in a message cannot drive it.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import replace

from model.core.safe_text import terminal_safe
from model.core.value import frozen_value

KeyPath = tuple[str | int, ...]
"""A place inside a TOML document: table keys, and 1-based positions in arrays."""


def format_path(path: KeyPath) -> str:
    """Render a key path the way it reads in TOML: ``units[2].items.rifle``.

    Array positions count from 1, as a person counts ``[[units]]`` blocks.
    Keys that are not bare TOML keys are quoted.
    """
    out = ""
    for part in path:
        if isinstance(part, int):
            out += f"[{part}]"
            continue
        key = part if _is_bare(part) else '"' + part.replace('"', '\\"') + '"'
        out += f".{key}" if out else key
    return out


def _is_bare(key: str) -> bool:
    return bool(key) and all(c.isascii() and (c.isalnum() or c in "-_") for c in key)


@frozen_value(slots=False)
class Problem:
    """One thing wrong with a file, where it is, and how to fix it."""

    message: str
    """What is wrong, in the reader's words."""
    file: str | None = None
    """The file as the user named it, or None when the text came from elsewhere."""
    path: KeyPath = ()
    """The dotted key path of the offending value."""
    line: int | None = None
    """1-based line, only where it is known for certain."""
    column: int | None = None
    """1-based column, only where TOML's parser gave one."""
    hint: str | None = None
    """How to fix it, e.g. "did you mean 'rifle'?"."""

    def at(self, file: str | None = None, line: int | None = None) -> Problem:
        """The same problem placed in a file (and at a line when found)."""
        return replace(
            self,
            file=self.file if file is None else file,
            line=self.line if line is None else line,
        )

    def __str__(self) -> str:
        place = ""
        if self.file:
            place = self.file
            if self.line is not None:
                place += f":{self.line}"
                if self.column is not None:
                    place += f":{self.column}"
        head = ": ".join(p for p in (place, format_path(self.path)) if p)
        text = f"{head}: {self.message}" if head else self.message
        # the place, ids and values told come from files, paths and arguments
        return terminal_safe(f"{text}; {self.hint}" if self.hint else text)


class WarbandError(Exception):
    """warband's own error: a title and every problem found, ready to print.

    Raised for anything a user can cause (a broken file, an unknown id, a full
    disk); the command line prints it and exits, the app shows it in a dialog.
    """

    def __init__(self, title: str, problems: Iterable[Problem] = ()) -> None:
        self.title = title
        self.problems: tuple[Problem, ...] = tuple(problems)
        super().__init__(self.render())

    def render(self) -> str:
        """The title followed by one problem per line, safe to print on a terminal."""
        if not self.problems:
            return terminal_safe(self.title)
        return "\n".join([terminal_safe(self.title), *(f"  {p}" for p in self.problems)])


class CatalogError(WarbandError):
    """A catalog folder or file that cannot be loaded."""


class RosterError(WarbandError):
    """A roster file that cannot be read or does not match its catalog."""


class BattleError(WarbandError):
    """A battle file that cannot be read."""


class SaveError(WarbandError):
    """A file that could not be written; the previous file is untouched."""


def did_you_mean(word: str, choices: Iterable[str], limit: int = 3) -> str | None:
    """A "did you mean ...?" hint for a mistyped id or key, or None.

    Uses difflib's similarity, plus a prefix match so that ``auto`` finds
    ``automatic-rifle``.
    """
    close = close_matches(word, choices, limit)
    if not close:
        return None
    return "did you mean " + " or ".join(f"'{c}'" for c in close) + "?"


def close_matches(word: str, choices: Iterable[str], limit: int = 3) -> list[str]:
    """The choices ``word`` is probably a misspelling of, best first (those of ``did_you_mean``)."""
    import difflib

    pool = sorted(set(choices))
    close = difflib.get_close_matches(word, pool, n=limit, cutoff=0.6)
    if not close and len(word) >= 3:
        close = [c for c in pool if c.startswith(word) or word in c][:limit]
    return close


def sorted_problems(problems: Sequence[Problem]) -> tuple[Problem, ...]:
    """Problems in reading order: by file, then line (unknown lines last), then path."""
    return tuple(
        sorted(
            problems,
            key=lambda p: (
                p.file or "",
                p.line if p.line is not None else 10**9,
                format_path(p.path),
            ),
        )
    )
