"""New Recruit's extensions to the format (``SEMANTICS.md`` rules 41 and 42), each on a
small game written for the test (``test_engine_modifiers``'s Unit with Gear, and
``test_infos``'s Marine with a Stats profile), and the arithmetic bounded.
"""

from __future__ import annotations

import pytest

from model.bsdata import nr_affects
from model.bsdata.evaluate import evaluate
from model.bsdata.infos import MAX_TEXT, Infos, roster_infos
from model.bsdata.modifiers import MAX_NAME, MAX_VALUE
from model.bsdata.nr_extensions import (
    changed_number,
    changed_stat,
    changed_text,
    parse_affects,
    unevaluated_warning,
)
from model.bsdata.roster import Selection
from tests.model.bsdata.test_engine_modifiers import condition, evaluated, gear, modifier, pts
from tests.model.bsdata.test_infos import PROFILE_TYPES, values
from tests.model.bsdata.xml_fixtures import (
    FORCE,
    cat,
    constraint,
    cost,
    entry,
    gst,
    read,
    roster,
    sel,
    system,
)


@pytest.mark.parametrize(
    ("kind", "value", "expected"),
    [
        ("multiply", "3", 30),
        ("divide", "4", 2.5),
        ("divide", "0", 10),
        ("modulo", "4", 2),
        ("power", "2", 100),
        ("floor", "12", 12),
        ("floor", "5", 10),
        ("ceil", "5", 5),
        ("ceil", "12", 10),
        ("cumulative-add", "3", 10),
    ],
)
def test_number_modifiers_on_a_cost(kind: str, value: str, expected: float) -> None:
    """The Unit's 10 pts after New Recruit's numeric kinds; ``floor``/``ceil`` with a value
    hold it at least / at most that; an undocumented kind changes nothing."""
    assert pts(evaluated(modifier(kind, "pts", value))) == expected


def test_a_repeated_multiply_is_a_power_and_stays_bounded() -> None:
    """``multiply`` repeated per Gear: 10 x 2 x 2 with two Gear; a factor repeated a
    billion times is clamped, never looped."""
    repeat = (
        '<repeats><repeat value="1" repeats="1" field="selections" scope="self" '
        'childId="gear" roundUp="false"/></repeats>'
    )
    assert pts(evaluated(modifier("multiply", "pts", "2", repeat), gear(2))) == 40
    huge = repeat.replace('repeats="1"', 'repeats="1000"')
    assert pts(evaluated(modifier("multiply", "pts", "10", huge), gear(10**6))) == MAX_VALUE
    assert changed_number("multiply", 5, -1, 10**9 - 1) == -5
    assert changed_number("power", 10, 10, 10**9) == MAX_VALUE
    assert changed_number("triangular", 4, None, 1) == 10
    assert changed_number("floor", 2.5, None, 1) == 2


def test_always_never_not_and_count() -> None:
    """``always`` holds and ``never`` does not; a ``not`` group holds when none of its
    parts does; ``count`` when at least ``min`` of them do."""
    always = '<conditions><condition type="always" value="0" field="selections" scope="self"/>'
    assert pts(evaluated(modifier("set", "pts", "1", always + "</conditions>"))) == 1
    never = always.replace("always", "never")
    assert pts(evaluated(modifier("set", "pts", "1", never + "</conditions>"))) == 10
    has_gear = condition("atLeast", 1)
    not_gear = (
        f'<conditionGroups><conditionGroup type="not"><conditions>{has_gear}</conditions>'
        "</conditionGroup></conditionGroups>"
    )
    assert pts(evaluated(modifier("set", "pts", "1", not_gear))) == 1
    assert pts(evaluated(modifier("set", "pts", "1", not_gear), gear())) == 10
    gear_or_more = not_gear.replace(has_gear, has_gear + condition("atLeast", 2))
    assert pts(evaluated(modifier("set", "pts", "1", gear_or_more), gear())) == 10
    two_of = (
        '<conditionGroups><conditionGroup type="count" min="2"><conditions>'
        f"{has_gear}{condition('atLeast', 2)}{condition('atLeast', 3)}"
        "</conditions></conditionGroup></conditionGroups>"
    )
    assert pts(evaluated(modifier("set", "pts", "1", two_of), gear(1))) == 10
    assert pts(evaluated(modifier("set", "pts", "1", two_of), gear(2))) == 1


