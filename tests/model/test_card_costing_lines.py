"""A designed card's costing, line by line: the arithmetic (two percentages on one weapon or
model, a fraction rounded against 100, a weapon without a cost, an unknown id before other
items, a Resilience the table lacks) and the words of the lines the details panel, the sheet
and ``warband show`` print. The spec and items here are made for the test so that a change
to any of these gives another figure; every line is worked out by hand.

History: mutation testing (issue 19) found these unchecked:
``mutmut run "model.catalog.card_costing.*"`` left alive changes to the arithmetic (two
percentages on one weapon or model keeping only the last, a fraction rounded against 101
instead of 100, a weapon without a cost charged 1, an unknown id stopping the items after
it, a Resilience the table lacks) and to the words of the lines.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pydantic import TypeAdapter

from model.catalog.card_costing import Costing, RuleCost, cost_card
from model.catalog.design import DesignSpec, UnitCard
from model.catalog.items import Item

TYPES = [
    {"id": "troops", "name": "Troops", "unit_class": "infantry", "move": 6, "cost": 1},
    {"id": "tracked", "name": "Tracked", "unit_class": "vehicle", "move": 8, "cost": 10},
]
HOUSE = DesignSpec.model_validate({"types": TYPES, "wound_cost": {"4": 4, "6": 9}})
PUBLISHED = HOUSE.model_copy(update={"data": "published"})


def _weapon(name: str, cost: int | None) -> dict[str, Any]:
    return {"kind": "weapon", "use": "ranged", "name": name, "cost": cost}


def _ability(name: str, **more: Any) -> dict[str, Any]:
    return {"kind": "ability", "name": name, **more}


ITEMS: Mapping[str, Item] = {
    k: TypeAdapter(Item).validate_python(v)
    for k, v in {
        "rifle": _weapon("Rifle", 7),
        "fists": _weapon("Fists", None),
        "cannon": _weapon("Cannon", 202),
        "leader": _ability("Leader", cost=4),
        "hero": _ability("Hero", cost=0),
        "non-combatant": _ability("Non-Combatant", cost=-5),
        "mechanical": _ability("Mechanical", percent=-25),
        "half": _ability("Half", percent=-50),
        "transport": _ability("Transport", cost=1, percent=-50, percent_when="unarmed"),
    }.items()
}
RULES = {
    "boiler": RuleCost("Boiler", points=2),
    "halved": RuleCost("Halved", percent=-50),
    "tenth": RuleCost("Tenth", percent=-10),
}


def card(*groups: dict[str, Any], type_: str = "troops", res: int = 4, wounds: int = 1) -> UnitCard:
    return UnitCard.model_validate(
        {"name": "Unit", "type": type_, "res": res, "wounds": wounds, "models": list(groups)}
    )


def costing(c: UnitCard, spec: DesignSpec = HOUSE) -> Costing:
    return cost_card(spec, c, ITEMS, RULES, "points")


def test_two_groups_each_line_and_the_units_sum() -> None:
    """Sergeant: 1 + 1 x 4 = 5, Rifle 7 + Boiler 2 = 9, Leader 4: 18.
    Riflemen (2 wounds): 1 + 2 x 4 = 9, Fists (no cost) 0, Rifle 7, Hero 0: 16, x 2 = 32."""
    c = card(
        {
            "name": "Sergeant",
            "weapons": ["rifle"],
            "upgrades": {"rifle": ["boiler"]},
            "abilities": ["leader"],
        },
        {"name": "Rifleman", "count": 2, "wounds": 2, "weapons": ["fists", "rifle"]}
        | {"abilities": ["hero"]},
    )
    got = costing(c)
    assert got.lines() == (
        "Sergeant: base 1 (Troops) + 1 wound x 4 (RES 4) = 5 house points",
        "  + 9 Rifle 7 + 2 Boiler",
        "  + 4 Leader",
        "  = 18 a model",
        "Rifleman: base 1 (Troops) + 2 wounds x 4 (RES 4) = 9 house points",
        "  + 0 Fists",
        "  + 7 Rifle",
        "  + 0 Hero",
        "  = 16 a model x 2 models = 32",
        "Unit: 18 + 32 = 50",
    )
    assert (got.total, got.cheapest_model) == (50, 16)


def test_percentages_on_a_weapon_add_up_and_round_against_100() -> None:
    """Cannon 202 Halved: 202 x 50% = 101 (against 101 it would be 100).
    Rifle 7 Halved and Tenth: 7 x 40% = 2.8, rounded up to 3 (Tenth alone 6.3 -> 7).
    An unknown rule before Boiler does not hide it: 7 + 2 = 9.
    5 + 101 + 3 + 3 = 112."""
    c = card(
        {
            "weapons": ["cannon", "rifle", "rifle"],
            "upgrades": {"cannon": ["halved"], "rifle": ["halved", "tenth"]},
        }
    )
    assert costing(c).lines() == (
        "Unit: base 1 (Troops) + 1 wound x 4 (RES 4) = 5 house points",
        "  + 101 Cannon 202, Halved -50%",
        "  + 3 Rifle 7, Halved -50%, Tenth -10%",
        "  + 3 Rifle 7, Halved -50%, Tenth -10%",
        "  = 112 a model",
    )
    booster = card({"weapons": ["rifle"], "upgrades": {"rifle": ["nope", "boiler"]}})
    assert costing(booster).lines()[1:] == ("  + 9 Rifle 7 + 2 Boiler", "  = 14 a model")


def test_percentages_on_a_model_add_up_and_say_why() -> None:
    """Robot: 5 + Rifle 7 = 12, Mechanical -25% and Half -50%: 12 x 25% = 3.
    Carrier (tracked, RES 6, 4 wounds): 10 + 4 x 9 = 46, Transport +1 = 47, and -50% as it
    has no weapon: 23.5, rounded up to 24."""
    robot = card({"name": "Robot", "weapons": ["rifle"], "abilities": ["mechanical", "half"]})
    assert costing(robot).lines() == (
        "Robot: base 1 (Troops) + 1 wound x 4 (RES 4) = 5 house points",
        "  + 7 Rifle",
        "  -25% Mechanical",
        "  -50% Half",
        "  12 x 25% = 3 (rounded up)",
        "  = 3 a model",
    )
    carrier = card({"name": "Carrier", "abilities": ["transport"]}, type_="tracked", res=6)
    carrier = carrier.model_copy(update={"wounds": 4})
    assert costing(carrier).lines() == (
        "Carrier: base 10 (Tracked) + 4 wounds x 9 (RES 6) = 46 house points",
        "  + 1 Transport",
        "  -50% Transport (no weapons)",
        "  47 x 50% = 24 (rounded up)",
        "  = 24 a model",
    )


def test_a_models_percentage_rounds_against_100() -> None:
    """5 + Cannon 202 = 207, Half: 103.5 -> 104 (against 101: 102.5 -> 103)."""
    assert costing(card({"weapons": ["cannon"], "abilities": ["half"]})).groups[0].per_model == 104


def test_a_model_brought_to_nothing_costs_nothing() -> None:
    """5 - Non-Combatant 5 = 0; Mechanical: 0 x 75% = 0, not the 1 a floor of 1 would give."""
    c = card({"abilities": ["non-combatant", "mechanical"]})
    got = costing(c)
    assert got.lines()[1:] == (
        "  - 5 Non-Combatant",
        "  -25% Mechanical",
        "  0 x 75% = 0 (rounded up)",
        "  = 0 a model",
    )
    assert got.total == 0


def test_an_unknown_id_costs_nothing_and_hides_nothing_after_it() -> None:
    """``card_problems`` names unknown ids; until they are fixed the designer's preview
    still prices the rest: 5 + Rifle 7 + Leader 4 = 16."""
    c = card({"weapons": ["nope", "leader", "rifle"], "abilities": ["nope", "rifle", "leader"]})
    assert costing(c).lines()[1:] == ("  + 7 Rifle", "  + 4 Leader", "  = 16 a model")


def test_a_resilience_the_table_lacks_and_an_unknown_type() -> None:
    """RES 5 has no row: its wounds cost 0 (``card_problems`` names it). An unknown type is
    priced as the first (Troops), not the second (Tracked, 10)."""
    assert costing(card({}, res=5, wounds=2)).lines() == (
        "Unit: base 1 (Troops) + 2 wounds x 0 (RES 5) = 1 house points",
        "  = 1 a model",
    )
    assert costing(card({}, type_="hover")).total == 5


def test_published_figures_are_not_called_house_points() -> None:
    assert costing(card({}), PUBLISHED).lines() == (
        "Unit: base 1 (Troops) + 1 wound x 4 (RES 4) = 5",
        "  = 5 a model",
    )


def test_an_entered_card_of_0_points_costs_0() -> None:
    spec = DesignSpec.model_validate({"profile": "entered", "stats": ["MOV"]})
    c = UnitCard.model_validate({"name": "Scout", "stats": {"MOV": 4}, "points": 0})
    got = cost_card(spec, c, ITEMS, RULES, "PV")
    assert (got.total, got.lines()) == (0, ("PV 0, as entered on the card",))
