"""``warband catalogs`` over BattleScribe data, run as a user would: the shared BSData
systems copied into a catalog folder (``--catalog-dir``) are listed by name among the
bundled TOML systems, a system's catalogues and forces, a catalogue's root entries with
their base costs, and ``--check`` of a folder: every problem with its file and place and
exit 1, a one-line summary and exit 0, exit 2 for a folder that cannot be read.

Values checked against the files by hand: Gaslands.cat links "Bike" to the game
system's entry b5d8-..., which costs 5.0 " Cans" and 0.0 " Build Slots" (a zero cost is
not shown); "Helicopter"'s target is ``hidden="true"``; "Sponsor" is a root entry of
Gaslands.gst, which every catalogue gets. Gaslands.gst and Gaslands.cat hold 1 + 16
root entries, 24 shared entries and 1 force entry between them.
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from pathlib import Path

import pytest

from catalogs import bsdata
from tests.catalogs.test_bsdata_loading import copy_system
from tests.model.bsdata.shared_data import SYSTEMS
from tui.cli import main


def run(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = main(list(argv), out=out, err=err)
    return code, out.getvalue(), err.getvalue()


def _all(tmp_path: Path) -> Path:
    for system in SYSTEMS:
        copy_system(system, tmp_path)
    return tmp_path


def test_catalogs_lists_each_battlescribe_system_with_its_factions(tmp_path: Path) -> None:
    code, out, err = run("--catalog-dir", str(_all(tmp_path)), "catalogs")
    assert (code, err) == (0, "")
    lines = out.splitlines()
    assert lines[0].startswith("punkapocalyptic: Punkapocalyptic")  # the bundled TOML first
    start = lines.index("gaslands: Gaslands (revision 25, BattleScribe data, user)")
    assert lines[start:] == [
        "gaslands: Gaslands (revision 25, BattleScribe data, user)",
        "  Gaslands (Gaslands.cat)",
        "punkapocalyptic-bsdata: Punkapocalyptic (by SergioTemp) (revision 41, BattleScribe "
        "data, user, folder punkapocalyptic)",
        "  Chatarreros (Chatarreros.ST.cat)",
        "  Hijos de la Sangre Negra (Hijos de la Sangre Negra.ST.cat)",
        "  Mutardos (Mutardos ST.cat)",
        "  Pandilleros (Pandilleros.ST.cat)",
        "  V Reich (V.Reich.ST.cat)",
        "zone-raiders: Zone Raiders (revision 6, BattleScribe data, user)",
        "  Atropics (Atropics.cat)",
        "  Exanthropes (Exanthropes.cat)",
        "  Morlocks (Morlocks.cat)",
        "  Nthgens (Nthgens.cat)",
        "  Reclaimers (Reclaimers.cat)",
        "  Technomads (Technomads.cat)",
        "  Zone Stalkers (Zone_Stalkers.cat)",
    ]


def test_a_system_lists_its_catalogues_and_forces(tmp_path: Path) -> None:
    copy_system("gaslands", tmp_path)
    code, out, _ = run("--catalog-dir", str(tmp_path), "catalogs", "gaslands")
    assert code == 0
    assert out.splitlines() == [
        "Gaslands (gaslands), revision 25, BattleScribe data",
        "cost types: Cans, Build Slots",
        "forces of every catalogue: Team",
        "catalogues (give one's name or file to list its entries):",
        "  Gaslands: Gaslands.cat, revision 4, id 0139-7751-4542-5c90",
    ]


def test_a_catalogue_lists_its_root_entries_and_base_costs(tmp_path: Path) -> None:
    copy_system("gaslands", tmp_path)
    code, out, _ = run("--catalog-dir", str(tmp_path), "catalogs", "gaslands", "gaslands.cat")
    assert code == 0
    lines = out.splitlines()
    assert lines[0] == "Gaslands (Gaslands), revision 4: 17 root entries"
    assert lines[1].split() == ["Bike", "model", "5", "Cans"]
    assert lines[10].split() == ["Helicopter", "model", "30", "Cans", "[hidden]"]
    assert lines[-1].split() == ["Sponsor", "upgrade", "0", "Cans", "[from", "Gaslands.gst]"]
    assert len(lines) == 18


def test_an_unknown_catalogue_gets_a_suggestion(tmp_path: Path) -> None:
    copy_system("zone-raiders", tmp_path)
    code, out, err = run("--catalog-dir", str(tmp_path), "catalogs", "zone-raiders", "Atropic")
    assert (code, out) == (2, "")
    assert err.splitlines() == [
        "no catalogue 'Atropic' in Zone Raiders",
        "  unknown catalogue 'Atropic'; did you mean 'Atropics'?",
    ]


def test_check_sums_up_a_folder_with_no_problem(tmp_path: Path) -> None:
    folder = copy_system("gaslands", tmp_path)
    code, out, _ = run("catalogs", "--check", str(folder))
    assert code == 0
    assert out == (
        f"{folder}: no problems: Gaslands (revision 25), 1 catalogue, 17 root entries, "
        "24 shared entries, 1 force entry\n"
    )


def test_check_passes_on_every_shared_system(tmp_path: Path) -> None:
    for system in SYSTEMS:
        code, out, _ = run("catalogs", "--check", str(copy_system(system, tmp_path)))
        assert code == 0, out
        assert ": no problems: " in out


def test_check_reports_every_problem_with_file_and_place(tmp_path: Path) -> None:
    """A constraint of Gaslands.gst counting "kills" (an error: it counts nothing, so the
    list's verdict may differ from the data's meaning), Gaslands.cat's Bike link typed as
    a group (a warning: followed as what it links to is), its Helicopter link to nothing
    (a warning: the game is built without it, as BattleScribe builds it) and its game
    system revision raised (a warning): all printed, errors first, exit 1, the game
    usable."""
    folder = copy_system("gaslands", tmp_path)
    gst = folder / "Gaslands.gst"
    gst.write_text(
        gst.read_text(encoding="utf-8").replace(
            'field="selections" scope="parent" value="1.0" percentValue="false" shared="true" '
            'includeChildSelections="false" includeChildForces="false" id="33c8-8141-bbb7-0d9d"',
            'field="kills" scope="parent" value="1.0" percentValue="false" shared="true" '
            'includeChildSelections="false" includeChildForces="false" id="33c8-8141-bbb7-0d9d"',
        ),
        encoding="utf-8",
    )
    cat = folder / "Gaslands.cat"
    text = cat.read_text(encoding="utf-8")
    text = text.replace(
        'targetId="b5d8-cf00-181a-b503" type="selectionEntry"',
        'targetId="b5d8-cf00-181a-b503" type="selectionEntryGroup"',
    )
    text = text.replace('targetId="93be-e146-d79b-13d6"', 'targetId="gone-2"')
    text = text.replace('gameSystemRevision="18"', 'gameSystemRevision="99"')
    cat.write_text(text, encoding="utf-8")
    code, out, _ = run("catalogs", "--check", str(folder))
    assert code == 1
    lines = out.splitlines()
    assert lines[0].startswith("error: Gaslands.gst: ")
    assert '/constraint "33c8-8141-bbb7-0d9d": counts the field "kills"' in lines[0]
    bike, *others = sorted(lines[1:4])
    assert bike.startswith(
        'warning: Gaslands.cat: entryLink "Bike": is of type "selectionEntryGroup", but '
    )
    assert others == [
        'warning: Gaslands.cat: entryLink "Helicopter": links to "gone-2", which is not '
        "found, so it is not offered; no entry or group has that id in this file, the "
        "catalogues it links to or the game system (a list is built and checked without "
        "it, as BattleScribe does)",
        'warning: Gaslands.cat: written for revision 99 of "Gaslands", newer than the '
        "revision 25 in this folder; update the game system file to its latest revision",
    ]
    assert lines[4].startswith(f"{folder}: usable, with 1 error; 3 warnings: Gaslands ")
    assert lines[5:] == []


def test_check_warns_of_a_fault_battlescribe_loads_through_and_exits_0(tmp_path: Path) -> None:
    """A categoryLink with no id (Heavy Truck's in Gaslands.cat) refused the whole game;
    BattleScribe loads it, so it is a warning with its file and place, and the game is
    usable: exit 0, the summary counting the warning."""
    folder = copy_system("gaslands", tmp_path)
    cat = folder / "Gaslands.cat"
    text = cat.read_text(encoding="utf-8")
    cat.write_text(
        text.replace('<categoryLink id="ad80-e22f-0c71-6363" ', "<categoryLink "), "utf-8"
    )
    code, out, _ = run("catalogs", "--check", str(folder))
    assert code == 0
    assert out.splitlines() == [
        'warning: Gaslands.cat: entryLink "Heavy Truck"/categoryLink "New CategoryLink": has '
        "no id (BattleScribe loads it, and nothing links to it); give it an id, as "
        "BattleScribe's editor does",
        f"{folder}: no problems: Gaslands (revision 25), 1 catalogue, 17 root entries, "
        "24 shared entries, 1 force entry; 1 warning",
    ]


def test_check_of_an_unreadable_game_system_exits_2(tmp_path: Path) -> None:
    """Its game system not data: nothing can be built, the game is refused."""
    folder = copy_system("gaslands", tmp_path)
    (folder / "Gaslands.gst").write_bytes(b"\x1b]0;owned\x07<!DOCTYPE x><gameSystem/>")
    code, out, _ = run("catalogs", "--check", str(folder))
    assert code == 2
    assert out.splitlines() == [
        "unreadable: Gaslands.gst:1: it declares a DTD or an entity, which BattleScribe files "
        "never do (refused: entities can expand without end or read other files)",
        f"unreadable: {folder}: holds no BattleScribe game system (a .gst or .gstz file); put "
        "the game system's file beside its catalogues",
        f"{folder}: cannot be read: 2 problems",
    ]


def test_check_of_a_catalogue_that_is_not_data_exits_1_and_the_game_loads(
    tmp_path: Path,
) -> None:
    """A catalogue not data is an error (its forces are lost), not a refusal: the game is
    listed as usable with its error counted, and opens."""
    folder = copy_system("gaslands", tmp_path)
    (folder / "Gaslands.cat").write_bytes(b"\x1b]0;owned\x07<!DOCTYPE x><catalogue/>")
    code, out, _ = run("catalogs", "--check", str(folder))
    assert code == 1
    lines = out.splitlines()
    assert lines[0] == (
        "error: Gaslands.cat:1: it declares a DTD or an entity, which BattleScribe files never "
        "do (refused: entities can expand without end or read other files); it is not used"
    )
    assert lines[1].startswith(f"{folder}: usable, with 1 error: Gaslands (revision 25), ")
    code, out, _ = run("--catalog-dir", str(tmp_path), "catalogs")
    assert code == 0
    assert (
        f"gaslands: Gaslands (revision 25, BattleScribe data, user; 1 error: warband catalogs "
        f"--check {folder})"
    ) in out.splitlines()
    code, out, _ = run("--catalog-dir", str(tmp_path), "catalogs", "gaslands")
    assert code == 0 and out.startswith("Gaslands (gaslands), revision 25")


def test_names_from_files_reach_the_terminal_without_control_characters(
    tmp_path: Path,
) -> None:
    """A catalogue named with an escape sequence and a line break is listed on one line
    with neither (C1 controls are allowed in XML 1.0 text; ``&#10;`` is a line break)."""
    folder = copy_system("gaslands", tmp_path)
    cat = folder / "Gaslands.cat"
    text = cat.read_text(encoding="utf-8")
    cat.write_text(text.replace('name="Gaslands"', 'name="Gas\u009b2Jlands&#10;x"', 1), "utf-8")
    code, out, _ = run("--catalog-dir", str(tmp_path), "catalogs")
    assert code == 0
    assert "  Gas2Jlands x (Gaslands.cat)" in out.splitlines()


def test_check_of_one_file_checks_its_folder(tmp_path: Path) -> None:
    folder = copy_system("gaslands", tmp_path)
    code, out, _ = run("catalogs", "--check", str(folder / "Gaslands.cat"))
    assert code == 0
    assert out.startswith(f"{folder}: no problems: Gaslands (revision 25), 1 catalogue")


def test_catalogs_counts_a_games_warnings_in_its_line_checked_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The count needs the whole game checked: the first listing after its files change
    does it and keeps the counts (``catalogs.bs_cache.game_counts``); the next reads them."""
    folder = copy_system("gaslands", tmp_path)
    cat = folder / "Gaslands.cat"
    text = cat.read_text(encoding="utf-8")
    cat.write_text(
        text.replace('<categoryLink id="ad80-e22f-0c71-6363" ', "<categoryLink "), "utf-8"
    )
    checked: list[Path] = []
    check = bsdata.check_battlescribe

    def counted(folder: Path, only: Sequence[Path] | None = None) -> bsdata.BsCheck:
        checked.append(folder)
        return check(folder, only)

    monkeypatch.setattr(bsdata, "check_battlescribe", counted)
    line = "gaslands: Gaslands (revision 25, BattleScribe data, user; 1 warning)"
    for _ in range(2):
        code, out, _ = run("--catalog-dir", str(tmp_path), "catalogs")
        assert code == 0
        assert line in out.splitlines()
    assert checked == [folder]
    (folder / "Gaslands.gst").write_bytes(b"<gameSystem")  # no game system: nothing to build
    code, out, _ = run("--catalog-dir", str(tmp_path), "catalogs")
    assert (
        f"gaslands (user, {folder}): BattleScribe data that cannot be used, 2 problems; run: "
        f"warband catalogs --check {folder}"
    ) in out.splitlines()
