"""Atomic file writes: the old file stays whole until the new one is complete.

The new content goes to a temporary file in the same folder, is flushed to disk,
and replaces the old file in one rename. A full disk, a permission problem or a
killed process leaves the previous file as it was (and no temporary file behind
when Python gets the chance to clean up). With ``backup=True`` the previous
version is also kept next to it as ``<name>.bak``.
"""

from __future__ import annotations

import contextlib
import errno
import os
from pathlib import Path

from model.problems import Problem, SaveError

_REASONS = {
    errno.ENOSPC: ("the disk is full", "free some space and save again"),
    errno.EDQUOT: ("the disk quota is used up", "free some space and save again"),
    errno.EACCES: ("permission denied", "save to a folder you can write to"),
    errno.EPERM: ("permission denied", "save to a folder you can write to"),
    errno.EROFS: ("the disk is read-only", "save to another folder"),
    errno.ENOENT: ("the folder does not exist", "create the folder or pick another"),
    errno.EISDIR: ("that is a folder", "give a file name"),
}


def write_atomic(path: Path | str, data: bytes, *, backup: bool = False) -> None:
    """Write ``data`` to ``path`` atomically, or raise ``SaveError`` leaving it untouched."""
    path = Path(path)
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    try:
        with tmp.open("wb") as out:
            out.write(data)
            out.flush()
            os.fsync(out.fileno())
        if backup and path.is_file():
            bak_tmp = path.with_name(f".{path.name}.{os.getpid()}.bak.tmp")
            try:
                bak_tmp.write_bytes(path.read_bytes())
                bak_tmp.replace(path.with_name(path.name + ".bak"))
            finally:
                with contextlib.suppress(OSError):
                    bak_tmp.unlink()
        tmp.replace(path)
        _sync_folder(path.parent)
    except OSError as exc:
        with contextlib.suppress(OSError):
            tmp.unlink()
        reason, fix = _REASONS.get(exc.errno or 0, (exc.strerror or str(exc), "try again"))
        kept = "; the previous file is unchanged" if path.exists() else ""
        raise SaveError(
            f"could not save {path}",
            [Problem(f"{reason}{kept}", str(path), hint=fix)],
        ) from None


def _sync_folder(folder: Path) -> None:
    """Make the rename itself durable where the platform allows it."""
    if not hasattr(os, "O_DIRECTORY"):
        return
    try:
        fd = os.open(folder, os.O_RDONLY | os.O_DIRECTORY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)
