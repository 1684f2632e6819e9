"""The error of a battle file that cannot be read: ``BattleFileError``, the note on where
its backup is (or that there is none), a cut-short file's problem, and the line of a key
path, found only when a problem needs one.

Apart because every step of reading (``saves.battle_read``, ``saves.battle_checks``)
raises it the same way.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from model.core.problems import BattleError, KeyPath, Problem
from model.parse.toml_text import KeyLines
from saves.atomic import backup_path


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


class FileLines:
    """The line of a key path, found only when a problem needs one."""

    def __init__(self, data: bytes) -> None:
        self._data = data
        self._lines: KeyLines | None = None

    def line_of(self, path: KeyPath) -> int | None:
        if self._lines is None:
            self._lines = KeyLines(self._data.decode("utf-8-sig"))
        return self._lines.line_of(path)


def backup_of(path: Path) -> Path | None:
    bak = backup_path(path)
    try:
        return bak if bak.is_file() else None
    except OSError:
        return None


def file_error(
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


def cut_short(name: str) -> Problem:
    return Problem(
        "the file ends before its [end] table, which warband writes last: it was cut short",
        name,
        hint="its last events may be lost",
    )
