"""``warband validate --json`` on hand-computed lists, one file per case.

Each ``tests/fixtures/rosters/<faction>/<case>.toml`` is a roster whose comments
show the points worked out by hand from the band tables; next to it,
``<case>.expected.json`` holds the exit code and the exact JSON the command must
print. A case that breaks a rule lists the finding with its full message, so
the wording that tells a player how to fix the list is under test too.
"""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from tests.conftest import FIXTURES
from tui.cli import main

CASES = sorted((FIXTURES / "rosters").glob("*/*.toml"))


def run_validate(path: Path) -> tuple[int, dict[str, object]]:
    out, err = io.StringIO(), io.StringIO()
    code = main(["validate", "--json", str(path)], out=out, err=err)
    assert err.getvalue() == "", err.getvalue()
    return code, json.loads(out.getvalue())


@pytest.mark.parametrize("case", CASES, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_validate_case(case: Path) -> None:
    expected = json.loads(case.with_suffix(".expected.json").read_text())
    code, report = run_validate(case)
    assert report == expected["report"]
    assert code == expected["exit"]


def test_every_band_has_cases() -> None:
    bands = {p.parent.name for p in CASES}
    assert {"gangers"} <= bands
