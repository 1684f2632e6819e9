"""``warband games`` against a BSData gallery served on 127.0.0.1 (never the internet;
``tests/catalogs/gallery_server.py``): Gaslands listed, installed (and then a usable
game to ``warband catalogs``), updated to a newer revision (only the changed file
downloaded, a list built on the old version re-checked against the new), removed; and
every way a download goes wrong leaves what was installed as it was, with one sentence
and exit 2: a slow server, a connection cut half-way, a wrong ``sourceSha256``, a zip
bomb, a file over the cap, a gallery that is not JSON, data that does not load.
"""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from catalogs import gallery as gallery_module
from catalogs.gallery import RECORD, WORK, read_record
from tests.catalogs.gallery_server import GalleryServer, newer, zipped
from tui.cli import main


def run(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = main(list(argv), out=out, err=err)
    return code, out.getvalue(), err.getvalue()


def games(folder: Path, *argv: str, url: str | None = None) -> tuple[int, str, str]:
    """``warband --catalog-dir FOLDER games ARGV --gallery URL``."""
    extra = ("--gallery", url) if url is not None and argv[0] != "remove" else ()
    return run("--catalog-dir", str(folder), "games", *argv, *extra)


def installed_state(folder: Path) -> dict[str, bytes]:
    """Every file of the installed game, by name: to see that a failure changed nothing."""
    return {p.name: p.read_bytes() for p in sorted((folder / "gaslands").iterdir())}


@pytest.fixture
def installed(tmp_path: Path, gallery: GalleryServer) -> Path:
    """Gaslands v1.0.0 installed from the local gallery into ``tmp_path/games``."""
    folder = tmp_path / "games"
    code, out, err = games(folder, "install", "gaslands", url=gallery.publish())
    assert (code, err) == (0, ""), out
    return folder


def test_available_lists_the_gallery_and_install_makes_a_usable_game(
    tmp_path: Path, gallery: GalleryServer
) -> None:
    url = gallery.publish()
    folder = tmp_path / "games"
    assert games(folder, "available", url=url) == (
        0,
        "gaslands: Gaslands (v1.0.0, 2025-03-14)\n"
        "1 game in BSData Gallery: 0 installed; install one with: warband games install NAME\n",
        "",
    )
    code, out, err = games(folder, "install", "gaslands", url=url)
    assert (code, err) == (0, "")
    assert out == (
        f"installed Gaslands v1.0.0 as gaslands: 2 files downloaded ({folder / 'gaslands'})\n"
    )
    assert sorted(p.name for p in (folder / "gaslands").iterdir()) == [
        "Gaslands.catz",
        "Gaslands.gstz",
        RECORD,
    ]
    assert not (folder / WORK).exists()
    code, out, _ = run("--catalog-dir", str(folder), "catalogs")
    assert "gaslands: Gaslands (revision 25, BattleScribe data, user)" in out.splitlines()
    code, out, _ = run("--catalog-dir", str(folder), "catalogs", "--check", f"{folder}/gaslands")
    assert code == 0 and "no problems: Gaslands (revision 25)" in out
    code, out, _ = games(folder, "available", "gas", url=url)
    assert out.splitlines()[0] == "gaslands: Gaslands (v1.0.0, 2025-03-14) [installed]"
    assert games(folder, "install", "gaslands", url=url)[:2] == (
        0,
        f"Gaslands v1.0.0 is installed and up to date ({folder / 'gaslands'})\n",
    )
    (folder / "gaslands" / "Gaslands.catz").write_bytes(b"damaged")
    code, out, _ = games(folder, "install", "gaslands", "--force", url=url)  # a repair
    assert out.startswith("installed Gaslands v1.0.0 again as gaslands: 2 files downloaded")
    assert run("--catalog-dir", str(folder), "catalogs", "--check", f"{folder}/gaslands")[0] == 0


def test_the_record_says_what_was_installed(installed: Path, gallery: GalleryServer) -> None:
    record = read_record(installed / "gaslands")
    assert record is not None
    assert (record.name, record.title, record.version) == ("gaslands", "Gaslands", "v1.0.0")
    assert record.gallery == gallery.url("gallery.json")
    assert {(f.file, f.revision) for f in record.files} == {
        ("Gaslands.gstz", 25),
        ("Gaslands.catz", 4),
    }


def test_an_update_replaces_the_game_and_old_lists_open_over_the_new_data(
    installed: Path, gallery: GalleryServer, tmp_path: Path
) -> None:
    team = tmp_path / "team.toml"
    base = ("--catalog-dir", str(installed))
    assert run(*base, "new", "gaslands", "gaslands", "--points", "50", "-o", str(team))[0] == 0
    assert "12/50 Cans" in run(*base, "add", str(team), "Car")[1]
    url = gallery.publish(**newer())
    code, out, _ = games(installed, "available", url=url)
    shown = out.splitlines()[0]
    assert shown == "gaslands: Gaslands (v1.1.0, 2025-03-14) [update: v1.0.0 installed]"
    code, out, err = games(installed, "update", url=url)
    assert (code, err) == (0, "")
    assert out == (
        "updated Gaslands from v1.0.0 to v1.1.0 as gaslands: 1 file downloaded, 1 unchanged "
        f"({installed / 'gaslands'})\n"
    )
    assert "/gaslands/v1.1.0/Gaslands.catz" not in gallery.seen  # same revision: kept
    code, out, _ = run(*base, "catalogs")
    assert "gaslands: Gaslands (revision 26, BattleScribe data, user)" in out.splitlines()
    code, out, _ = run(*base, "validate", str(team))
    assert "15/50 Cans" in out  # the Car re-priced by the new data
    assert games(installed, "update", url=url) == (0, "Gaslands v1.1.0 is up to date\n", "")


def test_a_download_cut_half_way_leaves_the_installed_version_whole(
    installed: Path, gallery: GalleryServer
) -> None:
    before = installed_state(installed)
    url = gallery.publish(**newer())
    route = gallery.routes["/gaslands/v1.1.0/Gaslands.gstz"]
    route.cut = True
    code, _, err = games(installed, "update", "gaslands", url=url)
    assert code == 2
    assert err == (
        f"could not download {gallery.url('gaslands/v1.1.0/Gaslands.gstz')}: the connection "
        "was cut before the whole file came\n"
    )
    assert installed_state(installed) == before
    assert not (installed / WORK).exists()
    route.cut = False
    assert games(installed, "update", "gaslands", url=url)[0] == 0
    assert installed_state(installed) != before


def test_a_slow_server_times_out(tmp_path: Path, gallery: GalleryServer) -> None:
    url = gallery.publish()
    gallery.routes["/gallery.json"].delay = 1.5
    code, out, err = games(tmp_path, "available", "--timeout", "0.2", url=url)
    assert (code, out) == (2, "")
    assert err == f"could not download {url}: the server did not answer within 0.2 seconds\n"


def test_a_wrong_hash_is_refused_and_nothing_is_installed(
    tmp_path: Path, gallery: GalleryServer
) -> None:
    url = gallery.publish()
    package = json.loads(gallery.routes["/gaslands/catpkg.json"].body)
    package["repositoryFiles"][0]["sourceSha256"] = "A" * 64
    gallery.serve("gaslands/catpkg.json", json.dumps(package))
    code, out, err = games(tmp_path, "install", "gaslands", url=url)
    assert (code, out) == (2, "")
    assert "is not the file the package lists: its SHA-256 is " in err
    assert f"not {'A' * 64} (changed or damaged on the way); nothing was changed" in err
    assert list(tmp_path.iterdir()) == []


def test_a_zip_bomb_is_refused(tmp_path: Path, gallery: GalleryServer) -> None:
    url = gallery.publish()
    gallery.serve("gaslands/v1.0.0/Gaslands.gstz", zipped("Gaslands.gst", b" " * 40_000_001))
    code, out, err = games(tmp_path, "install", "gaslands", url=url)
    assert (code, out) == (2, "")
    assert err.endswith(": it inflates to over 40,000,000 bytes, the most warband reads\n")
    assert err.count("\n") == 1
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("endless", [False, True], ids=["said-length", "no-length"])
def test_a_file_over_the_cap_is_refused(
    tmp_path: Path, gallery: GalleryServer, monkeypatch: pytest.MonkeyPatch, endless: bool
) -> None:
    monkeypatch.setattr(gallery_module, "MAX_FILE_BYTES", 4_000)
    url = gallery.publish()
    gallery.routes["/gaslands/v1.0.0/Gaslands.gstz"].endless = endless
    code, out, err = games(tmp_path, "install", "gaslands", url=url)
    assert (code, out) == (2, "")
    said = "it is over the 4,000 bytes" if endless else "bytes, over the 4,000"  # its length
    assert said in err and err.endswith(" warband downloads\n"), err
    assert list(tmp_path.iterdir()) == []


def test_a_gallery_that_is_not_json_is_one_sentence(tmp_path: Path, gallery: GalleryServer) -> None:
    url = gallery.serve("gallery.json", "<html>Not here</html>")
    code, out, err = games(tmp_path, "available", url=url)
    assert (code, out) == (2, "")
    assert err == (f"cannot use the gallery at {url}: not well-formed JSON (Expecting value)\n")
    other = gallery.serve("list.json", "[1, 2]")
    assert games(tmp_path, "available", url=other) == (
        2,
        "",
        f"cannot use the gallery at {other}: it is not a JSON object; check the gallery's "
        "address (--gallery or WARBAND_GALLERY_URL)\n",
    )


def test_data_that_would_not_load_is_refused_before_anything_is_replaced(
    installed: Path, gallery: GalleryServer
) -> None:
    before = installed_state(installed)

    def broken(name: str, text: str) -> str:
        return text.replace("<costTypes>", "<costTypes><oops>", 1) if name.endswith("gst") else text

    url = gallery.publish("v2.0.0", edit=broken)
    code, _, err = games(installed, "update", url=url)
    assert code == 2
    assert err.splitlines()[0] == "the data of gaslands v2.0.0 cannot be used; nothing was changed"
    assert "Gaslands.gstz" in err
    assert installed_state(installed) == before


def test_offline_is_one_sentence(tmp_path: Path) -> None:
    code, out, err = run("--catalog-dir", str(tmp_path), "games", "available")
    assert (code, out) == (2, "")
    assert err == (
        "could not download http://127.0.0.1:9/no-gallery-in-tests.json: the server refused "
        "the connection\n"
    )


def test_plain_http_is_refused_but_on_this_machine(tmp_path: Path, gallery: GalleryServer) -> None:
    code, _, err = games(tmp_path, "available", url="http://example.com/gallery.json")
    assert code == 2
    assert "plain http://, which warband uses only on this machine: use https://" in err
    moved = gallery.serve("moved.json", "", status=302, location="http://example.com/g.json")
    code, _, err = games(tmp_path, "available", url=moved)
    assert code == 2 and "it redirects to http://example.com/g.json" in err
    gallery.publish()
    there = gallery.serve("there.json", "", status=302, location=gallery.url("gallery.json"))
    assert games(tmp_path, "available", url=there)[0] == 0


def test_a_players_own_folder_is_not_replaced_without_force(
    tmp_path: Path, gallery: GalleryServer
) -> None:
    own = tmp_path / "gaslands"
    own.mkdir()
    (own / "mine.txt").write_text("mine")
    url = gallery.publish()
    code, _, err = games(tmp_path, "install", "gaslands", url=url)
    assert code == 2 and "it holds a game that was not installed from the gallery" in err
    assert (own / "mine.txt").read_text() == "mine"
    assert games(tmp_path, "remove", "gaslands")[0] == 1
    assert own.exists()
    assert games(tmp_path, "install", "gaslands", "--force", url=url)[0] == 0
    assert not (own / "mine.txt").exists()


def test_remove_and_unknown_names(installed: Path, gallery: GalleryServer) -> None:
    url = gallery.url("gallery.json")
    code, out, _ = games(installed, "install", "gasland", url=url)
    assert (code, out) == (
        1,
        "no game named 'gasland' in BSData Gallery; did you mean 'gaslands'?\n",
    )
    assert games(installed, "update", "zone-raiders", url=url)[0] == 1
    assert games(installed, "available", "warhammer", url=url)[:2] == (
        1,
        "no game in BSData Gallery matches 'warhammer'\n",
    )
    assert games(installed, "remove", "gaslands") == (
        0,
        f"removed Gaslands v1.0.0 ({installed / 'gaslands'})\n",
        "",
    )
    assert list(installed.iterdir()) == []
    assert games(installed, "update", url=url)[0] == 1


def test_gallery_text_reaches_the_terminal_without_controls(
    tmp_path: Path, gallery: GalleryServer
) -> None:
    odd = {
        "name": "odd",
        "description": "Odd\x1b]0;pwned\x07 Game\u202e",
        "version": "v1.0.0",
        "repositoryUrl": gallery.url("odd/catpkg.json"),
    }
    url = gallery.publish(extra_games=(odd, {"name": "../evil", "repositoryUrl": "https://x/y"}))
    code, out, _ = games(tmp_path, "available", url=url)
    assert code == 0
    assert "odd: Odd]0;pwned Game (v1.0.0)" in out.splitlines()
    assert "\x1b" not in out and "\x07" not in out and "\u202e" not in out
    assert "note: " in out and "name '../evil' is not a name warband gives a folder" in out


def test_a_game_over_the_cap_of_a_game_is_refused(
    tmp_path: Path, gallery: GalleryServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(gallery_module, "MAX_GAME_BYTES", 2_000)  # each file is over 1 KB
    code, out, err = games(tmp_path, "install", "gaslands", url=gallery.publish())
    assert (code, out) == (2, "")
    assert err.endswith(
        "Gaslands.gstz: the files of gaslands come to over the 2,000 bytes warband downloads "
        "for one game\n"
    )
    assert list(tmp_path.iterdir()) == []


def test_the_gallery_given_before_the_command_is_the_one_read(
    tmp_path: Path, gallery: GalleryServer
) -> None:
    """``warband --gallery URL games ...``, the form the app takes too, reads that gallery
    (the tests' ``WARBAND_GALLERY_URL`` is a closed port); one given after ``games`` wins."""
    folder = tmp_path / "games"
    url = gallery.publish()
    code, out, err = run("--catalog-dir", str(folder), "--gallery", url, "games", "available")
    assert (code, err) == (0, "")
    assert "gaslands" in out
    closed = "http://127.0.0.1:9/none.json"
    code, out, _ = run(
        "--catalog-dir", str(folder), "--gallery", closed, "games", "available", "--gallery", url
    )
    assert code == 0 and "gaslands" in out
