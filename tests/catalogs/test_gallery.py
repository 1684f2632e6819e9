"""Installing from the gallery (``catalogs.gallery``) where the command line cannot reach:
an install stopped half-way (Ctrl+C, the app's Cancel) leaves the installed version
whole and no half-made folder; the folder being made is never a game the library lists;
a swap killed between its two renames is put back by the next gallery command; a record
that cannot be read still marks the game as the gallery's; progress comes in order and
reaches the end.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from catalogs.gallery import (
    RECORD,
    WORK,
    Step,
    install,
    installed_games,
    load_gallery,
    read_record,
    recover,
)
from catalogs.library import Library
from model.bsdata.catpkg import GalleryGame
from tests.catalogs.gallery_server import GalleryServer, newer


def gaslands(server: GalleryServer, **publish: object) -> GalleryGame:
    found = load_gallery(server.publish(**publish)).find("gaslands")  # type: ignore[arg-type]
    assert found is not None
    return found


def files(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir())}


def test_progress_goes_from_the_package_to_the_check(
    tmp_path: Path, gallery: GalleryServer
) -> None:
    steps: list[Step] = []
    install(gaslands(gallery), tmp_path, progress=steps.append)
    assert steps[0] == Step("catpkg.json", 0, 1)
    assert steps[-1] == Step("checking", 3, 3)
    fractions = [s.fraction for s in steps]
    assert fractions == sorted(fractions) and fractions[-1] == 1.0
    assert {s.file for s in steps} == {"catpkg.json", "Gaslands.catz", "Gaslands.gstz", "checking"}
    assert any(s.size and 0 < s.got <= s.size for s in steps)


def test_an_install_stopped_half_way_leaves_the_old_version(
    tmp_path: Path, gallery: GalleryServer
) -> None:
    install(gaslands(gallery), tmp_path)
    before = files(tmp_path / "gaslands")
    seen: list[list[str]] = []

    def stop(step: Step) -> None:
        seen.append(sorted(Library(tmp_path).battlescribe_entries()))
        if step.file == "Gaslands.gstz" and step.got:
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        install(gaslands(gallery, **newer()), tmp_path, progress=stop)
    assert files(tmp_path / "gaslands") == before
    assert not (tmp_path / WORK).exists()
    assert all(ids == ["gaslands"] for ids in seen)  # the folder being made is never a game


def test_a_swap_killed_between_its_renames_is_put_back(
    tmp_path: Path, gallery: GalleryServer
) -> None:
    install(gaslands(gallery), tmp_path)
    before = files(tmp_path / "gaslands")
    (tmp_path / WORK).mkdir()
    (tmp_path / "gaslands").replace(tmp_path / WORK / "gaslands.old")
    (tmp_path / WORK / "gaslands.new-x1").mkdir()  # a live install's folder: young, kept
    assert list(installed_games(tmp_path)) == ["gaslands"]
    assert files(tmp_path / "gaslands") == before
    assert [p.name for p in (tmp_path / WORK).iterdir()] == ["gaslands.new-x1"]


def test_an_old_folder_beside_a_new_one_is_deleted(tmp_path: Path, gallery: GalleryServer) -> None:
    install(gaslands(gallery), tmp_path)
    (tmp_path / WORK).mkdir()
    (tmp_path / WORK / "gaslands.old").mkdir()
    recover(tmp_path)
    assert not (tmp_path / WORK).exists()
    assert (tmp_path / "gaslands" / RECORD).is_file()


def test_a_record_that_cannot_be_read_still_marks_the_game(
    tmp_path: Path, gallery: GalleryServer
) -> None:
    install(gaslands(gallery), tmp_path)
    (tmp_path / "gaslands" / RECORD).write_bytes(b"\xff not toml")
    record = read_record(tmp_path / "gaslands")
    assert record is not None and record.version == "" and record.files == ()
    result = install(gaslands(gallery), tmp_path)  # so an update downloads it all again
    assert sorted(result.downloaded) == ["Gaslands.catz", "Gaslands.gstz"]
