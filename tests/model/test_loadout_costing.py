"""Costing of loadouts: a designed entry's bought items, the same weapon in two groups, a
card that cannot be costed, a group's own type, an entered card's stats, listed base items
and items no group offers. Every value below is worked out by hand from the fixture or the
bundled catalog.

History: mutation testing (issue 19) found these checks missing:
``mutmut run "model.roster.loadout*"`` left these changes alive: a designed entry's bought
items priced, counted or dropped wrongly; the same weapon in two groups not added up; a card
that cannot be costed priced at 1; a group's own type ignored for its stats; an entered
card's stats overwritten; a listed base item stopping the pricing of the items after it; an
item no group offers losing its "bought" source (and its finding).
"""

from __future__ import annotations

import shutil
from pathlib import Path

from catalogs.loader import load_system
from model.catalog.design import UnitCard
from model.core.base import FrozenMap
from model.roster.loadout import resolve_loadout
from model.roster.resolved import loadouts_of
from model.roster.roster import Roster, RosterUnit
from model.roster.validate import validate
from tests.conftest import FIXTURES
from tests.helpers import bundled, check, codes, entry_with
from tests.model import test_design, test_design_entered


def rifle_card() -> UnitCard:
    return test_design.card("troops", 4, 1, {"weapons": ["rifle"]})