def test_a_numeric_condition_group_never_holds() -> None:
    """New Recruit's expression groups (``add`` ...) are read, and guard nothing."""
    group = (
        '<conditionGroups><conditionGroup type="add"><conditions>'
        f"{condition('atLeast', 0)}</conditions></conditionGroup></conditionGroups>"
    )
    assert pts(evaluated(modifier("set", "pts", "1", group))) == 10


def test_a_local_condition_group_counts_the_units_before_this_one() -> None:
    """New Recruit's local condition group (the 11th edition's "each Bloodthirster after
    the first costs more"): of the force's selections, those that stand before the
    asking one and are Units are counted; at least 1 such makes this one cost 15."""
    local = (
        '<localConditionGroups><localConditionGroup type="atLeast" value="1" scope="force" '
        'field="selections" includeChildSelections="true"><conditions>'
        '<condition type="before" value="1" field="selections" scope="self" childId="any"/>'
        '<condition type="instanceOf" value="1" field="selections" scope="self" childId="unit"/>'
        "</conditions></localConditionGroup></localConditionGroups>"
    )
    unit = entry(
        "unit",
        "Unit",
        f'<modifiers><modifier type="set" field="pts" value="15">{local}</modifier></modifiers>'
        + cost(10),
        kind="unit",
    )
    game = system(gst(FORCE), cat(f"<selectionEntries>{unit}</selectionEntries>"))
    result = evaluate(game, roster(sel("u1", "unit"), sel("u2", "unit"), sel("u3", "unit")))
    assert [result.selection_costs[u][0].value for u in ("u1", "u2", "u3")] == [10, 15, 15]


def test_exactly_is_a_min_and_a_max() -> None:
    """An ``exactly 2`` on the Gear: one Gear is too few, three too many, two are right."""
    exact = constraint("gear-exact", "exactly", 2)
    unit = entry(
        "unit",
        "Unit",
        f"<selectionEntries>{entry('gear', 'Gear', exact)}</selectionEntries>",
        kind="unit",
    )
    game = system(gst(FORCE), cat(f"<selectionEntries>{unit}</selectionEntries>"))

    def errors(n: int) -> int:
        result = evaluate(game, roster(sel("u", "unit", sel("g", "gear", number=n))))
        return sum(f.severity == "error" for f in result.findings)

    assert (errors(1), errors(2), errors(3)) == (1, 0, 1)


def test_prepend_and_replace_on_a_name() -> None:
    """``prepend`` puts the text (and ``join``) before the name; ``replace`` swaps
    ``arg`` for the value."""
    assert evaluated(modifier("prepend", "name", "Elite")).names["u"] == "Elite Unit"
    joined = '<modifier type="prepend" field="name" value="Elite" join=": "/>'
    assert evaluated(joined).names["u"] == "Elite: Unit"
    swap = '<modifier type="replace" field="name" value="Squad" arg="Unit"/>'
    assert evaluated(swap).names["u"] == "Squad"


def test_append_with_a_join_on_a_characteristic() -> None:
    """``append`` with ``join`` (the 40k data's keywords: "Assault" + "Hazardous" by
    ", "); with an empty join nothing goes between; on empty text the value alone."""
    assert changed_text("append", "Assault", "Hazardous", ", ", "", MAX_TEXT) == (
        "Assault, Hazardous"
    )
    assert changed_text("append", "D6", "+1", "", "", MAX_TEXT) == "D6+1"
    assert changed_text("append", "", "Hazardous", ", ", "", MAX_TEXT) == "Hazardous"


def test_text_stays_within_its_cap() -> None:
    """A replace that grows, or a prepend, never passes the cap (nor cuts the data's own)."""
    grown = changed_text("replace", "a" * 100, "b" * 1000, None, "a", MAX_NAME)
    assert len(grown) == MAX_NAME
    assert len(changed_text("prepend", "x" * 300, "y", None, "", MAX_NAME)) == 300
    assert changed_text("replace", "abc", "", None, "", MAX_TEXT) == "abc"


