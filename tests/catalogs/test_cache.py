"""The catalog cache: used when it holds exactly these files, ignored otherwise, and never
a reason for a wrong catalog, a traceback or a warning."""

from __future__ import annotations

import errno
import io
import os
import pickle
import shutil
import subprocess
import sys
import time
import warnings
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

import catalogs.loader
from catalogs import cache as cache_module
from catalogs.cache import MAGIC, CatalogCache
from catalogs.library import Library
from catalogs.loader import load_system
from catalogs.locations import bundled_dir, cache_dir
from model.catalog.schema import Catalog
from model.core.problems import CatalogError
from model.parse.toml_text import parse
from tests.conftest import FIXTURES, ROOT
from tui.cli import main

BUNDLED = sorted(f for f in bundled_dir().iterdir() if (f / "system.toml").is_file())
ROSTER = FIXTURES / "rosters" / "gangers" / "legal-500.toml"


@pytest.fixture(autouse=True)
def _no_warnings() -> Iterator[None]:
    """A bad cache is ignored silently: any warning fails the test."""
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        yield


@pytest.fixture
def parses(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The names of the TOML files the loader parses (a cached load parses none)."""
    names: list[str] = []

    def counting(data: bytes, file: str | None, error: Callable[..., Exception]) -> Any:
        names.append(file or "")
        return parse(data, file, error)

    monkeypatch.setattr(catalogs.loader, "parse", counting)
    return names


@pytest.fixture
def gangers(tmp_path: Path) -> Path:
    """A copy of the Punkapocalyptic catalog that a test may change."""
    folder = tmp_path / "punkapocalyptic"
    shutil.copytree(bundled_dir() / "punkapocalyptic", folder)
    return folder


def entries() -> list[Path]:
    folder = cache_dir()
    return sorted(folder.glob("*.pickle")) if folder.is_dir() else []


def fresh(folder: Path, origin: str = "bundled") -> Catalog:
    return load_system(folder, origin, cache=False)


@pytest.mark.parametrize("folder", BUNDLED, ids=[f.name for f in BUNDLED])
def test_a_second_load_reads_the_cache_and_gives_the_same_catalog(
    folder: Path, parses: list[str]
) -> None:
    first = load_system(folder)
    assert parses and len(entries()) == 1
    parses.clear()
    second = load_system(folder)
    assert parses == []
    assert second == first == fresh(folder)
    assert second.origin == "bundled"
    for fid in second.factions:
        assert second.view(fid).units == first.view(fid).units


def test_the_cache_is_in_the_folder_the_environment_names(tmp_path: Path) -> None:
    assert cache_dir() == Path(os.environ["WARBAND_CACHE_DIR"])
    assert cache_dir(tmp_path) == tmp_path
    load_system(BUNDLED[0])
    assert len(entries()) == 1


def test_cache_false_neither_reads_nor_writes_it(parses: list[str]) -> None:
    load_system(BUNDLED[0], cache=False)
    assert entries() == []
    load_system(BUNDLED[0])
    parses.clear()
    load_system(BUNDLED[0], cache=False)
    assert parses


@pytest.mark.parametrize("name", ["system.toml", "factions/gangers.toml", "factions/mutards.toml"])
def test_any_change_to_any_file_loads_from_the_toml(
    gangers: Path, name: str, parses: list[str]
) -> None:
    load_system(gangers)
    path = gangers / name
    path.write_bytes(path.read_bytes() + b"\n# one more byte\n")
    parses.clear()
    assert load_system(gangers) == fresh(gangers)
    assert parses
    parses.clear()
    load_system(gangers)
    assert parses == [], "the new files are cached in turn"
    assert len(entries()) == 1, "one entry per folder, replaced"


def test_a_changed_value_is_what_loads(gangers: Path) -> None:
    load_system(gangers)
    path = gangers / "factions" / "gangers.toml"
    text = path.read_text()
    assert 'name = "Chief"' in text
    path.write_text(text.replace('name = "Chief"', 'name = "Boss"', 1))
    assert load_system(gangers).factions["gangers"].units["chief"].name == "Boss"


def test_a_new_or_removed_faction_file_loads_from_the_toml(
    gangers: Path, parses: list[str]
) -> None:
    load_system(gangers)
    (gangers / "factions" / "mutards.toml").rename(gangers / "mutards.toml.off")
    parses.clear()
    catalog = load_system(gangers)
    assert parses and "mutards" not in catalog.factions


def test_a_problem_catalog_is_never_cached_and_check_reports_every_time() -> None:
    broken = FIXTURES / "catalogs" / "broken-three"
    outputs = []
    for _ in range(2):
        out, err = io.StringIO(), io.StringIO()
        code = main(["catalogs", "--check", str(broken)], out=out, err=err)
        outputs.append((code, out.getvalue(), err.getvalue()))
        with pytest.raises(CatalogError):
            load_system(broken)
    assert entries() == []
    assert outputs[0] == outputs[1]
    assert outputs[0][0] == 1 and "problems" in outputs[0][1]


def test_check_and_bundled_loads_do_not_share_an_entry(tmp_path: Path) -> None:
    """``--check`` skips the folder-name rule; a catalog it passed must still be refused
    when loaded from a folder named otherwise."""
    folder = tmp_path / "renamed"
    shutil.copytree(bundled_dir() / "punkapocalyptic", folder)
    out = io.StringIO()
    assert main(["catalogs", "--check", str(folder)], out=out, err=io.StringIO()) == 0
    assert "no problems" in out.getvalue()
    with pytest.raises(CatalogError, match="1 problem"):
        load_system(folder)


def test_check_reads_a_cached_catalog_with_the_same_report(gangers: Path) -> None:
    reports = []
    for _ in range(2):
        out = io.StringIO()
        assert main(["catalogs", "--check", str(gangers)], out=out, err=io.StringIO()) == 0
        reports.append(out.getvalue())
    assert reports[0] == reports[1]
    assert len(entries()) == 1


def test_a_user_catalog_folder_is_cached_too(tmp_path: Path, parses: list[str]) -> None:
    user = tmp_path / "mine"
    shutil.copytree(bundled_dir() / "steam-wars", user / "steam-wars")
    Library(user).load("steam-wars")
    parses.clear()
    catalog = Library(user).load("steam-wars")
    assert parses == []
    assert catalog.origin == "user"
    assert catalog == fresh(user / "steam-wars", "user")


def test_a_house_file_is_part_of_the_key(tmp_path: Path, parses: list[str]) -> None:
    user = tmp_path / "mine"
    (user / "steam-wars").mkdir(parents=True)
    house = user / "steam-wars" / "house.toml"
    house.write_text('format = "warband.catalog/1"\n')
    first = Library(user).load("steam-wars")
    house.write_text('format = "warband.catalog/1"\n# a note\n')
    parses.clear()
    assert Library(user).load("steam-wars") == first
    assert str(house) in parses, "the changed house file was read"
    parses.clear()
    Library(user).load("steam-wars")
    assert parses == []


def _damage(entry: Path, how: str) -> None:
    data = entry.read_bytes()
    head = len(MAGIC) + 64
    if how == "truncated":
        entry.write_bytes(data[: len(data) // 2])
    elif how == "empty":
        entry.write_bytes(b"")
    elif how == "garbage":
        entry.write_bytes(os.urandom(len(data)))
    elif how == "header only":
        entry.write_bytes(data[:head])
    elif how == "another format":
        entry.write_bytes(b"warband catalog cache 2\n" + data[len(MAGIC) :])
    elif how == "another key":
        entry.write_bytes(MAGIC + bytes(32) + data[len(MAGIC) + 32 :])
    elif how == "a changed letter":  # still a good pickle: only the digest tells
        at = data.index(b"Chief", head) + 4
        entry.write_bytes(data[:at] + b"g" + data[at + 1 :])
    elif how == "a folder":
        entry.unlink()
        entry.mkdir()
    elif how == "huge":
        with entry.open("ab") as stream:
            stream.truncate(64 * 1024 * 1024)
    else:
        raise AssertionError(how)


DAMAGE = [
    "truncated",
    "empty",
    "garbage",
    "header only",
    "another format",
    "another key",
    "a changed letter",
    "a folder",
    "huge",
]


@pytest.mark.parametrize("how", DAMAGE)
def test_a_damaged_entry_is_ignored_and_rewritten(
    gangers: Path, how: str, parses: list[str]
) -> None:
    expected = fresh(gangers)
    load_system(gangers)
    (entry,) = entries()
    _damage(entry, how)
    parses.clear()
    assert load_system(gangers) == expected
    assert parses, "loaded from the TOML"
    if how != "a folder":
        parses.clear()
        assert load_system(gangers) == expected
        assert parses == [], "the entry was written again, whole"


def _forge(entry: Path, payload: bytes) -> None:
    """Replace an entry's payload, keeping its key and a matching digest: what only a
    deliberate writer could produce."""
    data = entry.read_bytes()
    key = data[len(MAGIC) : len(MAGIC) + 32]
    entry.write_bytes(MAGIC + key + cache_module._digest(payload) + payload)


class _Opens:
    """Pickles as a call to ``open`` (what a hostile cache entry would try)."""

    def __init__(self, path: Path) -> None:
        self.path = str(path)

    def __reduce__(self) -> tuple[Any, ...]:
        return (open, (self.path, "w"))


@pytest.mark.parametrize(
    ("module", "name"),
    [("io", "open"), ("builtins", "eval"), ("os", "system"), ("model.parse.toml_text", "parse")],
)
def test_the_unpickler_makes_catalog_classes_only(module: str, name: str) -> None:
    unpickler = cache_module._Unpickler(io.BytesIO(b""))
    with pytest.raises(pickle.UnpicklingError):
        unpickler.find_class(module, name)
    assert unpickler.find_class("model.catalog.units", "Unit").__name__ == "Unit"


def test_the_unpickler_imports_no_module_outside_model() -> None:
    """Importing a module can act (``this`` prints, ``antigravity`` opens a browser)."""
    assert "this" not in sys.modules
    with pytest.raises(pickle.UnpicklingError):
        cache_module._Unpickler(io.BytesIO(b"")).find_class("this", "s")
    assert "this" not in sys.modules


def test_an_entry_larger_than_its_catalog_could_make_is_not_read(
    gangers: Path, monkeypatch: pytest.MonkeyPatch, parses: list[str]
) -> None:
    load_system(gangers)
    monkeypatch.setattr(cache_module, "SIZE_FACTOR", 0)
    monkeypatch.setattr(cache_module, "SIZE_SLACK", 0)
    parses.clear()
    assert load_system(gangers) == fresh(gangers)
    assert parses


def test_a_hostile_entry_runs_nothing(gangers: Path, tmp_path: Path) -> None:
    load_system(gangers)
    (entry,) = entries()
    marker = tmp_path / "ran"
    _forge(entry, pickle.dumps(_Opens(marker)))
    assert load_system(gangers) == fresh(gangers)
    assert not marker.exists()


@pytest.mark.parametrize("shape", ["no factions", "another faction", "a list", "a system only"])
def test_an_entry_of_the_wrong_shape_is_ignored(gangers: Path, shape: str) -> None:
    catalog = fresh(gangers)
    load_system(gangers)
    (entry,) = entries()
    factions = dict(catalog.factions)
    value: object = {
        "no factions": (catalog.system_file, {}),
        "another faction": (catalog.system_file, {"x": next(iter(factions.values()))}),
        "a list": [catalog.system_file, factions],
        "a system only": catalog.system_file,
    }[shape]
    _forge(entry, pickle.dumps(value, protocol=5))
    assert load_system(gangers) == catalog


def test_another_warband_or_pydantic_does_not_read_the_entry(
    gangers: Path, monkeypatch: pytest.MonkeyPatch, parses: list[str]
) -> None:
    load_system(gangers)
    monkeypatch.setattr(cache_module, "code_digest", lambda: b"another version" * 2)
    parses.clear()
    assert load_system(gangers) == fresh(gangers)
    assert parses


def test_the_key_covers_warbands_code_and_pydantics_version() -> None:
    digest = cache_module.code_digest()
    assert digest is not None and len(digest) == 32
    key = cache_module.entry_key("x", "bundled", [("system.toml", b"a")])
    assert key != cache_module.entry_key("x", "check", [("system.toml", b"a")])
    assert key != cache_module.entry_key("y", "bundled", [("system.toml", b"a")])
    assert key != cache_module.entry_key("x", "bundled", [("system.toml", b"b")])
    assert key != cache_module.entry_key("x", "bundled", [("system.tom", b"la")])


def test_the_code_digest_reads_every_module_of_the_packages(tmp_path: Path) -> None:
    """Every ``.py`` at any depth, by its ``/``-joined path inside the package, in order
    of those paths; no compiled file, nothing else."""
    for name in ("b.py", "a/z.py", "a/b/c.py", "a/__pycache__/z.cpython-311.pyc", "a/x.txt"):
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text("")
    (tmp_path / "__pycache__").mkdir()
    (tmp_path / "__pycache__" / "q.py").write_text("")
    found = cache_module._modules(tmp_path)
    assert [name for name, _ in found] == ["a/b/c.py", "a/z.py", "b.py"]
    assert all(path == tmp_path / name for name, path in found)
    import model

    ours = [name for name, _ in cache_module._modules(Path(model.__file__).parent)]
    assert "core/value.py" in ours and "bsdata/engine.py" in ours
    assert len(ours) == len(list(Path(model.__file__).parent.rglob("*.py")))


def test_a_cache_folder_that_cannot_be_made_is_no_error(
    gangers: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("")
    monkeypatch.setenv("WARBAND_CACHE_DIR", str(blocker / "cache"))
    assert load_system(gangers) == load_system(gangers) == fresh(gangers)


@pytest.mark.parametrize("code", [errno.EROFS, errno.EACCES, errno.ENOSPC])
def test_a_read_only_or_full_cache_folder_is_no_error(
    gangers: Path, monkeypatch: pytest.MonkeyPatch, code: int
) -> None:
    real_open = Path.open

    def refusing(self: Path, mode: str = "r", *args: Any, **kwargs: Any) -> Any:
        if "w" in mode and self.parent == cache_dir():
            raise OSError(code, os.strerror(code))
        return real_open(self, mode, *args, **kwargs)

    monkeypatch.setattr(Path, "open", refusing)
    assert load_system(gangers) == fresh(gangers)
    assert entries() == []
    assert list(cache_dir().iterdir()) == [], "no temporary file left behind"


def test_a_write_cut_short_leaves_no_entry_and_no_temporary_file(
    gangers: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def full(self: Path, target: Any) -> Any:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(Path, "replace", full)
    assert load_system(gangers) == fresh(gangers)
    assert list(cache_dir().iterdir()) == []


def test_an_unreadable_entry_is_no_error(
    gangers: Path, monkeypatch: pytest.MonkeyPatch, parses: list[str]
) -> None:
    load_system(gangers)
    real_open = Path.open

    def refusing(self: Path, mode: str = "r", *args: Any, **kwargs: Any) -> Any:
        if self.parent == cache_dir():
            raise PermissionError(errno.EACCES, "Permission denied")
        return real_open(self, mode, *args, **kwargs)

    monkeypatch.setattr(Path, "open", refusing)
    parses.clear()
    assert load_system(gangers) == fresh(gangers)
    assert parses


def test_validate_reads_the_cache_from_the_second_run_on(parses: list[str]) -> None:
    outputs, parsed = [], []
    for _ in range(2):
        parses.clear()
        out = io.StringIO()
        code = main(["validate", str(ROSTER)], out=out, err=io.StringIO())
        outputs.append((code, out.getvalue()))
        parsed.append(list(parses))
    assert parsed[0] and parsed[1] == [], "the second run parsed no catalog file"
    assert outputs[0] == outputs[1]
    assert outputs[0][0] == 0 and "valid" in outputs[0][1]


def test_a_cached_catalog_keeps_working_in_a_process_with_other_string_hashes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Maps are hashable; a hash kept from the writing process would be wrong in the
    reading one (string hashes differ per process), so none is kept."""
    monkeypatch.setenv("WARBAND_CACHE_DIR", str(tmp_path))
    code = (  # hash every map first, then have the load write exactly those objects
        "from catalogs import loader\n"
        "from catalogs.locations import bundled_dir\n"
        "folder = bundled_dir() / 'punkapocalyptic'\n"
        "c = loader.load_system(folder, cache=False)\n"
        "for f in c.factions.values():\n"
        "    for u in f.units.values(): hash(u.stats)\n"
        "loader._load = lambda *args: c\n"
        "loader.load_system(folder)\n"
    )
    env = {**os.environ, "PYTHONHASHSEED": "1"}
    subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, check=True)
    assert len(entries()) == 1
    loaded = load_system(bundled_dir() / "punkapocalyptic")
    stats = [u.stats for f in loaded.factions.values() for u in f.units.values()]
    rebuilt = [type(s)(dict(s)) for s in stats]
    assert [hash(s) for s in stats] == [hash(s) for s in rebuilt]
    assert set(stats) == set(rebuilt)


