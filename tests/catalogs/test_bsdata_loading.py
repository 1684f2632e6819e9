"""Loading a folder of BattleScribe data (``catalogs.bsdata``) and finding it in the
``Library``: the three shared BSData systems load with no problem from a copy (and
zipped, identically), and a folder that is not one game system says why.

The shared files are copied into ``tmp_path`` at test time (read from ``../shared/bsdata``
via ``tests/model/bsdata/shared_data.py``); the project holds no copy. Counts are the
files' own (``grep -c``): Gaslands has 1 catalogue, Punkapocalyptic 5, Zone Raiders 7.
"""

from __future__ import annotations

import dataclasses
import shutil
import zipfile
from pathlib import Path

import pytest

from catalogs.bsdata import check_battlescribe, load_battlescribe, read_bytes, read_heads
from catalogs.library import Library
from model.bsdata.system import GameSystem
from model.core.problems import CatalogError
from model.parse.xml_guard import XmlRefused
from tests.model.bsdata.shared_data import BSDATA, SYSTEMS, data_files

CATALOGUES = {"gaslands": 1, "punkapocalyptic": 5, "zone-raiders": 7}
NAMES = {
    "gaslands": "Gaslands",
    "punkapocalyptic": "Punkapocalyptic (by SergioTemp)",
    "zone-raiders": "Zone Raiders",
}


def copy_system(system: str, into: Path) -> Path:
    """The shared system's game system and catalogue files, copied into ``into/system``."""
    folder = into / system
    folder.mkdir(parents=True)
    for path in data_files(system):
        shutil.copyfile(path, folder / path.name)
    return folder


def zip_system(folder: Path, into: Path) -> Path:
    """The same files as ``.gstz``/``.catz``: each one zipped alone, as BattleScribe does."""
    into.mkdir(parents=True)
    for path in sorted(folder.iterdir()):
        with zipfile.ZipFile(into / (path.name + "z"), "w", zipfile.ZIP_DEFLATED) as archive:
            archive.write(path, path.name)
    return into


@pytest.mark.parametrize("system", SYSTEMS)
def test_each_shared_system_loads_with_no_problem(system: str, tmp_path: Path) -> None:
    found = check_battlescribe(copy_system(system, tmp_path))
    assert (found.unreadable, found.errors, found.warnings) == ((), (), ())
    assert found.ok
    assert found.system is not None
    assert found.system.name == NAMES[system]
    assert len(found.system.catalogues) == CATALOGUES[system]


@pytest.mark.parametrize("system", SYSTEMS)
def test_zipped_files_load_identically(system: str, tmp_path: Path) -> None:
    plain = load_battlescribe(copy_system(system, tmp_path / "plain"))
    zipped = load_battlescribe(zip_system(tmp_path / "plain" / system, tmp_path / "zipped"))

    def unnamed(system: GameSystem) -> list[object]:
        files = (system.system, *system.catalogues)
        return [dataclasses.replace(c, file=c.file.removesuffix("z")) for c in files]

    assert all(c.file.endswith(".catz") for c in zipped.catalogues)
    assert unnamed(zipped) == unnamed(plain)


def _gaslands(tmp_path: Path) -> Path:
    return copy_system("gaslands", tmp_path)


def test_a_folder_with_two_game_systems_is_refused(tmp_path: Path) -> None:
    folder = _gaslands(tmp_path)
    shutil.copyfile(BSDATA / "zone-raiders" / "Zone_Raiders.gst", folder / "Zone_Raiders.gst")
    found = check_battlescribe(folder)
    assert found.system is None
    assert [str(p) for p in found.unreadable] == [
        f"{folder}: holds more than one game system: Gaslands.gst, Zone_Raiders.gst; keep "
        "each game system, with its catalogues, in a folder of its own"
    ]


