"""The engine's core on small games written for each test: links, costs, cost limits,
and constraints on each field and scope (BattleScribe's semantics in each docstring)."""

from __future__ import annotations

import pytest

from model.bsdata.engine import Engine, run_engine
from model.bsdata.evaluate import Evaluation, evaluate
from model.bsdata.modifiers import Effective
from model.bsdata.resolve import Node
from model.bsdata.roster import Force, Selection
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

# A game: a Car (10 pts) holding a Gun through a link (the shared Gun costs 5, max 1
# per parent; the link sets its cost to 4 and adds its own constraint), and an Engine
# group of two engines.
SHARED = (
    "<sharedSelectionEntries>"
    + entry("gun", "Gun", cost(5) + constraint("gun-max", "max", 1))
    + entry("v8", "V8", cost(3))
    + entry("v12", "V12", cost(6))
    + "</sharedSelectionEntries>"
)
CAR = entry(
    "car",
    "Car",
    cost(10)
    + "<entryLinks>"
    + link("lg", "gun", cost(4))
    + "</entryLinks>"
    + "<selectionEntryGroups>"
    + entry(
        "engines",
        "Engines",
        constraint("eng-max", "max", 1)
        + "<entryLinks>"
        + link("l8", "v8")
        + link("l12", "v12")
        + "</entryLinks>",
        tag="selectionEntryGroup",
    )
    + "</selectionEntryGroups>",
    kind="model",
)


def game(roots: str = CAR, shared: str = SHARED, force: str = FORCE) -> GameSystem:
    return system(gst(force + shared), cat(f"<selectionEntries>{roots}</selectionEntries>"))


def codes(result: Evaluation) -> list[tuple[str, str | None]]:
    return [(f.code, f.where.selection) for f in result.findings]


def test_a_link_lays_its_costs_over_its_targets_and_totals_add_numbers() -> None:
    """A link's cost replaces its target's cost of the same type; a selection costs its
    number times its entry's cost; the roster's total is the sum of every selection's
    own cost. Car 10 + Gun through the link 4 (not the shared 5) + V8 3 = 17."""
    result = evaluate(game(), roster(sel("c", "car", sel("g", "lg::gun"), sel("e", "l8::v8"))))
    assert result.totals[0].value == 17
    assert result.selection_costs["g"][0].value == 4
    assert result.names == {"c": "Car", "g": "Gun", "e": "V8"}
    assert result.valid


def test_the_key_of_a_selection_follows_battlescribe_chains_and_new_recruit_ids() -> None:
    """BattleScribe writes ``link::target``; New Recruit only the target's id: both find
    the same entry (its link's cost, 4)."""
    result = evaluate(game(), roster(sel("c", "car", sel("g", "gun"))))
    assert result.selection_costs["g"][0].value == 4
    assert result.valid


def test_a_cost_limit_is_broken_by_what_is_over_it() -> None:
    """The roster's limit of 12 pts against a Car (10) with a Gun (4): 14, 2 over."""
    result = evaluate(game(), roster(sel("c", "car", sel("g", "lg::gun")), limit=12))
    assert codes(result) == [("bs-over-limit", None)]
    assert result.findings[0].message == (
        "The roster costs 14 pts, over the limit of 12: remove 2 pts or raise the limit to 14"
    )
    assert not result.valid


def test_a_number_of_a_million_is_multiplied_not_counted() -> None:
    """``number`` 10^6 Guns at 4 pts: 4,000,000 pts, at once; max 1 per parent broken by
    999,999."""
    result = evaluate(game(), roster(sel("c", "car", sel("g", "lg::gun", number=10**6))))
    assert result.totals[0].value == 10 + 4 * 10**6
    assert result.findings[0].message == "Car has 1000000 Guns, at most 1: remove 999999 Guns"


def test_max_on_parent_counts_the_selections_inside_the_same_parent() -> None:
    """``max 1, scope parent`` on the Gun: two Guns in one Car break it (pointing at the
    first Gun, New Recruit's choice); one Gun in each of two Cars does not."""
    two = roster(sel("c", "car", sel("g1", "lg::gun"), sel("g2", "lg::gun")))
    assert codes(evaluate(game(), two)) == [("bs-too-many", "g1")]
    assert evaluate(game(), two).findings[0].message == "Car has 2 Guns, at most 1: remove 1 Gun"
    apart = roster(sel("c1", "car", sel("g1", "lg::gun")), sel("c2", "car", sel("g2", "lg::gun")))
    assert evaluate(game(), apart).valid


