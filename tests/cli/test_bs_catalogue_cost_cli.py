"""A cost type a catalogue declares, as a player sees it from the command line: Gaslands.cat
given its own "Ammo" (3 on its link to the Car) is costed and totalled beside the game
system's Cans and Build Slots (``SEMANTICS.md`` rule 6, spec ``catalogue-cost-types``).
History: warband knew only the game system's cost types and dropped it."""

from __future__ import annotations

import io
from pathlib import Path

from tests.catalogs.test_bsdata_loading import copy_system
from tui.cli import main

CAR_LINK = 'targetId="5fc8-4273-0b18-c611" type="selectionEntry"/>'
"""Gaslands.cat's link to the Car ("Car / Jeep")."""


def run(*argv: str) -> tuple[int, str]:
    out, err = io.StringIO(), io.StringIO()
    code = main(list(argv), out=out, err=err)
    return code, out.getvalue()


def test_a_catalogues_own_cost_type_is_costed_and_shown(tmp_path: Path) -> None:
    catalogs = tmp_path / "catalogs"
    cat = copy_system("gaslands", catalogs) / "Gaslands.cat"
    text = cat.read_text(encoding="utf-8")
    assert CAR_LINK in text
    text = text.replace(
        "  </publications>\n",
        '  </publications>\n  <costTypes><costType id="ammo" name="Ammo" defaultCostLimit="-1"/>'
        "</costTypes>\n",
        1,
    ).replace(
        CAR_LINK,
        CAR_LINK[:-2] + '><costs><cost name="Ammo" typeId="ammo" value="3"/></costs></entryLink>',
    )
    cat.write_text(text, encoding="utf-8")
    cli = ("--catalog-dir", str(catalogs))
    path = tmp_path / "team.toml"
    assert run(*cli, "new", "gaslands", "Gaslands", "--points", "50", "-o", str(path))[0] == 0
    code, out = run(*cli, "add", str(path), "car")
    assert code == 0
    assert out.splitlines()[1] == "12/50 Cans, 3 Ammo: valid"
    code, out = run(*cli, "show", str(path))
    assert code == 0
    assert "Ammo 3" in out.splitlines()  # no "Build Slots 0": a zero with no limit