@pytest.mark.parametrize(
    ("kind", "old", "by", "expected"),
    [
        ("decrement", "3+", 1, "2+"),
        ("increment", '6"', 2, '8"'),
        ("increment", "D6", 1, "D6+1"),
        ("decrement", "D6+1", 1, "D6+0"),
        ("decrement", "2D3", 1, "2D3-1"),
        ("multiply", "4+", 2, "8+"),
        ("increment", "Melta 2", 1, None),
    ],
)
def test_stats_with_more_than_a_number(kind: str, old: str, by: float, expected: str) -> None:
    """A stat written "3+", 6" or "D6" is changed in its number; other text is not one."""
    assert changed_stat(kind, old, by, 1, kind) == expected


@pytest.mark.parametrize("kind", ["floor", "ceil", "triangular", "multiply", "increment"])
def test_a_stat_of_four_hundred_digits_is_bounded(kind: str) -> None:
    """A number no float holds ("9" x 400, then "+") is clamped, never an error."""
    changed = changed_stat(kind, "9" * 400 + "+", None if kind == "floor" else 2, 3, kind)
    assert changed is not None and len(changed) < 20 and changed.endswith("+")


# -- affects and scope ------------------------------------------------------------------

WEAPON_TYPES = PROFILE_TYPES.replace(
    "</profileTypes>",
    '<profileType id="gun" name="Ranged Weapons"><characteristicTypes>'
    '<characteristicType id="s" name="S"/><characteristicType id="a" name="A"/>'
    "</characteristicTypes></profileType></profileTypes>",
)


def _profile(pid: str, type_id: str, type_name: str, values: dict[str, str]) -> str:
    chars = "".join(
        f'<characteristic name="{k.upper()}" typeId="{k}">{v}</characteristic>'
        for k, v in values.items()
    )
    return (
        f'<profiles><profile id="{pid}" name="{pid}" typeId="{type_id}" '
        f'typeName="{type_name}"><characteristics>{chars}</characteristics></profile></profiles>'
    )


def squad(
    relic_modifiers: str, relics: int = 1, heirloom_modifiers: str = ""
) -> tuple[Infos, Infos]:
    """A Squad (unit) of a Sergeant (model, W 2, Sv 3+) with a Bolter (S 4, A D6; it may
    take an Heirloom) and a Relic; the Relic's and the Heirloom's modifiers are given;
    the Sergeant's and the Bolter's infos."""
    heirloom = entry("heirloom", "Heirloom", f"<modifiers>{heirloom_modifiers}</modifiers>")
    bolter = entry(
        "bolter",
        "Bolter",
        _profile("pb", "gun", "Ranged Weapons", {"s": "4", "a": "D6"})
        + f"<selectionEntries>{heirloom}</selectionEntries>",
    )
    relic = entry("relic", "Relic", f"<modifiers>{relic_modifiers}</modifiers>")
    sergeant = entry(
        "sergeant",
        "Sergeant",
        _profile("ps", "stats", "Unit Stats", {"w": "2", "sv": "3+"})
        + f"<selectionEntries>{bolter}{relic}</selectionEntries>",
        kind="model",
    )
    unit = entry("squad", "Squad", f"<selectionEntries>{sergeant}</selectionEntries>", kind="unit")
    game = system(gst(WEAPON_TYPES + FORCE), cat(f"<selectionEntries>{unit}</selectionEntries>"))
    in_bolter = (sel("h", "heirloom"),) if heirloom_modifiers else ()
    taken: tuple[Selection, ...] = (sel("b", "bolter", *in_bolter),)
    if relic_modifiers:
        taken += tuple(sel(f"r{i}", "relic") for i in range(relics))
    infos = roster_infos(game, roster(sel("u", "squad", sel("m", "sergeant", *taken))))
    return infos.of("m"), infos.of("b")


