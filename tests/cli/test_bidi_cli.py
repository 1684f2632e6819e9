"""Bidirectional controls in names never reach the terminal, and files keep them.

A name holding a right-to-left override (U+202E) or an isolate (U+2066-U+2069) makes a
terminal that reorders text show it backwards, or carry the rest of a line with it
("Trojan Source"). Names from a roster's TOML, a ``.cat``/``.gst`` and a ``.ros`` are
printed by the command line without them (and a styled army sheet on a terminal too),
while the files warband writes (an export, an imported list) keep the name as it came
(``model.core.safe_text``).
"""

from __future__ import annotations

import io
import re
from pathlib import Path

from tests.catalogs.test_bsdata_loading import copy_system
from tests.conftest import FIXTURES
from tui.cli import main

BIDI = re.compile("[\u061c\u200e\u200f\u202a-\u202e\u2066-\u206f]")
EVIL = "\u202e\u2066\u200f\u061c"
"""An override, an isolate, a mark and the Arabic letter mark."""
GANGERS = FIXTURES / "rosters" / "gangers" / "legal-500.toml"


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def run(*argv: str | Path, out: io.StringIO | None = None) -> tuple[int, str, str]:
    """Run a command; nothing it prints holds a bidirectional control."""
    out = out or io.StringIO()
    err = io.StringIO()
    code = main([str(a) for a in argv], out=out, err=err)
    for stream in (out.getvalue(), err.getvalue()):
        found = BIDI.search(stream)
        assert found is None, f"{found.group()!r} in {stream!r}"
    return code, out.getvalue(), err.getvalue()


def test_a_roster_s_names_are_shown_without_them_and_exported_with_them(
    tmp_path: Path,
) -> None:
    text = GANGERS.read_text(encoding="utf-8")
    text = text.replace('name = "Rust Rats"', f'name = "Rust {EVIL}Rats"', 1)
    text = text.replace('name = "Big Joe"', 'name = "Big \\u202eJoe"', 1)  # as an escape
    path = tmp_path / "hostile.toml"
    path.write_text(text, encoding="utf-8")
    code, out, _ = run("validate", path)
    assert code == 0 and out.startswith("Rust Rats: Gangers")
    code, out, _ = run("show", path)
    assert code == 0 and "Rust Rats" in out and "Big Joe" in out
    code, out, _ = run("show", path, out=_Terminal())  # the styled sheet
    assert code == 0 and "Rust Rats" in out and "\x1b[" in out
    for form in ("text", "markdown", "json", "html"):
        code, out, _ = run("export", path, "--format", form)
        assert code == 0 and "Rust Rats" in out
        written = tmp_path / f"list.{form}"
        assert run("export", path, "--format", form, "-o", written)[0] == 0
        assert f"Rust {EVIL}Rats" in written.read_text(encoding="utf-8"), form


def test_battlescribe_names_are_shown_without_them_and_imported_with_them(
    tmp_path: Path,
) -> None:
    games = tmp_path / "games"
    folder = copy_system("gaslands", games)
    cat = folder / "Gaslands.cat"
    data = cat.read_bytes()
    cat.write_bytes(data.replace(b'name="Gaslands"', f'name="Gas{EVIL}lands"'.encode(), 1))
    code, out, _ = run("--catalog-dir", games, "catalogs")
    assert code == 0 and "  Gaslands (Gaslands.cat)" in out
    team = tmp_path / "team.toml"
    args = ("--catalog-dir", games)
    assert run(*args, "new", "gaslands", "gaslands", "--points", "50", "-o", team)[0] == 0
    assert run(*args, "add", team, "Car")[0] == 0
    ros = tmp_path / "team.ros"
    assert run(*args, "export", team, "--format", "ros", "-o", ros)[0] == 0
    xml = ros.read_text(encoding="utf-8")
    ros.write_text(xml.replace('name="Car"', f'name="C{EVIL}ar"', 1), encoding="utf-8")
    imported = tmp_path / "imported.toml"
    assert run(*args, "import", ros, "-o", imported)[0] == 0
    assert f"C{EVIL}ar" in imported.read_text(encoding="utf-8")  # the file keeps the text
    code, out, _ = run(*args, "show", imported)
    assert code == 0 and "Car" in out
