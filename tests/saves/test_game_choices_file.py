"""A game's choices file in the config folder: written in full with what each choice does,
read back the same, and a broken one explained with its file, line and fix. History:
issue 34."""

from __future__ import annotations

from pathlib import Path

import pytest

from model.battle.game_choices import CounterChoice, GameChoices
from saves.game_choices_file import (
    GameChoicesError,
    choices_path,
    read_game_choices,
    write_game_choices,
)

CHOICES = GameChoices(
    damage="Hull Points",
    counters=(
        CounterChoice(id="hazard", name="Hazard tokens", short="Haz", max=6),
        CounterChoice(id="shaken", name="Shaken", short="Sh", kind="flag", clears="end-of-turn"),
    ),
    phases=("Movement", "Shooting"),
    rounds=4,
)


def test_the_choices_are_written_readably_and_read_back(tmp_path: Path) -> None:
    path = choices_path(tmp_path, "gaslands")
    assert path == tmp_path / "games" / "gaslands.toml"
    assert read_game_choices(path, "gaslands") is None  # none yet
    write_game_choices(path, "gaslands", CHOICES, ("Weight", "Hull Points"))
    text = path.read_text()
    assert text.startswith('format = "warband.game/1"\nsystem = "gaslands"\n')
    assert "# This game's characteristics: Weight, Hull Points.\n" in text
    assert 'damage = "Hull Points"\n' in text
    assert 'phases = ["Movement", "Shooting"]\n' in text
    assert read_game_choices(path, "gaslands") == CHOICES


@pytest.mark.parametrize(
    ("text", "title", "problem"),
    [
        (
            'format = "warband.game/2"\n',
            "is not a game's choices this warband reads",
            ":1: format: format is 'warband.game/2'",
        ),
        (
            'format = "warband.game/1"\nsystem = "zone-raiders"\n',
            "holds the choices of another game",
            ":2: system: system is 'zone-raiders', not 'gaslands'",
        ),
        (
            'format = "warband.game/1"\ndamage = "W"\nactivation = "squad"\n',
            "has choices warband cannot use",
            ":3: activation: ",
        ),
        ('format = "warband.game/1"\ndamage = \n', "", ":2"),
    ],
)
def test_a_broken_file_is_explained(tmp_path: Path, text: str, title: str, problem: str) -> None:
    path = choices_path(tmp_path, "gaslands")
    path.parent.mkdir(parents=True)
    path.write_text(text)
    with pytest.raises(GameChoicesError) as caught:
        read_game_choices(path, "gaslands")
    rendered = caught.value.render()
    assert title in rendered.splitlines()[0]
    assert f"{path}{problem}" in rendered


def test_a_huge_file_is_not_read(tmp_path: Path) -> None:
    path = choices_path(tmp_path, "gaslands")
    path.parent.mkdir(parents=True)
    path.write_text('format = "warband.game/1"\n' + "# x\n" * 20_000)
    with pytest.raises(GameChoicesError, match="too large to be a game's choices"):
        read_game_choices(path, "gaslands")
