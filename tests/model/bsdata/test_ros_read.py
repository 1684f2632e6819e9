"""Reading BattleScribe's ``.ros`` roster: what a roster chose is kept exactly, what the
data says about it (costs, categories, profiles, rules) is left to the engine, and a
broken file tells every problem with the element's place."""

from __future__ import annotations

from xml.etree.ElementTree import Element

import pytest

from model.bsdata.ros_read import read_ros
from model.bsdata.roster import BsRoster, CostLimit, Force, Selection
from model.bsdata.roster_bounds import MAX_SELECTION_DEPTH
from model.core.problems import Problem
from model.parse.xml_guard import XmlRefused, parse_xml
from tests.conftest import FIXTURES

SCRAP_DERBY = FIXTURES / "bsdata" / "scrap-derby.ros"

EXPECTED = BsRoster(
    id="7a1c-22f0-9be4-01d3",
    name="Rust & Ruin",
    game_system_id="5d2e-aa01-4c7b-9f10",
    game_system_name="Scrap Derby",
    game_system_revision=7,
    cost_limits=(
        CostLimit("c0a1-scrap", 50.0),
        CostLimit("c0a2-crew", 6.0),
        CostLimit("c0a3-slot", -1.0),
    ),
    forces=(
        Force(
            id="f9b0-11aa-3c3c-7e01",
            entry_id="fe01-crew-0000-0001",
            catalogue_id="ca7a-0001-derby-main",
            name="Crew Roster",
            catalogue_name="Scrap Derby: Gangs",
            note="Painted green.\nBring the tow rope.",
            selections=(
                Selection(
                    id="s001-aaaa-bbbb-0001",
                    entry_id="e1a1-link-0001::e1a1-rig-0001",
                    name="War Rig",
                    type="unit",
                    custom_name="Old Betsy",
                    note="Front-left wheel wobbles.",
                    selections=(
                        Selection(
                            id="s002-aaaa-bbbb-0002",
                            entry_id="e2b2-harpoon-0001",
                            name="Harpoon",
                            number=2,
                            entry_group_id="g001-weapons-0001",
                        ),
                        Selection(
                            id="s003-aaaa-bbbb-0003",
                            entry_id="e3c3-driver-0001",
                            name="Driver",
                            type="model",
                            selections=(
                                Selection(
                                    id="s004-aaaa-bbbb-0004",
                                    entry_id="e4d4-link-0002::e4d4-goggles-01",
                                    name="Goggles",
                                    entry_group_id="g002-link-0003::g002-kit-0001",
                                    custom_name="Lucky goggles",
                                    note="Never cleaned.",
                                ),
                            ),
                        ),
                    ),
                ),
                Selection(
                    id="s005-aaaa-bbbb-0005",
                    entry_id="e5e5-buggy-0001",
                    name="Buggy",
                    type="unit",
                ),
            ),
            forces=(
                Force(
                    id="f9b0-22bb-4d4d-8f02",
                    entry_id="fe02-pit-0000-0002",
                    catalogue_id="ca7a-0002-derby-hire",
                    name="Pit Crew",
                    catalogue_name="Scrap Derby: Hired Hands",
                    custom_name="The Spanners",
                    selections=(
                        Selection(
                            id="s006-aaaa-bbbb-0006",
                            entry_id="e6f6-mechanic-01",
                            name="Mechanic",
                            number=3,
                            type="model",
                        ),
                    ),
                ),
            ),
        ),
    ),
    custom_notes="For the league final.",
)


def root_of(xml: str | bytes) -> Element:
    root = parse_xml(xml.encode() if isinstance(xml, str) else xml)
    assert not isinstance(root, XmlRefused), root
    return root


def problems(xml: str) -> list[str]:
    found = read_ros(root_of(xml), "list.ros")
    assert isinstance(found, list), found
    assert all(p.file == "list.ros" for p in found)
    return [p.message for p in found]


