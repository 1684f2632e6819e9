"""``warband count`` on collective selections, as the builder's ``+``/``-`` count them.

The game: a Squad (a unit) holds Troopers (10 pts), a Trooper a collective Rifle (5 pts).
A Trooper counted 3 holds 3 Rifles (one each: 30 + 15 = 45 pts); the Rifle counted 2 is 2
per Trooper, 6 in all (30 + 30 = 60 pts); ``model/bsdata/SEMANTICS.md``, "Collective
entries and numbers".
"""

from __future__ import annotations

import tomllib
from pathlib import Path

from tests.cli.test_bs_edits_cli import run
from tests.model.bsdata.xml_fixtures import FORCE, cat, gst
from tests.tui.test_bsbuilder_collective import SQUAD


def test_count_keeps_a_collective_rifle_per_trooper(tmp_path: Path) -> None:
    folder = tmp_path / "games" / "squads"
    folder.mkdir(parents=True)
    (folder / "squads.gst").write_text(gst(FORCE))
    (folder / "squads.cat").write_text(cat(f"<selectionEntries>{SQUAD}</selectionEntries>"))
    path = tmp_path / "squad.toml"
    games = str(tmp_path / "games")
    assert run("--catalog-dir", games, "new", "squads", "Faction", "-o", str(path))[0] == 0
    for argv in (
        ("add", str(path), "Squad"),
        ("add", str(path), "Trooper", "--into", "Squad"),
        ("add", str(path), "Rifle", "--into", "Trooper"),
    ):
        assert run("--catalog-dir", games, *argv)[0] == 0
    code, out, err = run("--catalog-dir", games, "count", str(path), "Trooper", "3")
    assert (code, err) == (0, "")
    assert out.splitlines()[1].startswith("45 pts")
    code, out, err = run("--catalog-dir", games, "count", str(path), "Rifle", "2")
    assert (code, err) == (0, "")
    assert out.splitlines()[1].startswith("60 pts")
    trooper = tomllib.loads(path.read_text())["forces"][0]["selections"][0]["selections"][0]
    assert (trooper["number"], trooper["selections"][0]["number"]) == (3, 6)
