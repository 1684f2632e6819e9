"""``warband export --format code`` and ``warband import``: a list through a chat and back."""

from __future__ import annotations

import io
from pathlib import Path

from saves.roster_file import read_roster
from saves.share_code import encode
from tests.conftest import FIXTURES
from tests.helpers import entry
from tui.cli import main

ROSTERS = FIXTURES / "rosters"
GANGERS = ROSTERS / "gangers" / "legal-500.toml"


def run(*argv: str | Path) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = main([str(a) for a in argv], out=out, err=err)
    return code, out.getvalue(), err.getvalue()


def test_export_prints_a_code_that_import_turns_back_into_the_same_list(tmp_path: Path) -> None:
    code, printed, _ = run("export", GANGERS, "--format", "code")
    assert code == 0 and printed.startswith("WB1-")
    target = tmp_path / "from-chat.toml"
    code, told, err = run("import", printed.strip(), "-o", target)
    assert (code, err) == (0, "")
    assert told.splitlines()[:3] == [
        f"wrote {target}",
        "Rust Rats: Gangers, Punkapocalyptic, 1st edition",
        "485/500 points, 8 models: valid",
    ]
    assert read_roster(target)[0] == read_roster(GANGERS)[0]


def test_a_code_saved_in_a_file_and_an_existing_target(tmp_path: Path) -> None:
    saved = tmp_path / "code.txt"
    assert run("export", GANGERS, "-o", saved)[0] == 0
    target = tmp_path / "list.toml"
    target.write_text("mine")
    code, _, err = run("import", saved, "-o", target)
    assert code == 2 and "not overwritten" in err and target.read_text() == "mine"
    assert run("import", saved, "-o", target, "--force")[0] == 0
    assert read_roster(target)[0] == read_roster(GANGERS)[0]


def test_a_pasted_chat_message_is_a_code_however_long(tmp_path: Path) -> None:
    """The chat export puts the list above its code; a chat program may wrap the code and
    add words after it. Such an argument (well over the 255 bytes a file name may have)
    is read as a code, never tried as a path."""
    code, message, _ = run("export", GANGERS, "--format", "text")
    assert code == 0 and len(message.encode()) > 255
    share = message.split()[-1]
    wrapped = share[:40] + "\n" + share[40:]
    for n, pasted in enumerate(
        (message, f"my list for Sunday:\n{message}\nsee you then!", f"here: {wrapped} cheers")
    ):
        target = tmp_path / f"pasted-{n}.toml"
        code, told, err = run("import", pasted, "-o", target)
        assert (code, err, told.splitlines()[0]) == (0, "", f"wrote {target}")
        assert read_roster(target)[0] == read_roster(GANGERS)[0]


def test_an_argument_without_a_code_is_a_file(tmp_path: Path) -> None:
    missing = tmp_path / "no-such-code.txt"
    code, out, err = run("import", missing, "-o", tmp_path / "x.toml")
    assert (code, out) == (2, "")
    assert err == (
        f"cannot read {missing}\n"
        f"  {missing}: no such file or directory; give a share code (WB1-...) or a file "
        "that holds one\n"
    )
    words = tmp_path / "words.txt"
    words.write_text("no code in here, only " + "words " * 100)
    code, _, err = run("import", words, "-o", tmp_path / "x.toml")
    assert code == 2
    assert err == (
        "not a usable share code\n"
        "  no share code found; a warband share code starts with WB1- (copy it whole from "
        "warband export)\n"
    )
    assert not (tmp_path / "x.toml").exists()


def test_an_illegal_list_is_written_and_reported(tmp_path: Path) -> None:
    roster = read_roster(ROSTERS / "gangers" / "too-big.toml")[0]
    code, told, _ = run("import", encode(roster), "-o", tmp_path / "big.toml")
    assert code == 1
    assert "NOT VALID" in told and "[points-limit]" in told


def test_unknown_ids_say_what_they_might_be(tmp_path: Path) -> None:
    roster = read_roster(GANGERS)[0]
    roster = roster.with_unit(entry("gnager", rilfe=1))
    target = tmp_path / "x.toml"
    code, _, err = run("import", encode(roster), "-o", target)
    assert code == 2 and not target.exists()
    assert err.startswith("<share code>: ")
    assert "unknown unit 'gnager'" in err and "did you mean 'ganger'" in err


def test_a_damaged_code_is_refused_without_a_traceback(tmp_path: Path) -> None:
    code, out, err = run("import", "WB1-this-is-not-a-list", "-o", tmp_path / "x.toml")
    assert (code, out) == (2, "")
    assert err.splitlines()[0] == "not a usable share code"
    assert "Traceback" not in err


def test_export_in_each_format_to_a_file_or_the_screen(tmp_path: Path) -> None:
    golden = FIXTURES / "exports"
    for fmt, ext in (("text", "txt"), ("markdown", "md"), ("json", "json"), ("html", "html")):
        code, printed, err = run("export", GANGERS, "--format", fmt)
        assert (code, err) == (0, "")
        assert printed == (golden / f"rust-rats.{ext}").read_text(encoding="utf-8")
        target = tmp_path / f"out.{ext}"
        code, told, _ = run("export", GANGERS, "--format", fmt, "-o", target)
        assert code == 0 and told == f"wrote {target}: Rust Rats, 485 points, valid\n"
        assert target.read_text(encoding="utf-8") == printed
