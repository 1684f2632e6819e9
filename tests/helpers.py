"""Small builders shared by the tests: rosters from tuples, catalogs by name, the
headless Chromium of the browser tests."""

from __future__ import annotations

import os
import shutil
from functools import cache
from typing import Any

import pytest

from catalogs.loader import load_system
from catalogs.locations import bundled_dir
from model.catalog.schema import Catalog, FactionView
from model.core.base import FrozenMap
from model.roster.roster import Roster, RosterUnit
from model.roster.validate import validate
from model.rules.findings import Finding, Report
from tests.conftest import FIXTURES


@cache
def bundled(system: str = "punkapocalyptic") -> Catalog:
    """A bundled catalog, loaded once per test session."""
    return load_system(bundled_dir() / system)


@cache
def fixture_catalog(name: str) -> Catalog:
    """A catalog from tests/fixtures/catalogs, loaded once per test session."""
    return load_system(FIXTURES / "catalogs" / name)


def entry(unit: str, models: int = 1, name: str | None = None, **items: int) -> RosterUnit:
    """A roster entry; item ids are given with underscores for hyphens (heavy_blade=1)."""
    return RosterUnit(
        unit=unit,
        models=models,
        name=name,
        items={k.replace("_", "-"): v for k, v in items.items()},  # type: ignore[arg-type]
    )


def entry_with(unit: str, items: dict[str, int], models: int = 1) -> RosterUnit:
    """A roster entry from an items mapping (underscores in ids read as hyphens)."""
    return entry(unit, models).model_copy(
        update={"items": FrozenMap({k.replace("_", "-"): v for k, v in items.items()})}
    )


def roster(view: FactionView, *units: RosterUnit, limit: int | None = None) -> Roster:
    """A roster of the view's faction."""
    return Roster(
        system=view.system.id,
        faction=view.faction.id,
        name="Test list",
        points_limit=limit or view.system.default_points_limit,
        units=units,
    )


def check(view: FactionView, *units: RosterUnit, limit: int | None = None) -> Report:
    """Validate a roster made of these entries."""
    return validate(view, roster(view, *units, limit=limit))


def only(report: Report, code: str) -> Finding:
    """The one finding with this code (failing if there are none or several)."""
    found = [f for f in report.findings if f.code == code]
    assert len(found) == 1, [f.as_dict() for f in report.findings]
    return found[0]


def codes(report: Report) -> list[str]:
    """Finding codes, in report order."""
    return [f.code for f in report.findings]


def as_json(report: Report) -> dict[str, Any]:
    return report.as_dict()


HEADLESS = (
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
)
"""Chromium as the machine's notes advise: no sandbox (root), no GPU, no network."""


def chromium() -> str:
    """Debian's Chromium for the browser tests: .ci/run installs it and sets
    WARBAND_REQUIRE_CHROMIUM, so CI fails rather than skips without it."""
    found = shutil.which("chromium") or shutil.which("chromium-browser")
    if found is None:
        if os.environ.get("WARBAND_REQUIRE_CHROMIUM"):
            pytest.fail("Chromium is required (WARBAND_REQUIRE_CHROMIUM) but not installed")
        pytest.skip("no Chromium installed (apt-get install chromium); .ci/run installs it")
    return found
