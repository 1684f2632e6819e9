"""Every edit of a list over BattleScribe data from the command line, on a small game
written here: ``count``, ``duplicate``, ``rename`` (and ``--notes``), ``limit``,
``add-force --in``, ``add --id`` or a path where two entries share a name, and ``add`` of
an entry the data hides (selected, as BattleScribe selects it, and reported). Each with
the input it refuses: exit 2, a message naming the place and the fix, the file as it was.

Costs by hand: a Squad is 50 pts and holds a Gun of 5 pts; a Hero is 20 pts; the hidden
Secret is 6 pts. An Army holds Wings (a kind of force nested in it), each of which must
hold a Hero (``min 1`` per force).
"""

from __future__ import annotations

import io
import tomllib
from pathlib import Path
from typing import Any

import pytest

from tests.model.bsdata.xml_fixtures import cat, constraint, cost, entry, gst
from tui.cli import main

FORCES = (
    '<categoryEntries><categoryEntry id="hq" name="HQ"/><categoryEntry id="troops" '
    'name="Troops"/><categoryEntry id="troops2" name="Troops"/></categoryEntries>'
    '<forceEntries><forceEntry id="army" name="Army"><forceEntries>'
    '<forceEntry id="wing" name="Wing"/><forceEntry id="flank" name="Flank"/>'
    '</forceEntries><categoryLinks><categoryLink id="l-hq" targetId="hq"/>'
    '<categoryLink id="l-tr" targetId="troops"/><categoryLink id="l-tr2" targetId="troops2"/>'
    "</categoryLinks></forceEntry></forceEntries>"
)
"""An Army (linking HQ and two categories named Troops) holding Wings and Flanks."""


def _group(gid: str, name: str, inner: str) -> str:
    return entry(
        gid, name, f"<selectionEntries>{inner}</selectionEntries>", tag="selectionEntryGroup"
    )


HERO = entry(
    "hero",
    "Hero",
    cost(20)
    + constraint("hero-min", "min", 1, scope="force")
    + "<selectionEntryGroups>"
    + _group("melee", "Melee", entry("sw1", "Sword", cost(2)))
    + _group("relics", "Relics", entry("sw2", "Sword", cost(7)))
    + "</selectionEntryGroups>",
    kind="model",
)
SQUAD = entry(
    "squad",
    "Squad",
    cost(50) + f"<selectionEntries>{entry('gun', 'Gun', cost(5))}</selectionEntries>",
    kind="unit",
)
SECRET = entry(
    "secret",
    "Secret",
    cost(6) + '<categoryLinks><categoryLink id="s" targetId="hq" primary="true"/></categoryLinks>',
).replace('name="Secret"', 'name="Secret" hidden="true"')
"""Hidden, and listed under the Army's category HQ: so BattleScribe reports it at the
force's top (``SEMANTICS.md`` rule 24)."""


