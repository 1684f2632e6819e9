"""Modifiers, conditions, condition groups and repeats, each on a small game written
for the test (BattleScribe's semantics in each docstring).

The game: a Unit (10 pts, with a ``max 2 Gear, scope parent`` on its Gear) that may
hold Gear (1 pt) and Trophies (0 pts, category Trophy); the Unit's own modifiers are
what each test writes.
"""

from __future__ import annotations

import pytest

from model.bsdata import modifiers as modifiers_module
from model.bsdata.engine import run_engine
from model.bsdata.evaluate import Evaluation, evaluate
from model.bsdata.modifiers import CUT, MAX_NAME
from model.bsdata.roster import BsRoster
from model.bsdata.system import GameSystem
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

CATEGORIES = (
    '<categoryEntries><categoryEntry id="trophy" name="Trophy"/>'
    '<categoryEntry id="elite" name="Elite"/><categoryEntry id="core" name="Core"/>'
    "</categoryEntries>"
)
GEAR = entry("gear", "Gear", cost(1) + constraint("gear-max", "max", 2))
TROPHY = entry(
    "trophy-e",
    "Trophy",
    '<categoryLinks><categoryLink id="tl" name="T" targetId="trophy" primary="true"/>'
    "</categoryLinks>",
)


def evaluated(modifiers: str, *inside: object, gear_modifiers: str = "") -> Evaluation:
    """A roster of one Unit (with ``modifiers``) holding ``inside`` selections; the Gear
    entry has ``gear_modifiers``."""
    return evaluate(*game(modifiers, *inside, gear_modifiers=gear_modifiers))


def game(modifiers: str, *inside: object, gear_modifiers: str = "") -> tuple[GameSystem, BsRoster]:
    """The game and roster ``evaluated`` evaluates (the Unit is on page 42)."""
    gear_entry = GEAR.replace(cost(1), cost(1) + f"<modifiers>{gear_modifiers}</modifiers>")
    unit = entry(
        "unit",
        "Unit",
        f"<modifiers>{modifiers}</modifiers>"
        '<categoryLinks><categoryLink id="ul" name="C" targetId="core" primary="true"/>'
        "</categoryLinks>"
        + cost(10)
        + f"<selectionEntries>{gear_entry}{TROPHY}</selectionEntries>",
        kind="unit",
    )
    unit = unit.replace('name="Unit"', 'name="Unit" page="42"', 1)
    g = system(gst(CATEGORIES + FORCE), cat(f"<selectionEntries>{unit}</selectionEntries>"))
    return g, roster(sel("u", "unit", *inside))  # type: ignore[arg-type]


def gear(n: int = 1) -> object:
    return sel("g", "gear", number=n)


def condition(
    kind: str, value: float, child: str = "gear", scope: str = "self", **flags: str
) -> str:
    more = "".join(f' {k}="{v}"' for k, v in flags.items())
    return (
        f'<condition type="{kind}" value="{value}" field="selections" scope="{scope}" '
        f'childId="{child}"{more}/>'
    )


def modifier(kind: str, field: str, value: str, inner: str = "") -> str:
    return f'<modifier type="{kind}" field="{field}" value="{value}">{inner}</modifier>'


def pts(result: Evaluation) -> float:
    return result.selection_costs["u"][0].value


@pytest.mark.parametrize(
    ("kind", "value", "expected"),
    [("set", "4", 4), ("increment", "3", 13), ("decrement", "3", 7)],
)
def test_set_increment_and_decrement_a_cost(kind: str, value: str, expected: float) -> None:
    """A modifier whose field is a cost type id changes what one costs: set 4, 10 + 3,
    10 - 3."""
    assert pts(evaluated(modifier(kind, "pts", value))) == expected


def test_name_set_and_append() -> None:
    """``set`` replaces the name; ``append`` adds the value after a space."""
    assert evaluated(modifier("set", "name", "Boss")).names["u"] == "Boss"
    assert evaluated(modifier("append", "name", "(veteran)")).names["u"] == "Unit (veteran)"


