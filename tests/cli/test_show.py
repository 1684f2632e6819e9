"""``warband show``: the army sheet, compared with golden text files.

Set ``WARBAND_UPDATE_GOLDEN=1`` to rewrite the golden files after a deliberate
change, then review the diff before committing it.
"""

from __future__ import annotations

import io
import os
from pathlib import Path

import pytest

from tests.conftest import FIXTURES, ROOT
from tui.cli import main

CASES = {
    "gangers-legal": "tests/fixtures/rosters/gangers/legal-500.toml",
    "gangers-findings": "tests/fixtures/golden/findings.toml",
    "mutards-legal": "tests/fixtures/rosters/mutards/legal-500.toml",
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_show_matches_golden(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)
    out = io.StringIO()
    assert main(["show", "--width", "100", CASES[name]], out=out) == 0
    golden = FIXTURES / "golden" / f"show-{name}.txt"
    if os.environ.get("WARBAND_UPDATE_GOLDEN"):
        golden.write_text(out.getvalue(), encoding="utf-8")
    assert out.getvalue() == golden.read_text(encoding="utf-8")


def test_show_of_an_unreadable_file(tmp_path: Path) -> None:
    bad = tmp_path / "bad.toml"
    bad.write_text("format = \n")
    err = io.StringIO()
    assert main(["show", str(bad)], out=io.StringIO(), err=err) == 2
    assert err.getvalue().startswith(f"{bad} is not valid TOML\n  {bad}:1:")