def test_a_type_scope_starts_above_the_holder() -> None:
    """The 40k data's weapon modifications (``Heirloom (A+1)``): an upgrade taken in a
    weapon, with ``scope="upgrade"``, counts and changes from the nearest upgrade *above*
    it (the weapon: New Recruit's type scopes are ancestors), so the Bolter's Attacks
    "D6" become "D6+1"; a ``replace`` of "+0" leaves other text alone."""
    has_heirloom = (
        '<conditions><condition type="atLeast" value="1" field="selections" '
        'scope="upgrade" childId="heirloom" includeChildSelections="true"/></conditions>'
    )
    mods = (
        '<modifier type="increment" value="1" field="a" scope="upgrade" '
        f'affects="profiles.Ranged Weapons">{has_heirloom}</modifier>'
        '<modifier type="replace" field="a" scope="upgrade" arg="+0" '
        f'affects="profiles.Ranged Weapons">{has_heirloom}</modifier>'
    )
    model, bolter = squad("", heirloom_modifiers=mods)
    assert values(bolter) == [("S", "4", False), ("A", "D6+1", True)]
    assert values(model) == [("W", "2", False), ("SV", "3+", False)]


def test_affects_changes_the_model_and_its_weapons_not_the_holder() -> None:
    """A Relic with ``scope="model-or-unit"`` raises its Sergeant's Wounds
    (``profiles.Unit Stats`` from the model) and, through ``self.entries``, the Bolter's
    Strength; its Attacks "D6" become "D6+1". Nothing else changes."""
    mods = (
        '<modifier type="increment" value="1" field="w" scope="model-or-unit" '
        'affects="profiles.Unit Stats"/>'
        '<modifier type="increment" value="2" field="s" scope="model-or-unit" '
        'affects="self.entries.profiles.Ranged Weapons"/>'
        '<modifier type="increment" value="1" field="a" scope="model-or-unit" '
        'affects="self.entries.recursive.profiles.Ranged Weapons"/>'
        '<modifier type="decrement" value="1" field="sv" scope="model-or-unit" '
        'affects="self.entries.profiles.Unit Stats"/>'
    )
    model, bolter = squad(mods)
    assert values(model) == [("W", "3", True), ("SV", "2+", True)]
    assert values(bolter) == [("S", "6", True), ("A", "D6+1", True)]
    plain_model, plain_bolter = squad("")
    assert values(plain_model) == [("W", "2", False), ("SV", "3+", False)]
    assert values(plain_bolter) == [("S", "4", False), ("A", "D6", False)]


def test_affects_with_a_condition_a_replace_and_a_floor() -> None:
    """The modifier's conditions are asked from its holder (here: never); ``replace``
    with ``arg`` and ``floor`` act on a reached profile as on one's own."""
    never = (
        '<conditions><condition type="never" value="0" field="selections" scope="self"/>'
        "</conditions>"
    )
    held = (
        '<modifier type="increment" value="1" field="w" scope="model" '
        f'affects="self.entries.profiles.Unit Stats">{never}</modifier>'
    )
    assert values(squad(held)[0])[0] == ("W", "2", False)
    mods = (
        '<modifier type="decrement" value="5" field="w" scope="model" '
        'affects="profiles.Unit Stats"/>'
        '<modifier type="floor" value="1" field="w" scope="model" affects="profiles.Unit Stats"/>'
        '<modifier type="replace" field="a" scope="model" arg="D6" value="3" '
        'affects="self.entries.profiles.Ranged Weapons"/>'
    )
    joined = (
        '<modifier type="append" field="s" value="Lethal" join=", " scope="model" '
        'affects="self.entries.profiles.Ranged Weapons"/>'
    )
    model, bolter = squad(mods + joined)
    assert values(model)[0] == ("W", "1", True)
    assert values(bolter) == [("S", "4, Lethal", True), ("A", "3", True)]


@pytest.mark.parametrize(
    ("scope", "child", "raised"),
    [
        ("model-or-unit", "relic", True),
        ("model", "bolter", True),
        ("unit", "bolter", True),
        ("root-entry", "relic", True),
        ("upgrade", "bolter", False),
        ("unit", "squad", False),
    ],
)
def test_type_scopes_count_from_the_nearest_selection_of_a_type(
    scope: str, child: str, raised: bool
) -> None:
    """A condition's ``scope`` may be New Recruit's ``unit``, ``model``, ``upgrade``,
    ``model-or-unit`` (the nearest selection of that type the holder is in) or
    ``root-entry`` (the top-level one); it counts inside it (so a unit never counts
    itself, and the Relic, an upgrade, holds no Bolter)."""
    held = (
        '<modifier type="increment" value="1" field="w" scope="model" '
        'affects="profiles.Unit Stats"><conditions><condition type="atLeast" value="1" '
        f'field="selections" scope="{scope}" childId="{child}" '
        'includeChildSelections="true"/></conditions></modifier>'
    )
    assert values(squad(held)[0])[0] == ("W", "3" if raised else "2", raised)


