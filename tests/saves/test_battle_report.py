"""The Markdown battle report: a paused and a finished battle, as golden files."""

from __future__ import annotations

import io
import os
from pathlib import Path

import pytest

from model.battle.battle import Battle
from model.battle.events import EndGame, Wound
from saves.battle_file import write_battle
from saves.battle_read import read_battle
from saves.battle_report import battle_report
from tests.conftest import FIXTURES
from tui.cli import main

BRIDGE = FIXTURES / "battles" / "bridge.toml"
GOLDEN = FIXTURES / "exports"


def finished() -> Battle:
    """The bridge battle, with a Ganger down and back up, B11 down, then ended."""
    battle = read_battle(BRIDGE)
    for event in (
        Wound(kind="wound", model="A5"),
        Wound(kind="wound", model="A5", amount=-1),
        Wound(kind="wound", model="B11"),
        EndGame(kind="end-game"),
    ):
        battle = battle.record(event)
    return battle


@pytest.mark.parametrize("name", ["bridge-paused", "bridge-ended"])
def test_golden_reports(name: str) -> None:
    battle = read_battle(BRIDGE) if name == "bridge-paused" else finished()
    text = battle_report(battle)
    golden = GOLDEN / f"{name}.report.md"
    if os.environ.get("WARBAND_UPDATE_GOLDEN"):
        golden.write_text(text, encoding="utf-8")
    assert text == golden.read_text(encoding="utf-8")


def test_what_the_report_states() -> None:
    text = battle_report(finished())
    assert "the game ended in turn 1 of 6" in text
    assert "| B | Bob | 17/19 | 2 |" in text  # B18 off the bridge, B11 downed
    assert "- Turn 1: B11 Mutard" in text
    assert "A5" not in text.split("## Models lost")[1].split("##")[0]  # back on its feet
    assert "## Rolls" in text and "## Notes" in text


def test_the_command_prints_or_writes_it(tmp_path: Path) -> None:
    path = tmp_path / "game.battle.toml"
    write_battle(path, finished())
    out = io.StringIO()
    assert main(["battle", "report", str(path)], out=out, err=io.StringIO()) == 0
    assert out.getvalue() == battle_report(finished())
    target = tmp_path / "report.md"
    out = io.StringIO()
    assert main(["battle", "report", str(path), "-o", str(target)], out=out) == 0
    assert target.read_text(encoding="utf-8") == battle_report(finished())
    err = io.StringIO()
    assert main(["battle", "report", str(path), "-o", str(target)], out=out, err=err) == 2
    assert "not overwritten" in err.getvalue()
