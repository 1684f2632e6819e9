"""``show`` and every export of a list over BattleScribe data show its profiles as the
list makes them (``model.bsdata.infos``), a value the list's choices changed marked.

The list: a Gaslands Car (Hull Points 10) with a Machine Gun and an Armour Plating,
whose profile modifier adds 2 Hull Points per plating (``Gaslands.gst``).
"""

from __future__ import annotations

import json
from pathlib import Path

import jsonschema  # type: ignore[import-untyped]

from saves.list_export import SCHEMA
from tests.cli.test_bs_rosters_cli import folder, gaslands_car, run

__all__ = ["folder"]  # the fixture, used by name


def _plated_car(folder: Path, tmp_path: Path) -> tuple[str, ...]:
    path = gaslands_car(folder, tmp_path)
    added = run(
        "--catalog-dir", str(folder), "add", str(path), "Armour Plating", "--into", "Car"
    )  # fmt: skip
    assert added[0] == 0
    return ("--catalog-dir", str(folder), "export", str(path), "--format")


CAR = "Car (Vehicle): Weight Middleweight, Hull Points 12*, Handling 3, Max Gear 5, Crew 2, "


def test_show_marks_the_hull_points_the_plating_added(folder: Path, tmp_path: Path) -> None:
    path = gaslands_car(folder, tmp_path)
    run("--catalog-dir", str(folder), "add", str(path), "Armour Plating", "--into", "Car")
    code, out, _ = run("--catalog-dir", str(folder), "show", str(path))
    assert code == 0
    lines = out.splitlines()
    assert lines[5:] == [
        "2. Car, 18 Cans: Machine Gun, Front, Armour Plating",
        "   " + CAR + "Build Slots 2",
        "   Machine Gun (Weapon): Range Double, Attack 2D6, Ammo -",
        "",
        "* changed by the list's choices",
    ]


def test_text_and_markdown_mark_it(folder: Path, tmp_path: Path) -> None:
    base = _plated_car(folder, tmp_path)
    text = run(*base, "text")[1]
    assert "   " + CAR in text and "\n* changed by the list's choices\n" in text
    markdown = run(*base, "markdown")[1]
    assert "| Vehicle | Weight | Hull Points | Handling | Max Gear | Crew | Build Slots |" in (
        markdown
    )
    assert "| Car | Middleweight | 12\\* | 3 | 5 | 2 | 2 |" in markdown
    assert "| Weapon | Range | Attack | Ammo |" in markdown


def test_json_holds_every_profile_marked_and_fits_its_schema(folder: Path, tmp_path: Path) -> None:
    doc = json.loads(run(*_plated_car(folder, tmp_path), "json")[1])
    jsonschema.validate(
        doc, json.loads(SCHEMA.read_text(encoding="utf-8")), cls=jsonschema.Draft202012Validator
    )
    car = doc["entries"][1]
    assert car["stats"]["Hull Points"] == "12"
    (vehicle,) = car["profiles"]
    assert vehicle["type"] == "Vehicle"
    assert {c["name"]: (c["value"], c["changed"]) for c in vehicle["characteristics"]} == {
        "Weight": ("Middleweight", False),
        "Hull Points": ("12", True),
        "Handling": ("3", False),
        "Max Gear": ("5", False),
        "Crew": ("2", False),
        "Build Slots": ("2", False),
    }
    gun = next(i for i in car["items"] if i["name"] == "Machine Gun")
    assert [p["name"] for p in gun["profiles"]] == ["Machine Gun"]
    plating = next(i for i in car["items"] if i["name"] == "Armour Plating")
    assert "profiles" not in plating  # it has none: the field is left out


def test_the_html_sheet_marks_it_in_bold(folder: Path, tmp_path: Path) -> None:
    html = run(*_plated_car(folder, tmp_path), "html")[1]
    assert "<th>Vehicle</th><th>Weight</th><th>Hull Points</th>" in html
    assert '<td><span class="changed">12*</span></td>' in html
    assert "<td>Middleweight</td>" in html
    assert "changed by the list&#x27;s choices" in html


def test_the_ros_holds_the_profiles_as_modified_and_imports_back(
    folder: Path, tmp_path: Path
) -> None:
    base = _plated_car(folder, tmp_path)
    ros = run(*base, "ros")[1]
    assert (
        '<characteristic name="Hull Points" typeId="a05d-324a-bd1a-767e">12</characteristic>'
        in (ros)
    )
    written = tmp_path / "car.rosz"
    assert run(*base, "rosz", "-o", str(written))[0] == 0
    back = tmp_path / "back.toml"
    assert run("--catalog-dir", str(folder), "import", str(written), "-o", str(back))[0] == 0
    assert back.read_text() == Path(base[3]).read_text()