def test_a_group_constraint_counts_every_member_of_the_group() -> None:
    """The Engines group has ``max 1, scope parent``: a V8 and a V12 in one Car are 2
    Engines."""
    result = evaluate(game(), roster(sel("c", "car", sel("a", "l8::v8"), sel("b", "l12::v12"))))
    assert codes(result) == [("bs-too-many", "a")]
    assert result.findings[0].message == "Car has 2 Engines, at most 1: remove 1 Engines"


def test_min_on_parent_points_at_the_parent_that_needs_more() -> None:
    """``min 1, scope parent`` on a link inside the Car: a Car without it is short of 1,
    and the finding points at the Car."""
    shared = SHARED.replace(constraint("gun-max", "max", 1), constraint("gun-min", "min", 1))
    result = evaluate(game(shared=shared), roster(sel("c", "car")))
    assert codes(result) == [("bs-too-few", "c")]
    assert result.findings[0].message == "Car has 0 Guns, at least 1: add 1 Gun"


def test_force_and_roster_scopes_and_include_child_selections() -> None:
    """``max 1 Car per force``: two Cars in one force break it (reported once, though
    both are checked); ``max 2 Guns in the roster`` counts only top-level selections
    unless ``includeChildSelections``: 3 Guns inside Cars are 0 without it, 3 with it."""
    car = CAR.replace("<costs>", constraint("car-max", "max", 1, scope="force") + "<costs>", 1)
    two = roster(sel("c1", "car"), sel("c2", "car"))
    assert codes(evaluate(game(roots=car), two)) == [("bs-too-many", "c1")]
    three = roster(
        sel("c1", "car", sel("g1", "lg::gun")), sel("c2", "car", sel("g2", "lg::gun", number=2))
    )
    flat = SHARED.replace(
        constraint("gun-max", "max", 1), constraint("gun-max", "max", 2, scope="roster")
    )
    assert evaluate(game(shared=flat), three).valid
    deep = SHARED.replace(
        constraint("gun-max", "max", 1),
        constraint("gun-max", "max", 2, scope="roster", includeChildSelections="true"),
    )
    result = evaluate(game(shared=deep), three)
    assert result.findings[0].message == "The roster has 3 Guns, at most 2: remove 1 Gun"


def test_shared_counts_every_link_to_an_entry_and_not_shared_only_its_own() -> None:
    """Two links to one shared Gun, ``max 1, scope parent``: with ``shared`` (the default)
    one Gun through each link is 2 Guns; without it each link counts its own, 1 each."""
    car = CAR.replace(link("lg", "gun", cost(4)), link("lg", "gun") + link("lg2", "gun"))
    both = roster(sel("c", "car", sel("a", "lg::gun"), sel("b", "lg2::gun")))
    assert codes(evaluate(game(roots=car), both)) == [("bs-too-many", "a")]
    apart = SHARED.replace(
        constraint("gun-max", "max", 1), constraint("gun-max", "max", 1, shared="false")
    )
    assert evaluate(game(roots=car, shared=apart), both).valid


def test_a_cost_field_sums_the_cost_of_what_is_counted() -> None:
    """``max 5 pts of Engines, scope parent`` on the group: a V8 (3) is within it; a
    V12 (6) is 1 over."""
    car = CAR.replace(constraint("eng-max", "max", 1), constraint("eng-pts", "max", 5, field="pts"))
    assert evaluate(game(roots=car), roster(sel("c", "car", sel("a", "l8::v8")))).valid
    result = evaluate(game(roots=car), roster(sel("c", "car", sel("a", "l12::v12"))))
    assert (
        result.findings[0].message == "Car has 6 pts in Engines, at most 5: remove 1 pts in Engines"
    )


