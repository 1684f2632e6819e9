"""Every Punkapocalyptic list rule, broken on purpose, with the message a player sees.

Band-specific rules (addler packs, mutations, Dynamo bombs, Flame Keeper, Marshal)
are tested next to their bands; these are the rules every band follows (RB ch.1,
3 and 4; BL §2, §9) and the checks each unit's own data implies.
"""

from __future__ import annotations

from model.catalog.schema import FactionView
from model.roster.loadout import resolve_loadout
from model.roster.roster import RosterUnit
from tests.helpers import bundled, check, codes, entry, entry_with, only


def gangers() -> FactionView:
    return bundled().view("gangers")


def ganger(**items: int) -> RosterUnit:
    return entry_with("ganger", items or {"mace": 1})


class TestPointsLimit:
    def test_over_the_limit(self) -> None:
        report = check(gangers(), *[ganger(medium_blade=1)] * 3, limit=100)
        assert report.points == 120
        finding = only(report, "points-limit")
        assert finding.message == (
            "120 points; the limit is 100: remove 20 points of troops or gear, "
            "or raise the limit to 120"
        )
        assert not report.valid

    def test_exactly_the_limit(self) -> None:
        assert codes(check(gangers(), *[ganger(mace=1, light_mace=1)] * 2, limit=76)) == []


class TestMiniatureLimit:
    def test_sixteen_at_500(self) -> None:
        band = [ganger()] * 8 + [entry("scumbag", light_mace=1)] * 8
        report = check(gangers(), *band, limit=800)
        assert "miniature-limit" not in codes(report)
        report = check(gangers(), *band, limit=500)
        finding = only(report, "miniature-limit")
        assert finding.message == (
            "16 miniatures; 500 points allow 15: remove 1 miniature or raise the limit to 600"
        )
        assert finding.where.unit == 15

    def test_part_of_a_hundred_counts_as_a_hundred(self) -> None:
        band = [ganger()] * 6
        assert "miniature-limit" in codes(check(gangers(), *band, limit=200 - 1 - 99))
        assert "miniature-limit" not in codes(check(gangers(), *band, limit=101))

    def test_tally_for_the_status_line(self) -> None:
        report = check(gangers(), ganger(), ganger(), limit=500)
        assert [(t.label, t.value, t.max) for t in report.tallies if t.label == "Miniatures"] == [
            ("Miniatures", 2, 15)
        ]


class TestRareWeapons:
    def test_a_fourth_pistol(self) -> None:
        band = [ganger(pistol=1)] * 4
        finding = only(check(gangers(), *band), "rare-weapons")
        assert finding.message == (
            "Pistol bought 4 times; a band may buy a Rare weapon at most 3 times: remove 1"
        )
        assert (finding.where.unit, finding.where.item) == (3, "pistol")

    def test_counted_per_weapon_type(self) -> None:
        band = [ganger(pistol=1, shotgun=1)] * 3 + [entry("chief", rifle=1)]
        report = check(gangers(), *band)
        assert "rare-weapons" not in codes(report)
        rare = {t.group: (t.value, t.max) for t in report.tallies if t.label == "Rare"}
        assert rare == {"Pistol": (3, 3), "Shotgun": (3, 3), "Rifle": (1, 3)}

    def test_two_pistols_on_one_model_count_twice(self) -> None:
        band = [ganger(pistol=2), ganger(pistol=2)]
        assert "rare-weapons" in codes(check(gangers(), *band))

    def test_a_mercs_fixed_gear_is_not_a_purchase(self) -> None:
        band = [ganger(shotgun=1)] * 3 + [entry("crazy-mel")]
        assert "rare-weapons" not in codes(check(gangers(), *band))


class TestOneChief:
    def test_two_chiefs(self) -> None:
        report = check(gangers(), entry("chief", mace=1), entry("chief", mace=1))
        assert only(report, "one-chief").message == (
            "2 Chiefs in the band (a personality who counts as the Chief included); "
            "a band has one at most: remove 1"
        )

    def test_a_personality_counts_as_the_chief(self) -> None:
        report = check(gangers(), entry("chief", mace=1), entry("lord-homoeroticus"))
        assert codes(report) == ["one-chief"]


