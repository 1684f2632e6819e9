"""Which test shows each rule of the engine (constraint fields, scopes, query flags,
modifier and condition types, repeats and the rest), the rules that had no test before this
file included.

Each constraint field, scope, modifier type, condition type and repeat is shown on a
small XML game written for its test, with BattleScribe's semantics in the docstring
(files: core = ``test_engine_core.py``, mods = ``test_engine_modifiers.py``, build =
``test_engine_building.py``, cov = this file, robust = ``test_engine_robustness.py``).

Constraint fields
  selections ............ core test_max_on_parent_counts_the_selections_inside_the_same_parent
  forces ................ core test_a_force_entry_constraint_on_forces_counts_forces_of_that_entry,
                          cov test_forces_in_a_parent_force_count_the_forces_directly_in_it
  cost type ............. core test_a_cost_field_sums_the_cost_of_what_is_counted
  limit:: ............... cov test_a_limit_field_reads_the_rosters_limit

Scopes
  self .................. core test_self_scope_counts_the_selection_itself,
                          cov test_self_on_a_group_counts_its_members_where_they_are
  parent ................ core test_max_on_parent_counts_the_selections_inside_the_same_parent
  ancestor .............. cov test_ancestor_scope_holds_in_each_selection_around_it
  force ................. core test_force_and_roster_scopes_and_include_child_selections
  roster ................ core test_force_and_roster_scopes_and_include_child_selections
  primary-category ...... cov test_primary_category_counts_the_forces_selections_of_that_category
  primary-catalogue ..... cov test_primary_catalogue_counts_every_force_of_the_catalogue
  a specific entry id ... cov test_an_entry_id_scope_counts_in_the_nearest_selection_of_it
  a force entry id ...... cov test_a_force_entry_id_scope_and_include_child_forces

Query flags
  shared ................ core test_shared_counts_every_link_to_an_entry_and_not_shared_only_its_own
  includeChildSelections  core test_force_and_roster_scopes_and_include_child_selections
  includeChildForces .... cov test_a_force_entry_id_scope_and_include_child_forces
  percentValue .......... core test_percent_value_compares_a_share_of_everything_counted,
                          cov test_percent_value_in_self_counts_the_selection_in_the_whole

Modifier types (and the field each is shown on)
  set ................... mods test_set_increment_and_decrement_a_cost (cost),
                          mods test_name_set_and_append (name),
                          mods test_hidden_set_true_makes_a_selection_an_error (hidden),
                          cov test_set_hidden_false_shows_a_hidden_entry (hidden),
                          mods test_a_modifier_on_a_constraint_value (constraint value)
  increment ............. mods test_set_increment_and_decrement_a_cost (cost),
                          mods test_a_modifier_on_a_constraint_value (constraint value)
  decrement ............. mods test_set_increment_and_decrement_a_cost (cost),
                          cov test_decrement_a_constraint_value
  append ................ mods test_name_set_and_append (name)
  add, remove ........... mods test_categories_added_removed_and_made_primary (category),
                          cov test_a_category_added_by_a_modifier_is_counted_by_the_force
  set-primary,
  unset-primary ......... mods test_categories_added_removed_and_made_primary (category)
  on a link ............. cov test_a_links_modifier_changes_its_targets_constraint

Condition types
  lessThan, greaterThan, equalTo, notEqualTo, atLeast, atMost
  ....................... mods test_each_comparison (each true and false)
  instanceOf,
  notInstanceOf ......... mods test_instance_of_and_not_instance_of,
                          mods test_instance_of_an_ancestor
  condition groups ...... mods test_condition_groups_and_or_nested
  modifier groups ....... mods test_modifier_groups_apply_when_their_conditions_hold,
                          cov test_a_modifier_groups_repeats_multiply_its_modifiers

Repeats
  value, repeats ........ mods test_repeats_apply_once_per_bucket
  roundUp ............... mods test_repeats_apply_once_per_bucket
  a huge count .......... mods test_a_repeat_over_a_huge_count_is_arithmetic
  a tiny value .......... robust test_a_repeat_every_tiny_part_is_capped_not_an_overflow

Other rules
  hidden from a group ... build test_an_entry_in_a_hidden_group_is_hidden
  default selections .... build test_a_new_force_selects_its_minimum_and_their_defaults,
                          build test_a_groups_default_through_a_link_to_the_group
  libraries, imports .... build test_a_library_lends_shared_entries_and_imports_root_entries_
                          marked_import
  link loops, groups
  that hold themselves .. robust (every test)

History: the rules are the ones issue 18 lists.
"""

