"""Crash recovery: a copy of unsaved work, kept up to date within a fraction of a second.

While a list has unsaved changes, the builder keeps a recovery file in the
recovery folder: the roster plus the file it belongs to. Saving or deliberately
discarding removes it. If warband is killed, the terminal closed or the machine
loses power, the next start finds the file and offers the list back.

Both builders keep their copies here, through the one keeper: a list of warband's own
(``Roster``) and a list over BattleScribe data (``BsRosterFile``, the roster and the
folder of its game system). A copy of the latter says so with ``kind = "battlescribe"``
and holds the roster as its own file would (``roster_to_data``); a file with no
``kind`` is warband's own list, so copies written before BattleScribe lists existed
still read. What a copy holds is worked out from the list's type where it is written,
on the writer thread, so the keeper itself knows nothing of either kind.

Writing a copy (serialising a long list, then an fsynced atomic write) takes longer
than a frame, so the builder does not write on the key path: ``RecoveryKeeper``
takes the latest roster and a writer thread writes it at most ``DELAY`` seconds
later, the newest version only, however many edits came in between. A kill loses at
most the last ``DELAY`` seconds of work; quitting, closing the list and leaving the
process write what is pending first (``flush``).

Nothing heavy is imported at module import: the start of the app lists the folder
and, with nothing to recover, must not pay for the roster schema.
"""

from __future__ import annotations

import atexit
import contextlib
import hashlib
import threading
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeAlias

from model.core.kept import KeptByIdentity
from model.core.value import frozen_value

if TYPE_CHECKING:
    from model.bsdata.roster_toml import BsRosterFile
    from model.roster.roster import Roster, RosterUnit

FORMAT = "warband.recovery/1"

BATTLESCRIBE = "battlescribe"
"""The ``kind`` of a copy of a list over BattleScribe data (no ``kind``: warband's own)."""

Listed: TypeAlias = "Roster | BsRosterFile"
"""A list a recovery file can hold: warband's own, or one over BattleScribe data with the
library folder of its game system."""

DELAY = 0.3
"""Seconds from an edit until its copy is on disk at the latest (plus the write itself)."""


@frozen_value(slots=False)
class Recovered:
    """Unsaved work found at start-up."""

    file: Path
    """The recovery file itself."""
    roster: Listed
    """The list: a ``Roster``, or a ``BsRosterFile`` (``kind = "battlescribe"``)."""
    source: Path | None
    """The roster file it was being edited from, or None for a list never saved."""


def recovery_file(folder: Path, key: str) -> Path:
    """The recovery file for one editing session (``key`` names it uniquely)."""
    digest = hashlib.sha1(key.encode("utf-8")).hexdigest()[:16]
    return folder / f"{digest}.toml"


def write_recovery(file: Path, roster: Listed, source: Path | None) -> None:
    """Save a recovery copy of either kind of list (atomically; raises ``SaveError``)."""
    import tomli_w

    from model.bsdata.roster_toml import BsRosterFile, roster_to_data
    from saves.atomic import write_atomic

    file.parent.mkdir(parents=True, exist_ok=True)
    doc: dict[str, Any] = {"format": FORMAT}
    if isinstance(roster, BsRosterFile):
        doc["kind"] = BATTLESCRIBE
    if source is not None:
        doc["source"] = str(source)
    if isinstance(roster, BsRosterFile):
        doc["roster"] = roster_to_data(roster)  # with its game system's folder
        text = tomli_w.dumps(doc)
    else:
        text = _roster_copy(doc, roster)
    write_atomic(file, text.encode("utf-8"))


