"""TOML shaped to make a parser slow is refused before ``tomllib`` reads it.

``tomllib`` is quadratic in the parts of a dotted key, and the 2 MB size cap does not
bound that. Each pathological shape below is refused with its file and line and the limit
it passes; realistic files (every bundled catalog, every fixture, a long battle) are read
as before; and the worst 2 MB texts run in a process limited to 300 MB of address space
with a timeout, so a blow-up fails the test instead of the machine.

History: 80 KB of ``a.a.a...= 1`` used to take 35 s and 6 GB.
"""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from model.core.problems import WarbandError
from model.parse.toml_guard import MAX_DEPTH, MAX_ITEMS, MAX_KEY_PARTS, check
from model.parse.toml_text import MAX_BYTES, KeyLines, parse
from tests.conftest import FIXTURES, ROOT

HEAD = 'format = "warband.roster/1"\nname = "Rust Rats"\n'
"""Two ordinary lines, so that the offending one is line 3."""


def refusal(text: str) -> str:
    """What ``parse`` says of ``text``, as the command line prints it."""
    with pytest.raises(WarbandError) as caught:
        parse(text.encode(), "list.toml", WarbandError)
    return caught.value.render()


def limit_of_parts(what: str, parts: int, line: int = 3) -> str:
    return (
        "list.toml is too complex to read\n"
        f"  list.toml:{line}: a {what} of {parts:,} dotted parts; warband files use at most "
        f"{MAX_KEY_PARTS}; check that this is the right file: a warband key is a few words "
        "such as units.items"
    )


def limit_of_depth(depth: int, line: int = 3) -> str:
    return (
        "list.toml is too complex to read\n"
        f"  list.toml:{line}: arrays or inline tables nested {depth:,} deep; warband reads "
        f"at most {MAX_DEPTH} levels; check that this is the right file: warband files "
        "nest 3 or 4 levels"
    )


def limit_of_items(line: int) -> str:
    return (
        "list.toml is too complex to read\n"
        f"  list.toml:{line}: more than 100,000 keys and values by this line; warband reads "
        "at most 100,000; check that this is the right file: the largest bundled catalog "
        "counts 5,000"
    )


# --- each shape is refused with the exact message ---------------------------------------------


def test_the_key_of_forty_thousand_parts_from_the_issue() -> None:
    assert refusal(HEAD + "a" + ".a" * 40_000 + " = 1\n") == limit_of_parts("key", 40_001)


@pytest.mark.parametrize(
    ("written", "what"),
    [
        (".".join(["a"] * 33) + " = 1", "key"),
        ("  " + " . ".join(["a"] * 33) + " = 1", "key"),
        (".".join(['"a.b"'] * 33) + " = 1", "key"),
        (".".join(["'a'"] * 33) + " = 1", "key"),
        ("x = { " + ".".join(["a"] * 33) + " = 1 }", "key"),
        ("x = [{ y = 1, " + ".".join(["a"] * 33) + " = 1 }]", "key"),
        ("[" + ".".join(["a"] * 33) + "]", "table name"),
        ("[[" + ".".join(["a"] * 33) + "]]", "table name"),
        ("[ " + ".".join(["a"] * 33) + " ]  # a comment", "table name"),
    ],
)
def test_a_name_of_more_dotted_parts_than_the_limit(written: str, what: str) -> None:
    assert refusal(HEAD + written + "\n") == limit_of_parts(what, 33)


def test_the_limit_itself_is_read() -> None:
    key = ".".join(["a"] * MAX_KEY_PARTS)
    assert parse(f"{key} = 1\n[{key[:-2]}.b]\n".encode(), "list.toml", WarbandError)


def test_dots_in_strings_and_comments_are_not_parts() -> None:
    dots = ".a" * 5000
    text = (
        f'a = "{dots}"\nb = \'{dots}\'\n# {dots}\nc = """\n{dots}\n"""\n'
        f"d = '''{dots}'''\n\"{dots}\" = 1\ne = 1.5\nf = 1979-05-27T07:32:00.999Z\n"
    )
    assert check(text, "list.toml") is None
    assert parse(text.encode(), "list.toml", WarbandError)["a"] == dots


