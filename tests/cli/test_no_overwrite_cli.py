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


@pytest.mark.parametrize(
    "command",
    [
        ("new", "punkapocalyptic", "gangers"),
        ("export", GANGERS, "--format", "markdown"),
        ("import", "CODE"),
        ("battle", "new", GANGERS, GANGERS),
    ],
    ids=["new", "export", "import-code", "battle-new"],
)
def test_a_link_to_nothing_is_refused_and_nothing_written_where_it_points(
    tmp_path: Path, command: tuple[str | Path, ...]
) -> None:
    """A dangling link at the output's name: a save through it would write a file
    wherever it points (elsewhere on the disk), so it is refused like a file."""
    pointed = tmp_path / "elsewhere" / "target.toml"
    pointed.parent.mkdir()
    link = tmp_path / "mine.toml"
    link.symlink_to(pointed)
    argv = tuple(share_code() if a == "CODE" else a for a in command)
    code, out, err = run(*argv, "-o", link)
    assert (code, out) == (2, "")
    assert err == (
        f"{link} already exists\n  {link}: not overwritten: it is a link (to {pointed}), and "
        "writing would follow it; pass --force to replace it\n"
    )
    assert not pointed.exists() and link.is_symlink()
    assert run(*argv, "-o", link, "--force")[0] == 0  # told to: written where it points
    assert pointed.is_file()


def test_card_save_replaces_a_different_card_of_the_id_only_with_force(tmp_path: Path) -> None:
    from saves.house_file import house_path, read_house
    from tests.saves.test_cards import TEXT

    user = tmp_path / "user"
    mine = tmp_path / "brass.toml"
    mine.write_text(TEXT.replace("designer-mini", "steam-wars"))
    save = ("--catalog-dir", user, "card", mine, "rifle-section", "--save")
    assert run(*save)[0] == 0
    assert run(*save)[0] == 0  # the same card again: nothing to ask
    house = house_path(user, "steam-wars")
    kept = house.read_bytes()
    assert not house.with_name("house.toml.bak").exists()
    other = tmp_path / "other.toml"
    other.write_text(mine.read_text().replace('name = "Rifle Section"', 'name = "Pike Section"'))
    code, out, err = run("--catalog-dir", user, "card", other, "rifle-section", "--save")
    assert (code, out) == (2, "")
    assert err == (
        f"{house} already holds a card 'rifle-section'\n"
        f"  {house}: cards.rifle-section: 'Rifle Section' is kept there under the id "
        "'rifle-section'; 'Pike Section' was not saved over it; pass --force to replace it "
        "(the file is kept as house.toml.bak)\n"
    )
    assert house.read_bytes() == kept
    code, out, _ = run("--catalog-dir", user, "card", other, "rifle-section", "--save", "--force")
    assert code == 0
    assert read_house(house).cards["rifle-section"].name == "Pike Section"
    assert house.with_name("house.toml.bak").read_bytes() == kept
