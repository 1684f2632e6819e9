"""BattleScribe data built to be slow by its size, under the size caps: run as a user would,
each command in a process of its own under limits of memory and CPU time, so a command that
went quadratic fails the test instead of holding the machine.

- A catalogue of 200,000 ``append`` modifiers on one entry's name (13 MB, under the 40
  MB cap): each append copied the name the ones before had grown, so every evaluation
  took a minute; now a name is cut at ``MAX_NAME`` characters and each append costs
  the same (``model.bsdata.modifiers``).
- A catalog folder of 2,000 small game folders: ``catalogs`` loaded every one to list
  it, and ``import`` every one to find the roster's game. Now a game is listed from
  the root elements of its files, the roster's game found by its ``.gst``'s id, and
  only the first ``MAX_GAME_FOLDERS`` folders are read, with a note saying so.
- A game of 10,000 catalogues: refused, naming the limit of files in one game
  (``catalogs.folder_limits``), before any file is read.
Counted, not timed, where it can be: the full loader (``check_battlescribe``) is
counted as it is called.

The files are made at test time in ``tmp_path`` (a 13 MB file is not kept in the
repository).

History: issue 31.
"""

from __future__ import annotations

import io
import subprocess
import sys
from collections.abc import Iterator, Sequence
from pathlib import Path

import pytest

import catalogs.bsdata
import catalogs.library
from catalogs.bsdata import BsCheck
from catalogs.folder_limits import MAX_GAME_FILES, MAX_GAME_FOLDERS
from model.bsdata.modifiers import CUT, MAX_NAME
from model.parse.xml_guard import XmlRefused
from model.parse.xml_head import MAX_HEAD_BYTES, read_head
from tests.conftest import ROOT
from tui.cli import main

_LIMITED = """
import resource, sys
resource.setrlimit(resource.RLIMIT_AS, (1024 * 2**20, 1024 * 2**20))
resource.setrlimit(resource.RLIMIT_CPU, ({cpu}, {cpu}))
from tui.cli import main
sys.exit(main(sys.argv[1:]))
"""


def limited(*argv: str, cpu: int = 30) -> subprocess.CompletedProcess[str]:
    """``warband ARGV`` in a process of 1 GB of address space and ``cpu`` seconds of CPU
    time (a process over it is killed: no exit code the test accepts)."""
    return subprocess.run(
        [sys.executable, "-c", _LIMITED.format(cpu=cpu), *argv],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=cpu * 4,
    )


GST = (
    '<gameSystem id="gs" name="Test Game" revision="1" battleScribeVersion="2.03" '
    'xmlns="http://www.battlescribe.net/schema/gameSystemSchema">'
    '<costTypes><costType id="pts" name="pts" defaultCostLimit="-1"/></costTypes>'
    '<forceEntries><forceEntry id="team" name="Team"/></forceEntries></gameSystem>'
)


def _appending_game(folder: Path, appends: int) -> None:
    """A game whose one catalogue has a Unit with ``appends`` name appends."""
    folder.mkdir(parents=True)
    (folder / "test.gst").write_text(GST, encoding="utf-8")
    modifiers = '<modifier type="append" field="name" value="(a veteran of wars)"/>' * appends
    (folder / "test.cat").write_text(
        '<catalogue id="cat" name="Faction" revision="1" battleScribeVersion="2.03" '
        'gameSystemId="gs" gameSystemRevision="1" '
        'xmlns="http://www.battlescribe.net/schema/catalogueSchema"><selectionEntries>'
        '<selectionEntry id="unit" name="Unit" type="unit"><modifiers>'
        + modifiers
        + '</modifiers><costs><cost name="pts" typeId="pts" value="10"/></costs>'
        "</selectionEntry></selectionEntries></catalogue>",
        encoding="utf-8",
    )


ROS = (
    '<roster id="r" name="Vets" gameSystemId="gs" '
    'xmlns="http://www.battlescribe.net/schema/rosterSchema"><forces>'
    '<force id="f" name="Team" entryId="team" catalogueId="cat"><selections>'
    '<selection id="s" name="Unit" entryId="unit" number="1" type="unit"/>'
    "</selections></force></forces></roster>"
)


