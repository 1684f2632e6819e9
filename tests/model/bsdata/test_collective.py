"""Collective entries kept one number per model, as BattleScribe keeps them
(``model/bsdata/collective.py``; ``SEMANTICS.md``, "Collective entries and numbers").

The game: a Squad (a unit at the top) holds Troopers; a Trooper holds a collective Rifle
(5 pts), a non-collective Badge only in the Veteran, and a group of collective Arms
(at most 2 per model) whose default, when the group is collective, is the Knife.
"""

from __future__ import annotations

import pytest

from model.bsdata.building import add_selection, deselect, set_count, step_number
from model.bsdata.collective import grown, grown_twice, shrunk
from model.bsdata.evaluate import evaluate
from model.bsdata.roster import BsRoster, Selection
from model.bsdata.roster_bounds import MAX_NUMBER, MAX_SELECTIONS
from model.bsdata.system import GameSystem
from model.core.problems import RosterError
from tests.model.bsdata.xml_fixtures import (
    FORCE,
    cat,
    constraint,
    cost,
    entry,
    gst,
    roster,
    sel,
    system,
)


def collective(xml: str) -> str:
    return xml.replace(">", ' collective="true">', 1)


ARMS = entry(
    "arms",
    "Arms",
    constraint("arms-max", "max", 2)
    + "<selectionEntries>"
    + collective(entry("sword", "Sword", cost(3)))
    + collective(entry("pistol", "Pistol", cost(4)))
    + "</selectionEntries>",
    tag="selectionEntryGroup",
)
KIT = collective(
    entry(
        "kit",
        "Kit",
        constraint("kit-min", "min", 1)
        + "<selectionEntries>"
        + collective(entry("knife", "Knife", cost(1)))
        + collective(entry("club", "Club", cost(2)))
        + "</selectionEntries>",
        tag="selectionEntryGroup",
    ).replace('name="Kit"', 'name="Kit" defaultSelectionEntryId="knife"')
)
TROOPER = entry(
    "trooper",
    "Trooper",
    cost(10)
    + "<selectionEntries>"
    + collective(entry("rifle", "Rifle", cost(5) + constraint("rifle-max", "max", 2)))
    + "</selectionEntries><selectionEntryGroups>"
    + ARMS
    + KIT
    + "</selectionEntryGroups>",
    kind="model",
)
VETERAN = entry(
    "veteran",
    "Veteran",
    "<selectionEntries>"
    + entry("badge", "Badge", cost(2))
    + collective(entry("blade", "Blade", cost(10)))
    + "</selectionEntries>",
    kind="model",
)
SQUAD = entry(
    "squad",
    "Squad",
    "<selectionEntries>"
    + TROOPER
    + VETERAN
    + collective(entry("flag", "Flag", cost(1)))
    + "</selectionEntries>",
    kind="unit",
)


def game() -> GameSystem:
    return system(gst(FORCE), cat(f"<selectionEntries>{SQUAD}</selectionEntries>"))


def find(built: BsRoster, entry_id: str) -> list[Selection]:
    out: list[Selection] = []
    stack = list(built.forces[0].selections)
    while stack:
        one = stack.pop(0)
        if one.entry_id == entry_id:
            out.append(one)
        stack.extend(one.selections)
    return out


def number(built: BsRoster, entry_id: str) -> int:
    found = find(built, entry_id)
    return sum(s.number for s in found)


def squad_with_trooper(trooper_number: int = 1) -> tuple[GameSystem, BsRoster]:
    """A Squad holding one Trooper selection (with its default Knife) taken that often."""
    g = game()
    built = add_selection(g, roster(sel("s1", "squad")), "f1", "s1", "trooper")
    trooper = find(built, "trooper")[0]
    return g, set_count(g, built, trooper.id, trooper_number)


