"""``warband validate`` on broken roster files: a clear message, exit code 2, no traceback.

Each ``tests/fixtures/bad/<case>.toml`` is broken in one way (its first line says
how); ``<case>.expected.txt`` next to it holds the exact text ``warband validate
tests/fixtures/bad/<case>.toml`` prints on stderr, run from the repository root.
The line numbers in those files were checked by hand against the fixtures. Cases
that need a generated file (too large, a byte order mark) or no file at all are
written out below.
"""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest

from model.parse.toml_text import MAX_BYTES
from tests.conftest import FIXTURES, ROOT
from tui.cli import main

BAD = FIXTURES / "bad"
CASES = sorted(BAD.glob("*.toml"))
HEADER = (
    'format = "warband.roster/1"\nsystem = "punkapocalyptic"\nfaction = "gangers"\n'
    'name = "Rust Rats"\npoints_limit = 500\n'
)


def validate(path: str | Path) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = main(["validate", str(path)], out=out, err=err)
    return code, out.getvalue(), err.getvalue()


@pytest.fixture
def at_root(monkeypatch: pytest.MonkeyPatch) -> None:
    """Run from the repository root, so messages show the paths as a user typed them."""
    monkeypatch.chdir(ROOT)


@pytest.mark.usefixtures("at_root")
@pytest.mark.parametrize("case", CASES, ids=lambda p: p.stem)
def test_bad_file_message(case: Path) -> None:
    relative = case.relative_to(ROOT).as_posix()
    expected = case.with_suffix(".expected.txt").read_text(encoding="utf-8")
    code, out, err = validate(relative)
    assert (code, out) == (2, "")
    assert err == expected


def test_every_case_has_its_expected_text_and_every_error_class_is_covered() -> None:
    expected = {p.name.removesuffix(".expected.txt") for p in BAD.glob("*.expected.txt")}
    assert expected == {p.stem for p in CASES}
    assert {
        "syntax-error",
        "duplicate-key",
        "unterminated-string",
        "bare-word",
        "not-utf8",
        "empty",
        "missing-format",
        "not-a-roster-format",
        "newer-format",
        "unknown-key",
        "unknown-unit-key",
        "wrong-type",
        "impossible-values",
        "unknown-system",
        "unknown-faction",
        "unknown-unit",
        "unknown-item",
        "several-problems",
    } <= expected


_PLACE = re.compile(r"^  (?P<file>[^:]+)(?::(?P<line>\d+)(?::(?P<col>\d+))?)?: ")


@pytest.mark.parametrize("case", CASES, ids=lambda p: p.stem)
def test_every_message_names_the_file_and_a_line_inside_it(case: Path) -> None:
    """A guard on the expected texts themselves: no message without its file, and every
    line number points into the file (the exact lines were checked by hand)."""
    relative = case.relative_to(ROOT).as_posix()
    lines = case.read_bytes().split(b"\n")
    title, *problems = case.with_suffix(".expected.txt").read_text(encoding="utf-8").splitlines()
    assert title.startswith(relative)
    assert problems
    for problem in problems:
        place = _PLACE.match(problem)
        assert place is not None, problem
        assert place["file"] == relative
        if place["line"] is not None:
            assert 1 <= int(place["line"]) <= len(lines)
        self_explaining = ("must be at least", "must be a number from")  # the range is the hint
        assert "; " in problem or any(s in problem for s in self_explaining), f"no hint: {problem}"


@pytest.mark.usefixtures("at_root")
def test_several_problems_are_reported_at_once() -> None:
    _, _, err = validate("tests/fixtures/bad/several-problems.toml")
    lines = err.splitlines()
    assert len(lines) == 1 + 7
    numbers = [int(line.split(":")[1]) for line in lines[1:]]
    assert numbers == sorted(numbers)  # in reading order


@pytest.mark.usefixtures("at_root")
def test_a_folder() -> None:
    assert validate("tests/fixtures/bad") == (
        2,
        "",
        "cannot read tests/fixtures/bad\n"
        "  tests/fixtures/bad: that is a folder; give the path of a roster file in it\n",
    )


