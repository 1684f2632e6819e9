"""Recovery copies written off the key path: the newest copy reaches the disk soon, even
while edits keep coming; discarding and flushing act at once, and a copy written late
never brings back a file that was discarded. A copy holds either kind of list, warband's
own or one over BattleScribe data, and a copy written before there were kinds still reads."""

from __future__ import annotations

import time
from dataclasses import replace
from pathlib import Path

import pytest
import tomli_w

from model.bsdata.roster import BsRoster, CostLimit, Force, Selection
from model.bsdata.roster_toml import BsRosterFile
from model.core.problems import WarbandError
from model.roster.roster import Roster, RosterUnit
from saves import recovery
from saves.recovery import FORMAT, RecoveryKeeper, find_recoveries, write_recovery
from saves.roster_file import read_roster
from tests.conftest import FIXTURES


def roster(entries: int) -> Roster:
    return Roster(
        system="punkapocalyptic",
        faction="gangers",
        name="Rust Rats",
        points_limit=500,
        units=tuple(RosterUnit(unit="ganger") for _ in range(entries)),
    )


def on_disk(folder: Path) -> list[Roster | BsRosterFile]:
    found, notes = find_recoveries(folder)
    assert notes == []
    return [r.roster for r in found]


def bs_list(cars: int) -> BsRosterFile:
    """A Gaslands list over BattleScribe data, with nested selections."""
    gun = Selection("s9", "gun", "Machine Gun", selections=(Selection("s10", "m", "Front"),))
    car = Selection("s2", "car", "Car", number=cars, type="unit", selections=(gun,))
    force = Force("f1", "team", "cat", "Team", selections=(car,))
    roster = BsRoster("r1", "Road Hogs", "gst", cost_limits=(CostLimit("cans", 50.0),))
    return BsRosterFile("gaslands", replace(roster, forces=(force,)))


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


def test_after_a_discard_the_delay_runs_from_the_next_edit(tmp_path: Path) -> None:
    """An item added and removed again leaves nothing unsaved: the next edit's copy waits
    its own delay, not what was left of the discarded one's (which wrote it on the keys
    right after it, issue 33)."""
    keeper = RecoveryKeeper(delay=2.0)
    file = tmp_path / "a.toml"
    keeper.keep(file, roster(1), None, None)
    keeper.discard(file)
    time.sleep(1.2)
    keeper.keep(file, roster(2), None, None)
    time.sleep(1.2)  # past the discarded copy's deadline, within the new one's
    assert not file.exists()
    wait_for(file.exists)
    keeper.flush()
    assert on_disk(tmp_path) == [roster(2)]


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


def test_a_list_over_battlescribe_data_is_kept_with_its_game_and_file(tmp_path: Path) -> None:
    keeper = RecoveryKeeper(delay=0.01)
    file = tmp_path / "a.toml"
    source = tmp_path / "team.toml"
    keeper.keep(file, bs_list(1), source, None)
    keeper.keep(file, bs_list(2), source, None)
    wait_for(file.exists)
    keeper.flush()
    [found] = find_recoveries(tmp_path)[0]
    assert (found.roster, found.source) == (bs_list(2), source)
    assert 'kind = "battlescribe"' in file.read_text()


def test_both_kinds_are_found_side_by_side(tmp_path: Path) -> None:
    write_recovery(tmp_path / "a.toml", roster(2), None)
    write_recovery(tmp_path / "b.toml", bs_list(1), tmp_path / "team.toml")
    assert sorted(on_disk(tmp_path), key=lambda r: type(r).__name__) == [bs_list(1), roster(2)]


def test_a_copy_written_before_kinds_still_reads(tmp_path: Path) -> None:
    """The layout of ``warband.recovery/1`` before lists over BattleScribe data: no kind."""
    doc = {
        "format": FORMAT,
        "source": str(tmp_path / "band.toml"),
        "roster": roster(3).model_dump(mode="json", exclude_none=True),
    }
    (tmp_path / "old.toml").write_text(tomli_w.dumps(doc))
    [found] = find_recoveries(tmp_path)[0]
    assert (found.roster, found.source) == (roster(3), tmp_path / "band.toml")


