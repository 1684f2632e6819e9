"""warband's TOML form of a BattleScribe roster, as data: what is written (defaults left
out), that it reads back the same, ids made for a hand-written list, and every problem
of a broken one with its key path."""

from __future__ import annotations

from typing import Any

import pytest

from model.bsdata.roster import BsRoster, CostLimit, Force, Selection
from model.bsdata.roster_bounds import MAX_FORCE_DEPTH, MAX_SELECTION_DEPTH
from model.bsdata.roster_toml import (
    FORMAT,
    BsRosterFile,
    check_format,
    key_paths,
    made_roster_id,
    roster_from_data,
    roster_to_data,
)
from model.core.problems import Problem
from tests.model.bsdata.test_ros_read import EXPECTED

SMALL = BsRoster(
    id="r1",
    name="Road Hogs",
    game_system_id="gs1",
    cost_limits=(CostLimit("pts", 50.0), CostLimit("crew", 2.5)),
    forces=(
        Force(
            "f1",
            "fe1",
            "cat1",
            "Team",
            selections=(
                Selection(
                    "s1",
                    "link::car",
                    "Car",
                    type="unit",
                    custom_name="Betsy",
                    selections=(Selection("s2", "gun", "Gun", number=2, entry_group_id="g"),),
                ),
            ),
        ),
    ),
)


def told(raw: dict[str, Any]) -> list[str]:
    """The problems of a document, as ``key.path: message; hint`` lines."""
    found = roster_from_data(raw)
    assert isinstance(found, list), found
    return [str(p) for p in found]


def doc(**changes: Any) -> dict[str, Any]:
    """The smallest valid document, with ``changes``."""
    base: dict[str, Any] = {
        "format": FORMAT,
        "system": "scrap-derby",
        "name": "Hogs",
        "game_system_id": "gs1",
    }
    return base | changes


def test_what_is_written_leaves_defaults_out() -> None:
    """Number 1, type upgrade, empty names and notes and no group are not written; 50.0
    is written 50 as a person writes it, 2.5 stays 2.5; a cost limit is named for people
    when the game system's names are given."""
    assert roster_to_data(BsRosterFile("scrap-derby", SMALL), {"pts": "Scrap"}) == {
        "format": "warband.bsroster/1",
        "system": "scrap-derby",
        "name": "Road Hogs",
        "id": "r1",
        "game_system_id": "gs1",
        "cost_limits": [
            {"type_id": "pts", "name": "Scrap", "value": 50},
            {"type_id": "crew", "value": 2.5},
        ],
        "forces": [
            {
                "id": "f1",
                "entry_id": "fe1",
                "name": "Team",
                "catalogue_id": "cat1",
                "selections": [
                    {
                        "id": "s1",
                        "entry_id": "link::car",
                        "name": "Car",
                        "type": "unit",
                        "custom_name": "Betsy",
                        "selections": [
                            {
                                "id": "s2",
                                "entry_id": "gun",
                                "entry_group_id": "g",
                                "name": "Gun",
                                "number": 2,
                            }
                        ],
                    }
                ],
            }
        ],
    }


@pytest.mark.parametrize("roster", [SMALL, EXPECTED], ids=["small", "scrap-derby"])
def test_what_is_written_reads_back_the_same(roster: BsRoster) -> None:
    saved = BsRosterFile("scrap-derby", roster)
    assert roster_from_data(roster_to_data(saved, {"pts": "Scrap"})) == saved


