"""Names and notes of a player's own for a force's categories (BattleScribe's Customise
of a category: spec ``customization/customization-category``): the edit
(``roster_edits.set_category_custom_name``/``_notes``), which takes only a category the
force has, and the two files that keep them (warband's TOML, ``roster_toml``, and the
``.ros``, ``ros_read``; writing it is in ``test_ros_content``)."""

from __future__ import annotations

import tomllib
from dataclasses import replace
from typing import Any

import pytest
import tomli_w

from model.bsdata.building import new_force
from model.bsdata.categories import UNCATEGORISED_ID, force_categories
from model.bsdata.ros_content import ros_content
from model.bsdata.ros_read import read_ros
from model.bsdata.ros_write import ros_bytes
from model.bsdata.roster import BsRoster, CustomCategory, Force
from model.bsdata.roster_bounds import MAX_CUSTOM_CATEGORIES, MAX_TEXT
from model.bsdata.roster_edits import (
    set_category_custom_name,
    set_category_custom_notes,
    set_custom_name,
)
from model.bsdata.roster_toml import BsRosterFile, roster_from_data, roster_to_data
from model.core.problems import RosterError
from tests.model.bsdata.test_ros_write import parsed
from tests.model.bsdata.xml_fixtures import cat, gst, system

GAME = system(
    gst(
        "<categoryEntries>"
        '<categoryEntry id="hq" name="HQ"/><categoryEntry id="troops" name="Troops"/>'
        '<categoryEntry id="elite" name="Elite"/>'
        "</categoryEntries>"
        '<forceEntries><forceEntry id="army" name="Army">'
        '<forceEntries><forceEntry id="wing" name="Wing"><categoryLinks>'
        '<categoryLink id="w-el" targetId="elite"/></categoryLinks></forceEntry>'
        "</forceEntries>"
        '<categoryLinks><categoryLink id="a-hq" targetId="hq"/>'
        '<categoryLink id="a-tr" targetId="troops"/></categoryLinks>'
        "</forceEntry></forceEntries>"
    ),
    cat(""),
)


def army() -> BsRoster:
    """A roster of one Army (HQ, Troops) holding a Wing (Elite)."""
    start = new_force(GAME, BsRoster("r", "R", "gs"), "cat", "army")
    return new_force(GAME, start, "cat", "wing", parent_force_id=start.forces[0].id)


def test_a_force_has_uncategorised_and_the_categories_its_entry_links() -> None:
    (force,) = army().forces
    found = [(c.entry_id, c.name) for c in force_categories(GAME, force)]
    assert found == [(UNCATEGORISED_ID, "Uncategorised"), ("hq", "HQ"), ("troops", "Troops")]


def test_a_category_is_given_a_name_and_notes_of_its_own_and_they_are_taken_away() -> None:
    """As a force's or a selection's: control characters and the blanks around go, lines
    stay; the category keeps its own name (shown in the ``.ros`` as ``name``)."""
    start = army()
    force = start.forces[0]
    named = set_category_custom_name(GAME, start, force.id, "hq", "  Command\x1b[1m HQ ")
    noted = set_category_custom_notes(GAME, named, force.id, "hq", "Zone\nalpha\x07")
    assert noted.forces[0].custom_categories == (
        CustomCategory("hq", "Command[1m HQ", "Zone\nalpha"),
    )
    assert noted.forces[0].custom_name == ""  # the force itself is not renamed
    hq = force_categories(GAME, noted.forces[0])[1]
    assert (hq.name, hq.custom_name, hq.note) == ("HQ", "Command[1m HQ", "Zone\nalpha")
    # empty takes each away, and with neither left nothing is kept of the category
    unnamed = set_category_custom_name(GAME, noted, force.id, "hq", " ")
    assert unnamed.forces[0].custom_categories == (CustomCategory("hq", "", "Zone\nalpha"),)
    assert set_category_custom_notes(GAME, unnamed, force.id, "hq", "") == start


