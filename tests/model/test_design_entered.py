"""Cards whose stats and points the player enters: Steampocalypse 1909's own unit cards.

The rules print a point value (PV) on each unit card but publish no cards, so a
player writes them: the stats, the special ability (SP), the PV as printed and
whether the unit is named. The fixture (tests/fixtures/catalogs/steampocalypse-mini)
declares ``[design] profile = "entered"`` with MOV, HPT (1 or more), RCB, RNG, CCB,
DEF, WIL and an optional OF (1 or more) that tags the unit ``officer``; its list rules
allow one officer of each rank and one copy of a named unit.
"""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import pytest
from pydantic import ValidationError

from catalogs.library import Library
from catalogs.loader import load_system
from model.catalog.card_problems import card_problems
from model.catalog.design import CardStat, DesignSpec, UnitCard
from model.catalog.schema import FactionView
from model.core.problems import CatalogError
from model.roster.resolved import loadouts_of
from model.roster.roster import Roster, RosterUnit
from model.roster.validate import validate
from saves.house_file import read_house, save_card
from saves.roster_file import read_roster, write_roster
from tests.conftest import FIXTURES
from tests.helpers import codes, entry, fixture_catalog

MINI = FIXTURES / "catalogs" / "steampocalypse-mini"


def view() -> FactionView:
    return fixture_catalog("steampocalypse-mini").view("bac")


def officer(name: str = "Captain Hardy", rank: int = 2, pv: int = 12, **more: Any) -> UnitCard:
    stats = {"MOV": 4, "HPT": 3, "RCB": 2, "RNG": 12, "CCB": 3, "DEF": 3, "WIL": 4, "OF": rank}
    return UnitCard.model_validate(
        {"name": name, "stats": stats, "points": pv, "special": "Reach", **more}
    )


def trooper(**changes: Any) -> UnitCard:
    stats = {"MOV": 4, "HPT": 2, "RCB": 2, "RNG": 10, "CCB": 1, "DEF": 1, "WIL": 2}
    return UnitCard.model_validate({"name": "Rifleman", "stats": stats, "points": 5, **changes})


def roster_of(*cards: UnitCard, extra: tuple[RosterUnit, ...] = (), limit: int = 50) -> Roster:
    ids = [f"card-{n}" for n in range(len(cards))]
    return Roster(
        system="steampocalypse-mini",
        faction="bac",
        name="Brass",
        points_limit=limit,
        cards=dict(zip(ids, cards, strict=True)),  # type: ignore[arg-type]
        units=(*(RosterUnit(unit=cid) for cid in ids), *extra),
    )


def problems(card: UnitCard) -> list[tuple[str, tuple[str | int, ...]]]:
    v = view()
    found = card_problems(v.design_spec, card, v.items, v.rule_costs, "PV")
    return [(p.message, p.path) for p in found]


class TestTheSpec:
    def test_a_stat_may_be_named_or_given_in_full(self) -> None:
        spec = view().design_spec
        assert spec is not None and spec.entered
        assert [s.id for s in spec.stats] == ["MOV", "HPT", "RCB", "RNG", "CCB", "DEF", "WIL", "OF"]
        assert spec.stat("MOV") == CardStat(id="MOV")
        assert spec.stat("OF") == CardStat(
            id="OF", min=1, optional=True, tag="officer", source="000 Officer"
        )
        assert spec.unit_tags == {"designed", "named", "officer"}

    @pytest.mark.parametrize(
        ("data", "message"),
        [
            ({"profile": "entered"}, "an entered profile needs the stats a card gives"),
            (
                {"profile": "entered", "stats": ["MOV"], "wound_cost": {"4": 4}},
                "types and wound_cost price derived cards",
            ),
            ({"stats": ["MOV"]}, "a derived profile needs types and wound_cost"),
            ({"profile": "entered", "stats": ["MOV", "MOV"]}, "stats named twice: MOV"),
            (
                {"profile": "entered", "stats": [{"id": "OF", "min": 3, "max": 2}]},
                "min (3) is more than max (2)",
            ),
        ],
    )
    def test_a_spec_that_cannot_work_is_refused(self, data: dict[str, Any], message: str) -> None:
        with pytest.raises(ValidationError) as caught:
            DesignSpec.model_validate(data)
        assert message in str(caught.value)


