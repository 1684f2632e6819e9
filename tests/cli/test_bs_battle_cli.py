"""``warband battle new``, ``show`` and ``report`` on two Gaslands teams over BattleScribe
data, and the players' choices file in the config folder.

Figures by hand from Gaslands.gst (``tests/bs_teams.py``): Ann's Car has Hull Points 10
and a Machine Gun (Range Double, Attack 2D6), her Buggy Hull Points 6; Bob's Truck 12.

History: issue 34.
"""

from __future__ import annotations

import json
import tomllib
from pathlib import Path

import pytest

from model.battle.events import EndTurn, Note, Score, SetCounter, Wound
from saves.battle_file import write_battle
from saves.battle_read import read_battle
from tests.bs_teams import cli, gaslands_teams


@pytest.fixture
def teams(tmp_path: Path) -> tuple[Path, Path, Path]:
    return gaslands_teams(tmp_path)


def new(tmp_path: Path, folder: Path, *lists: Path | str) -> tuple[int, str, str]:
    return cli(
        "--catalog-dir", folder, "--config-dir", tmp_path / "config",
        "battle", "new", *lists, "--players", "Ann", "Bob", "--seed", "7",
        "-o", tmp_path / "battle.toml",
    )  # fmt: skip


def test_a_battle_of_two_gaslands_teams_names_each_car_with_its_hull(
    tmp_path: Path, teams: tuple[Path, Path, Path]
) -> None:
    folder, ann, bob = teams
    code, out, err = new(tmp_path, folder, ann, bob)
    choices = tmp_path / "config" / "games" / "gaslands.toml"
    battle = tmp_path / "battle.toml"
    assert (code, err) == (0, "")
    assert out == (
        "Gaslands: damage counts against Hull Points (proposed from its name); change it, "
        f"or add counters and phases, in {choices}\n"
        f"wrote {battle}: Ann (Gaslands: Ann's Team) against Bob (Gaslands: Bob's Team)\n"
        "Gaslands, 6 rounds, damage against Hull Points; dice seed 7\n"
        f"resume it with: warband battle resume {battle}\n"
    )
    assert tomllib.loads(choices.read_text())["damage"] == "Hull Points"
    doc = tomllib.loads(battle.read_text())
    assert doc["format"] == "warband.battle/3"
    assert doc["choices"] == {"damage": "Hull Points"}
    assert doc["sides"][0]["roster"]["name"] == "Ann's Team"
    code, out, _ = cli("battle", "show", "--json", battle)
    data = json.loads(out)
    cars = [
        (m["id"], m["label"], m["damage"], m["wounds_max"], m["profiles"][0]["type"])
        for side in data["sides"]
        for m in side["models"]
    ]
    assert cars == [
        ("A1", "Car", "Hull Points", 10, "Vehicle"),
        ("A2", "Buggy", "Hull Points", 6, "Vehicle"),
        ("B1", "Truck", "Hull Points", 12, "Vehicle"),
    ]
    gun = data["sides"][0]["models"][0]["profiles"][1]
    assert (gun["name"], gun["owner"], gun["characteristics"]["Attack"]) == (
        "Machine Gun",
        "Machine Gun",
        "2D6",
    )


def test_show_and_report_after_a_round(tmp_path: Path, teams: tuple[Path, Path, Path]) -> None:
    folder, ann, bob = teams
    (tmp_path / "config" / "games").mkdir(parents=True)
    (tmp_path / "config" / "games" / "gaslands.toml").write_text(
        'format = "warband.game/1"\nsystem = "gaslands"\ndamage = "Hull Points"\n'
        'rounds = 4\n\n[[counters]]\nid = "hazard"\nname = "Hazard tokens"\n'
        'short = "Haz"\nmax = 6\n'
    )
    assert new(tmp_path, folder, ann, bob)[0] == 0
    path = tmp_path / "battle.toml"
    battle = read_battle(path)
    for event in (
        Wound(kind="wound", model="A2", amount=6),
        SetCounter(kind="counter", target="B1", counter="hazard", value=2),
        Score(kind="score", side=1, points=1),
        Note(kind="note", text="the Buggy is a wreck"),
        EndTurn(kind="end-turn"),
    ):
        battle = battle.record(event)
        write_battle(path, battle)
    code, out, err = cli("battle", "show", path)
    assert (code, err) == (0, "")
    assert out == (
        "Gaslands battle (catalog revision 25)\n"
        "Round 2 of 4: either side to act: A1, B1\n"
        "5 events, 0 undone; dice seed 7\n"
        "\n"
        "A: Ann (Gaslands: Ann's Team)\n"
        "  0 victory points, 1 of 2 models standing\n"
        "  A1  Car    Hull Points 0/10\n"
        "  A2  Buggy  Hull Points 6/6  OUT\n"
        "\n"
        "B: Bob (Gaslands: Bob's Team)\n"
        "  1 victory point, 1 of 1 model standing\n"
        "  B1  Truck  Hull Points 0/12  Hazard tokens 2\n"
    )
    code, out, _ = cli("battle", "report", path)
    assert code == 0
    assert "| A | Ann | 1/2 | 1 | 0 |" in out
    assert "| B | Bob | 1/1 | 0 | 1 |" in out
    assert "## Models lost\n\n- Round 1: A2 Buggy\n" in out
    assert "- Round 1: the Buggy is a wreck" in out


def test_a_ros_file_is_a_list_too(tmp_path: Path, teams: tuple[Path, Path, Path]) -> None:
    folder, ann, bob = teams
    ros = tmp_path / "bob.ros"
    assert cli("--catalog-dir", folder, "export", bob, "--format", "ros", "-o", ros)[0] == 0
    code, _, err = new(tmp_path, folder, ann, ros)
    assert (code, err) == (0, "")
    labels = [m.label for s in read_battle(tmp_path / "battle.toml").setup.sides for m in s.models]
    assert labels == ["Car", "Buggy", "Truck"]


def test_a_list_of_our_own_and_one_of_battlescribe_data_are_not_mixed(
    tmp_path: Path, teams: tuple[Path, Path, Path]
) -> None:
    folder, ann, _ = teams
    ours = Path(__file__).parents[1] / "fixtures" / "rosters" / "gangers" / "legal-500.toml"
    code, out, err = new(tmp_path, folder, ann, ours)
    assert (code, out) == (2, "")
    assert err == (
        "cannot start the battle: one list is of warband's own catalogs, the other of "
        "BattleScribe data\n"
        f"  {ann}: a list over BattleScribe data; a battle is between two lists of one game: "
        "build both lists over the same data (warband new, or the app's New list)\n"
        f"  {ours}: a list of warband's own catalogs; a battle is between two lists of one "
        "game: build both lists over the same data (warband new, or the app's New list)\n"
    )
    assert not (tmp_path / "battle.toml").exists()


def test_a_broken_choices_file_is_explained_with_its_line(
    tmp_path: Path, teams: tuple[Path, Path, Path]
) -> None:
    folder, ann, bob = teams
    games = tmp_path / "config" / "games"
    games.mkdir(parents=True)
    (games / "gaslands.toml").write_text(
        'format = "warband.game/1"\nsystem = "gaslands"\ndamage = "Hull Points"\nrounds = 0\n'
    )
    code, out, err = new(tmp_path, folder, ann, bob)
    assert (code, out) == (2, "")
    assert err.splitlines()[0] == f"{games / 'gaslands.toml'} has choices warband cannot use"
    assert err.splitlines()[1].startswith(f"  {games / 'gaslands.toml'}:4: rounds: ")
    assert not (tmp_path / "battle.toml").exists()
