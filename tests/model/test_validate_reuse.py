"""Validation reuses what it worked out for earlier lists (entries resolved, entries found
clean, copies of one entry measured once): after any run of edits, the report is the one
a validation from nothing gives."""

from __future__ import annotations

import random

from model.catalog.schema import FactionView
from model.roster.resolved import _LAST, _RESOLVED
from model.roster.roster import Roster
from model.roster.validate import _UNIT_FINDINGS, validate
from model.rules.findings import Report
from saves.roster_file import read_roster
from tests.conftest import FIXTURES
from tests.helpers import bundled, entry, entry_with


def from_nothing(view: FactionView, roster: Roster) -> Report:
    """The report with every cache emptied first."""
    _RESOLVED.clear()
    _UNIT_FINDINGS.clear()
    _LAST.clear()
    return validate(view, roster)


def test_an_entry_with_findings_keeps_them_when_an_edit_moves_it() -> None:
    """Findings name an entry's place: moved, it is checked again, not taken as clean."""
    view = bundled().view("gangers")
    bad = entry_with("ganger", {"automatic-rifle": 1})  # not among a Ganger's options
    roster = Roster(
        system="punkapocalyptic",
        faction="gangers",
        name="Moved",
        points_limit=500,
        units=(entry("chief"), bad),
    )
    first = validate(view, roster)
    assert [f.where.unit for f in first.findings if f.code == "not-offered"] == [1]
    moved = roster.with_unit(entry("ganger"), at=0)
    again = validate(view, moved)
    assert [f.where.unit for f in again.findings if f.code == "not-offered"] == [2]
    assert "unit 3" in next(f.message for f in again.findings if f.code == "not-offered")
    assert again == from_nothing(view, moved)


def test_any_run_of_edits_reports_as_a_validation_from_nothing() -> None:
    """Copies, removals, moves and item changes in a list long enough to break its limits
    (copies of one entry are counted once each for the list rules)."""
    rng = random.Random(15)
    view = bundled().view("gangers")
    roster, _ = read_roster(FIXTURES / "rosters" / "gangers" / "legal-500.toml")
    for _ in range(8):  # more Scumbags than the other members allow: the ratio rule speaks
        roster = roster.with_unit(entry("scumbag"))
    items = ("bullet", "rifle", "automatic-rifle", "shotgun", "grumpy-cat")
    for _ in range(60):
        n = len(roster.units)
        at = rng.randrange(n)
        move = rng.choice(("copy", "copy", "remove", "move", "item", "limit"))
        if move == "copy" or n < 3:
            roster = roster.duplicate_unit(at)
        elif move == "remove":
            roster = roster.without_unit(at)
        elif move == "move":
            roster = roster.move_unit(at, rng.choice((-3, 1)))
        elif move == "item":
            unit = roster.units[at]
            roster = roster.replace_unit(at, unit.with_item(rng.choice(items), rng.randrange(3)))
        else:
            roster = roster.model_copy(update={"points_limit": rng.choice((300, 500, 2000))})
        cached = validate(view, roster)
        assert cached == from_nothing(view, roster)
        validate(view, roster.duplicate_unit(0))  # leave something else in the caches


def test_copies_of_one_entry_are_each_counted_and_the_last_one_named() -> None:
    """Equal entries are measured once for the list rules but count once each, and a
    finding about the whole list points at the last entry that added to it."""
    view = bundled().view("gangers")
    roster = Roster(
        system="punkapocalyptic",
        faction="gangers",
        name="Copies",
        points_limit=2000,
        units=(entry("scumbag"), entry("chief"), entry("scumbag"), entry("scumbag")),
    )
    [ratio] = [f for f in validate(view, roster).findings if f.code == "scumbags"]
    assert ratio.where.unit == 3
    assert ratio.message.startswith("3 Scumbags but 1 other member")