class TestTheUnit:
    def test_an_officer_card_is_a_unit_with_its_stats_pv_and_the_officer_tag(self) -> None:
        r = roster_of(officer())
        design = view().with_cards(r.cards).designs["card-0"]
        assert design.problems == ()
        unit = design.unit
        assert unit.cost == 12
        assert dict(unit.stats) == {
            "MOV": 4,
            "HPT": 3,
            "RCB": 2,
            "RNG": 12,
            "CCB": 3,
            "DEF": 3,
            "WIL": 4,
            "OF": 2,
        }
        assert unit.tags == {"designed", "officer"}
        assert unit.summary == "SP: Reach"
        assert (unit.models.min, unit.models.max) == (1, 1)
        assert unit.data == "house"
        assert design.costing is not None
        assert design.costing.lines() == ("PV 12, as entered on the card",)

    def test_a_card_without_a_rank_is_no_officer_and_shows_no_rank(self) -> None:
        r = roster_of(trooper())
        unit = view().with_cards(r.cards).units["card-0"]
        assert unit.stats["OF"] == "-"
        assert unit.tags == {"designed"}
        assert unit.summary is None

    def test_a_named_card_is_tagged_named(self) -> None:
        r = roster_of(officer(named=True))
        assert view().with_cards(r.cards).unit_tags("card-0") == {
            "designed",
            "officer",
            "named",
        }

    def test_an_ability_of_the_catalog_brings_its_tag(self) -> None:
        """Reach is an item of the fixture: the card takes it, the unit is tagged
        ``reach`` (what the tracker's close-combat range may look at) and carries it."""
        r = roster_of(trooper(abilities=["reach"]))
        v = view().with_cards(r.cards)
        unit = v.units["card-0"]
        assert unit.base == ("reach",)
        assert unit.tags == {"designed", "reach"}
        (lo,) = loadouts_of(v, r)
        assert [(c.item_id, c.count, c.cost) for c in lo.carried] == [("reach", 1, 0)]
        assert "reach" in lo.groups[0].tags
        assert lo.cost == 5  # the entered PV: an ability adds nothing to it

    def test_the_models_of_the_entry_carry_the_card_s_stats_and_tags(self) -> None:
        """What the tracker starts a battle from (``loadouts_of`` groups)."""
        r = roster_of(officer(), trooper())
        captain, rifleman = loadouts_of(view().with_cards(r.cards), r)
        (group,) = captain.groups
        assert (group.name, group.count, group.cost) == ("Captain Hardy", 1, 12)
        assert group.stats["OF"] == 2 and group.stats["HPT"] == 3
        assert "officer" in group.tags
        assert (captain.cost, rifleman.cost) == (12, 5)
        assert "officer" not in rifleman.groups[0].tags


class TestProblems:
    def test_a_good_card_has_none(self) -> None:
        assert problems(officer()) == []
        assert problems(trooper()) == []

    def test_a_stat_left_out_or_out_of_bounds(self) -> None:
        card = trooper(stats={"MOV": 4, "HPT": 0, "RCB": -1, "CCB": 1, "DEF": 1, "WIL": 2})
        assert problems(card) == [
            ("HPT 0: it is 1 or more", ("stats", "HPT")),
            ("RCB -1: it is 0 or more", ("stats", "RCB")),
            ("no RNG: the card gives every stat", ("stats", "RNG")),
        ]

    def test_a_rank_of_zero_is_out_of_bounds(self) -> None:
        assert problems(officer(rank=0)) == [("OF 0: it is 1 or more", ("stats", "OF"))]

    def test_an_unknown_stat_is_named_with_a_did_you_mean(self) -> None:
        card = trooper(stats={**trooper().stats, "WLL": 3})
        v = view()
        (found,) = card_problems(v.design_spec, card, v.items, v.rule_costs, "PV")
        assert found.message == "unknown stat 'WLL'"
        assert str(found.problem("rifleman")) == (
            "cards.rifleman.stats.WLL: unknown stat 'WLL'; did you mean 'WIL'?"
        )

    def test_an_unknown_ability_with_a_did_you_mean(self) -> None:
        card = trooper(abilities=["rech"])
        v = view()
        (found,) = card_problems(v.design_spec, card, v.items, v.rule_costs, "PV")
        assert str(found.problem("rifleman")) == (
            "cards.rifleman.abilities: unknown ability 'rech'; did you mean 'reach'?"
        )

    def test_no_points_and_keys_of_derived_cards(self) -> None:
        card = trooper(points=None, type="troops", res=4)
        assert problems(card) == [
            (
                "'type' is for systems that work a card's cost out from its models; "
                "this system's cards give their stats and PV",
                ("type",),
            ),
            (
                "'res' is for systems that work a card's cost out from its models; "
                "this system's cards give their stats and PV",
                ("res",),
            ),
            ("no PV: enter the points printed on the card", ("points",)),
        ]

    def test_a_card_with_problems_costs_nothing_until_mended(self) -> None:
        r = roster_of(trooper(points=None))
        design = view().with_cards(r.cards).designs["card-0"]
        assert design.costing is None and design.unit.cost == 0

    def test_a_derived_system_refuses_entered_keys_and_wants_its_own(self) -> None:
        """Steam Wars' cards are unchanged: there, stats and points are mistakes, and a
        card without type, Resilience or models says which it lacks."""
        steam = fixture_catalog("designer-mini").view("any")
        card = UnitCard.model_validate({"name": "Odd", "stats": {"Move": 6}, "points": 5})
        found = card_problems(steam.design_spec, card, steam.items, steam.rule_costs)
        assert [(p.message, p.path) for p in found] == [
            (
                "'stats' is for systems whose cards give their stats and points; "
                "this system works a card's cost out from its models",
                ("stats",),
            ),
            (
                "'points' is for systems whose cards give their stats and points; "
                "this system works a card's cost out from its models",
                ("points",),
            ),
            ("no model type: give type = one of troops, tracked", ("type",)),
            ("no Resilience (res = 3 to 6)", ("res",)),
            ("no models: a card has at least one [[...models]] group", ("models",)),
        ]


