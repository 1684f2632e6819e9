"""Reading the BSData gallery's catpkg JSON (``model.bsdata.catpkg``): a gallery's games,
with every entry that cannot be a game left out with why (a name that cannot be a
folder, no address, a repeat) and the rest kept; a package's data files, refused whole
when one file's address is not a plain data file name (a path climbing out of the
folder), its hash is not a SHA-256 or its revision is out of range; every text cleaned
of control characters. The gallery the tests serve is checked against BSData's own JSON
Schema for the format, so the tests speak the format BSData publishes.
"""

from __future__ import annotations

import json
from typing import Any

import jsonschema  # type: ignore[import-untyped]
import pytest

from model.bsdata.catpkg import (
    MAX_GAMES,
    GalleryError,
    game_name_problem,
    read_gallery,
    read_package,
)
from tests.catalogs.gallery_server import GalleryServer
from tests.model.bsdata.shared_data import BSDATA

SCHEMA = BSDATA / "schemas" / "src" / "catpkg.schema.json"


def game(name: str = "gaslands", **more: Any) -> dict[str, Any]:
    return {"name": name, "repositoryUrl": f"https://example.org/{name}.catpkg.json", **more}


def data_file(url: str = "https://example.org/v1/Gaslands.gstz", **more: Any) -> dict[str, Any]:
    return {"id": "55c7", "type": "gamesystem", "revision": 25, "fileUrl": url, **more}


def test_the_served_gallery_and_package_follow_bsdatas_schema(gallery: GalleryServer) -> None:
    gallery.publish()
    schema = json.loads(SCHEMA.read_text())
    for path in ("/gallery.json", "/gaslands/catpkg.json"):
        jsonschema.validate(json.loads(gallery.routes[path].body), schema)


def test_a_gallery_keeps_its_games_by_title_and_says_what_it_left_out() -> None:
    found = read_gallery(
        {
            "name": "Gallery",
            "repositories": [
                game("zone-raiders", description="Zone Raiders", version="v2.0.0"),
                game("gaslands", description="Gaslands\x1b[2J", lastUpdated="2025-01-02T03:04:05Z"),
                game("../up"),
                {"name": "nourl"},
                game("Gaslands"),
                "text",
            ],
        },
        "g.json",
    )
    assert [(g.name, g.title) for g in found.games] == [
        ("gaslands", "Gaslands[2J"),
        ("zone-raiders", "Zone Raiders"),
    ]
    assert found.games[0].date == "2025-01-02"
    assert [str(p) for p in found.skipped] == [
        "g.json: repositories[3]: name '../up' is not a name warband gives a folder (letters, "
        "digits, '.', '_' and '-', starting with a letter or digit, at most 100)",
        "g.json: repositories[4]: 'nourl' has no address of its catpkg.json (\"repositoryUrl\")",
        "g.json: repositories[5]: repeats the game 'Gaslands': the first is kept",
        "g.json: repositories[6]: is not a JSON object",
    ]
    assert found.find("GASLANDS") is found.games[0]
    assert [g.name for g in found.search(["zone", "RAID"])] == ["zone-raiders"]


def test_a_gallery_past_its_cap_reads_the_first_games() -> None:
    found = read_gallery({"repositories": [game(f"g{n}") for n in range(MAX_GAMES + 5)]}, "g")
    assert len(found.games) == MAX_GAMES
    assert "only the first 2,000 are read" in str(found.skipped[0])


@pytest.mark.parametrize("document", [[], {"repositories": {}}, "x"])
def test_what_is_not_a_gallery_is_refused(document: Any) -> None:
    with pytest.raises(GalleryError, match="cannot use the gallery at g: it"):
        read_gallery(document, "g")


@pytest.mark.parametrize(
    "name", ["", ".hidden", "a/b", "a\\b", "con", "nul.txt", "x" * 101, "a b", "ü"]
)
def test_names_that_cannot_be_a_folder(name: str) -> None:
    assert game_name_problem(name) is not None


@pytest.mark.parametrize("name", ["gaslands", "wh40k-10e", "A_b.c", "console"])
def test_names_that_can(name: str) -> None:
    assert game_name_problem(name) is None


def test_a_package_lists_its_data_files_and_passes_over_rosters() -> None:
    package = read_package(
        {
            "version": "v1.0.0",
            "repositoryFiles": [
                data_file(sourceSha256="ab" * 32),
                data_file(
                    "https://example.org/v1/Imperium%20-%20Guard.catz", id="c1", type="catalogue"
                ),
                data_file("https://example.org/v1/Team.rosz", id="r", type="roster"),
            ],
        },
        "p.json",
    )
    assert [(f.file, f.kind, f.zipped) for f in package.files] == [
        ("Gaslands.gstz", "gamesystem", True),
        ("Imperium - Guard.catz", "catalogue", True),
    ]
    assert package.files[0].sha256 == "AB" * 32


@pytest.mark.parametrize(
    ("entry", "said"),
    [
        (data_file("https://x/a/..%2F..%2Fevil.cat"), "does not end in a plain file name"),
        (data_file("https://x/a/notes.txt"), "does not end in a plain file name"),
        (data_file("https://x/a/.hidden.cat"), "does not end in a plain file name"),
        (data_file(sourceSha256="xyz"), "is not a SHA-256 in hex"),
        (data_file(revision=-1), "revision -1 of '55c7' is out of range"),
        (data_file(revision="25"), "is not a whole number"),
        (data_file(type="picture"), "has the type 'picture'"),
        (data_file(fileUrl="has space"), "has no address"),
        ({"type": "catalogue", "fileUrl": "https://x/a.cat"}, 'has no "id"'),
    ],
)
def test_a_package_with_one_bad_file_is_refused_whole(entry: dict[str, Any], said: str) -> None:
    good = data_file("https://x/Other.catz", id="o", type="catalogue")
    with pytest.raises(GalleryError) as refused:
        read_package({"repositoryFiles": [good, entry]}, "p.json")
    assert said in refused.value.render()
    assert "repositoryFiles[2]" in refused.value.render()


def test_a_package_needs_a_game_system_and_one_file_per_name() -> None:
    with pytest.raises(GalleryError, match="lists no game system file"):
        read_package({"repositoryFiles": [data_file(type="catalogue")]}, "p")
    with pytest.raises(GalleryError, match=r"two files are named Gaslands\.gstz"):
        read_package({"repositoryFiles": [data_file(), data_file(id="b")]}, "p")
    with pytest.raises(GalleryError, match="it has no list of files"):
        read_package({}, "p")