def test_a_name_grown_by_many_appends_is_cut_with_a_marker() -> None:
    """A thousand ``append`` modifiers of " (veteran)" would make a name of 11,004
    characters; it is cut at ``MAX_NAME``, its last character ``CUT``, and a ``set``
    after it starts the name again."""
    many = modifier("append", "name", "(veteran)") * 1000
    name = evaluated(many).names["u"]
    assert len(name) == MAX_NAME
    assert name == ("Unit" + " (veteran)" * 20)[: MAX_NAME - 1] + CUT
    again = evaluated(many + modifier("set", "name", "Boss") + modifier("append", "name", "x"))
    assert again.names["u"] == "Boss x"


def test_appends_cost_the_same_each_however_many_came_before(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Counted, not timed: over 20,000 appends of 36 characters, no append handles a name
    longer than ``MAX_NAME``, so the work is linear in their number. History: 200,000
    appends made each evaluation quadratic (every one copied the name the ones before had
    grown); before the cap, the last ones handled names of 740,000 characters."""
    handled: list[int] = []
    appended = modifiers_module.appended

    def counting(name: str, text: str, limit: int = MAX_NAME) -> str:
        handled.append(len(name))
        return appended(name, text, limit)

    monkeypatch.setattr(modifiers_module, "appended", counting)
    name = evaluated(modifier("append", "name", "xyz" * 12) * 20_000).names["u"]
    assert len(name) == MAX_NAME and name.endswith(CUT)
    assert len(handled) >= 20_000
    assert max(handled) <= MAX_NAME


@pytest.mark.parametrize(
    ("modifiers", "expected"),
    [
        (modifier("set", "name", "10") + modifier("decrement", "name", "3"), "7"),
        (modifier("set", "name", "100") + modifier("increment", "name", "23"), "123"),
        (modifier("set", "name", "200") + modifier("decrement", "name", "67.5"), "132.5"),
        (modifier("set", "name", "0.1") + modifier("increment", "name", "0.2"), "0.3"),
        (modifier("set", "name", " 4 ") + modifier("increment", "name", "1e1"), "14"),
        (modifier("decrement", "name", "10"), "Unit"),
        (modifier("set", "name", "nan") + modifier("increment", "name", "1"), "nan"),
        (modifier("set", "name", "1_000") + modifier("increment", "name", "1"), "1_000"),
        (modifier("set", "name", "5") + modifier("increment", "name", "lots"), "5"),
        (modifier("set", "name", "100") + modifier("append", "name", "units"), "100 units"),
    ],
)
def test_increment_and_decrement_of_a_name_read_it_as_a_number(
    modifiers: str, expected: str
) -> None:
    """BattleScribe's string modifier (specs ``modifier-decrement-name``,
    ``modifier-numeric-on-name``, ``modifier-string-increment-numeric``): ``increment``
    and ``decrement`` of a name that reads as a number ("10", " 4 ", "1e1") give the
    number, written without ``.0`` and to 15 significant digits (0.1 + 0.2 is "0.3");
    a name or value that is no number as Java reads one ("Unit", "nan", "1_000",
    "lots") is left as it is. ``append`` after a numeric ``set`` is plain text
    (``modifier-append-after-numeric-set``)."""
    assert evaluated(modifiers).names["u"] == expected


def test_a_repeated_increment_of_a_name_counts_each_time() -> None:
    """ "10" incremented 2 per Gear, with 5 Gear: "20"."""
    numeric = modifier("set", "name", "10") + modifier("increment", "name", "2", repeat(1, 1))
    assert evaluated(numeric, gear(5)).names["u"] == "20"


def test_append_applies_once_per_repeat() -> None:
    """BattleScribe appends once each time a repeat applies the modifier (spec
    ``modifier-group-with-repeat``): 3 Gear, ``append "+"`` repeated twice per Gear,
    is six appends."""
    many = modifier("append", "name", "+", repeat(1, 2))
    assert evaluated(many, gear(3)).names["u"] == "Unit + + + + + +"
    assert evaluated(many).names["u"] == "Unit"


def test_a_huge_repeat_of_append_is_cut_and_costs_the_cap(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A repeat a billion times of ``append "+"`` (a million Gear, 1000 times each)
    grows the name to ``MAX_NAME`` and stops: counted, the appends done are about
    ``MAX_NAME`` (each adds two characters), not a billion."""
    calls: list[int] = []
    appended = modifiers_module.appended

    def counting(name: str, text: str, limit: int = MAX_NAME) -> str:
        calls.append(len(name))
        return appended(name, text, limit)

    monkeypatch.setattr(modifiers_module, "appended", counting)
    name = evaluated(modifier("append", "name", "+", repeat(1, 1000)), gear(10**6)).names["u"]
    assert len(name) == MAX_NAME and name.endswith(CUT)
    assert name.startswith("Unit + + +")
    assert len(calls) <= 2 * (MAX_NAME + 2)  # two passes at most


