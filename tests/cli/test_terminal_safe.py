"""No text from a file, a share code or an argument drives the terminal it is printed on.

Every command below runs on lists, battles, codes and catalogs full of escape sequences
(as escapes, and raw where TOML lets a C1 character be raw), and no ESC, BEL, C1 or other
control character reaches stdout or stderr; JSON still parses and carries the cleaned
text.

History: a list name or note written in TOML as ``"\\u001b[2J"`` used to clear the screen
in ``warband validate``, a title sequence retitled the window, and JSON kept a raw C1 CSI
(U+009B), which a terminal obeys as it obeys ESC [.
"""

from __future__ import annotations

import io
import json
import os
import re
import shutil
from pathlib import Path

import pytest

from model.core.safe_text import terminal_safe
from model.roster.roster import Roster
from saves.roster_file import read_roster
from saves.share_code import decode, encode
from tests.conftest import FIXTURES, ROOT
from tests.helpers import entry
from tui.cli import main

HOSTILE = "\u001b]0;pwned\u0007\u001b[2J\u009b31m"
"""Retitle the window, ring the bell, clear the screen, then a raw C1 CSI."""
WRITTEN = HOSTILE.encode("unicode_escape").decode().replace("\\x", "\\u00")
"""The same as a TOML basic string writes it: \\u001b]0;pwned\\u0007..."""
CLEAN = "]0;pwned[2J31m"
CONTROL = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f]")

GANGERS = FIXTURES / "rosters" / "gangers" / "legal-500.toml"
MUTARDS = FIXTURES / "rosters" / "mutards" / "legal-500.toml"
TWO_MERCS = FIXTURES / "rosters" / "gangers" / "two-mercs.toml"
BRIDGE = FIXTURES / "battles" / "bridge.toml"
MARKDOWN = CLEAN.replace("]", "\\]").replace("[", "\\[")
"""The cleaned text in Markdown, which escapes its brackets."""
SHOWN = {
    "text": f"Rust {CLEAN}Rats: Gangers",
    "markdown": f"# Rust {MARKDOWN}Rats",
    "html": f"<h1>Rust {CLEAN}Rats</h1>",
}
"""The list's name as each export writes it."""


def run(*argv: str | Path) -> tuple[int, str, str]:
    """Run a command; whatever it prints holds no control character but \\t and \\n."""
    out, err = io.StringIO(), io.StringIO()
    code = main([str(a) for a in argv], out=out, err=err)
    for stream in (out.getvalue(), err.getvalue()):
        found = CONTROL.search(stream)
        assert found is None, f"{found.group()!r} in {stream!r}"
    return code, out.getvalue(), err.getvalue()


def test_the_texts_of_these_tests() -> None:
    assert WRITTEN == "\\u001b]0;pwned\\u0007\\u001b[2J\\u009b31m"
    assert terminal_safe(HOSTILE) == CLEAN


@pytest.fixture
def hostile_list(tmp_path: Path) -> Path:
    """The legal Gangers list with escapes in its name, notes, an entry's name and notes."""
    text = GANGERS.read_text(encoding="utf-8")
    text = text.replace('name = "Rust Rats"', f'name = "Rust {WRITTEN}Rats"\nnotes = "{WRITTEN}"')
    text = text.replace('name = "Big Joe"', f'name = "Big {WRITTEN}Joe"\nnotes = "{WRITTEN}"')
    path = tmp_path / "hostile.toml"
    path.write_text(text, encoding="utf-8")
    return path


@pytest.fixture
def hostile_catalog() -> Path:
    """The bundled Punkapocalyptic catalog as a user catalog (which replaces it) with
    escapes in the system's name and a rule's message, and a raw C1 character in the
    Gangers' name (their file has no backslash: the raw character alone is cleaned)."""
    folder = Path(os.environ["WARBAND_CATALOG_DIR"]) / "punkapocalyptic"
    shutil.copytree(ROOT / "catalogs" / "punkapocalyptic", folder)
    system = folder / "system.toml"
    text = system.read_text(encoding="utf-8")
    text = text.replace('name = "Punkapocalyptic"', f'name = "Punk{WRITTEN}apocalyptic"', 1)
    text = text.replace("{count:merc} hired;", f"{{count:merc}} hired{WRITTEN};", 1)
    system.write_text(text, encoding="utf-8")
    gangers = folder / "factions" / "gangers.toml"
    text = gangers.read_text(encoding="utf-8")
    assert "\\" not in text
    gangers.write_text(text.replace('name = "Gangers"', 'name = "Gang\u009bers"', 1), "utf-8")
    return folder


def test_validate_and_show(hostile_list: Path) -> None:
    code, out, _ = run("validate", hostile_list)
    assert code == 0
    assert out.splitlines()[0] == f"Rust {CLEAN}Rats: Gangers, Punkapocalyptic, 1st edition"
    code, out, _ = run("show", hostile_list)
    assert code == 0
    assert f"Rust {CLEAN}Rats" in out and f"Big {CLEAN}Joe" in out


def test_validate_json_with_a_hostile_catalog(hostile_catalog: Path) -> None:
    code, out, _ = run("validate", "--json", TWO_MERCS)
    assert code == 1
    (finding,) = json.loads(out)["findings"]
    assert finding["message"].startswith(f"2 mercs hired{CLEAN}; a band may hire")
    code, out, _ = run("validate", TWO_MERCS)
    assert code == 1
    assert f"Punk{CLEAN}apocalyptic" in out and "Gang[ers" not in out and "Gangers" in out


def test_the_catalogs_listing(hostile_catalog: Path) -> None:
    code, out, _ = run("catalogs")
    assert code == 0 and f"Punk{CLEAN}apocalyptic" in out and "gangers: Gangers" in out
    code, out, _ = run("catalogs", "punkapocalyptic")
    assert code == 0 and "Gangers" in out


