"""The README's "A BattleScribe game at the table" section is a transcript that must stay
true: each ``$ warband ...`` line is run as written, in a folder holding the shared
Gaslands data in ``games/``, its output compared with the README's (``...`` standing for
any lines), and the choices file it shows is the one written, its ``toml`` block added
to it as the README tells a player to, before the commands after it run.
"""

from __future__ import annotations

import io
import re
import shlex
from pathlib import Path

import pytest

from tests.catalogs.test_bsdata_loading import copy_system
from tests.cli.test_readme_bsdata import _matches
from tui.cli import main

README = Path(__file__).resolve().parents[2] / "README.md"


def _section() -> str:
    text = README.read_text()
    start = text.index("## A BattleScribe game at the table")
    return text[start : text.index("\n## ", start + 1)]


def _blocks() -> list[tuple[str, str]]:
    """The section's ``console`` and ``toml`` blocks, in order."""
    return re.findall(r"```(console|toml)\n(.*?)```", _section(), re.DOTALL)


def test_the_section_shows_a_battle_started_and_shown() -> None:
    commands = [line for kind, body in _blocks() if kind == "console" for line in body.splitlines()]
    assert any("battle new ann.toml bob.toml" in c for c in commands)
    assert any(c.startswith("$ warband battle show") for c in commands)
    assert [kind for kind, _ in _blocks()] == ["console", "toml", "console"]


def test_every_command_prints_what_the_readme_says(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    copy_system("gaslands", tmp_path / "games")
    monkeypatch.chdir(tmp_path)
    for kind, body in _blocks():
        if kind == "toml":  # the player's counter, added to the game's choices
            choices = tmp_path / "config" / "games" / "gaslands.toml"
            assert choices.read_text().startswith('format = "warband.game/1"\n')
            choices.write_text(choices.read_text() + "\n" + body)
            continue
        steps: list[tuple[str, list[str]]] = []
        for line in body.splitlines():
            if line.startswith("$ "):
                steps.append((line[2:], []))
            else:
                steps[-1][1].append(line)
        for command, expected in steps:
            argv = shlex.split(command)
            assert argv[0] == "warband"
            out, err = io.StringIO(), io.StringIO()
            code = main(argv[1:], out=out, err=err)
            got = out.getvalue().rstrip("\n").splitlines()
            assert (code, err.getvalue()) == (0, ""), command
            assert _matches(expected, got), (command, got)
    battle = (tmp_path / "final.toml").read_text()
    assert 'id = "hazard"' in battle  # the counter travels in the battle file
