"""The README's "BattleScribe data" section is a transcript that must stay true: each
``$ warband ...`` line is run as written (in a folder holding the shared Gaslands and
Zone Raiders data in ``games/``) and its output compared line by line with the README's,
where a line ``...`` stands for any lines. The one shell line (``cmp a b && echo
identical``) is done in Python.
"""

from __future__ import annotations

import filecmp
import io
import re
import shlex
from pathlib import Path

import pytest

from tests.catalogs.test_bsdata_loading import copy_system
from tui.cli import main

README = Path(__file__).resolve().parents[2] / "README.md"


def _section() -> str:
    text = README.read_text()
    start = text.index("## BattleScribe data")
    return text[start : text.index("\n## ", start + 1)]


def _transcript() -> list[tuple[str, list[str]]]:
    """Each command of the section's console blocks with the lines printed after it."""
    steps: list[tuple[str, list[str]]] = []
    for block in re.findall(r"```console\n(.*?)```", _section(), re.DOTALL):
        for line in block.splitlines():
            if line.startswith("$ "):
                steps.append((line[2:], []))
            else:
                steps[-1][1].append(line)
    return steps


def _matches(expected: list[str], got: list[str]) -> bool:
    """``got`` is ``expected`` with each ``...`` standing for any number of lines."""
    at = 0
    for k, line in enumerate(expected):
        if line.strip() == "...":
            continue
        if k and expected[k - 1].strip() == "...":
            while at < len(got) and got[at] != line:
                at += 1
        if at >= len(got) or got[at] != line:
            return False
        at += 1
    return at == len(got) or expected[-1].strip() == "..."


def test_the_matching_allows_lines_only_where_the_readme_elides_them() -> None:
    assert _matches(["a", "...", "d"], ["a", "b", "c", "d"])
    assert _matches(["a", "..."], ["a", "b"])
    assert not _matches(["a", "d"], ["a", "b", "d"])
    assert not _matches(["a", "...", "d"], ["a", "b"])


def test_the_transcript_has_the_commands_it_promises() -> None:
    commands = [c.split()[3] for c, _ in _transcript() if c.startswith("warband --catalog-dir")]
    for wanted in ("catalogs", "new", "add", "show", "validate", "export", "import"):
        assert wanted in commands


def test_every_command_prints_what_the_readme_says(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    for system in ("gaslands", "zone-raiders"):
        copy_system(system, tmp_path / "games")
    monkeypatch.chdir(tmp_path)
    for command, expected in _transcript():
        if command.startswith("cmp "):
            first, second = shlex.split(command)[1:3]
            assert filecmp.cmp(first, second, shallow=False), command
            assert expected == ["identical"]
            continue
        argv = shlex.split(command)
        assert argv[0] == "warband"
        out = io.StringIO()
        main(argv[1:], out=out, err=io.StringIO())
        got = out.getvalue().rstrip("\n").splitlines()
        assert _matches(expected, got), (command, got)