def findings(*cards: UnitCard, extra: tuple[RosterUnit, ...] = (), limit: int = 50) -> list[str]:
    r = roster_of(*cards, extra=extra, limit=limit)
    return codes(validate(view().with_cards(r.cards), r))


class TestListRules:
    def test_two_officer_cards_of_one_rank(self) -> None:
        r = roster_of(officer("Captain Hardy", 2), officer("Captain Soames", 2), trooper())
        report = validate(view().with_cards(r.cards), r)
        (finding,) = [f for f in report.findings if f.code == "one-officer-per-rank"]
        assert finding.message == (
            "2 officers of rank OF 2; an army has one officer of each rank at most: remove 1"
        )
        assert report.points == 12 + 12 + 5

    def test_officer_cards_of_different_ranks(self) -> None:
        assert findings(officer("Captain Hardy", 2), officer("Major Pike", 3)) == []

    def test_a_card_and_a_catalog_officer_of_one_rank(self) -> None:
        # the fixture's example lieutenant is OF 2 too
        assert "one-officer-per-rank" in findings(officer(rank=2), extra=(entry("lieutenant"),))

    def test_an_army_of_troopers_has_no_officer(self) -> None:
        assert findings(trooper()) == ["an-officer"]

    def test_a_named_card_once(self) -> None:
        named = officer(named=True)
        r = roster_of(named)
        r = r.model_copy(update={"units": (*r.units, RosterUnit(unit="card-0"))})
        report = validate(view().with_cards(r.cards), r)
        messages = {f.code: f.message for f in report.findings}
        assert messages["named-once"] == (
            "Captain Hardy appears 2 times; a named unit exists once: remove 1"
        )
        assert "named-once" not in findings(named)

    def test_the_pv_limit_counts_the_entered_points(self) -> None:
        four = [officer(f"Officer {n}", n + 1, pv=12) for n in range(4)]  # 48 PV
        assert findings(*four, limit=50) == []
        assert "pv-limit" in findings(*four, trooper(), limit=50)  # 53 PV


class TestFiles:
    def test_a_card_reads_back_from_a_roster_file(self, tmp_path: Path) -> None:
        r = roster_of(officer(named=True), trooper())
        path = tmp_path / "brass.toml"
        write_roster(path, r)
        text = path.read_text()
        assert "stats = { MOV = 4, HPT = 3, RCB = 2, RNG = 12, CCB = 3, DEF = 3" in text
        assert 'points = 12\nspecial = "Reach"\nnamed = true' in text
        assert "models" not in text.split("[[units]]")[0]
        assert read_roster(path)[0] == r

    def test_a_kept_card_is_a_unit_of_every_new_list(self, tmp_path: Path) -> None:
        user = tmp_path / "user"
        user.mkdir()
        path = save_card(user, "steampocalypse-mini", "captain-hardy", officer())
        assert list(read_house(path).cards) == ["captain-hardy"]
        catalog = Library(user, bundled=FIXTURES / "catalogs").load("steampocalypse-mini")
        unit = catalog.view("bac").units["captain-hardy"]
        assert (unit.name, unit.cost, unit.stats["OF"]) == ("Captain Hardy", 12, 2)
        assert "officer" in catalog.view("bac").unit_tags("captain-hardy")


def copy_mini(tmp_path: Path) -> Path:
    folder = tmp_path / "steampocalypse-mini"
    shutil.copytree(MINI, folder)
    return folder


class TestCatalogCheck:
    def test_a_design_stat_the_system_lacks(self, tmp_path: Path) -> None:
        folder = copy_mini(tmp_path)
        system = folder / "system.toml"
        system.write_text(system.read_text().replace('  "RCB",\n', '  "RBC",\n'))
        with pytest.raises(CatalogError) as caught:
            load_system(folder)
        line = system.read_text().splitlines().index("stats = [", 20) + 1
        assert [str(p) for p in caught.value.problems] == [
            f"{system}:{line}: design.stats[3]: unknown stat 'RBC'; did you mean 'RCB'?"
        ]

    def test_officer_and_named_rules_need_no_unit_when_cards_can_carry_the_tags(
        self, tmp_path: Path
    ) -> None:
        """The real catalog has no units: its list rules select what cards will be."""
        folder = copy_mini(tmp_path)
        faction = folder / "factions" / "bac.toml"
        head = faction.read_text().split("[units.")[0]
        faction.write_text(head)
        catalog = load_system(folder)
        assert catalog.view("bac").units == {}