@pytest.mark.parametrize("form", ["text", "markdown", "json", "html", "code"])
def test_every_export(hostile_list: Path, form: str) -> None:
    code, out, _ = run("export", hostile_list, "--format", form)
    assert code == 0
    if form == "json":
        doc = json.loads(out)
        assert doc["name"] == f"Rust {CLEAN}Rats"
        assert doc["notes"] == CLEAN
    elif form == "code":
        assert decode(out).name == f"Rust {CLEAN}Rats"
    else:
        assert SHOWN[form] in out


def test_import_of_a_code_holding_control_characters(tmp_path: Path) -> None:
    """A code is made by anyone: this one holds the raw characters, not escapes."""
    roster = Roster(
        system="punkapocalyptic",
        faction="gangers",
        name=f"Rust {HOSTILE}Rats",
        points_limit=500,
        units=(entry("chief", name=f"Big {HOSTILE}Joe"),),
        notes=HOSTILE,
    )
    target = tmp_path / "from-chat.toml"
    code, out, _ = run("import", encode(roster), "-o", target)
    assert code in (0, 1)
    assert out.splitlines()[1].startswith(f"Rust {CLEAN}Rats: Gangers")
    written = target.read_text(encoding="utf-8")
    assert CONTROL.search(written) is None and "\\u00" not in written
    back = read_roster(target)[0]
    assert (back.name, back.notes, back.units[0].name) == (
        f"Rust {CLEAN}Rats",
        CLEAN,
        f"Big {CLEAN}Joe",
    )


def test_ids_paths_and_arguments_echoed_in_errors(tmp_path: Path) -> None:
    text = GANGERS.read_text(encoding="utf-8")
    for key, value in (("faction", "gangers"), ("system", "punkapocalyptic")):
        path = tmp_path / f"{key}.toml"
        path.write_text(
            text.replace(f'{key} = "{value}"', f'{key} = "{value}{WRITTEN}"', 1), "utf-8"
        )
        code, _, err = run("validate", path)
        assert code == 2 and f"{value}{CLEAN}" in err
    code, _, err = run("validate", tmp_path / f"missing{HOSTILE}.toml")
    assert code == 2 and f"missing{CLEAN}.toml" in err
    code, _, err = run("catalogs", "punkapocalyptic", f"gang{HOSTILE}")
    assert code == 2 and f"gang{CLEAN}" in err


def test_a_raw_c1_character_in_a_file_without_any_escape(tmp_path: Path) -> None:
    """TOML lets U+0080-U+009F be written raw: no backslash in the file, still cleaned."""
    path = tmp_path / "raw.toml"
    path.write_text(
        GANGERS.read_text(encoding="utf-8").replace("Rust Rats", "Rust\u009b2JRats"), "utf-8"
    )
    assert "\\" not in path.read_text(encoding="utf-8")
    code, out, _ = run("validate", path)
    assert code == 0 and out.startswith("Rust2JRats: Gangers")


def test_battle_commands(tmp_path: Path, hostile_list: Path) -> None:
    battle = tmp_path / "battle.toml"
    code, out, _ = run("battle", "new", hostile_list, MUTARDS, "--seed", "7", "-o", battle)
    assert code == 0 and f"Rust {CLEAN}Rats (Gangers) against" in out
    code, out, _ = run("battle", "show", battle)
    assert code == 0 and f"Rust {CLEAN}Rats" in out
    code, out, _ = run("battle", "show", "--json", battle)
    assert code == 0 and json.loads(out)["sides"][0]["player"] == f"Rust {CLEAN}Rats"
    code, out, _ = run("battle", "report", battle)
    assert code == 0 and f"Rust {MARKDOWN}Rats" in out


def test_a_battle_file_written_with_escapes(tmp_path: Path) -> None:
    text = BRIDGE.read_text(encoding="utf-8")
    text = text.replace('scenario = "The bridge"', f'scenario = "The {WRITTEN}bridge"', 1)
    text = text.replace('player = "Ann"', f'player = "A{WRITTEN}nn"', 1)
    text = text.replace('fell off \\"the bridge\\"', f"fell off {WRITTEN}", 1)
    battle = tmp_path / "bridge.toml"
    battle.write_text(text, encoding="utf-8")
    code, out, _ = run("battle", "show", battle)
    assert code == 0 and f"The {CLEAN}bridge" in out and f"A{CLEAN}nn" in out
    code, out, _ = run("battle", "show", "--json", battle)
    assert code == 0 and json.loads(out)["sides"][0]["player"] == f"A{CLEAN}nn"
    code, out, _ = run("battle", "report", battle)
    assert code == 0 and f"# The {MARKDOWN}bridge" in out and f"fell off {MARKDOWN}" in out


def test_what_was_typed_is_echoed_clean(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Arguments are echoed as given (a new list's name, a refused option): the output
    streams themselves drop control characters, whatever prints to them."""
    target = tmp_path / f"new {HOSTILE}.toml"
    code, out, _ = run("new", "punkapocalyptic", "gangers", "--name", HOSTILE, "-o", target)
    assert code == 0
    assert out == f"wrote {tmp_path}/new {CLEAN}.toml: an empty Gangers list of 500 points\n"
    assert read_roster(target)[0].name == CLEAN
    with pytest.raises(SystemExit) as exited:  # argparse prints its own usage errors
        main(["validate", str(GANGERS), HOSTILE])
    assert exited.value.code == 2
    shown = capsys.readouterr().err
    assert shown.endswith(f"warband: error: unrecognized arguments: {CLEAN}\n")
    assert CONTROL.search(shown) is None