def roster(body: str = "", attributes: str = "") -> str:
    """A roster document around ``body``, with the attributes every roster has."""
    return (
        '<roster xmlns="http://www.battlescribe.net/schema/rosterSchema" id="r1" '
        f'name="List" gameSystemId="gs" {attributes}>{body}</roster>'
    )


def force(selections: str, extra: str = "") -> str:
    return (
        f'<forces><force id="f1" name="Team" entryId="fe" catalogueId="cat" {extra}>'
        f"<selections>{selections}</selections></force></forces>"
    )


def test_a_roster_written_by_battlescribe_reads_exactly() -> None:
    """The hand-written fixture, as BattleScribe 2.03 writes a roster: every id, name,
    number, custom name and note is kept (``&amp;`` is ``&``), nested selections and the
    force inside the force too; the file's costs, categories, profiles, rules,
    publications and tags are not part of the roster (the engine works them out)."""
    assert read_ros(root_of(SCRAP_DERBY.read_bytes()), SCRAP_DERBY.name) == EXPECTED


def test_a_roster_without_namespace_or_version_reads() -> None:
    """New Recruit and older tools may leave out the version; the namespace is optional
    too, as the element names say what they are."""
    xml = (
        '<roster id="r1" name="List" gameSystemId="gs"><forces>'
        '<force id="f1" name="Team" entryId="fe" catalogueId="cat"/></forces></roster>'
    )
    assert read_ros(root_of(xml), "list.ros") == BsRoster(
        "r1", "List", "gs", forces=(Force("f1", "fe", "cat", "Team"),)
    )


def test_a_catalogue_is_not_a_roster() -> None:
    xml = '<catalogue xmlns="http://www.battlescribe.net/schema/catalogueSchema" id="c"/>'
    assert problems(xml) == ["the root element is <catalogue>, not <roster>"]


def test_a_roster_of_another_namespace_is_refused() -> None:
    assert problems('<roster xmlns="urn:elsewhere" id="r" name="n" gameSystemId="g"/>') == [
        "the roster's namespace is 'urn:elsewhere', not BattleScribe's roster namespace"
    ]


@pytest.mark.parametrize(
    ("version", "told"),
    [
        ("1.15", "the roster is of BattleScribe 1.15; warband reads rosters of 2.00 and later"),
        ("3.00", "the roster is of BattleScribe 3.00, newer than warband reads (2.03)"),
        ("two", 'battleScribeVersion is "two", not a version'),
    ],
)
def test_a_version_warband_does_not_read_is_named(version: str, told: str) -> None:
    assert problems(roster(attributes=f'battleScribeVersion="{version}"')) == [told]


def test_every_problem_is_told_at_once_with_its_place() -> None:
    """Four mistakes in four places, each named by its path of elements (with the name
    of each on the way) so a person finds it in the file."""
    xml = roster(
        '<costLimits><costLimit name="pts" typeId="pts" value="lots"/></costLimits>'
        + force(
            '<selection id="s1" name="Car" entryId="car" number="0" type="unit">'
            '<selections><selection id="s2" name="Gun" entryId="gun" number="1" type="weapon"/>'
            "</selections></selection>"
            '<selection id="s3" name="Bike" number="1.5" type="unit"/>'
        )
    )
    assert problems(xml) == [
        'roster/costLimit "pts": value is "lots", not a number from -1 to 1,000,000,000',
        'roster/force "Team"/selection "Car": number is "0", not a number from 1 to 1,000,000',
        'roster/force "Team"/selection "Car"/selection "Gun": type is "weapon"',
        'roster/force "Team"/selection "Bike": has no entryId',
        'roster/force "Team"/selection "Bike": number is 1.5, not a whole number',
    ]


def test_missing_required_attributes_are_told() -> None:
    xml = '<roster id="r" gameSystemId=""><forces><force id="f" entryId="fe"/></forces></roster>'
    found = read_ros(root_of(xml), "list.ros")
    assert isinstance(found, list)
    assert [(p.message, p.hint) for p in found] == [
        ("roster: has no name", "every roster needs a name"),
        ("roster: has no gameSystemId", "every roster needs a gameSystemId"),
        ('roster/force "f": has no catalogueId', "every force needs a catalogueId"),
    ]