def run(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = main(list(argv), out=out, err=err)
    return code, out.getvalue(), err.getvalue()


@pytest.fixture
def game(tmp_path: Path) -> Path:
    """A catalog folder holding the game ``mini``."""
    folder = tmp_path / "games" / "mini"
    folder.mkdir(parents=True)
    (folder / "mini.gst").write_text(gst(FORCES))
    (folder / "mini.cat").write_text(
        cat(f"<selectionEntries>{HERO}{SQUAD}{SECRET}</selectionEntries>", name="Faction")
    )
    return tmp_path / "games"


@pytest.fixture
def listed(game: Path, tmp_path: Path) -> Path:
    """A new Army list, limited to 100 pts, holding its Hero and a Squad with a Gun."""
    path = tmp_path / "army.toml"
    code, _, err = run("--catalog-dir", str(game), "new", "mini", "Faction", "--points", "100",
                       "-o", str(path))  # fmt: skip
    assert (code, err) == (0, "")
    assert run("--catalog-dir", str(game), "add", str(path), "Squad")[0] == 0
    assert run("--catalog-dir", str(game), "add", str(path), "Gun", "--into", "Squad")[0] == 0
    return path


def edit(game: Path, *argv: str) -> tuple[int, str, str]:
    return run("--catalog-dir", str(game), *argv)


def forces(path: Path) -> Any:
    """The list file's forces, as TOML reads them."""
    return tomllib.loads(path.read_text())["forces"]


def refused(game: Path, path: Path, *argv: str) -> str:
    """The message of an edit refused with exit 2, the file left as it was."""
    before = path.read_bytes()
    code, out, err = edit(game, *argv)
    assert (code, out) == (2, "")
    assert path.read_bytes() == before
    return err


def test_count_sets_how_many_of_a_selection(game: Path, listed: Path) -> None:
    """Three Squads: 20 + 3 * 50 + 5 = 175 pts, over the 100 limit (exit 1)."""
    code, out, _ = edit(game, "count", str(listed), "Squad", "3")
    assert code == 1
    assert out.splitlines()[1] == "175/100 pts: NOT VALID (1 error)"
    squad = forces(listed)[0]["selections"][1]
    assert (squad["name"], squad["number"]) == ("Squad", 3)


def test_count_refuses_no_count_or_too_many_or_no_such_selection(game: Path, listed: Path) -> None:
    err = refused(game, listed, "count", str(listed), "Squad", "0")
    assert "a count is 1 to 1,000,000, got 0" in err
    assert "warband remove LIST SELECTION" in err
    assert "got 1,000,001" in refused(game, listed, "count", str(listed), "Squad", "1000001")
    err = refused(game, listed, "count", str(listed), "Tank", "2")
    assert "no selection 'Tank' in the list" in err
    assert "warband show LIST" in err


def test_duplicate_copies_a_selection_with_what_it_holds(game: Path, listed: Path) -> None:
    """A second Squad with its own Gun, right after the first: 20 + 2 * 55 = 130 pts."""
    code, out, _ = edit(game, "duplicate", str(listed), "Squad")
    lines = out.splitlines()
    assert lines[0].startswith("copied Squad (s")
    assert lines[2] == "130/100 pts: NOT VALID (1 error)"
    assert code == 1
    top = forces(listed)[0]["selections"]
    assert [s["name"] for s in top] == ["Hero", "Squad", "Squad"]
    first, copy = top[1], top[2]
    assert copy["id"] == lines[0].rsplit(" ", 1)[1]
    assert [g["name"] for g in copy["selections"]] == ["Gun"]
    assert copy["selections"][0]["id"] != first["selections"][0]["id"]


def test_duplicate_of_a_name_two_share_asks_for_the_id(game: Path, listed: Path) -> None:
    assert edit(game, "duplicate", str(listed), "Squad")[0] == 1
    err = refused(game, listed, "duplicate", str(listed), "Gun")
    assert "'Gun' names 2 selections" in err
    assert "give the selection's id instead" in err


def test_rename_gives_a_selection_or_a_force_its_own_name_and_notes(
    game: Path, listed: Path
) -> None:
    assert edit(game, "rename", str(listed), "Squad", "Red Five", "--notes", "paint\nit")[0] == 0
    squad = forces(listed)[0]["selections"][1]
    assert (squad["name"], squad["custom_name"], squad["note"]) == (
        "Squad",
        "Red Five",
        "paint\nit",
    )
    assert edit(game, "rename", str(listed), "red five", "--notes", "")[0] == 0
    squad = forces(listed)[0]["selections"][1]
    assert (squad["custom_name"], "note" in squad) == ("Red Five", False)
    assert edit(game, "rename", str(listed), "Army", "First\x1b[31m Army")[0] == 0
    assert forces(listed)[0]["custom_name"] == "First[31m Army"
    assert edit(game, "rename", str(listed), "First[31m Army", "")[0] == 0
    assert "custom_name" not in forces(listed)[0]


def test_rename_refuses_nothing_to_change_and_an_unknown_target(game: Path, listed: Path) -> None:
    err = refused(game, listed, "rename", str(listed), "Squad")
    assert "give a name, or notes with --notes" in err
    err = refused(game, listed, "rename", str(listed), "Nobody", "X")
    assert "no selection or force 'Nobody' in the list" in err
    err = refused(game, listed, "rename", str(listed), "Squad", "x" * 100_001)
    assert "a name is at most 100,000 characters" in err


def test_rename_category_names_a_forces_category_by_name_or_id(game: Path, listed: Path) -> None:
    """BattleScribe's Customise of a category: written in the list under the force, by
    the category's id, and taken away by "" as a force's name is."""
    code, out, _ = edit(game, "rename", str(listed), "Army", "Command", "--category", "hq")
    assert (code, out.splitlines()[1]) == (0, "75/100 pts: valid")
    assert forces(listed)[0]["categories"] == [{"entry_id": "hq", "custom_name": "Command"}]
    notes = ("--notes", "zone\nalpha")
    assert edit(game, "rename", str(listed), "Army", *notes, "--category", "command")[0] == 0
    assert forces(listed)[0]["categories"] == [
        {"entry_id": "hq", "custom_name": "Command", "note": "zone\nalpha"}
    ]
    assert edit(game, "rename", str(listed), "Army", "Odds", "--category", "uncategorised")[0] == 0
    assert edit(game, "rename", str(listed), "Army", "", "--category", "HQ", "--notes", "")[0] == 0
    assert forces(listed)[0]["categories"] == [{"entry_id": "(No Category)", "custom_name": "Odds"}]
    assert "custom_name" not in forces(listed)[0]


def test_rename_category_refuses_what_the_force_has_not(game: Path, listed: Path) -> None:
    err = refused(game, listed, "rename", str(listed), "Army", "X", "--category", "Elite")
    assert "no category 'Elite' in Army" in err
    assert "its categories: Uncategorised, HQ, Troops, Troops" in err
    err = refused(game, listed, "rename", str(listed), "Army", "X", "--category", "TROOPS")
    assert "'TROOPS' names 2 categories of Army" in err
    assert "troops2 (Troops)" in err
    assert edit(game, "rename", str(listed), "Army", "X", "--category", "troops")[0] == 0
    assert forces(listed)[0]["categories"] == [{"entry_id": "troops", "custom_name": "X"}]
    err = refused(game, listed, "rename", str(listed), "Squad", "X", "--category", "hq")
    assert "'Squad' is a selection, not a force" in err


def test_limit_sets_removes_and_lists_a_lists_limits(game: Path, listed: Path) -> None:
    code, out, _ = edit(game, "limit", str(listed))
    assert (code, out) == (0, "limits of Faction:\n  pts  100\n")
    code, out, _ = edit(game, "limit", str(listed), "PTS", "60.5")
    assert (code, out.splitlines()[1]) == (1, "75/60.5 pts: NOT VALID (1 error)")
    code, out, _ = edit(game, "limit", str(listed), "pts", "none")
    assert (code, out.splitlines()[1]) == (0, "75 pts: valid")
    assert tomllib.loads(listed.read_text())["cost_limits"] == [
        {"type_id": "pts", "name": "pts", "value": -1}
    ]
    assert edit(game, "limit", str(listed))[1] == "limits of Faction:\n  pts  none\n"


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        (("points", "5"), "Test Game has no cost 'points'"),
        (("pts",), "what limit of pts?"),
        (("pts", "-5"), "'-5' is not a limit"),
        (("pts", "lots"), "'lots' is not a limit"),
        (("pts", "nan"), "'nan' is not a limit"),
        (("pts", "2e9"), "a limit is a number from 0 to 1,000,000,000"),
    ],
)
def test_limit_refuses_what_is_no_cost_or_no_limit(
    game: Path, listed: Path, argv: tuple[str, ...], said: str
) -> None:
    assert said in refused(game, listed, "limit", str(listed), *argv)


