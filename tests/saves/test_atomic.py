"""Saving never destroys the previous file: full disks, denied permissions, interruptions.

``write_atomic`` writes a hidden temporary file next to the target, flushes it to
disk and renames it over the target. These tests break each step (with
monkeypatched ``os`` calls, as a real full disk cannot be arranged in a test) and
check what a user would find afterwards: the old file byte for byte, no stray
temporary file, and a message that says what happened and what to do. The last
tests kill a real saving process with SIGKILL.
"""

from __future__ import annotations

import errno
import io
import os
import signal
import subprocess
import sys
import textwrap
import threading
from pathlib import Path
from typing import Any

import pytest

from model.core.base import FrozenMap
from model.core.problems import SaveError
from model.roster.roster import Roster, RosterUnit
from saves.atomic import write_atomic
from saves.roster_file import read_roster, roster_to_toml, write_roster
from tests.conftest import ROOT

OLD = b'format = "warband.roster/1"\n# the version the user already has\n'
NEW = b'format = "warband.roster/1"\n# the version being saved\n' * 100


@pytest.fixture
def saved(tmp_path: Path) -> Path:
    """A folder holding one file, ``list.toml``, with the old content."""
    path = tmp_path / "list.toml"
    path.write_bytes(OLD)
    return path


def files_in(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir())


class _FullDiskFile(io.BufferedWriter):
    def write(self, data: Any) -> int:
        raise OSError(errno.ENOSPC, "No space left on device")


