"""Lists over BattleScribe data from the command line, as a player makes one: ``new``, then
``add`` by name, ``validate``, ``show``, every ``export`` format, ``import`` of a ``.ros``,
``.rosz`` or share code, and ``remove``; the shared Gaslands and Zone Raiders data copied
into a catalog folder (``--catalog-dir``).

Figures worked out from the shared files by hand (Gaslands.gst): a Car costs 12 cans and
has 2 build slots; a Machine Gun costs 2 cans and takes 1 build slot, and comes with its
default mounting (Front, 0 cans); the Sponsor is a root entry every Team must hold
(``min 1``), so a new list holds one. The list is 50 cans. Zone Raiders' Reclaimers:
Armiger-Captain 80 RU; a band needs at least one Raider.
"""

from __future__ import annotations

import io
import json
import tomllib
from pathlib import Path
from xml.etree import ElementTree

import pytest

from tests.catalogs.test_bsdata_loading import copy_system
from tui.cli import main


def run(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = main(list(argv), out=out, err=err)
    return code, out.getvalue(), err.getvalue()


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    catalogs = tmp_path / "catalogs"
    copy_system("gaslands", catalogs)
    copy_system("zone-raiders", catalogs)
    return catalogs


def gaslands_car(folder: Path, tmp_path: Path) -> Path:
    """A new 50-can Gaslands list with a Car carrying a Machine Gun."""
    path = tmp_path / "team.toml"
    code, out, err = run(
        "--catalog-dir", str(folder), "new", "gaslands", "Gaslands", "--points", "50",
        "-o", str(path),
    )  # fmt: skip
    assert (code, err) == (0, "")
    assert out == f"wrote {path}: a Gaslands list of 50 Cans (Team)\n"
    assert run("--catalog-dir", str(folder), "add", str(path), "car")[0] == 0
    code, out, _ = run(
        "--catalog-dir", str(folder), "add", str(path), "Machine Gun", "--into", "Car"
    )
    assert code == 0
    assert out.splitlines()[1] == "14/50 Cans, 1 Build Slots: valid"  # 12 + 2 cans; 1 slot
    return path


def test_a_new_list_holds_what_its_force_must_have(folder: Path, tmp_path: Path) -> None:
    path = tmp_path / "team.toml"
    run("--catalog-dir", str(folder), "new", "gaslands", "gaslands", "-o", str(path))
    doc = tomllib.loads(path.read_text())
    assert doc["format"] == "warband.bsroster/1"
    assert doc["system"] == "gaslands"
    assert [s["name"] for s in doc["forces"][0]["selections"]] == ["Sponsor"]
    code, out, _ = run("--catalog-dir", str(folder), "validate", str(path))
    assert code == 0
    assert out.splitlines() == [
        "Gaslands: Gaslands, Gaslands (BattleScribe data, revision 25)",
        "0 Cans: valid",  # no --points: Gaslands sets no limit by itself
    ]


def test_adding_by_name_costs_the_list(folder: Path, tmp_path: Path) -> None:
    path = gaslands_car(folder, tmp_path)
    code, out, _ = run("--catalog-dir", str(folder), "validate", "--json", str(path))
    assert code == 0
    costs = {c["name"]: (c["value"], c["limit"]) for c in json.loads(out)["costs"]}
    assert costs == {"Cans": (14.0, 50.0), "Build Slots": (1.0, -1.0)}
    selections = tomllib.loads(path.read_text())["forces"][0]["selections"]
    car = selections[1]
    assert car["name"] == "Car"
    assert [s["name"] for s in car["selections"]] == ["Machine Gun"]
    assert [s["name"] for s in car["selections"][0]["selections"]] == ["Front"]


def test_an_unknown_name_is_refused_with_a_suggestion(folder: Path, tmp_path: Path) -> None:
    path = gaslands_car(folder, tmp_path)
    before = path.read_bytes()
    code, out, err = run("--catalog-dir", str(folder), "add", str(path), "Carr")
    assert code == 2
    assert out == ""
    assert "cannot add 'Carr' to Team" in err
    assert "did you mean 'Car'?" in err
    assert path.read_bytes() == before


def test_too_many_cans_breaks_the_list(folder: Path, tmp_path: Path) -> None:
    """Four more Cars: 14 + 4 x 12 = 62 cans, 12 over the 50."""
    path = gaslands_car(folder, tmp_path)
    code, out, _ = run("--catalog-dir", str(folder), "add", str(path), "Car", "--number", "4")
    assert code == 1
    lines = out.splitlines()
    assert lines[1] == "62/50 Cans, 1 Build Slots: NOT VALID (1 error)"
    assert lines[2].startswith("  error [bs-over-limit] ")
    assert "12" in lines[2]
    cars = [
        s["id"]
        for s in tomllib.loads(path.read_text())["forces"][0]["selections"]
        if s["name"] == "Car" and s.get("number", 1) == 4
    ]
    code, out, _ = run("--catalog-dir", str(folder), "remove", str(path), cars[0])
    assert code == 0
    assert out.splitlines()[1] == "14/50 Cans, 1 Build Slots: valid"


def test_a_name_that_fits_two_selections_asks_for_an_id(folder: Path, tmp_path: Path) -> None:
    path = gaslands_car(folder, tmp_path)
    run("--catalog-dir", str(folder), "add", str(path), "Car")
    code, _, err = run("--catalog-dir", str(folder), "remove", str(path), "car")
    assert code == 2
    assert "'car' names 2 selections" in err
    assert "give the selection's id instead" in err


def test_show_prints_the_sheet(folder: Path, tmp_path: Path) -> None:
    path = gaslands_car(folder, tmp_path)
    code, out, _ = run("--catalog-dir", str(folder), "show", str(path))
    assert code == 0
    assert out.splitlines() == [
        "Gaslands: Gaslands · Gaslands (BattleScribe data) · catalog revision 25",
        "14/50 Cans · 1 model · valid",
        "Build Slots 1",
        "",
        "1. Sponsor, 0 Cans",
        "2. Car, 14 Cans: Machine Gun, Front",
        "   Car (Vehicle): Weight Middleweight, Hull Points 10, Handling 3, Max Gear 5, Crew 2, "
        "Build Slots 2",
        "   Machine Gun (Weapon): Range Double, Attack 2D6, Ammo -",
    ]


@pytest.mark.parametrize("fmt", ["ros", "rosz"])
def test_a_ros_export_imports_back_to_the_same_list(folder: Path, tmp_path: Path, fmt: str) -> None:
    path = gaslands_car(folder, tmp_path)
    ros = tmp_path / f"team.{fmt}"
    code, out, _ = run(
        "--catalog-dir", str(folder), "export", str(path), "--format", fmt, "-o", str(ros)
    )
    assert (code, out) == (0, f"wrote {ros}: Gaslands, for BattleScribe or New Recruit\n")
    back = tmp_path / "back.toml"
    code, out, _ = run("--catalog-dir", str(folder), "import", str(ros), "-o", str(back))
    assert code == 0
    assert out.splitlines()[0] == f"wrote {back}"
    assert back.read_text() == path.read_text()


def test_the_ros_holds_the_engines_costs_and_categories(folder: Path, tmp_path: Path) -> None:
    """What a roster printer reads from the file alone: each selection's costs and
    categories (the Car's primary one marked), the force's categories, "Uncategorised"
    first; and no attribute BattleScribe's schema lacks (``generatedBy``)."""
    path = gaslands_car(folder, tmp_path)
    code, out, _ = run("--catalog-dir", str(folder), "export", str(path), "--format", "ros")
    assert code == 0
    ns = "{http://www.battlescribe.net/schema/rosterSchema}"
    root = ElementTree.fromstring(out)
    assert "generatedBy" not in root.attrib
    totals = root.find(ns + "costs")
    assert totals is not None
    assert [(c.get("name"), c.get("value")) for c in totals] == [
        ("Cans", "14.0"),
        ("Build Slots", "1.0"),
    ]
    limit = root.find(f"{ns}costLimits/{ns}costLimit")
    assert limit is not None
    assert (limit.get("name"), limit.get("value")) == ("Cans", "50.0")
    (force,) = root.iter(ns + "force")
    car, gun, _front = (s for s in root.iter(ns + "selection") if s.get("name") != "Sponsor")
    assert (car.get("name"), gun.get("name")) == ("Car", "Machine Gun")
    gun_costs = gun.find(ns + "costs")
    assert gun_costs is not None
    assert [(c.get("name"), c.get("value")) for c in gun_costs] == [
        ("Cans", "2.0"),
        ("Build Slots", "1.0"),
    ]
    car_categories = car.find(ns + "categories")
    assert car_categories is not None
    assert [(c.get("name"), c.get("primary")) for c in car_categories] == [
        ("Vehicle", "true"),
        ("Middleweight", "false"),
    ]
    force_categories = force.find(ns + "categories")
    assert force_categories is not None
    assert [c.get("name") for c in force_categories] == ["Uncategorised", "Vehicle", "Sponsor"]


def test_a_share_code_imports_back_to_the_same_list(folder: Path, tmp_path: Path) -> None:
    path = gaslands_car(folder, tmp_path)
    code, out, _ = run("--catalog-dir", str(folder), "export", str(path))
    assert code == 0
    assert out.startswith("WBS1-")
    back = tmp_path / "back.toml"
    assert run("--catalog-dir", str(folder), "import", out.strip(), "-o", str(back))[0] == 0
    assert back.read_text() == path.read_text()


def test_every_sharing_format_tells_the_cans(folder: Path, tmp_path: Path) -> None:
    path = gaslands_car(folder, tmp_path)
    base = ("--catalog-dir", str(folder), "export", str(path), "--format")
    text = run(*base, "text")[1]
    assert "2. Car, 14 Cans: Machine Gun, Front" in text
    assert "warband import WBS1-" in text
    markdown = run(*base, "markdown")[1]
    assert "## 2. Car, 14 Cans" in markdown
    doc = json.loads(run(*base, "json")[1])
    assert (doc["points"], doc["points_limit"], doc["system"]["points_name"]) == (14, 50, "Cans")
    assert [e["cost"] for e in doc["entries"]] == [0, 14]
    html = run(*base, "html")[1]
    assert html.startswith("<!DOCTYPE html>")
    assert "Car" in html


def test_a_warband_list_cannot_be_exported_as_ros(tmp_path: Path) -> None:
    roster = Path(__file__).parents[1] / "fixtures/rosters/gangers/legal-500.toml"
    code, out, err = run("export", str(roster), "--format", "ros")
    assert code == 2
    assert out == ""
    assert ".ros is BattleScribe's roster format" in err


def test_a_ros_of_a_game_not_in_the_folder_says_so(folder: Path, tmp_path: Path) -> None:
    path = gaslands_car(folder, tmp_path)
    ros = tmp_path / "team.ros"
    run("--catalog-dir", str(folder), "export", str(path), "--format", "ros", "-o", str(ros))
    empty = tmp_path / "empty"
    empty.mkdir()
    code, out, err = run("--catalog-dir", str(empty), "import", str(ros), "-o", str(tmp_path / "x"))
    assert (code, out) == (2, "")
    assert "no BattleScribe game system with the id '55c7-45e5-b4ec-d17c'" in err
    assert not (tmp_path / "x").exists()


def test_a_zone_raiders_band_needs_a_raider(folder: Path, tmp_path: Path) -> None:
    path = tmp_path / "band.toml"
    args = ("--catalog-dir", str(folder))
    run(*args, "new", "zone-raiders", "reclaimers", "--points", "300", "-o", str(path))
    code, out, _ = run(*args, "validate", str(path))
    assert code == 1
    assert out.splitlines()[1:] == [
        "0/300 RU: NOT VALID (1 error)",
        "  error [bs-too-few] The roster has 0 Raiders, at least 1: add 1 Raiders",
    ]
    code, out, _ = run(*args, "add", str(path), "Armiger-Captain")
    assert code == 0
    assert out.splitlines()[1] == "80/300 RU: valid"


def test_validate_json_gives_each_findings_origin(folder: Path, tmp_path: Path) -> None:
    """The rule broken and what BattleScribe hangs it on (SEMANTICS.md rule 23): the Raider
    Team's link to Raiders (c928-...) asks for 1 Raider over the roster, an error on the
    Raiders category (bf5f-...) of force f1; too many cans, on the roster from its Cans
    limit (the cost type 91a9-...). The README gives the first."""
    band = tmp_path / "band.toml"
    args = ("--catalog-dir", str(folder))
    run(*args, "new", "zone-raiders", "reclaimers", "--points", "300", "-o", str(band))
    code, out, _ = run(*args, "validate", "--json", str(band))
    assert code == 1
    [finding] = json.loads(out)["findings"]
    assert finding["code"] == "bs-too-few"
    assert finding["origin"] == {
        "on": "category",
        "on_id": "f1",
        "on_entry_id": "bf5f-aaed-2bd1-8a44",
        "entry_id": "c928-557d-a37f-ef51",
        "constraint_id": "80ee-af9b-069b-5a54",
    }
    team = gaslands_car(folder, tmp_path)
    assert run(*args, "add", str(team), "Car", "--number", "4")[0] == 1
    code, out, _ = run(*args, "validate", "--json", str(team))
    assert code == 1
    [over] = json.loads(out)["findings"]
    assert over["code"] == "bs-over-limit"
    assert over["origin"] == {
        "on": "roster",
        "on_id": None,
        "on_entry_id": None,
        "entry_id": "costLimits",
        "constraint_id": "91a9-beed-6d55-d7ea",
    }


def test_what_takes_only_our_own_lists_says_what_to_use(folder: Path, tmp_path: Path) -> None:
    """Designed cards read warband's own lists; a BattleScribe list is told apart by its
    format and pointed at the commands that take it (a battle takes it). History:
    issue 34."""
    path = gaslands_car(folder, tmp_path)
    code, out, err = run("--catalog-dir", str(folder), "card", str(path))
    assert (code, out) == (2, "")
    assert f"{path} is a list over BattleScribe data" in err
    assert "warband validate, show or export" in err
    assert "take it to the table with warband battle new" in err
    battle = tmp_path / "b.toml"
    code, out, err = run(
        "--catalog-dir", str(folder), "battle", "new", str(path), str(path), "-o", str(battle)
    )
    assert (code, err) == (0, "")
    assert battle.is_file()


def test_a_mistyped_game_is_found_among_both_kinds(folder: Path, tmp_path: Path) -> None:
    code, _, err = run(
        "--catalog-dir", str(folder), "new", "gaslandz", "x", "-o", str(tmp_path / "x.toml")
    )
    assert code == 2
    assert "unknown system 'gaslandz'; did you mean 'gaslands'?" in err


def test_add_without_a_name_lists_what_can_be_added_there(folder: Path, tmp_path: Path) -> None:
    """Inside a Car, Gaslands.gst offers its Upgrades, Weapons ... groups: the Machine Gun
    at 2 cans and 1 build slot, the Handgun free; at the top of a Team, the vehicles."""
    path = gaslands_car(folder, tmp_path)
    before = path.read_bytes()
    code, out, _ = run("--catalog-dir", str(folder), "add", str(path), "--into", "Car")
    assert code == 0
    lines = out.splitlines()
    assert lines[0] == "what can be added to Car:"
    assert "  Weapons:" in lines
    assert "Machine Gun              upgrade 2 Cans, 1 Build Slots" in out
    assert any(line.split() == ["Handgun", "upgrade"] for line in lines)
    code, out, _ = run("--catalog-dir", str(folder), "add", str(path))
    assert code == 0
    assert out.splitlines()[:2] == [
        "what can be added to Team:",
        "  Bike               model   5 Cans",
    ]
    assert path.read_bytes() == before  # listing changes nothing


def test_a_force_of_another_faction_is_added_and_removed_by_id(
    folder: Path, tmp_path: Path
) -> None:
    """``add-force`` lists the kinds of force a faction offers (Zone Raiders' Raider Team,
    from the game system), adds one from the faction named (Morlocks beside the
    Reclaimers), and ``remove --force-name`` takes it away by id, refusing a name two
    forces share; the list is checked after each, as ``add`` checks it."""
    path = tmp_path / "band.toml"
    args = ("--catalog-dir", str(folder))
    run(*args, "new", "zone-raiders", "reclaimers", "--points", "300", "-o", str(path))
    before = path.read_bytes()
    code, out, _ = run(*args, "add-force", str(path), "--catalogue", "morlocks")
    assert (code, out) == (0, "forces Morlocks can add:\n  Raider Team\n")
    assert path.read_bytes() == before
    code, out, _ = run(*args, "add-force", str(path), "raider team", "--catalogue", "Morlocks")
    assert code == 1  # a band still needs a Raider
    assert out.splitlines()[0] == (
        "Reclaimers: Reclaimers, Morlocks, Zone Raiders (BattleScribe data, revision 6)"
    )
    saved = tomllib.loads(path.read_text(encoding="utf-8"))
    forces = [(f["id"], f["catalogue_name"]) for f in saved["forces"]]
    assert [name for _, name in forces] == ["Reclaimers", "Morlocks"]
    code, _, err = run(*args, "remove", str(path), "--force-name", "Raider Team")
    assert code == 2
    assert "'Raider Team' names 2 forces" in err and "give the force's id instead" in err
    code, _, err = run(*args, "remove", str(path))
    assert code == 2 and "name a selection, or a force with --force-name" in err
    code, _, _ = run(*args, "remove", str(path), "--force-name", forces[1][0])
    assert code == 1
    assert path.read_bytes() == before


def test_an_unknown_kind_of_force_is_refused_with_the_kinds_there_are(
    folder: Path, tmp_path: Path
) -> None:
    path = gaslands_car(folder, tmp_path)
    before = path.read_bytes()
    code, _, err = run("--catalog-dir", str(folder), "add-force", str(path), "Teem")
    assert code == 2
    assert "cannot add a force 'Teem' from Gaslands" in err
    assert "did you mean 'Team'?" in err
    assert path.read_bytes() == before
