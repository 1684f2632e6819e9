"""Benchmarks: run on demand with ``pytest -m benchmark -n 0 -s tests/benchmarks``.

Each prints a ratio against a baseline measured in the same run, on the same
machine, so results compare across machines; nothing asserts on time.
"""

from __future__ import annotations

import statistics
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
        f"ratio {value / baseline:.2f}x"
    )


def report_key(
    what: str, key: list[float], idle: list[float], idle_name: str, goal_ms: float
) -> None:
    """Print one key's times (seconds per press) against a key nothing is bound to, pressed
    the same way in the same run: minima and medians, their ratio, and the difference, which
    is what the key itself costs and what the goal (milliseconds) is about."""
    best, middle = min(key), statistics.median(key)
    base, base_middle = min(idle), statistics.median(idle)
    print(
        f"\n{what}: min {best * 1000:.1f} ms, median {middle * 1000:.1f} ms; "
        f"{idle_name}: min {base * 1000:.1f} ms, median {base_middle * 1000:.1f} ms; "
        f"ratio {best / base:.1f}x (min), {middle / base_middle:.1f}x (median)"
    )
    print(
        f"  = +{(best - base) * 1000:.1f} ms (min), +{(middle - base_middle) * 1000:.1f} ms "
        f"(median) above {idle_name}; goal <= {goal_ms:.0f} ms"
    )


FLOOR_SLACK_MS = 5.0
"""The restated key goal (issue 33): a builder or tracker key may cost Textual's own cost of
the same widget change (measured in a bare Textual app in the same run) plus this."""


def report_floor_goal(
    what: str, key: list[float], idle: list[float], floor: tuple[float, float]
) -> None:
    """Print a key's CPU cost above its unbound key against the restated goal: Textual's
    floor for the same change (``floor``: min and median CPU seconds above the bare app's
    unbound key) plus ``FLOOR_SLACK_MS``, both as medians, and whether it is met."""
    cost = (statistics.median(key) - statistics.median(idle)) * 1000
    goal = floor[1] * 1000 + FLOOR_SLACK_MS
    verdict = "met" if cost <= goal else "NOT met"
    print(
        f"  goal row, {what}: +{cost:.1f} ms CPU (median) above the unbound key; goal <= "
        f"Textual's floor +{floor[1] * 1000:.1f} ms + {FLOOR_SLACK_MS:.0f} ms = {goal:.1f} "
        f"ms: {verdict}"
    )


@pytest.fixture
def bench() -> Callable[[Callable[[], object]], float]:
    return best_of
