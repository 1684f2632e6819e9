"""Other systems' list rules are catalog data, not code.

The Steam Wars rules "one Sniper per complete 1000 points" and "an infantry unit
has at most 6 wounds", and the Steampocalypse 1909 rules "at most one officer per
rank" and "named units once", are written in the fixture catalogs
(tests/fixtures/catalogs) with the generic rule kinds the Punkapocalyptic
catalog uses; nothing in the engine knows about snipers, wounds or officers.
"""

from __future__ import annotations

from model.catalog.schema import FactionView
from tests.helpers import check, codes, entry, fixture_catalog, only


def steam_wars() -> FactionView:
    return fixture_catalog("steam-wars-mini").view("testland")


def steampocalypse() -> FactionView:
    return fixture_catalog("steampocalypse-mini").view("bac")


class TestOneSniperPerComplete1000Points:
    def test_none_below_1000(self) -> None:
        report = check(steam_wars(), entry("infantry", sniper=1, sniper_rifle=1), limit=999)
        assert only(report, "one-sniper-per-1000").message == (
            "1 Sniper; 999 points allow 0, one per complete 1000 points: "
            "remove 1 Sniper or raise the limit to 1000"
        )

    def test_one_at_1999_two_at_2000(self) -> None:
        two = (entry("infantry", sniper=1, sniper_rifle=1),) * 2
        assert "one-sniper-per-1000" in codes(check(steam_wars(), *two, limit=1999))
        assert "one-sniper-per-1000" not in codes(check(steam_wars(), *two, limit=2000))

    def test_the_sniper_weapon_needs_a_sniper(self) -> None:
        report = check(steam_wars(), entry("infantry", sniper_rifle=1), limit=1000)
        assert only(report, "sniper-weapons").message == (
            "Infantry (unit 1) has a Sniper weapon but no Sniper: "
            "give it the Sniper ability or another weapon"
        )

    def test_a_scope_needs_a_sniper_rifle(self) -> None:
        report = check(steam_wars(), entry("infantry", rifle=1, sniper_scope=1), limit=1000)
        assert codes(report) == ["scope-needs-sniper-rifle"]


class TestInfantryAtMostSixWounds:
    def test_six_one_wound_models_are_fine(self) -> None:
        assert codes(check(steam_wars(), entry("infantry", models=6))) == []

    def test_four_two_wound_models_are_eight_wounds(self) -> None:
        report = check(steam_wars(), entry("elite-infantry", models=4))
        assert only(report, "infantry-wounds").message == (
            "Elite infantry (unit 1) has 8 wounds; an infantry unit has at most 6: "
            "remove models worth 2 wounds"
        )

    def test_other_unit_types_are_not_infantry(self) -> None:
        assert codes(check(steam_wars(), entry("treadbike", models=4))) == []


class TestPointsTolerance:
    def test_over_by_at_most_the_cheapest_model_is_a_warning(self) -> None:
        report = check(
            steam_wars(), entry("infantry", models=6), entry("infantry", models=5), limit=105
        )
        finding = only(report, "points-limit")
        assert finding.severity == "warning"
        assert report.valid
        assert "initiative at -1" in finding.message

    def test_over_by_more_is_an_error(self) -> None:
        report = check(
            steam_wars(), entry("infantry", models=6), entry("infantry", models=6), limit=105
        )
        assert only(report, "points-limit").severity == "error"
        assert not report.valid


class TestOneOfficerPerRank:
    def test_two_officers_of_one_rank(self) -> None:
        report = check(steampocalypse(), entry("lieutenant"), entry("lieutenant"), entry("captain"))
        finding = only(report, "one-officer-per-rank")
        assert finding.message == (
            "2 officers of rank OF 2; an army has one officer of each rank at most: remove 1"
        )
        assert finding.where.unit == 1

    def test_officers_of_different_ranks(self) -> None:
        assert codes(check(steampocalypse(), entry("lieutenant"), entry("captain"))) == []

    def test_an_army_needs_an_officer(self) -> None:
        report = check(steampocalypse(), entry("conscripts"))
        assert codes(report) == ["an-officer"]


class TestNamedUnitsOnce:
    def test_twice_is_refused(self) -> None:
        report = check(
            steampocalypse(),
            entry("oliver-brookwater"),
            entry("captain"),
            entry("oliver-brookwater"),
        )
        messages = {f.code: f.message for f in report.findings}
        assert messages["named-once"] == (
            "Oliver Brookwater, British Captain appears 2 times; a named unit exists once: remove 1"
        )
        # He is also an officer of rank 3, so the rank rule sees the copy too.
        assert "one-officer-per-rank" in messages

    def test_once_is_fine(self) -> None:
        assert codes(check(steampocalypse(), entry("oliver-brookwater"))) == []