def test_a_damaged_or_unknown_copy_is_told_and_kept(tmp_path: Path) -> None:
    write_recovery(tmp_path / "bad.toml", bs_list(1), tmp_path / "team.toml")
    bad = tmp_path / "bad.toml"
    bad.write_text(bad.read_text().replace('entry_id = "car"', 'entry_id = ""'))
    unknown = tmp_path / "unknown.toml"
    unknown.write_text(tomli_w.dumps({"format": FORMAT, "kind": "chess", "roster": {}}))
    found, notes = find_recoveries(tmp_path)
    assert found == []
    assert sorted(notes) == [
        f"{bad}: could not be read (RosterError); it was kept",
        f"{unknown}: could not be read (RosterError); it was kept",
    ]
    assert bad.exists() and unknown.exists()


# --- the text of a copy ---------------------------------------------------------------------


def _as_tomli_w_writes_it(listed: Roster, source: Path | None) -> str:
    """A copy's text as ``write_recovery`` wrote it before it kept each entry's block: the
    whole document dumped by tomli_w at once."""
    doc: dict[str, object] = {"format": FORMAT}
    if source is not None:
        doc["source"] = str(source)
    doc["roster"] = listed.model_dump(mode="json", exclude_none=True)
    return tomli_w.dumps(doc)


def _lists() -> list[Roster]:
    """Every fixture list warband reads, and lists with what the fixtures lack: notes on
    the list and on entries, odd names, a list of short entries only (which tomli_w writes
    as one inline array), one of one entry, and an empty one."""
    found = []
    for path in sorted((FIXTURES / "rosters").rglob("*.toml")):
        try:
            found.append(read_roster(path)[0])
        except WarbandError:
            continue  # the fixtures of broken files
    assert len(found) > 20
    first = found[0]
    noted = first.model_copy(
        update={
            "notes": 'Line one\nline "two"',
            "units": tuple(
                u.model_copy(update={"notes": f"note {n}\n", "name": f'Big "Joe" {n}'})
                for n, u in enumerate(first.units)
            ),
        }
    )
    return [*found, noted, roster(3), roster(1), roster(0)]


def test_a_copy_is_the_text_tomli_w_writes_for_it(tmp_path: Path) -> None:
    """Kept blocks or not, every copy is byte for byte what dumping it whole writes."""
    file = tmp_path / "a.toml"
    for listed in _lists():
        for source in (None, tmp_path / "list.toml"):
            write_recovery(file, listed, source)
            assert file.read_text(encoding="utf-8") == _as_tomli_w_writes_it(listed, source)
    # and again, each list written right after another made from it by one edit
    for listed in _lists():
        if not listed.units:
            continue
        write_recovery(file, listed, None)
        entry = listed.units[len(listed.units) // 2]
        edited = listed.replace_unit(len(listed.units) // 2, entry.with_item("spare-part", 2))
        write_recovery(file, edited, None)
        assert file.read_text(encoding="utf-8") == _as_tomli_w_writes_it(edited, None)


def test_after_an_edit_only_the_edited_entry_is_written_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The writer thread's copy of a long list costs one entry, not the list (a thousand
    entries dumped again were 16 ms of the process's CPU on every copy, issue 33)."""
    file = tmp_path / "a.toml"
    named = roster(200).model_copy(
        update={"units": tuple(RosterUnit(unit="ganger", name=f"Ganger {n}") for n in range(200))}
    )
    write_recovery(file, named, None)
    dumped: list[RosterUnit] = []
    block = recovery._entry_block

    def counting(entry: RosterUnit) -> str:
        dumped.append(entry)
        return block(entry)

    monkeypatch.setattr(recovery, "_entry_block", counting)
    edited = named.replace_unit(7, named.units[7].with_item("rifle", 1))
    write_recovery(file, edited, None)
    assert dumped == [edited.units[7]]
    assert on_disk(tmp_path) == [edited]
