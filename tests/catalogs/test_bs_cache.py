"""Loading BattleScribe games fast and lean (``catalogs.bs_cache``): read with the garbage
collector held off, kept in the user's cache folder, and only the files a list needs read
for it. Over copies of the shared BSData games (``../shared/bsdata``). History: issue 33."""

from __future__ import annotations

import dataclasses
import gc
import io
import math
import os
import pickle
import shutil
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

import pytest

from catalogs import bs_cache, bs_pickle, bsdata
from catalogs import cache as cache_module
from catalogs.bs_cache import SUBFOLDER, check_game, list_files, load_game
from catalogs.bsdata import BsCheck, check_battlescribe, read_heads
from catalogs.library import Library
from catalogs.locations import cache_dir
from model.bsdata.data import Catalogue, Characteristic, ConditionGroup, Constraint, Cost, Query
from model.core.problems import CatalogError, Problem
from model.parse import xml_guard
from tests.catalogs.test_bsdata_loading import copy_system
from tests.cli.test_bsdata_catalogs_cli import run
from tests.model.bsdata.shared_data import BSDATA, SYSTEMS


@pytest.fixture
def collections() -> Iterator[list[str]]:
    """Each collection pass the collector starts while the test runs."""
    seen: list[str] = []

    def record(phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            seen.append(f"generation {info['generation']}")

    gc.callbacks.append(record)
    try:
        yield seen
    finally:
        gc.callbacks.remove(record)
        gc.unfreeze()


def test_a_game_is_read_with_no_collection_pass_and_frozen_after(
    tmp_path: Path, collections: list[str]
) -> None:
    folder = copy_system("zone-raiders", tmp_path)
    gc.collect()
    collections.clear()
    found = check_game(folder, cache=False)
    assert collections == []  # thousands of objects made, not one pass over them
    assert gc.isenabled()
    assert gc.get_freeze_count() > 0
    assert found == check_battlescribe(folder)


def test_a_collector_that_was_off_stays_off(tmp_path: Path, collections: list[str]) -> None:
    folder = copy_system("gaslands", tmp_path)
    gc.disable()
    try:
        check_game(folder, cache=False)
        assert not gc.isenabled()
    finally:
        gc.enable()


# -- the cache -------------------------------------------------------------------------


def entries() -> list[Path]:
    """The BattleScribe entries in the test's cache folder."""
    folder = cache_dir() / SUBFOLDER
    return sorted(folder.glob("*.pickle")) if folder.is_dir() else []


@pytest.fixture
def reads(monkeypatch: pytest.MonkeyPatch) -> list[Path]:
    """Each folder read from its files (not the cache) while the test runs."""
    seen: list[Path] = []

    def counted(folder: Path, only: Sequence[Path] | None = None) -> BsCheck:
        seen.append(folder)
        return check_battlescribe(folder, only)

    monkeypatch.setattr(bsdata, "check_battlescribe", counted)
    return seen


def with_warning(tmp_path: Path) -> Path:
    """Gaslands with a categoryLink without an id: a warning, and a usable game."""
    folder = copy_system("gaslands", tmp_path)
    cat = folder / "Gaslands.cat"
    text = cat.read_text(encoding="utf-8")
    cat.write_text(
        text.replace('<categoryLink id="ad80-e22f-0c71-6363" ', "<categoryLink "), "utf-8"
    )
    return folder


def test_a_game_with_warnings_is_kept_and_comes_back_the_same(
    tmp_path: Path, reads: list[Path]
) -> None:
    folder = with_warning(tmp_path)
    first = check_game(folder)
    assert len(first.warnings) == 1 and first.ok
    assert len(entries()) == 1
    again = check_game(folder)
    assert reads == [folder]  # the second from the cache
    assert again == first == check_battlescribe(folder)
    assert again.system is not None and again.system.find("ad80-e22f-0c71-6363") is None


def test_check_says_the_same_with_the_cache_as_without(tmp_path: Path, reads: list[Path]) -> None:
    folder = with_warning(tmp_path)
    fresh = run("catalogs", "--check", str(folder))
    kept = run("catalogs", "--check", str(folder))
    assert reads == [folder]
    assert kept == fresh
    assert fresh[0] == 0 and "1 warning" in fresh[1]


def test_a_game_with_an_error_is_kept_and_loads(tmp_path: Path, reads: list[Path]) -> None:
    """An error leaves the game usable (``SEMANTICS.md`` rule F1): it is cached like a
    game with warnings, and the second load reads no file."""
    folder = copy_system("gaslands", tmp_path)
    (folder / "Gaslands.cat").write_bytes(b"<catalogue")  # a catalogue lost: an error
    found = check_game(folder)
    assert found.ok and found.errors and found.system is not None
    for _ in range(2):
        assert load_game(folder).id == found.system.id
    assert reads == [folder]


def test_an_unreadable_game_is_never_kept(tmp_path: Path, reads: list[Path]) -> None:
    folder = copy_system("gaslands", tmp_path)
    (folder / "Gaslands.gst").write_bytes(b"<gameSystem")  # no game system: refused
    assert check_game(folder).unreadable
    assert check_game(folder).unreadable
    assert entries() == []
    assert reads == [folder, folder]


def test_a_byte_changed_in_any_file_reads_the_game_again(tmp_path: Path, reads: list[Path]) -> None:
    folder = copy_system("zone-raiders", tmp_path)
    check_game(folder)
    cat = folder / "Morlocks.cat"
    cat.write_bytes(cat.read_bytes().replace(b'name="Morlocks"', b'name="Morlockz"', 1))
    found = check_game(folder)
    assert reads == [folder, folder]
    assert found.system is not None
    assert "Morlockz" in [c.name for c in found.system.catalogues]


def test_another_warband_reads_the_game_again(
    tmp_path: Path, reads: list[Path], monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = copy_system("gaslands", tmp_path)
    check_game(folder)
    monkeypatch.setattr(cache_module, "source_digest", lambda: b"another version" * 2)
    check_game(folder)
    assert reads == [folder, folder]


def test_a_damaged_or_hostile_entry_is_read_from_the_files(
    tmp_path: Path, reads: list[Path]
) -> None:
    folder = copy_system("gaslands", tmp_path)
    expected = check_game(folder)
    (entry,) = entries()
    data = entry.read_bytes()
    entry.write_bytes(data[: len(data) // 2])  # cut short: its digest fails
    assert check_game(folder) == expected
    head = len(bs_cache.MAGIC)
    key = data[head : head + 32]
    for hostile in (
        pickle.dumps(os.system),
        pickle.dumps(CatalogError("x", [])),
        pickle.dumps(("not", "a", "game", ())),
    ):
        cache_module.write_entry(entry, bs_cache.MAGIC, key, hostile)
        assert check_game(folder) == expected
    assert len(reads) == 5


def test_the_unpickler_makes_only_battlescribe_values() -> None:
    unpickler = bs_pickle.GameUnpickler(io.BytesIO(b""))
    assert unpickler.find_class("model.bsdata.data", "Catalogue") is Catalogue
    assert unpickler.find_class("model.core.problems", "Problem") is Problem
    for module, name in (
        ("os", "system"),
        ("builtins", "eval"),
        ("model.core.problems", "CatalogError"),
        ("model.bsdata.system", "MappingProxyType"),
        ("model.bsdata.read", "_Reader"),
    ):
        with pytest.raises(pickle.UnpicklingError):
            unpickler.find_class(module, name)


def _values(root: object, kind: type) -> list[object]:
    """Every value of ``kind`` inside ``root`` (a tree of frozen values and tuples)."""
    found: list[object] = []
    stack = [root]
    while stack:
        value = stack.pop()
        if isinstance(value, kind):
            found.append(value)
        if isinstance(value, tuple):
            stack.extend(value)
        elif dataclasses.is_dataclass(value) and not isinstance(value, type):
            stack.extend(getattr(value, f.name) for f in dataclasses.fields(value))
    return found


def test_equal_queries_come_back_from_the_cache_as_one_object(tmp_path: Path) -> None:
    folder = copy_system("zone-raiders", tmp_path)
    first = check_game(folder)
    again = check_game(folder)  # from the cache
    assert again == first
    read, kept = _values(first.system, Query), _values(again.system, Query)
    assert len(kept) == len(read) > len(set(read))
    assert len({id(q) for q in kept}) == len(set(kept))  # one object per value
    assert len({id(q) for q in read}) > len(set(read))


def _round_trip(value: object) -> Any:
    stream = io.BytesIO()
    bs_pickle.GamePickler(stream, protocol=5).dump(value)
    return bs_pickle.GameUnpickler(io.BytesIO(stream.getvalue())).load()


def test_only_values_equal_to_the_bit_are_shared() -> None:
    costs = (Cost("pts", 0.0), Cost("pts", -0.0), Cost("pts", 0.0), Cost("pts", 1))
    back = _round_trip(costs)
    assert back == costs
    assert back[0] is back[2]
    assert back[1] is not back[0] and math.copysign(1.0, back[1].value) == -1.0
    assert type(back[3].value) is int


def test_a_field_is_left_out_only_at_its_default_to_the_bit() -> None:
    """A trailing field at its default is not written; ``1`` is not ``1.0``'s, nor
    ``-0.0`` ``0.0``'s."""
    kind = Characteristic("M", "m", "6")
    queries = (Query("selections", "parent", None, True), Query("selections", "parent"))
    groups = (ConditionGroup("and", min=1), ConditionGroup("and", min=1.0))
    back = _round_trip((kind, queries, groups))
    assert back == (kind, queries, groups)
    assert back[1][0] is back[1][1]  # equal to the bit, defaults written or not
    assert type(back[2][0].min) is int and type(back[2][1].min) is float
    assert not bs_pickle._is_default(-0.0, 0.0)
    assert bs_pickle._is_default(0.0, 0.0) and bs_pickle._is_default((), ())


def test_constraints_are_never_shared() -> None:
    """The engine tells a link's constraints from its target's by identity
    (``model.bsdata.origins.holder_id``)."""
    query = Query("selections", "parent")
    both = (Constraint("c1", "max", 1.0, query), Constraint("c1", "max", 1.0, query))
    back = _round_trip(both)
    assert back == both and back[0] is not back[1]


def test_the_cache_keeps_the_games_used_last(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(bs_cache, "MAX_ENTRIES", 2)
    for system in SYSTEMS:
        check_game(copy_system(system, tmp_path))
    assert len(entries()) == 2


def test_a_cache_folder_that_cannot_be_made_is_no_error(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("")
    monkeypatch.setenv("WARBAND_CACHE_DIR", str(blocker / "cache"))
    folder = copy_system("gaslands", tmp_path)
    assert check_game(folder) == check_game(folder) == check_battlescribe(folder)


# -- only what a list needs ------------------------------------------------------------

LIBRARY = """<?xml version="1.0" encoding="UTF-8"?>
<catalogue xmlns="http://www.battlescribe.net/schema/catalogueSchema" id="{id}" name="{name}"
 revision="1" battleScribeVersion="2.03" library="true" gameSystemId="05fa-7f5b-80b0-f115"
 gameSystemRevision="3" type="catalogue">
  {links}
  <sharedRules><rule id="{id}-rule" name="{name} rule" hidden="false"/></sharedRules>
</catalogue>
"""


def _links(*targets: str) -> str:
    inner = "".join(
        f'<catalogueLink id="link-{t}" name="{t}" targetId="{t}" type="catalogue" '
        'importRootEntries="false"/>'
        for t in targets
    )
    return f"<catalogueLinks>{inner}</catalogueLinks>"


def linked_raiders(tmp_path: Path) -> Path:
    """Zone Raiders with two libraries: Reclaimers links the first, which links the
    second (so both are needed for a list of Reclaimers); and one nobody links."""
    folder = copy_system("zone-raiders", tmp_path)
    for name, links in (("lib-a", _links("lib-b")), ("lib-b", ""), ("lib-c", "")):
        text = LIBRARY.format(id=name, name=name, links=links)
        (folder / f"{name}.cat").write_text(text, "utf-8")
    cat = folder / "Reclaimers.cat"
    text = cat.read_text(encoding="utf-8")
    start = text.index(">", text.index("<catalogue ")) + 1
    cat.write_text(text[:start] + _links("lib-a") + text[start:], "utf-8")
    return folder


RECLAIMERS = "523a-6082-baa4-01c7"


def test_a_list_reads_the_game_system_its_catalogues_and_what_they_link(
    tmp_path: Path,
) -> None:
    folder = linked_raiders(tmp_path)
    files = list_files(folder, {RECLAIMERS})
    assert files is not None
    assert [p.name for p in files] == [
        "Zone_Raiders.gst", "Reclaimers.cat", "lib-a.cat", "lib-b.cat"
    ]  # fmt: skip
    assert [p.name for p in list_files(folder, set()) or []] == ["Zone_Raiders.gst"]


def test_a_folder_with_a_broken_head_is_read_whole(tmp_path: Path) -> None:
    folder = linked_raiders(tmp_path)
    (folder / "lib-c.cat").write_bytes(b"not xml")
    assert list_files(folder, {RECLAIMERS}) is None


def _same_findings(whole: BsCheck, part: BsCheck) -> None:
    """The findings of the files ``part`` read are those ``whole`` found in them, but
    for the warnings that name what the rest of the folder holds (a link or an id
    found in a catalogue not read, a cost type declared in one)."""
    assert part.system is not None
    names = {c.file for c in (part.system.system, *part.system.catalogues)}
    assert part.unreadable == tuple(p for p in whole.unreadable if p.file in names)
    assert part.errors == tuple(p for p in whole.errors if p.file in names)

    def local(problems: tuple[Problem, ...]) -> list[Problem]:
        return [p for p in problems if p.file in names and not _folder_wide(p)]

    assert local(part.warnings) == local(whole.warnings)


def _folder_wide(problem: Problem) -> bool:
    said = problem.message + (problem.hint or "")
    return any(
        words in said
        for words in ("in this folder", "which no file declares", "does not link to", "is in ")
    )


@pytest.mark.parametrize("system", SYSTEMS)
def test_a_list_of_each_catalogue_finds_what_the_whole_folder_finds(
    system: str, tmp_path: Path
) -> None:
    folder = linked_raiders(tmp_path) if system == "zone-raiders" else copy_system(system, tmp_path)
    whole = check_battlescribe(folder)
    assert whole.system is not None
    for catalogue in whole.system.catalogues:
        part = check_battlescribe(folder, list_files(folder, {catalogue.id}))
        _same_findings(whole, part)


@pytest.mark.skipif(not (BSDATA / "wh40k-10e").is_dir(), reason="no ../shared/bsdata/wh40k-10e")
def test_a_space_marines_list_reads_six_of_the_46_files_and_finds_the_same() -> None:
    folder = BSDATA / "wh40k-10e"
    heads = read_heads(folder)
    marines = next(c for c in heads.catalogues if c.file == "Imperium - Space Marines.cat")
    files = list_files(folder, {marines.id})
    assert files is not None
    assert [p.name for p in files] == [
        "Warhammer 40,000.gst",
        "Imperium - Agents of the Imperium.cat",
        "Imperium - Imperial Knights - Library.cat",
        "Imperium - Space Marines.cat",
        "Library - Astartes Heresy Legends.cat",
        "Library - Titans.cat",
        "Unaligned Forces.cat",
    ]
    _same_findings(check_battlescribe(folder), check_battlescribe(folder, files))


def test_a_list_validates_the_same_over_its_files_as_over_the_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    catalogs = tmp_path / "catalogs"
    linked_raiders(catalogs)
    path = tmp_path / "band.toml"
    place = ("--catalog-dir", str(catalogs))
    assert run(*place, "new", "zone-raiders", "Reclaimers", "-o", str(path))[0] == 0
    assert run(*place, "add", str(path), "Armiger-Captain")[0] == 0
    library = Library(catalogs)
    part = library.load_battlescribe("zone-raiders", {RECLAIMERS})
    assert [c.file for c in part.catalogues] == ["Reclaimers.cat", "lib-a.cat", "lib-b.cat"]
    outputs = [run(*place, "validate", str(path)), run(*place, "show", str(path))]
    monkeypatch.setattr(bs_cache, "list_files", lambda folder, catalogues, known=None: None)
    assert [run(*place, "validate", str(path)), run(*place, "show", str(path))] == outputs
    assert "80" in outputs[0][1]  # the Armiger-Captain's 80 RU


def test_importing_a_roster_reads_the_heads_of_other_games_only(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, reads: list[Path]
) -> None:
    catalogs = tmp_path / "catalogs"
    gaslands = copy_system("gaslands", catalogs).rename(catalogs / "zz-gaslands")
    linked_raiders(catalogs)  # looked at first: only its .gst's head is read
    place = ("--catalog-dir", str(catalogs))
    path, ros = tmp_path / "team.toml", tmp_path / "team.ros"
    assert run(*place, "new", "zz-gaslands", "Gaslands", "-o", str(path))[0] == 0
    assert run(*place, "add", str(path), "car")[0] == 0
    assert run(*place, "export", str(path), "--format", "ros", "-o", str(ros))[0] == 0
    heads: list[Path] = []
    head = bsdata._head

    def counted(path: Path) -> object:
        heads.append(path)
        return head(path)

    monkeypatch.setattr(bsdata, "_head", counted)
    shutil.rmtree(cache_dir())  # read from the files, not kept from the export
    reads.clear()
    code, out, _ = run(*place, "import", str(ros), "-o", str(tmp_path / "back.toml"))
    assert code == 0, out
    assert reads == [gaslands]
    assert [p.name for p in heads if p.parent != gaslands] == ["Zone_Raiders.gst"]


def test_a_file_over_the_size_read_is_never_read_whole_for_the_key(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = copy_system("gaslands", tmp_path)
    assert bs_cache._entry(folder, None) is not None
    monkeypatch.setattr(xml_guard, "MAX_XML_BYTES", 1000)  # Gaslands.cat is over it
    assert bs_cache._entry(folder, None) is None  # not kept: the load says why