def test_a_hand_written_list_needs_only_entry_ids() -> None:
    """Ids left out are made from the place: force 1 is ``f1``, its second selection
    ``f1-s2``, the first inside that ``f1-s2-s1``, the force inside it ``f1-f1``; the
    roster's is made from the game system and the name, the same each time."""
    found = roster_from_data(
        doc(
            forces=[
                {
                    "entry_id": "fe",
                    "catalogue_id": "cat",
                    "selections": [
                        {"entry_id": "a"},
                        {"entry_id": "b", "selections": [{"entry_id": "c"}]},
                    ],
                    "forces": [{"entry_id": "fe2", "catalogue_id": "cat"}],
                }
            ]
        )
    )
    assert isinstance(found, BsRosterFile)
    assert found.system == "scrap-derby"
    (force,) = found.roster.forces
    assert [force.id, force.forces[0].id] == ["f1", "f1-f1"]
    assert [s.id for s in force.selections] == ["f1-s1", "f1-s2"]
    assert force.selections[1].selections[0].id == "f1-s2-s1"
    assert found.roster.id == made_roster_id("gs1", "Hogs")


def test_a_made_roster_id_has_battlescribes_shape() -> None:
    made = made_roster_id("gs1", "Hogs")
    assert made == made_roster_id("gs1", "Hogs") != made_roster_id("gs1", "Pigs")
    assert [len(part) for part in made.split("-")] == [4, 4, 4, 4]
    assert set(made) <= set("0123456789abcdef-")


def test_every_problem_is_told_with_its_key_path() -> None:
    """Four mistakes in four places, told at once; a typo gets "did you mean"."""
    raw = doc(
        cost_limits=[{"type_id": "pts", "value": -0.5}],
        forces=[
            {
                "entry_id": "fe",
                "catalogue_id": "cat",
                "selections": [
                    {"entry_id": "a", "number": 0},
                    {"entry_id": "b", "selections": [{"entry_id": "c", "nmae": "x"}]},
                    {"entry_id": "d", "type": "weapon"},
                ],
            }
        ],
    )
    assert told(raw) == [
        "cost_limits[1].value: must be -1 (no limit) or a number from 0, got -0.5",
        "forces[1].selections[1].number: must be a number from 1 to 1000000, got 0",
        "forces[1].selections[2].selections[1].nmae: unknown key; did you mean 'name' or 'number'?",
        "forces[1].selections[3].type: expected 'unit', 'model' or 'upgrade', got 'weapon'",
    ]


@pytest.mark.parametrize(
    ("value", "message"),
    [
        (1_000_001, "must be a number from 1 to 1000000, got 1000001"),
        ("2", "expected a whole number, got '2'; remove the quotes: 2"),
        (True, "expected a whole number, got true"),
        (1.5, "expected a whole number, got 1.5"),
    ],
)
def test_a_number_must_be_a_whole_number_in_range(value: object, message: str) -> None:
    raw = doc(forces=[{"entry_id": "fe", "catalogue_id": "c", "selections": [{"entry_id": "a"}]}])
    raw["forces"][0]["selections"][0]["number"] = value
    assert told(raw) == [f"forces[1].selections[1].number: {message}"]


def test_required_keys_are_told() -> None:
    assert told({"format": FORMAT, "forces": [{"entry_id": "fe"}]}) == [
        "system: required but missing; add system = ...",
        "name: required but missing; add name = ...",
        "game_system_id: required but missing; add game_system_id = ...",
        "forces[1].catalogue_id: required but missing; add catalogue_id = ...",
    ]


def test_two_forces_or_selections_with_one_id_are_told() -> None:
    """An id given by hand may be the one warband would make for another place."""
    raw = doc(
        forces=[
            {"entry_id": "fe", "catalogue_id": "c", "selections": [{"entry_id": "a", "id": "f1"}]}
        ]
    )
    assert told(raw) == [
        "forces[1].selections[1].id: the id 'f1' is also the id of forces[1]; give each "
        "force and selection its own id (or leave it out: warband makes one)"
    ]


def test_a_second_limit_of_one_cost_type_is_told() -> None:
    raw = doc(cost_limits=[{"type_id": "pts", "value": 50}, {"type_id": "pts", "value": 75}])
    assert told(raw) == [
        "cost_limits[2].type_id: a second limit of cost type 'pts'; keep one limit per cost type"
    ]