def _roster_copy(doc: dict[str, Any], roster: Roster) -> str:
    """``tomli_w.dumps`` of ``doc`` with ``roster`` dumped as its ``roster`` table, each
    entry's ``[[roster.units]]`` block kept by the entry's identity for the next copy.

    The writer thread writes a copy of an unsaved list within ``DELAY`` of an edit, and
    dumping a thousand entries again took 16 ms of the process's CPU, counted on whatever
    key was being answered (5 ms for 200 entries named apart). An edit makes a list of the
    very entries of the last one but the one it changed, so only that block is dumped.
    The text is tomli_w's own, byte for byte (``tests/saves/test_recovery_keeper.py``):
    tomli_w writes a table's plain values, then each of its tables and arrays of tables
    after a blank line, in the order of their keys (``_entry_block`` for an entry's), and an
    array of tables as one inline array when every element is short."""
    import tomli_w

    from model.roster.roster import Roster

    def whole() -> str:
        return tomli_w.dumps({**doc, "roster": roster.model_dump(mode="json", exclude_none=True)})

    if not roster.units:  # an empty list of entries is a plain value
        return whole()
    dumped = roster.model_dump(mode="json", exclude_none=True, exclude={"units"})
    literals = {k: v for k, v in dumped.items() if not isinstance(v, Mapping)}
    pieces: list[str] = []
    with _BLOCKS_HELD:
        blocks: list[_Block] = []
        for name in Roster.model_fields:
            if name == "units":
                blocks = _BLOCKS.each(roster.units, _Block.of)
                pieces.extend(block.text for block in blocks)
            elif name in dumped and name not in literals:
                pieces.append(tomli_w.dumps({"roster": {name: dumped[name]}}))
        if all(block.short() for block in blocks):
            return whole()  # tomli_w writes an array of short tables as one inline array
    return tomli_w.dumps({**doc, "roster": literals}) + "".join("\n" + p for p in pieces)


def _entry_block(entry: RosterUnit) -> str:
    """An entry as tomli_w writes it among the ``[[roster.units]]`` of a copy: as it writes
    a table of the same name, but for the doubled brackets of its heading, which every
    entry has (its ``unit`` is a plain value)."""
    import tomli_w

    table = tomli_w.dumps({"roster": {"units": entry.model_dump(mode="json", exclude_none=True)}})
    heading = "[roster.units]\n"
    assert table.startswith(heading)
    return "[[roster.units]]\n" + table[len(heading) :]


@dataclass
class _Block:
    """An entry's ``[[roster.units]]`` block (``_entry_block``), kept with the entry."""

    entry: RosterUnit
    text: str
    _short: bool | None = None

    @classmethod
    def of(cls, entry: RosterUnit) -> _Block:
        return cls(entry, _entry_block(entry))

    def short(self) -> bool:
        """Whether tomli_w would write the entry inline (as it writes a list of entries
        when every one would be); worked out when first asked, which in most lists stops
        at the first entry."""
        if self._short is None:
            import tomli_w

            unit = self.entry.model_dump(mode="json", exclude_none=True)
            self._short = not tomli_w.dumps({"roster": {"units": [unit]}}).startswith("[[")
        return self._short


_BLOCKS: KeptByIdentity[RosterUnit, _Block] = KeptByIdentity()
"""The ``[[roster.units]]`` block of each entry of the last copy written."""

_BLOCKS_HELD = threading.Lock()
"""Copies are written by the writer thread and, on ``flush``, by the caller's."""


def discard_recovery(file: Path) -> None:
    """Remove a recovery copy (missing is fine), and any copy of it still to be written."""
    KEEPER.discard(file)


def _unlink(file: Path) -> None:
    with contextlib.suppress(OSError):
        file.unlink()


def find_recoveries(folder: Path) -> tuple[list[Recovered], list[str]]:
    """Every readable recovery file, newest first, and a note for each unreadable one
    (left in place, never deleted, so nothing is lost)."""
    if not folder.is_dir():
        return [], []
    files = list(folder.glob("*.toml"))
    if not files:  # the usual case: listing the folder is all it costs
        return [], []
    from pydantic import ValidationError

    from model.core.problems import RosterError, WarbandError
    from model.parse.toml_text import parse

    found: list[tuple[float, Recovered]] = []
    notes: list[str] = []
    for file in files:
        try:
            raw = parse(file.read_bytes(), str(file), lambda t, p: RosterError(t, p))
            if raw.get("format") != FORMAT:
                raise RosterError(f"{file}: not a recovery file")
            source = raw.get("source")
            found.append(
                (
                    file.stat().st_mtime,
                    Recovered(
                        file,
                        _listed(raw, str(file)),
                        Path(source) if isinstance(source, str) else None,
                    ),
                )
            )
        except (WarbandError, ValidationError, OSError) as exc:
            notes.append(f"{file}: could not be read ({type(exc).__name__}); it was kept")
    found.sort(key=lambda pair: pair[0], reverse=True)
    return [r for _, r in found], notes