def test_percent_value_compares_a_share_of_everything_counted() -> None:
    """``max 50 percent of pts in the roster`` on the Car: one Car (10) of a roster of
    Car 10 + Gun 4 is 71.43%; the Gun counts because ``includeChildSelections``."""
    car = CAR.replace(
        "<costs>",
        constraint(
            "car-pc",
            "max",
            50,
            scope="roster",
            field="pts",
            percentValue="true",
            includeChildSelections="true",
        )
        + "<costs>",
        1,
    )
    result = evaluate(game(roots=car), roster(sel("c", "car", sel("g", "lg::gun"))))
    assert result.findings[0].message.startswith(
        "Car is 71.43% of the pts in the roster, at most 50%"
    )


def test_self_scope_counts_the_selection_itself() -> None:
    """``max 3, scope self`` on the Car: a selection of number 4 is 4 Cars in itself."""
    car = CAR.replace("<costs>", constraint("car-self", "max", 3, scope="self") + "<costs>", 1)
    assert codes(evaluate(game(roots=car), roster(sel("c", "car", number=4)))) == [
        ("bs-too-many", "c")
    ]
    assert evaluate(game(roots=car), roster(sel("c", "car", number=3))).valid


def test_an_unlimited_max_of_minus_one_is_no_limit() -> None:
    """``max -1`` means no limit (BattleScribe's convention)."""
    shared = SHARED.replace(constraint("gun-max", "max", 1), constraint("gun-max", "max", -1))
    many = roster(sel("c", "car", sel("g", "lg::gun", number=50)))
    assert evaluate(game(shared=shared), many).valid


FORCE_WITH_CATEGORIES = (
    '<categoryEntries><categoryEntry id="sponsor" name="Sponsor"/>'
    '<categoryEntry id="vehicle" name="Vehicle">'
    + constraint("veh-min", "min", 1, scope="roster")
    + "</categoryEntry></categoryEntries>"
    '<forceEntries><forceEntry id="team" name="Team">'
    + constraint("team-max", "max", 1, scope="roster", field="forces")
    + '<categoryLinks><categoryLink id="cl-s" name="Sponsor" targetId="sponsor">'
    + constraint("spons-max", "max", 1)
    + '</categoryLink><categoryLink id="cl-v" name="Vehicle" targetId="vehicle"/>'
    "</categoryLinks></forceEntry></forceEntries>"
)
SPONSOR = entry(
    "spon",
    "Sponsor",
    '<categoryLinks><categoryLink id="x" name="S" targetId="sponsor" primary="true"/>'
    "</categoryLinks>",
)
VEHICLE_CAR = CAR.replace(
    "<costs>",
    '<categoryLinks><categoryLink id="y" name="V" targetId="vehicle" primary="true"/>'
    "</categoryLinks><costs>",
    1,
)


def test_constraints_on_a_forces_category_links_and_on_categories() -> None:
    """The Team's category link to Sponsor has ``max 1, scope parent`` (its parent is the
    force): two Sponsors break it. The Vehicle category itself has ``min 1`` in the
    roster: a Team with no vehicle breaks it, reported on no selection."""
    g = game(roots=SPONSOR + VEHICLE_CAR, force=FORCE_WITH_CATEGORIES)
    result = evaluate(g, roster(sel("a", "spon"), sel("b", "spon"), sel("c", "car")))
    assert codes(result) == [("bs-too-many", "a")]
    assert result.findings[0].message == "Team has 2 Sponsors, at most 1: remove 1 Sponsor"
    assert result.categories["c"] == ("vehicle",)
    result = evaluate(g, roster(sel("a", "spon")))
    assert codes(result) == [("bs-too-few", None)]
    assert result.findings[0].message == "The roster has 0 Vehicles, at least 1: add 1 Vehicle"


def test_a_force_entry_constraint_on_forces_counts_forces_of_that_entry() -> None:
    """The Team has ``max 1 forces, scope roster``: two Teams are one too many."""
    g = game(roots=VEHICLE_CAR, force=FORCE_WITH_CATEGORIES)
    teams = tuple(
        Force(f"f{i}", "team", "cat", "Team", selections=(sel(f"c{i}", "car"),)) for i in (1, 2)
    )
    result = evaluate(g, roster(forces=teams))
    assert [f.message for f in result.findings] == [
        "The roster has 2 Team forces, at most 1: remove 1 Team force"
    ]