@pytest.mark.parametrize(
    ("opened", "closed", "levels"), [("[", "]", 1), ("{a=", "}", 1), ("[{a=", "}]", 2)]
)
def test_nesting_deeper_than_the_limit(opened: str, closed: str, levels: int) -> None:
    deep = MAX_DEPTH + 8
    nested = opened * (deep // levels) + "1" + closed * (deep // levels)
    assert refusal(HEAD + f"x = {nested}\n") == limit_of_depth(deep)


def test_nesting_of_a_million_brackets() -> None:
    """Past the count of values too: that limit is told first, on the same line."""
    assert refusal(HEAD + "x = " + "[" * 900_000 + "\n") == limit_of_items(3)


def test_nesting_up_to_the_limit_and_brackets_in_strings_are_read() -> None:
    ok = "x = " + "[" * MAX_DEPTH + "]" * MAX_DEPTH + "\n"
    ok += 'y = "' + "[" * 100 + '"\nz = [["[[[[", \'{{{{\'], [], {}]  # [[[[[[\n'
    assert parse(ok.encode(), "list.toml", WarbandError)["z"] == [["[[[[", "{{{{"], [], {}]


@pytest.mark.parametrize(
    ("unit", "lines", "items"),
    [
        ("k{n} = 1\n", 1, 1),  # many short keys
        ("[t{n}]\n", 1, 2),  # many tiny tables: a table counts twice
        ("[[units]]\n", 1, 4),  # an array of a hundred thousand tables
        ("[[units]]\nunit = 'x'\n", 2, 5),
        ("x{n} = [1, 2]\n", 1, 4),
    ],
)
def test_more_keys_and_values_than_the_limit(unit: str, lines: int, items: int) -> None:
    """The line told is where the count passes the limit: the first line of the unit
    after ``MAX_ITEMS // items`` of them."""
    text = "".join(unit.format(n=n) for n in range(MAX_ITEMS // items + 10))
    assert len(text) < MAX_BYTES
    assert refusal(text) == limit_of_items(MAX_ITEMS // items * lines + 1)


def test_one_long_array_is_counted_too() -> None:
    assert refusal(HEAD + "x = [" + "1," * (MAX_ITEMS + 1) + "]\n") == limit_of_items(3)


def test_lines_are_counted_through_multi_line_strings() -> None:
    before = 'notes = """\n' + "one.two.three\n" * 40 + '"""\n' + "more = '''\n\n'''\n"
    text = before + "[" + ".".join(["a"] * 40) + "]\n"
    assert refusal(text) == limit_of_parts("table name", 40, line=46)


def test_an_unclosed_string_does_not_hide_the_rest_of_the_file() -> None:
    """A string ends with its line (a multi-line one with the text): the next lines are
    still scanned."""
    text = 'a = "open\n' + ".".join(["a"] * 40) + " = 1\n"
    assert refusal(text) == limit_of_parts("key", 40, line=2)


# --- realistic files are read as before -------------------------------------------------------


def _toml_files() -> list[Path]:
    return sorted(
        p
        for folder in (ROOT / "catalogs", FIXTURES)
        for p in folder.rglob("*.toml")
        if p.stat().st_size < MAX_BYTES and p.name != "key-of-too-many-parts.toml"
    )


def test_every_bundled_catalog_and_fixture_is_within_the_limits() -> None:
    files = _toml_files()
    assert len(files) > 50
    for path in files:
        text = path.read_bytes().decode("utf-8", "replace")
        assert check(text, str(path)) is None, path


def test_a_battle_of_ten_thousand_events_is_read() -> None:
    """The benchmark's long battle (about 72,000 counted items) fits with room."""
    events = "".join(
        f'[[events]]  # {n}\nkind = "act"\nmodel = "A{n % 20}"\naction = "move"\n'
        for n in range(10_000)
    )
    assert len(parse(events.encode(), "battle.toml", WarbandError)["events"]) == 10_000


def test_key_lines_still_found_after_the_scan_was_made_linear() -> None:
    text = (
        'a = 1\n# c.d = 2\nnotes = """\nx = 1\n"""\n'
        '[t]\n"q.r" = 2\nu = { v = 1, w = [1, {z = 2}] }\n'
        "arr = [\n  1,\n  2,\n]\n[[units]]\nunit = 'x'\n[[units]]\n'unit' = \"y\"\n"
        "[units.items]\nrifle = 1\n"
    )
    lines = KeyLines(text)
    assert lines.line_of(("a",)) == 1
    assert lines.line_of(("c", "d")) is None
    assert lines.line_of(("x",)) is None  # inside the multi-line string
    assert lines.line_of(("t", "q.r")) == 7
    assert lines.line_of(("t", "u", "v")) == 8
    assert lines.line_of(("t", "u", "w")) == 8
    assert lines.line_of(("t", "arr")) == 9
    assert lines.line_of(("t", "arr", 2)) == 9  # the inner lines of an array hold no keys
    assert lines.line_of(("units", 1, "unit")) == 14
    assert lines.line_of(("units", 2, "unit")) == 16
    assert lines.line_of(("units", 2, "items", "rifle")) == 18


# --- the worst 2 MB texts, under a memory limit and a timeout ---------------------------------

_FILL = MAX_BYTES - 100


def _lines(line: str) -> str:
    """Numbered lines (``{n:x}``) up to the size cap."""
    return "".join(line.format(n=n) for n in range(_FILL // len(line.format(n=_FILL))))


WORST: dict[str, Callable[[], str]] = {
    # refused by the scan
    "key of 40,000 parts (the issue's 80 KB)": lambda: "a" + ".a" * 40_000 + " = 1",
    "key of a million parts": lambda: "a" + ".a" * (_FILL // 2) + " = 1",
    "table name of a million parts": lambda: "[a" + ".a" * (_FILL // 2) + "]",
    "quoted key parts": lambda: '"a"' + '."a"' * (_FILL // 4) + " = 1",
    "many short keys": lambda: _lines("{n:x}=1\n"),
    "many tiny tables": lambda: _lines("[{n:x}]\n"),
    "[[units]] x 200,000": lambda: "[[units]]\n" * (_FILL // 10),
    "deep arrays": lambda: "x = " + "[" * (_FILL // 2) + "]" * (_FILL // 2),
    "deep inline tables": lambda: "x = " + "{a=" * (_FILL // 4) + "1" + "}" * (_FILL // 4),
    "long array": lambda: "x = [" + "1," * (_FILL // 2) + "]",
    "many tiny strings": lambda: "x = [" + '"",' * (_FILL // 3) + "]",
    "many multi-line strings": lambda: _lines('k{n:x} = """\n"""\n'),
    # read, as the costliest texts of their kind within the limits
    "long string": lambda: 'x = "' + "a" * _FILL + '"',
    "long string of escapes": lambda: 'x = "' + "\\u001b" * (_FILL // 6) + '"',
    "many comment lines": lambda: "#\n" * (_FILL // 2),
    "tables up to the limit": lambda: "".join(f"[{n:x}]\n" for n in range(MAX_ITEMS // 2)),
    "keys up to the limit": lambda: "".join(f"{n:x}=1\n" for n in range(MAX_ITEMS)),
}
READ = {"long string", "long string of escapes", "many comment lines"}
_RUN = """
import resource, sys
resource.setrlimit(resource.RLIMIT_AS, (300 * 2**20, 300 * 2**20))
from model.core.problems import WarbandError
from model.parse.toml_text import KeyLines, parse
from tests.model.test_toml_guard import WORST
text = WORST[sys.argv[1]]() + "\\n"
try:
    parse(text.encode(), "worst.toml", WarbandError)
except WarbandError as exc:
    print(exc.problems[0].message)
else:
    KeyLines(text)  # as a reader does after a good parse, for the lines of later problems
    print("read", len(text))
"""


@pytest.mark.parametrize("shape", list(WORST))
def test_the_worst_texts_run_in_bounded_time_and_memory(shape: str) -> None:
    """A safety net, not a benchmark: each takes well under a second (see the
    ``toml_guard`` docstring); the timeout and the memory limit only catch a blow-up."""
    done = subprocess.run(
        [sys.executable, "-c", _RUN, shape],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=10,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    said = done.stdout.strip()
    if shape in READ or "up to the limit" in shape:
        assert said.startswith("read"), said
        assert int(said.split()[1]) <= MAX_BYTES
    else:
        assert said.startswith(("a key of", "a table name of", "arrays or", "more than")), said