def test_a_game_system_beside_its_zipped_copy_is_one_game(tmp_path: Path) -> None:
    """One id twice is one game (``SEMANTICS.md`` rule F2): kept once, with a warning,
    and listed as usable by its heads."""
    folder = _gaslands(tmp_path)
    with zipfile.ZipFile(folder / "Gaslands.gstz", "w") as archive:
        archive.write(folder / "Gaslands.gst", "Gaslands.gst")
    found = check_battlescribe(folder)
    assert found.ok and found.clean
    assert found.system is not None and found.system.system.file == "Gaslands.gst"
    assert [(p.file, p.message.split(":")[0]) for p in found.warnings] == [
        (
            "Gaslands.gstz",
            f'has the id "{found.system.id}" of Gaslands.gst ("Gaslands"), so it is not used',
        )
    ]
    heads = read_heads(folder)
    assert heads.usable and heads.system is not None
    assert heads.system.file == "Gaslands.gst"


def test_a_folder_with_no_game_system_is_refused(tmp_path: Path) -> None:
    folder = _gaslands(tmp_path)
    (folder / "Gaslands.gst").unlink()
    found = check_battlescribe(folder)
    assert found.system is None
    assert [p.message for p in found.unreadable] == [
        "holds no BattleScribe game system (a .gst or .gstz file)"
    ]


def test_a_catalogue_of_another_game_system_is_left_out_naming_both(tmp_path: Path) -> None:
    """A warning, and the game loads without it (BattleScribe offers a catalogue only with
    the game system it names)."""
    folder = _gaslands(tmp_path)
    shutil.copyfile(BSDATA / "zone-raiders" / "Atropics.cat", folder / "Atropics.cat")
    found = check_battlescribe(folder)
    assert found.ok and found.clean
    assert found.system is not None
    assert [c.file for c in found.system.catalogues] == ["Gaslands.cat"]
    first = found.warnings[0]
    assert first.file == "Atropics.cat"
    assert first.message.startswith("gameSystemId is ")
    assert 'not the id of the game system "Gaslands"' in first.message
    assert first.message.endswith("so the catalogue is not used")


def test_a_file_named_for_one_kind_holding_the_other_is_not_used(tmp_path: Path) -> None:
    """An error (a file lost), the game loading without it; a ``.gst`` holding a catalogue
    leaves no game system, which refuses the game."""
    folder = _gaslands(tmp_path)
    shutil.copyfile(folder / "Gaslands.gst", folder / "Extra.cat")
    found = check_battlescribe(folder)
    assert found.ok and not found.clean
    assert [str(p) for p in found.errors] == [
        "Extra.cat: holds a game system, not what its name ends in says, so it is not used; "
        "rename it to end in .gst"
    ]
    (folder / "Extra.cat").unlink()
    (folder / "Gaslands.gst").rename(folder / "Gaslands.cat.gst")
    shutil.copyfile(folder / "Gaslands.cat", folder / "Gaslands.gst")
    (folder / "Gaslands.cat.gst").unlink()
    refused = check_battlescribe(folder)
    assert refused.system is None and not refused.ok
    assert [p.message for p in refused.unreadable] == [
        "holds no BattleScribe game system (a .gst or .gstz file)"
    ]


def test_a_catalogue_beside_its_zipped_copy_is_used_once(tmp_path: Path) -> None:
    folder = _gaslands(tmp_path)
    with zipfile.ZipFile(folder / "Gaslands.catz", "w") as archive:
        archive.write(folder / "Gaslands.cat", "Gaslands.cat")
    found = check_battlescribe(folder)
    assert found.system is not None
    assert len(found.system.catalogues) == 1
    assert found.errors == ()
    kept = found.system.catalogues[0]
    assert kept.file == "Gaslands.cat"
    assert [str(p) for p in found.warnings] == [
        f'Gaslands.catz: has the id "{kept.id}" of Gaslands.cat ("Gaslands"), so it is not '
        f"used: Gaslands.cat is kept, as both are revision {kept.revision} and of one size, "
        "and its file name comes first; keep one copy of each catalogue in the folder (or "
        "give this one an id of its own)"
    ]


def test_other_files_and_folders_are_passed_over(tmp_path: Path) -> None:
    folder = _gaslands(tmp_path)
    (folder / "README.md").write_text("# Gaslands\n")
    (folder / "old").mkdir()
    (folder / "old" / "Broken.cat").write_text("<not xml")
    assert check_battlescribe(folder).ok


