"""An edited list is checked reusing what was worked out for the last one (issue 33): its
unchanged entries' loadouts and own findings (``validate``), the other entries counted
once for the equip dialog (``edit_errors_each``), the limits of the entries it shares
(``Roster.beyond_limits``). Whatever the edit (an item added or taken, an entry copied,
removed, moved, renamed, the limit changed, back to the first list), the answers are the
ones worked out from nothing, for every fixture list."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

import model.roster.resolved as resolving
import model.roster.validate as checking
from model.catalog.schema import FactionView
from model.core.bounds import MAX_ITEMS
from model.roster.advice import Option, options_for
from model.roster.roster import Roster, kept_span
from model.rules.findings import Report
from saves.roster_file import read_roster
from tests.conftest import FIXTURES
from tests.helpers import bundled

LISTS = sorted((FIXTURES / "rosters").glob("*/*.toml"))


def _from_nothing(view: FactionView, roster: Roster, index: int | None) -> tuple[Report, object]:
    """The report (and the options of entry ``index``) with the last list forgotten; what
    the next edit reuses is put back after."""
    kept = (list(resolving._LAST), list(checking._OWN), list(checking._OTHERS))
    for memo in (resolving._LAST, checking._OWN, checking._OTHERS):
        memo.clear()
    try:
        report = checking.validate(view, roster)
        options = None if index is None else options_for(view, roster, index, report)
        return report, options
    finally:
        resolving._LAST[:], checking._OWN[:], checking._OTHERS[:] = kept


def _edits(view: FactionView, roster: Roster) -> Iterator[tuple[Roster, int | None]]:
    """Lists one edit apart, each from the one before, and the entry the edit was about."""
    if not roster.units:
        return
    middle = len(roster.units) // 2
    yield roster.duplicate_unit(middle), middle + 1
    current = roster.duplicate_unit(middle)
    entry = current.units[middle]
    for group in view.option_groups(entry.unit)[:2]:
        for item_id in list(group.choices)[:2]:
            count = current.units[middle].items.get(item_id, 0)
            current = current.replace_unit(
                middle, current.units[middle].with_item(item_id, count + 1)
            )
            yield current, middle
            current = current.replace_unit(middle, current.units[middle].with_item(item_id, count))
            yield current, middle
    current = current.without_unit(0)
    yield current, max(middle - 1, 0)
    if len(current.units) > 1:
        current = current.move_unit(0, 1)
        yield current, 1
    current = current.edit_unit(len(current.units) - 1, name="Renamed")
    yield current, len(current.units) - 1
    current = current.model_copy(update={"points_limit": current.points_limit + 50})
    yield current, 0
    yield roster, middle  # back to the very first list (as undoing everything is)


@pytest.mark.parametrize("path", LISTS, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_each_edit_is_checked_as_from_nothing(path: Path) -> None:
    roster, _ = read_roster(path)
    base = bundled(roster.system).view(roster.faction)
    checking.validate(base.with_cards(roster.cards), roster)
    for edited, index in _edits(base.with_cards(roster.cards), roster):
        view = base.with_cards(edited.cards)
        report = checking.validate(view, edited)
        got: tuple[Option, ...] | None = None
        if index is not None and index < len(edited.units):
            got = options_for(view, edited, index, report)
        assert (report, got) == _from_nothing(view, edited, index if got is not None else None)


@pytest.mark.parametrize("path", LISTS, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_a_list_one_option_from_the_dialogs_is_checked_as_from_nothing(path: Path) -> None:
    """The equip dialog's key: the dialog asked about entry ``index`` of a list, then one
    of its options is taken or given back. ``validate`` then counts the list rules from
    what the dialog's question counted over the other entries: findings and tallies are
    those of the list checked from nothing, for every option of every entry."""
    roster, _ = read_roster(path)
    view = bundled(roster.system).view(roster.faction).with_cards(roster.cards)
    for index, entry in enumerate(roster.units):
        for group in view.option_groups(entry.unit):
            for item_id in group.choices:
                count = entry.items.get(item_id, 0)
                for changed in {count + 1, max(count - 1, 0)}:
                    options_for(view, roster, index, checking.validate(view, roster))
                    trial = roster.replace_unit(index, entry.with_item(item_id, changed))
                    report = checking.validate(view, trial)
                    assert report == _from_nothing(view, trial, None)[0]


def test_the_equip_dialogs_others_are_counted_once_per_entry_and_list() -> None:
    roster, _ = read_roster(FIXTURES / "rosters" / "gangers" / "legal-500.toml")
    view = bundled(roster.system).view(roster.faction)
    entry = roster.units[3]
    added = roster.replace_unit(3, entry.with_item("bullet", entry.items["bullet"] + 1))
    checking.edit_errors_each(view, roster, 3, [entry])
    counted = checking._OTHERS[0][4]
    checking.edit_errors_each(view, added, 3, [entry])
    assert checking._OTHERS[0][4] is counted  # only entry 3 differs: the others stand
    checking.edit_errors_each(view, added, 2, [entry])
    assert checking._OTHERS[0][4] is not counted  # another entry: counted again
    counted = checking._OTHERS[0][4]
    other = added.replace_unit(4, added.units[4].with_item("bullet", 1))
    checking.edit_errors_each(view, other, 2, [entry])
    assert checking._OTHERS[0][4] is not counted  # one of the others changed


def test_kept_span_finds_the_edited_span_by_identity() -> None:
    roster, _ = read_roster(FIXTURES / "rosters" / "gangers" / "legal-500.toml")
    units = roster.units
    assert kept_span(units, units) == (len(units), 0)
    assert kept_span(units, roster.duplicate_unit(2).units) == (3, len(units) - 3)
    assert kept_span(units, roster.without_unit(2).units) == (2, len(units) - 3)
    changed = roster.replace_unit(5, units[5].model_copy()).units  # equal, not the same
    assert kept_span(units, changed) == (5, len(units) - 6)


def test_an_edit_beyond_the_limits_is_refused_with_or_without_the_list_it_came_from() -> None:
    roster, _ = read_roster(FIXTURES / "rosters" / "gangers" / "legal-500.toml")
    entry = roster.units[3]
    too_many = roster.replace_unit(3, entry.with_item("bullet", MAX_ITEMS + 1))
    said = f"an entry has at most {MAX_ITEMS:,} of an item"
    assert too_many.beyond_limits() == said
    assert too_many.beyond_limits(since=roster) == said
    assert roster.duplicate_unit(3).beyond_limits(since=roster) is None


def test_a_new_points_limit_or_setting_checks_every_entry_again(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Entries' own findings and the others' counts may name the limit or a setting: kept
    only while both are the same."""
    roster, _ = read_roster(FIXTURES / "rosters" / "gangers" / "legal-500.toml")
    view = bundled(roster.system).view(roster.faction)
    checked: list[int] = []
    real = checking._unit_findings

    def counting(*args: object) -> object:
        checked.append(1)
        return real(*args)  # type: ignore[arg-type]

    monkeypatch.setattr(checking, "_unit_findings", counting)
    checking.validate(view, roster)
    checked.clear()
    checking.validate(view, roster.model_copy())  # the same entries, limit and settings
    assert checked == []
    checking.validate(view, roster.model_copy(update={"points_limit": 600}))
    assert len(checked) == len(roster.units)
    entry = roster.units[3]
    checking.edit_errors_each(view, roster, 3, [entry])
    counted = checking._OTHERS[0][4]
    wider = roster.model_copy(update={"points_limit": 600})
    checking.edit_errors_each(view, wider, 3, [entry])
    assert checking._OTHERS[0][4] is not counted
    counted = checking._OTHERS[0][4]
    set_apart = wider.model_copy(update={"settings": wider.settings.set("vehicles", 1)})
    checking.edit_errors_each(view, set_apart, 3, [entry])
    assert checking._OTHERS[0][4] is not counted
    checked.clear()
    checking.validate(view, set_apart)
    assert len(checked) == len(roster.units)


def test_an_entry_is_measured_once_per_term_and_grouping() -> None:
    """``measure`` keeps what a loadout gave a term, by grouping, as worked out anew."""
    from model.rules import match
    from model.rules.match import Term

    roster, _ = read_roster(FIXTURES / "rosters" / "gangers" / "legal-500.toml")
    view = bundled(roster.system).view(roster.faction)
    lo = resolving.loadouts_of(view, roster)[0]
    items = Term(measure="items")
    by_item = match.measure(items, lo, "item")
    assert by_item is match.measure(items, lo, "item")  # kept
    assert by_item == tuple(match._measure(items, lo, "item"))
    by_unit = match.measure(items, lo, "unit")
    assert by_unit == tuple(match._measure(items, lo, "unit")) != by_item
    models = Term(measure="models")
    assert match.measure(models, lo, "unit") == tuple(match._measure(models, lo, "unit"))
    assert match.measure(models, lo, "unit") != by_unit
