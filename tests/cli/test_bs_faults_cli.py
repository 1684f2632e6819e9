"""Faults in BattleScribe data from the command line (``model/bsdata/SEMANTICS.md``,
"Faults in the data"): ``catalogs --check`` exits 0 with warnings only, 1 with errors
that leave the game usable, 2 when nothing can be built; ``catalogs`` lists a game with
errors as usable; a list is made, shown, checked and exported over it, told of the
fault it uses; and a folder holding two catalogues with one id (as BSData's Blood Bowl
does, a team beside its placeholder "not yet implemented") loads, keeping the team.

The games are written at test time (``tests/model/bsdata/test_faults.py``'s small game,
one fault each).
"""

from __future__ import annotations

import io
import json
from pathlib import Path

from tests.model.bsdata.test_faults import CASES, write_game
from tui.cli import main


def run(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = main(list(argv), out=out, err=err)
    return code, out.getvalue(), err.getvalue()


def test_check_exits_0_with_warnings_1_with_errors_2_when_nothing_can_be_built(
    tmp_path: Path,
) -> None:
    warned = write_game(tmp_path / "warned", CASES["a category link to an entry"])
    code, out, err = run("catalogs", "--check", str(warned))
    assert (code, err) == (0, "")
    lines = out.splitlines()
    assert lines[0].startswith('warning: faction.cat: selectionEntry "Boss"/categoryLink "Car"')
    assert lines[1].startswith(f"{warned}: no problems: Test Game (revision 1), ")
    assert lines[1].endswith("; 1 warning")

    erred = write_game(tmp_path / "erred", CASES["a cost that is not a number"])
    code, out, err = run("catalogs", "--check", str(erred))
    assert (code, err) == (1, "")
    lines = out.splitlines()
    assert lines[0].startswith(
        'error: faction.cat: selectionEntry "Boss"/cost "pts": value is "lots"'
    )
    assert lines[1].startswith(f"{erred}: usable, with 1 error: Test Game (revision 1), ")

    (erred / "test.gst").write_text("<gameSystem", encoding="utf-8")
    code, out, err = run("catalogs", "--check", str(erred))
    assert (code, err) == (2, "")
    lines = out.splitlines()
    assert lines[0].startswith("unreadable: test.gst:")
    assert lines[-1] == f"{erred}: cannot be read: 3 problems"  # the catalogue's error too


def test_a_game_with_errors_is_listed_built_shown_and_exported(tmp_path: Path) -> None:
    """The Boss's cost is no number (read as 0): the game is listed and opens, a list of a
    Boss is made and costs 0, and every sheet of it says the cost may be incomplete and
    why (file and place)."""
    games = tmp_path / "games"
    write_game(games / "faulty", CASES["a cost that is not a number"])
    code, out, err = run("--catalog-dir", str(games), "catalogs")
    assert (code, err) == (0, "")
    assert (
        f"faulty: Test Game (revision 1, BattleScribe data, user; 1 error: warband catalogs "
        f"--check {games / 'faulty'})"
    ) in out.splitlines()
    code, out, err = run("--catalog-dir", str(games), "catalogs", "faulty")
    assert (code, err) == (0, "")
    assert "  Faction: faction.cat, revision 1, id cat" in out.splitlines()

    path = tmp_path / "boss.toml"
    code, _, err = run("--catalog-dir", str(games), "new", "faulty", "Faction", "-o", str(path))
    assert (code, err) == (0, "")
    code, out, err = run("--catalog-dir", str(games), "add", str(path), "Boss")
    assert (code, err) == (0, "")
    fault = 'faction.cat: selectionEntry "Boss"/cost "pts": value is "lots"'
    for argv in (("show", str(path)), ("validate", str(path))):
        code, out, err = run("--catalog-dir", str(games), *argv)
        assert (code, err) == (0, ""), argv
        assert "Boss uses data with a fault, so its cost and findings may be incomplete" in out
        assert fault in out
    code, out, err = run("--catalog-dir", str(games), "validate", "--json", str(path))
    assert (code, err) == (0, "")
    told = [f for f in json.loads(out)["findings"] if f["code"] == "bs-data-fault"]
    assert [f["severity"] for f in told] == ["warning"]
    for kind in ("text", "markdown", "json", "html", "ros"):
        code, out, err = run("--catalog-dir", str(games), "export", str(path), "--format", kind)
        assert (code, err) == (0, ""), kind
        assert "Boss" in out, kind
        assert "Traceback" not in out


def test_two_catalogues_with_one_id_keep_the_team_not_its_placeholder(tmp_path: Path) -> None:
    """Blood Bowl's case: "Team - Lizardmen (not yet implemented).cat", empty, beside
    "Team - Lizardmen.cat", both of one id and revision. The placeholder's name comes
    first, but the team holds more entries: it is kept, a warning names both and why,
    and a list of it is made."""
    folder = tmp_path / "games" / "bowl"
    write_game(folder, CASES["an info link of the wrong kind"])
    team = (folder / "faction.cat").read_text(encoding="utf-8")
    (folder / "faction.cat").unlink()
    (folder / "Team - Lizardmen.cat").write_text(
        team.replace('name="Faction"', 'name="Lizardmen"'), encoding="utf-8"
    )
    (folder / "Team - Lizardmen (not yet implemented).cat").write_text(
        '<catalogue id="cat" name="Lizardmen (not yet implemented)" revision="1" '
        'battleScribeVersion="2.03" gameSystemId="gs" gameSystemRevision="1" '
        'xmlns="http://www.battlescribe.net/schema/catalogueSchema"/>',
        encoding="utf-8",
    )
    code, out, err = run("catalogs", "--check", str(folder))
    assert (code, err) == (0, "")
    assert out.splitlines()[0] == (
        'warning: Team - Lizardmen (not yet implemented).cat: has the id "cat" of Team - '
        'Lizardmen.cat ("Lizardmen"), so it is not used: Team - Lizardmen.cat is kept, as '
        "both are revision 1, and it holds more entries (2 to 0); keep one copy of each "
        "catalogue in the folder (or give this one an id of its own)"
    )
    games = str(tmp_path / "games")
    code, out, err = run("--catalog-dir", games, "catalogs", "bowl")
    assert (code, err) == (0, "")
    assert [line for line in out.splitlines() if "Lizardmen" in line] == [
        "  Lizardmen: Team - Lizardmen.cat, revision 1, id cat"
    ]
    path = tmp_path / "team.toml"
    assert run("--catalog-dir", games, "new", "bowl", "Lizardmen", "-o", str(path))[0] == 0
    assert run("--catalog-dir", games, "add", str(path), "Boss")[0] == 0


def test_check_of_a_folder_holding_no_catalog_is_unreadable(tmp_path: Path) -> None:
    """Neither a catalog (no ``system.toml``) nor BattleScribe data: nothing to read as
    one, so exit 2 (unreadable), the folder named, as for BattleScribe data with no game
    system; a catalog with problems exits 1."""
    empty = tmp_path / "notes"
    empty.mkdir()
    (empty / "README.md").write_text("not a game\n", encoding="utf-8")
    code, out, err = run("catalogs", "--check", str(empty))
    assert (code, err) == (2, "")
    assert out.splitlines()[0] == f"{empty} is not a catalog folder"
