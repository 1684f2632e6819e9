"""Saving a battle by rewriting only the end of its file (``saves.end_rewrite``): each
save writes what changed, the file and its backup always read back whole, a save cut
short at any byte is completed from its journal, and a file someone else changed is
written whole again.

The random SIGKILL test in ``test_battle_file.py`` kills real saving processes; these
tests cut a save at chosen places, which a kill reaches only by chance.
"""

from __future__ import annotations

import errno
import itertools
import os
from pathlib import Path

import pytest

from model.battle.battle import Battle
from model.battle.events import Note, Score
from model.core.problems import BattleError, SaveError
from saves import battle_file, end_rewrite
from saves.battle_file import battle_bytes, prepare_saving, write_battle
from saves.battle_read import battle_from_bytes, read_battle, restore_backup
from saves.end_rewrite import Stamp, completed, journal_of
from tests.saves.test_battle_file import fresh_battle, play
from tests.saves.test_long_battles import with_notes


class Cut(BaseException):
    """Stands for a process killed in the middle of a write (nothing tidies up)."""


def _names(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir())


def _saves(path: Path, *battles: Battle) -> None:
    for battle in battles:
        write_battle(path, battle)


@pytest.fixture
def writes(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, int, int]]:
    """Every write at an offset: the file's name, where, and how many bytes."""
    seen: list[tuple[str, int, int]] = []
    real = end_rewrite._write_at

    def counting(fd: int, data: bytes, offset: int) -> None:
        seen.append((Path(f"/proc/self/fd/{fd}").readlink().name, offset, len(data)))
        real(fd, data, offset)

    monkeypatch.setattr(end_rewrite, "_write_at", counting)
    return seen


@pytest.mark.skipif(not Path("/proc/self/fd").is_dir(), reason="names files by /proc")
def test_a_save_writes_only_the_end_that_changed_at_any_length(
    tmp_path: Path, writes: list[tuple[str, int, int]]
) -> None:
    """A record, an undo and a redo each write a few hundred bytes, of the file and of its
    backup, whether the log holds 50 events or 5,000: a save's cost does not grow with the
    battle. History: the scaling check of issue 15."""
    for count in (50, 5000):
        path = tmp_path / f"{count}.battle.toml"
        start = with_notes(fresh_battle(), count)
        scored = start.record(Score(kind="score", side=0, points=1))
        _saves(path, start, scored)  # the first save is whole; the next copies the backup
        writes.clear()
        _saves(path, scored.record(Note(kind="note", text="on")), scored, scored.undo())
        _saves(path, scored.undo().redo())
        journal = {f".{path.name}.tail", f".{path.name}.bak.tail"}
        written = [w for w in writes if w[0] not in journal]
        assert {name for name, _, _ in written} == {path.name, path.name + ".bak"}
        assert len(written) == 8  # four saves, each of the backup and then of the file
        assert max(size for _, _, size in written) < 600
        assert read_battle(path) == scored.undo().redo()
        assert read_battle(path.with_name(path.name + ".bak")) == scored.undo()
        assert not journal_of(path).exists()


def test_each_save_leaves_the_file_and_the_previous_one_as_backup(tmp_path: Path) -> None:
    path = tmp_path / "b.toml"
    battles = [fresh_battle()]
    for n in range(12):
        battle = play(battles[-1], 1, seed=n) if n % 4 != 3 else battles[-1].undo()
        battles.append(battle)
    for before, battle in itertools.pairwise(battles):
        write_battle(path, battle)
        assert path.read_bytes() == battle_bytes(battle)
        if before is not battles[0]:
            assert read_battle(tmp_path / "b.toml.bak") == before
    assert _names(tmp_path) == ["b.toml", "b.toml.bak"]  # no journal once a save is done


def _cut_save(
    monkeypatch: pytest.MonkeyPatch, path: Path, battle: Battle, keep: int, *, target: str
) -> None:
    """Save ``battle`` to ``path``, cut once ``keep`` bytes of the end of ``target`` (the
    file or its backup) are written: as a killed process leaves it."""
    real = end_rewrite._write_at

    def cut(fd: int, data: bytes, offset: int) -> None:
        name = Path(f"/proc/self/fd/{fd}").readlink().name
        if name == target:
            real(fd, data[:keep], offset)
            raise Cut
        real(fd, data, offset)

    monkeypatch.setattr(end_rewrite, "_write_at", cut)
    try:
        with pytest.raises(Cut):
            write_battle(path, battle)
    finally:
        monkeypatch.setattr(end_rewrite, "_write_at", real)