class TestDesignedEntries:
    def test_items_bought_on_a_card_are_priced_and_reported(self) -> None:
        """Rifleman 1 + 1 x 4 + Rifle 7 = 12; two LMGs at 18 listed on the entry: 12 + 36 = 48."""
        r = test_design.roster(rifle_card())
        r = r.model_copy(
            update={"units": (RosterUnit(unit="card-0", items=FrozenMap({"lmg": 2})),)}
        )
        view = test_design.view().with_cards(r.cards)
        (lo,) = loadouts_of(view, r)
        assert lo.cost == 48
        assert [(c.item_id, c.count, c.source, c.cost, c.kind) for c in lo.carried] == [
            ("rifle", 1, "base", 0, "weapon"),
            ("lmg", 2, "bought", 36, "weapon"),
        ]
        assert lo.carried[0].tags == {"roa:1"}
        assert lo.carried[1].tags == {"roa:3"}  # the LMG's RoA 3, as a profile tag
        assert [(f.code, f.message) for f in validate(view, r).findings] == [
            (
                "not-offered",
                "Unit (unit 1) cannot take LMG: it is not among an Unit's options; remove it",
            )
        ]

    def test_a_card_second_in_the_list_is_unit_2(self) -> None:
        r = test_design.roster(rifle_card(), rifle_card())
        view = test_design.view().with_cards(r.cards)
        assert [lo.index for lo in loadouts_of(view, r)] == [0, 1]
        assert resolve_loadout(view, r.units[1], 1).index == 1

    def test_an_item_without_a_cost_bought_on_a_card_is_free(self) -> None:
        """Mechanical has no points of its own (it takes 25% off a designed model): listed
        on the entry it adds nothing to the rifleman's 12."""
        r = test_design.roster(rifle_card())
        r = r.model_copy(
            update={"units": (RosterUnit(unit="card-0", items=FrozenMap({"mechanical": 1})),)}
        )
        (lo,) = loadouts_of(test_design.view().with_cards(r.cards), r)
        assert lo.cost == 12
        assert [(c.item_id, c.source, c.cost) for c in lo.bought()] == [("mechanical", "bought", 0)]

    def test_an_unknown_weapon_on_a_card_does_not_hide_the_next(self) -> None:
        c = test_design.card("troops", 4, 1, {"weapons": ["rifel", "lmg"]})
        r = test_design.roster(c)
        (lo,) = loadouts_of(test_design.view().with_cards(r.cards), r)
        assert [(x.item_id, x.count, x.source) for x in lo.carried] == [("lmg", 1, "base")]

    def test_the_same_weapon_in_two_groups_is_added_up(self) -> None:
        """Two riflemen and three riflemen: five rifles; 5 x 12 = 60 points."""
        c = test_design.card(
            "troops", 4, 1, {"count": 2, "weapons": ["rifle"]}, {"count": 3, "weapons": ["rifle"]}
        )
        r = test_design.roster(c)
        (lo,) = loadouts_of(test_design.view().with_cards(r.cards), r)
        assert lo.cost == 60
        assert [(c.item_id, c.count, c.source, c.cost) for c in lo.carried] == [
            ("rifle", 5, "base", 0)
        ]
        assert [(g.count, g.cost) for g in lo.groups] == [(2, 12), (3, 12)]
        assert [g.carried[0].count for g in lo.groups] == [1, 1]  # one rifle a model

    def test_a_card_with_problems_costs_nothing(self) -> None:
        """An unknown type: no costing, so 0 points for the card and for its group."""
        c = test_design.card("trackd", 4, 1, {"weapons": ["rifle"]})
        r = test_design.roster(c)
        (lo,) = loadouts_of(test_design.view().with_cards(r.cards), r)
        assert lo.cost == 0
        assert [(g.count, g.cost) for g in lo.groups] == [(1, 0)]

    def test_a_card_without_res_shows_res_0(self) -> None:
        c = UnitCard.model_validate(
            {"name": "Unit", "type": "troops", "wounds": 1, "models": [{"weapons": ["rifle"]}]}
        )
        r = test_design.roster(c)
        (lo,) = loadouts_of(test_design.view().with_cards(r.cards), r)
        assert dict(lo.groups[0].stats) == {"Move": 6, "Res": 0, "Wnd": 1}
        assert lo.cost == 0

    def test_a_group_of_another_type_has_its_move_and_the_cards_tags(self) -> None:
        """A tracked gun (Move 8) with two troops as crew (Move 6, RES 4, 1 wound)."""
        gun = test_design.card(
            "tracked",
            6,
            2,
            {"weapons": ["lmg"]},
            {"name": "Crew", "count": 2, "type": "troops", "res": 4, "wounds": 1},
        )
        r = test_design.roster(gun)
        (lo,) = loadouts_of(test_design.view().with_cards(r.cards), r)
        gun_group, crew = lo.groups
        assert dict(gun_group.stats) == {"Move": 8, "Res": 6, "Wnd": 2}
        assert dict(crew.stats) == {"Move": 6, "Res": 4, "Wnd": 1}
        assert {"designed", "infantry", "troops"} <= crew.tags

    def test_an_entered_card_keeps_its_own_stats(self) -> None:
        stats = {"MOV": 4, "HPT": 3, "RCB": 2, "RNG": 12, "CCB": 3, "DEF": 3, "WIL": 4, "OF": 2}
        r = test_design_entered.roster_of(test_design_entered.officer())
        (lo,) = loadouts_of(test_design_entered.view().with_cards(r.cards), r)
        assert lo.cost == 12
        assert [(g.name, dict(g.stats)) for g in lo.groups] == [("Captain Hardy", stats)]

    def test_a_card_in_a_system_without_a_designer_costs_nothing(self) -> None:
        card = UnitCard.model_validate(
            {"name": "Unit", "type": "troops", "res": 4, "wounds": 1, "models": [{}]}
        )
        r = Roster(
            system="punkapocalyptic",
            faction="gangers",
            name="T",
            points_limit=500,
            cards={"card-0": card},  # type: ignore[arg-type]
            units=(RosterUnit(unit="card-0"),),
        )
        view = bundled().view("gangers").with_cards(r.cards)
        (lo,) = loadouts_of(view, r)
        assert lo.cost == 0
        assert [(g.name, g.count, g.cost, dict(g.stats)) for g in lo.groups] == [("Unit", 1, 0, {})]


