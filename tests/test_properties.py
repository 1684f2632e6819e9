"""Property tests: whatever a file holds, warband answers with its own error or a result.

A person edits rosters by hand, a catalog author edits catalogs, a disk hands back
garbage: none of it may end in a traceback. Each property feeds generated or
mutated input through the same steps the command line takes and allows exactly
one kind of failure, ``WarbandError`` (``RosterError``, ``CatalogError``). The
other properties pin down what must hold for valid input: points add up, line
numbers point at the right key, and a saved roster reads back unchanged.
"""

from __future__ import annotations

import re
import shutil
import tomllib
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
import tomli_w
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from catalogs.library import Library
from catalogs.loader import load_system
from model.catalog.schema import Catalog, FactionView
from model.core.problems import CatalogError, RosterError, WarbandError
from model.core.safe_text import terminal_safe
from model.parse.toml_text import KeyLines
from model.roster.roster import Roster, RosterUnit
from model.roster.validate import validate
from saves.roster_file import FORMAT, resolve, roster_from_bytes, roster_to_toml
from tests.conftest import FIXTURES, ROOT

# The autouse folder isolation in conftest is function-scoped; it only points
# environment variables at empty folders, so sharing it across examples is safe.
PROPERTY = settings(
    max_examples=150,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)

EXAMPLE = (FIXTURES / "rosters" / "gangers" / "legal-500.toml").read_text(encoding="utf-8")
BUNDLED = ROOT / "catalogs" / "punkapocalyptic"


@pytest.fixture(scope="module")
def library(tmp_path_factory: pytest.TempPathFactory) -> Library:
    """The bundled catalogs only (an empty user catalog folder)."""
    return Library(user_dir=tmp_path_factory.mktemp("no-user-catalogs"))


def read_resolve_validate(data: bytes, catalog_for: Callable[[str], Catalog]) -> None:
    """What ``warband validate`` does with a file's bytes; only WarbandError may escape."""
    try:
        roster, source = roster_from_bytes(data, "fuzz.toml")
        view = resolve(roster, source, catalog_for)
        report = validate(view, roster)
    except WarbandError as exc:
        assert exc.problems or exc.title
        for problem in exc.problems:
            str(problem)  # every problem renders
        return
    assert report.points == sum(report.unit_points)


# --- (a) any bytes, and mutations of a valid roster --------------------------------------------

VALUES = [
    '"text"',
    '""',
    '"x"',
    "5",
    "0",
    "-5",
    "1.5",
    "inf",
    "nan",
    "true",
    "false",
    "[]",
    "[1, 2]",
    '["rifle"]',
    "{}",
    "{ rifle = 1 }",
    "{ rifle = 0 }",
    '{ "Rifle" = 1 }',
    "{ rifle = -1 }",
    "{ rifle = true }",
    "{ rifle = { a = 1 } }",
    "2024-01-01",
    "07:30:00",
    '"punkapocalyptic"',
    '"gangers"',
    '"warband.roster/2"',
    '"warband.roster/0"',
    '"warband.roster/1"',
    '"chief"',
    '"bullet"',
    "99999999999999999999",
    "9223372036854775807",
    '"' + "a" * 70 + '"',
]

SNIPPETS = [
    "[[units]]\n",
    "[units]\n",
    "[units.items]\n",
    'unit = "scumbag"\n',
    "models = 3\n",
    "items = { rifle = 1 }\n",
    '"',
    "'",
    "=",
    "[",
    "]",
    "{",
    "}",
    ",",
    "#",
    "\n",
    "\\",
    '"""',
    "\x00",
    "\ufeff",
    "é",
    ".",
    "a.b = 1\n",
    "notes = '''\n",
]

_VALUE_RE = re.compile(r"=\s*(.+)$")


