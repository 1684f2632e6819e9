"""Every command-line entry point, fed mutated files and codes, under memory and time limits.

The fuzz run (``tests/fuzz_cli.py``) happens in a process of its own, limited to
``LIMIT_MB`` of address space with a ``TIME_LIMIT`` of CPU time on each command, so a blow-up
fails this test instead of the machine. It must find nothing: no exit code 3 (a bug),
no traceback, no control character on the terminal, no command over the time limit.
A few hundred inputs run by default; ``WARBAND_FUZZ_INPUTS=10000`` runs the long one
(and ``WARBAND_FUZZ_SEED`` picks another corpus of mutations).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from tests.conftest import ROOT


def test_no_entry_point_fails_on_hostile_input(tmp_path: Path) -> None:
    inputs = int(os.environ.get("WARBAND_FUZZ_INPUTS", "240"))
    seed = int(os.environ.get("WARBAND_FUZZ_SEED", "2026"))
    found = tmp_path / "found"
    done = subprocess.run(
        [sys.executable, "-m", "tests.fuzz_cli", str(inputs), str(seed), str(found)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120 + inputs,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    summary = json.loads(done.stdout)
    print(f"\nfuzz: {json.dumps({k: v for k, v in summary.items() if k != 'failures'})}")
    assert summary["inputs"] == inputs
    assert sum(summary["exits"].values()) == inputs
    assert summary["failures"] == []