def test_named_categories_are_kept_in_the_order_the_force_has_them() -> None:
    """Named Troops first, then HQ and Uncategorised: kept as the force lists them (as a
    ``.ros`` does, so a round trip through one keeps the roster equal)."""
    start = army()
    fid = start.forces[0].id
    edited = set_category_custom_name(GAME, start, fid, "troops", "Line")
    edited = set_category_custom_name(GAME, edited, fid, "hq", "Command")
    edited = set_category_custom_notes(GAME, edited, fid, UNCATEGORISED_ID, "odds and ends")
    edited = set_category_custom_name(GAME, edited, fid, "troops", "Line II")
    assert [(c.entry_id, c.custom_name) for c in edited.forces[0].custom_categories] == [
        (UNCATEGORISED_ID, ""),
        ("hq", "Command"),
        ("troops", "Line II"),
    ]


def test_a_force_inside_a_force_names_its_own_categories() -> None:
    start = army()
    wing = start.forces[0].forces[0]
    edited = set_category_custom_name(GAME, start, wing.id, "elite", "Vanguard")
    assert edited.forces[0].forces[0].custom_categories == (CustomCategory("elite", "Vanguard"),)
    assert edited.forces[0].custom_categories == ()
    with pytest.raises(RosterError, match="No such category"):
        set_category_custom_name(GAME, start, start.forces[0].id, "elite", "Vanguard")


def test_a_category_the_force_has_not_is_refused_with_those_it_has() -> None:
    start = army()
    fid = start.forces[0].id
    with pytest.raises(RosterError) as refused:
        set_category_custom_notes(GAME, start, fid, "elite", "x")
    (problem,) = refused.value.problems
    assert problem.message == 'the force Army has no category "elite"'
    assert problem.hint == "its categories: Uncategorised, HQ, Troops"
    with pytest.raises(RosterError, match="No such force"):
        set_category_custom_name(GAME, start, "f9", "hq", "X")
    with pytest.raises(RosterError, match="Name too long"):
        set_category_custom_name(GAME, start, fid, "hq", "x" * (MAX_TEXT + 1))


def test_a_force_of_a_kind_the_data_has_not_has_no_category_to_name() -> None:
    stray = BsRoster("r", "R", "gs", forces=(Force("f1", "gone", "cat", "Gone"),))
    with pytest.raises(RosterError) as refused:
        set_category_custom_name(GAME, stray, "f1", "hq", "X")
    assert "does not give" in str(refused.value.problems[0].hint)


def test_the_edits_of_a_force_and_a_selection_are_unchanged() -> None:
    """The existing signatures still name the force itself (no category)."""
    start = army()
    fid = start.forces[0].id
    named = set_custom_name(start, fid, None, "Strike")
    assert (named.forces[0].custom_name, named.forces[0].custom_categories) == ("Strike", ())


# -- warband's TOML --------------------------------------------------------------------


def named_army() -> BsRoster:
    start = army()
    fid, wid = start.forces[0].id, start.forces[0].forces[0].id
    edited = set_category_custom_name(GAME, start, fid, "hq", "Command HQ")
    edited = set_category_custom_notes(GAME, edited, fid, "hq", "Zone alpha\nsecond line")
    edited = set_category_custom_notes(GAME, edited, fid, UNCATEGORISED_ID, "odds")
    return set_category_custom_name(GAME, edited, wid, "elite", "Vanguard")


def test_the_toml_keeps_named_categories_and_reads_them_back() -> None:
    saved = BsRosterFile("test", named_army())
    data = roster_to_data(saved)
    (force,) = data["forces"]
    assert force["categories"] == [
        {"entry_id": UNCATEGORISED_ID, "note": "odds"},
        {"entry_id": "hq", "custom_name": "Command HQ", "note": "Zone alpha\nsecond line"},
    ]
    assert force["forces"][0]["categories"] == [{"entry_id": "elite", "custom_name": "Vanguard"}]
    assert roster_from_data(tomllib.loads(tomli_w.dumps(data))) == saved


