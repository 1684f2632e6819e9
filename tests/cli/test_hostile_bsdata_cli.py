"""Hostile BattleScribe files at the command line: a ``.ros``/``.rosz`` that cannot be
read exits 2 with "cannot read FILE" and why, never a traceback; a ``.cat`` that cannot
be read in the catalog folder stops its own game only, so ``warband catalogs`` still
lists every other one.

Each file is one that ``model.parse.xml_guard`` refuses (an encoding pyexpat cannot
read, an encrypted zip, a zip whose file is shorter than its header says); the imports
run in a fresh interpreter under a 300 MB address-space limit and a 20 s timeout, as the
guard's own hostile files do (``tests/model/bsdata/test_xml_guard.py``).
"""

from __future__ import annotations

import io
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from tests.catalogs.test_bsdata_loading import copy_system
from tests.conftest import ROOT
from tests.model.bsdata.test_xml_guard import _cut_short, _encrypted, _zip
from tui.cli import main

ROSTER = (
    b'<roster id="r" name="R" gameSystemId="gs" '
    b'xmlns="http://www.battlescribe.net/schema/rosterSchema"/>'
)


def _declaring(encoding: str, body: bytes) -> bytes:
    return f'<?xml version="1.0" encoding="{encoding}"?>\n'.encode() + body


ROSTERS: dict[str, tuple[str, Callable[[], bytes], str]] = {
    # name: (suffix, the file's bytes, why it cannot be read)
    "an unknown encoding": (
        ".ros",
        lambda: _declaring("foo", ROSTER),
        'it declares the encoding "foo", which warband does not know',
    ),
    "Shift-JIS": (
        ".ros",
        lambda: _declaring("shift_jis", ROSTER),
        'it declares the encoding "shift_jis", which warband cannot read',
    ),
    "UTF-7": (
        ".ros",
        lambda: _declaring("utf-7", ROSTER),
        'it declares the encoding "utf-7", which warband cannot read',
    ),
    "an encrypted zip": (
        ".rosz",
        lambda: _encrypted(_zip({"r.ros": ROSTER})),
        "the zip archive is encrypted, and warband asks for no password",
    ),
    "a zip cut short": (
        ".rosz",
        lambda: _cut_short(ROSTER),
        "the zip archive is cut short",
    ),
}

_RUN = """
import resource, sys
resource.setrlimit(resource.RLIMIT_AS, (300 * 2**20, 300 * 2**20))
from tui.cli import main
sys.exit(main(sys.argv[1:]))
"""


def run(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = main(list(argv), out=out, err=err)
    return code, out.getvalue(), err.getvalue()


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    catalogs = tmp_path / "catalogs"
    copy_system("gaslands", catalogs)
    copy_system("zone-raiders", catalogs)
    return catalogs


@pytest.mark.parametrize("case", list(ROSTERS))
def test_import_of_a_roster_it_cannot_read_exits_2_saying_why(
    case: str, folder: Path, tmp_path: Path
) -> None:
    suffix, make, why = ROSTERS[case]
    path = tmp_path / f"hostile{suffix}"
    path.write_bytes(make())
    out = tmp_path / "imported.toml"
    argv = ["--catalog-dir", str(folder), "import", str(path), "-o", str(out)]
    done = subprocess.run(
        [sys.executable, "-c", _RUN, *argv],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=20,
    )
    assert (done.returncode, done.stdout) == (2, ""), done.stderr[-2000:]
    assert "Traceback" not in done.stderr and "bug" not in done.stderr
    lines = done.stderr.splitlines()
    assert len(lines) == 2 and lines[0] == f"cannot read {path}", lines
    assert lines[1].startswith(f"  {path}{_at(suffix)}: {why}"), lines
    assert not out.exists()


def _at(suffix: str) -> str:
    """The line a refusal gives: the declaration's, for an encoding; none for a zip."""
    return ":1" if suffix == ".ros" else ""


CATALOGUES = {
    "an unknown encoding": (
        _declaring("foo", b'<catalogue id="x" name="X" gameSystemId="gs"/>'),
        'Broken.cat:1: it declares the encoding "foo", which warband does not know',
    ),
    "Big5": (
        _declaring("big5", b'<catalogue id="x" name="X" gameSystemId="gs"/>'),
        'Broken.cat:1: it declares the encoding "big5", which warband cannot read',
    ),
    "GBK": (
        _declaring("gbk", b'<catalogue id="x" name="X" gameSystemId="gs"/>'),
        'Broken.cat:1: it declares the encoding "gbk", which warband cannot read',
    ),
}


@pytest.mark.parametrize("case", list(CATALOGUES))
def test_a_catalogue_it_cannot_read_is_an_error_of_its_own_game_only(
    case: str, folder: Path
) -> None:
    """The catalogue is not used; its game still loads, listed with the error counted
    (``SEMANTICS.md`` rule F1), and no other game is touched."""
    data, why = CATALOGUES[case]
    (folder / "gaslands" / "Broken.cat").write_bytes(data)
    code, out, err = run("--catalog-dir", str(folder), "catalogs")
    assert (code, err) == (0, "")
    lines = out.splitlines()
    assert lines[0].startswith("punkapocalyptic: Punkapocalyptic")  # the bundled ones
    assert (
        "gaslands: Gaslands (revision 25, BattleScribe data, user; 1 error: warband catalogs "
        f"--check {folder / 'gaslands'})"
    ) in lines
    start = lines.index("zone-raiders: Zone Raiders (revision 6, BattleScribe data, user)")
    assert lines[start + 1 : start + 3] == [
        "  Atropics (Atropics.cat)",
        "  Exanthropes (Exanthropes.cat)",
    ]
    assert run("--catalog-dir", str(folder), "catalogs", "zone-raiders")[0] == 0
    code, out, err = run(
        "--catalog-dir", str(folder), "catalogs", "--check", str(folder / "gaslands")
    )
    assert code == 1 and "Traceback" not in out + err
    assert why in out + err
    code, out, err = run("--catalog-dir", str(folder), "catalogs", "gaslands")
    assert (code, err) == (0, "") and "Gaslands.cat" in out
