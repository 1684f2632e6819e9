"""What the equip dialog says forbids one more of an option is what validating the whole
list with that one more says (the check per option looks only at the edited entry and
the list-wide rules): for every entry of every fixture list, every option. Most fixture
lists break a rule, so many options are blocked and their reasons compared."""

from __future__ import annotations

from pathlib import Path

import pytest

from model.catalog.schema import FactionView
from model.roster.advice import Option, options_for
from model.roster.roster import Roster
from model.roster.validate import edit_errors, edit_errors_each, validate
from saves.roster_file import read_roster
from tests.conftest import FIXTURES
from tests.helpers import bundled

LISTS = sorted((FIXTURES / "rosters").glob("*/*.toml"))


def whole_list_options(view: FactionView, roster: Roster, index: int) -> tuple[Option, ...]:
    """Each option's advice from the whole list validated per option (``options_for`` as it
    was first written)."""
    entry = roster.units[index]
    before = {(f.code, f.message) for f in validate(view, roster).errors}
    out: list[Option] = []
    for group in view.option_groups(entry.unit):
        for item_id, choice in group.choices.items():
            count = entry.items.get(item_id, 0)
            trial = roster.replace_unit(index, entry.with_item(item_id, count + 1))
            new = tuple(
                f
                for f in validate(view, trial).errors
                if (f.code, f.message) not in before and f.code != "points-limit"
            )
            limit = None if choice.limit is None else choice.limit * entry.models
            most = None if group.max is None else group.max * entry.models
            if most is not None:
                limit = most if limit is None else min(limit, most)
            cost = view.choice_cost(group, item_id)
            out.append(Option(item_id, group.name, cost, count, limit, new, most))
    return tuple(out)


@pytest.mark.parametrize("path", LISTS, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_options_say_what_the_whole_list_would(path: Path) -> None:
    roster, _ = read_roster(path)
    view = bundled(roster.system).view(roster.faction).with_cards(roster.cards)
    for index in range(len(roster.units)):
        got = options_for(view, roster, index)
        assert got == whole_list_options(view, roster, index)
    # Copies of an entry share what they resolve to: check one placed among them too.
    if roster.units:
        longer = roster.model_copy(update={"units": roster.units * 3})
        for index in (0, len(roster.units), len(longer.units) - 1):
            assert options_for(view, longer, index) == whole_list_options(view, longer, index)


@pytest.mark.parametrize("path", LISTS, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_checking_options_together_finds_what_checking_each_finds(path: Path) -> None:
    """``edit_errors_each`` counts the other entries once and evaluates whole only the
    rules an option makes find something: for every entry of every fixture list, one
    more and one fewer of each option, and each entry with its items taken away, it
    gives ``edit_errors``'s findings, in its order; also in the list three times over,
    each entry named apart (no two alike, so no entries are counted together)."""
    roster, _ = read_roster(path)
    view = bundled(roster.system).view(roster.faction).with_cards(roster.cards)
    named = roster.model_copy(
        update={
            "units": tuple(
                u.model_copy(update={"name": f"{u.name or 'Entry'} {n}"})
                for n, u in enumerate(roster.units * 3)
            )
        }
    )
    for listed in (roster, named):
        for index, entry in enumerate(listed.units):
            bare = entry
            for item_id in entry.items:
                bare = bare.with_item(item_id, 0)
            trials = [bare]
            for group in view.option_groups(entry.unit):
                for item_id in group.choices:
                    count = entry.items.get(item_id, 0)
                    trials.append(entry.with_item(item_id, count + 1))
                    if count:
                        trials.append(entry.with_item(item_id, count - 1))
            expected = tuple(edit_errors(view, listed, index, t) for t in trials)
            assert edit_errors_each(view, listed, index, trials) == expected


def test_a_points_tolerance_counts_the_edited_entrys_models_too() -> None:
    """Steam Wars allows going over the limit by less than the cheapest model. In the
    designed list (967 points) entry 9's models cost 7 points each, every other entry's
    14 or more: over a limit of 959 by 8, more than 7, is an error, which a tolerance of
    the other entries' cheapest model (14) would have made a warning."""
    roster, _ = read_roster(FIXTURES / "rosters" / "steam-wars" / "designed-1000.toml")
    roster = roster.model_copy(update={"points_limit": 959})
    view = bundled(roster.system).view(roster.faction).with_cards(roster.cards)
    entry = roster.units[8]
    expected = edit_errors(view, roster, 8, entry)
    assert "points-limit" in {f.code for f in expected}
    assert edit_errors_each(view, roster, 8, [entry]) == (expected,)
