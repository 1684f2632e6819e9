"""Atomic file writes: the old file stays whole until the new one is complete.

The new content goes to a temporary file in the same folder, is flushed to disk,
and replaces the old file in one rename. A full disk, a permission problem or a
killed process leaves the previous file as it was (and no temporary file behind
when Python gets the chance to clean up; a process killed outright, e.g. by
SIGKILL or a power cut, can leave a hidden ``.<name>.<pid>-<random>.tmp`` next to it).
Such leftovers are swept by the next save of that file and by ``sweep_folder`` at
start: a temporary file is stale when the process named in it is gone (or, for a name
without one, when it is older than a minute), never while its writer may be running.
With ``backup=True`` the previous version is also kept next to it as ``<name>.bak``.
"""

from __future__ import annotations

import contextlib
import errno
import os
import re
import secrets
import time
from pathlib import Path

from model.core.problems import Problem, SaveError

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


def backup_path(path: Path) -> Path:
    """Where the previous version of ``path`` is kept: ``<name>.bak`` beside it."""
    return path.with_name(path.name + ".bak")


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
    _sweep(path.parent, path.name)
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
        sync_folder(path.parent)
    except OSError as exc:
        if created:
            remove_quietly(tmp)
        raise save_error(path, exc) from None
    except BaseException:
        # interrupted (Ctrl+C, SystemExit, a bug): the old file is still whole; tidy up
        if created:
            remove_quietly(tmp)
        raise


def save_error(path: Path, exc: OSError) -> SaveError:
    """A failed save told as the user can act on it (a full disk, a read-only folder ...);
    the caller has left the previous file as it was."""
    reason, fix = _REASONS.get(exc.errno or 0, (exc.strerror or str(exc), "try again"))
    kept = "; the previous file is unchanged" if path.is_file() else ""
    return SaveError(f"could not save {path}", [Problem(f"{reason}{kept}", str(path), hint=fix)])


def _temp_path(path: Path, kind: str) -> Path:
    """A new hidden name next to ``path``, unique even between threads of one process;
    it names this process, so a later sweep can tell a live write from a killed one."""
    return path.with_name(f".{path.name[:180]}.{os.getpid()}-{secrets.token_hex(4)}.{kind}")


_TEMP = re.compile(r"\.(?P<name>.+)\.(?:(?P<pid>\d{1,10})-)?[0-9a-f]{8}\.(?:bak\.)?tmp")
STALE_AGE = 60.0
"""Seconds after which a temporary file naming no process is surely abandoned: a save
takes milliseconds."""
MAX_SWEEP = 10_000
"""Folder entries looked at by one sweep: a save stays quick in a folder of any size."""


def sweep_folder(folder: Path) -> int:
    """Remove the stale temporary files of killed saves in ``folder``; how many went.
    Never raises: a sweep is housekeeping, not worth failing a start for."""
    return _sweep(folder, None)


def sweep_leftovers(path: Path) -> int:
    """Remove the stale temporary files of killed saves of ``path`` (as its next save
    does); how many went. Never raises."""
    return _sweep(path.parent, path.name)


def _sweep(folder: Path, name: str | None) -> int:
    """Remove stale temporary files in ``folder`` (of the file ``name`` only, if given)."""
    removed = 0
    try:
        with os.scandir(folder) as entries:
            for n, entry in enumerate(entries):
                if n >= MAX_SWEEP:
                    break
                found = _TEMP.fullmatch(entry.name)
                if found is None or (name is not None and found["name"] != name[:180]):
                    continue
                if _stale(entry, found["pid"]):
                    with contextlib.suppress(OSError):
                        Path(entry.path).unlink()
                        removed += 1
    except OSError:
        pass
    return removed


def _stale(entry: os.DirEntry[str], pid: str | None) -> bool:
    if pid is not None and os.name == "posix":
        return int(pid) != os.getpid() and not _alive(int(pid))
    try:
        return time.time() - entry.stat(follow_symlinks=False).st_mtime > STALE_AGE
    except OSError:
        return False


def _alive(pid: int) -> bool:
    """Whether a process with this id runs (a POSIX signal 0 only asks)."""
    try:
        os.kill(pid, 0)
    except (ProcessLookupError, OverflowError):
        return False
    except OSError:
        return True  # it exists but is not ours to signal, or we cannot tell
    return True


def _keep_backup(path: Path) -> None:
    """Keep the current file as ``<name>.bak``, itself atomically.

    The backup is a second name (a hard link) for the current file, which the rename
    that follows takes away from ``path`` and leaves to the backup: no byte is copied,
    so a save after every event does not pay twice for a long battle's file. Where the
    file system has no hard links, the file is copied. Either way the backup is synced
    before it replaces the previous one (for a link its data is on disk already, so
    that costs nothing)."""
    bak_tmp = _temp_path(path, "bak.tmp")
    try:
        try:
            os.link(path, bak_tmp)
        except OSError:
            with bak_tmp.open("xb") as out:
                out.write(path.read_bytes())
                out.flush()
                os.fsync(out.fileno())
        else:
            fd = os.open(bak_tmp, os.O_RDONLY)
            try:
                os.fsync(fd)
            finally:
                os.close(fd)
        bak_tmp.replace(backup_path(path))
    finally:
        remove_quietly(bak_tmp)


def remove_quietly(path: Path) -> None:
    """Remove a file of warband's own, if it is there (tidying never fails a save)."""
    with contextlib.suppress(OSError):
        path.unlink()


def sync_folder(folder: Path) -> None:
    """Make a rename, or a new file, in the folder durable where the platform allows it."""
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
