"""The command line never writes over a file unless told ``--force``.

Each command that writes a file given by ``-o`` is pointed at a file that is already
there: it must refuse (exit 2, the reason and the way out on stderr) and leave the file
byte for byte as it was; with ``--force`` it replaces it.
"""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from saves.roster_file import read_roster
from tests.conftest import FIXTURES
from tui.cli import main

GANGERS = FIXTURES / "rosters" / "gangers" / "legal-500.toml"
MINE = b'format = "warband.roster/1"\n# somebody\'s own file, not to be lost\n'


def run(*argv: str | Path) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = main([str(a) for a in argv], out=out, err=err)
    return code, out.getvalue(), err.getvalue()


def share_code() -> str:
    code, printed, _ = run("export", GANGERS, "--format", "code")
    assert code == 0
    return printed.strip()


@pytest.mark.parametrize(
    "command",
    [
        ("new", "punkapocalyptic", "gangers"),
        ("export", GANGERS, "--format", "markdown"),
        ("import", "CODE"),
    ],
    ids=["new", "export", "import-code"],
)
def test_an_existing_output_is_refused_and_left_as_it_was(
    tmp_path: Path, command: tuple[str | Path, ...]
) -> None:
    target = tmp_path / "mine.toml"
    target.write_bytes(MINE)
    argv = tuple(share_code() if a == "CODE" else a for a in command)
    code, out, err = run(*argv, "-o", target)
    assert (code, out) == (2, "")
    assert (
        err == f"{target} already exists\n  {target}: not overwritten; pass --force to replace it\n"
    )
    assert target.read_bytes() == MINE
    code, _, _ = run(*argv, "-o", target, "--force")
    assert code == 0
    assert target.read_bytes() != MINE


def test_import_with_force_writes_the_list_of_the_code(tmp_path: Path) -> None:
    target = tmp_path / "mine.toml"
    target.write_bytes(MINE)
    assert run("import", share_code(), "-o", target, "--force")[0] == 0
    assert read_roster(target)[0] == read_roster(GANGERS)[0]
