"""List-rule checks: a list one point over its points limit, the points tally's label and
numbers, a weapon's special rules across groups (the worst, not the sum), and the selectors.

History: mutation testing (issue 19) found these missing:
``mutmut run "model.roster.validate*"`` left these changes alive: a list one point over its
limit passing (or warned as if within a tolerance it does not have), the points tally losing
its label or numbers, and a weapon's special rules being added up across groups instead of
taking the worst, or the worst being forgotten.
"""

from __future__ import annotations

from typing import get_args

from model.catalog.items import Armour, Gear, Trait, Weapon
from model.roster.roster import RosterUnit
from model.roster.validate import validate
from model.rules.count import CountRule
from model.rules.selectors import ItemKind, Selector
from tests.helpers import bundled, check, entry_with
from tests.model import test_design


def two_gangers() -> tuple[RosterUnit, RosterUnit]:
    """Two Gangers at 30 with a mace (5) and a light mace (3): 76 points."""
    ganger = entry_with("ganger", {"mace": 1, "light_mace": 1})
    return ganger, ganger


class TestPointsLimit:
    def test_one_point_over_is_an_error_without_a_tolerance(self) -> None:
        report = check(bundled().view("gangers"), *two_gangers(), limit=75)
        assert report.points == 76
        assert [(f.severity, f.code, f.message) for f in report.findings] == [
            (
                "error",
                "points-limit",
                "76 points; the limit is 75: remove 1 points of troops or gear, "
                "or raise the limit to 76",
            )
        ]
        assert not report.valid

    def test_the_points_tally_shows_points_and_limit(self) -> None:
        report = check(bundled().view("gangers"), *two_gangers(), limit=75)
        assert [(t.label, t.value, t.max) for t in report.tallies if t.label == "Points"] == [
            ("Points", 76, 75)
        ]

    def test_a_points_limit_without_a_label_adds_no_tally(self) -> None:
        """The designer fixture's points limit has no label: nothing for the status line."""
        r = test_design.roster(test_design.card("troops", 4, 1, {"weapons": ["rifle"]}))
        assert validate(test_design.view().with_cards(r.cards), r).tallies == ()


def weapon_findings(*groups: dict[str, object]) -> list[str]:
    r = test_design.roster(test_design.card("troops", 4, 1, *groups))
    report = validate(test_design.view().with_cards(r.cards), r)
    return [f.message for f in report.findings if f.code == "weapon-rules"]


class TestRulesOnAWeapon:
    def test_the_same_weapon_in_two_groups_counts_its_worst_not_the_sum(self) -> None:
        """A rifle with Boiler and MG (2 rules) and one with Boiler and One Shot (2): at most
        2 on either, within the 3 allowed (adding them up would make 4)."""
        assert (
            weapon_findings(
                {"weapons": ["rifle"], "upgrades": {"rifle": ["boiler", "mg"]}},
                {"weapons": ["rifle"], "upgrades": {"rifle": ["boiler", "one-shot"]}},
            )
            == []
        )

    def test_the_worst_is_kept_when_a_lighter_copy_follows(self) -> None:
        """A Twin LMG with Boiler added (4 rules), then a plain one (3): 4 is over."""
        assert weapon_findings(
            {"weapons": ["twin-lmg"], "upgrades": {"twin-lmg": ["boiler"]}},
            {"weapons": ["twin-lmg"]},
        ) == ["Unit (unit 1): Twin LMG has 4 special rules; at most 3"]


class TestSelectors:
    """Selectors as list rules use them: hand-picked tags, kinds and ids."""

    def test_all_unit_tags_match_a_unit_with_exactly_those_tags(self) -> None:
        sel = Selector(all_unit_tags=frozenset({"infantry", "hero"}))
        assert sel.match_unit("sergeant", frozenset({"infantry", "hero"}))
        assert not sel.match_unit("rifleman", frozenset({"infantry"}))

    def test_all_item_tags_match_an_item_with_exactly_those_tags(self) -> None:
        sel = Selector(all_item_tags=frozenset({"mg", "roa:1"}))
        assert sel.match_item("rifle", "weapon", frozenset({"mg", "roa:1"}))
        assert not sel.match_item("rifle", "weapon", frozenset({"roa:1"}))

    def test_an_item_of_another_kind_does_not_match(self) -> None:
        sel = Selector(item_kinds=frozenset({"weapon"}))
        assert sel.match_item("rifle", "weapon", frozenset())
        assert not sel.match_item("thick-clothes", "armour", frozenset())

    def test_an_exclusion_by_kind_removes_that_kind(self) -> None:
        """Everything but armour: a mace matches, thick clothes do not."""
        sel = Selector(exclude=Selector(item_kinds=frozenset({"armour"})))
        assert sel.match_item("mace", "weapon", frozenset())
        assert not sel.match_item("thick-clothes", "armour", frozenset())

    def test_a_selector_names_every_kind_of_item_and_no_other(self) -> None:
        """``ItemKind`` (beside the selectors) is the union of the item classes' kinds."""
        kinds = {
            kind
            for cls in (Weapon, Armour, Gear, Trait)
            for kind in get_args(cls.model_fields["kind"].annotation)
        }
        assert set(get_args(ItemKind)) == kinds

    def test_mentioned_gathers_every_id_and_tag_including_the_exclusions(self) -> None:
        """What the catalog check looks up: the selector's own names and its exclusion's."""
        sel = Selector(
            units=frozenset({"ganger"}),
            item_tags=frozenset({"firearm"}),
            all_item_tags=frozenset({"rare"}),
            exclude=Selector(
                units=frozenset({"boss"}),
                unit_tags=frozenset({"pack"}),
                items=frozenset({"rifle"}),
                item_tags=frozenset({"two-handed"}),
            ),
        )
        assert sel.mentioned() == (
            frozenset({"ganger", "boss"}),
            frozenset({"pack"}),
            frozenset({"rifle"}),
            frozenset({"firearm", "rare", "two-handed"}),
        )


def test_a_count_rule_that_leaves_out_base_items_says_so_in_its_terms() -> None:
    rule = CountRule.model_validate(
        {
            "kind": "count",
            "id": "bought-blades",
            "select": {"items": ["mace"]},
            "measure": "items",
            "include_base": False,
            "max": 1,
        }
    )
    (main,) = rule.terms()
    assert main.include_base is False