from __future__ import annotations

from model.bsdata.building import choices
from model.bsdata.evaluate import Evaluation, evaluate
from model.bsdata.roster import Force
from model.bsdata.system import GameSystem
from tests.model.bsdata.xml_fixtures import (
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


def found(result: Evaluation) -> list[tuple[str, str | None, str]]:
    return [(f.code, f.where.selection, f.message) for f in result.findings]


def roots(inner: str, game: str = FORCE) -> GameSystem:
    """A game whose catalogue's root entries are ``inner``."""
    return system(gst(game), cat(f"<selectionEntries>{inner}</selectionEntries>"))


def holds(inner: str) -> str:
    return f"<selectionEntries>{inner}</selectionEntries>"


CATEGORIES = (
    '<categoryEntries><categoryEntry id="hq" name="HQ"/>'
    '<categoryEntry id="troop" name="Troop"/></categoryEntries>'
)
FORCE_WITH_CATEGORIES = (
    '<forceEntries><forceEntry id="team" name="Team"><categoryLinks>'
    '<categoryLink id="fl-hq" name="HQ" targetId="hq">'
    + constraint("hq-max", "max", 1)
    + '</categoryLink><categoryLink id="fl-tr" name="Troop" targetId="troop"/>'
    "</categoryLinks></forceEntry></forceEntries>"
)


def in_category(category: str) -> str:
    return (
        f'<categoryLinks><categoryLink id="c-{category}" name="{category}" '
        f'targetId="{category}" primary="true"/></categoryLinks>'
    )


# -- fields ---------------------------------------------------------------------------


def test_a_limit_field_reads_the_rosters_limit() -> None:
    """``field="limit::pts"`` counts the roster's pts limit, not selections (BattleScribe:
    the roster's cost limit of that type, -1 when it has none). A Big Gun with ``min 500
    limit::pts, scope roster`` needs a game of 500 points or more: a 400 limit breaks it,
    600 does not, no limit (-1) breaks it; the message asks for a limit, not for more."""
    g = roots(entry("big", "Big Gun", constraint("lim", "min", 500, "roster", "limit::pts")))
    assert found(evaluate(g, roster(sel("a", "big"), limit=400))) == [
        (
            "bs-too-few",
            None,
            "Big Gun needs a pts limit of at least 500, and the roster's is 400: "
            "raise the roster's limit to 500",
        )
    ]
    assert evaluate(g, roster(sel("a", "big"), limit=600)).valid
    assert "the roster's is none" in found(evaluate(g, roster(sel("a", "big"))))[0][2]
    most = roots(entry("big", "Big Gun", constraint("lim", "max", 500, "roster", "limit::pts")))
    assert found(evaluate(most, roster(sel("a", "big"), limit=750)))[0][:2] == ("bs-too-many", "a")


NESTED_FORCES = (
    '<forceEntries><forceEntry id="army" name="Army"><forceEntries>'
    '<forceEntry id="det" name="Detachment">'
    + constraint("det-max", "max", 1, scope="parent", field="forces")
    + "</forceEntry></forceEntries></forceEntry></forceEntries>"
)


def test_forces_in_a_parent_force_count_the_forces_directly_in_it() -> None:
    """A nested Detachment with ``max 1 forces, scope parent``: its parent is the Army
    it is in, and the Army's forces are the ones directly in it (as the roster's are its
    top-level forces). Two Detachments in one Army are one too many; one in each of two
    Armies is fine."""
    g = system(gst(NESTED_FORCES), cat(""))
    dets = tuple(Force(f"d{i}", "det", "cat", "Detachment") for i in (1, 2))
    two = roster(forces=(Force("a", "army", "cat", "Army", forces=dets),))
    assert found(evaluate(g, two)) == [
        ("bs-too-many", None, "Army has 2 Detachment forces, at most 1: remove 1 Detachment force")
    ]
    apart = roster(
        forces=tuple(Force(f"a{i}", "army", "cat", "Army", forces=(d,)) for i, d in enumerate(dets))
    )
    assert evaluate(g, apart).valid


# -- scopes ---------------------------------------------------------------------------


def chest_game(gem_constraint: str) -> GameSystem:
    """A Chest holding Boxes holding Gems; the Gem has ``gem_constraint``."""
    gem = entry("gem", "Gem", gem_constraint)
    box = entry("box", "Box", holds(gem))
    return roots(entry("chest", "Chest", holds(box)))


CHEST = roster(
    sel("c", "chest", sel("b1", "box", sel("g1", "gem")), sel("b2", "box", sel("g2", "gem")))
)


def test_ancestor_scope_holds_in_each_selection_around_it() -> None:
    """``max 1, scope ancestor, includeChildSelections``: in each selection the Gem is
    inside (its Box, then the Chest) at most one Gem, counted at any depth. Each Box
    holds one, but the Chest holds two: broken there, pointing at the first Gem."""
    g = chest_game(constraint("gem-max", "max", 1, "ancestor", includeChildSelections="true"))
    assert found(evaluate(g, CHEST)) == [
        ("bs-too-many", "g1", "Chest has 2 Gems, at most 1: remove 1 Gem")
    ]
    alone = roster(sel("c", "chest", sel("b1", "box", sel("g1", "gem"))))
    assert evaluate(g, alone).valid


def test_an_entry_id_scope_counts_in_the_nearest_selection_of_it() -> None:
    """``scope="chest"`` (an entry's id) counts inside the nearest Chest around the Gem:
    two Gems in one Chest break ``max 1`` (with ``includeChildSelections``: they are in
    Boxes); without it only the Chest's direct children count, and none is a Gem."""
    deep = constraint("gem-max", "max", 1, "chest", includeChildSelections="true")
    assert found(evaluate(chest_game(deep), CHEST))[0][:2] == ("bs-too-many", "g1")
    assert evaluate(chest_game(constraint("gem-max", "max", 1, "chest")), CHEST).valid


def test_a_force_entry_id_scope_and_include_child_forces() -> None:
    """``scope="army"`` (a force entry's id) counts in the nearest Army force around the
    Gem. A Gem in the Army and one in its Detachment: without ``includeChildForces`` the
    Army counts only its own selections (1, within ``max 1``); with it, 2."""
    forces = (
        Force(
            "f1",
            "army",
            "cat",
            "Army",
            selections=(sel("a", "gem"),),
            forces=(Force("f2", "det", "cat", "Detachment", selections=(sel("b", "gem"),)),),
        ),
    )
    own = roots(entry("gem", "Gem", constraint("gm", "max", 1, "army")), NESTED_FORCES)
    assert evaluate(own, roster(forces=forces)).valid
    every = constraint("gm", "max", 1, "army", includeChildForces="true")
    result = evaluate(roots(entry("gem", "Gem", every), NESTED_FORCES), roster(forces=forces))
    assert found(result) == [("bs-too-many", "a", "Army has 2 Gems, at most 1: remove 1 Gem")]


def test_primary_category_counts_the_forces_selections_of_that_category() -> None:
    """``scope primary-category``: the selections of the force whose primary category is
    the entry's own (Troop). Two Scouts (Troop) break ``max 1``; a Boss (HQ) does not
    count with them."""
    scout = entry(
        "scout", "Scout", in_category("troop") + constraint("s", "max", 1, "primary-category")
    )
    boss = entry("boss", "Boss", in_category("hq"))
    g = roots(scout + boss, CATEGORIES + FORCE_WITH_CATEGORIES)
    result = evaluate(g, roster(sel("a", "scout"), sel("b", "scout"), sel("c", "boss")))
    assert found(result) == [
        ("bs-too-many", "a", "Team's Troop has 2 Scouts, at most 1: remove 1 Scout")
    ]
    assert evaluate(g, roster(sel("a", "scout"), sel("c", "boss"))).valid


def test_primary_catalogue_counts_every_force_of_the_catalogue() -> None:
    """``scope primary-catalogue``: every force from the same catalogue. Two Gems in one
    Team and one in another are 3, over ``max 2``; the finding names the catalogue."""
    g = roots(entry("gem", "Gem", constraint("gm", "max", 2, "primary-catalogue")))
    teams = (
        Force("f1", "team", "cat", "Team", selections=(sel("a", "gem"), sel("b", "gem"))),
        Force("f2", "team", "cat", "Team", selections=(sel("c", "gem"),)),
    )
    assert found(evaluate(g, roster(forces=teams))) == [
        ("bs-too-many", "a", "Faction, over all its forces, has 3 Gems, at most 2: remove 1 Gem")
    ]
    assert evaluate(g, roster(forces=teams[:1])).valid


def test_self_on_a_group_counts_its_members_where_they_are() -> None:
    """A group is never a selection, so its ``self`` is the place its members are in
    (as ``parent``): ``min 1, scope self`` on the Arms group is met by a Sword inside the
    Hero, and broken (at the Hero) by none."""
    arms = entry(
        "arms",
        "Arms",
        constraint("am", "min", 1, "self") + holds(entry("sword", "Sword")),
        tag="selectionEntryGroup",
    )
    g = roots(entry("hero", "Hero", f"<selectionEntryGroups>{arms}</selectionEntryGroups>"))
    assert evaluate(g, roster(sel("h", "hero", sel("s", "sword")))).valid
    assert found(evaluate(g, roster(sel("h", "hero")))) == [
        ("bs-too-few", "h", "Hero has 0 Arms, at least 1: add 1 Arms")
    ]


def test_percent_value_in_self_counts_the_selection_in_the_whole() -> None:
    """``percentValue`` with ``self``: the share of pts of the Unit itself (10) among
    everything in it (itself 10 + its Gear 10) is 50%: within ``max 50``; with a Gear of
    30 it is 25%, under ``min 40``."""
    gear = entry("gear", "Gear", cost(10))
    pc = {"field": "pts", "percentValue": "true"}
    unit = entry(
        "unit",
        "Unit",
        cost(10)
        + constraint("u-max", "max", 50, "self", **pc).replace("</constraints>", "")
        + constraint("u-min", "min", 40, "self", **pc).replace("<constraints>", "")
        + holds(gear),
    )
    assert evaluate(roots(unit), roster(sel("u", "unit", sel("g", "gear")))).valid
    result = evaluate(roots(unit), roster(sel("u", "unit", sel("g", "gear", number=3))))
    assert [f.code for f in result.findings] == ["bs-too-few"]
    assert result.findings[0].message.startswith("Unit is 25% of the pts in Unit, at least 40%")


# -- modifiers ------------------------------------------------------------------------


def test_decrement_a_constraint_value() -> None:
    """``decrement`` on a constraint id lowers its value: the Gear's ``max 2`` less 1 is
    ``max 1``, so 2 Gear are 1 too many."""
    gear = entry(
        "gear",
        "Gear",
        constraint("gm", "max", 2)
        + '<modifiers><modifier type="decrement" field="gm" value="1"/></modifiers>',
    )
    g = roots(entry("unit", "Unit", holds(gear)))
    assert evaluate(g, roster(sel("u", "unit", sel("g", "gear")))).valid
    assert found(evaluate(g, roster(sel("u", "unit", sel("g", "gear", number=2))))) == [
        ("bs-too-many", "g", "Unit has 2 Gears, at most 1: remove 1 Gear")
    ]


def test_set_hidden_false_shows_a_hidden_entry() -> None:
    """An entry written ``hidden="true"`` is shown by ``set hidden false`` when its
    condition holds (here: the roster's pts limit is at least 500); a selection of it is
    then no error, and it is offered."""
    ghost = entry(
        "ghost",
        "Ghost",
        '<modifiers><modifier type="set" field="hidden" value="false"><conditions>'
        '<condition type="atLeast" value="500" field="limit::pts" scope="roster" '
        'childId="any"/></conditions></modifier></modifiers>'
        '<categoryLinks><categoryLink id="cl" targetId="c" primary="true"/></categoryLinks>',
    ).replace('name="Ghost"', 'name="Ghost" hidden="true"')
    crew = '<categoryEntries><categoryEntry id="c" name="Crew"/></categoryEntries>'
    g = roots(ghost, FORCE + crew)
    assert evaluate(g, roster(sel("a", "ghost"), limit=500)).valid
    assert [c.name for c in choices(g, roster(limit=500), "f1")] == ["Ghost"]
    assert found(evaluate(g, roster(sel("a", "ghost"), limit=400)))[0][:2] == ("bs-hidden", "a")
    assert choices(g, roster(limit=400), "f1") == ()


def test_a_links_modifier_changes_its_targets_constraint() -> None:
    """A link's modifiers apply after its target's, and may change the target's
    constraint by id: the shared Gun has ``max 1``, the Car's link to it sets that to 2.
    Two Guns through the link are fine, three are one too many."""
    shared = "<sharedSelectionEntries>" + entry("gun", "Gun", constraint("gm", "max", 1))
    shared += "</sharedSelectionEntries>"
    raise_it = '<modifiers><modifier type="set" field="gm" value="2"/></modifiers>'
    car = entry("car", "Car", f"<entryLinks>{link('lg', 'gun', raise_it)}</entryLinks>")
    g = system(gst(FORCE + shared), cat(holds(car)))
    assert evaluate(g, roster(sel("c", "car", sel("a", "lg::gun", number=2)))).valid
    result = evaluate(g, roster(sel("c", "car", sel("a", "lg::gun", number=3))))
    assert found(result) == [("bs-too-many", "a", "Car has 3 Guns, at most 2: remove 1 Gun")]


def test_a_category_added_by_a_modifier_is_counted_by_the_force() -> None:
    """A Boss is a Troop; a modifier adds it to HQ. The Team's category link to HQ has
    ``max 1, scope parent`` (the force): two Bosses are two HQs, one too many."""
    add = '<modifiers><modifier type="add" field="category" value="hq"/></modifiers>'
    g = roots(entry("boss", "Boss", in_category("troop") + add), CATEGORIES + FORCE_WITH_CATEGORIES)
    result = evaluate(g, roster(sel("a", "boss"), sel("b", "boss")))
    assert found(result) == [("bs-too-many", "a", "Team has 2 HQs, at most 1: remove 1 HQ")]
    assert result.categories["a"] == ("troop", "hq")


def test_a_modifier_groups_repeats_multiply_its_modifiers() -> None:
    """A modifier group repeated once per Gear holds a modifier repeated twice per Gear
    (``increment pts 1``): with 3 Gear the Unit costs 10 + 3 * (3 * 2) = 28."""
    each_gear = (
        '<repeats><repeat value="1" repeats="{}" roundUp="false" field="selections" '
        'scope="self" childId="gear"/></repeats>'
    )
    group = (
        "<modifierGroups><modifierGroup>"
        + each_gear.format(1)
        + '<modifiers><modifier type="increment" field="pts" value="1">'
        + each_gear.format(2)
        + "</modifier></modifiers></modifierGroup></modifierGroups>"
    )
    g = roots(entry("unit", "Unit", cost(10) + group + holds(entry("gear", "Gear"))))
    result = evaluate(g, roster(sel("u", "unit", sel("g", "gear", number=3))))
    assert result.selection_costs["u"][0].value == 28
