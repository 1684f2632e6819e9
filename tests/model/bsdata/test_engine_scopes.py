"""``instanceOf``/``notInstanceOf`` in every scope, and what a ``self`` condition counts,
on small games written as BattleScribe files are (``SEMANTICS.md`` rules 10, 14, 15).

The first game is built like Kill Team (2018)'s data: a model's primary category
(Leader, Specialist, Non-specialist) decides which specialisms it is offered and whether
it must take one, through ``notInstanceOf`` conditions with scope ``primary-category`` on
a group of specialisms the models link to. Before these rules, those conditions never
held, and every Non-specialist was reported as lacking a specialism.
"""

from __future__ import annotations

import pytest

from model.bsdata.building import choices
from model.bsdata.evaluate import Evaluation, evaluate
from model.bsdata.roster import Force
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


def condition(kind: str, child: str, scope: str, value: float = 1) -> str:
    return (
        f'<condition type="{kind}" value="{value}" field="selections" scope="{scope}" '
        f'childId="{child}" shared="true"/>'
    )


def modifier(field: str, value: str, *conditions: str, group: str = "") -> str:
    """A ``set`` modifier of ``field`` under ``conditions`` (and an ``and`` group of
    ``group``'s conditions, if given)."""
    groups = (
        f'<conditionGroups><conditionGroup type="and"><conditions>{group}</conditions>'
        "</conditionGroup></conditionGroups>"
        if group
        else ""
    )
    inner = f"<conditions>{''.join(conditions)}</conditions>" if conditions else ""
    return (
        f'<modifiers><modifier type="set" field="{field}" value="{value}">{inner}{groups}'
        "</modifier></modifiers>"
    )


def primary(category: str) -> str:
    return (
        f'<categoryLinks><categoryLink id="pc-{category}" name="{category}" '
        f'targetId="{category}" primary="true"/></categoryLinks>'
    )


def codes(result: Evaluation) -> list[tuple[str, str | None]]:
    return [(f.code, f.where.selection) for f in result.findings]


# -- a game built like Kill Team (2018) -------------------------------------------------

KT_CATEGORIES = (
    '<categoryEntries><categoryEntry id="leader" name="Leader"/>'
    '<categoryEntry id="specialist" name="Specialist"/>'
    '<categoryEntry id="troop" name="Non-specialist"/></categoryEntries>'
)
KT_FORCE = (
    '<forceEntries><forceEntry id="team" name="Kill Team"><categoryLinks>'
    '<categoryLink id="fl-l" name="Leader" targetId="leader"/>'
    '<categoryLink id="fl-s" name="Specialist" targetId="specialist"/>'
    '<categoryLink id="fl-t" name="Non-specialist" targetId="troop"/>'
    "</categoryLinks></forceEntry></forceEntries>"
)
SPECIALISM = entry(
    "specialism",
    "Specialism",
    constraint("spec-min", "min", 1).removesuffix("</constraints>")
    + constraint("spec-max", "max", 1).removeprefix("<constraints>")
    # a Non-specialist need not take one: BSData's Kill Team sets the min to 0 unless the
    # model's primary category is Leader or Specialist
    + modifier(
        "spec-min",
        "0",
        group=condition("notInstanceOf", "leader", "primary-category")
        + condition("notInstanceOf", "specialist", "primary-category"),
    )
    + "<selectionEntries>"
    # only a Leader may take the Leader specialism
    + entry(
        "sp-leader",
        "Leader",
        modifier("hidden", "true", condition("notInstanceOf", "leader", "primary-category")),
    )
    + entry("sp-combat", "Combat", cost(2))
    + "</selectionEntries>",
    tag="selectionEntryGroup",
)


def _model(eid: str, name: str, category: str, pts: float) -> str:
    return entry(
        eid,
        name,
        primary(category)
        + cost(pts)
        + f"<entryLinks>{link('ls-' + eid, 'specialism', kind='selectionEntryGroup')}</entryLinks>",
        kind="model",
    )


