"""``warband add`` over a game whose faction imports root entries down a chain of
libraries (Warcry's warband, "Agents of Chaos", "Chaotic Beasts"): the entries at the
end of the chain are offered, added by name and priced, as BattleScribe offers them.

The files are the small game of ``tests/model/bsdata/test_import_chains.py``, written
into a catalog folder as a user's BattleScribe data would be.
"""

from __future__ import annotations

import io
import tomllib
from pathlib import Path

from tests.model.bsdata.test_import_chains import AGENTS, BEASTS, KENNEL, WARBAND
from tests.model.bsdata.xml_fixtures import FORCE, gst
from tui.cli import main


def run(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = main(list(argv), out=out, err=err)
    return code, out.getvalue(), err.getvalue()


def test_add_offers_and_prices_an_entry_from_the_end_of_the_chain(tmp_path: Path) -> None:
    folder = tmp_path / "catalogs" / "chain"
    folder.mkdir(parents=True)
    (folder / "Chain.gst").write_text(gst(FORCE), encoding="utf-8")
    for name, text in (
        ("Warband", WARBAND),
        ("Agents of Chaos", AGENTS),
        ("Chaotic Beasts", BEASTS),
        ("Kennel", KENNEL),
    ):
        (folder / f"{name}.cat").write_text(text, encoding="utf-8")
    args = ("--catalog-dir", str(tmp_path / "catalogs"))
    path = tmp_path / "band.toml"
    code, _, err = run(*args, "new", "chain", "warband", "--points", "50", "-o", str(path))
    assert (code, err) == (0, "")
    code, out, _ = run(*args, "add", str(path))
    assert code == 0
    assert [line.split()[0] for line in out.splitlines()[1:]] == [
        "Chieftain",
        "Agent",
        "Beast",
        "Hound",
    ]
    code, out, _ = run(*args, "add", str(path), "Hound")
    assert code == 0
    code, out, _ = run(*args, "add", str(path), "Collar", "--into", "Hound")
    assert code == 0
    assert out.splitlines()[1] == "9/50 pts: valid"  # Hound 8 + its Collar 1, from the Kennel
    saved = tomllib.loads(path.read_text(encoding="utf-8"))
    hound = saved["forces"][0]["selections"][0]
    assert (hound["name"], hound["selections"][0]["name"]) == ("Hound", "Collar")
