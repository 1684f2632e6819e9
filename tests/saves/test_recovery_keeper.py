"""Recovery copies written off the key path: the newest copy reaches the disk soon, even
while edits keep coming; discarding and flushing act at once, and a copy written late
never brings back a file that was discarded."""

from __future__ import annotations

import time
from pathlib import Path

from model.roster.roster import Roster, RosterUnit
from saves.recovery import RecoveryKeeper, find_recoveries


def roster(entries: int) -> Roster:
    return Roster(
        system="punkapocalyptic",
        faction="gangers",
        name="Rust Rats",
        points_limit=500,
        units=tuple(RosterUnit(unit="ganger") for _ in range(entries)),
    )


def on_disk(folder: Path) -> list[Roster]:
    found, notes = find_recoveries(folder)
    assert notes == []
    return [r.roster for r in found]


def wait_for(condition: object, seconds: float = 10.0) -> None:
    """Wait until ``condition()`` holds (a generous bound: the machine may be busy)."""
    assert callable(condition)
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, "the copy was never written"
        time.sleep(0.01)


def test_the_newest_copy_is_written_without_being_asked(tmp_path: Path) -> None:
    keeper = RecoveryKeeper(delay=0.05)
    file = tmp_path / "a.toml"
    for n in range(1, 4):
        keeper.keep(file, roster(n), None, None)
    wait_for(file.exists)
    keeper.flush()  # waits for a write under way
    assert on_disk(tmp_path) == [roster(3)]


def test_edits_that_keep_coming_do_not_put_the_copy_off(tmp_path: Path) -> None:
    """The delay runs from the first edit not on disk: a held key still gets copies."""
    keeper = RecoveryKeeper(delay=0.05)
    file = tmp_path / "a.toml"
    deadline = time.monotonic() + 10
    n = 0
    while not file.exists():
        assert time.monotonic() < deadline, "no copy while edits kept coming"
        n += 1
        keeper.keep(file, roster(n % 50 + 1), None, None)
        time.sleep(0.005)
    keeper.flush()
    assert on_disk(tmp_path) == [roster(n % 50 + 1)]


def test_flush_writes_what_is_pending_at_once(tmp_path: Path) -> None:
    keeper = RecoveryKeeper(delay=3600)
    file = tmp_path / "a.toml"
    source = tmp_path / "list.toml"
    keeper.keep(file, roster(2), source, None)
    assert not file.exists()
    keeper.flush()
    [found] = find_recoveries(tmp_path)[0]
    assert (found.roster, found.source) == (roster(2), source)
    assert not keeper.pending(file)


def test_a_discarded_copy_stays_discarded(tmp_path: Path) -> None:
    keeper = RecoveryKeeper(delay=0.01)
    file = tmp_path / "a.toml"
    keeper.keep(file, roster(1), None, None)
    keeper.flush()
    keeper.keep(file, roster(2), None, None)
    keeper.discard(file)
    time.sleep(0.1)  # past the delay: the discarded copy is not written after all
    keeper.flush()
    assert not file.exists()


def test_a_copy_that_cannot_be_written_is_told_and_the_next_one_still_written(
    tmp_path: Path,
) -> None:
    keeper = RecoveryKeeper(delay=0.01)
    blocked = tmp_path / "a-file"
    blocked.write_text("not a folder")
    errors: list[Exception] = []
    keeper.keep(blocked / "a.toml", roster(1), None, errors.append)
    wait_for(lambda: bool(errors))
    file = tmp_path / "b.toml"
    keeper.keep(file, roster(1), None, errors.append)
    wait_for(file.exists)
    keeper.flush()
    assert len(errors) == 1
    assert on_disk(tmp_path) == [roster(1)]