def test_a_library_catalogue_is_not_a_faction(tmp_path: Path) -> None:
    folder = _gaslands(tmp_path)
    text = (folder / "Gaslands.cat").read_text(encoding="utf-8")
    (folder / "Gaslands.cat").write_text(
        text.replace('library="false"', 'library="true"', 1), encoding="utf-8"
    )
    system = load_battlescribe(folder)
    assert [c.library for c in system.catalogues] == [True]
    assert system.factions == ()


def test_catalogues_that_cannot_be_read_are_errors_and_the_game_loads(tmp_path: Path) -> None:
    folder = _gaslands(tmp_path)
    (folder / "Bad.cat").write_bytes(b"<!DOCTYPE x><catalogue/>")
    (folder / "Empty.catz").write_bytes(b"")
    found = check_battlescribe(folder)
    assert found.ok and not found.clean
    assert [p.file for p in found.errors] == ["Bad.cat", "Empty.catz"]
    assert all(p.message.endswith("; it is not used") for p in found.errors)
    assert [c.file for c in load_battlescribe(folder).catalogues] == ["Gaslands.cat"]


def test_load_raises_what_leaves_nothing_to_build(tmp_path: Path) -> None:
    """A game system file that is not data: the game is refused, saying why."""
    folder = _gaslands(tmp_path)
    (folder / "Gaslands.gst").write_bytes(b"<!DOCTYPE x><gameSystem/>")
    (folder / "Empty.catz").write_bytes(b"")
    with pytest.raises(CatalogError) as raised:
        load_battlescribe(folder)
    assert [p.file for p in raised.value.problems] == [
        "Gaslands.gst",
        str(folder),
        "Empty.catz",
    ]


def test_a_file_is_read_only_up_to_the_cap(tmp_path: Path) -> None:
    path = tmp_path / "big.cat"
    path.write_bytes(b"<catalogue/>" + b" " * 100)
    assert read_bytes(path, limit=200) == b"<catalogue/>" + b" " * 100
    assert read_bytes(path, limit=50) == XmlRefused("it is over 50 bytes, the most warband reads")


# --- the Library --------------------------------------------------------------------


def test_the_library_finds_battlescribe_folders_apart(tmp_path: Path) -> None:
    """``entries`` (what the app and roster commands list) keeps to TOML systems; a
    BattleScribe folder named like a bundled TOML system gets ``-bsdata``."""
    for system in SYSTEMS:
        copy_system(system, tmp_path)
    library = Library(tmp_path)
    assert "gaslands" not in library.entries()
    assert library.entries()["punkapocalyptic"].kind == "warband"
    found = library.battlescribe_entries()
    assert sorted(found) == ["gaslands", "punkapocalyptic-bsdata", "zone-raiders"]
    assert {e.kind for e in found.values()} == {"battlescribe"}
    assert found["punkapocalyptic-bsdata"].folder == tmp_path / "punkapocalyptic"
    raiders = library.load_battlescribe("zone-raiders")
    assert raiders.name == "Zone Raiders"
    assert library.load_battlescribe("zone-raiders") is raiders  # loaded once, kept


def test_the_library_names_unknown_and_misused_ids(tmp_path: Path) -> None:
    copy_system("gaslands", tmp_path)
    library = Library(tmp_path)
    with pytest.raises(CatalogError) as raised:
        library.load_battlescribe("gasland")
    assert raised.value.problems[0].hint == "did you mean 'gaslands'?"
    with pytest.raises(CatalogError) as raised:
        library.load("gaslands")
    assert str(raised.value.problems[0]) == (
        "'gaslands' is BattleScribe data, not a warband catalog; list it with: warband "
        "catalogs gaslands"
    )


def test_a_file_of_another_kind_of_xml_is_refused_by_name(tmp_path: Path) -> None:
    folder = _gaslands(tmp_path)
    (folder / "List.cat").write_bytes(b'<roster id="r" name="My list"/>')
    found = check_battlescribe(folder)
    assert found.unreadable == ()
    assert [str(p) for p in found.errors] == [
        "List.cat: the root element is <roster>, not <gameSystem> or <catalogue>; it is not "
        "used; is this a BattleScribe .gst or .cat file?"
    ]
    assert found.system is not None  # the rest of the folder still loads and is checked
