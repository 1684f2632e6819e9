"""Writing BattleScribe's ``.ros``: what BattleScribe writes, in its schema's order, with
the engine's costs passed in; read back, it is the same roster."""

from __future__ import annotations

from dataclasses import replace
from xml.etree.ElementTree import Element

from model.bsdata.data import Catalogue, Cost
from model.bsdata.read import read_catalogue
from model.bsdata.ros_content import ForceFacts, RosContent, SelectionFacts, ros_content
from model.bsdata.ros_read import NAMESPACE, read_ros
from model.bsdata.ros_write import java_double, ros_bytes
from model.bsdata.roster import BsRoster, CostLimit, Force, Selection
from model.bsdata.system import GameSystem
from model.parse.xml_guard import XmlRefused, parse_xml
from tests.model.bsdata.shared_data import data_files
from tests.model.bsdata.test_ros_read import EXPECTED

NS = "{" + NAMESPACE + "}"

SMALL = BsRoster(
    id="r1",
    name="Road Hogs",
    game_system_id="gs1",
    game_system_name="Scrap Derby",
    game_system_revision=7,
    cost_limits=(CostLimit("pts", 50.0), CostLimit("crew", -1.0)),
    forces=(
        Force(
            id="f1",
            entry_id="fe1",
            catalogue_id="cat1",
            name="Team",
            catalogue_name="Gangs",
            selections=(
                Selection(
                    id="s1",
                    entry_id="link1::car",
                    name="Car",
                    type="unit",
                    custom_name="Betsy",
                    note="wobbly",
                    selections=(Selection("s2", "gun", "Gun", number=2, entry_group_id="weapons"),),
                ),
            ),
        ),
    ),
    custom_notes="league",
)


def parsed(data: bytes) -> Element:
    root = parse_xml(data)
    assert not isinstance(root, XmlRefused), root
    return root


SMALL_CONTENT = RosContent(
    cost_names={"pts": "Scrap"},
    totals=(Cost("pts", 27.5), Cost("crew", 2.0)),
    selections={
        "s1": SelectionFacts("Car", (Cost("pts", 20.0),)),
        "s2": SelectionFacts("Gun", (Cost("pts", 7.5),)),
    },
    forces={"f1": ForceFacts(catalogue_revision=12, page="4", publication_id="rulebook")},
)


def small_xml() -> Element:
    return parsed(ros_bytes(SMALL, SMALL_CONTENT))


def test_the_header_is_what_battlescribe_writes() -> None:
    root = small_xml()
    assert root.tag == NS + "roster"
    assert root.attrib == {
        "id": "r1",
        "name": "Road Hogs",
        "battleScribeVersion": "2.03",
        "gameSystemId": "gs1",
        "gameSystemName": "Scrap Derby",
        "gameSystemRevision": "7",
    }
    # the schema's order: costs, costLimits, forces, customNotes
    assert [child.tag for child in root] == [
        NS + "costs",
        NS + "costLimits",
        NS + "forces",
        NS + "customNotes",
    ]


def test_costs_and_limits_carry_the_names_of_their_types() -> None:
    """A cost type the game system does not name (``crew`` here) is named by its id, as
    the schema requires a name; values are decimals as BattleScribe writes them."""
    root = small_xml()
    costs = [c.attrib for c in root.iter(NS + "cost")]
    # roster totals first, then the car's 20, then the two guns' 7.5 (nested first: the
    # schema puts a selection's selections before its costs)
    assert costs == [
        {"name": "Scrap", "typeId": "pts", "value": "27.5"},
        {"name": "crew", "typeId": "crew", "value": "2.0"},
        {"name": "Scrap", "typeId": "pts", "value": "7.5"},
        {"name": "Scrap", "typeId": "pts", "value": "20.0"},
    ]
    assert [c.attrib for c in root.iter(NS + "costLimit")] == [
        {"name": "Scrap", "typeId": "pts", "value": "50.0"},
        {"name": "crew", "typeId": "crew", "value": "-1.0"},
    ]