def test_add_force_in_a_force_adds_a_kind_it_holds(game: Path, listed: Path) -> None:
    """The Army holds a Flank and a Wing; a Wing added in it holds its own Hero (20 pts),
    and a Flank added after it comes before it, as BattleScribe orders them by name."""
    code, out, _ = edit(game, "add-force", str(listed), "--in", "Army")
    assert (code, out) == (0, "forces Army can hold:\n  Wing\n  Flank\n")
    code, out, _ = edit(game, "add-force", str(listed), "wing", "--in", "army")
    assert (code, out.splitlines()[1]) == (0, "95/100 pts: valid")
    assert edit(game, "add-force", str(listed), "Flank", "--in", "Army")[0] == 1
    (army,) = forces(listed)
    inner = army["forces"]
    assert [(f["name"], f["entry_id"]) for f in inner] == [
        ("Flank", "flank"),
        ("Wing", "wing"),
    ]
    assert [s["name"] for s in inner[1]["selections"]] == ["Hero"]


def test_add_force_in_refuses_a_kind_it_does_not_hold(game: Path, listed: Path) -> None:
    assert edit(game, "add-force", str(listed), "Wing", "--in", "Army")[0] == 0
    err = refused(game, listed, "add-force", str(listed), "Army", "--in", "Army")
    assert "cannot add a force 'Army' in Army" in err
    assert "kinds: Wing, Flank" in err
    code, out, _ = edit(game, "add-force", str(listed), "--in", "Wing")
    assert (code, out) == (0, "Wing holds no other force\n")
    err = refused(game, listed, "add-force", str(listed), "Wing", "--in", "Wing")
    assert "Wing holds no other force" in err
    assert "no force 'Nowhere' in the list" in refused(
        game, listed, "add-force", str(listed), "Wing", "--in", "Nowhere"
    )


