"""Each BattleScribe finding's origin: what BattleScribe hangs it on and the rule it comes
from (``model/bsdata/SEMANTICS.md`` rule 23), as the BattleScribe-spec suite states its
errors (``on: category cat-troops``, ``from: se-unit-a/con-min-1``). Each case names the
spec of the suite it follows, where one has it. Then the words of the findings whose
fix is not "add" or "remove" so many: a share of a whole, and forces of what is no force."""

from __future__ import annotations

from model.bsdata.evaluate import Evaluation, evaluate
from model.bsdata.roster import BsRoster, Force, Selection
from model.bsdata.system import GameSystem
from model.rules.findings import Finding, Origin, Where
from tests.model.bsdata.xml_fixtures import (
    FORCE,
    GST_ID,
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

CATEGORIES = (
    '<categoryEntries><categoryEntry id="troops" name="Troops"/></categoryEntries>'
    '<forceEntries><forceEntry id="team" name="Team"><categoryLinks>'
    '<categoryLink id="cl-troops" name="Troops" targetId="troops"/>'
    "</categoryLinks></forceEntry></forceEntries>"
)
"""A game whose one force entry holds the category Troops."""

TROOP = '<categoryLinks><categoryLink id="x" targetId="troops" primary="true"/></categoryLinks>'
"""An entry's link making Troops its primary category."""


def game(roots: str, force: str = FORCE, shared: str = "") -> GameSystem:
    return system(gst(force + shared), cat(f"<selectionEntries>{roots}</selectionEntries>"))


def only(result: Evaluation, code: str) -> Finding:
    found = [f for f in result.findings if f.code == code]
    assert len(found) == 1, [(f.code, f.message) for f in result.findings]
    return found[0]


def origins(result: Evaluation) -> list[Origin | None]:
    return [f.origin for f in result.findings]


def test_a_cost_limit_is_on_the_roster() -> None:
    """cost-default-limit-zero: ``on: roster``, ``from: costLimits/pts``."""
    result = evaluate(game(entry("car", "Car", cost(10))), roster(sel("c", "car"), limit=5))
    assert only(result, "bs-over-limit").origin == Origin("roster", None, None, "costLimits", "pts")


def test_a_hidden_selection_is_on_itself_from_its_entry() -> None:
    """constraint-hidden-violation-linked: ``on: selection se-unit-a``, ``from:
    se-unit-a/hidden``; reached through a link, the selection is named by the target's
    id (constraint-entry-link-shared-target names ``shared-unit``, not the chain). At a
    force's top, as in the spec, the hidden entry has a primary category (rule 24)."""
    shared = (
        '<sharedSelectionEntries><selectionEntry id="ghost" name="Ghost" hidden="true">'
        f"{TROOP}</selectionEntry>"
    )
    at_top = system(
        gst(CATEGORIES + shared + "</sharedSelectionEntries>"),
        cat("<entryLinks>" + link("lk", "ghost") + "</entryLinks>"),
    )
    result = evaluate(at_top, roster(sel("g", "lk::ghost")))
    assert only(result, "bs-hidden").origin == Origin("selection", "g", "ghost", "ghost", "hidden")


def test_a_selection_in_a_hidden_group_is_from_the_group() -> None:
    """What is hidden is the group, so it is the group's ``hidden`` that breaks."""
    holder = entry(
        "car",
        "Car",
        "<selectionEntryGroups>"
        + '<selectionEntryGroup id="guns" name="Guns" hidden="true"><selectionEntries>'
        + entry("mg", "MG")
        + "</selectionEntries></selectionEntryGroup></selectionEntryGroups>",
    )
    result = evaluate(game(holder), roster(sel("c", "car", sel("m", "mg"))))
    assert only(result, "bs-hidden").origin == Origin("selection", "m", "mg", "guns", "hidden")


def test_too_few_at_a_forces_top_is_on_the_primary_category() -> None:
    """constraint-min-violation and constraint-cost-min-linked: ``on: category
    cat-troops``, whether or not one is selected; the category lives in the force, so
    its runtime id is the force's."""
    unit = entry("unit", "Unit", TROOP + cost(10) + constraint("u-min", "min", 1))
    result = evaluate(game(unit, CATEGORIES), roster())
    assert only(result, "bs-too-few").origin == Origin("category", "f1", "troops", "unit", "u-min")
    costly = entry("unit", "Unit", TROOP + cost(10) + constraint("u-pts", "min", 50, field="pts"))
    result = evaluate(game(costly, CATEGORIES), roster(sel("u", "unit")))
    assert only(result, "bs-too-few").origin == Origin("category", "f1", "troops", "unit", "u-pts")


def test_too_few_of_an_entry_with_no_category_is_on_the_force() -> None:
    unit = entry("unit", "Unit", constraint("u-min", "min", 2))
    result = evaluate(game(unit), roster(sel("u", "unit")))
    assert only(result, "bs-too-few").origin == Origin("force", "f1", "team", "unit", "u-min")


def test_too_few_counted_over_the_roster_is_on_the_roster() -> None:
    """auto-select-field-forces-skipped and constraint-forces-field: ``on: roster``."""
    unit = entry("unit", "Unit", constraint("u-forces", "min", 1, scope="roster", field="forces"))
    result = evaluate(game(unit), roster())
    assert only(result, "bs-too-few").origin == Origin("roster", None, None, "unit", "u-forces")


def test_too_many_at_a_forces_top_is_on_the_first_selection() -> None:
    """constraint-max-violation-linked, scope-parent and constraint-cost-max-linked: ``on:
    selection se-unit-a``, once however many there are (constraint-shared-flag)."""
    unit = entry("unit", "Unit", TROOP + constraint("u-max", "max", 1))
    result = evaluate(game(unit, CATEGORIES), roster(sel("u1", "unit"), sel("u2", "unit")))
    assert only(result, "bs-too-many").origin == Origin("selection", "u1", "unit", "unit", "u-max")


def test_too_many_through_a_link_is_named_by_the_target() -> None:
    """constraint-entry-link-shared-target: a shared entry's ``roster`` max reached through
    a link is ``on: selection shared-unit``, ``from: shared-unit/con-max``; the link's own
    constraint is the link's (``link-1/con-link-max``, as New Recruit names it in
    constraint-entry-link-merged)."""
    shared = (
        "<sharedSelectionEntries>"
        + entry("unit", "Unit", constraint("u-max", "max", 2, scope="roster"))
        + "</sharedSelectionEntries>"
    )
    data = system(
        gst(CATEGORIES + shared),
        cat(
            "<entryLinks>"
            + link("l1", "unit", TROOP + constraint("l-max", "max", 1))
            + "</entryLinks>"
        ),
    )
    two = evaluate(data, roster(sel("a", "l1::unit"), sel("b", "l1::unit")))
    assert origins(two) == [Origin("selection", "a", "unit", "l1", "l-max")]
    three = evaluate(data, roster(*(sel(s, "l1::unit") for s in "abc")))
    assert origins(three) == [
        Origin("selection", "a", "unit", "unit", "u-max"),
        Origin("selection", "a", "unit", "l1", "l-max"),
    ]


CAR = entry(
    "car",
    "Car",
    "<selectionEntries>"
    + entry("gun", "Gun", constraint("gun-max", "max", 1))
    + entry("crew", "Crew", constraint("crew-min", "min", 1))
    + "</selectionEntries><selectionEntryGroups>"
    + entry(
        "engines",
        "Engines",
        constraint("eng-max", "max", 1)
        + "<selectionEntries>"
        + entry("v8", "V8")
        + entry("v12", "V12")
        + "</selectionEntries>",
        tag="selectionEntryGroup",
    )
    + "</selectionEntryGroups>",
)


def test_inside_a_selection_both_bounds_are_on_the_selection_holding_it() -> None:
    """collective-constraint-per-model (``on: selection se-trooper``, ``from:
    se-weapon/con-max-2``) and selection-entry-group-constraint (a group's max ``on:
    selection se-parent``, ``from: seg-weapons/con-max-1``)."""
    car = sel(
        "c",
        "car",
        sel("g1", "gun"),
        sel("g2", "gun"),
        sel("e1", "v8"),
        sel("e2", "v12"),
    )
    result = evaluate(game(CAR), roster(car))
    assert origins(result) == [
        Origin("selection", "c", "car", "gun", "gun-max"),
        Origin("selection", "c", "car", "crew", "crew-min"),
        Origin("selection", "c", "car", "engines", "eng-max"),
    ]
    assert [f.where for f in result.findings] == [
        Where(selection="g1"),  # where a player acts: the gun to remove, the car to fill
        Where(selection="c"),
        Where(selection="e1"),
    ]


TEAMS = (
    '<forceEntries><forceEntry id="team" name="Team">'
    + constraint("team-max", "max", 1, scope="roster", field="forces")
    + '<forceEntries><forceEntry id="wing" name="Wing">'
    + constraint("wing-max", "max", 1, field="forces")
    + "</forceEntry></forceEntries></forceEntry></forceEntries>"
)


def _force(fid: str, entry_id: str, *inner: Force) -> Force:
    return Force(fid, entry_id, "cat", entry_id.title(), forces=inner)


def test_a_force_entrys_constraint_is_on_what_holds_the_force() -> None:
    """constraint-forces-field-on-forceentry and constraint-forces-field-min-error: a top
    force's entry's constraint is ``on: roster``; a force within a force, on that force."""
    data = game(entry("unit", "Unit"), TEAMS)
    two_teams = BsRoster("r", "R", GST_ID, forces=(_force("t1", "team"), _force("t2", "team")))
    assert origins(evaluate(data, two_teams)) == [Origin("roster", None, None, "team", "team-max")]
    wings = _force("t1", "team", _force("w1", "wing"), _force("w2", "wing"))
    result = evaluate(data, BsRoster("r", "R", GST_ID, forces=(wings,)))
    assert origins(result) == [Origin("force", "t1", "team", "wing", "wing-max")]


def test_a_categorys_constraints_are_on_the_category() -> None:
    """The category's own constraint is from the category; the force's link to it, from
    the link."""
    force = CATEGORIES.replace(
        '<categoryLink id="cl-troops" name="Troops" targetId="troops"/>',
        '<categoryLink id="cl-troops" name="Troops" targetId="troops">'
        + constraint("cl-min", "min", 1)
        + "</categoryLink>",
    ).replace(
        '<categoryEntry id="troops" name="Troops"/>',
        '<categoryEntry id="troops" name="Troops">'
        + constraint("troops-max", "max", 1)
        + "</categoryEntry>",
    )
    data = game(entry("unit", "Unit", TROOP), force)
    assert origins(evaluate(data, roster())) == [
        Origin("category", "f1", "troops", "cl-troops", "cl-min")
    ]
    two = evaluate(data, roster(sel("u1", "unit"), sel("u2", "unit")))
    assert origins(two) == [Origin("category", "f1", "troops", "troops", "troops-max")]


def test_what_the_data_lacks_is_on_the_selection_or_force_that_names_it() -> None:
    """warband's own pseudo-constraint ``unknown``: BattleScribe will not open such a list."""
    data = game(entry("unit", "Unit"))
    result = evaluate(data, roster(sel("s", "gone::nope")))
    assert origins(result) == [Origin("selection", "s", "nope", "nope", "unknown")]
    strange = Force("f9", "fleet", "cat", "Fleet")
    lost = Force("f8", "team", "elsewhere", "Team")
    result = evaluate(data, BsRoster("r", "R", GST_ID, forces=(strange, lost)))
    assert origins(result) == [
        Origin("force", "f9", "fleet", "fleet", "unknown"),
        Origin("force", "f8", "team", "elsewhere", "unknown"),
    ]


def test_a_selection_nested_too_deep_is_on_itself() -> None:
    nested = Selection("s100", "unit", "Unit", selections=(sel("s101", "unit"),))
    for depth in range(99, -1, -1):
        nested = Selection(f"s{depth}", "unit", "Unit", selections=(nested,))
    result = evaluate(game(entry("unit", "Unit")), roster(nested))
    deep = only(result, "bs-too-deep")
    assert deep.origin == Origin("selection", "s99", "unit", "unit", "too-deep")


def test_the_origin_is_in_the_json_and_not_in_the_comparison() -> None:
    """``validate --json`` writes it; two findings alike but for it are equal (it says
    where a rule comes from, not what the list breaks)."""
    origin = Origin("category", "f1", "troops", "unit", "u-min")
    finding = Finding("error", "bs-too-few", "Team has 0 Unit", origin=origin)
    assert finding.as_dict()["origin"] == {
        "on": "category",
        "on_id": "f1",
        "on_entry_id": "troops",
        "entry_id": "unit",
        "constraint_id": "u-min",
    }
    assert finding == Finding("error", "bs-too-few", "Team has 0 Unit")
    assert "origin" not in Finding("error", "points-limit", "Over").as_dict()


def test_a_share_too_big_or_too_small_says_both_ways_to_mend_it() -> None:
    """constraint-percent-value-at-limit's Elite (300 pts, at most 50% of the selections):
    alone it is 100% of them; and at least 90% of the pts, beside a 100-pts Troop, 75%."""
    share = constraint("e-most", "max", 50, percentValue="true").replace("</constraints>", "")
    share += constraint("e-least", "min", 90, field="pts", percentValue="true").replace(
        "<constraints>", ""
    )
    roots = entry("elite", "Elite", TROOP + cost(300) + share)
    roots += entry("troop", "Troop", TROOP + cost(100))
    alone = evaluate(game(roots, CATEGORIES), roster(sel("e", "elite")))
    assert [f.message for f in alone.findings] == [
        "Elite is 100% of the selections in Team, at most 50%: remove some Elite, or add other "
        "selections"
    ]
    both = evaluate(game(roots, CATEGORIES), roster(sel("e", "elite"), sel("t", "troop")))
    assert [f.message for f in both.findings] == [
        "Elite is 75% of the pts in Team, at least 90%: add more Elite, or remove other selections"
    ]


def test_forces_of_an_entry_that_is_no_force_cannot_be_had() -> None:
    """constraint-forces-field: BattleScribe counts forces only of a force entry, so a
    selection entry's ``min 1`` forces is never met; adding one is no fix."""
    unit = entry("unit", "Unit A", constraint("u-forces", "min", 1, scope="roster", field="forces"))
    result = evaluate(game(unit), roster(sel("u", "unit")))
    assert only(result, "bs-too-few").message == (
        "The roster has 0 Unit A forces, at least 1: no roster can, as Unit A is not a kind of "
        "force (the data counts forces of it; tell the data's authors)"
    )