def test_unknown_entries_forces_and_catalogues_are_findings_not_crashes() -> None:
    """An entry id not in the data names the id and the name kept; an unknown force entry
    and an unknown catalogue are findings of their own."""
    result = evaluate(game(), roster(sel("x", "nope", name="Old Gun\x1b[2J")))
    assert codes(result) == [("bs-unknown-entry", "x")]
    assert result.findings[0].message.startswith('"Old Gun[2J" (nope) is not an entry')
    assert [f.code for f in evaluate(game(), roster(force_entry="zzz")).findings] == [
        "bs-unknown-force"
    ]
    assert [f.code for f in evaluate(game(), roster(catalogue_id="zzz")).findings] == [
        "bs-unknown-catalogue"
    ]


def test_a_hidden_entry_selected_is_an_error() -> None:
    """An entry hidden in the data cannot be taken: selecting it is an error on it (at a
    force's top level, where it has a primary category, as BattleScribe checks)."""
    primary = '<categoryLinks><categoryLink id="cl" targetId="c" primary="true"/></categoryLinks>'
    roots = CAR + entry("ghost", "Ghost", cost(1) + primary).replace(
        'name="Ghost"', 'name="Ghost" hidden="true"'
    )
    categories = '<categoryEntries><categoryEntry id="c" name="Crew"/></categoryEntries>'
    result = evaluate(game(roots=roots, shared=categories + SHARED), roster(sel("g", "ghost")))
    assert codes(result) == [("bs-hidden", "g")]


def test_a_parent_constraint_of_an_uncategorised_top_level_entry_is_not_checked() -> None:
    """BattleScribe checks a force's selections category by category and passes over
    the ``parent`` constraints of an entry in no category (specs
    ``constraint-max-violation``, ``scope-parent``): two Cars with ``max 1, scope
    parent`` are no error at a force's top level; with a category they are, and so is
    a ``force`` scope without one, and the Car's own Guns are still checked inside it.
    A ``min`` is still checked (no spec measures BattleScribe on it)."""
    car_max = CAR.replace(
        '<costs><cost name="pts" typeId="pts" value="10"/></costs>',
        '<costs><cost name="pts" typeId="pts" value="10"/></costs>'
        + constraint("car-max", "max", 1),
        1,
    )
    two = roster(sel("c1", "car"), sel("c2", "car", sel("g1", "lg::gun"), sel("g2", "lg::gun")))
    assert codes(evaluate(game(car_max), two)) == [("bs-too-many", "g1")]
    categorised = car_max.replace(
        "<entryLinks>",
        '<categoryLinks><categoryLink id="cl" name="HQ" targetId="hq" primary="true"/>'
        "</categoryLinks><entryLinks>",
        1,
    )
    force = FORCE.replace("<forceEntries>", CATEGORY + "<forceEntries>")
    result = evaluate(game(categorised, force=force), two)
    assert codes(result) == [("bs-too-many", "c1"), ("bs-too-many", "g1")]
    car_min = car_max.replace(
        'id="car-max" type="max" value="1"', 'id="car-min" type="min" value="3"'
    )
    assert codes(evaluate(game(car_min), two)) == [("bs-too-few", None), ("bs-too-many", "g1")]
    per_force = car_max.replace('scope="parent"', 'scope="force"', 1)
    assert codes(evaluate(game(per_force), two)) == [("bs-too-many", "c1"), ("bs-too-many", "g1")]


CATEGORY = '<categoryEntries><categoryEntry id="hq" name="HQ"/></categoryEntries>'


def test_a_force_entry_is_hidden_by_its_modifier() -> None:
    """A force entry's own modifiers apply to the force (spec
    ``force-entry-with-modifier``): Special is hidden once the roster holds a Car, and
    not before; a force of an entry not in the data keeps the name it was given."""
    special = (
        '<forceEntry id="special" name="Special"><modifiers>'
        '<modifier type="set" field="hidden" value="true"><conditions>'
        '<condition type="atLeast" value="1" field="selections" scope="roster" childId="car"'
        ' shared="true"/></conditions></modifier></modifiers></forceEntry>'
    )
    force = FORCE.replace("</forceEntries>", special + "</forceEntries>")

    def hidden(*selections: Selection) -> list[bool]:
        forces = (
            Force("f1", "team", "cat", "Team", selections=selections),
            Force("f2", "special", "cat", "Special"),
            Force("f3", "gone", "cat", "Gone"),
        )
        engine = run_engine(game(force=force), roster(forces=forces))
        return [engine.force_fields(at).hidden for at in range(3)]

    assert hidden() == [False, False, False]
    assert hidden(sel("c", "car")) == [False, True, False]
    engine = run_engine(game(force=force), roster())
    assert engine.force_fields(0).name == "Team"


