"""Designed units: what a card costs, worked out by hand, and the rules that look at
single models of it.

The fixture (tests/fixtures/catalogs/designer-mini) prices a model's base as the
type's cost + wounds x the cost of a wound at its RES (troops 1, tracked 10; a wound
costs 4 at RES 4 and 9 at RES 6); weapons and abilities at the rulebook's points.
"""

from __future__ import annotations

from typing import Any

import pytest

from model.catalog.design import ModelGroup, UnitCard
from model.catalog.schema import FactionView
from model.roster.resolved import loadouts_of
from model.roster.roster import Roster, RosterUnit
from model.roster.validate import validate
from tests.helpers import codes, fixture_catalog


def view() -> FactionView:
    return fixture_catalog("designer-mini").view("any")


def card(type_: str = "troops", res: int = 4, wounds: int = 1, *groups: dict[str, Any]) -> UnitCard:
    return UnitCard.model_validate(
        {"name": "Unit", "type": type_, "res": res, "wounds": wounds, "models": list(groups)}
    )


def roster(*cards: UnitCard, limit: int = 1000, **settings: int) -> Roster:
    ids = [f"card-{n}" for n in range(len(cards))]
    return Roster(
        system="designer-mini",
        faction="any",
        name="Test",
        points_limit=limit,
        cards=dict(zip(ids, cards, strict=True)),  # type: ignore[arg-type]
        settings=settings,  # type: ignore[arg-type]
        units=tuple(
            RosterUnit(unit=cid, models=c.model_count) for cid, c in zip(ids, cards, strict=True)
        ),
    )


def cost(c: UnitCard) -> int:
    r = roster(c)
    (lo,) = loadouts_of(view().with_cards(r.cards), r)
    return lo.cost


class TestCosting:
    def test_a_mixed_section(self) -> None:
        # Sergeant: 1 + 1 x 4 = 5, + Rifle 7 + Leader 4 = 16
        # 3 riflemen: (5 + 7) x 3 = 36; LMG gunner: 5 + 18 = 23. 16 + 36 + 23 = 75
        section = card(
            "troops",
            4,
            1,
            {"name": "Sergeant", "weapons": ["rifle"], "abilities": ["leader"]},
            {"name": "Rifleman", "count": 3, "weapons": ["rifle"]},
            {"name": "Gunner", "weapons": ["lmg"]},
        )
        assert cost(section) == 75

    def test_the_arithmetic_is_shown_line_by_line(self) -> None:
        c = card("troops", 4, 1, {"name": "Rifleman", "count": 3, "weapons": ["rifle"]})
        r = roster(c)
        costing = view().with_cards(r.cards).designs["card-0"].costing
        assert costing is not None
        assert costing.lines() == (
            "Rifleman: base 1 (Troops) + 1 wound x 4 (RES 4) = 5 house points",
            "  + 7 Rifle",
            "  = 12 a model x 3 models = 36",
        )

    def test_an_added_weapon_rule_costs_its_points(self) -> None:
        # 5 + Rifle 7 + Boiler 2 = 14
        assert (
            cost(card("troops", 4, 1, {"weapons": ["rifle"], "upgrades": {"rifle": ["boiler"]}}))
            == 14
        )

    def test_one_shot_takes_75_percent_off_the_weapon(self) -> None:
        # LMG 18 x 25% = 4.5, rounded up to 5; 5 + 5 = 10
        assert (
            cost(card("troops", 4, 1, {"weapons": ["lmg"], "upgrades": {"lmg": ["one-shot"]}}))
            == 10
        )

    def test_mechanical_takes_25_percent_off_the_model(self) -> None:
        # (5 + Rifle 7) x 75% = 9 a robot; two robots 18
        assert (
            cost(
                card(
                    "troops", 4, 1, {"count": 2, "weapons": ["rifle"], "abilities": ["mechanical"]}
                )
            )
            == 18
        )
        # (5 + LMG 18) x 75% = 17.25, rounded up to 18
        assert cost(card("troops", 4, 1, {"weapons": ["lmg"], "abilities": ["mechanical"]})) == 18

    def test_an_unarmed_transport_costs_half(self) -> None:
        # Tracked 10 + 4 wounds x 9 (RES 6) = 46, + Transport 1 = 47; x 50% = 23.5 -> 24
        assert cost(card("tracked", 6, 4, {"abilities": ["transport"]})) == 24
        # armed, no reduction: 47 + LMG 18 = 65
        assert cost(card("tracked", 6, 4, {"weapons": ["lmg"], "abilities": ["transport"]})) == 65

    def test_non_combatant_is_five_points_off(self) -> None:
        assert cost(card("troops", 4, 1, {"abilities": ["non-combatant"]})) == 0

    def test_groups_may_have_their_own_type_res_and_wounds(self) -> None:
        # a tracked gun (10 + 2 x 9 = 28, + LMG 18 = 46) and two crew (5 each): 56
        gun = card(
            "tracked",
            6,
            2,
            {"weapons": ["lmg"]},
            {"name": "Crew", "count": 2, "type": "troops", "res": 4, "wounds": 1},
        )
        assert cost(gun) == 56

    def test_a_card_with_unknown_ids_is_reported_not_costed(self) -> None:
        c = card("trackd", 4, 1, {"weapons": ["rifel"], "abilities": ["leadr"]})
        r = roster(c)
        design = view().with_cards(r.cards).designs["card-0"]
        assert design.costing is None
        assert [(p.message, p.path) for p in design.problems] == [
            ("unknown model type 'trackd'", ("type",)),
            ("unknown weapon 'rifel'", ("models", 1, "weapons")),
            ("unknown ability 'leadr'", ("models", 1, "abilities")),
        ]