@pytest.mark.skipif(not Path("/proc/self/fd").is_dir(), reason="names files by /proc")
@pytest.mark.parametrize("change", ["record", "undo", "branch", "replace"])
def test_a_save_cut_at_any_byte_is_completed_from_its_journal(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, change: str
) -> None:
    """Whatever byte the file's new end was cut at, the file reads back as the battle
    being saved and is left whole on disk, with no journal. Also a save that replaces
    events (an undo and a record at once, which the tracker never saves in one go): cut
    in the middle, its file can read as a third battle, and the journal is asked first."""
    start = play(fresh_battle(), 30, seed=3)
    older = start.undo().undo()
    after = {
        "record": start.record(Note(kind="note", text="a long note " * 20)),
        "undo": start.undo(),
        "branch": start.undo().record(Score(kind="score", side=1, points=2)),
        "replace": start.undo().record(Note(kind="note", text="y" * 300)),
    }[change]
    old, new = battle_bytes(start), battle_bytes(after)
    end = len(new) - next(n for n, (a, b) in enumerate(zip(old, new, strict=False)) if a != b)
    for keep in range(0, end + 60, 7):  # every seventh byte, and past the end
        folder = tmp_path / f"cut-{keep}"
        folder.mkdir()
        path = folder / "b.toml"
        _saves(path, older, start)
        _cut_save(monkeypatch, path, after, keep, target="b.toml")
        assert read_battle(folder / "b.toml.bak") == start
        assert read_battle(path) == after, keep
        assert path.read_bytes() == new
        if keep < end:  # cut before its last byte: completed, and the journal gone
            assert _names(folder) == ["b.toml", "b.toml.bak"]