def test_200000_name_appends_are_read_and_shown_under_limits(tmp_path: Path) -> None:
    catalogs = tmp_path / "catalogs"
    _appending_game(catalogs / "vets", 200_000)
    assert (catalogs / "vets" / "test.cat").stat().st_size > 13_000_000
    ros, toml = tmp_path / "vets.ros", tmp_path / "vets.toml"
    ros.write_text(ROS, encoding="utf-8")
    done = limited("--catalog-dir", str(catalogs), "import", str(ros), "-o", str(toml))
    assert done.returncode == 0, done.stderr[-2000:]
    done = limited("--catalog-dir", str(catalogs), "show", str(toml))
    assert done.returncode == 0, done.stderr[-2000:]
    shown = next(line for line in done.stdout.splitlines() if line.startswith("1. Unit"))
    name = ("Unit" + " (a veteran of wars)" * 10)[: MAX_NAME - 1] + CUT
    assert shown.startswith(f"1. {name},"), shown


def _small_game(folder: Path, game: str, catalogues: int = 1) -> None:
    """A game system ``game`` (named "Game <game>") with ``catalogues`` small
    catalogues, each of one Unit of 10 pts."""
    folder.mkdir(parents=True)
    (folder / "game.gst").write_text(
        GST.replace('id="gs" name="Test Game"', f'id="{game}" name="Game {game}"'),
        encoding="utf-8",
    )
    for n in range(catalogues):
        (folder / f"c{n:05}.cat").write_text(
            f'<catalogue id="{game}-c{n}" name="Faction {n}" revision="1" '
            f'battleScribeVersion="2.03" gameSystemId="{game}" gameSystemRevision="1" '
            'xmlns="http://www.battlescribe.net/schema/catalogueSchema"><selectionEntries>'
            '<selectionEntry id="unit" name="Unit" type="unit"><costs>'
            '<cost name="pts" typeId="pts" value="10"/></costs></selectionEntry>'
            "</selectionEntries></catalogue>",
            encoding="utf-8",
        )


def _roster_of(path: Path, game: str) -> Path:
    """A ``.ros`` of one Unit from the first catalogue of ``game``."""
    path.write_text(
        ROS.replace('gameSystemId="gs"', f'gameSystemId="{game}"').replace(
            'catalogueId="cat"', f'catalogueId="{game}-c0"'
        ),
        encoding="utf-8",
    )
    return path


