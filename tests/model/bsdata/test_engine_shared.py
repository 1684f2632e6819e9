"""Rosters over the real Gaslands and Zone Raiders data (``../shared/bsdata``), with
their costs and verdicts worked out by hand from the files (ids and figures below are
read from ``Gaslands.gst``, ``Zone_Raiders.gst`` and ``Reclaimers.cat``)."""

from __future__ import annotations

from functools import cache

from model.bsdata.building import add_selection, choices, new_force
from model.bsdata.evaluate import Evaluation, evaluate
from model.bsdata.read import read_catalogue
from model.bsdata.roster import BsRoster, CostLimit, Force, Selection
from model.bsdata.system import GameSystem
from model.parse.xml_guard import XmlRefused, parse_xml
from tests.model.bsdata.shared_data import data_files


@cache
def load(name: str) -> GameSystem:
    files = []
    for path in data_files(name):
        root = parse_xml(path.read_bytes())
        assert not isinstance(root, XmlRefused)
        catalogue, problems = read_catalogue(root, path.name)
        assert catalogue is not None and problems == []
        files.append(catalogue)
    game = next(c for c in files if c.is_game_system)
    return GameSystem.build(game, tuple(c for c in files if not c.is_game_system))


def found(result: Evaluation) -> list[tuple[str, str | None, str]]:
    return [(f.code, f.where.selection, f.message) for f in result.findings]


# -- Gaslands ----------------------------------------------------------------------------

CANS, SLOTS = "91a9-beed-6d55-d7ea", "ba54-acdf-648d-86c5"
TEAM, GASLANDS_CAT = "60bf-0f00-db63-fb4e", "0139-7751-4542-5c90"
SPONSOR = "7209-f619-ccee-874e::9318-eb03-9bdd-ec00"
"""The game system's root link to the Sponsor entry (0 cans; max 1 in the roster)."""
RUTHERFORD = "7209-f619-ccee-874e::6544-f65b-4420-3486"
"""A sponsor chosen inside the Sponsor, written in place: the link's id, then its own."""
CAR = "ebb5-bde6-e221-9acc::5fc8-4273-0b18-c611"
"""The catalogue's link to the Car: 12 cans; its link to the Options group sets the
group's Build Slots maximum (constraint 0a0d-...) to 2."""
BIKE = "dcb1-8c0e-c647-a042::b5d8-cf00-181a-b503"
"""5 cans; hidden when the roster holds Rutherford."""
WEAPONS = "ebb5-bde6-e221-9acc::101c-f2ec-ca46-6094::89a2-0bf0-1d3d-5237::"
"""Inside a Car: the Options group link, then the Weapons group link."""
MACHINE_GUN, HEAVY_MG, ROCKETS = (
    "bbee-877e-1934-1980",  # 2 cans, 1 slot; set to 6 cans with a Turret inside it
    "2930-d6e5-b4c6-1768",  # 3 cans, 1 slot
    "93be-19a1-2779-2ec9",  # 5 cans, 2 slots
)
MOUNTING = "29b4-45a3-7c49-8a99::"
"""A weapon's link to the Mounting group (min 1, max 1, default Front)."""
FRONT, TURRET = "e67e-9cf3-620d-fd1d", "bab2-4a49-836f-eee7"


def weapon(sid: str, weapon_id: str, mount: str | None = FRONT) -> Selection:
    mounts = (Selection(f"{sid}m", WEAPONS + MOUNTING + mount, "Mount"),) if mount else ()
    return Selection(sid, WEAPONS + weapon_id, "Weapon", selections=mounts)


def team(*selections: Selection, cans: float = 20) -> BsRoster:
    force = Force("f", TEAM, GASLANDS_CAT, "Team", selections=selections)
    return BsRoster(
        "r", "Team", load("gaslands").id, cost_limits=(CostLimit(CANS, cans),), forces=(force,)
    )


RUTHERFORD_SPONSOR = Selection(
    "sp", SPONSOR, "Sponsor", selections=(Selection("ru", RUTHERFORD, "Rutherford"),)
)


def test_a_gaslands_team_within_its_cans() -> None:
    """Rutherford's team with a Car and a front Machine Gun: 12 + 2 = 14 cans of 20, 1
    build slot of the Car's 2; every minimum met (a Sponsor, the gun's Mounting)."""
    result = evaluate(
        load("gaslands"),
        team(
            RUTHERFORD_SPONSOR,
            Selection("car", CAR, "Car", selections=(weapon("mg", MACHINE_GUN),)),
        ),
    )
    assert found(result) == []
    assert [c.value for c in result.totals] == [14, 1]
    assert result.names["car"] == "Car"
    assert result.categories["car"][0] == "fcb8-8c55-ab34-03d1"  # Vehicle, primary


