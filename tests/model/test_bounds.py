"""Every number a file can carry has a range in the schema (``model.core.bounds``), and a
number outside it is told with the file's key path and the whole range; nothing does
work proportional to a number a file names."""

from __future__ import annotations

from typing import Any

import pytest
from pydantic import TypeAdapter, ValidationError

from model.battle.battle import new_battle
from model.battle.events import Event
from model.battle.setup import BattleSetup
from model.catalog.files import FactionFile, HouseFile, SystemFile
from model.catalog.tracker_rolls import TableSpec
from model.catalog.units import Unit
from model.core.bounds import MAX_ITEMS, MAX_LIST_MODELS, MAX_MODELS
from model.parse.schema_errors import digit_count, number_text, problems_from
from model.roster.roster import Roster
from model.roster.validate import validate
from tests.helpers import bundled, entry, roster


def unbounded(schema: Any, path: str = "") -> list[str]:
    """The places in a JSON schema where a number may be as large or small as it likes."""
    found: list[str] = []
    if isinstance(schema, dict):
        if schema.get("type") in ("integer", "number") and "enum" not in schema:
            low = "minimum" in schema or "exclusiveMinimum" in schema
            high = "maximum" in schema or "exclusiveMaximum" in schema
            if not (low and high):
                found.append(path)
        for key, value in schema.items():
            found += unbounded(value, f"{path}/{key}")
    elif isinstance(schema, list):
        for n, value in enumerate(schema):
            found += unbounded(value, f"{path}/{n}")
    return found


@pytest.mark.parametrize(
    "schema",
    [Roster, SystemFile | FactionFile | HouseFile, Event, BattleSetup],
    ids=["roster", "catalog", "event", "battle setup"],
)
def test_every_number_a_file_can_carry_has_a_range(schema: Any) -> None:
    assert unbounded(TypeAdapter(schema).json_schema()) == []


def told(data: dict[str, Any]) -> list[str]:
    """What reading this roster data says, problem by problem, as ``roster.toml``."""
    with pytest.raises(ValidationError) as caught:
        Roster.model_validate(data)
    return [str(p) for p in problems_from(caught.value, data, Roster, "roster.toml")]


LIST: dict[str, Any] = {
    "system": "punkapocalyptic",
    "faction": "gangers",
    "name": "Rust Rats",
    "points_limit": 500,
}


class TestMessages:
    def test_a_huge_models_count_names_the_key_and_the_range(self) -> None:
        data = {**LIST, "units": [{"unit": "ganger", "models": 10**20}]}
        assert told(data) == [
            "roster.toml: units[1].models: must be a number from 1 to 200, "
            "got 100000000000000000000"
        ]

    def test_a_400_digit_limit_is_told_by_its_length(self) -> None:
        assert told({**LIST, "points_limit": 10**400}) == [
            "roster.toml: points_limit: must be a number from 1 to 100000, got a 401-digit number"
        ]

    def test_a_4300_digit_item_count(self) -> None:
        data = {**LIST, "units": [{"unit": "chief", "items": {"bullet": -(10**4299)}}]}
        assert told(data) == [
            "roster.toml: units[1].items.bullet: must be a number from 1 to 1000, "
            "got a 4,300-digit negative number"
        ]

    def test_the_low_end_of_a_range_says_the_whole_range_too(self) -> None:
        assert told({**LIST, "points_limit": 0}) == [
            "roster.toml: points_limit: must be a number from 1 to 100000, got 0"
        ]

    def test_a_whole_list_of_full_entries_is_refused_by_its_total(self) -> None:
        units = [{"unit": "addler", "models": MAX_MODELS}] * 6
        assert told({**LIST, "units": units}) == [
            f"roster.toml: units: 1200 models in all; a list has at most {MAX_LIST_MODELS}: "
            "remove entries or models"
        ]

    def test_entries_naming_a_large_card_are_counted_by_the_card(self) -> None:
        card = {"name": "Horde", "models": [{"count": 200}]}
        units = [{"unit": "horde"}] * 6
        assert told({**LIST, "cards": {"horde": card}, "units": units}) == [
            "roster.toml: the entries and their cards come to 1200 models in all; a list has "
            "at most 1000: remove entries or models"
        ]

    def test_a_card_of_many_groups_is_refused_by_its_total(self) -> None:
        card = {"name": "Horde", "models": [{"count": 150}, {"count": 100}]}
        assert told({**LIST, "cards": {"horde": card}}) == [
            "roster.toml: cards.horde.models: 250 models in all; a card has at most 200: "
            "lower the groups' counts"
        ]


class TestCatalogMessages:
    def test_a_stat_out_of_range_is_told_once_not_per_kind_of_stat(self) -> None:
        """A stat is a number or "-": a number out of range is not also "not '-'"."""
        data = {"name": "Chief", "cost": 70, "stats": {"A": 3_000_000}}
        with pytest.raises(ValidationError) as caught:
            Unit.model_validate(data)
        assert [str(p) for p in problems_from(caught.value, data, Unit, "gangers.toml")] == [
            "gangers.toml: stats.A: must be a number from -1000 to 1000, got 3000000"
        ]

    def test_a_table_rolls_a_bounded_number_of_dice(self) -> None:
        data = {"id": "falls", "name": "Falls", "dice": "999999d6", "rows": []}
        with pytest.raises(ValidationError) as caught:
            TableSpec.model_validate(data)
        assert [str(p) for p in problems_from(caught.value, data, TableSpec, "system.toml")] == [
            "system.toml: dice: '999999d6' is not dice; write dice like d6, 2d6 or d10+1: "
            "at most 99 dice of at most 999 sides"
        ]


