"""A bug in warband: exit code 3, one line on screen, the traceback in a crash log.

Scripts must tell "the list breaks a rule" (1) and "the file is unreadable" (2) from
"warband itself failed" (3), and a player must never see a traceback. The bug is
provoked by replacing a command with one that raises, as no real one is known.
"""

from __future__ import annotations

import argparse
import io
import os
import subprocess
import sys
from pathlib import Path
from typing import TextIO

import pytest

import tui.cli
from tests.conftest import FIXTURES, ROOT
from tui.cli import main
from tui.cli.exits import EXIT_BUG

LEGAL = FIXTURES / "rosters" / "gangers" / "legal-500.toml"


def crash_logs() -> list[Path]:
    return sorted((Path(os.environ["WARBAND_STATE_DIR"]) / "crashes").glob("crash-*.log"))


def broken(args: argparse.Namespace, out: TextIO) -> int:
    raise RuntimeError("the dice fell off the table\x1b]0;pwned\x07\nsecond line")


def test_a_bug_exits_3_with_one_line_and_a_crash_log(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(tui.cli._COMMANDS, "validate", broken)
    out, err = io.StringIO(), io.StringIO()
    assert main(["validate", str(LEGAL)], out, err) == EXIT_BUG == 3
    [log] = crash_logs()
    assert out.getvalue() == ""
    assert err.getvalue() == (
        f"warband hit a bug: RuntimeError: the dice fell off the table]0;pwned (details in {log})\n"
    )
    text = log.read_text(encoding="utf-8")
    assert "Traceback (most recent call last):" in text
    assert 'raise RuntimeError("the dice fell off the table' in text
    assert f"command: {' '.join(sys.argv)}" in text


def test_warbands_own_errors_are_not_bugs(tmp_path: Path) -> None:
    out, err = io.StringIO(), io.StringIO()
    assert main(["validate", str(tmp_path / "missing.toml")], out, err) == 2
    assert crash_logs() == []
    assert "warband hit a bug" not in err.getvalue()


def test_old_crash_logs_are_pruned(monkeypatch: pytest.MonkeyPatch) -> None:
    from saves.crash_log import KEEP

    monkeypatch.setitem(tui.cli._COMMANDS, "validate", broken)
    folder = Path(os.environ["WARBAND_STATE_DIR"]) / "crashes"
    folder.mkdir(parents=True)
    for n in range(KEEP + 5):
        (folder / f"crash-20200101-0000{n:02d}-1.log").write_text("old\n")
    assert main(["validate", str(LEGAL)], io.StringIO(), io.StringIO()) == 3
    logs = crash_logs()
    assert len(logs) == KEEP
    assert "Traceback" in logs[-1].read_text(encoding="utf-8")


def test_a_crash_log_that_cannot_be_written_still_gives_one_line(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setitem(tui.cli._COMMANDS, "validate", broken)
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("a file where the state folder should be")
    monkeypatch.setenv("WARBAND_STATE_DIR", str(blocker))
    err = io.StringIO()
    assert main(["validate", str(LEGAL)], io.StringIO(), err) == 3
    assert err.getvalue() == (
        "warband hit a bug: RuntimeError: the dice fell off the table]0;pwned "
        "(no crash log could be written)\n"
    )


def test_the_real_entry_point_prints_no_traceback(tmp_path: Path) -> None:
    """The installed ``warband`` (``tui.cli:main``) in a process of its own."""
    script = (
        "import sys, tui.cli\n"
        "def broken(args, out):\n"
        "    raise KeyError('no such thing')\n"
        "tui.cli._COMMANDS['show'] = broken\n"
        "sys.exit(tui.cli.main())\n"
    )
    state = tmp_path / "state"
    done = subprocess.run(
        [sys.executable, "-c", script, "show", str(LEGAL)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
        env={**os.environ, "WARBAND_STATE_DIR": str(state)},
    )
    [log] = sorted((state / "crashes").iterdir())
    assert (done.returncode, done.stdout) == (3, "")
    assert done.stderr == f"warband hit a bug: KeyError: 'no such thing' (details in {log})\n"
    assert "Traceback" in log.read_text(encoding="utf-8")


def test_a_bug_that_ended_the_app_is_one_line_and_exit_3(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """``warband`` and ``warband battle resume``: the app wrote the log; the command
    line prints the app's one line once the terminal is restored."""
    import tui.app

    class CrashedApp:
        crash = "warband hit a bug: KeyError: 'x' (details in /state/crashes/crash-1.log)"

        def __init__(self, **kwargs: object) -> None:
            pass

        def run(self) -> None:
            pass

    monkeypatch.setattr(tui.app, "make_app", CrashedApp)
    for argv in ([], ["battle", "resume", str(FIXTURES / "battles" / "bridge.toml")]):
        out, err = io.StringIO(), io.StringIO()
        assert main(argv, out, err) == 3
        assert err.getvalue() == CrashedApp.crash + "\n"