class TestMercs:
    def test_one_merc_per_band(self) -> None:
        report = check(gangers(), entry("crazy-mel"), entry("eightfingers"))
        assert only(report, "one-merc").message == (
            "2 mercs hired; a band may hire at most one: remove 1"
        )

    def test_the_one_and_only(self) -> None:
        report = check(gangers(), entry("eightfingers"), entry("eightfingers"))
        assert only(report, "unique-units").message == (
            "Eightfingers is in the list 2 times, but there is only one: remove 1"
        )

    def test_mercs_come_fully_equipped(self) -> None:
        report = check(gangers(), entry("crazy-mel"))
        assert report.points == 75
        assert codes(report) == []

    def test_mercs_may_buy_bullets_but_nothing_else(self) -> None:
        report = check(gangers(), entry("crazy-mel", bullet=2))
        assert report.points == 75 + 30
        assert codes(report) == []
        report = check(gangers(), entry("eightfingers", grumpy_cat=1))
        assert codes(report) == ["not-offered"]


class TestNamedUnits:
    def test_a_personality_twice(self) -> None:
        report = check(gangers(), entry("lord-homoeroticus"), entry("lord-homoeroticus"))
        assert sorted(codes(report)) == ["one-chief", "unique-units"]


class TestGrumpyCat:
    def test_at_most_one_per_band(self) -> None:
        report = check(gangers(), ganger(mace=1, grumpy_cat=1), ganger(mace=1, grumpy_cat=1))
        assert report.points == 2 * (30 + 5 + 10)
        assert only(report, "grumpy-cat").message == (
            "2 Grumpy cats; a band has at most one: remove 1"
        )


class TestWeaponsOnOneModel:
    def test_two_two_handed_weapons(self) -> None:
        report = check(gangers(), ganger(bow=1, crossbow=1))
        assert only(report, "two-handed").message == (
            "Ganger (unit 1) carries 2 Two-handed weapons; a model can never have two at once: "
            "remove 1"
        )

    def test_shield_and_two_handed_weapon(self) -> None:
        report = check(gangers(), entry("brute", heavy_mace=1, shield=1))
        assert only(report, "shield-two-handed").message == (
            "Brute (unit 1) has a shield and 1 Two-handed weapon: a shield leaves no hand for "
            "it; drop the shield or the weapon"
        )

    def test_shield_with_one_handed_weapons(self) -> None:
        assert codes(check(gangers(), entry("brute", mace=2, shield=1))) == []

    def test_two_cumbersome_items(self) -> None:
        report = check(gangers(), entry("brute", heavy_blade=1, metal_plate=1))
        assert only(report, "one-cumbersome").message == (
            "Brute (unit 1) has 2 Cumbersome items; a model can have only one: remove 1"
        )


class TestAmmunition:
    def test_bullets_without_a_firearm_are_a_warning(self) -> None:
        report = check(gangers(), ganger(bow=1, bullet=1))
        finding = only(report, "bullets-need-firearm")
        assert finding.severity == "warning"
        assert finding.message == (
            "Ganger (unit 1) carries bullets but no firearm to fire them: give it a firearm "
            "or hand the bullets to a model that has one"
        )
        assert report.valid

    def test_bullets_with_a_firearm(self) -> None:
        assert codes(check(gangers(), ganger(pistol=1, bullet=2))) == []

    def test_bayonet_without_a_firearm_is_a_warning(self) -> None:
        finding = only(check(gangers(), ganger(mace=1, bayonet=1)), "bayonet-needs-firearm")
        assert finding.severity == "warning"


class TestScumbags:
    def test_never_more_than_the_rest(self) -> None:
        band = [entry("scumbag", light_mace=1)] * 3 + [ganger(), ganger()]
        finding = only(check(gangers(), *band), "scumbags")
        assert finding.message == (
            "3 Scumbags but 2 other members: Scumbags may never outnumber the rest of the "
            "band; remove 1 Scumbag or add 1 other member"
        )
        assert finding.where.unit == 2

    def test_as_many_as_the_rest(self) -> None:
        band = [entry("scumbag", light_mace=1)] * 2 + [ganger(), entry("crazy-mel")]
        assert codes(check(gangers(), *band)) == []


