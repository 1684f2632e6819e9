"""Profiles as a real game's upgrades modify them (``model.bsdata.infos`` over Gaslands,
``../shared/bsdata/gaslands``; ids and figures read from ``Gaslands.gst``).

The Bike's Vehicle profile (Hull Points 4, Crew 1) carries its own modifiers: Hull
Points ``increment 2`` repeated once per Armour Plating inside the Bike, Crew
``increment 1`` per Extra Crewmember. (The Warhammer 40,000 10th edition data, where
wargear changes a model's characteristics, is refused by warband today: its game
system uses the ``replace`` and ``floor`` modifier types.)
"""

from __future__ import annotations

from model.bsdata.infos import roster_infos
from model.bsdata.roster import Selection
from tests.model.bsdata.test_engine_shared import BIKE, load, team

UPGRADES = "dcb1-8c0e-c647-a042::7140-af92-4f58-2089::"
"""Inside a Bike: its link to the Vehicle Upgrades group."""
ARMOUR_PLATING = UPGRADES + "89d7-ec4b-86b1-20fc"
EXTRA_CREW = UPGRADES + "528f-f0b3-bb2b-8a6a"


def bike_stats(*inside: Selection) -> list[tuple[str, str, bool]]:
    infos = roster_infos(load("gaslands"), team(Selection("bike", BIKE, "Bike", selections=inside)))
    (vehicle,) = infos.of("bike").visible().profiles
    assert (vehicle.name, vehicle.type_name.strip()) == ("Bike", "Vehicle")
    return [(c.name, c.value, c.changed) for c in vehicle.characteristics]


def test_a_bare_bike_has_its_profile_as_written() -> None:
    assert bike_stats() == [
        ("Weight", "Lightweight", False),
        ("Hull Points", "4", False),
        ("Handling", "5", False),
        ("Max Gear", "6", False),
        ("Crew", "1", False),
        ("Build Slots", "1", False),
    ]


def test_armour_plating_and_a_crewmember_change_the_bikes_profile() -> None:
    """Two Armour Platings: Hull Points 4 + 2 x 2 = 8; an Extra Crewmember: Crew 2; both
    marked as changed, the rest not."""
    stats = bike_stats(
        Selection("ap", ARMOUR_PLATING, "Armour Plating", number=2),
        Selection("xc", EXTRA_CREW, "Extra Crewmember"),
    )
    assert stats == [
        ("Weight", "Lightweight", False),
        ("Hull Points", "8", True),
        ("Handling", "5", False),
        ("Max Gear", "6", False),
        ("Crew", "2", True),
        ("Build Slots", "1", False),
    ]
