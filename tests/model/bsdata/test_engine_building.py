"""Building on a small game: what is offered where, defaults, and removing (the rules in
``model/bsdata/building.py``'s docstring)."""

from __future__ import annotations

import pytest

from model.bsdata.building import add_selection, choices, new_force, remove_selection
from model.bsdata.evaluate import evaluate
from model.bsdata.roster import BsRoster
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

GROUP = entry(
    "arms",
    "Arms",
    constraint("arms-min", "min", 1)
    + "<selectionEntries>"
    + entry("sword", "Sword", cost(2))
    + entry("axe", "Axe", cost(3))
    + "</selectionEntries>",
    tag="selectionEntryGroup",
).replace('name="Arms"', 'name="Arms" defaultSelectionEntryId="axe"')
HERO = entry(
    "hero",
    "Hero",
    cost(20)
    + constraint("hero-min", "min", 1, scope="force")
    + "<selectionEntries>"
    + entry("banner", "Banner", cost(5) + constraint("banner-none", "max", 0))
    + entry("cloak", "Cloak", cost(1)).replace('name="Cloak"', 'name="Cloak" hidden="true"')
    + entry("boots", "Boots", cost(1) + constraint("boots-min", "min", 2))
    + "</selectionEntries><selectionEntryGroups>"
    + GROUP
    + "</selectionEntryGroups>",
    kind="model",
)
GAME = system(gst(FORCE), cat(f"<selectionEntries>{HERO}</selectionEntries>"))


def test_a_new_force_selects_its_minimum_and_their_defaults() -> None:
    """The Hero has min 1 per force: a new force selects one (id f1, then s2...), and in
    it 2 Boots (their min 2) and the Arms group's default Axe (the group's min 1): 20 +
    2*1 + 3 = 25 pts, valid."""
    built = new_force(GAME, BsRoster("r", "R", "gs"), "cat", "team")
    force = built.forces[0]
    assert force.id == "f1"
    hero = force.selections[0]
    assert (hero.id, hero.name) == ("s2", "Hero")
    assert [(s.name, s.number, s.entry_group_id) for s in hero.selections] == [
        ("Boots", 2, None),
        ("Axe", 1, "arms"),
    ]
    result = evaluate(GAME, built)
    assert result.valid
    assert result.totals[0].value == 25


def test_choices_leave_out_hidden_entries_and_those_held_to_zero() -> None:
    """Inside a Hero: the Cloak is hidden and the Banner has max 0 in its parent, so only
    the Boots and the Arms are offered, the Arms under their group's name."""
    offered = choices(GAME, roster(sel("h", "hero")), "f1", "h")
    assert [(c.name, c.group, c.costs[0].value) for c in offered] == [
        ("Boots", "", 1),
        ("Sword", "Arms", 2),
        ("Axe", "Arms", 3),
    ]


def test_adding_and_removing_a_selection() -> None:
    """A Sword added to a Hero is inside it; removing the Hero removes all it holds."""
    added = add_selection(GAME, roster(sel("h", "hero")), "f1", "h", "sword")
    assert [s.name for s in added.forces[0].selections[0].selections] == ["Sword"]
    assert remove_selection(added, "h").forces[0].selections == ()


def test_adding_where_nothing_fits_is_a_roster_error() -> None:
    """An entry not offered there, or a force or parent that does not exist, is refused
    with a message (no traceback)."""
    with pytest.raises(RosterError):
        add_selection(GAME, roster(), "f1", None, "sword")
    with pytest.raises(RosterError):
        add_selection(GAME, roster(), "nope", None, "hero")
    with pytest.raises(RosterError):
        new_force(GAME, roster(), "cat", "nope")