@pytest.mark.skipif(not Path("/proc/self/fd").is_dir(), reason="names files by /proc")
def test_a_backup_cut_short_is_completed_and_the_file_is_untouched(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "b.toml"
    first = play(fresh_battle(), 10, seed=1)
    second = first.record(Note(kind="note", text="second"))
    third = second.record(Note(kind="note", text="third"))
    _saves(path, first, second)
    _cut_save(monkeypatch, path, third, 5, target="b.toml.bak")
    assert read_battle(path) == second
    assert read_battle(tmp_path / "b.toml.bak") == second


@pytest.mark.skipif(not Path("/proc/self/fd").is_dir(), reason="names files by /proc")
def test_going_on_from_a_backup_cut_short_goes_on_from_the_backup_it_was_becoming(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The file damaged after a save cut in the middle of the backup's end: going on from
    the backup completes it from its journal first, as reading it does, at whatever byte
    it was cut."""
    first = play(fresh_battle(), 10, seed=1)
    second = first.record(Note(kind="note", text="second " * 30))
    third = second.record(Note(kind="note", text="third"))
    for keep in range(0, 260, 13):
        folder = tmp_path / f"cut-{keep}"
        folder.mkdir()
        path = folder / "b.toml"
        _saves(path, first, second)
        _cut_save(monkeypatch, path, third, keep, target="b.toml.bak")
        path.write_bytes(path.read_bytes()[:-40])  # and then the file is damaged
        battle, kept = restore_backup(path)
        assert battle == second, keep
        assert read_battle(path) == second
        assert path.read_bytes() == battle_bytes(second)
        assert kept == folder / "b.toml.damaged"


def test_a_journal_does_not_mend_a_file_damaged_another_way(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A journal left by a cut save is used only while the file is what the cut left:
    edited before the end (or cut shorter than the end began), it is reported damaged."""
    path = tmp_path / "b.toml"
    start = play(fresh_battle(), 20, seed=5)
    after = start.record(Note(kind="note", text="after"))
    _saves(path, start.undo(), start)
    _cut_save(monkeypatch, path, after, 3, target="b.toml")
    data = path.read_bytes()
    found = completed(path, data)
    assert found is not None
    edited = data.replace(b'player = "Ann"', b'player = "Anne"', 1)
    assert completed(path, edited) is None
    cut_at = found[0]
    for at in (cut_at, len(data) - 1):  # a byte in the end neither the old nor the new one
        assert completed(path, data[:at] + b"\x01" + data[at + 1 :]) is None
    assert completed(path, data[: len(data) // 2]) is None
    path.write_bytes(data[: len(data) // 2])
    with pytest.raises(BattleError):
        read_battle(path)


def test_a_journal_cut_short_is_never_used(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "b.toml"
    start = play(fresh_battle(), 20, seed=5)
    after = start.record(Note(kind="note", text="after"))
    _saves(path, start.undo(), start)
    _cut_save(monkeypatch, path, after, 3, target="b.toml")
    journal = journal_of(path)
    journal.write_bytes(journal.read_bytes()[:-1])
    assert completed(path, path.read_bytes()) is None
    with pytest.raises(BattleError):
        read_battle(path)


@pytest.mark.parametrize("failing", [3, 4], ids=["journal", "file"])
def test_a_full_disk_puts_the_old_end_back(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, failing: int
) -> None:
    """The disk fills up while the file's journal, or its end, is written: the file is
    as it was, and nothing is left beside it."""
    path = tmp_path / "b.toml"
    start = play(fresh_battle(), 20, seed=6)
    _saves(path, start.undo(), start)
    before = path.read_bytes()
    real = end_rewrite._write_at
    calls = []

    def full(fd: int, data: bytes, offset: int) -> None:
        calls.append(offset)
        if len(calls) == failing:  # 1 the backup's journal, 2 its end, 3 the file's, 4 its end
            real(fd, data[:7], offset)
            raise OSError(errno.ENOSPC, "No space left on device")
        real(fd, data, offset)

    monkeypatch.setattr(end_rewrite, "_write_at", full)
    with pytest.raises(SaveError) as caught:
        write_battle(path, start.record(Note(kind="note", text="no room")))
    assert "the disk is full; the previous file is unchanged" in caught.value.render()
    assert path.read_bytes() == before
    assert read_battle(path) == start
    assert _names(tmp_path) == ["b.toml", "b.toml.bak"]


def test_a_file_changed_by_someone_else_is_written_whole(tmp_path: Path) -> None:
    """Another program (or a copy of warband) changed the file between two saves: it is
    never written in place; it becomes the backup, as any file replaced whole does."""
    path = tmp_path / "b.toml"
    start = play(fresh_battle(), 12, seed=7)
    _saves(path, start.undo(), start)
    theirs = battle_bytes(start).replace(b"the game", b"the game", 1) + b"# theirs\n"
    path.write_bytes(theirs)
    after = start.record(Note(kind="note", text="mine"))
    write_battle(path, after)
    assert read_battle(path) == after
    assert (tmp_path / "b.toml.bak").read_bytes() == theirs
    assert battle_from_bytes(theirs, "theirs") == start


def test_a_change_of_the_same_size_within_the_clock_tick_is_seen(tmp_path: Path) -> None:
    """A file's time may not move between two writes close together: a change to its end
    of the same size, with the same time, is still never written over in place."""
    path = tmp_path / "b.toml"
    start = play(fresh_battle(), 12, seed=8)
    _saves(path, start.undo(), start)
    before = path.stat()
    theirs = path.read_bytes().replace(b"# Written last", b"# written last", 1)
    assert len(theirs) == before.st_size
    path.write_bytes(theirs)
    os.utime(path, ns=(before.st_atime_ns, before.st_mtime_ns))
    write_battle(path, start.record(Note(kind="note", text="mine")))
    assert b"# written last" in (tmp_path / "b.toml.bak").read_bytes()
    assert read_battle(path) == start.record(Note(kind="note", text="mine"))


def test_a_battle_prepared_on_opening_is_rewritten_in_place_from_its_first_save(
    tmp_path: Path,
) -> None:
    """What the tracker does while it opens: a file exactly as warband writes it is
    copied to the backup then, so the first save already rewrites only the end."""
    path = tmp_path / "b.toml"
    start = play(fresh_battle(), 15, seed=9)
    _saves(path, start)
    opened = read_battle(path)
    assert prepare_saving(path, opened)
    assert (tmp_path / "b.toml.bak").read_bytes() == path.read_bytes()
    inode = path.stat().st_ino
    after = opened.record(Note(kind="note", text="first"))
    write_battle(path, after)
    assert path.stat().st_ino == inode  # not replaced: its end rewritten
    assert read_battle(path) == after
    assert read_battle(tmp_path / "b.toml.bak") == opened


def test_a_file_laid_out_otherwise_is_written_whole_on_its_first_save(tmp_path: Path) -> None:
    path = tmp_path / "b.toml"
    start = play(fresh_battle(), 15, seed=9)
    theirs = battle_bytes(start) + b"# a note of theirs\n"
    path.write_bytes(theirs)
    opened = read_battle(path)
    assert not prepare_saving(path, opened)
    assert not (tmp_path / "b.toml.bak").exists()
    write_battle(path, opened.record(Note(kind="note", text="first")))
    assert (tmp_path / "b.toml.bak").read_bytes() == theirs


def test_when_the_old_end_cannot_be_put_back_the_journal_completes_the_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The disk fails while the new end is written and again while the old end is put
    back: the save is reported, and the journal is kept, so the file reads whole."""
    path = tmp_path / "b.toml"
    start = play(fresh_battle(), 20, seed=6)
    after = start.record(Note(kind="note", text="no room"))
    _saves(path, start.undo(), start)
    real = end_rewrite._write_at
    calls: list[int] = []

    def failing(fd: int, data: bytes, offset: int) -> None:
        calls.append(offset)
        if len(calls) >= 4:  # the file's new end, then its old end put back
            real(fd, data[:5], offset)
            raise OSError(errno.EIO, "Input/output error")
        real(fd, data, offset)

    monkeypatch.setattr(end_rewrite, "_write_at", failing)
    with pytest.raises(SaveError):
        write_battle(path, after)
    monkeypatch.setattr(end_rewrite, "_write_at", real)
    assert journal_of(path).exists()
    assert read_battle(path) == after
    assert path.read_bytes() == battle_bytes(after)


def test_files_the_user_links_to_are_never_written_through(tmp_path: Path) -> None:
    """A backup that is a link to another file is replaced, not written through; a battle
    file with another name (a hard link the user keeps as a copy) is written whole, so
    the copy keeps what it held."""
    path = tmp_path / "b.toml"
    notes = tmp_path / "my-notes.txt"
    notes.write_text("mine\n")
    start = play(fresh_battle(), 12, seed=2)
    write_battle(path, start.undo())
    (tmp_path / "b.toml.bak").unlink(missing_ok=True)
    (tmp_path / "b.toml.bak").symlink_to(notes)
    write_battle(path, start)
    assert notes.read_text() == "mine\n"
    assert read_battle(tmp_path / "b.toml.bak") == start.undo()
    copy = tmp_path / "copy.toml"
    copy.hardlink_to(path)
    write_battle(path, start.record(Note(kind="note", text="after the copy")))
    assert read_battle(copy) == start
    assert read_battle(path) == start.record(Note(kind="note", text="after the copy"))


def test_a_battle_file_that_is_a_link_keeps_its_backup_beside_its_target(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "games").mkdir()
    target = tmp_path / "games" / "b.toml"
    link = tmp_path / "b.toml"
    start = play(fresh_battle(), 12, seed=4)
    write_battle(target, start.undo())
    link.symlink_to(target)
    _saves(link, start.undo(), start)
    assert read_battle(tmp_path / "games" / "b.toml.bak") == start.undo()
    assert not (tmp_path / "b.toml.bak").exists()
    after = start.record(Note(kind="note", text="through the link"))
    _cut_save(monkeypatch, link, after, 7, target="b.toml")
    assert read_battle(link) == after
    assert read_battle(target) == after


def test_a_file_gone_or_a_backup_that_cannot_be_kept_up_is_written_whole(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The file was moved away between two saves: the next save writes it again. The
    backup cannot be rewritten (made read-only, say): the file is written whole and the
    old one becomes the backup, as every save did before."""
    path = tmp_path / "b.toml"
    start = play(fresh_battle(), 12, seed=3)
    _saves(path, start.undo(), start)
    path.rename(tmp_path / "moved.toml")
    after = start.record(Note(kind="note", text="again"))
    write_battle(path, after)
    assert read_battle(path) == after
    real = end_rewrite.rewrite_end

    def refusing(file: Path, *args: object, **kwargs: object) -> Stamp:
        if file.name.endswith(".bak"):
            raise PermissionError(errno.EACCES, "Permission denied")
        return real(file, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(battle_file, "rewrite_end", refusing)
    more = after.record(Note(kind="note", text="more"))
    write_battle(path, after.undo())
    write_battle(path, more)
    assert read_battle(path) == more
    assert read_battle(tmp_path / "b.toml.bak") == after.undo()


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs a named pipe")
def test_a_journal_that_is_not_a_file_is_not_read(tmp_path: Path) -> None:
    """A pipe (or a device) under the journal's name is never opened to wait on."""
    path = tmp_path / "b.toml"
    write_battle(path, fresh_battle())
    os.mkfifo(journal_of(path))
    assert completed(path, path.read_bytes()) is None
    assert read_battle(path) == fresh_battle()
