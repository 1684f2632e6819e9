"""Crash logs: a bug's traceback goes to a file, and the player sees one line.

A traceback on screen frightens a player and tells them nothing they can act on;
in a file it is something they can attach to a bug report. Both the command line
and the app call ``write_crash_log`` for any exception that is not warband's own
error, then say ``crash_line`` (exit code 3). Writing the log must never raise: a
crash while reporting a crash would put the traceback back on the screen.
"""

from __future__ import annotations

import contextlib
import os
import platform
import sys
import traceback
from datetime import UTC, datetime
from pathlib import Path

KEEP = 20
"""Crash logs kept: older ones are removed, so a bug hit on every start cannot fill a disk."""


def write_crash_log(error: BaseException, folder: Path, context: str = "") -> Path | None:
    """Write ``error``'s traceback to a new file in ``folder``; its path, or None if no
    file could be written (the caller still shows its one line)."""
    stamp = datetime.now(UTC)
    lines = [
        f"warband crash log, {stamp.isoformat(timespec='seconds')}",
        f"python {platform.python_version()} on {platform.platform()}",
        f"command: {' '.join(sys.argv)}",
    ]
    if context:
        lines.append(f"while: {context}")
    lines += ["", *traceback.format_exception(error)]
    text = "\n".join(line.rstrip("\n") for line in lines) + "\n"
    name = f"crash-{stamp:%Y%m%d-%H%M%S}-{os.getpid()}.log"
    try:
        folder.mkdir(parents=True, exist_ok=True)
        path = folder / name
        with path.open("x", encoding="utf-8", errors="replace") as out:
            out.write(text)
    except OSError:
        return None
    _prune(folder)
    return path


def crash_line(error: BaseException, log: Path | None) -> str:
    """The one line a player sees: what broke, and where the details are. (It reaches the
    terminal through the command line's safe streams, which drop control characters.)"""
    what = f"{type(error).__name__}: {error}".splitlines()[0][:160]
    where = f"details in {log}" if log else "no crash log could be written"
    return f"warband hit a bug: {what} ({where})"


def _prune(folder: Path) -> None:
    """Keep the newest ``KEEP`` logs."""
    with contextlib.suppress(OSError):
        logs = sorted(folder.glob("crash-*.log"))
        for old in logs[:-KEEP]:
            with contextlib.suppress(OSError):
                old.unlink()