def test_two_entries_of_one_name_are_told_apart_by_path_or_id(game: Path, listed: Path) -> None:
    """The Hero's two Swords: the listing gives each its id, the name alone is refused
    with both paths, and a path or an id adds the one meant."""
    code, out, _ = edit(game, "add", str(listed), "--into", "Hero")
    assert code == 0
    assert out.splitlines() == [
        "what can be added to Hero:",
        "  Melee:",
        "    Sword  upgrade 2 pts  (--id sw1)",
        "  Relics:",
        "    Sword  upgrade 7 pts  (--id sw2)",
    ]
    err = refused(game, listed, "add", str(listed), "Sword", "--into", "Hero")
    assert "'Sword' is 2 choices in Hero" in err
    assert "Melee/Sword (--id sw1), Relics/Sword (--id sw2)" in err
    assert "give its path (Group/Name)" in err
    code, out, _ = edit(game, "add", str(listed), "relics/sword", "--into", "Hero")
    assert (code, out.splitlines()[1]) == (0, "82/100 pts: valid")
    code, out, _ = edit(game, "add", str(listed), "--id", "sw1", "--into", "Hero")
    assert (code, out.splitlines()[1]) == (0, "84/100 pts: valid")
    hero = forces(listed)[0]["selections"][0]
    assert [(s["entry_id"], s["entry_group_id"]) for s in hero["selections"]] == [
        ("sw2", "relics"),
        ("sw1", "melee"),
    ]


def test_add_by_id_refuses_an_unknown_id_and_a_name_with_it(game: Path, listed: Path) -> None:
    err = refused(game, listed, "add", str(listed), "--id", "nope", "--into", "Hero")
    assert "cannot add 'nope' to Hero" in err
    err = refused(game, listed, "add", str(listed), "Sword", "--id", "sw1")
    assert "name the entry, or give its id with --id, not both" in err