def test_many_reaching_modifiers_cost_a_bounded_walk(monkeypatch: pytest.MonkeyPatch) -> None:
    """Each of 3 Relics raises the Sergeant's Wounds from the top (``root-entry``,
    ``recursive``): 2 + 3. Past ``MAX_REACHES`` pairs looked at, the rest reach nothing;
    2,000 Relics each reaching all the others take well under a second per sheet."""
    mods = (
        '<modifier type="increment" value="1" field="w" scope="root-entry" '
        'affects="self.entries.recursive.profiles.Unit Stats"/>'
    )
    assert values(squad(mods, relics=3)[0])[0] == ("W", "5", True)
    monkeypatch.setattr(nr_affects, "MAX_REACHES", 2 * 6)  # 6 selections per walk
    assert values(squad(mods, relics=3)[0])[0] == ("W", "4", True)
    monkeypatch.setattr(nr_affects, "MAX_REACHES", 2_000 * 50)
    assert values(squad(mods, relics=2_000)[0])[0] == ("W", "52", True)


def test_a_modifier_with_affects_leaves_its_holder_alone() -> None:
    """A modifier with ``affects`` changes what it reaches, never the element holding it
    (its name, its cost)."""
    mods = (
        '<modifier type="set" field="name" value="Other" affects="profiles.Unit Stats"/>'
        '<modifier type="set" field="pts" value="99" affects="profiles.Unit Stats"/>'
    )
    result = evaluated(mods)
    assert (result.names["u"], pts(result)) == ("Unit", 10)


def test_affects_paths() -> None:
    """``self`` takes the start, ``entries`` its children, ``recursive`` all below; an
    entry id filters; no ``profiles`` (or ``forces``) is nothing to change here."""
    reach = parse_affects("self.entries.recursive.profiles.Melee Weapons")
    assert reach is not None
    assert (reach.take_self, reach.children, reach.below, reach.profile_type) == (
        True,
        True,
        True,
        "Melee Weapons",
    )
    only = parse_affects("profiles.Unit")
    assert only is not None and (only.take_self, only.children, only.below) == (True, False, False)
    by_id = parse_affects("abc-1.profiles.Ranged Weapons")
    assert by_id is not None and by_id.entry_ids == ("abc-1",) and by_id.below
    assert parse_affects("self.entries.recursive.abc-1") is None
    assert parse_affects("self.entries.forces.recursive.profiles.Unit") is None


def test_what_is_read_but_not_evaluated_is_one_warning_per_file() -> None:
    """A file using ``hide``, a numeric condition group or an ``affects`` naming no
    profiles is read (no problem) and gets one warning saying so, with counts; a file
    using only what is evaluated gets none."""
    unevaluated = (
        '<modifier type="hide" field="hidden" value="true"/>'
        '<modifier type="hide" field="hidden" value="true"/>'
        '<modifier type="set" field="hidden" value="true" affects="self.entries.abc"/>'
        '<modifier type="set" field="pts" value="1"><conditionGroups>'
        '<conditionGroup type="greater"/></conditionGroups></modifier>'
        '<modifier type="add" field="error" value="Too many"/>'
    )
    flagged = constraint("c1", "max", 1, automatic="true")
    associations = '<associations><association id="a1" name="A" min="1" max="1"/></associations>'
    unit = entry(
        "unit",
        "Unit",
        f"<modifiers>{unevaluated}</modifiers>{flagged}{associations}",
        kind="unit",
    )
    catalogue = read(cat(f"<selectionEntries>{unit}</selectionEntries>"), "nr.cat")
    warning = unevaluated_warning(catalogue, "nr.cat")
    assert warning is not None and warning.file == "nr.cat"
    assert warning.message.endswith(
        "modifier type hide (2), associations (1), constraint flag automatic (1), "
        "affects naming no profiles (1), condition group type greater (1), "
        "modifier adding an error message (1)"
    )
    plain = read(cat(f"<selectionEntries>{entry('u', 'U')}</selectionEntries>"), "plain.cat")
    assert unevaluated_warning(plain, "plain.cat") is None