@pytest.mark.usefixtures("at_root")
def test_a_file_that_does_not_exist() -> None:
    assert validate("tests/fixtures/bad/no-such-list.toml") == (
        2,
        "",
        "cannot read tests/fixtures/bad/no-such-list.toml\n"
        "  tests/fixtures/bad/no-such-list.toml: no such file; "
        "check the folder and the file name\n",
    )


def test_a_file_that_cannot_be_read(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "locked.toml"
    path.write_text(HEADER, encoding="utf-8")
    real_open = Path.open

    def deny(self: Path, *args: object, **kwargs: object) -> object:
        if self == path:
            raise PermissionError(13, "Permission denied", str(self))
        return real_open(self, *args, **kwargs)  # type: ignore[call-overload]

    monkeypatch.setattr(Path, "open", deny)
    assert validate(path) == (
        2,
        "",
        f"cannot read {path}\n"
        f"  {path}: permission denied; check that your user may read the file\n",
    )


def test_a_file_over_the_size_limit(tmp_path: Path) -> None:
    path = tmp_path / "huge.toml"
    with path.open("w", encoding="utf-8") as out:
        out.write(HEADER)
        out.write("notes = '''\n")
        out.write(("x" * 99 + "\n") * (MAX_BYTES // 100 + 10))
        out.write("'''\n")
    assert path.stat().st_size > MAX_BYTES
    assert validate(path) == (
        2,
        "",
        f"{path} is too large to read\n"
        f"  {path}: it is over 2,000,000 bytes, the most warband reads; check that this "
        "is the right file: a roster or catalog file is a few kilobytes\n",
    )


def test_a_number_too_long_for_python(tmp_path: Path) -> None:
    """tomllib raises a bare ValueError past 4300 digits; it must not escape."""
    path = tmp_path / "digits.toml"
    path.write_text(HEADER.replace("500", "5" * 5000), encoding="utf-8")
    assert validate(path) == (
        2,
        "",
        f"{path} is not valid TOML\n"
        f"  {path}:5: a number has too many digits to read; "
        "check the value: no number in a warband file is that long\n",
    )


def test_a_format_version_too_long_to_be_a_number(tmp_path: Path) -> None:
    path = tmp_path / "version.toml"
    path.write_text(HEADER.replace("roster/1", "roster/" + "9" * 5000), encoding="utf-8")
    code, _, err = validate(path)
    assert code == 2
    assert f"{path}:1: format: 'warband.roster/999999999999999999999... is not" in err


def test_a_byte_order_mark_is_accepted(tmp_path: Path) -> None:
    """Some Windows editors start UTF-8 files with a BOM; that is still a good roster,
    and the lines of its keys are still found."""
    path = tmp_path / "bom.toml"
    path.write_bytes(b"\xef\xbb\xbf" + HEADER.replace('"gangers"', '"ganger"').encode())
    code, _, err = validate(path)
    assert code == 2
    assert f"  {path}:3: faction: 'ganger' is not a faction" in err
    path.write_bytes(b"\xef\xbb\xbf" + HEADER.encode())
    assert validate(path)[0] == 0


def test_unicode_line_separators_do_not_shift_line_numbers(tmp_path: Path) -> None:
    """TOML counts lines by \\n only; a U+2028 or U+0085 inside a name is not a new line."""
    path = tmp_path / "separators.toml"
    text = HEADER.replace("Rust Rats", "Rust\u2028Rats\x85") + "\n[[units]]\nunit = 'chef'\n"
    path.write_text(text, encoding="utf-8")
    code, _, err = validate(path)
    assert code == 2
    assert f"  {path}:8: units[1].unit: unknown unit 'chef'" in err


def test_a_string_with_escaped_quotes_does_not_hide_later_lines(tmp_path: Path) -> None:
    path = tmp_path / "escapes.toml"
    text = HEADER.replace('"Rust Rats"', r'"The \"[Rust\" {Rats"') + "\n[[units]]\nmodles = 1\n"
    path.write_text(text, encoding="utf-8")
    code, _, err = validate(path)
    assert code == 2
    assert f"  {path}:8: units[1].modles: unknown key; did you mean 'models'?" in err
