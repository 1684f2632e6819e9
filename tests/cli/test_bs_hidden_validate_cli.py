"""``warband validate`` of a BattleScribe list holding a selection its data now hides, as a
player meets it: Gaslands' Helicopter is hidden unless the team's Sponsor is Rutherford,
so a team that took one with Rutherford and then changed sponsor holds a hidden
selection. BattleScribe reports it (the Helicopter's primary category is Vehicle, and
BattleScribe looks for hidden selections category by category); with the data's
primary category taken away, BattleScribe would list it under no category and never
report it, and neither does warband (``SEMANTICS.md`` rule 24).
"""

from __future__ import annotations

import io
from pathlib import Path

from tests.catalogs.test_bsdata_loading import copy_system
from tui.cli import main

PRIMARY_VEHICLE = (
    '<categoryLink id="72f7-279b-1a50-0992" name="New CategoryLink" hidden="false" '
    'targetId="fcb8-8c55-ab34-03d1" primary="true"/>'
)
"""The Helicopter's link to the Vehicle category in Gaslands.gst."""


def run(*argv: str) -> tuple[int, str]:
    out, err = io.StringIO(), io.StringIO()
    code = main(list(argv), out=out, err=err)
    return code, out.getvalue()


def _team_with_a_hidden_helicopter(tmp_path: Path) -> tuple[Path, Path]:
    catalogs = tmp_path / "catalogs"
    copy_system("gaslands", catalogs)
    path = tmp_path / "team.toml"
    cli = ("--catalog-dir", str(catalogs))
    assert run(*cli, "new", "gaslands", "Gaslands", "--points", "200", "-o", str(path))[0] == 0
    assert run(*cli, "add", str(path), "Rutherford", "--into", "Sponsor")[0] == 0
    assert run(*cli, "add", str(path), "Helicopter")[0] == 0
    code, out = run(*cli, "remove", str(path), "Rutherford")  # 1: the list is not valid now
    assert (code, out.splitlines()[-1]) == (
        1,
        "  error [bs-hidden] Helicopter may not be taken here now (the data hides it): remove it",
    )
    return catalogs, path


def test_a_hidden_selection_of_a_primary_category_is_an_error(tmp_path: Path) -> None:
    catalogs, path = _team_with_a_hidden_helicopter(tmp_path)
    code, out = run("--catalog-dir", str(catalogs), "validate", str(path))
    assert code == 1
    assert out.splitlines()[1:] == [
        "30/200 Cans: NOT VALID (1 error)",
        "  error [bs-hidden] Helicopter may not be taken here now (the data hides it): remove it",
    ]


def test_a_hidden_selection_of_no_primary_category_is_not_reported(tmp_path: Path) -> None:
    catalogs, path = _team_with_a_hidden_helicopter(tmp_path)
    gst = catalogs / "gaslands" / "Gaslands.gst"
    text = gst.read_text(encoding="utf-8")
    assert PRIMARY_VEHICLE in text
    gst.write_text(
        text.replace(PRIMARY_VEHICLE, PRIMARY_VEHICLE.replace('"true"', '"false"')), "utf-8"
    )
    code, out = run("--catalog-dir", str(catalogs), "validate", str(path))
    assert code == 0
    assert out.splitlines()[1:] == ["30/200 Cans: valid"]
