"""A game that publishes no points shows none; Punkapocalyptic keeps its points. History:
issue 16; Reikhammer and the colonial sheet read "0/1 points" everywhere a list was
shown."""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest

from model.roster.validate import validate
from saves.export_formats import to_json, to_markdown, to_text
from saves.export_html import to_html
from saves.list_export import build_export
from saves.roster_file import read_roster, resolve
from tests.conftest import FIXTURES
from tests.helpers import bundled
from tui.cli import main

ROSTERS = FIXTURES / "rosters"
FIGURE = re.compile(r"\b\d+(/\d+)? (points|Points)\b|<th class=\"cost\">")
"""A number of points (``0/1 points``, ``55 points``) or the sheet's points column."""
LISTS = {
    "reikhammer/iron-line": False,
    "vsf-colonial/british-column": False,
    "gangers/legal-500": True,
}


def sheets(path: Path) -> dict[str, str]:
    roster, source = read_roster(path)
    view = resolve(roster, source, bundled)
    doc = build_export(roster, view, validate(view, roster))
    return {
        "text": to_text(doc, "CODE"),
        "markdown": to_markdown(doc, "CODE"),
        "html": to_html(doc, "CODE"),
    } | {"json": to_json(doc)}


@pytest.mark.parametrize("name", sorted(LISTS))
def test_sheets_show_points_only_where_the_game_has_them(name: str) -> None:
    priced = LISTS[name]
    shown = sheets(ROSTERS / f"{name}.toml")
    for kind in ("text", "markdown", "html"):
        assert bool(FIGURE.search(shown[kind])) == priced, kind
    assert '"points_limit"' in shown["json"]  # the numbers stay for other tools
    assert '"priced"' not in shown["json"]


@pytest.mark.parametrize("name", sorted(LISTS))
def test_show_and_validate_leave_points_out_where_there_are_none(name: str) -> None:
    priced = LISTS[name]
    for command in ("show", "validate"):
        out, err = io.StringIO(), io.StringIO()
        main([command, str(ROSTERS / f"{name}.toml")], out=out, err=err)
        assert bool(FIGURE.search(out.getvalue())) == priced, (command, out.getvalue())


def test_infantry_profiles_leave_the_vehicle_stats_out() -> None:
    """The colonial sheet: SUSTAIN to CREW are the vehicles' and automata's stats (the
    catalog's ``unit_tags``); an infantry profile printed seven dashes for them."""
    roster, source = read_roster(ROSTERS / "vsf-colonial" / "british-column.toml")
    view = resolve(roster, source, bundled)
    doc = build_export(roster, view, validate(view, roster))
    by_name = {e.unit_name: e for e in doc.entries}
    assert list(by_name["Line infantry"].stats) == ["Shoot", "Melee", "ROF", "Move", "Save"]
    assert "SUSTAIN" in by_name["Steam land ironclad"].stats
    out, err = io.StringIO(), io.StringIO()
    path = ROSTERS / "vsf-colonial" / "british-column.toml"
    assert main(["show", str(path)], out=out, err=err) == 0, err.getvalue()
    block = out.getvalue().split("3. Line infantry")[1].split("Rules:")[0]
    assert "SUSTAIN" not in block and "Shoot" in block