def test_a_run_that_reads_a_cached_catalog_builds_no_catalog_validator(tmp_path: Path) -> None:
    """What the cache saves: the catalog models' validators (``defer_build``) are never
    built in a process that reads the catalog from the cache and validates a roster, not
    even for a default value (a default made by calling a model would build its validator
    as the module is imported)."""
    env = {**os.environ, "WARBAND_CACHE_DIR": str(tmp_path)}
    code = (
        "import io, sys\n"
        "from tui.cli import main\n"
        f"assert main(['validate', {str(ROSTER)!r}], out=io.StringIO()) == 0\n"
        "from model.core.base import Frozen\n"
        "def every(cls):\n"
        "    for sub in cls.__subclasses__():\n"
        "        yield sub\n"
        "        yield from every(sub)\n"
        "built = {m.__name__ for m in every(Frozen) if m.__pydantic_complete__\n"
        "         and m.__module__.startswith('model.catalog.')}\n"
        "print(' '.join(sorted(built)))\n"
    )
    argv = [sys.executable, "-c", code]
    first = subprocess.run(argv, cwd=ROOT, env=env, check=True, capture_output=True, text=True)
    second = subprocess.run(argv, cwd=ROOT, env=env, check=True, capture_output=True, text=True)
    assert {"FactionFile", "SystemFile"} <= set(first.stdout.split()), "the first run validated"
    assert second.stdout.split() == []


def test_the_cache_keeps_the_entries_used_last(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, parses: list[str]
) -> None:
    monkeypatch.setattr(cache_module, "MAX_ENTRIES", 2)
    first, second, third = BUNDLED[:3]
    load_system(first)
    load_system(second)
    store = CatalogCache(cache_dir())
    for folder, age in ((first, 7200), (second, 3600)):  # the first is the oldest
        old = time.time() - age
        os.utime(store.entry_path(folder, "bundled", None), (old, old))
    load_system(first)  # read from the cache: now the one used last
    load_system(third)
    assert len(entries()) == 2
    parses.clear()
    load_system(first)
    load_system(third)
    assert parses == []


def test_a_temporary_file_left_by_a_killed_writer_is_swept(gangers: Path) -> None:
    folder = cache_dir()
    folder.mkdir(parents=True)
    stale, fresh_tmp = folder / ".x.pickle.1-1.tmp", folder / ".y.pickle.2-2.tmp"
    stale.write_bytes(b"half")
    fresh_tmp.write_bytes(b"being written")
    old = time.time() - 3600
    os.utime(stale, (old, old))
    load_system(gangers)
    assert not stale.exists()
    assert fresh_tmp.exists(), "a writer may still be at work on it"