def test_a_parents_number_going_up_and_down_one_at_a_time_in_closed_form() -> None:
    # each step from k adds ceil(count / k): 1 per model stays 1 per model
    assert grown(3, 3, 5) == 5
    assert grown(6, 3, 4) == 8
    # a count that is not a multiple grows by one more each step, as stepping gives
    assert grown(4, 3, 5) == _stepped(4, 3, 5)
    assert shrunk(9, 3, 1) == 3
    assert shrunk(4, 3, 1) == _stepped_down(4, 3, 1)
    assert shrunk(1, 3, 1) == 0  # the selection goes
    assert grown_twice(1, 1, 3) == 9  # BattleScribe's square for a collective default
    assert grown_twice(3, 1, 4) == _stepped(3, 1, 4, twice=True)
    assert grown(1, 1, 10**9) == MAX_NUMBER  # never past what a roster holds


def _stepped(count: int, old: int, new: int, twice: bool = False) -> int:
    for k in range(old, new):
        for _ in range(2 if twice else 1):
            count += -(-count // k)
    return count


def _stepped_down(count: int, old: int, new: int) -> int:
    for k in range(old, new, -1):
        count -= -(-count // k)
    return count


def test_a_collective_child_is_selected_once_per_model_of_its_parent() -> None:
    g, built = squad_with_trooper(3)
    trooper = find(built, "trooper")[0]
    built = add_selection(g, built, "f1", trooper.id, "rifle")
    assert [s.number for s in find(built, "rifle")] == [3]
    assert evaluate(g, built).selection_costs[find(built, "rifle")[0].id][0].value == 15
    built = add_selection(g, built, "f1", trooper.id, "rifle")  # again: one more each
    assert [s.number for s in find(built, "rifle")] == [6]


def test_collective_children_follow_their_parents_number_and_back() -> None:
    g, built = squad_with_trooper(1)
    trooper = find(built, "trooper")[0]
    built = add_selection(g, built, "f1", trooper.id, "rifle")
    built = set_count(g, built, trooper.id, 4)
    assert number(built, "rifle") == 4
    built = set_count(g, built, trooper.id, 2)
    assert (number(built, "trooper"), number(built, "rifle")) == (2, 2)


def test_a_collective_groups_default_grows_as_the_square_as_in_battlescribe() -> None:
    g, built = squad_with_trooper(1)
    assert number(built, "knife") == 1
    trooper = find(built, "trooper")[0]
    built = set_count(g, built, trooper.id, 3)
    assert number(built, "knife") == 9
    assert number(built, "club") == 0


def test_a_count_and_a_deselect_of_a_collective_child_are_per_model() -> None:
    g, built = squad_with_trooper(3)
    trooper = find(built, "trooper")[0]
    built = add_selection(g, built, "f1", trooper.id, "rifle")
    rifle = find(built, "rifle")[0]
    built = set_count(g, built, rifle.id, 2)
    assert number(built, "rifle") == 6
    built = deselect(g, built, rifle.id)
    assert number(built, "rifle") == 3
    built = deselect(g, built, rifle.id)
    assert find(built, "rifle") == []


def test_an_entry_selected_again_inside_a_selection_adds_to_it_unless_separate() -> None:
    g, built = game(), roster(sel("s1", "squad"))
    for _ in range(3):
        built = add_selection(g, built, "f1", "s1", "trooper")
        built = add_selection(g, built, "f1", "s1", "veteran")
    assert [s.number for s in find(built, "trooper")] == [3]
    # the Veteran holds a Badge, which is not collective: a node of its own each time
    assert [s.number for s in find(built, "veteran")] == [1, 1, 1]
    # BattleScribe does not count a separate entry: its count is left as it is
    veteran = find(built, "veteran")[0]
    assert set_count(g, built, veteran.id, 3) is built
    # the builder's + takes it another time anyway
    assert number(step_number(g, built, veteran.id, +1), "veteran") == 4


def test_a_collective_child_goes_in_every_selection_of_its_parents_entry() -> None:
    g, built = game(), roster(sel("s1", "squad"))
    built = add_selection(g, built, "f1", "s1", "veteran")
    built = add_selection(g, built, "f1", "s1", "veteran")
    first = find(built, "veteran")[0]
    built = add_selection(g, built, "f1", first.id, "blade")
    assert [s.number for s in find(built, "blade")] == [1, 1]
    built = deselect(g, built, find(built, "blade")[0].id)
    assert find(built, "blade") == []


def test_at_a_units_top_level_collective_is_plain() -> None:
    g = game()
    built = add_selection(g, roster(sel("s1", "squad", number=3)), "f1", "s1", "flag")
    assert number(built, "flag") == 1  # the Squad is at its force's top: not per model


def test_constraints_on_collective_entries_and_groups_count_per_model() -> None:
    g, built = squad_with_trooper(3)
    trooper = find(built, "trooper")[0]
    built = add_selection(g, built, "f1", trooper.id, "sword")
    built = add_selection(g, built, "f1", trooper.id, "pistol")
    built = add_selection(g, built, "f1", trooper.id, "rifle")
    rifle_id = find(built, "rifle")[0].id
    built = set_count(g, built, rifle_id, 2)
    assert (number(built, "sword"), number(built, "pistol"), number(built, "rifle")) == (3, 3, 6)
    assert [f.message for f in evaluate(g, built).findings if f.severity == "error"] == []
    built = set_count(g, built, rifle_id, 3)
    built = add_selection(g, built, "f1", trooper.id, "sword")
    assert sorted(f.message for f in evaluate(g, built).findings if f.severity == "error") == [
        "Trooper has 3 Arms each, at most 2: remove 1 Arms each",
        "Trooper has 3 Rifles each, at most 2: remove 1 Rifle each",
    ]


def test_the_builders_minus_stops_at_one_per_model() -> None:
    g, built = squad_with_trooper(3)
    trooper = find(built, "trooper")[0]
    built = add_selection(g, built, "f1", trooper.id, "rifle")
    rifle = find(built, "rifle")[0]
    assert step_number(g, built, rifle.id, -1) is built
    assert number(step_number(g, built, rifle.id, +1), "rifle") == 6
    assert number(step_number(g, built, trooper.id, +1), "rifle") == 4


def test_a_separate_entry_taken_several_times_at_once_is_that_many_selections() -> None:
    g, built = game(), roster(sel("s1", "squad"))
    built = add_selection(g, built, "f1", "s1", "veteran", number=2)
    assert [s.number for s in find(built, "veteran")] == [1, 1]
    with pytest.raises(RosterError, match="Too many selections"):
        add_selection(g, built, "f1", "s1", "veteran", number=MAX_SELECTIONS + 1)


def test_a_separate_entry_per_model_in_each_sibling_is_refused_past_the_cap_in_all() -> None:
    """A collective Pack holding a Badge (so separate: a selection per model) added to
    one of three Troopers of 2,000 models each goes in all three: 6,000 selections, past
    what a roster file holds though each Trooper's 2,000 is not."""
    pack = collective(
        entry("pack", "Pack", f"<selectionEntries>{entry('badge', 'Badge')}</selectionEntries>")
    )
    trooper = entry("trooper", "Trooper", f"<selectionEntries>{pack}</selectionEntries>")
    squad = entry("squad", "Squad", f"<selectionEntries>{trooper}</selectionEntries>")
    g = system(gst(FORCE), cat(f"<selectionEntries>{squad}</selectionEntries>"))
    troopers = [sel(f"t{n}", "trooper", number=2000) for n in range(3)]
    built = roster(sel("s1", "squad", *troopers))
    with pytest.raises(RosterError, match="2,000 more of Pack would take the list past 5,000"):
        add_selection(g, built, "f1", "t0", "pack")
    fewer = roster(sel("s1", "squad", *troopers[:2]))
    assert len(find(add_selection(g, fewer, "f1", "t0", "pack"), "pack")) == 4000