KILL_TEAM = system(
    gst(
        KT_CATEGORIES
        + KT_FORCE
        + f"<sharedSelectionEntryGroups>{SPECIALISM}</sharedSelectionEntryGroups>"
    ),
    cat(
        "<selectionEntries>"
        + _model("sergeant", "Sergeant", "leader", 14)
        + _model("gunner", "Gunner", "specialist", 12)
        + _model("trooper", "Trooper", "troop", 10)
        + "</selectionEntries>"
    ),
)


@pytest.mark.parametrize(
    ("model", "offered"),
    [
        ("sergeant", ["Leader", "Combat"]),
        ("gunner", ["Combat"]),
        ("trooper", ["Combat"]),
    ],
)
def test_a_specialism_is_offered_by_the_models_primary_category(
    model: str, offered: list[str]
) -> None:
    """``notInstanceOf`` scope ``primary-category`` asks whether the primary category of
    the model the option would go in is the category ``childId`` names: only in the
    Sergeant (a Leader) is the Leader specialism not hidden."""
    team = roster(sel("m", model))
    assert [c.name for c in choices(KILL_TEAM, team, "f1", "m")] == offered


def test_only_a_leader_or_a_specialist_must_take_a_specialism() -> None:
    """The Specialism group's ``min 1`` is set to 0 when the model's primary category is
    neither Leader nor Specialist: a Trooper without one is valid, a Gunner or a Sergeant
    without one is too few; the Trooper with the Leader specialism holds a hidden entry.
    History: all three were too few."""
    bare = roster(sel("s", "sergeant"), sel("g", "gunner"), sel("t", "trooper"))
    assert codes(evaluate(KILL_TEAM, bare)) == [("bs-too-few", "s"), ("bs-too-few", "g")]
    taken = roster(
        sel("s", "sergeant", sel("s1", "ls-sergeant::sp-leader")),
        sel("g", "gunner", sel("g1", "ls-gunner::sp-combat")),
        sel("t", "trooper"),
    )
    result = evaluate(KILL_TEAM, taken)
    assert result.valid, result.findings
    assert result.totals[0].value == 14 + 12 + 2 + 10
    wrong = roster(sel("t", "trooper", sel("t1", "ls-trooper::sp-leader")))
    assert codes(evaluate(KILL_TEAM, wrong)) == [("bs-hidden", "t1")]


def test_primary_category_counts_from_inside_a_model_too() -> None:
    """A comparison in scope ``primary-category`` asked from deep inside a model counts
    the force's selections filed under the model's primary category (BattleScribe files
    a force's top-level selections under their primary categories, and what is inside
    one with it): the Drill in a Trooper's Combat costs 0 once the team has 2
    Non-specialists, a Gunner being no Non-specialist."""
    drill = entry(
        "drill",
        "Drill",
        cost(2) + modifier("pts", "0", condition("atLeast", "troop", "primary-category", 2)),
    )
    combat = entry("sp-combat", "Combat", f"<selectionEntries>{drill}</selectionEntries>")
    group = entry(
        "specialism",
        "Specialism",
        f"<selectionEntries>{combat}</selectionEntries>",
        tag="selectionEntryGroup",
    )
    game = system(
        gst(
            KT_CATEGORIES
            + KT_FORCE
            + f"<sharedSelectionEntryGroups>{group}</sharedSelectionEntryGroups>"
        ),
        cat(
            "<selectionEntries>"
            + _model("trooper", "Trooper", "troop", 10)
            + _model("gunner", "Gunner", "specialist", 12)
            + "</selectionEntries>"
        ),
    )
    combat_with_drill = sel("c", "ls-trooper::sp-combat", sel("d", "ls-trooper::drill"))
    one = roster(sel("t", "trooper", combat_with_drill), sel("g", "gunner"))
    assert evaluate(game, one).selection_costs["d"][0].value == 2
    two = roster(sel("t", "trooper", combat_with_drill), sel("u", "trooper"))
    assert evaluate(game, two).selection_costs["d"][0].value == 0


# -- every scope of instanceOf ------------------------------------------------------------

OTHER_FORCE = '<forceEntry id="other" name="Other"/>'