@pytest.mark.parametrize(
    ("value", "text"),
    [
        (0, "0"),
        (-7, "-7"),
        (10**24 - 1, "999999999999999999999999"),
        (10**24, "a 25-digit number"),
        (-(10**24), "a 25-digit negative number"),
        (10**5000, "a 5,001-digit number"),
    ],
    ids=lambda v: v if isinstance(v, str) else "",  # pytest cannot name a 5,000-digit number
)
def test_numbers_in_messages_are_short(value: int, text: str) -> None:
    assert number_text(value) == text


@pytest.mark.parametrize(
    "n", [1, 9, 10, 99, 100, 2**64, 10**400 - 1, 10**400], ids=lambda n: f"{n.bit_length()}-bit"
)
def test_digit_count_without_writing_the_number(n: int) -> None:
    assert digit_count(n) == len(str(n))


class TestNoWorkPerNumber:
    def test_a_pack_too_big_to_split_by_hand_is_told_by_size(self) -> None:
        mutards = bundled().view("mutards")
        report = validate(mutards, roster(mutards, entry("bobblehead"), entry("addler", 200)))
        (size,) = [f.message for f in report.findings if f.code == "unit-size"]
        assert size == (
            "Addler (unit 2) has 200 models; an Addler entry has 2 to 5: set models to 5, "
            "or split it into 40 entries of 5"
        )
        report = validate(mutards, roster(mutards, entry("bobblehead"), entry("addler", 34)))
        (size,) = [f.message for f in report.findings if f.code == "unit-size"]
        assert size.endswith("or split it into 7 entries: 6 of 5 and 1 of 4")

    def test_a_pack_split_in_few_entries_names_each(self) -> None:
        mutards = bundled().view("mutards")
        report = validate(mutards, roster(mutards, entry("bobblehead"), entry("addler", 6)))
        (size,) = [f.message for f in report.findings if f.code == "unit-size"]
        assert size.endswith("or split it into 2 entries of 3 and 3")

    def test_items_no_counter_applies_to_are_not_listed_copy_by_copy(self) -> None:
        catalog = bundled()
        gangers = catalog.view("gangers")

        def setup(bullets: int) -> BattleSetup:
            chief = roster(gangers, entry("chief", automatic_rifle=1, bullet=bullets))
            return new_battle(catalog, [("A", chief, gangers), ("B", chief, gangers)]).setup

        few, many = setup(3), setup(MAX_ITEMS)
        assert len(many.counter_instances()) == len(few.counter_instances())
        chief = many.sides[0].models[0]
        assert many.counter_targets(chief) == ("A1", "A1/automatic-rifle")

    def test_an_item_copy_is_read_from_its_target(self) -> None:
        catalog = bundled()
        gangers = catalog.view("gangers")
        chief = roster(gangers, entry("chief", automatic_rifle=1, bullet=MAX_ITEMS))
        setup = new_battle(catalog, [("A", chief, gangers), ("B", chief, gangers)]).setup
        model = setup.sides[0].models[0]
        found = {
            target: setup.item_of(model, target)
            for target in (
                "A1/automatic-rifle",
                "A1/automatic-rifle#1",
                "A1/bullet#1000",
                "A1/bullet#1001",
                "A1/bullet#01",
                "A1/bullet",
                "A2/bullet#1",
            )
        }
        assert {t: i.id if i else None for t, i in found.items()} == {
            "A1/automatic-rifle": "automatic-rifle",
            "A1/automatic-rifle#1": None,
            "A1/bullet#1000": "bullet",
            "A1/bullet#1001": None,
            "A1/bullet#01": None,
            "A1/bullet": None,
            "A2/bullet#1": None,
        }


def test_a_turn_limit_or_seed_out_of_range_starts_no_battle() -> None:
    catalog = bundled()
    gangers = catalog.view("gangers")
    band = roster(gangers, entry("chief"))
    with pytest.raises(ValueError, match=r"^turn_limit: must be a number from 1 to 1000000, "):
        new_battle(catalog, [("A", band, gangers), ("B", band, gangers)], turn_limit=10**7)
    with pytest.raises(ValueError, match=r"^seed: must be a number from -9223372036854775808 "):
        new_battle(catalog, [("A", band, gangers), ("B", band, gangers)], seed=2**64)


def test_an_edit_that_a_file_could_not_hold_is_named() -> None:
    """Copies skip validation; ``beyond_limits`` says what the file would refuse."""
    from model.core.bounds import MAX_ENTRIES

    view = bundled().view("gangers")
    full = roster(view, *(entry("ganger") for _ in range(MAX_ENTRIES)))
    assert full.beyond_limits() is None
    assert full.duplicate_unit(0).beyond_limits() == "a list has at most 1,000 entries"
    packs = roster(view, *(entry("ganger", models=MAX_MODELS) for _ in range(5)))
    assert packs.beyond_limits() is None
    assert packs.with_unit(entry("ganger")).beyond_limits() == (
        f"a list has at most {MAX_LIST_MODELS:,} models; this would make 1,001"
    )
    one = roster(view, entry("ganger"))
    assert one.replace_unit(0, one.units[0].with_item("bullet", MAX_ITEMS)).beyond_limits() is None
    assert one.replace_unit(0, one.units[0].with_item("bullet", MAX_ITEMS + 1)).beyond_limits() == (
        "an entry has at most 1,000 of an item"
    )