def test_a_repeated_append_is_the_same_as_appends_one_by_one() -> None:
    """``appended_times`` makes in one step what ``n`` calls of ``appended`` make, the cut
    included: checked with a cut at 12 characters over short, empty, long and already
    cut names and texts, and counts from 0 to 20."""
    names = ["", "A", "Unit", "Elevenchars", "Twelve chars", "Thirteen char", "Twelve char" + CUT]
    texts = ["", "+", "ab", "(veteran)", "x" * 30]
    for name in names:
        for text in texts:
            for n in range(21):
                one_by_one = name
                for _ in range(n):
                    one_by_one = modifiers_module.appended(one_by_one, text, 12)
                made = modifiers_module.appended_times(name, text, n, 12)
                assert made == one_by_one, (name, text, n)


def test_the_page_is_modified_as_text() -> None:
    """A modifier may set an entry's page (spec ``modifier-entry-page``: 42 set to 99);
    ``increment`` reads it as a number, ``append`` adds to it."""

    def page(modifiers: str) -> str:
        return run_engine(*game(modifiers)).finals[0].page

    assert page("") == "42"
    assert page(modifier("set", "page", "99")) == "99"
    assert page(modifier("increment", "page", "8")) == "50"
    assert page(modifier("append", "page", "(FAQ)")) == "42 (FAQ)"


def test_hidden_set_true_makes_a_selection_an_error() -> None:
    """``set hidden true`` hides the entry; a selection of a hidden entry is an error."""
    result = evaluated(modifier("set", "hidden", "true"))
    assert [(f.code, f.where.selection) for f in result.findings] == [("bs-hidden", "u")]


def test_a_modifier_on_a_constraint_value() -> None:
    """A modifier whose field is a constraint id of its own entry changes that
    constraint's value: the Gear's max 2 set to 3, or incremented by 1, allows 3 Gear,
    not 4; without it 3 Gear are 1 too many."""
    assert not evaluated("", gear(3)).valid
    for change in (modifier("set", "gear-max", "3"), modifier("increment", "gear-max", "1")):
        assert evaluated("", gear(3), gear_modifiers=change).valid
        assert not evaluated("", gear(4), gear_modifiers=change).valid


def test_categories_added_removed_and_made_primary() -> None:
    """``add``/``remove`` with field ``category`` put the entry in or out of a category;
    ``set-primary`` makes one primary (listed first); ``unset-primary`` leaves none."""
    assert evaluated(modifier("add", "category", "elite")).categories["u"] == ("core", "elite")
    assert evaluated(modifier("remove", "category", "core")).categories["u"] == ()
    assert evaluated(modifier("set-primary", "category", "elite")).categories["u"] == (
        "elite",
        "core",
    )
    unset = evaluated(modifier("unset-primary", "category", "core"))
    assert unset.categories["u"] == ("core",)


COMPARISONS = [
    # (condition type, value, Gear held, holds?) with 2 Gear held in each case but one
    ("lessThan", 3, 2, True),
    ("lessThan", 2, 2, False),
    ("greaterThan", 1, 2, True),
    ("greaterThan", 2, 2, False),
    ("equalTo", 2, 2, True),
    ("equalTo", 1, 2, False),
    ("notEqualTo", 1, 2, True),
    ("notEqualTo", 2, 2, False),
    ("atLeast", 2, 2, True),
    ("atLeast", 3, 2, False),
    ("atMost", 2, 2, True),
    ("atMost", 1, 2, False),
]


