"""Crash recovery: a copy of unsaved work, written after every change.

While a list has unsaved changes, the builder keeps a recovery file in the
recovery folder: the roster plus the file it belongs to. Saving or deliberately
discarding removes it. If warband is killed, the terminal closed or the machine
loses power, the next start finds the file and offers the list back.
"""

from __future__ import annotations

import contextlib
import hashlib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import tomli_w
from pydantic import ValidationError

from model.problems import RosterError, WarbandError
from model.roster import Roster
from model.toml_text import parse
from saves.atomic import write_atomic

FORMAT = "warband.recovery/1"


@dataclass(frozen=True)
class Recovered:
    """Unsaved work found at start-up."""

    file: Path
    """The recovery file itself."""
    roster: Roster
    source: Path | None
    """The roster file it was being edited from, or None for a list never saved."""


def recovery_file(folder: Path, key: str) -> Path:
    """The recovery file for one editing session (``key`` names it uniquely)."""
    digest = hashlib.sha1(key.encode("utf-8")).hexdigest()[:16]
    return folder / f"{digest}.toml"


def write_recovery(file: Path, roster: Roster, source: Path | None) -> None:
    """Save a recovery copy (atomically; raises ``SaveError``)."""
    file.parent.mkdir(parents=True, exist_ok=True)
    doc: dict[str, Any] = {"format": FORMAT}
    if source is not None:
        doc["source"] = str(source)
    doc["roster"] = roster.model_dump(mode="json", exclude_none=True)
    write_atomic(file, tomli_w.dumps(doc).encode("utf-8"))


def discard_recovery(file: Path) -> None:
    """Remove a recovery copy (missing is fine)."""
    with contextlib.suppress(OSError):
        file.unlink()


def find_recoveries(folder: Path) -> tuple[list[Recovered], list[str]]:
    """Every readable recovery file, newest first, and a note for each unreadable one
    (left in place, never deleted, so nothing is lost)."""
    found: list[tuple[float, Recovered]] = []
    notes: list[str] = []
    if not folder.is_dir():
        return [], []
    for file in folder.glob("*.toml"):
        try:
            raw = parse(file.read_bytes(), str(file), lambda t, p: RosterError(t, p))
            if raw.get("format") != FORMAT:
                raise RosterError(f"{file}: not a recovery file")
            roster = Roster.model_validate(raw.get("roster"))
            source = raw.get("source")
            found.append(
                (
                    file.stat().st_mtime,
                    Recovered(file, roster, Path(source) if isinstance(source, str) else None),
                )
            )
        except (WarbandError, ValidationError, OSError) as exc:
            notes.append(f"{file}: could not be read ({type(exc).__name__}); it was kept")
    found.sort(key=lambda pair: pair[0], reverse=True)
    return [r for _, r in found], notes
