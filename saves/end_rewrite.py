"""Rewriting the end of a file in place, as safely as replacing the whole file.

A long battle is saved after every event, and from one save to the next only the end of
its file changes. ``rewrite_end`` writes just the new end over the old one, guarded by a journal: a
hidden ``.<name>.tail`` next to the file holds the new end, the old end it replaces and a
few bytes before it, and is on disk before the file is touched. It is removed once the
file is whole again, so a folder holds it only while a save runs, or after one was cut
short.

A save killed while it writes the file (or by a power cut) leaves a file that reads
as damaged and a whole journal; ``completed`` tells such a file by its bytes (before the
end, as they were; from there, each 512-byte sector the old end's or the new end's) and
gives the file the save meant to write, as if the save had run to its end. A journal cut
short is never used (its checksum fails): the file was not touched yet.

``Stamp`` (device, inode, size, modification time) says whether a file is still the one
written last: a file someone else changed since is never written in place.

History: issue 15; rewriting a 100,000-event battle's 6 MB took about 15 ms a key.
"""

from __future__ import annotations

import os
import stat
import zlib
from pathlib import Path
from typing import NamedTuple

from model.core.bounds import MAX_BATTLE_BYTES
from saves.atomic import remove_quietly, sync_folder

JOURNAL_MAGIC = b"warband-tail/1"
BEFORE = 256
"""Bytes before the end kept in the journal: the file must still have them to be
completed (a file edited since, or another file under the name, has not)."""
SECTOR = 512
"""The unit a disk writes whole: a write cut short leaves each sector old or new."""

JOURNAL_LIMIT = 3 * MAX_BATTLE_BYTES + 4096
"""More than any journal holds (a new end and an old one, each at most a battle file)."""

CAN_REWRITE = hasattr(os, "pwrite") and hasattr(os, "pread")
"""Whether this platform writes at an offset (everywhere but Windows); elsewhere battles
are saved whole every time."""


class Stamp(NamedTuple):
    """What says a file is the one written last: a change by anyone else changes it."""

    device: int
    inode: int
    size: int
    modified: int

    @classmethod
    def of(cls, stat: os.stat_result) -> Stamp:
        return cls(stat.st_dev, stat.st_ino, stat.st_size, stat.st_mtime_ns)


def stamp(path: Path) -> Stamp | None:
    """The file's stamp, or ``None`` when there is no such file."""
    try:
        return Stamp.of(path.stat())
    except OSError:
        return None


class Changed(Exception):
    """The file is not the one written last: it must be written whole."""


def journal_of(path: Path) -> Path:
    """The journal's name: next to the file itself (a link's target), wherever it is
    opened from."""
    if path.is_symlink():
        path = path.resolve()
    return path.with_name(f".{path.name}.tail")


def rewrite_end(path: Path, expected: Stamp, start: int, data: bytes, old_end: bytes) -> Stamp:
    """Make ``path`` its first ``start`` bytes followed by ``data``, writing only from
    ``start``; the file's new stamp. Raises ``Changed`` (touching nothing) when the file
    is not ``expected`` or does not end in ``old_end`` from ``start`` (the stamp alone
    misses a change of the same size within the clock's tick), and ``OSError`` when a
    write fails, after putting the old end back (it fits: the file held it a moment ago).

    A file gone since, or with another name for it (a hard link: a copy the user keeps
    would change with it), is ``Changed`` too: it is written whole, as any file was."""
    try:
        fd = os.open(path, os.O_RDWR)
    except FileNotFoundError:
        raise Changed from None
    try:
        now = os.fstat(fd)
        if Stamp.of(now) != expected or now.st_nlink != 1 or start + len(old_end) != now.st_size:
            raise Changed
        size = now.st_size
        old = os.pread(fd, size - start, start)
        if old != old_end:
            raise Changed
        kept = min(BEFORE, start)
        before = os.pread(fd, kept, start - kept)
        journal = journal_of(path)
        try:
            _write_journal(journal, now.st_ino, start, data, old, before)
        except OSError:
            remove_quietly(journal)
            raise
        try:
            _write_at(fd, data, start)
            if size > start + len(data):
                os.ftruncate(fd, start + len(data))
            os.fsync(fd)
        except OSError:
            try:
                _write_at(fd, old, start)
                os.ftruncate(fd, size)
                os.fsync(fd)
            except OSError:
                raise  # the journal stays: the next read completes the file from it
            remove_quietly(journal)
            raise
        remove_quietly(journal)
        return Stamp.of(os.fstat(fd))
    finally:
        os.close(fd)