def findings(*cards: UnitCard, limit: int = 1000, **settings: int) -> list[str]:
    r = roster(*cards, limit=limit, **settings)
    return codes(validate(view().with_cards(r.cards), r))


class TestRulesOnSingleModels:
    def test_hero_models_do_not_count_toward_the_six(self) -> None:
        six_and_hero = card(
            "troops", 4, 1, {"count": 6, "weapons": ["rifle"]}, {"abilities": ["hero"]}
        )
        assert "infantry-models" not in findings(six_and_hero)
        seven = card("troops", 4, 1, {"count": 7, "weapons": ["rifle"]})
        assert "infantry-models" in findings(seven)

    def test_a_group_of_another_type_is_matched_on_its_own_tags(self) -> None:
        three_crew = card("tracked", 6, 2, {"weapons": ["lmg"]}, {"count": 3, "type": "troops"})
        assert "crew" in findings(three_crew)
        two_crew = card("tracked", 6, 2, {"weapons": ["lmg"]}, {"count": 2, "type": "troops"})
        assert "crew" not in findings(two_crew)

    def test_a_drone_has_its_units_res_and_wounds(self) -> None:
        odd = card("troops", 4, 1, {"count": 4}, {"abilities": ["drone"], "res": 5})
        r = roster(odd)
        report = validate(view().with_cards(r.cards), r)
        (finding,) = [f for f in report.findings if f.code == "drone-like-unit"]
        assert finding.message == "Unit (unit 1): Unit has Res 5; it must have 4, as the others"
        same = card("troops", 4, 1, {"count": 4}, {"abilities": ["drone"]})
        assert "drone-like-unit" not in findings(same)

    def test_all_item_tags_needs_every_tag(self) -> None:
        # MG on a RoA 1 weapon: the rifle (RoA 1) with MG added
        assert "mg-not-roa-1" in findings(
            card("troops", 4, 1, {"weapons": ["rifle"], "upgrades": {"rifle": ["mg"]}})
        )
        assert "mg-not-roa-1" not in findings(card("troops", 4, 1, {"weapons": ["lmg"]}))

    def test_at_most_three_special_rules_on_a_weapon(self) -> None:
        four = card("troops", 4, 1, {"weapons": ["twin-lmg"], "upgrades": {"twin-lmg": ["boiler"]}})
        r = roster(four)
        report = validate(view().with_cards(r.cards), r)
        (finding,) = [f for f in report.findings if f.code == "weapon-rules"]
        assert finding.message == "Unit (unit 1): Twin LMG has 4 special rules; at most 3"
        # the same weapon in two groups counts once, not twice
        two_groups = card("troops", 4, 1, {"weapons": ["twin-lmg"]}, {"weapons": ["twin-lmg"]})
        assert "weapon-rules" not in findings(two_groups)


class TestListSettings:
    def test_the_vehicle_limit_is_off_until_the_roster_sets_it(self) -> None:
        tanks = [card("tracked", 6, 4, {"weapons": ["lmg"]}) for _ in range(3)]
        assert "vehicle-limit" not in findings(*tanks)
        assert "vehicle-limit" in findings(*tanks, **{"vehicle-limit": 2})
        assert "vehicle-limit" not in findings(*tanks, **{"vehicle-limit": 3})

    def test_unarmed_transports_do_not_count_toward_it(self) -> None:
        tank = card("tracked", 6, 4, {"weapons": ["lmg"]})
        bus = card("tracked", 6, 4, {"abilities": ["transport"]})
        assert "vehicle-limit" not in findings(tank, bus, **{"vehicle-limit": 1})


class TestPointsTolerance:
    def test_over_by_no_more_than_the_cheapest_model_is_a_warning(self) -> None:
        # five riflemen at 12 and a 23-point gunner: the cheapest model is 12 points
        section = card("troops", 4, 1, {"count": 5, "weapons": ["rifle"]}, {"weapons": ["lmg"]})
        # 60 + 23 = 83 points
        r = roster(section, limit=71)
        report = validate(view().with_cards(r.cards), r)
        assert [(f.severity, f.code) for f in report.findings] == [("warning", "points-limit")]
        r = roster(section, limit=70)
        report = validate(view().with_cards(r.cards), r)
        assert [(f.severity, f.code) for f in report.findings] == [("error", "points-limit")]


def test_a_model_group_needs_at_least_one_model() -> None:
    with pytest.raises(ValueError):
        ModelGroup.model_validate({"count": 0})