@pytest.mark.parametrize(("kind", "value", "held", "holds"), COMPARISONS)
def test_each_comparison(kind: str, value: float, held: int, holds: bool) -> None:
    """A condition compares the count of ``childId`` in its scope (here the Gear inside
    the Unit) with its value; when it holds, the cost is set to 1."""
    result = evaluated(
        modifier("set", "pts", "1", f"<conditions>{condition(kind, value)}</conditions>"),
        gear(held),
    )
    assert pts(result) == (1 if holds else 10)


def test_instance_of_and_not_instance_of() -> None:
    """``instanceOf`` with scope self holds when the selection is the entry, has the
    category or is of the type named; ``notInstanceOf`` is its negation; with the roster
    scope neither holds (both engines)."""

    def cost_when(kind: str, child: str, scope: str = "self") -> float:
        inner = f"<conditions>{condition(kind, 0, child=child, scope=scope)}</conditions>"
        return pts(evaluated(modifier("set", "pts", "1", inner)))

    assert cost_when("instanceOf", "unit") == 1  # the entry's id
    assert cost_when("instanceOf", "core") == 1  # a category
    assert cost_when("instanceOf", "elite") == 10
    assert cost_when("notInstanceOf", "elite") == 1
    assert cost_when("instanceOf", "unit", scope="roster") == 10
    assert cost_when("notInstanceOf", "unit", scope="roster") == 10


def test_instance_of_an_ancestor() -> None:
    """On the Gear: ``instanceOf`` with scope ancestor and the Unit's category holds
    inside a Unit, so the Gear's cost is set to 0 (Unit 10 + Gear 0)."""
    inner = f"<conditions>{condition('instanceOf', 0, child='core', scope='ancestor')}</conditions>"
    result = evaluated("", gear(1), gear_modifiers=modifier("set", "pts", "0", inner))
    assert result.selection_costs["g"][0].value == 0


def test_a_condition_on_a_category_count_sees_categories() -> None:
    """``childId`` a category counts selections in it: a Trophy makes the Unit cost 1."""
    inner = f"<conditions>{condition('atLeast', 1, child='trophy')}</conditions>"
    assert pts(evaluated(modifier("set", "pts", "1", inner), sel("t", "trophy-e"))) == 1
    assert pts(evaluated(modifier("set", "pts", "1", inner))) == 10


def test_condition_groups_and_or_nested() -> None:
    """An ``and`` group holds when all its parts do, an ``or`` when one does; groups
    nest. With 2 Gear: (Gear = 2 and (Gear = 5 or Gear atLeast 1)) holds."""
    nested = (
        '<conditionGroups><conditionGroup type="and"><conditions>'
        + condition("equalTo", 2)
        + '</conditions><conditionGroups><conditionGroup type="or"><conditions>'
        + condition("equalTo", 5)
        + condition("atLeast", 1)
        + "</conditions></conditionGroup></conditionGroups></conditionGroup></conditionGroups>"
    )
    assert pts(evaluated(modifier("set", "pts", "1", nested), gear(2))) == 1
    failing = nested.replace('type="or"', 'type="and"')
    assert pts(evaluated(modifier("set", "pts", "1", failing), gear(2))) == 10


def repeat(value: float, repeats: int, round_up: bool = False, child: str = "gear") -> str:
    return (
        f'<repeats><repeat value="{value}" repeats="{repeats}" roundUp="{str(round_up).lower()}" '
        f'field="selections" scope="self" childId="{child}"/></repeats>'
    )


def test_repeats_apply_once_per_bucket() -> None:
    """``increment pts 2``, repeated 1 time per 2 Gear: 5 Gear are 2 whole buckets, so
    10 + 2*2 = 14; with ``roundUp`` 3 buckets, 10 + 3*2 = 16; ``repeats 3`` per bucket
    makes it 10 + 2*3*2 = 22."""
    assert pts(evaluated(modifier("increment", "pts", "2", repeat(2, 1)), gear(5))) == 14
    assert pts(evaluated(modifier("increment", "pts", "2", repeat(2, 1, True)), gear(5))) == 16
    assert pts(evaluated(modifier("increment", "pts", "2", repeat(2, 3)), gear(5))) == 22


