"""List rules measured once per group of equal entries place their findings where a walk
over every entry would: on the last entry that adds to an over-full count (preferring one
that bought what it adds) and on the first entry a list-wide minimum applies because of.

The reference is the same validation with every entry in a group of its own, which is the
walk over every entry that ``_last_contributor`` and ``_first_when`` did before (issue 15:
it took most of a key press's validation in long lists)."""

from __future__ import annotations

from pathlib import Path

import pytest

from model.catalog.schema import FactionView
from model.roster import validate as validate_module
from model.roster.resolved import _LAST, _RESOLVED
from model.roster.roster import Roster
from model.roster.validate import _UNIT_FINDINGS, validate
from model.rules.findings import Report
from model.rules.kind import Group as _Group
from saves.roster_file import read_roster
from tests.conftest import FIXTURES
from tests.helpers import bundled
from tests.model.test_validate_reuse import from_nothing

ROSTERS = sorted((FIXTURES / "rosters").glob("*/*.toml"))


def _singletons(loadouts: object, bases: object) -> tuple[_Group, ...]:
    assert isinstance(loadouts, tuple)
    return tuple(_Group(lo, 1, lo.index) for lo in loadouts)


def entry_by_entry(roster: Roster, monkeypatch: pytest.MonkeyPatch) -> Report:
    """The report with no two entries measured together."""
    view = _view(roster)
    with monkeypatch.context() as patch:
        patch.setattr(validate_module, "_groups", _singletons)
        _RESOLVED.clear()
        _UNIT_FINDINGS.clear()
        _LAST.clear()
        return validate(view, roster)


def _view(roster: Roster) -> FactionView:
    return bundled(roster.system).view(roster.faction).with_cards(roster.cards)


def _mixed(roster: Roster) -> Roster:
    """Each entry three times over, in an order that interleaves the copies (so groups are
    not runs), with the limit raised so the list stays within its points."""
    units = roster.units
    mixed = (*units, *reversed(units), *units)
    return roster.model_copy(update={"units": mixed, "points_limit": roster.points_limit * 3})


@pytest.mark.parametrize("path", ROSTERS, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_groups_place_findings_as_entry_by_entry(
    path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    roster, _ = read_roster(path)
    for case in (roster, _mixed(roster)):
        expected = entry_by_entry(case, monkeypatch)
        assert from_nothing(_view(case), case) == expected
