"""Loading every bundled catalog, against plain tomllib parsing of the same files.

``load_system`` is what every command and the app run to get a catalog. Three cases,
each printed against the tomllib baseline measured in the same run:

- **warm**, the goal row of issue 15: the catalog cache (``catalogs.cache``) holds every
  catalog, as for every load but the first after installing or editing one. Each load
  still reads every file and hashes its bytes to find its entry.
- **first**: the cache folder is emptied before each load, so each catalog is parsed,
  validated, checked and written to the cache.
- **uncached**: ``cache=False``: parse, validate and check only (the cost before the
  cache, and what a cache that cannot be used costs).

The model classes are built by the first load of the process (not timed here; the
whole-process cost is ``test_cli.py``'s).
"""

from __future__ import annotations

import shutil
import tomllib
from collections.abc import Callable

import pytest

from catalogs.loader import load_system
from catalogs.locations import bundled_dir, cache_dir
from tests.benchmarks.conftest import report

pytestmark = pytest.mark.benchmark


def test_load_bundled_catalogs_vs_tomllib(bench: Callable[[Callable[[], object]], float]) -> None:
    folders = [f for f in sorted(bundled_dir().iterdir()) if (f / "system.toml").is_file()]
    files = [p for f in folders for p in [f / "system.toml", *sorted(f.glob("factions/*.toml"))]]
    texts = [p.read_bytes() for p in files]
    cache = cache_dir()  # the test's own, from tests/conftest.py

    def parse_only() -> None:
        for data in texts:
            tomllib.loads(data.decode("utf-8"))

    def load_warm() -> None:
        for folder in folders:
            load_system(folder)

    def load_first() -> None:
        shutil.rmtree(cache, ignore_errors=True)
        for folder in folders:
            load_system(folder)

    def load_uncached() -> None:
        for folder in folders:
            load_system(folder, cache=False)

    load_warm()
    assert len(list(cache.glob("*.pickle"))) == len(folders)
    name = f"load {len(folders)} catalog(s), {len(files)} files"
    warm, base = bench(load_warm), bench(parse_only)
    first, uncached = bench(load_first), bench(load_uncached)
    report(f"{name}, catalog cache present (the goal row)", warm, "tomllib parse only", base)
    report(f"{name}, first load (parse, validate, check, cache)", first, "tomllib", base)
    report(f"{name}, uncached (parse, validate, check)", uncached, "tomllib", base)