@st.composite
def mutated_roster(draw: st.DrawFn) -> str:
    """The example roster with a few hand-editing accidents."""
    lines = EXAMPLE.splitlines(keepends=True)
    for _ in range(draw(st.integers(1, 4))):
        op = draw(st.sampled_from(["delete", "insert", "replace", "dup", "value", "drop"]))
        text = "".join(lines)
        if op in ("delete", "insert", "replace") and text:
            at = draw(st.integers(0, len(text) - 1))
            if op == "delete":
                text = text[:at] + text[at + draw(st.integers(1, 20)) :]
            elif op == "insert":
                chunk = draw(st.sampled_from(SNIPPETS) | st.text(max_size=5))
                text = text[:at] + chunk + text[at:]
            else:
                text = text[:at] + draw(st.characters()) + text[at + 1 :]
            lines = text.splitlines(keepends=True)
        elif lines:
            i = draw(st.integers(0, len(lines) - 1))
            if op == "dup":
                lines.insert(i, lines[i])
            elif op == "drop":
                del lines[i]
            else:
                found = _VALUE_RE.search(lines[i])
                if found:
                    value = draw(st.sampled_from(VALUES))
                    lines[i] = lines[i][: found.start(1)] + value + "\n"
    return "".join(lines)


@PROPERTY
@given(data=st.binary(max_size=400))
def test_any_bytes_only_raise_warband_errors(library: Library, data: bytes) -> None:
    read_resolve_validate(data, library.load)


@PROPERTY
@given(text=mutated_roster())
def test_mutated_rosters_only_raise_warband_errors(library: Library, text: str) -> None:
    read_resolve_validate(text.encode("utf-8", "surrogatepass"), library.load)


# --- (b) random rosters of valid ids -------------------------------------------------------------


@st.composite
def roster_document(draw: st.DrawFn, view: FactionView) -> dict[str, Any]:
    """A roster as TOML data: known ids, any counts (models may be 0)."""
    units = []
    for _ in range(draw(st.integers(0, 12))):
        entry: dict[str, Any] = {"unit": draw(st.sampled_from(sorted(view.units)))}
        models = draw(st.integers(0, 7))
        if models != 1 or draw(st.booleans()):
            entry["models"] = models
        items = draw(
            st.dictionaries(st.sampled_from(sorted(view.items)), st.integers(1, 4), max_size=5)
        )
        if items:
            entry["items"] = items
        units.append(entry)
    return {
        "format": FORMAT,
        "system": "punkapocalyptic",
        "faction": "gangers",
        # a name of control characters only reads as empty (they are dropped): not valid
        "name": draw(st.text(min_size=1, max_size=20).filter(terminal_safe)),
        "points_limit": draw(st.integers(1, 2000)),
        "units": units,
    }


def document_text(doc: dict[str, Any]) -> str:
    """A roster document written the way a person writes one: ``[[units]]`` blocks."""
    head = {k: v for k, v in doc.items() if k != "units"}
    text = tomli_w.dumps(head)
    for unit in doc["units"]:
        text += "\n[[units]]\n" + tomli_w.dumps({k: v for k, v in unit.items() if k != "items"})
        if unit.get("items"):
            pairs = ", ".join(f"{k} = {v}" for k, v in unit["items"].items())
            text += f"items = {{ {pairs} }}\n"
    return text


@PROPERTY
@given(data=st.data())
def test_random_rosters_validate(library: Library, data: st.DataObject) -> None:
    view = library.load("punkapocalyptic").view("gangers")
    doc = data.draw(roster_document(view))
    text = document_text(doc)
    zero = [n for n, u in enumerate(doc["units"], start=1) if u.get("models", 1) == 0]
    if zero:
        with pytest.raises(RosterError) as caught:
            roster_from_bytes(text.encode(), "zero.toml")
        lines = text.split("\n")
        wrong = [p for p in caught.value.problems if p.path[-1:] == ("models",)]
        assert [p.path for p in wrong] == [("units", n, "models") for n in zero]
        for p in wrong:  # the line given is the line where models = 0 is written
            assert p.line is not None
            assert lines[p.line - 1].strip() == "models = 0"
        return
    roster, source = roster_from_bytes(text.encode(), "random.toml")
    view = resolve(roster, source, library.load)
    report = validate(view, roster)
    assert report.points == sum(report.unit_points)
    assert len(report.unit_points) == len(roster.units)
    assert report.models == sum(u.models for u in roster.units)
    for finding in report.findings:
        assert finding.message