def test_forces_and_selections_carry_every_choice() -> None:
    root = small_xml()
    (force,) = root.iter(NS + "force")
    assert list(force.attrib.items()) == [
        ("id", "f1"),
        ("name", "Team"),
        ("entryId", "fe1"),
        ("publicationId", "rulebook"),
        ("page", "4"),
        ("catalogueId", "cat1"),
        ("catalogueRevision", "12"),
        ("catalogueName", "Gangs"),
    ]
    car, gun = root.iter(NS + "selection")
    # the schema's order (RosterElementBase's, then Selection's), as BattleScribe writes it
    assert list(car.attrib.items()) == [
        ("id", "s1"),
        ("name", "Car"),
        ("entryId", "link1::car"),
        ("customName", "Betsy"),
        ("number", "1"),
        ("type", "unit"),
    ]
    assert [child.tag for child in car] == [NS + "customNotes", NS + "selections", NS + "costs"]
    assert car.findtext(NS + "customNotes") == "wobbly"
    assert gun.attrib == {
        "id": "s2",
        "name": "Gun",
        "entryId": "gun",
        "entryGroupId": "weapons",
        "number": "2",
        "type": "upgrade",
    }


def test_a_written_roster_reads_back_the_same() -> None:
    """``read(write(r)) == r``: the small roster, and the fixture BattleScribe-style roster
    with its nested force, notes over two lines and ``&`` in its name."""
    for roster in (SMALL, EXPECTED):
        written = ros_bytes(roster)
        assert read_ros(parsed(written), "out.ros") == roster


def test_text_xml_cannot_hold_is_left_out_so_the_file_stays_well_formed() -> None:
    """A name with ESC (``\\x1b``) or half a surrogate pair would make a file no XML
    parser reads; the writer drops just those characters."""
    odd = BsRoster("r\x1b1", "Hogs\ud800!", "gs", custom_notes="a\x00b")
    back = read_ros(parsed(ros_bytes(odd)), "out.ros")
    assert back == BsRoster("r1", "Hogs!", "gs", custom_notes="ab")


def test_a_roster_over_a_shared_game_system_round_trips_with_its_names() -> None:
    """Gaslands from the shared BSData: the cost type names and catalogue revision come
    from the loaded system, and a roster of its first force entry and two of its root
    entries (ids taken from the data, not written here) reads back the same, each
    selection under its name as the data's modifiers leave it: the entry "Buggy / Trike /
    Bike & Sidecar" is named "Buggy" by a modifier when it is taken as it is."""
    files: list[Catalogue] = []
    for path in data_files("gaslands"):
        catalogue, problems = read_catalogue(parsed(path.read_bytes()), path.name)
        assert catalogue is not None
        assert problems == []
        files.append(catalogue)
    gst = next(c for c in files if c.is_game_system)
    system = GameSystem.build(gst, tuple(c for c in files if not c.is_game_system))
    assert list(system.cost_names().values()) == ["Cans", "Build Slots"]
    faction = system.factions[0]
    assert system.revisions()[faction.id] == faction.revision
    force_entry = system.forces(faction.id)[0]
    entries = system.imported_roots(faction.id)[:2]
    roster = BsRoster(
        id="r1",
        name="Road Hogs",
        game_system_id=system.id,
        game_system_name=system.name,
        game_system_revision=gst.revision,
        cost_limits=(CostLimit(system.cost_types()[0].id, 50.0),),
        forces=(
            Force(
                "f1",
                force_entry.id,
                faction.id,
                force_entry.name,
                faction.name,
                selections=tuple(
                    Selection(f"s{n}", e.id, e.name, type=e.type) for n, e in enumerate(entries)
                ),
            ),
        ),
    )
    root = parsed(ros_bytes(roster, ros_content(system, roster)))
    (force,) = root.iter(NS + "force")
    assert force.get("catalogueRevision") == str(faction.revision)
    assert [c.get("name") for c in root.iter(NS + "costLimit")] == ["Cans"]
    assert [e.name for e in entries] == ["Bike", "Buggy / Trike / Bike & Sidecar"]
    (written,) = roster.forces
    renamed = (written.selections[0], replace(written.selections[1], name="Buggy"))
    assert read_ros(root, "out.ros") == replace(
        roster, forces=(replace(written, selections=renamed),)
    )


def test_numbers_are_written_as_java_writes_a_double() -> None:
    """BattleScribe writes ``Double.toString``: the fewest digits that read back the same,
    always a decimal point, and from 10^7 up or below 10^-3 Java's scientific form."""
    cases = {
        0.0: "0.0",
        20.0: "20.0",
        2.5: "2.5",
        -1.0: "-1.0",
        0.1 * 3: "0.30000000000000004",
        0.001: "0.001",
        0.00025: "2.5E-4",
        9999999.0: "9999999.0",
        1e7: "1.0E7",
        12345678.9: "1.23456789E7",
        -2e12: "-2.0E12",
    }
    assert {value: java_double(value) for value in cases} == cases
    assert all(float(text) == value for value, text in cases.items())