def run(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = main(list(argv), out=out, err=err)
    return code, out.getvalue(), err.getvalue()


@pytest.fixture
def loads(monkeypatch: pytest.MonkeyPatch) -> list[Path]:
    """The folders the full loader reads (each file parsed whole, checked, indexed)."""
    folders: list[Path] = []
    full = catalogs.bsdata.check_battlescribe

    def counting(folder: Path, only: Sequence[Path] | None = None) -> BsCheck:
        folders.append(folder)
        return full(folder, only)

    monkeypatch.setattr(catalogs.bsdata, "check_battlescribe", counting)
    return folders


def test_catalogs_checks_each_game_once_then_lists_it_from_heads_and_the_cache(
    tmp_path: Path, loads: list[Path]
) -> None:
    """Its line counts the game's warnings, which needs the whole game checked: the first
    listing does it once a game and keeps the counts; the next loads none."""
    for n in range(30):
        _small_game(tmp_path / f"game{n:02}", f"g{n:02}", catalogues=2)
    assert run("--catalog-dir", str(tmp_path), "catalogs")[0] == 0
    assert sorted(loads) == sorted(tmp_path / f"game{n:02}" for n in range(30))
    loads.clear()
    code, out, err = run("--catalog-dir", str(tmp_path), "catalogs")
    assert (code, err) == (0, "")
    lines = out.splitlines()
    start = lines.index("game00: Game g00 (revision 1, BattleScribe data, user)")
    assert lines[start : start + 3] == [
        "game00: Game g00 (revision 1, BattleScribe data, user)",
        "  Faction 0 (c00000.cat)",
        "  Faction 1 (c00001.cat)",
    ]
    assert sum("BattleScribe data, user" in line for line in lines) == 30
    assert loads == []


def test_import_loads_only_the_game_of_the_roster(tmp_path: Path, loads: list[Path]) -> None:
    catalogs_dir = tmp_path / "catalogs"
    for n in range(30):
        _small_game(catalogs_dir / f"game{n:02}", f"g{n:02}")
    ros = _roster_of(tmp_path / "list.ros", "g17")
    code, out, _ = run(
        "--catalog-dir", str(catalogs_dir), "import", str(ros), "-o", str(tmp_path / "l.toml")
    )
    assert code == 0, out
    assert "10 pts: valid" in out
    assert loads == [catalogs_dir / "game17"]


def test_import_of_a_game_not_in_the_folder_loads_none(tmp_path: Path, loads: list[Path]) -> None:
    catalogs_dir = tmp_path / "catalogs"
    for n in range(5):
        _small_game(catalogs_dir / f"game{n}", f"g{n}")
    ros = _roster_of(tmp_path / "list.ros", "elsewhere")
    code, _, err = run(
        "--catalog-dir", str(catalogs_dir), "import", str(ros), "-o", str(tmp_path / "l.toml")
    )
    assert code == 2
    assert "no BattleScribe game system with the id 'elsewhere'" in err
    assert loads == []


def test_a_game_of_too_many_files_is_refused_naming_the_limit(
    tmp_path: Path, loads: list[Path], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Over ``MAX_GAME_FILES`` files: listed as unusable, refused by ``--check`` and by a
    command over one of its lists, each saying which limit, and no file parsed."""
    parsed: list[bytes] = []

    def parsing(data: bytes) -> XmlRefused:
        parsed.append(data)
        return XmlRefused("not to be parsed")

    monkeypatch.setattr(catalogs.bsdata, "parse_xml", parsing)
    catalogs_dir = tmp_path / "catalogs"
    _small_game(catalogs_dir / "many", "many", catalogues=MAX_GAME_FILES)
    said = f"holds {MAX_GAME_FILES + 1:,} BattleScribe files, over the {MAX_GAME_FILES:,}"
    code, out, _ = run("--catalog-dir", str(catalogs_dir), "catalogs")
    assert code == 0
    assert f"many (user, {catalogs_dir / 'many'}): BattleScribe data that cannot be used" in out
    code, out, _ = run("catalogs", "--check", str(catalogs_dir / "many"))
    assert code == 2
    assert said in out
    ros = _roster_of(tmp_path / "list.ros", "many")
    code, _, err = run(
        "--catalog-dir", str(catalogs_dir), "import", str(ros), "-o", str(tmp_path / "l.toml")
    )
    assert code == 2
    assert said in err
    assert parsed == []


def test_a_game_of_too_many_bytes_is_refused_naming_the_limit(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Over ``MAX_GAME_BYTES`` (lowered here to 2,000 bytes for a small folder)."""
    monkeypatch.setattr(catalogs.bsdata, "MAX_GAME_BYTES", 2_000)
    _small_game(tmp_path / "big", "big", catalogues=10)
    code, out, _ = run("catalogs", "--check", str(tmp_path / "big"))
    assert code == 2
    assert "bytes of BattleScribe files, over the 2,000 warband reads in one game" in out


def test_folders_past_the_limit_are_passed_over_with_a_note(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Over ``MAX_GAME_FOLDERS`` game folders (lowered here to 12): the first 12 by name
    are read, and ``catalogs`` says how many there were and what the limit is."""
    monkeypatch.setattr(catalogs.library, "MAX_GAME_FOLDERS", 12)
    for n in range(20):
        _small_game(tmp_path / f"game{n:02}", f"g{n:02}")
    code, out, _ = run("--catalog-dir", str(tmp_path), "catalogs")
    assert code == 0
    listed = [line.split(":")[0] for line in out.splitlines() if "BattleScribe data" in line]
    assert listed == [f"game{n:02}" for n in range(12)]
    assert out.splitlines()[-1] == (
        f"note: {tmp_path}: holds 20 folders, over the 12 game folders warband reads: only "
        "the first 12 by name are read; move the games you do not play out of the catalog "
        "folder"
    )


def test_catalogues_without_their_game_system_are_named_with_what_to_do(
    tmp_path: Path,
) -> None:
    """A folder of catalogues copied without the game system's file is not a game: the
    listing and a refused import say so and what to copy, instead of the game silently
    missing; a whole game beside it still lists."""
    _small_game(tmp_path / "whole", "gw")
    _small_game(tmp_path / "part", "gp")
    (tmp_path / "part" / "game.gst").unlink()
    (tmp_path / "notes").mkdir()
    (tmp_path / "notes" / "README.md").write_text("not a game\n")
    note = (
        f"note: {tmp_path / 'part'}: holds BattleScribe catalogues but no game system file, "
        "so warband cannot use them; copy the game system's file of the same release (its "
        ".gst, .gstz or .json) into this folder"
    )
    code, out, _ = run("--catalog-dir", str(tmp_path), "catalogs")
    assert code == 0
    assert "whole: Game gw" in out
    assert [line for line in out.splitlines() if line.startswith("note:")] == [note]
    roster = _roster_of(tmp_path / "list.ros", "gp")
    code, out, err = run(
        "--catalog-dir", str(tmp_path), "import", str(roster), "-o", str(tmp_path / "x.toml")
    )
    assert code == 2
    assert f"{tmp_path / 'part'}: holds BattleScribe catalogues but no game system" in out + err


def test_2000_game_folders_and_a_game_of_10000_catalogues_under_limits(
    tmp_path: Path,
) -> None:
    """The issue's folders, each command in a process under limits of memory and CPU."""
    catalogs_dir = tmp_path / "catalogs"
    for n in range(2_000):
        _small_game(catalogs_dir / f"game{n:04}", f"g{n:04}")
    _small_game(catalogs_dir / "game0001-many", "many", catalogues=10_000)
    done = limited("--catalog-dir", str(catalogs_dir), "catalogs", cpu=20)
    assert done.returncode == 0, done.stderr[-2000:]
    lines = done.stdout.splitlines()
    assert sum("BattleScribe data, user" in line for line in lines) == MAX_GAME_FOLDERS - 1
    assert any(line.startswith("game0001-many (user,") for line in lines)
    assert lines[-1].startswith(f"note: {catalogs_dir}: holds 2,001 folders, over the 1,000")
    ros = _roster_of(tmp_path / "list.ros", "g0500")
    toml = tmp_path / "list.toml"
    done = limited("--catalog-dir", str(catalogs_dir), "import", str(ros), "-o", str(toml), cpu=20)
    assert done.returncode == 0, done.stderr[-2000:]
    ros = _roster_of(tmp_path / "many.ros", "many")
    done = limited("--catalog-dir", str(catalogs_dir), "import", str(ros), "-o", str(toml), cpu=20)
    assert done.returncode == 2
    assert "holds 10,001 BattleScribe files, over the 500" in done.stderr
    ros = _roster_of(tmp_path / "late.ros", "g1999")
    done = limited("--catalog-dir", str(catalogs_dir), "import", str(ros), "-o", str(toml), cpu=20)
    assert done.returncode == 2
    assert "no BattleScribe game system with the id 'g1999'" in done.stderr
    assert "holds 2,001 folders, over the 1,000 game folders warband reads" in done.stderr


def test_a_head_is_read_no_further_than_the_root_start_tag() -> None:
    """The pieces after the one holding the root's start tag are never asked for."""

    def pieces() -> Iterator[bytes]:
        yield b'<?xml version="1.0" encoding="UTF-8"?>\n<gameSystem id="g" '
        yield b'name="G" revision="3" xmlns="http://x"><costTypes>'
        raise AssertionError("read past the root's start tag")

    root = read_head(pieces())
    assert not isinstance(root, XmlRefused)
    assert (root.tag, dict(root.attrib), len(root)) == (
        "{http://x}gameSystem",
        {"id": "g", "name": "G", "revision": "3"},
        0,
    )


def test_a_head_is_parsed_no_further_than_the_root_start_tag_within_a_piece() -> None:
    """Within the piece holding it too: what follows the root's start tag there is not
    parsed (a fault in it is the whole load's to report), and a ``>`` inside a comment
    or an attribute value before the tag's own end is read past."""
    data = b'<?xml version="1.0"?><!-- a > b --><g id="x>y" name="G"><costTypes></wrong>'
    root = read_head(iter([data]))
    assert not isinstance(root, XmlRefused)
    assert (root.tag, dict(root.attrib)) == ("g", {"id": "x>y", "name": "G"})


@pytest.mark.parametrize(
    ("data", "said"),
    [
        (b'<!DOCTYPE g [<!ENTITY x "y">]><g/>', "it declares a DTD or an entity"),
        (b'<?xml version="1.0" encoding="foo"?><g/>', "its encoding cannot be read"),
        (b'<?xml version="1.0" encoding="shift_jis"?><g/>', "its encoding cannot be read"),
        (b"\xff\xfe<\x00g\x00/\x00>\x00", "it is not UTF-8 text"),
        (b"<g a=1>", "not well-formed XML"),
        (b"<!-- x -->", "it ends before its root element starts"),
        (b" " * (MAX_HEAD_BYTES + 10) + b"<g/>", "its root element does not start in its"),
    ],
)
def test_a_head_that_cannot_be_read_is_refused_with_a_reason(data: bytes, said: str) -> None:
    refused = read_head(data[i : i + 4096] for i in range(0, len(data), 4096))
    assert isinstance(refused, XmlRefused)
    assert refused.message.startswith(said), refused.message