def test_a_gaslands_team_over_its_cans_and_slots() -> None:
    """A Car with a turreted Machine Gun (6 cans: the Turret sets its cost), an unmounted
    Heavy Machine Gun (3) and Rockets (5), a Bike (5) and two Sponsors:

    - cans: 12 + 6 + 3 + 5 + 5 = 31, 11 over 20;
    - build slots in the Car's Options: 1 + 1 + 2 = 4, at most 2;
    - two Sponsors, at most 1 in the roster; the Heavy Machine Gun has no Mounting;
    - the Bike is hidden while the roster holds Rutherford.
    """
    car = Selection(
        "car",
        CAR,
        "Car",
        selections=(
            weapon("mg", MACHINE_GUN, TURRET),
            weapon("hmg", HEAVY_MG, None),
            weapon("rk", ROCKETS),
        ),
    )
    roster = team(
        RUTHERFORD_SPONSOR,
        Selection("sp2", SPONSOR, "Sponsor"),
        car,
        Selection("bike", BIKE, "Bike"),
    )
    result = evaluate(load("gaslands"), roster)
    assert result.selection_costs["mg"][0].value == 6
    assert [c.value for c in result.totals] == [31, 4]
    assert found(result) == [
        ("bs-hidden", "bike", "Bike may not be taken here now (the data hides it): remove it"),
        ("bs-too-many", "sp", "The roster has 2 Sponsors, at most 1: remove 1 Sponsor"),
        (
            "bs-too-many",
            "mg",
            "Car has 4 Build Slots in Options, at most 2: remove 2 Build Slots in Options",
        ),
        ("bs-too-few", "hmg", "Heavy Machine Gun has 0 Mountings, at least 1: add 1 Mounting"),
        (
            "bs-over-limit",
            None,
            "The roster costs 31 Cans, over the limit of 20: remove 11 Cans "
            "or raise the limit to 31",
        ),
    ]


def test_gaslands_choices_hide_the_bike_for_rutherford() -> None:
    """With Rutherford, the Bike is not offered; the Car is, at 12 cans."""
    offered = {c.name: c for c in choices(load("gaslands"), team(RUTHERFORD_SPONSOR), "f")}
    assert "Bike" not in offered
    assert offered["Car"].entry_id == CAR
    assert [c.value for c in offered["Car"].costs] == [12, 0]


def test_a_weapon_added_gets_its_default_mounting() -> None:
    """Adding a Machine Gun to a Car selects the Mounting group's default, Front (the
    group has min 1), keyed through the weapon's link to the group. The roster holds 4
    ids (f, sp, ru, car), so the new ones are s5 and s6."""
    game = load("gaslands")
    roster = team(RUTHERFORD_SPONSOR, Selection("car", CAR, "Car"))
    roster = add_selection(game, roster, "f", "car", WEAPONS + MACHINE_GUN)
    gun = roster.forces[0].selections[1].selections[0]
    assert (gun.id, gun.name) == ("s5", "Machine Gun")
    assert gun.selections[0].id == "s6"
    assert [(s.name, s.entry_id) for s in gun.selections] == [("Front", WEAPONS + MOUNTING + FRONT)]
    assert gun.selections[0].entry_group_id == WEAPONS + MOUNTING + "fa58-967b-5455-6fde"
    assert evaluate(game, roster).valid


# -- Zone Raiders --------------------------------------------------------------------------

RECLAIMERS, RAIDER_TEAM = "523a-6082-baa4-01c7", "28f8-a6d3-389f-be4d"
CAPTAIN, CUIRASSIER = "c7c5-3dc2-e999-f491", "f908-1caf-90d5-227d"  # 80 and 50 RU, Raiders


def band() -> BsRoster:
    game = load("zone-raiders")
    return new_force(game, BsRoster("r", "Band", game.id), RECLAIMERS, RAIDER_TEAM)


def test_a_new_zone_raiders_band_selects_what_it_must_hold() -> None:
    """A new Raider Team selects the top-level entries with a minimum: Unequipped Gear,
    Current Resources, Team Record (each min 1 per force) and Rules Level (min 1 in the
    roster), whose Rules group's default is Campaign. Nothing costs RU; the band still
    has no Raider, and the Raiders category needs 1 in the roster."""
    roster = band()
    top = roster.forces[0].selections
    assert [s.name for s in top] == [
        "Unequipped Gear",
        "Current Resources",
        "Team Record",
        "Rules Level",
    ]
    assert [s.name for s in top[3].selections] == ["Campaign"]
    result = evaluate(load("zone-raiders"), roster)
    assert found(result) == [
        ("bs-too-few", None, "The roster has 0 Raiders, at least 1: add 1 Raiders")
    ]
    assert [c.value for c in result.totals] == [0, 0]


def test_a_zone_raiders_band_with_two_raiders_and_a_broken_maximum() -> None:
    """An Armiger-Captain (80 RU) and a Cuirassier (50 RU), each given its Starting
    Levels (3 and 2, 0 RU, through the Character Advancement group link): 130 RU and
    valid. A second Current Resources breaks its max 1 per force."""
    game = load("zone-raiders")
    roster = add_selection(game, band(), "f1", None, CAPTAIN)
    roster = add_selection(game, roster, "f1", None, CUIRASSIER)
    captain = roster.forces[0].selections[4]
    assert [(s.name, s.number) for s in captain.selections] == [("Starting Levels", 3)]
    result = evaluate(game, roster)
    assert found(result) == []
    assert [c.value for c in result.totals] == [130, 0]
    roster = add_selection(game, roster, "f1", None, "dd67-a34b-6073-3243")
    assert found(evaluate(game, roster)) == [
        (
            "bs-too-many",
            "s3",
            "Raider Team has 2 Current Resources, at most 1: remove 1 Current Resources",
        )
    ]