def test_a_toml_file_of_before_reads_with_no_named_categories() -> None:
    saved = BsRosterFile("test", army())
    data = roster_to_data(saved)
    assert "categories" not in data["forces"][0]
    assert roster_from_data(data) == saved


def doc(categories: list[dict[str, Any]]) -> dict[str, Any]:
    force = {"entry_id": "army", "catalogue_id": "cat", "categories": categories}
    return {
        "format": "warband.bsroster/1",
        "system": "test",
        "name": "R",
        "game_system_id": "gs",
        "forces": [force],
    }


def told(raw: dict[str, Any]) -> list[str]:
    found = roster_from_data(raw)
    assert isinstance(found, list), found
    return [str(p) for p in found]


def test_a_toml_category_twice_or_unnamed_or_too_many() -> None:
    """One named twice is told at its key path; one with neither name nor notes is
    nothing; more than a force keeps are refused, as other repetitions are."""
    twice = [{"entry_id": "hq", "custom_name": "A"}, {"entry_id": "hq", "custom_name": "B"}]
    assert told(doc(twice)) == [
        "forces[1].categories[2].entry_id: a second category 'hq'; "
        "give each category its name and notes once"
    ]
    read = roster_from_data(doc([{"entry_id": "hq"}, {"entry_id": "troops", "note": "n"}]))
    assert not isinstance(read, list)
    assert read.roster.forces[0].custom_categories == (CustomCategory("troops", "", "n"),)
    many = [{"entry_id": f"c{n}", "custom_name": "x"} for n in range(MAX_CUSTOM_CATEGORIES + 1)]
    (problem,) = told(doc(many))
    assert problem.startswith("forces[1].categories:")
    (missing,) = told(doc([{"custom_name": "x"}]))
    assert missing.startswith("forces[1].categories[1].entry_id: required but missing")


# -- the .ros ----------------------------------------------------------------------------


def test_the_ros_keeps_named_categories_through_a_round_trip() -> None:
    named = named_army()
    back = read_ros(parsed(ros_bytes(named, ros_content(GAME, named))), "out.ros")
    assert back == named


ROS = (
    '<roster xmlns="http://www.battlescribe.net/schema/rosterSchema" id="r" name="R" '
    'battleScribeVersion="2.03" gameSystemId="gs"><forces>'
    '<force id="f1" name="Army" entryId="army" catalogueId="cat"><categories>{}</categories>'
    "</force></forces></roster>"
)


def ros_told(categories: str) -> list[str]:
    found = read_ros(parsed(ROS.format(categories).encode()), "in.ros")
    assert isinstance(found, list), found
    return [p.message.rpartition(": ")[2] for p in found]


def test_a_ros_category_named_twice_or_without_an_entry_id_is_told() -> None:
    """Categories BattleScribe writes with no name of the player's are not kept (the
    data gives them); one named twice, or named with no ``entryId``, is a problem."""
    plain = '<category id="c1" name="HQ" entryId="hq" primary="false"/>'
    read = read_ros(parsed(ROS.format(plain + plain).encode()), "in.ros")
    assert not isinstance(read, list)
    assert read.forces[0].custom_categories == ()
    named = '<category id="c1" name="HQ" entryId="hq" customName="A"/>'
    assert ros_told(named + named) == ["a second category 'hq' with a name or notes of its own"]
    assert ros_told('<category id="c" name="HQ"><customNotes>n</customNotes></category>') == [
        "has no entryId"
    ]


def test_a_ros_category_with_notes_only_is_kept() -> None:
    noted = '<category id="c1" name="HQ" entryId="hq"><customNotes>n\n2</customNotes></category>'
    read = read_ros(parsed(ROS.format(noted).encode()), "in.ros")
    assert not isinstance(read, list)
    assert read.forces[0].custom_categories == (CustomCategory("hq", "", "n\n2"),)
    assert replace(read.forces[0], custom_categories=()).custom_category("hq") is None
