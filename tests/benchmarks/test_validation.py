"""Re-validating a 200-unit roster after one edit, against reading it from TOML.

The app re-validates on every key press, so the figure to watch is the absolute
time against a 60 Hz frame (16.7 ms), printed too.
"""

from __future__ import annotations

import tomllib
from collections.abc import Callable

import pytest

from model.roster.roster import Roster, RosterUnit
from model.roster.validate import validate
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


def designed_roster(size: int) -> Roster:
    """A Steam Wars list of ``size`` entries over a dozen designed cards of five models
    (200 entries make 1,000 models, the most a list may have)."""
    from model.catalog.design import UnitCard

    cards = {
        f"section-{n}": UnitCard.model_validate(
            {
                "name": f"Section {n}",
                "type": "troops",
                "res": 4,
                "models": [
                    {"name": "Sergeant", "weapons": ["rifle"], "abilities": ["leader"]},
                    {"count": 3, "weapons": ["rifle", "bayonet"]},
                    {"weapons": ["lmg"], "upgrades": {"lmg": ["boiler"]}},
                ],
            }
        )
        for n in range(12)
    }
    units = tuple(RosterUnit(unit=f"section-{i % 12}", models=5) for i in range(size))
    return Roster(
        system="steam-wars",
        faction="any",
        name="Big",
        points_limit=20_000,
        units=units,
        cards=cards,  # type: ignore[arg-type]
    )


@pytest.mark.parametrize("size", [60, 200])
def test_revalidate_after_one_card_edit(
    size: int, bench: Callable[[Callable[[], object]], float]
) -> None:
    """A card edit makes a new view (its designs and tags are worked out again) and
    re-resolves every entry of that card: the designer's worst case per key."""
    from catalogs.library import Library

    base = Library().load("steam-wars").view("any")
    roster = designed_roster(size)
    text = roster_to_toml(roster)
    counter = iter(range(10**9))

    def edit_and_validate() -> None:
        card = roster.cards["section-0"]
        renamed = card.model_copy(update={"name": f"Section {next(counter)}"})
        changed = roster.with_card("section-0", renamed)
        validate(base.with_cards(changed.cards), changed)

    value = bench(edit_and_validate)
    report(
        f"card edit + re-validate {size} units",
        value,
        "tomllib parse of the same roster",
        bench(lambda: tomllib.loads(text)),
    )
    print(f"  = {value / FRAME:.0%} of a 60 Hz frame")