def test_a_hidden_entry_is_added_and_reported(game: Path, listed: Path) -> None:
    """The Secret is hidden: the listing counts it and leaves it out, and added by name
    it is selected, as BattleScribe selects it, and reported (exit 1)."""
    code, out, _ = edit(game, "add", str(listed))
    assert code == 0
    assert "Secret" not in out
    assert out.splitlines()[-1] == (
        "(1 more hidden there: add takes one by its name or id, and the list reports it "
        "where BattleScribe does)"
    )
    code, out, _ = edit(game, "add", str(listed), "secret")
    assert code == 1
    assert out.splitlines() == [
        "Secret is not offered in Army (hidden there): added as BattleScribe adds it, "
        "and reported where BattleScribe reports it",
        "Faction: Faction, Test Game (BattleScribe data, revision 1)",
        "81/100 pts: NOT VALID (1 error)",
        "  error [bs-hidden] Secret may not be taken here now (the data hides it): remove it",
    ]


@pytest.mark.parametrize(
    "argv",
    [
        ("count", "Squad", "2"),
        ("duplicate", "Squad"),
        ("rename", "Squad", "X"),
        ("limit", "pts", "5"),
    ],
)
def test_the_edits_take_only_lists_over_battlescribe_data(
    tmp_path: Path, argv: tuple[str, ...]
) -> None:
    """Warband's own lists are edited in the app; each command says so, exit 2."""
    path = tmp_path / "own.toml"
    assert run("new", "punkapocalyptic", "gangers", "-o", str(path))[0] == 0
    before = path.read_bytes()
    code, _, err = run(argv[0], str(path), *argv[1:])
    assert code == 2
    assert "warband open" in err
    assert path.read_bytes() == before


def test_add_to_a_force_whose_name_two_share_asks_for_its_id(game: Path, listed: Path) -> None:
    """Two Wings in the Army: ``--force-name Wing`` could be either, so it is refused as
    ``remove --force-name`` and ``add-force --in`` refuse it, never the first taken."""
    for _ in range(2):
        assert edit(game, "add-force", str(listed), "Wing", "--in", "Army")[0] in (0, 1)
    err = refused(game, listed, "add", str(listed), "Hero", "--force-name", "wing")
    assert "'wing' names 2 forces" in err
    assert "give the force's id instead" in err
    wing = forces(listed)[0]["forces"][1]
    assert edit(game, "add", str(listed), "Secret", "--force-name", wing["id"])[0] in (0, 1)
    assert [s["name"] for s in forces(listed)[0]["forces"][1]["selections"]] == [
        "Hero",
        "Secret",
    ]


def test_an_empty_name_names_nothing_a_player_has_not_named(game: Path, listed: Path) -> None:
    """A custom name of "" is none: it names nothing a player has not named. History: ``''``
    named every selection not renamed (and every category), and asked which of them was
    meant."""
    err = refused(game, listed, "count", str(listed), "", "2")
    assert "no selection '' in the list" in err
    err = refused(game, listed, "rename", str(listed), "Army", "X", "--category", "")
    assert "no category '' in Army" in err
    assert edit(game, "rename", str(listed), "Hero", "Boss")[0] == 0
    assert edit(game, "rename", str(listed), "Gun", "Boss")[0] == 0
    err = refused(game, listed, "rename", str(listed), "boss", "X")
    assert "'boss' names 2 selections or forces" in err


@pytest.mark.parametrize(
    "command", ["add", "add-force", "remove", "count", "duplicate", "rename", "limit"]
)
def test_each_edits_help_says_what_it_does_its_exits_and_an_example(
    command: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """``warband count --help`` alone must tell a player what the command does, what
    becomes of the file and what its exit codes mean, with an example to copy."""
    with pytest.raises(SystemExit) as exited:
        main([command, "--help"])
    assert exited.value.code == 0
    shown = " ".join(capsys.readouterr().out.split())
    assert "over BattleScribe data" in shown or "(BattleScribe data)" in shown
    assert "Exit 0: the list is valid; 1: it breaks a rule" in shown
    assert "2: the edit cannot be made (the file is left as it was)" in shown
    assert f"example: warband {command} army.toml" in shown
