"""Battle files: opening a 10,000-event battle (read, check, replay every event) against
plain ``tomllib`` parsing of the same file; and saving after every event.

The log is a legal game driven through the engine (``play``), so the replay does the
work a real one does: whose turn it is, counters, wounds, the end of each turn.
"""

from __future__ import annotations

import time
import tomllib
from collections.abc import Callable
from pathlib import Path

import pytest

from saves.battle_file import battle_to_toml, read_battle, write_battle
from tests.benchmarks.conftest import report
from tests.saves.test_battle_file import fresh_battle, play

pytestmark = pytest.mark.benchmark

EVENTS = 10_000


def test_open_a_10000_event_battle_vs_tomllib(tmp_path: Path, bench: Callable[..., float]) -> None:
    battle = play(fresh_battle(turn_limit=10_000), EVENTS, seed=1)
    path = tmp_path / "long.toml"
    write_battle(path, battle)
    assert read_battle(path) == battle
    size = path.stat().st_size

    def parse_only() -> None:
        tomllib.loads(path.read_bytes().decode("utf-8"))

    def open_battle() -> None:
        read_battle(path).state  # noqa: B018 - the replay is part of opening

    report(
        f"open a {EVENTS:,}-event battle ({size / 1000:.0f} kB, turn {battle.state.turn}): "
        "read, check, replay",
        bench(open_battle, repeat=3, number=1),
        "tomllib parse only",
        bench(parse_only, repeat=3, number=1),
    )


def test_save_after_every_event_of_1000(tmp_path: Path) -> None:
    """What the tracker does: one atomic save (with backup, fsync) per event."""
    start = fresh_battle(turn_limit=1000)
    battles = [start]
    for _ in range(1000):
        battles.append(play(battles[-1], 1, seed=len(battles)))
    path = tmp_path / "game.toml"
    begin = time.perf_counter()
    for battle in battles[1:]:
        write_battle(path, battle)
    per_save = (time.perf_counter() - begin) / 1000
    last = min(_time(lambda: write_battle(path, battles[-1])) for _ in range(5))
    text = min(_time(lambda: battle_to_toml(battles[-1])) for _ in range(5))
    print(
        f"\nsave after every event of 1000: {per_save * 1000:.2f} ms per save on average; "
        f"the save at 1000 events: {last * 1000:.2f} ms ({path.stat().st_size / 1000:.0f} kB), "
        f"of which writing the TOML text {text * 1000:.2f} ms (the rest: fsync, backup, rename)"
    )


def _time(fn: Callable[[], object]) -> float:
    start = time.perf_counter()
    fn()
    return time.perf_counter() - start