def test_a_selection_without_number_or_type_is_told() -> None:
    xml = roster(force('<selection id="s1" name="Car" entryId="car"/>'))
    assert problems(xml) == [
        'roster/force "Team"/selection "Car": has no number',
        'roster/force "Team"/selection "Car": type is missing',
    ]


def test_two_selections_with_one_id_are_told() -> None:
    """Each selection's costs are told by its id, so two with one id would share them."""
    xml = roster(
        force(
            '<selection id="s1" name="Car" entryId="car" number="1" type="unit"/>'
            '<selection id="s1" name="Bike" entryId="bike" number="1" type="unit"/>'
        )
    )
    assert problems(xml) == [
        'roster/force "Team"/selection "Bike": the id \'s1\' is also the id of '
        'roster/force "Team"/selection "Car"'
    ]


def test_cost_limits_below_zero_but_minus_one_and_repeats_are_told() -> None:
    xml = roster(
        "<costLimits>"
        '<costLimit name="pts" typeId="pts" value="-0.5"/>'
        '<costLimit name="pts" typeId="pts" value="100"/>'
        '<costLimit name="pts" typeId="pts" value="200"/>'
        '<costLimit name="cans" typeId="cans"/>'
        "</costLimits>"
    )
    assert problems(xml) == [
        'roster/costLimit "pts": value is -0.5; a limit is -1 (none) or from 0',
        "roster/costLimit \"pts\": a second limit of cost type 'pts'",
        'roster/costLimit "cans": has no value',
    ]


def test_selections_nested_too_deep_are_refused() -> None:
    """``MAX_SELECTION_DEPTH`` levels read; one more is told once, at the level that
    would go past it (so an imported roster always fits a TOML file)."""

    def nest(levels: int) -> str:
        inner = ""
        for n in reversed(range(1, levels + 1)):
            kids = f"<selections>{inner}</selections>" if inner else ""
            head = f'<selection id="s{n}" name="L{n}" entryId="e" number="1" type="upgrade">'
            inner = f"{head}{kids}</selection>"
        return inner

    deepest = read_ros(root_of(roster(force(nest(MAX_SELECTION_DEPTH)))), "list.ros")
    assert isinstance(deepest, BsRoster)
    told = problems(roster(force(nest(MAX_SELECTION_DEPTH + 1))))
    assert len(told) == 1
    assert told[0].endswith(
        f'selection "L{MAX_SELECTION_DEPTH}": selections nest more than '
        f"{MAX_SELECTION_DEPTH} deep here"
    )


def test_control_characters_in_names_and_notes_never_reach_a_terminal() -> None:
    """XML cannot hold ESC, but it can hold the C1 controls: ``&#155;`` is CSI, which a
    terminal obeys as ESC [ (``CSI 2J`` clears the screen). They are dropped as the file
    is read, in names, custom names and notes alike."""
    xml = roster(
        force(
            '<selection id="s1" name="Car&#155;2J" entryId="car" number="1" type="unit" '
            'customName="Bad&#133;Bell"><customNotes>ring&#157;0;x&#156;</customNotes></selection>'
        )
    )
    found = read_ros(root_of(xml), "list.ros")
    assert isinstance(found, BsRoster)
    (car,) = found.forces[0].selections
    assert (car.name, car.custom_name, car.note) == ("Car2J", "BadBell", "ring0;x")


def test_problems_are_values_with_the_file() -> None:
    found = read_ros(root_of("<roster/>"), "list.ros")
    assert found == [
        Problem("roster: has no id", "list.ros", hint="every roster needs a id"),
        Problem("roster: has no name", "list.ros", hint="every roster needs a name"),
        Problem(
            "roster: has no gameSystemId", "list.ros", hint="every roster needs a gameSystemId"
        ),
    ]