def test_a_catalogues_own_cost_type_is_costed_and_totalled() -> None:
    """A catalogue may declare cost types of its own (spec ``catalogue-cost-types``): an
    entry's cost in one is counted in its selection's costs and the roster's totals,
    after the game system's types, and named by the catalogue."""
    own = '<costTypes><costType id="cans" name="Cans" defaultCostLimit="-1"/></costTypes>'
    car = entry("car", "Car", '<costs><cost name="Cans" typeId="cans" value="3"/></costs>')
    data = system(gst(FORCE), cat(own + f"<selectionEntries>{car}</selectionEntries>"))
    result = evaluate(data, roster(sel("c", "car", number=2)))
    assert [(c.type_id, c.value) for c in result.totals] == [("pts", 0), ("cans", 6)]
    assert [(c.type_id, c.value) for c in result.selection_costs["c"]] == [("pts", 0), ("cans", 6)]
    assert data.cost_names() == {"pts": "pts", "cans": "Cans"}


def test_a_min_raised_by_a_modifier_is_checked_where_nothing_is_selected() -> None:
    """The Gun's ``min 0, scope parent`` raised to 1 by a modifier group while the Car
    holds a V8 (beside a name modifier of the same group): a Car with a V8 and no Gun is
    short of one, a Car without a V8 is not. An entry not selected in a place is asked
    only about the modifiers of its minimums (``constraints.Checker._may_lack``), and
    those must still raise them."""
    raised = (
        "<modifierGroups><modifierGroup><conditions>"
        '<condition type="atLeast" value="1" field="selections" scope="parent" childId="v8"/>'
        '</conditions><modifiers><modifier type="set" field="name" value="Big Gun"/>'
        '<modifier type="increment" field="gun-min" value="1"/>'
        "</modifiers></modifierGroup></modifierGroups>"
    )
    shared = SHARED.replace(
        constraint("gun-max", "max", 1), constraint("gun-min", "min", 0) + raised
    )
    with_v8 = evaluate(game(shared=shared), roster(sel("c", "car", sel("e", "l8::v8"))))
    assert codes(with_v8) == [("bs-too-few", "c")]
    assert with_v8.findings[0].message == "Car has 0 Guns, at least 1: add 1 Gun"
    assert evaluate(game(shared=shared), roster(sel("c", "car"))).valid


def test_a_group_with_nothing_selected_that_cannot_be_short_is_not_worked_out(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A Car holding no engine, its Engines group's ``min 1`` set to 0 by a modifier: the
    group cannot be short there, so the check does not work out its fields (as for an
    entry not selected: ``constraints.Checker._may_lack``; a 2,000-point 40k list has
    some 70 such groups in its places). Without the modifier it is checked, and short."""
    asked: list[str] = []
    real = Engine.in_place

    def counted(engine: Engine, node: Node, force: int, parent: int | None) -> Effective:
        asked.append(node.name)
        return real(engine, node, force, parent)

    monkeypatch.setattr(Engine, "in_place", counted)
    needed = CAR.replace(constraint("eng-max", "max", 1), constraint("eng-min", "min", 1))
    minimum = constraint("eng-min", "min", 1)
    to_none = '<modifiers><modifier type="set" field="eng-min" value="0"/></modifiers>'
    lowered = needed.replace(minimum, minimum + to_none)
    assert evaluate(game(roots=lowered), roster(sel("c", "car"))).valid
    assert "Engines" not in asked
    short = evaluate(game(roots=needed), roster(sel("c", "car")))
    assert codes(short) == [("bs-too-few", "c")]
    assert "Engines" in asked
