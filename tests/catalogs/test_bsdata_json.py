"""Game folders in New Recruit's JSON format load as the same games their XML does.

The shared XML systems are written out as JSON at test time (each element as New
Recruit writes it: attributes as fields, containers as lists, text as ``$text`` or a
text field) and loaded again: the game system, its catalogues and every value read are
equal to the XML's. A gallery's ``catpkg.json`` beside the data is passed over, and
the real 11th edition data (``../shared/bsdata/wh40k-11e``) lists by its heads.
"""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path
from typing import Any
from xml.etree.ElementTree import Element

import pytest

from catalogs.bsdata import check_battlescribe, file_kind, read_bytes, read_heads
from model.bsdata.data import Catalogue
from model.parse.xml_guard import XmlRefused, local_name, parse_xml
from tests.catalogs.test_bsdata_loading import copy_system
from tests.model.bsdata.shared_data import BSDATA, SYSTEMS

TEXT_CHILDREN = {"description", "readme", "comment"}


def as_json(element: Element) -> dict[str, Any]:
    """One element as New Recruit's JSON holds it."""
    out: dict[str, Any] = dict(element.attrib)
    text = (element.text or "").strip()
    children = list(element)
    if text and not children:
        out["$text"] = element.text
    for child in children:
        name = local_name(child.tag)
        if name in TEXT_CHILDREN:
            out[name] = child.text or ""
        else:
            out[name] = [as_json(item) for item in child]
    return out


def write_json_copy(folder: Path, into: Path) -> Path:
    into.mkdir(parents=True)
    for path in sorted(folder.iterdir()):
        data = read_bytes(path)
        assert isinstance(data, bytes)
        root = parse_xml(data)
        assert not isinstance(root, XmlRefused)
        document = {local_name(root.tag): as_json(root)}
        (into / (path.name + ".json")).write_text(json.dumps(document), encoding="utf-8")
    return into


def _unfiled(catalogue: Catalogue) -> Catalogue:
    return dataclasses.replace(catalogue, file="")


@pytest.mark.parametrize("system", SYSTEMS)
def test_a_game_in_json_loads_as_the_same_game(system: str, tmp_path: Path) -> None:
    xml = check_battlescribe(copy_system(system, tmp_path / "xml"))
    json_folder = write_json_copy(tmp_path / "xml" / system, tmp_path / "json" / system)
    (json_folder / "catpkg.json").write_text('{"name": "a gallery entry", "files": []}')
    loaded = check_battlescribe(json_folder)
    assert (loaded.unreadable, loaded.errors, loaded.warnings) == ((), (), ())
    assert xml.system is not None and loaded.system is not None
    assert _unfiled(loaded.system.system) == _unfiled(xml.system.system)
    assert sorted(map(_unfiled, loaded.system.catalogues), key=lambda c: c.id) == sorted(
        map(_unfiled, xml.system.catalogues), key=lambda c: c.id
    )
    heads = read_heads(json_folder)
    assert heads.system is not None and heads.system.name == xml.system.name
    assert len(heads.catalogues) == len(xml.system.catalogues)


def test_json_files_are_told_apart_by_what_they_hold(tmp_path: Path) -> None:
    files = {
        "game.json": '{"gameSystem": {"id": "g"}}',
        "faction.json": '\n{ "catalogue" : {"id": "c"}}',
        "catpkg.json": '{"name": "Gallery", "repositories": []}',
        "notes.json": "not json at all",
    }
    for name, text in files.items():
        (tmp_path / name).write_text(text, encoding="utf-8")
    kinds = {name: file_kind(tmp_path / name) for name in files}
    assert kinds == {
        "game.json": "system",
        "faction.json": "catalogue",
        "catpkg.json": None,
        "notes.json": None,
    }


def test_a_broken_json_file_is_unreadable_naming_the_file_and_line(tmp_path: Path) -> None:
    (tmp_path / "game.json").write_text(
        '{"gameSystem": {\n"id": "g",\n"name": "G",\n"revision": }}', encoding="utf-8"
    )
    found = check_battlescribe(tmp_path)
    assert found.system is None
    problem = found.unreadable[0]
    assert (problem.file, problem.line) == ("game.json", 4)
    assert problem.message.startswith("not well-formed JSON")


