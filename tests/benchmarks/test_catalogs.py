"""Loading every bundled catalog, against plain tomllib parsing of the same files."""

from __future__ import annotations

import tomllib
from collections.abc import Callable

import pytest

from catalogs.loader import load_system
from catalogs.locations import bundled_dir
from tests.benchmarks.conftest import report

pytestmark = pytest.mark.benchmark


def test_load_bundled_catalogs_vs_tomllib(bench: Callable[[Callable[[], object]], float]) -> None:
    folders = [f for f in sorted(bundled_dir().iterdir()) if (f / "system.toml").is_file()]
    files = [p for f in folders for p in [f / "system.toml", *sorted(f.glob("factions/*.toml"))]]
    texts = [p.read_bytes() for p in files]

    def parse_only() -> None:
        for data in texts:
            tomllib.loads(data.decode("utf-8"))

    def load_all() -> None:
        for folder in folders:
            load_system(folder)

    report(
        f"load {len(folders)} catalog(s), {len(files)} files (parse, validate, cross-check)",
        bench(load_all),
        "tomllib parse only",
        bench(parse_only),
    )