# --- (c) mutated catalog folders -----------------------------------------------------------------

_NUMBER = re.compile(r"(?<![\w.\"-])(\d+)(?![\w.\"-])")
_KEY = re.compile(r"^(\s*)([A-Za-z0-9_-]+)(\s*=)")
_ID = re.compile(r'"([a-z0-9]+(?:-[a-z0-9]+)*)"')
_HEADER_ID = re.compile(r"^\[+[a-z.]*\.([a-z0-9-]+)")

CATALOG_FILES = ["system.toml", "factions/gangers.toml"]
CATALOG_TEXT = {name: (BUNDLED / name).read_text(encoding="utf-8") for name in CATALOG_FILES}


@st.composite
def catalog_mutation(draw: st.DrawFn) -> tuple[str, str]:
    """One catalog file with one line edited the way an author might get it wrong."""
    name = draw(st.sampled_from(CATALOG_FILES))
    lines = CATALOG_TEXT[name].splitlines(keepends=True)
    i = draw(st.integers(0, len(lines) - 1))
    line = lines[i]
    op = draw(st.sampled_from(["delete", "number", "key", "id", "header", "dup"]))
    if op == "delete":
        del lines[i]
    elif op == "dup":
        lines.insert(i, line)
    elif op == "number" and (found := _NUMBER.search(line)):
        new = draw(st.sampled_from(['"' + found.group(1) + '"', "-1", "0", "1.5", "true", "999"]))
        lines[i] = line[: found.start()] + new + line[found.end() :]
    elif op == "key" and (found := _KEY.match(line)):
        key = found.group(2)
        new = draw(st.sampled_from([key + "s", key[:-1] or "x", key.upper(), "kind", "id"]))
        lines[i] = line[: found.start(2)] + new + line[found.end(2) :]
    elif op == "id" and (found := _ID.search(line)):
        new = draw(st.sampled_from(["Broken Id", found.group(1) + "x", "", "rifle", "chief"]))
        lines[i] = line[: found.start(1)] + new + line[found.end(1) :]
    elif op == "header" and (found := _HEADER_ID.match(line)):
        new = draw(st.sampled_from([found.group(1) + "x", "rifle", "chief", "Bad_Id"]))
        lines[i] = line[: found.start(1)] + new + line[found.end(1) :]
    return name, "".join(lines)