def _probe(kind: str, child: str, scope: str) -> str:
    """A Probe costing 10, or 1 when the condition holds; it holds a Gear."""
    return entry(
        "probe",
        "Probe",
        primary("core")
        + cost(10)
        + modifier("pts", "1", condition(kind, child, scope))
        + "<selectionEntries>"
        + entry("gear", "Gear")
        + "</selectionEntries>",
        kind="unit",
    )


def probe_cost(kind: str, child: str, scope: str, where: str = "top") -> float:
    """What the Probe costs, taken at the top of a force of ``team`` from catalogue
    ``cat``, or (``where="inside"``) inside a Holder there."""
    inner = f"<selectionEntries>{_probe(kind, child, scope)}</selectionEntries>"
    holder = entry("holder", "Holder", inner, kind="unit")
    game = system(
        gst(
            '<categoryEntries><categoryEntry id="core" name="Core"/></categoryEntries>'
            + FORCE.replace("</forceEntries>", OTHER_FORCE + "</forceEntries>")
        ),
        cat(f"<selectionEntries>{_probe(kind, child, scope)}{holder}</selectionEntries>"),
    )
    if where == "top":
        team = roster(sel("p", "probe", sel("g", "gear")))
    else:
        team = roster(sel("h", "holder", sel("p", "probe", sel("g", "gear"))))
    return evaluate(game, team).selection_costs["p"][0].value


@pytest.mark.parametrize(
    ("kind", "child", "scope", "where", "holds", "why"),
    [
        ("instanceOf", "probe", "self", "top", True, "the selection is of the entry"),
        ("instanceOf", "core", "self", "top", True, "it has the category"),
        ("instanceOf", "unit", "self", "top", True, "it is of the type"),
        ("instanceOf", "gear", "self", "top", False, "a child is not the selection"),
        ("instanceOf", "holder", "parent", "inside", True, "the selection it is in"),
        ("instanceOf", "team", "parent", "top", True, "at the top its parent is the force"),
        ("instanceOf", "holder", "ancestor", "inside", True, "a selection it is in"),
        ("notInstanceOf", "holder", "ancestor", "top", True, "no selection around it"),
        ("instanceOf", "core", "primary-category", "top", True, "its primary category"),
        ("notInstanceOf", "core", "primary-category", "top", False, "its primary category"),
        ("instanceOf", "probe", "primary-category", "top", False, "spec scope-primary-category"),
        ("instanceOf", "cat", "primary-catalogue", "top", True, "its force's catalogue"),
        ("notInstanceOf", "lib", "primary-catalogue", "top", True, "another catalogue"),
        ("instanceOf", "team", "force", "top", True, "its force is of that force entry"),
        ("notInstanceOf", "other", "force", "inside", True, "of another force entry"),
        ("instanceOf", "probe", "force", "top", False, "spec condition-instance-of"),
        ("instanceOf", "core", "force", "top", False, "spec condition-instance-of-by-category"),
        ("instanceOf", "unit", "force", "top", False, "spec condition-instance-of-by-type"),
        ("notInstanceOf", "gear", "force", "top", True, "spec condition-not-instance-of"),
        ("instanceOf", "probe", "roster", "top", False, "spec ...-instance-of-roster-scope"),
        ("instanceOf", "cat", "roster", "top", False, "spec condition-instance-of-catalogue"),
        ("notInstanceOf", "probe", "roster", "top", False, "false both ways"),
        ("instanceOf", "core", "holder", "inside", False, "the Holder has no Core"),
        ("instanceOf", "holder", "holder", "inside", True, "the nearest Holder"),
        ("instanceOf", "unit", "holder", "top", False, "no Holder around it"),
        ("notInstanceOf", "unit", "holder", "top", True, "no Holder around it"),
        ("instanceOf", "team", "team", "inside", True, "the nearest force of that entry"),
    ],
)
def test_instance_of_in_every_scope(
    kind: str, child: str, scope: str, where: str, holds: bool, why: str
) -> None:
    """``instanceOf`` asks whether what its scope names is what ``childId`` names: a
    selection (its entry, link, groups, categories, type), a force (its force entry), a
    primary category, a catalogue; ``notInstanceOf`` is the negation, except with the
    roster scope, where BattleScribe answers false to both."""
    assert probe_cost(kind, child, scope, where) == (1 if holds else 10), why


