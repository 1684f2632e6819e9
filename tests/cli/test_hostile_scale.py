"""BattleScribe data built to be slow by its size, under the size caps (issue 31): run as
a user would, each command in a process of its own under limits of memory and CPU time,
so a command that went quadratic fails the test instead of holding the machine.

- A catalogue of 200,000 ``append`` modifiers on one entry's name (13 MB, under the 40
  MB cap): each append copied the name the ones before had grown, so every evaluation
  took a minute; now a name is cut at ``MAX_NAME`` characters and each append costs
  the same (``model.bsdata.modifiers``).

The files are made at test time in ``tmp_path`` (a 13 MB file is not kept in the
repository).
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from model.bsdata.modifiers import CUT, MAX_NAME
from tests.conftest import ROOT

_LIMITED = """
import resource, sys
resource.setrlimit(resource.RLIMIT_AS, (1024 * 2**20, 1024 * 2**20))
resource.setrlimit(resource.RLIMIT_CPU, ({cpu}, {cpu}))
from tui.cli import main
sys.exit(main(sys.argv[1:]))
"""


def limited(*argv: str, cpu: int = 30) -> subprocess.CompletedProcess[str]:
    """``warband ARGV`` in a process of 1 GB of address space and ``cpu`` seconds of CPU
    time (a process over it is killed: no exit code the test accepts)."""
    return subprocess.run(
        [sys.executable, "-c", _LIMITED.format(cpu=cpu), *argv],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=cpu * 4,
    )


GST = (
    '<gameSystem id="gs" name="Test Game" revision="1" battleScribeVersion="2.03" '
    'xmlns="http://www.battlescribe.net/schema/gameSystemSchema">'
    '<costTypes><costType id="pts" name="pts" defaultCostLimit="-1"/></costTypes>'
    '<forceEntries><forceEntry id="team" name="Team"/></forceEntries></gameSystem>'
)


def _appending_game(folder: Path, appends: int) -> None:
    """A game whose one catalogue has a Unit with ``appends`` name appends."""
    folder.mkdir(parents=True)
    (folder / "test.gst").write_text(GST, encoding="utf-8")
    modifiers = '<modifier type="append" field="name" value="(a veteran of wars)"/>' * appends
    (folder / "test.cat").write_text(
        '<catalogue id="cat" name="Faction" revision="1" battleScribeVersion="2.03" '
        'gameSystemId="gs" gameSystemRevision="1" '
        'xmlns="http://www.battlescribe.net/schema/catalogueSchema"><selectionEntries>'
        '<selectionEntry id="unit" name="Unit" type="unit"><modifiers>'
        + modifiers
        + '</modifiers><costs><cost name="pts" typeId="pts" value="10"/></costs>'
        "</selectionEntry></selectionEntries></catalogue>",
        encoding="utf-8",
    )


ROS = (
    '<roster id="r" name="Vets" gameSystemId="gs" '
    'xmlns="http://www.battlescribe.net/schema/rosterSchema"><forces>'
    '<force id="f" name="Team" entryId="team" catalogueId="cat"><selections>'
    '<selection id="s" name="Unit" entryId="unit" number="1" type="unit"/>'
    "</selections></force></forces></roster>"
)


def test_200000_name_appends_are_read_and_shown_under_limits(tmp_path: Path) -> None:
    catalogs = tmp_path / "catalogs"
    _appending_game(catalogs / "vets", 200_000)
    assert (catalogs / "vets" / "test.cat").stat().st_size > 13_000_000
    ros, toml = tmp_path / "vets.ros", tmp_path / "vets.toml"
    ros.write_text(ROS, encoding="utf-8")
    done = limited("--catalog-dir", str(catalogs), "import", str(ros), "-o", str(toml))
    assert done.returncode == 0, done.stderr[-2000:]
    done = limited("--catalog-dir", str(catalogs), "show", str(toml))
    assert done.returncode == 0, done.stderr[-2000:]
    shown = next(line for line in done.stdout.splitlines() if line.startswith("1. Unit"))
    name = ("Unit" + " (a veteran of wars)" * 10)[: MAX_NAME - 1] + CUT
    assert shown.startswith(f"1. {name},"), shown