@pytest.fixture(scope="module")
def catalog_copy(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("catalogs") / "punkapocalyptic"
    shutil.copytree(BUNDLED, folder)
    return folder


@settings(PROPERTY, max_examples=100)  # each example loads a whole catalog folder
@given(mutation=catalog_mutation())
def test_mutated_catalogs_load_or_raise_catalog_error(
    catalog_copy: Path, mutation: tuple[str, str]
) -> None:
    name, text = mutation
    target = catalog_copy / name
    target.write_text(text, encoding="utf-8")
    try:
        catalog = load_system(catalog_copy)
    except CatalogError as exc:
        assert exc.problems
        for problem in exc.problems:
            assert problem.file is not None
            assert str(problem)
    else:
        assert catalog.system.id == "punkapocalyptic"
    finally:
        target.write_text(CATALOG_TEXT[name], encoding="utf-8")


# --- (d) KeyLines on any text --------------------------------------------------------------------

TOMLISH = st.lists(
    st.sampled_from(
        [
            "[[units]]",
            "[units]",
            "[a.b]",
            "[ 'q' . \"r\" ]",
            "[[",
            "]]",
            "a = 1",
            'b = "x"',
            "c = { d = 1, e = { f = 2 }, 'g' = [1, {h = 3}] }",
            "d = [",
            "]",
            "}",
            "{",
            'e = """',
            '"""',
            "f = '''",
            "'''",
            "x.y.z = 1",
            '"q.r" = 1',
            "# [comment] = 1",
            "=",
            "= 1",
            "'",
            '"',
            "\\",
            "",
        ]
    )
    | st.text(max_size=12),
    max_size=30,
).map("\n".join)


@PROPERTY
@given(text=st.text() | TOMLISH)
def test_keylines_never_raises(text: str) -> None:
    lines = KeyLines(text)
    count = text.count("\n") + 1
    for path in [(), ("units",), ("units", 1, "items", "rifle"), ("a", "b"), ("x", "y", "z")]:
        line = lines.line_of(path)
        assert line is None or 1 <= line <= count


KEYS = st.text(min_size=1, max_size=6) | st.from_regex(r"[a-z_-]{1,6}", fullmatch=True)
SCALARS = st.text(max_size=8) | st.integers() | st.booleans()
TABLES = st.recursive(
    st.dictionaries(KEYS, SCALARS, max_size=4),
    lambda inner: st.dictionaries(KEYS, SCALARS | inner, max_size=4),
    max_leaves=20,
)
"""Nested tables of text, numbers and booleans, with keys that may need quoting (arrays of
tables are checked by the roster round trip below)."""


def leaves(data: dict[str, Any], path: tuple[str, ...] = ()) -> list[tuple[str, ...]]:
    """Every scalar's key path."""
    out: list[tuple[str, ...]] = []
    for key, value in data.items():
        if isinstance(value, dict):
            out += leaves(value, (*path, key))
        else:
            out.append((*path, key))
    return out


@PROPERTY
@given(data=TABLES)
def test_keylines_finds_the_line_of_every_key(data: dict[str, Any]) -> None:
    text = tomli_w.dumps(data)
    rows = text.split("\n")
    lines = KeyLines(text)
    for path in leaves(data):
        line = lines.line_of(path)
        assert line is not None, (path, text)
        key = str(path[-1])
        written = tomli_w.dumps({key: 0})[: -len(" = 0\n")]
        assert rows[line - 1].startswith(written + " = "), (path, text)


# --- (e) write then read is the identity -------------------------------------------------------

IDS = st.from_regex(r"[a-z0-9]{1,8}(-[a-z0-9]{1,8}){0,3}", fullmatch=True)
TEXT = st.text(min_size=1, max_size=30).map(terminal_safe).filter(bool)
"""Control characters are dropped where a file or a code is read (``model.core.safe_text``),
so only texts without them can come back the same."""
NOTES = st.none() | st.text(max_size=60).map(terminal_safe)


@st.composite
def rosters(draw: st.DrawFn) -> Roster:
    units = draw(
        st.lists(
            st.builds(
                RosterUnit,
                unit=IDS,
                name=st.none() | TEXT,
                models=st.integers(1, 100),  # 8 entries stay within a list's 1000 models
                items=st.dictionaries(IDS, st.integers(1, 99), max_size=6),
                notes=NOTES,
            ),
            max_size=8,
        )
    )
    return Roster(
        system=draw(IDS),
        faction=draw(IDS),
        name=draw(TEXT),
        points_limit=draw(st.integers(1, 100_000)),
        units=tuple(units),
        notes=draw(NOTES),
    )


@PROPERTY
@given(roster=rosters())
def test_write_then_read_is_identity(roster: Roster) -> None:
    text = roster_to_toml(roster)
    back, source = roster_from_bytes(text.encode("utf-8"), "round.toml")
    assert back == roster
    # and the line numbers found in the written file point at the right keys (TOML counts
    # lines by \n alone: a U+2028 or \x85 in a name is not a line break)
    lines = text.split("\n")
    for n, entry in enumerate(roster.units, start=1):
        line = source.lines.line_of(("units", n, "unit"))
        assert line is not None
        assert lines[line - 1] == "unit = " + tomli_w.dumps({"u": entry.unit})[4:].strip()
        for item in entry.items:
            at = source.lines.line_of(("units", n, "items", item))
            assert at is not None
            assert lines[at - 1].startswith("items = {")
    assert tomllib.loads(text)["format"] == FORMAT
