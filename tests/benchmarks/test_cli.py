"""The command line as a script runs it: ``warband validate FILE``, a whole process.

Each run is a fresh ``warband validate`` (the console script), so
interpreter start, imports, the catalog load and the check all count; the baseline
is a fresh ``python -c "import pydantic"``, the least a pydantic-checked file costs.
Runs alternate so both see the same machine load; medians are printed.
"""

from __future__ import annotations

import resource
import statistics
import subprocess
import sys
import time
from collections.abc import Sequence
from pathlib import Path

import pytest

from tests.conftest import FIXTURES, ROOT

pytestmark = pytest.mark.benchmark

ROSTER = FIXTURES / "rosters" / "gangers" / "legal-500.toml"


def warband_command() -> list[str]:
    """The ``warband`` console script installed beside this Python, or ``python -m tui``
    (the same ``main``) where the package is not installed."""
    script = Path(sys.executable).with_name("warband")
    return [str(script)] if script.is_file() else [sys.executable, "-m", "tui"]


def _seconds(argv: Sequence[str]) -> tuple[float, float]:
    """Wall-clock and CPU seconds (user and system) of one process running ``argv``."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run(argv, cwd=ROOT, capture_output=True, timeout=120)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    assert done.returncode == 0, done.stderr
    cpu = after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime
    return wall, cpu


@pytest.mark.parametrize("json", [False, True], ids=["text", "json"])
def test_validate_process_vs_import_pydantic(json: bool, tmp_path: Path) -> None:
    validate = [*warband_command(), "validate", str(ROSTER), *(["--json"] * json)]
    baseline = [sys.executable, "-c", "import pydantic"]
    ours, base = [], []
    for _ in range(9):
        ours.append(_seconds(validate))
        base.append(_seconds(baseline))
    wall, base_wall = (statistics.median(w for w, _ in runs) for runs in (ours, base))
    cpu, base_cpu = (statistics.median(c for _, c in runs) for runs in (ours, base))
    print(
        f"\nwarband validate{' --json' if json else ''} (whole process): {wall * 1000:.0f} ms; "
        f'python -c "import pydantic": {base_wall * 1000:.0f} ms; '
        f"ratio {wall / base_wall:.2f}x (CPU {cpu * 1000:.0f} vs {base_cpu * 1000:.0f} ms, "
        f"{cpu / base_cpu:.2f}x; medians of 9 alternated runs)"
    )