def test_nesting_past_the_bounds_is_refused_once() -> None:
    """``MAX_SELECTION_DEPTH`` levels of selections and ``MAX_FORCE_DEPTH`` of forces read;
    one more is told where it starts."""

    def selections(levels: int) -> dict[str, Any]:
        table: dict[str, Any] = {"entry_id": "e"}
        for _ in range(levels - 1):
            table = {"entry_id": "e", "selections": [table]}
        return table

    def forces(levels: int) -> dict[str, Any]:
        table: dict[str, Any] = {"entry_id": "fe", "catalogue_id": "c"}
        for _ in range(levels - 1):
            table = {"entry_id": "fe", "catalogue_id": "c", "forces": [table]}
        return table

    deepest = doc(forces=[{**forces(MAX_FORCE_DEPTH), "selections": [selections(20)]}])
    assert isinstance(roster_from_data(deepest), BsRosterFile)
    over = told(doc(forces=[{**forces(1), "selections": [selections(MAX_SELECTION_DEPTH + 1)]}]))
    path = "forces[1]" + ".selections[1]" * MAX_SELECTION_DEPTH
    assert over == [
        f"{path}.selections: selections nest more than {MAX_SELECTION_DEPTH} deep here; "
        "a unit's selections go a few levels deep"
    ]
    over = told(doc(forces=[forces(MAX_FORCE_DEPTH + 1)]))
    assert over == [
        "forces[1]" + ".forces[1]" * MAX_FORCE_DEPTH + f": forces nest more than "
        f"{MAX_FORCE_DEPTH} deep here; a force holds forces a level or two deep"
    ]


@pytest.mark.parametrize(
    ("raw", "title", "problem"),
    [
        (
            {},
            "list.toml is not a warband roster",
            Problem(
                "the file is empty",
                "list.toml",
                hint='a roster starts with format = "warband.bsroster/1"',
            ),
        ),
        (
            {"name": "x"},
            "list.toml is not a warband roster",
            Problem(
                "required but missing",
                "list.toml",
                ("format",),
                hint='add format = "warband.bsroster/1" as the first line',
            ),
        ),
        (
            {"format": "warband.bsroster/2"},
            "list.toml was saved by a newer warband",
            Problem(
                "warband.bsroster/2 is newer than this warband reads (warband.bsroster/1)",
                "list.toml",
                ("format",),
                hint="update warband to open it; the file is unchanged",
            ),
        ),
        (
            {"format": "warband.roster/1"},
            "list.toml is not a roster of a BattleScribe game system",
            Problem(
                "'warband.roster/1' is not a BattleScribe roster format",
                "list.toml",
                ("format",),
                hint="it is a roster of one of warband's own catalogs; open it as such",
            ),
        ),
        (
            {"format": 7},
            "list.toml is not a roster of a BattleScribe game system",
            Problem(
                "7 is not a BattleScribe roster format",
                "list.toml",
                ("format",),
                hint='a roster of a BattleScribe game system has format = "warband.bsroster/1"',
            ),
        ),
    ],
)
def test_a_foreign_or_newer_format_is_refused_alone(
    raw: dict[str, Any], title: str, problem: Problem
) -> None:
    """Nothing else is checked in a document of another format: it would be misread."""
    refused = check_format(raw, "list.toml")
    assert refused is not None
    assert (refused.title, refused.problem) == (title, problem)
    assert roster_from_data(raw, "list.toml") == [problem]


def test_each_force_and_selection_has_a_key_path_for_findings() -> None:
    """The engine tells findings by selection id; the file reader tells lines by key
    path. The goggles are the first selection of the driver, the second selection of
    the war rig, the first selection of the first force."""
    paths = key_paths(EXPECTED)
    assert paths["s004-aaaa-bbbb-0004"] == (
        "forces", 1, "selections", 1, "selections", 2, "selections", 1
    )  # fmt: skip
    assert paths["f9b0-22bb-4d4d-8f02"] == ("forces", 1, "forces", 1)
    assert paths["s006-aaaa-bbbb-0006"] == ("forces", 1, "forces", 1, "selections", 1)
    assert len(paths) == 8  # 2 forces and 6 selections
