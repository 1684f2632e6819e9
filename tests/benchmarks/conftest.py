"""Benchmarks: run on demand with ``pytest -m benchmark -n 0 -s tests/benchmarks``.

Each prints a ratio against a baseline measured in the same run, on the same
machine, so results compare across machines; nothing asserts on time.
"""

from __future__ import annotations

import time
from collections.abc import Callable

import pytest


def best_of(fn: Callable[[], object], repeat: int = 7, number: int = 5) -> float:
    """The fastest of ``repeat`` runs of ``number`` calls, in seconds per call."""
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        for _ in range(number):
            fn()
        best = min(best, (time.perf_counter() - start) / number)
    return best


def report(name: str, value: float, baseline_name: str, baseline: float) -> None:
    """Print one benchmark line: both times and their ratio."""
    print(
        f"\n{name}: {value * 1000:.2f} ms; {baseline_name}: {baseline * 1000:.2f} ms; "
        f"ratio {value / baseline:.1f}x"
    )


@pytest.fixture
def bench() -> Callable[[Callable[[], object]], float]:
    return best_of
