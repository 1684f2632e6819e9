"""How a command ends: ``validate`` and ``show`` in a process of their own end it as soon
as their output is out (``tui.cli.end_process``), and a command run in-process hands
the garbage collector back as it found it (``tui.cli.files.open_roster`` switches it off).
"""

from __future__ import annotations

import gc
import io
import subprocess
import sys

from tests.conftest import FIXTURES, ROOT
from tui.cli import main

TOO_BIG = FIXTURES / "rosters" / "gangers" / "too-big.toml"

SCRIPT = (
    "import atexit, sys\n"
    "import tui.cli\n"
    "class Torn:\n"
    "    def __del__(self):\n"
    "        sys.stderr.write('taken apart\\n')\n"
    "kept = Torn()\n"
    "atexit.register(lambda: sys.stderr.write('exit handlers ran\\n'))\n"
    "sys.exit(tui.cli.main())\n"
)


def _process(*argv: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-c", SCRIPT, *argv],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )


def test_validate_in_its_own_process_prints_all_runs_exit_handlers_and_skips_teardown() -> None:
    done = _process("validate", str(TOO_BIG))
    assert done.returncode == 1
    assert done.stdout.splitlines() == [
        "Crowd: Gangers, Punkapocalyptic, 1st edition",
        "330/300 points, 10 models: NOT VALID (2 errors)",
        "  error [points-limit] 330 points; the limit is 300: remove 30 points of troops or "
        "gear, or raise the limit to 330",
        "  error [miniature-limit] 10 miniatures; 300 points allow 9: remove 1 miniature or "
        "raise the limit to 400",
    ]
    assert done.stderr == "exit handlers ran\n"  # and nothing was taken apart


def test_a_command_not_ending_at_once_exits_as_python_does() -> None:
    done = _process("catalogs")
    assert done.returncode == 0
    assert "punkapocalyptic" in done.stdout
    assert "exit handlers ran\n" in done.stderr
    assert "taken apart\n" in done.stderr


def test_in_process_the_command_returns_and_the_collector_is_on_again() -> None:
    out, err = io.StringIO(), io.StringIO()
    assert gc.isenabled()
    assert main(["validate", str(TOO_BIG)], out, err) == 1
    assert gc.isenabled()
    assert "NOT VALID" in out.getvalue()
