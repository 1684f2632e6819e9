"""The battle file's setup keys come from one definition (issue 36 item 4).

``model.battle.setup.SetupHead`` (the game, scenario, seed, tracker rules ...) and
``model.battle.forces.SideHead`` (a side's player, faction and list) are the only places
those keys are spelt: ``saves.battle_toml`` writes them and ``saves.battle_document`` reads
them from those fields. These tests name no field: they walk the definition, so a field
added there is checked here with no line of test added, and fails here if the file does
not carry it both ways (``DEVELOPMENT.md``: a new field in the battle file).
"""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

import pytest

from model.battle.battle import Battle
from model.battle.forces import SideHead
from model.battle.setup import BattleSetup, SetupHead
from model.core.base import field_values
from saves.battle_document import BattleDocument
from saves.battle_file import battle_to_toml, write_battle
from saves.battle_read import read_battle
from saves.battle_toml import plain
from tests.bs_teams import gaslands_battle
from tests.saves.test_battle_file import fresh_battle


@pytest.fixture(scope="module")
def battles(tmp_path_factory: pytest.TempPathFactory) -> tuple[Battle, ...]:
    """A battle over our own lists, with a scenario, and one over BattleScribe lists,
    with the players' choices: between them every field of the setup holds a value."""
    return (
        fresh_battle(scenario="The bridge", turn_limit=7, seed=99),
        gaslands_battle(tmp_path_factory.mktemp("gaslands"), turn_limit=5),
    )


def written(battle: Battle, path: Path) -> tuple[dict[str, Any], Battle]:
    """The battle's file as TOML data, and the battle read back from it."""
    write_battle(path, battle)
    return tomllib.loads(path.read_text(encoding="utf-8")), read_battle(path)


def test_every_field_of_the_setup_is_written_and_reads_back_equal(
    battles: tuple[Battle, ...], tmp_path: Path
) -> None:
    carried: set[str] = set()
    for n, battle in enumerate(battles):
        data, again = written(battle, tmp_path / f"{n}.battle.toml")
        setup = battle.setup
        for name, value in field_values(setup, SetupHead).items():
            if value is None:
                assert name not in data, name  # None is not written
                continue
            carried.add(name)
            assert data[name] == plain(value), name
            assert getattr(again.setup, name) == value, name
        pairs = zip(setup.sides, data["sides"], again.setup.sides, strict=True)
        for side, table, side_again in pairs:
            for name, value in field_values(side, SideHead).items():
                carried.add(f"sides.{name}")
                assert table[name] == plain(value), name
                assert getattr(side_again, name) == value, name
        assert again == battle
    expected = {*SetupHead.model_fields, *(f"sides.{n}" for n in SideHead.model_fields)}
    assert carried == expected, (
        f"no test battle holds a value for {sorted(expected - carried)}: give one in "
        "the battles fixture here"
    )


def test_the_setup_is_its_head_and_its_sides_and_the_file_its_head_and_its_lists() -> None:
    """Nothing of the setup is declared twice: the setup adds only its sides to the head,
    the file only its sides' tables, models and log, a side only its models."""
    head = list(SetupHead.model_fields)
    assert list(BattleSetup.model_fields) == [*head, "sides"]
    assert list(BattleDocument.model_fields) == [*head, "sides", "models", "events", "undone"]
    assert BattleDocument.model_fields["sides"].annotation == tuple[SideHead, ...]


def test_the_head_is_written_in_the_definitions_order(
    battles: tuple[Battle, ...],
) -> None:
    """Plain values first, in the fields' order, then the sides and models, then each
    table under its field's description."""
    text = battle_to_toml(battles[1])
    keys = [line.split(" = ")[0] for line in text.split("\n\n")[0].splitlines()]
    plain_fields = [
        name
        for name, value in field_values(battles[1].setup, SetupHead).items()
        if not isinstance(plain(value), dict)
    ]
    assert keys == ["format", *plain_fields]
    tables = [name for name in SetupHead.model_fields if name not in plain_fields]
    starts = [text.index(f"\n[{name}]\n") for name in tables]
    assert starts == sorted(starts) and min(starts) > text.index("\n[[models]]\n")
    described = SetupHead.model_fields["choices"].description
    assert f"\n# {described}\n\n[choices]\n" in text