def _listed(raw: dict[str, Any], name: str) -> Listed:
    """The list a recovery document holds, by its ``kind``; ``RosterError`` or pydantic's
    ``ValidationError`` when it holds none this warband reads."""
    from model.core.problems import RosterError

    kind = raw.get("kind")
    if kind is None:  # warband's own list, and every copy written before kinds
        from model.roster.roster import Roster

        return Roster.model_validate(raw.get("roster"))
    if kind != BATTLESCRIBE:
        raise RosterError(f"{name}: a kind of list this warband does not know ({kind!r})")
    from model.bsdata.roster_toml import roster_from_data

    roster = raw.get("roster")
    found = roster_from_data(roster if isinstance(roster, dict) else {}, name)
    if isinstance(found, list):
        raise RosterError(f"{name}: not a valid roster", found)
    return found


Failed = Callable[[Exception], None]
"""Told (on the writer thread) when a copy could not be written."""


@frozen_value(slots=False)
class _Copy:
    roster: Listed
    source: Path | None
    failed: Failed | None


class RecoveryKeeper:
    """Writes recovery copies on a thread of its own, the newest per file, within
    ``delay`` seconds of the edit that made it.

    Edits come faster than copies can be written: a copy waiting to be written is
    replaced by a newer one, never queued behind it. The delay runs from the first edit
    not yet on disk, not from the last, so keys typed without a pause cannot put the
    copy off. ``discard`` and ``flush`` act at once, after a write under way: a copy
    written late must never bring back a file that saving or discarding removed."""

    def __init__(self, delay: float = DELAY) -> None:
        self.delay = delay
        self._pending: dict[Path, _Copy] = {}
        self._due: float | None = None
        """When the oldest pending copy must be written (``time.monotonic``)."""
        self._queue = threading.Condition()
        self._disk = threading.Lock()
        """Held while a file is written or removed: queue first, then disk, always."""
        self._thread: threading.Thread | None = None

    def keep(self, file: Path, roster: Listed, source: Path | None, failed: Failed | None) -> None:
        """Have ``roster`` (either kind) written to ``file`` soon (replacing a copy not yet
        written)."""
        with self._queue:
            self._pending[file] = _Copy(roster, source, failed)
            if self._due is not None:
                # The writer is already waiting for that time: waking it on every key
                # handed it the interpreter in the middle of the key (issue 33).
                return
            self._due = time.monotonic() + self.delay
            if self._thread is None:
                self._thread = threading.Thread(
                    target=self._run, name="warband-recovery", daemon=True
                )
                self._thread.start()
            self._queue.notify()

    def discard(self, file: Path) -> None:
        """Remove ``file`` now; a copy of it waiting to be written never will be."""
        with self._queue:
            self._pending.pop(file, None)
            if not self._pending:
                # Nothing left unwritten: the next edit is the first not on disk, and its
                # delay runs from it. A deadline left from the copy discarded here wrote
                # the next edit's copy at once, on the keys that followed it (an item
                # added and removed again in the equip dialog, issue 33).
                self._due = None
            with self._disk:
                _unlink(file)

    def flush(self) -> None:
        """Write every pending copy now (quitting, closing a list, leaving the process)."""
        with self._queue:
            pending, self._pending, self._due = self._pending, {}, None
            with self._disk:
                for file, copy in pending.items():
                    self._write(file, copy)

    def pending(self, file: Path) -> bool:
        """Whether a copy of ``file`` is waiting to be written."""
        with self._queue:
            return file in self._pending

    def _run(self) -> None:
        while True:
            with self._queue:
                while self._due is None or time.monotonic() < self._due:
                    timeout = None if self._due is None else self._due - time.monotonic()
                    self._queue.wait(timeout)
                pending, self._pending, self._due = self._pending, {}, None
                self._disk.acquire()  # before the queue is let go: see discard
            try:
                for file, copy in pending.items():
                    self._write(file, copy)
            finally:
                self._disk.release()

    @staticmethod
    def _write(file: Path, copy: _Copy) -> None:
        try:
            write_recovery(file, copy.roster, copy.source)
        except Exception as exc:  # the thread must live on to write the next copy
            if copy.failed is not None:
                copy.failed(exc)


KEEPER = RecoveryKeeper()
"""The one keeper of the process: every builder's copies go through it."""

atexit.register(KEEPER.flush)
