"""List settings: what a system declares, and what validation says about a list's
``[settings]``: a setting the system does not have, a value outside its range.

Reikhammer declares its army's strategy rating (0 to 10, a range of ours: none is
published), Steam Wars its vehicle limit (0 to 1000); Punkapocalyptic declares none.

History: issue 16.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from catalogs.loader import load_system
from model.catalog.schema import FactionView
from model.catalog.system import ListSetting
from model.core.base import FrozenMap
from model.roster.roster import Roster
from model.roster.validate import validate
from model.rules.findings import Report
from saves.roster_file import read_roster
from tests.conftest import FIXTURES
from tests.helpers import bundled, entry


def reikhammer() -> FactionView:
    return bundled("reikhammer").view("any")


def iron_line(**settings: int) -> Roster:
    roster, _ = read_roster(FIXTURES / "rosters" / "reikhammer" / "iron-line.toml")
    return roster.model_copy(update={"settings": FrozenMap(settings)})


def seen(report: Report) -> list[tuple[str, str, str]]:
    return [(f.severity, f.code, f.message) for f in report.findings]


class TestDeclared:
    def test_reikhammer_declares_the_strategy_rating_with_no_default(self) -> None:
        (setting,) = bundled("reikhammer").system.settings
        assert (setting.id, setting.name, setting.kind) == (
            "strategy-rating",
            "Strategy rating",
            "number",
        )
        assert (setting.min, setting.max, setting.default) == (0, 10, None)
        assert setting.source is not None and "003 Strategy Phase" in setting.source

    def test_steam_wars_declares_the_vehicle_limit_that_its_rule_reads(self) -> None:
        catalog = bundled("steam-wars")
        (setting,) = catalog.system.settings
        assert (setting.id, setting.min, setting.max, setting.default) == (
            "vehicle-limit",
            0,
            1000,
            None,
        )
        readers = [getattr(r, "max_setting", None) for r in catalog.system_file.constraints]
        assert "vehicle-limit" in readers

    def test_a_setting_whose_default_is_outside_its_range_is_refused(self) -> None:
        with pytest.raises(ValueError, match="default 12 is outside 0 to 10"):
            ListSetting(id="strategy-rating", name="Strategy rating", max=10, default=12)


class TestFindings:
    def test_a_rating_in_range_is_no_finding(self) -> None:
        for rating in (0, 2, 10):
            assert validate(reikhammer(), iron_line(**{"strategy-rating": rating})).findings == ()

    def test_a_rating_above_its_range_says_the_range_and_the_fix(self) -> None:
        report = validate(reikhammer(), iron_line(**{"strategy-rating": 12}))
        assert not report.valid
        assert seen(report) == [
            (
                "error",
                "setting-range",
                "Strategy rating is 12; it goes from 0 to 10: set it to 10 or less",
            )
        ]
        assert report.findings[0].where.as_dict() is None  # about the whole list

    def test_a_rating_below_its_range(self) -> None:
        report = validate(reikhammer(), iron_line(**{"strategy-rating": -1}))
        assert seen(report) == [
            (
                "error",
                "setting-range",
                "Strategy rating is -1; it goes from 0 to 10: set it to 0 or more",
            )
        ]

    def test_a_misspelt_setting_names_the_one_meant(self) -> None:
        report = validate(reikhammer(), iron_line(**{"strategy-ratng": 2}))
        assert seen(report) == [
            (
                "error",
                "unknown-setting",
                "setting 'strategy-ratng' = 2: Reikhammer has no such list setting: "
                "rename it to 'strategy-rating' or remove it",
            )
        ]

    def test_a_misspelt_copy_of_a_setting_the_list_has_is_only_removed(self) -> None:
        roster = iron_line(**{"strategy-rating": 2, "strategy-ratng": 3})
        assert seen(validate(reikhammer(), roster)) == [
            (
                "error",
                "unknown-setting",
                "setting 'strategy-ratng' = 3: Reikhammer has no such list setting: "
                "remove it ('strategy-rating' is set already)",
            )
        ]

    def test_another_games_setting_names_the_ones_there_are(self) -> None:
        report = validate(reikhammer(), iron_line(**{"vehicle-limit": 3}))
        assert seen(report) == [
            (
                "error",
                "unknown-setting",
                "setting 'vehicle-limit' = 3: Reikhammer has no such list setting "
                "(it has 'strategy-rating'): remove it",
            )
        ]

    def test_a_system_with_no_settings_says_so(self) -> None:
        view = bundled("punkapocalyptic").view("gangers")
        roster = Roster(
            system="punkapocalyptic",
            faction="gangers",
            name="T",
            points_limit=500,
            units=(entry("chief"),),
            settings={"vehicle-limit": 2},  # type: ignore[arg-type]
        )
        found = [f for f in validate(view, roster).findings if f.code == "unknown-setting"]
        assert [f.message for f in found] == [
            "setting 'vehicle-limit' = 2: Punkapocalyptic has no list settings: remove it"
        ]

    def test_setting_findings_come_first_among_the_errors(self) -> None:
        view = bundled("steam-wars").view(next(iter(bundled("steam-wars").factions)))
        roster = Roster(
            system="steam-wars",
            faction=view.faction.id,
            name="T",
            points_limit=1000,
            settings={"vehicle-limit": 5000},  # type: ignore[arg-type]
        )
        report = validate(view, roster)
        assert report.findings[0].code == "setting-range"
        assert report.findings[0].message == (
            "Vehicle limit is 5000; it goes from 0 to 1000: set it to 1000 or less"
        )


class TestCatalogCheck:
    """``warband catalogs --check``: what reads a setting must name a declared one."""

    def write(self, tmp_path: Path, settings: str, rule_setting: str, initiative: str) -> Path:
        source = FIXTURES / "catalogs" / "sheet-mini"
        folder = tmp_path / "sheet-mini"
        (folder / "factions").mkdir(parents=True)
        for f in (source / "factions").iterdir():
            (folder / "factions" / f.name).write_text(f.read_text())
        text = (source / "system.toml").read_text()
        declared = 'settings = [{ id = "strategy-rating", name = "Strategy rating", max = 10 }]'
        assert declared in text
        text = text.replace(declared, settings)
        text = text.replace('setting = "strategy-rating"', f'setting = "{initiative}"')
        text += (
            '\n[[constraints]]\nkind = "count"\nid = "limited"\n'
            'select = { unit_tags = ["officer"] }\n'
            f'measure = "entries"\nmax_setting = "{rule_setting}"\n'
        )
        (folder / "system.toml").write_text(text)
        return folder

    def test_a_rule_and_an_initiative_reading_an_undeclared_setting_are_reported(
        self, tmp_path: Path
    ) -> None:
        from model.core.problems import CatalogError

        folder = self.write(
            tmp_path,
            'settings = [{ id = "strategy-rating", name = "Strategy rating", max = 10 }]',
            "leader-limit",
            "strategy-ratin",
        )
        with pytest.raises(CatalogError) as caught:
            load_system(folder)
        text = caught.value.render()
        assert (
            "constraints[1].max_setting: 'leader-limit' is not a list setting the system "
            "declares; declare 'leader-limit' under [[system.settings]]" in text
        )
        assert (
            "tracker.turns.initiative.setting: 'strategy-ratin' is not a list setting the "
            "system declares; did you mean 'strategy-rating'?" in text
        )

    def test_a_setting_declared_twice_is_reported(self, tmp_path: Path) -> None:
        from model.core.problems import CatalogError

        twice = (
            'settings = [{ id = "strategy-rating", name = "A", max = 10 }, '
            '{ id = "strategy-rating", name = "B", max = 3 }]'
        )
        folder = self.write(tmp_path, twice, "strategy-rating", "strategy-rating")
        with pytest.raises(CatalogError, match="declared twice"):
            load_system(folder)

    def test_declared_settings_load(self, tmp_path: Path) -> None:
        both = (
            'settings = [{ id = "strategy-rating", name = "Strategy rating", max = 10 }, '
            '{ id = "leader-limit", name = "Leader limit", max = 9 }]'
        )
        folder = self.write(tmp_path, both, "leader-limit", "strategy-rating")
        assert [s.id for s in load_system(folder).system.settings] == [
            "strategy-rating",
            "leader-limit",
        ]