def test_a_repeat_over_a_huge_count_is_arithmetic() -> None:
    """10^6 Gear with ``repeats 1000`` per Gear: 10 + 10^9 * 1, at once (and the Gear's
    max 2 is broken)."""
    result = evaluated(modifier("increment", "pts", "1", repeat(1, 1000)), gear(10**6))
    assert pts(result) == 10 + 10**9


def test_modifier_groups_apply_when_their_conditions_hold() -> None:
    """A modifier group's modifiers apply when the group's conditions hold (2 Gear):
    cost 10 + 5 = 15 and the name set; with 1 Gear neither."""
    group = (
        "</modifiers><modifierGroups><modifierGroup><conditions>"
        + condition("equalTo", 2)
        + "</conditions><modifiers>"
        + modifier("increment", "pts", "5")
        + modifier("set", "name", "Loaded")
        + "</modifiers></modifierGroup></modifierGroups><modifiers>"
    )
    held = evaluated(group, gear(2))
    assert (pts(held), held.names["u"]) == (15, "Loaded")
    light = evaluated(group, gear(1))
    assert (pts(light), light.names["u"]) == (10, "Unit")


def test_modifiers_apply_in_order_each_to_what_the_last_left() -> None:
    """set 4, then increment 3: 7; increment 3, then set 4: 4."""
    assert pts(evaluated(modifier("set", "pts", "4") + modifier("increment", "pts", "3"))) == 7
    assert pts(evaluated(modifier("increment", "pts", "3") + modifier("set", "pts", "4"))) == 4


def test_a_value_that_is_not_a_number_changes_nothing() -> None:
    """``increment pts "lots"`` is skipped, not a crash."""
    assert pts(evaluated(modifier("increment", "pts", "lots"))) == 10


def test_a_selection_s_fields_are_worked_out_when_first_read(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Only the modifiers of a category or a cost are asked before the counts are made
    (what they change is counted); a name's modifier waits until the name is read, and
    gives what it always gave: adding a unit runs the engine once only to find what the
    unit must hold, which reads no selection's fields (issue 33)."""
    asked: list[str] = []
    real = modifiers_module.effective

    def counted(node: object, *args: object, **kwargs: object) -> object:
        asked.append(getattr(node, "name", ""))
        return real(node, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr("model.bsdata.engine.effective", counted)
    engine = run_engine(*game(modifier("set", "name", "Boss"), gear(1)))
    assert asked == []  # a name's modifier changes nothing counted
    assert engine.finals[0].name == "Boss"
    assert asked == ["Unit"]
    assert engine.finals[0].name == "Boss"  # worked out once
    assert asked == ["Unit"]
    costly = run_engine(*game(modifier("set", "pts", "4") + modifier("set", "name", "Boss")))
    assert [f.name for f in costly.finals] == ["Boss"]
    assert costly.finals[0].costs["pts"] == 4


def _named_boss_at(pts: float) -> str:
    """The Unit is named Boss while the Gear inside it costs ``pts`` or more in all."""
    held = f'<condition type="atLeast" value="{pts}" field="pts" scope="self" childId="gear"/>'
    return modifier("set", "name", "Boss", f"<conditions>{held}</conditions>")


def test_a_cost_is_counted_times_each_selection_s_own_number() -> None:
    """Gear taken 2 and 3 times counts 5 points (each number its own, however the
    engine keeps what a number of an entry costs)."""
    two, three = sel("g2", "gear", number=2), sel("g3", "gear", number=3)
    assert evaluated(_named_boss_at(5), two, three).names["u"] == "Boss"
    assert evaluated(_named_boss_at(6), two, three).names["u"] == "Unit"


def test_a_cost_a_modifier_changed_is_counted_for_a_selection_taken_once() -> None:
    """Gear whose cost a modifier sets to 4 counts 4 points, not the 1 written."""
    costly = modifier("set", "pts", "4")
    assert evaluated(_named_boss_at(4), gear(1), gear_modifiers=costly).names["u"] == "Boss"
    assert evaluated(_named_boss_at(5), gear(1), gear_modifiers=costly).names["u"] == "Unit"