def _write_at(fd: int, data: bytes, offset: int) -> None:
    view = memoryview(data)
    while view:
        written = os.pwrite(fd, view, offset)
        view, offset = view[written:], offset + written


def _write_journal(
    journal: Path, inode: int, start: int, new: bytes, old: bytes, before: bytes
) -> None:
    """The journal, on disk (and named in its folder) before the file is touched."""
    body = new + old + before
    head = b"%s %d %d %d %d %d %d\n" % (
        JOURNAL_MAGIC,
        inode,
        start,
        len(new),
        len(old),
        len(before),
        zlib.crc32(body),
    )
    fd = os.open(journal, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o666)
    try:
        _write_at(fd, head + body, 0)
        os.fsync(fd)
    finally:
        os.close(fd)
    sync_folder(journal.parent)


def completed(path: Path, data: bytes) -> tuple[int, bytes] | None:
    """Where a save cut short was writing and what (the file it meant to write is
    ``data[:start] + end``), from the file's bytes as read (``data``) and its journal;
    ``None`` when there is no journal, or the file is not the one it was written for, or
    not what a cut write leaves of it."""
    try:
        inode = path.stat().st_ino
        # not waiting to open a pipe: a journal is a file warband wrote, nothing else
        fd = os.open(journal_of(path), os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
        with os.fdopen(fd, "rb") as stream:
            if not stat.S_ISREG(os.fstat(fd).st_mode):
                return None
            journal = stream.read(JOURNAL_LIMIT + 1)
    except OSError:
        return None
    if len(journal) > JOURNAL_LIMIT:
        return None
    head, newline, body = journal.partition(b"\n")
    fields = head.split(b" ")
    if not newline or len(fields) != 7 or fields[0] != JOURNAL_MAGIC:
        return None
    try:
        written_for, start, new_size, old_size, kept, crc = (int(f) for f in fields[1:])
    except ValueError:
        return None
    if (
        written_for != inode
        or len(body) != new_size + old_size + kept
        or zlib.crc32(body) != crc
        or kept > start
        or not start <= len(data) <= start + max(new_size, old_size)
    ):
        return None
    new = body[:new_size]
    old = body[new_size : new_size + old_size]
    if data[start - kept : start] != body[new_size + old_size :]:
        return None
    if not _cut_from(data[start:], new, old, start):
        return None
    return start, new


def _cut_from(end: bytes, new: bytes, old: bytes, start: int) -> bool:
    """Whether ``end`` (the file from ``start``) is what a write of ``new`` over ``old``
    leaves when cut short: every byte the old end's, or the new end's written over it
    (the old bytes past the new end stay until the file is cut to its size). Compared a
    sector at a time (a disk writes sectors whole), byte by byte only in a sector that
    is neither."""
    over = new + old[len(new) :]
    offset = 0
    while offset < len(end):
        stop = (start + offset) // SECTOR * SECTOR + SECTOR - start
        part = end[offset:stop]
        if part != over[offset:stop] and part != old[offset:stop]:
            mixed = zip(part, over[offset:stop], old[offset:stop], strict=False)
            if len(part) > len(over) - offset and len(part) > len(old) - offset:
                return False
            if any(byte not in (a, b) for byte, a, b in mixed):
                return False
        offset = stop
    return True


def forget_journal(path: Path) -> None:
    """Remove the journal of a file written whole (it no longer applies)."""
    remove_quietly(journal_of(path))