class TestUnitOptions:
    def test_an_item_the_troop_is_not_offered(self) -> None:
        report = check(gangers(), entry("chief", bow=1))
        finding = only(report, "not-offered")
        assert finding.message == (
            "Chief (unit 1) cannot take Bow: it is not among a Chief's options; remove it"
        )
        assert (finding.where.unit, finding.where.item) == (0, "bow")
        assert report.points == 70 + 10  # still priced, so the total is not understated

    def test_a_choice_taken_too_often(self) -> None:
        finding = only(check(gangers(), ganger(pistol=3)), "choice-max")
        assert finding.message == "Ganger (unit 1) has Pistol x3; at most 2: remove 1"

    def test_too_few_weapons(self) -> None:
        finding = only(check(gangers(), entry("chief")), "group-min")
        assert finding.message == (
            "Chief (unit 1) has 0 from Weapons; at least 1 needed: add 1 (Mace, Crossbow, "
            "Rifle, Automatic rifle, Medium blade, Pistol, ...)"
        )

    def test_too_many_weapons(self) -> None:
        finding = only(check(gangers(), ganger(mace=1, pistol=1, bow=1)), "group-max")
        assert finding.message == "Ganger (unit 1) has 3 from Weapons; at most 2: remove 1"

    def test_models_per_entry(self) -> None:
        finding = only(check(gangers(), entry("chief", models=2, mace=2)), "unit-size")
        assert finding.message == (
            "Chief (unit 1) has 2 models; each Chief entry is one model: set models to 1 "
            "and add an entry for each other model"
        )


class TestCosting:
    def test_an_armour_upgrade_replaces_the_base_armour(self) -> None:
        view = gangers()
        lo = resolve_loadout(view, entry("chief", mace=1, metallic_armor=1), 0)
        assert lo.cost == 70 + 5 + 10
        assert [c.item_id for c in lo.carried] == ["mace", "metallic-armor"]

    def test_base_items_listed_in_the_roster_are_free(self) -> None:
        lo = resolve_loadout(gangers(), entry("chief", mace=1, hardened_leather=1), 0)
        assert lo.cost == 75
        assert [(c.item_id, c.source) for c in lo.carried] == [
            ("hardened-leather", "base"),
            ("mace", "bought"),
        ]

    def test_troop_prices_override_the_item_price(self) -> None:
        badass = resolve_loadout(gangers(), entry("badass", mace=1, metallic_armor=1), 0)
        chief = resolve_loadout(gangers(), entry("chief", mace=1, metallic_armor=1), 0)
        assert badass.cost - 40 - 5 == 15
        assert chief.cost - 70 - 5 == 10

    def test_a_named_entry(self) -> None:
        report = check(gangers(), entry("chief", name="Big Joe"))
        assert only(report, "group-min").message.startswith("Big Joe (Chief, unit 1) has 0")


class TestRulesOnOtherBands:
    def test_a_pack_counts_as_one_miniature(self) -> None:
        mutards = bundled().view("mutards")
        packs = (entry("bobblehead"), entry("addler", models=5), entry("addler", models=5))
        report = check(mutards, *packs, limit=100)
        assert report.models == 11
        assert [(t.value, t.max) for t in report.tallies if t.label == "Miniatures"] == [(3, 3)]
        assert "miniature-limit" not in codes(report)
        report = check(mutards, *packs, entry("mutard", hunk=1), limit=100)
        assert only(report, "miniature-limit").message == (
            "4 miniatures; 100 points allow 3: remove 1 miniature or raise the limit to 200"
        )

    def test_a_bulky_weapon_allows_no_other(self) -> None:
        report = check(bundled().view("junkers"), entry("piston", harpoon_launcher=1, mace=1))
        assert only(report, "bulky-alone").message == (
            "Piston (unit 1) carries a Bulky weapon and 1 other weapon; a Bulky weapon allows "
            "no other: remove 1"
        )

    def test_claws_and_teeth_allow_no_other_weapon(self) -> None:
        report = check(bundled().view("mutards"), entry("mutard", claws=1, mace=1))
        assert only(report, "claws-and-teeth-alone").message == (
            "Mutard (unit 1) fights with claws and teeth, which allow no other weapon, but "
            "carries 1 weapon: remove 1"
        )

    def test_gear_that_comes_with_a_weapon_counts_for_the_rules(self) -> None:
        # The Zapper comes with an electric suit, which is Cumbersome like the steam gun.
        report = check(bundled().view("junkers"), entry("dynamo", zapper=1, steam_gun=1))
        assert report.points == 15 + 25 + 8
        assert codes(report) == ["one-cumbersome"]