class TestCatalogEntries:
    def test_a_listed_base_item_does_not_stop_the_pricing(self) -> None:
        """A Ganger (30) lists his thick clothes (base, free) and then a mace (5): 35."""
        gangers = bundled().view("gangers")
        lo = resolve_loadout(gangers, entry_with("ganger", {"thick_clothes": 1, "mace": 1}), 0)
        assert lo.cost == 35
        assert [(c.item_id, c.source, c.cost) for c in lo.carried] == [
            ("thick-clothes", "base", 0),
            ("mace", "bought", 5),
        ]

    def test_an_item_no_group_offers_is_bought_and_reported(self) -> None:
        """A heavy blade (8) is not a Ganger's option: priced 30 + 8 = 38 and refused."""
        gangers = bundled().view("gangers")
        lo = resolve_loadout(gangers, entry_with("ganger", {"heavy_blade": 1}), 0)
        assert lo.cost == 38
        assert [(c.item_id, c.count, c.source, c.cost) for c in lo.bought()] == [
            ("heavy-blade", 1, "bought", 8)
        ]
        report = check(gangers, entry_with("ganger", {"heavy_blade": 1}), limit=500)
        assert codes(report) == ["not-offered", "group-min"]

    def test_items_no_group_offers_are_priced_at_their_default_and_the_rest_still_counted(
        self,
    ) -> None:
        """A Mutard (12) with an improvised weapon and claws and teeth (no group offers
        them; no default cost, so 0) and then two small blades from his weapons at 4,
        which add Rust: 12 + 0 + 0 + 8 = 20."""
        mutards = bundled().view("mutards")
        items = {"improvised_weapon": 1, "claws_and_teeth": 1, "small_blade": 2}
        lo = resolve_loadout(mutards, entry_with("mutard", items), 0)
        assert lo.cost == 20
        carried = [
            (c.item_id, c.count, c.source, c.cost, c.kind, c.tags, c.extra_rules, c.rule_count)
            for c in lo.carried
        ]
        assert carried == [
            ("improvised-weapon", 1, "bought", 0, "weapon", frozenset(), (), 0),
            ("claws-and-teeth", 1, "bought", 0, "weapon", frozenset({"natural-weapon"}), (), 0),
            ("small-blade", 2, "bought", 8, "weapon", frozenset({"rust"}), ("rust",), 1),
        ]
        assert [c.group.id if c.group else None for c in lo.carried] == [None, None, "weapons"]

    def test_base_items_are_free_and_keep_their_tags_and_each_model_carries_its_share(
        self,
    ) -> None:
        """Three addlers at 6 (claws and teeth each, free) with one bullet at 15:
        18 + 15 = 33, or 11 a model."""
        mutards = bundled().view("mutards")
        addlers = entry_with("addler", {"claws_and_teeth": 3, "bullet": 1}, models=3)
        lo = resolve_loadout(mutards, addlers, 0)
        assert lo.cost == 33
        assert [(c.item_id, c.count, c.source, c.cost, c.tags) for c in lo.carried] == [
            ("claws-and-teeth", 3, "base", 0, frozenset({"natural-weapon"})),
            ("bullet", 1, "bought", 15, frozenset()),
        ]
        (models,) = lo.groups
        assert (models.name, models.count, models.cost) == ("Addler", 3, 11)
        # shown on the sheet as whole numbers: one claws and teeth (free) and a third of
        # the bullet's 15 points a model
        assert [(c.item_id, str(c.count), str(c.cost)) for c in models.carried] == [
            ("claws-and-teeth", "1", "0"),
            ("bullet", "1", "5"),
        ]
        assert str(models.cost) == "11"
        assert dict(models.stats) == {"A": 1, "C": 1, "P": "-", "Ag": 1, "S": 2, "T": 2, "Tc": "-"}
        assert {"mong", "pack"} <= models.tags
        assert resolve_loadout(mutards, addlers, 4).index == 4


KITS = """
[items.kit-a]
kind = "ability"
name = "Kit A"
cost = 1
includes = ["shared", "extra"]

[items.kit-b]
kind = "ability"
name = "Kit B"
cost = 2
includes = ["shared", "other"]

[items.shared]
kind = "ability"
name = "Shared"
cost = 0

[items.extra]
kind = "ability"
name = "Extra"
cost = 0

[items.other]
kind = "ability"
name = "Other"
cost = 0
"""


def test_an_item_two_kits_include_comes_once_and_neither_kit_loses_the_rest(
    tmp_path: Path,
) -> None:
    """Kit A comes with Shared and Extra, Kit B with Shared and Other: a model with both
    carries Shared once, and Extra and Other too, all free (Kit A 1 + Kit B 2 on a
    5-point rifleman body: 5 + 1 + 2 = 8)."""
    folder = tmp_path / "designer-mini"
    shutil.copytree(FIXTURES / "catalogs" / "designer-mini", folder)
    system = folder / "system.toml"
    system.write_text(system.read_text() + KITS)
    catalog = load_system(folder)
    c = test_design.card("troops", 4, 1, {"abilities": ["kit-a", "kit-b"]})
    r = test_design.roster(c)
    (lo,) = loadouts_of(catalog.view("any").with_cards(r.cards), r)
    assert lo.cost == 8
    assert sorted((x.item_id, x.count, x.source, x.cost) for x in lo.carried) == [
        ("extra", 1, "included", 0),
        ("kit-a", 1, "base", 0),
        ("kit-b", 1, "base", 0),
        ("other", 1, "included", 0),
        ("shared", 1, "included", 0),
    ]
