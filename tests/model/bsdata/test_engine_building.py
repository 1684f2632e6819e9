"""Building on a small game: what is offered where, defaults, and removing (the rules in
``model/bsdata/building.py``'s docstring)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from model.bsdata.building import (
    add_selection,
    choices,
    new_force,
    remove_force,
    remove_selection,
    set_cost_limit,
    set_custom_name,
    set_number,
)
from model.bsdata.engine import roster_limits
from model.bsdata.evaluate import Evaluation, evaluate
from model.bsdata.roster import BsRoster, CostLimit, Force
from model.bsdata.roster_bounds import MAX_TEXT
from model.bsdata.system import GameSystem
from model.core.problems import RosterError
from tests.model.bsdata.xml_fixtures import (
    COST_TYPES,
    FORCE,
    cat,
    constraint,
    cost,
    entry,
    gst,
    link,
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


def test_a_selections_number_changes_within_what_a_file_holds() -> None:
    """The builder's + and -: the Sword inside the Hero is taken 3 times, then never
    fewer than once nor more than a roster file holds; the Hero and its other
    selections are left as they were."""
    added = add_selection(GAME, roster(sel("h", "hero")), "f1", "h", "sword")
    sword = added.forces[0].selections[0].selections[-1].id
    three = set_number(added, sword, 3)
    assert [s.number for s in three.forces[0].selections[0].selections] == [
        1 if s.id != sword else 3 for s in added.forces[0].selections[0].selections
    ]
    assert three.forces[0].selections[0].number == 1
    assert set_number(three, sword, 0) == added
    assert set_number(added, sword, 10**9).forces[0].selections[0].selections[-1].number == 10**6


def test_a_custom_name_is_given_to_one_selection_or_force_and_taken_away_when_empty() -> None:
    """The builder's r: the Sword inside the Hero gets a name of its own, and nothing
    else changes; the force too; an empty name (or one of blanks and control characters,
    which never reach a terminal) takes it away."""
    added = add_selection(GAME, roster(sel("h", "hero")), "f1", "h", "sword")
    sword = added.forces[0].selections[0].selections[-1]
    named = set_custom_name(added, "f1", sword.id, "  Widow\x1b[31mmaker ")
    inner = named.forces[0].selections[0].selections
    assert inner[-1].custom_name == "Widow[31mmaker"
    assert inner[-1].name == "Sword"
    assert [s.custom_name for s in inner[:-1]] == ["" for _ in inner[:-1]]
    assert named.forces[0].selections[0].custom_name == ""
    assert set_custom_name(named, "f1", sword.id, " \x07 ") == added
    force_named = set_custom_name(named, "f1", None, "Strike team")
    assert force_named.forces[0].custom_name == "Strike team"
    assert force_named.forces[0].selections == named.forces[0].selections
    with pytest.raises(RosterError, match="Name too long"):
        set_custom_name(added, "f1", sword.id, "x" * (MAX_TEXT + 1))


def test_a_cost_limit_is_set_in_place_or_added_and_none_sets_aside_the_games_default() -> None:
    """The builder's l: the list's own limit of a cost is replaced where it stands, or
    added after the others; no limit is BattleScribe's -1, which also sets aside the
    game's default limit (here 10 pts); a limit a file could not hold is refused."""
    game = system(
        gst(FORCE, COST_TYPES.replace('defaultCostLimit="-1"', 'defaultCostLimit="10"')),
        cat(f"<selectionEntries>{HERO}</selectionEntries>"),
    )

    def over(listed: BsRoster) -> bool:
        return any(f.code == "bs-over-limit" for f in evaluate(game, listed).findings)

    start = roster(sel("h", "hero"))  # 20 pts: over the game's default of 10
    assert roster_limits(game, start) == (CostLimit("pts", 10.0),)
    assert over(start)
    fifty = set_cost_limit(start, "pts", 50)
    assert fifty.cost_limits == (CostLimit("pts", 50.0),)
    assert not over(fifty)
    both = set_cost_limit(set_cost_limit(fifty, "cans", 9), "pts", 75)
    assert both.cost_limits == (CostLimit("pts", 75.0), CostLimit("cans", 9.0))
    unlimited = set_cost_limit(fifty, "pts", None)
    assert roster_limits(game, unlimited) == (CostLimit("pts", -1.0),)
    assert not over(unlimited)
    assert over(set_cost_limit(unlimited, "pts", 1))
    for wrong in (-1.0, 2e9, float("nan")):
        with pytest.raises(RosterError, match="Limit out of range"):
            set_cost_limit(start, "pts", wrong)


