"""DEVELOPMENT.md is a map: every file and folder it names must exist, and every
package of ``model`` must be on it, so the map cannot drift from the code unnoticed."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
MAP = ROOT / "DEVELOPMENT.md"
NAMED = re.compile(r"`((?:model|tui|saves|catalogs|tests)/[\w/<>*.-]*)`")


def named_paths() -> list[str]:
    return NAMED.findall(MAP.read_text(encoding="utf-8"))


def test_the_map_names_files_that_exist() -> None:
    missing = [
        path
        for path in named_paths()
        if not any(c in path for c in "<*") and not (ROOT / path).exists()
    ]
    assert missing == []


def test_the_map_names_enough_to_find_ones_way() -> None:
    assert len(set(named_paths())) >= 40


def test_every_model_package_is_on_the_map() -> None:
    packages = {p.parent.name for p in (ROOT / "model").glob("*/__init__.py")}
    on_map = {path.split("/")[1] for path in named_paths() if path.startswith("model/")}
    assert packages <= on_map, sorted(packages - on_map)