@pytest.mark.skipif(not (BSDATA / "wh40k-11e").is_dir(), reason="no wh40k-11e in ../shared")
def test_the_real_11th_edition_data_lists_by_its_heads() -> None:
    heads = read_heads(BSDATA / "wh40k-11e")
    assert heads.problems == ()
    assert heads.system is not None
    assert heads.system.name == "Warhammer 40,000 11th Edition"
    assert len(heads.catalogues) == 41
    assert "Xenos - Necrons" in {c.name for c in heads.catalogues}


def test_a_list_over_a_json_game_is_built_checked_and_shared_as_from_xml(tmp_path: Path) -> None:
    """As a user would: ``catalogs`` lists the game, ``new``/``add`` build a list,
    ``validate`` costs it as the XML game does, and its ``.ros`` reads back."""
    from tests.cli.test_bsdata_catalogs_cli import run

    copy_system("gaslands", tmp_path / "xml")
    games = tmp_path / "games"
    write_json_copy(tmp_path / "xml" / "gaslands", games / "gaslands")
    code, out, err = run("--catalog-dir", str(games), "catalogs")
    assert (code, err) == (0, "")
    assert "gaslands: Gaslands (revision 25, BattleScribe data, user)" in out.splitlines()
    assert "  Gaslands (Gaslands.cat.json)" in out.splitlines()
    team = tmp_path / "team.toml"
    code, _, err = run(
        "--catalog-dir", str(games), "new", "gaslands", "Gaslands", "--points", "50",
        "-o", str(team),
    )  # fmt: skip
    assert (code, err) == (0, "")
    assert run("--catalog-dir", str(games), "add", str(team), "Car")[0] == 0
    code, out, _ = run("--catalog-dir", str(games), "validate", str(team))
    assert (code, out.splitlines()[1]) == (0, "12/50 Cans: valid")
    ros = tmp_path / "team.ros"
    code, _, _ = run(
        "--catalog-dir", str(games), "export", str(team), "--format", "ros", "-o", str(ros)
    )
    assert code == 0
    assert ros.read_bytes().startswith(b"<?xml")  # a .ros is BattleScribe XML whatever the data
    back = tmp_path / "back.toml"
    assert run("--catalog-dir", str(games), "import", str(ros), "-o", str(back))[0] == 0
    assert back.read_text() == team.read_text()


@pytest.mark.real_data
@pytest.mark.skipif(not (BSDATA / "wh40k-11e").is_dir(), reason="no wh40k-11e in ../shared")
def test_the_real_11th_edition_opens_with_warnings_and_builds_a_necrons_list() -> None:
    """Four of its catalogues are missing from ``../shared`` (its SOURCE.md): links to
    them are warnings, never a refusal, and a Necrons list is built and costed (an
    Overlord is 90 points in ``Necrons.json``)."""
    from model.bsdata.building import add_selection, choices, new_force
    from model.bsdata.evaluate import evaluate
    from model.bsdata.roster import BsRoster

    found = check_battlescribe(BSDATA / "wh40k-11e")
    assert (found.unreadable, found.errors) == ((), ())
    assert found.ok and found.system is not None
    assert any("is not in this folder" in w.message for w in found.warnings)
    game = found.system
    necrons = next(c for c in game.catalogues if c.name == "Xenos - Necrons")
    army = next(f for f in game.forces(necrons.id) if f.name == "Army Roster")
    roster = new_force(game, BsRoster("r", "Dynasty", game.id), necrons.id, army.id)
    force = roster.forces[0].id
    overlord = next(c for c in choices(game, roster, force, None) if c.name == "Overlord")
    roster = add_selection(game, roster, force, None, overlord.entry_id)
    totals = {c.type_id: c.value for c in evaluate(game, roster).totals}
    points = next(t.id for t in game.cost_types() if t.name == "pts")
    assert totals[points] == 90
