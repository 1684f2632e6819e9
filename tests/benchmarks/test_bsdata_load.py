"""Loading BattleScribe data, against the standard library's XML parser on the same bytes.

- **Zone Raiders**, its game system and seven catalogues (800 KB), loaded by
  ``Library.load_battlescribe`` as ``warband catalogs`` does (a new ``Library`` each
  time, so nothing is kept): read, parse, version-check, read into values, index, check
  across files. Goal: under 0.5 s. Baseline: ``xml.etree.ElementTree.parse`` of every
  file.
- **A 3 MB catalogue**: Zone Raiders' Nthgens.cat repeated with fresh ids (every id
  defined in it renamed in each copy, and every reference to it in that copy, so the
  copies link among themselves as the original does and the folder checks clean), in a
  folder with Zone Raiders' game system. Goal: under 1 s. Baseline: ``ElementTree``
  parsing the same two files' bytes.

Nothing asserts on time; each line prints both times and their ratio.

History: the goals are issue 18's speed figures.
"""

from __future__ import annotations

import re
import shutil
import time
from collections.abc import Callable
from pathlib import Path
from xml.etree import ElementTree

import pytest

from catalogs.bsdata import check_battlescribe
from catalogs.library import Library
from tests.benchmarks.conftest import report
from tests.model.bsdata.shared_data import BSDATA, data_files

pytestmark = pytest.mark.benchmark

MB = 2**20


def test_load_zone_raiders_vs_elementtree(
    bench: Callable[[Callable[[], object]], float], tmp_path: Path
) -> None:
    folder = tmp_path / "zone-raiders"
    folder.mkdir()
    files = data_files("zone-raiders")
    for path in files:
        shutil.copyfile(path, folder / path.name)
    size = sum(p.stat().st_size for p in files)

    def load() -> object:
        return Library(tmp_path).load_battlescribe("zone-raiders")

    def parse_only() -> None:
        for path in sorted(folder.iterdir()):
            ElementTree.parse(path)

    assert check_battlescribe(folder).ok
    loaded, base = bench(load), bench(parse_only)
    report(
        f"load Zone Raiders ({len(files)} files, {size / MB:.2f} MB; goal < 500 ms)",
        loaded,
        "ElementTree.parse",
        base,
    )


def _big_catalogue(at_least: int) -> bytes:
    """Nthgens.cat's contents repeated with fresh ids until over ``at_least`` bytes."""
    text = (BSDATA / "zone-raiders" / "Nthgens.cat").read_text(encoding="utf-8")
    head_end = text.index(">", text.index("<catalogue ")) + 1
    tail = text.rindex("</catalogue>")
    head, inner = text[:head_end], text[head_end:tail]
    defined = set(re.findall(r' id="([^"]+)"', inner))
    copies = [inner]
    total = len(text)
    n = 0
    while total < at_least:
        n += 1

        def renamed(found: re.Match[str], n: int = n) -> str:
            return f'"{found[1]}-x{n}"' if found[1] in defined else found[0]

        fresh = re.sub(r'"([^"]+)"', renamed, inner)
        copies.append(fresh)
        total += len(fresh)
    return (head + "".join(copies) + "</catalogue>\n").encode("utf-8")


def test_load_a_3_mb_catalogue_vs_elementtree(
    bench: Callable[[Callable[[], object]], float], tmp_path: Path
) -> None:
    folder = tmp_path / "big"
    folder.mkdir()
    shutil.copyfile(BSDATA / "zone-raiders" / "Zone_Raiders.gst", folder / "Zone_Raiders.gst")
    big = _big_catalogue(3 * MB)
    (folder / "Big.cat").write_bytes(big)
    found = check_battlescribe(folder)
    assert found.ok, (found.unreadable + found.errors)[:5]
    assert found.warnings == ()
    texts = [p.read_bytes() for p in sorted(folder.iterdir())]

    def load() -> object:
        return check_battlescribe(folder)

    def parse_only() -> None:
        for data in texts:
            ElementTree.fromstring(data)

    start = time.perf_counter()
    load()
    once = time.perf_counter() - start
    loaded, base = bench(load), bench(parse_only)
    report(
        f"load a {len(big) / MB:.1f} MB catalogue and its game system (goal < 1000 ms; "
        f"first run {once * 1000:.0f} ms)",
        loaded,
        "ElementTree.fromstring",
        base,
    )