def _disk_full_on_write(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(os, "fdopen", lambda fd, mode: _FullDiskFile(io.FileIO(fd, "w")))


def _disk_full_on_fsync(monkeypatch: pytest.MonkeyPatch) -> None:
    def fsync(fd: int) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(os, "fsync", fsync)


@pytest.mark.parametrize(
    "breaks", [_disk_full_on_write, _disk_full_on_fsync], ids=["write", "fsync"]
)
def test_a_full_disk_keeps_the_old_file(
    saved: Path, monkeypatch: pytest.MonkeyPatch, breaks: Any
) -> None:
    breaks(monkeypatch)
    with pytest.raises(SaveError) as caught:
        write_atomic(saved, NEW)
    monkeypatch.undo()
    assert caught.value.render() == (
        f"could not save {saved}\n"
        f"  {saved}: the disk is full; the previous file is unchanged; "
        "free some space and save again"
    )
    assert saved.read_bytes() == OLD
    assert files_in(saved.parent) == ["list.toml"]


def test_a_full_disk_on_a_new_file_does_not_claim_an_old_one(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _disk_full_on_fsync(monkeypatch)
    path = tmp_path / "new.toml"
    with pytest.raises(SaveError) as caught:
        write_atomic(path, NEW)
    assert caught.value.problems[0].message == "the disk is full"
    assert files_in(tmp_path) == []


def test_write_roster_reports_a_full_disk_as_a_save_error(
    saved: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _disk_full_on_fsync(monkeypatch)
    roster = Roster(system="punkapocalyptic", faction="gangers", name="R", points_limit=500)
    with pytest.raises(SaveError, match="the disk is full"):
        write_roster(saved, roster)
    assert saved.read_bytes() == OLD


@pytest.mark.parametrize("interruption", [KeyboardInterrupt, SystemExit, RuntimeError])
def test_an_interrupted_save_keeps_the_old_file(
    saved: Path, monkeypatch: pytest.MonkeyPatch, interruption: type[BaseException]
) -> None:
    """Ctrl+C (or a bug) between writing the temporary file and the rename: the old file
    stays, the temporary file is removed, and the interruption goes on up unchanged (the
    user asked to stop; it is not turned into a save error)."""

    def fsync(fd: int) -> None:
        raise interruption()

    monkeypatch.setattr(os, "fsync", fsync)
    with pytest.raises(interruption):
        write_atomic(saved, NEW, backup=True)
    assert saved.read_bytes() == OLD
    assert files_in(saved.parent) == ["list.toml"]


def test_an_interrupted_backup_keeps_the_old_file(
    saved: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    calls = []
    real_fsync = os.fsync

    def fsync(fd: int) -> None:
        calls.append(fd)
        if len(calls) == 2:  # the first is the new file's, the second the backup's
            raise KeyboardInterrupt
        real_fsync(fd)

    monkeypatch.setattr(os, "fsync", fsync)
    with pytest.raises(KeyboardInterrupt):
        write_atomic(saved, NEW, backup=True)
    assert saved.read_bytes() == OLD
    assert files_in(saved.parent) == ["list.toml"]


@pytest.mark.parametrize("backup", [False, True], ids=["without-backup", "with-backup"])
@pytest.mark.parametrize("stop", [KeyboardInterrupt, OSError], ids=["killed", "failed"])
def test_the_rename_is_the_moment_the_new_file_takes_the_old_ones_place(
    saved: Path, monkeypatch: pytest.MonkeyPatch, backup: bool, stop: type[BaseException]
) -> None:
    """Up to the rename the old file is whole on disk, with or without a backup: a save
    stopped at the rename (killed there, or the rename failing) leaves it as it was and
    no temporary file. A save without a backup that wrote the file in place would pass
    every other test here but this one."""
    seen: list[bytes] = []
    real_replace = Path.replace

    def replace(self: Path, target: Path | str) -> Path:
        if Path(target) != saved:  # the backup's own rename
            return real_replace(self, target)
        seen.append(saved.read_bytes())  # what a kill at this moment leaves
        raise stop(errno.EIO, "I/O error") if stop is OSError else stop()

    monkeypatch.setattr(Path, "replace", replace)
    with pytest.raises(SaveError if stop is OSError else stop):
        write_atomic(saved, NEW, backup=backup)
    assert seen == [OLD]
    assert saved.read_bytes() == OLD
    expected = ["list.toml", "list.toml.bak"] if backup else ["list.toml"]
    assert files_in(saved.parent) == expected


def test_backup_keeps_the_previous_version(saved: Path) -> None:
    write_atomic(saved, NEW, backup=True)
    assert saved.read_bytes() == NEW
    assert (saved.parent / "list.toml.bak").read_bytes() == OLD
    write_atomic(saved, b"third", backup=True)
    assert saved.read_bytes() == b"third"
    assert (saved.parent / "list.toml.bak").read_bytes() == NEW
    assert files_in(saved.parent) == ["list.toml", "list.toml.bak"]


def test_without_backup_no_bak_file(saved: Path) -> None:
    write_atomic(saved, NEW)
    assert files_in(saved.parent) == ["list.toml"]


def test_backup_of_a_new_file_is_nothing(tmp_path: Path) -> None:
    write_atomic(tmp_path / "new.toml", NEW, backup=True)
    assert files_in(tmp_path) == ["new.toml"]


def test_permission_denied(saved: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def deny(*args: Any, **kwargs: Any) -> int:
        raise PermissionError(errno.EACCES, "Permission denied")

    monkeypatch.setattr(os, "open", deny)
    with pytest.raises(SaveError) as caught:
        write_atomic(saved, NEW)
    monkeypatch.undo()
    assert caught.value.render() == (
        f"could not save {saved}\n"
        f"  {saved}: permission denied; the previous file is unchanged; "
        "save to a folder you can write to"
    )
    assert saved.read_bytes() == OLD
    assert files_in(saved.parent) == ["list.toml"]


def test_a_read_only_file_is_not_replaced(saved: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """On POSIX a rename would replace a read-only file; the user's protection wins.
    (``os.access`` is simulated: the tests may run as root, who may write anything.)"""
    monkeypatch.setattr(os, "access", lambda path, mode: Path(path) != saved)
    with pytest.raises(SaveError) as caught:
        write_atomic(saved, NEW)
    assert caught.value.render() == (
        f"could not save {saved}\n"
        f"  {saved}: the file is read-only; the previous file is unchanged; "
        "make it writable, or save under another name"
    )
    assert saved.read_bytes() == OLD


def test_a_missing_folder(tmp_path: Path) -> None:
    path = tmp_path / "nowhere" / "list.toml"
    with pytest.raises(SaveError) as caught:
        write_atomic(path, NEW)
    assert str(caught.value.problems[0]) == (
        f"{path}: the folder does not exist; create the folder or pick another"
    )


def test_a_folder_is_not_a_file_name(tmp_path: Path) -> None:
    (tmp_path / "list.toml").mkdir()
    for target in (tmp_path / "list.toml", tmp_path):
        with pytest.raises(SaveError) as caught:
            write_atomic(target, NEW)
        assert str(caught.value.problems[0]) == f"{target}: that is a folder; give a file name"
    assert files_in(tmp_path) == ["list.toml"]


def test_a_symlink_is_written_through(tmp_path: Path) -> None:
    """A roster linked into a synced folder stays linked: the file it points to changes."""
    real = tmp_path / "real.toml"
    real.write_bytes(OLD)
    link = tmp_path / "link.toml"
    link.symlink_to(real)
    write_atomic(link, NEW)
    assert link.is_symlink()
    assert real.read_bytes() == NEW


def test_threads_saving_the_same_file_do_not_collide(saved: Path) -> None:
    """An autosave on a worker thread and a save on the main thread at the same moment:
    each save is whole, and the file ends as one of them, never a mix."""
    contents = [bytes([65 + n]) * 200_000 for n in range(8)]
    errors: list[BaseException] = []

    def save(data: bytes) -> None:
        try:
            for _ in range(5):
                write_atomic(saved, data)
        except BaseException as exc:
            errors.append(exc)

    threads = [threading.Thread(target=save, args=(c,)) for c in contents]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == []
    assert saved.read_bytes() in contents
    assert files_in(saved.parent) == ["list.toml"]


# --- a real process killed while it saves ---------------------------------------------------

CHILD = textwrap.dedent(
    """
    import io, os, sys, time
    sys.path.insert(0, os.getcwd())
    from model.roster.roster import Roster, RosterUnit
    from saves.roster_file import write_roster

    stage = sys.argv[2]

    def stop(note):
        print(note, flush=True)
        time.sleep(120)  # the test kills us here

    if stage == "before-rename":
        os.fsync = lambda fd: stop("written, not renamed")
    else:
        real_fdopen = os.fdopen

        class HalfWriter:
            def __init__(self, fd, mode):
                self.file = real_fdopen(fd, mode)
            def __enter__(self):
                return self
            def __exit__(self, *exc):
                self.file.close()
            def fileno(self):
                return self.file.fileno()
            def flush(self):
                self.file.flush()
            def write(self, data):
                self.file.write(data[: len(data) // 2])
                self.file.flush()
                stop("half written")

        os.fdopen = HalfWriter

    units = tuple(
        RosterUnit(unit="ganger", name=f"Ganger {n}", items={"mace": 1, "bullet": 2})
        for n in range(1000)  # the most entries a list may have (model.bounds.MAX_ENTRIES)
    )
    roster = Roster(
        system="punkapocalyptic", faction="gangers", name="Big", points_limit=500, units=units
    )
    write_roster(sys.argv[1], roster)
    print("finished", flush=True)
    """
)


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL")
@pytest.mark.parametrize("stage", ["during-write", "before-rename"])
def test_a_killed_save_leaves_the_old_roster(tmp_path: Path, stage: str) -> None:
    path = tmp_path / "rats.toml"
    old = Roster(
        system="punkapocalyptic",
        faction="gangers",
        name="Rust Rats",
        points_limit=500,
        units=(RosterUnit(unit="chief", name="Big Joe", items=FrozenMap({"rifle": 1})),),
    )
    write_roster(path, old)
    before = path.read_bytes()
    child = subprocess.Popen(
        [sys.executable, "-c", CHILD, str(path), stage],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        assert child.stdout is not None
        note = child.stdout.readline().strip()
        assert note in ("half written", "written, not renamed"), child.stderr
        os.kill(child.pid, signal.SIGKILL)
        assert child.wait(timeout=30) == -signal.SIGKILL
    finally:
        if child.poll() is None:
            child.kill()
            child.wait()
        for stream in (child.stdout, child.stderr):
            if stream is not None:
                stream.close()
    assert path.read_bytes() == before
    roster, _ = read_roster(path)
    assert roster == old
    # A killed process cannot tidy up: its hidden temporary file stays next to the list,
    # holding the unfinished save; it is never mistaken for the list, the next save works
    # and sweeps it away (its process is gone).
    leftovers = [name for name in files_in(tmp_path) if name != "rats.toml"]
    assert leftovers
    assert all(
        name.startswith(f".rats.toml.{child.pid}-") and name.endswith(".tmp") for name in leftovers
    )
    write_roster(path, old.model_copy(update={"name": "Rust Rats II"}))
    assert read_roster(path)[0].name == "Rust Rats II"
    assert files_in(tmp_path) == ["rats.toml"]
    assert roster_to_toml(read_roster(path)[0]).startswith('format = "warband.roster/1"')


# --- leftovers of killed saves ---------------------------------------------------------------


def _dead_pid() -> int:
    """The id of a process that has ended (and been reaped)."""
    child = subprocess.Popen([sys.executable, "-c", "pass"])
    child.wait()
    return child.pid


@pytest.mark.skipif(os.name != "posix", reason="process ids are checked with POSIX signals")
def test_a_save_sweeps_only_its_own_files_dead_leftovers(saved: Path) -> None:
    dead, here = _dead_pid(), os.getpid()
    folder = saved.parent
    for name in (
        f".list.toml.{dead}-0123abcd.tmp",  # a killed save of this file: swept
        f".list.toml.{dead}-0123abce.bak.tmp",  # its backup copy in progress: swept
        f".list.toml.{here}-0123abcf.tmp",  # a live writer (this process): kept
        f".other.toml.{dead}-0123abcd.tmp",  # another file's leftover: not this save's job
        ".list.toml.notes",  # not a temporary file at all
    ):
        (folder / name).write_bytes(b"half")
    write_atomic(saved, NEW)
    assert saved.read_bytes() == NEW
    assert files_in(folder) == sorted(
        [
            "list.toml",
            f".list.toml.{here}-0123abcf.tmp",
            f".other.toml.{dead}-0123abcd.tmp",
            ".list.toml.notes",
        ]
    )


def test_leftovers_without_a_process_id_are_swept_once_old(saved: Path) -> None:
    """Temporary files named as older warbands did (no process id): age tells."""
    from saves.atomic import STALE_AGE, sweep_folder

    folder = saved.parent
    old, young = folder / ".list.toml.0123abcd.tmp", folder / ".list.toml.89abcdef.tmp"
    old.write_bytes(b"half")
    young.write_bytes(b"half")
    long_ago = old.stat().st_mtime - STALE_AGE - 5
    os.utime(old, (long_ago, long_ago))
    assert sweep_folder(folder) == 1
    assert files_in(folder) == sorted(["list.toml", young.name])
    assert sweep_folder(folder / "missing") == 0  # housekeeping never raises
