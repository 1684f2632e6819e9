"""The app's start-up: the real ``warband`` command in a terminal, to its first screen.

What a user runs is timed (issue 15): the ``warband`` console script (or ``python -m
tui`` where it is not installed), with its default recovery check on, in a
pseudo-terminal of 100x32, from starting the process to the home screen on the terminal
(wall clock, and the CPU time the process had used by then, which a loaded machine
disturbs less). The baseline is a bare Textual app of Header, Tree, DataTable, Static
and Footer started the same way. Each
process then idles a second (whatever the app does after its first paint, such as
the recovery check, counts towards memory) and quits on Ctrl+Q; its peak resident
memory is read from ``/proc``. Runs alternate, so both see the same machine load.
(Edit keys are timed in ``test_builder.py``.)
"""

from __future__ import annotations

import fcntl
import os
import pty
import re
import select
import statistics
import struct
import sys
import termios
import textwrap
import time
from collections.abc import Sequence
from pathlib import Path

import pytest

from tests.benchmarks.test_cli import warband_command
from tests.conftest import ROOT

pytestmark = [
    pytest.mark.benchmark,
    pytest.mark.skipif(
        not Path("/proc/self/schedstat").is_file(), reason="reads Linux's /proc per process"
    ),
]

SIZE = (100, 32)
SETTLE = 1.0
"""Seconds each app idles after its first paint before it is asked to quit."""

BARE_APP = textwrap.dedent(
    """
    from textual.app import App, ComposeResult
    from textual.widgets import DataTable, Footer, Header, Static, Tree


    class Bare(App[None]):
        def compose(self) -> ComposeResult:
            yield Header()
            yield Static("bare textual app")
            yield Tree("roster")
            yield DataTable()
            yield Footer()


    Bare().run()
    """
)


def run_in_terminal(
    argv: Sequence[str], marker: bytes, env: dict[str, str]
) -> tuple[float, float, int]:
    """Start ``argv`` on a new pseudo-terminal; seconds until ``marker`` is on its screen,
    CPU seconds it had used by then, and its peak resident memory in KiB after it idled."""
    start = time.perf_counter()
    pid, fd = pty.fork()
    if pid == 0:  # the child: the terminal is its stdin, stdout and stderr
        try:
            os.chdir(ROOT)
            os.execve(argv[0], list(argv), env)
        finally:
            os._exit(127)
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", SIZE[1], SIZE[0], 0, 0))
    seen = b""
    shown: float | None = None
    cpu = 0.0
    quit_at: float | None = None
    peak = 0
    deadline = start + 60
    try:
        while True:
            now = time.perf_counter()
            if now > deadline:
                raise TimeoutError(f"{argv}: {marker!r} never shown; screen: {seen[-400:]!r}")
            if shown is not None and quit_at is None and now - start - shown >= SETTLE:
                peak = peak_memory(pid)
                os.write(fd, b"\x11")  # Ctrl+Q
                quit_at = now
            ready, _, _ = select.select([fd], [], [], 0.05)
            if not ready:
                continue
            try:
                chunk = os.read(fd, 65536)
            except OSError:  # the child closed the terminal: it has quit
                break
            if not chunk:
                break
            if shown is None:
                seen += chunk
                if marker in seen:
                    shown = time.perf_counter() - start
                    cpu = cpu_seconds(pid)
    finally:
        os.close(fd)
    _, status = os.waitpid(pid, 0)
    assert shown is not None and os.waitstatus_to_exitcode(status) == 0, (argv, status)
    return shown, cpu, peak


def cpu_seconds(pid: int) -> float:
    """CPU time a running process has used, in seconds (``/proc/PID/schedstat``)."""
    return int(Path(f"/proc/{pid}/schedstat").read_text().split()[0]) / 1e9


def peak_memory(pid: int) -> int:
    """A running process's peak resident memory in KiB (``VmHWM``). Not ``wait4``'s
    ``ru_maxrss``: Linux carries that over ``exec`` from the forked test process."""
    status = Path(f"/proc/{pid}/status").read_text()
    return int(re.search(r"^VmHWM:\s+(\d+) kB", status, re.MULTILINE)[1])  # type: ignore[index]


def test_start_to_first_screen(tmp_path: Path) -> None:
    """``warband`` to its home screen against a bare Textual app, time and memory."""
    env = {
        "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
        "HOME": str(tmp_path / "home"),
        "TERM": "xterm-256color",
        "LANG": "C.UTF-8",
        # a real start: the recovery check runs, on an empty saves folder of its own
        "WARBAND_SAVES_DIR": str(tmp_path / "saves"),
        "WARBAND_CONFIG_DIR": str(tmp_path / "config"),
        "WARBAND_CATALOG_DIR": str(tmp_path / "catalogs"),
        "WARBAND_STATE_DIR": str(tmp_path / "state"),
    }
    warband_argv = warband_command()
    bare_argv = [sys.executable, "-c", BARE_APP]
    runs: dict[str, list[tuple[float, float, int]]] = {"warband": [], "bare": []}
    for _ in range(9):
        runs["warband"].append(run_in_terminal(warband_argv, b"Recent files", env))
        runs["bare"].append(run_in_terminal(bare_argv, b"bare textual app", env))
    time_w, cpu_w, mem_w = (statistics.median(r[i] for r in runs["warband"]) for i in range(3))
    time_b, cpu_b, mem_b = (statistics.median(r[i] for r in runs["bare"]) for i in range(3))
    command = " ".join(Path(a).name for a in warband_argv)
    print(
        f"\n{command} (recovery check on) to its home screen: {time_w * 1000:.0f} ms "
        f"({cpu_w * 1000:.0f} ms CPU), {mem_w / 1024:.1f} MiB peak; bare Textual app (Header, "
        f"Tree, DataTable, Static, Footer): {time_b * 1000:.0f} ms ({cpu_b * 1000:.0f} ms CPU), "
        f"{mem_b / 1024:.1f} MiB peak; ratio {time_w / time_b:.2f}x time "
        f"({cpu_w / cpu_b:.2f}x CPU), {mem_w / mem_b:.2f}x memory (medians of 9 alternated runs)"
    )
