"""A catalog's source notes as players read them: each code the catalog defines spelled out
as the document's title, sections and chapters in words. History: issue 31."""

from __future__ import annotations

import re
import tomllib
from collections.abc import Iterator

import pytest

from catalogs.locations import bundled_dir
from model.catalog.system import spelled_source

PUNK = {
    "RB": "Punkapocalyptic rulebook",
    "BL": "Punkapocalyptic band lists (warband's research notes)",
    "S1": "SergioTemp's 2023 BattleScribe data",
    "S5": "the English MERCS document",
}


@pytest.mark.parametrize(
    ("note", "spelled"),
    [
        ("BL §5", "Punkapocalyptic band lists (warband's research notes), section 5"),
        (
            "BL §9 (S5)",
            "Punkapocalyptic band lists (warband's research notes), section 9 "
            "(the English MERCS document)",
        ),
        ("RB ch.4 Smoke", "Punkapocalyptic rulebook, chapter 4, Smoke"),
        (
            "BL §3, §5 (S1; S4 for pistols)",
            "Punkapocalyptic band lists (warband's research notes), section 3, section 5 "
            "(SergioTemp's 2023 BattleScribe data; S4 for pistols)",  # S4 not defined here
        ),
        ("RBX §2", "RBX section 2"),  # only whole codes
    ],
)
def test_codes_are_spelled_out(note: str, spelled: str) -> None:
    assert spelled_source(note, PUNK) == spelled


def test_the_longest_code_is_read_first() -> None:
    sources = {"000": "the rules", "research 000": "the publisher's pages"}
    assert spelled_source("research 000 (actions page); 000 Officer", sources) == (
        "the publisher's pages (actions page); the rules, Officer"
    )


def _notes(table: object) -> Iterator[str]:
    if isinstance(table, dict):
        for key, value in table.items():
            if key == "source" and isinstance(value, str):
                yield value
            else:
                yield from _notes(value)
    elif isinstance(table, list):
        for value in table:
            yield from _notes(value)


CODE = re.compile(r"(?<![\w§])(RB|BL|S\d|R?00\d|research \d+)(?!\w)|§|\bch\.")
"""The codes the bundled catalogs' header comments named before they were data."""


@pytest.mark.parametrize(
    "system", sorted(p.name for p in bundled_dir().iterdir() if (p / "system.toml").is_file())
)
def test_every_source_note_of_a_bundled_catalog_reads_without_a_code(system: str) -> None:
    folder = bundled_dir() / system
    head = tomllib.loads((folder / "system.toml").read_text(encoding="utf-8"))
    sources = head["system"]["sources"]
    notes = [
        note
        for path in (folder / "system.toml", *sorted((folder / "factions").glob("*.toml")))
        for note in _notes(tomllib.loads(path.read_text(encoding="utf-8")))
    ]
    assert notes
    left = {note: spelled_source(note, sources) for note in notes}
    assert {n: s for n, s in left.items() if CODE.search(s)} == {}