def test_a_force_is_added_after_the_others_and_removed_with_what_it_holds() -> None:
    """The builder's n and x on a force: a second force comes last, with its Hero (min 1
    per force); removing a force takes its selections and the forces inside it, and
    leaves the others as they were."""
    first = new_force(GAME, BsRoster("r", "R", "gs"), "cat", "team")
    second = new_force(GAME, first, "cat", "team")
    assert [f.id for f in second.forces] == ["f1", second.forces[1].id]
    assert [s.name for s in second.forces[1].selections] == ["Hero"]
    assert remove_force(second, second.forces[1].id) == first
    inner = Force("f9", "team", "cat", "Allies", selections=first.forces[0].selections)
    nested = BsRoster("r", "R", "gs", forces=(replace(first.forces[0], forces=(inner,)),))
    assert remove_force(nested, "f9").forces == first.forces
    assert remove_force(nested, "f1").forces == ()


def test_adding_where_nothing_fits_is_a_roster_error() -> None:
    """An entry not offered there, or a force or parent that does not exist, is refused
    with a message (no traceback)."""
    with pytest.raises(RosterError):
        add_selection(GAME, roster(), "f1", None, "sword")
    with pytest.raises(RosterError):
        add_selection(GAME, roster(), "nope", None, "hero")
    with pytest.raises(RosterError):
        new_force(GAME, roster(), "cat", "nope")


def found(result: Evaluation) -> list[tuple[str, str | None, str]]:
    return [(f.code, f.where.selection, f.message) for f in result.findings]


def holds(inner: str) -> str:
    return f"<selectionEntries>{inner}</selectionEntries>"


def roots(inner: str) -> GameSystem:
    """A game whose catalogue's root entries are ``inner``."""
    return system(gst(FORCE), cat(holds(inner)))


def test_an_entry_in_a_hidden_group_is_hidden() -> None:
    """An entry takes its group's ``hidden``: the X of a hidden group is not offered, and
    a selection of it is an error."""
    group = entry("gr", "Gr", holds(entry("x", "X")), tag="selectionEntryGroup")
    group = group.replace('name="Gr"', 'name="Gr" hidden="true"')
    g = roots(entry("u", "U", f"<selectionEntryGroups>{group}</selectionEntryGroups>"))
    assert found(evaluate(g, roster(sel("s", "u", sel("x1", "x")))))[0][:2] == ("bs-hidden", "x1")
    assert choices(g, roster(sel("s", "u")), "f1", "s") == ()


def test_a_groups_default_through_a_link_to_the_group() -> None:
    """A Hero links to the shared Weapons group (``min 1``, default Axe): a new Hero gets
    an Axe, keyed through the link (``lw::ax``, its group ``lw::wg``), and is valid."""
    weapons = entry(
        "wg",
        "Weapons",
        constraint("wm", "min", 1)
        + holds(entry("sw", "Sword", cost(2)) + entry("ax", "Axe", cost(3))),
        tag="selectionEntryGroup",
    ).replace('name="Weapons"', 'name="Weapons" defaultSelectionEntryId="ax"')
    hero = entry(
        "hero", "Hero", f"<entryLinks>{link('lw', 'wg', kind='selectionEntryGroup')}</entryLinks>"
    )
    shared = f"<sharedSelectionEntryGroups>{weapons}</sharedSelectionEntryGroups>"
    g = system(gst(FORCE + shared), cat(holds(hero)))
    built = add_selection(g, roster(), "f1", None, "hero")
    axe = built.forces[0].selections[0].selections
    assert [(s.entry_id, s.entry_group_id, s.name) for s in axe] == [("lw::ax", "lw::wg", "Axe")]
    result = evaluate(g, built)
    assert result.valid
    assert result.totals[0].value == 3


def test_a_library_lends_shared_entries_and_imports_root_entries_marked_import() -> None:
    """A library catalogue is no faction. A catalogue linking it finds its shared
    entries by link, and with ``importRootEntries`` takes its root entries marked
    ``import="true"`` (the schema's default is false: the unmarked one is not taken)."""
    lib = cat(
        holds(
            entry("lx", "Lib X", cost(3)).replace('name="Lib X"', 'name="Lib X" import="true"')
            + entry("ly", "Lib Y", cost(4))
        )
        + "<sharedSelectionEntries>"
        + entry("sh", "Shared", cost(7))
        + "</sharedSelectionEntries>",
        cat_id="lib",
        name="Lib",
    ).replace("<catalogue ", '<catalogue library="true" ')
    main = cat(
        '<catalogueLinks><catalogueLink id="cl" name="Lib" targetId="lib" type="catalogue" '
        'importRootEntries="true"/></catalogueLinks>'
        f"<entryLinks>{link('ls', 'sh')}</entryLinks>"
    )
    g = system(gst(FORCE), main, lib)
    assert [c.name for c in g.factions] == ["Faction"]
    assert [c.name for c in choices(g, roster(), "f1")] == ["Shared", "Lib X"]
    result = evaluate(g, roster(sel("a", "lx"), sel("b", "ls::sh")))
    assert result.valid
    assert result.totals[0].value == 10
    assert found(evaluate(g, roster(sel("c", "ly"))))[0][:2] == ("bs-unknown-entry", "c")
