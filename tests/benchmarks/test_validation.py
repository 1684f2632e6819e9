"""Re-validating a 200-unit roster after one edit, against reading it from TOML.

The app re-validates on every key press, so the figure to watch is the absolute
time against a 60 Hz frame (16.7 ms), printed too.
"""

from __future__ import annotations

import tomllib
from collections.abc import Callable

import pytest

from model.roster import Roster
from model.validate import validate
from saves.roster_file import roster_to_toml
from tests.benchmarks.conftest import report
from tests.helpers import bundled, entry_with

pytestmark = pytest.mark.benchmark

FRAME = 1 / 60


def big_roster(size: int) -> Roster:
    view = bundled().view("gangers")
    loadouts = [
        ("chief", {"automatic-rifle": 1, "bulletproof-vest": 1, "bullet": 2}),
        ("badass", {"rifle": 1, "medium-blade": 1, "hardened-leather": 1}),
        ("brute", {"heavy-mace": 1, "metallic-armor": 1, "shield": 1}),
        ("ganger", {"pistol": 2, "bullet": 1}),
        ("scumbag", {"bow": 1, "small-blade": 1}),
    ]
    units = tuple(entry_with(*loadouts[i % len(loadouts)]) for i in range(size))
    return Roster(
        system=view.system.id, faction=view.faction.id, name="Big", points_limit=10_000, units=units
    )


@pytest.mark.parametrize("size", [60, 200])
def test_revalidate_after_one_edit(
    size: int, bench: Callable[[Callable[[], object]], float]
) -> None:
    view = bundled().view("gangers")
    roster = big_roster(size)
    text = roster_to_toml(roster)
    middle = size // 2

    def edit_and_validate() -> None:
        changed = roster.replace_unit(middle, roster.units[middle].with_item("bullet", 3))
        validate(view, changed)

    value = bench(edit_and_validate)
    report(
        f"edit + re-validate {size} units",
        value,
        "tomllib parse of the same roster",
        bench(lambda: tomllib.loads(text)),
    )
    print(f"  = {value / FRAME:.0%} of a 60 Hz frame")
