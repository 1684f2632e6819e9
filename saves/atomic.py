"""Atomic file writes: the old file stays whole until the new one is complete.

The new content goes to a temporary file in the same folder, is flushed to disk,
and replaces the old file in one rename. A full disk, a permission problem or a
killed process leaves the previous file as it was (and no temporary file behind
when Python gets the chance to clean up; a process killed outright, e.g. by
SIGKILL or a power cut, can leave a hidden ``.<name>.<random>.tmp`` next to it).
With ``backup=True`` the previous version is also kept next to it as ``<name>.bak``.
"""

from __future__ import annotations

import contextlib
import errno
import os
import secrets
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
    errno.ENAMETOOLONG: ("the file name is too long", "choose a shorter name"),
}


def write_atomic(path: Path | str, data: bytes, *, backup: bool = False) -> None:
    """Write ``data`` to ``path`` atomically, or raise ``SaveError`` leaving it untouched.

    Whatever stops the write before the rename (an ``OSError``, or an interruption such
    as ``KeyboardInterrupt``) leaves the previous file as it was and removes the temporary
    file; an ``OSError`` becomes a ``SaveError``, anything else is raised again as it is.
    A file the user made read-only is not replaced.
    """
    path = Path(path)
    if path.is_dir():
        raise SaveError(
            f"could not save {path}",
            [Problem("that is a folder", str(path), hint="give a file name")],
        )
    if path.is_symlink():
        # replace the file the link points to, not the link itself
        path = path.resolve()
    if path.is_file() and not os.access(path, os.W_OK):
        # a rename would replace it anyway on POSIX; respect the user's protection (as
        # Windows does) rather than overwrite a file they made read-only
        raise SaveError(
            f"could not save {path}",
            [
                Problem(
                    "the file is read-only; the previous file is unchanged",
                    str(path),
                    hint="make it writable, or save under another name",
                )
            ],
        )
    tmp = _temp_path(path, "tmp")
    created = False
    try:
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666)
        created = True
        with os.fdopen(fd, "wb") as out:
            out.write(data)
            out.flush()
            os.fsync(out.fileno())
        if backup and path.is_file():
            _keep_backup(path)
        tmp.replace(path)
        created = False
        _sync_folder(path.parent)
    except OSError as exc:
        if created:
            _remove(tmp)
        reason, fix = _REASONS.get(exc.errno or 0, (exc.strerror or str(exc), "try again"))
        kept = "; the previous file is unchanged" if path.is_file() else ""
        raise SaveError(
            f"could not save {path}",
            [Problem(f"{reason}{kept}", str(path), hint=fix)],
        ) from None
    except BaseException:
        # interrupted (Ctrl+C, SystemExit, a bug): the old file is still whole; tidy up
        if created:
            _remove(tmp)
        raise


def _temp_path(path: Path, kind: str) -> Path:
    """A new hidden name next to ``path``, unique even between threads of one process."""
    return path.with_name(f".{path.name[:180]}.{secrets.token_hex(4)}.{kind}")


def _keep_backup(path: Path) -> None:
    """Copy the current file to ``<name>.bak``, itself atomically."""
    bak_tmp = _temp_path(path, "bak.tmp")
    try:
        with bak_tmp.open("xb") as out:
            out.write(path.read_bytes())
            out.flush()
            os.fsync(out.fileno())
        bak_tmp.replace(path.with_name(path.name + ".bak"))
    finally:
        _remove(bak_tmp)


def _remove(path: Path) -> None:
    with contextlib.suppress(OSError):
        path.unlink()


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