def test_primary_catalogue_tells_forces_of_two_catalogues_apart() -> None:
    """Real data (wh40k-10e, Imperial Knights' library): an entry both catalogues offer
    is changed only in a force of the catalogue ``childId`` names. Its cost is 1 in a
    force of ``cat`` and 10 in one of ``other-cat``, which imports it."""
    changed = modifier("pts", "1", condition("instanceOf", "cat", "primary-catalogue"))
    shared = entry("probe", "Probe", cost(10) + changed)
    shared = shared.replace('name="Probe"', 'name="Probe" import="true"')
    game = system(
        gst(FORCE),
        cat(f"<selectionEntries>{shared}</selectionEntries>"),
        cat(
            '<catalogueLinks><catalogueLink id="cl" name="Faction" targetId="cat" '
            'type="catalogue" importRootEntries="true"/></catalogueLinks>',
            cat_id="other-cat",
            name="Other",
        ),
    )
    forces = (
        Force("f1", "team", "cat", "Team", selections=(sel("a", "probe"),)),
        Force("f2", "team", "other-cat", "Team", selections=(sel("b", "probe"),)),
    )
    result = evaluate(game, roster(forces=forces))
    assert result.selection_costs["a"][0].value == 1
    assert result.selection_costs["b"][0].value == 10


# -- what a self condition counts -------------------------------------------------------


@pytest.mark.parametrize(
    ("kind", "child", "gear", "holds"),
    [
        ("atLeast", "probe", 0, False),  # spec scope/scope-self: itself is not counted
        ("atLeast", "gear", 1, True),
        ("lessThan", "any", 0, True),  # wh40k-10e's "has nothing in it yet"
        ("lessThan", "any", 1, False),
        ("equalTo", "any", 1, True),
    ],
)
def test_a_self_condition_counts_what_is_inside_not_the_selection(
    kind: str, child: str, gear: int, holds: bool
) -> None:
    """A comparison in scope ``self`` counts the selections inside, never the selection
    itself (BattleScribe, spec ``scope/scope-self``; a constraint in ``self`` still
    counts its own selection, rule 12)."""
    probe = _probe(kind, child, "self")
    game = system(
        gst('<categoryEntries><categoryEntry id="core" name="Core"/></categoryEntries>' + FORCE),
        cat(f"<selectionEntries>{probe}</selectionEntries>"),
    )
    inside = (sel("g", "gear"),) if gear else ()
    result = evaluate(game, roster(sel("p", "probe", *inside)))
    assert result.selection_costs["p"][0].value == (1 if holds else 10)


# -- what a childId filters -------------------------------------------------------------


@pytest.mark.parametrize(
    ("field", "child", "holds"),
    [
        ("forces", "team", True),  # spec scope/scope-forces-field
        ("forces", "other", False),  # spec condition/condition-childid-force-entry
        ("forces", "any", True),
        ("forces", "cat", False),  # a catalogue filters no force (constraint-field-forces.md)
        ("selections", "cat", False),  # nor any selection (condition-childid-catalogue)
        ("selections", "gear", True),
    ],
)
def test_a_roster_count_filtered_by_child_id(field: str, child: str, holds: bool) -> None:
    """``atLeast 1`` in scope ``roster`` (with ``includeChildSelections``, so the Probe's
    Gear is seen): ``forces`` counts forces of the force entry ``childId`` names, or all
    with ``any``; ``selections`` counts the selections answering to it. A catalogue's
    id answers to neither in BattleScribe."""
    check = condition("atLeast", child, "roster").replace(
        'field="selections"', f'field="{field}" includeChildSelections="true"'
    )
    gear = entry("gear", "Gear")
    probe = entry(
        "probe",
        "Probe",
        cost(10) + modifier("pts", "1", check) + f"<selectionEntries>{gear}</selectionEntries>",
    )
    game = system(
        gst(FORCE.replace("</forceEntries>", OTHER_FORCE + "</forceEntries>")),
        cat(f"<selectionEntries>{probe}</selectionEntries>"),
    )
    result = evaluate(game, roster(sel("p", "probe", sel("g", "gear"))))
    assert result.selection_costs["p"][0].value == (1 if holds else 10)
