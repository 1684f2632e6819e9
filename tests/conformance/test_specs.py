"""One test per conformance spec of ``../shared/battlescribe-spec/specs/roster``.

Each spec runs through ``tests.conformance.runner`` as ``python -m tests.conformance``
runs it. A spec listed in ``expected_failures.FAILING`` is a strict ``xfail`` with the
behaviour it lacks as its reason: when warband starts to pass it, the run fails until
the line is removed, so the list always says exactly what is still missing.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.conformance.__main__ import spec_files
from tests.conformance.expected_failures import FAILING
from tests.conformance.runner import SHARED, run_spec

SPECS = SHARED / "battlescribe-spec" / "specs" / "roster"


def _params() -> list[object]:
    out: list[object] = []
    for path in spec_files([SPECS]):
        marks = []
        if path.stem in FAILING:
            marks.append(pytest.mark.xfail(reason=FAILING[path.stem], strict=True))
        out.append(pytest.param(path, id=path.stem, marks=marks))
    return out


@pytest.mark.parametrize("path", _params())
def test_spec(path: Path) -> None:
    result = run_spec(path)
    if result.outcome == "skip":
        pytest.skip(result.first)
    assert result.outcome == "pass", "\n".join(result.lines)


def test_every_listed_failure_is_a_spec() -> None:
    """A spec id listed as failing that no spec has is a typo or a removed spec."""
    ids = {p.stem for p in spec_files([SPECS])}
    assert sorted(set(FAILING) - ids) == []


def test_every_listed_failure_is_told_in_the_semantics() -> None:
    """``model/bsdata/SEMANTICS.md`` lists each spec still failing (the issue asks for the
    list in both places), and no spec it lists as failing passes."""
    text = (Path(__file__).resolve().parents[2] / "model" / "bsdata" / "SEMANTICS.md").read_text()
    section = text[text.index("## The conformance suite") :]
    told = set(re.findall(r"^- `([a-z0-9-]+)`:", section, re.MULTILINE))
    assert told == set(FAILING)


def test_the_readme_gives_todays_score() -> None:
    """The README's score is the one the runner prints: every spec but those listed as
    failing passes (the strict xfails above hold each side of that)."""
    readme = (Path(__file__).resolve().parents[2] / "README.md").read_text()
    total = len(spec_files([SPECS]))
    score = f"`{total - len(FAILING)} passed, {len(FAILING)} failed, 0 skipped`"
    assert score in " ".join(readme.split())
