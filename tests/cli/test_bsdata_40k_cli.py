"""Warhammer 40,000 as a new user would try it: with the 10th edition (XML) and the 11th
edition (New Recruit's JSON, four catalogues missing) in the catalog folder, ``catalogs``
lists both as usable games, and a Space Marines (10th) and a Necrons (11th) list are built
with ``new`` and ``add``, validated, shown, exported to ``.ros`` and read back as the same
list.

The data is read from ``../shared/bsdata`` (linked into the catalog folder, never
copied). Marked ``real_data``: the two games are 66 MB together, so these take a few
seconds each; alone: ``pytest -m real_data -n 0 tests/cli/test_bsdata_40k_cli.py``.

History: issue 33's "done when".
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.cli.test_bsdata_catalogs_cli import run
from tests.model.bsdata.shared_data import BSDATA

pytestmark = [
    pytest.mark.real_data,
    pytest.mark.skipif(
        not (BSDATA / "wh40k-10e").is_dir() or not (BSDATA / "wh40k-11e").is_dir(),
        reason="no wh40k-10e or wh40k-11e in ../shared/bsdata",
    ),
]

GAMES = (
    (
        "wh40k-10e",
        "Imperium - Space Marines",
        (
            ("2. Strike Force (2000 Point limit)", "Battle Size"),
            ("Gladius Task Force", "Detachment"),
            ("Captain", None),
            ("Intercessor Squad", None),
        ),
        "160 pts",
    ),
    (
        "wh40k-11e",
        "Xenos - Necrons",
        (
            ("2. Strike Force (2000 Point limit)", "Battle Size"),
            ("Awakened Dynasty", "Detachment"),
            ("Take and Hold", "Force Disposition"),
            ("Overlord", None),
            ("Necron Warriors", None),
        ),
        "170 pts",
    ),
)
"""Each game, the faction built, what is added (and into which selection), and how the
list's points line starts once it holds it: the costs are the data's (a Captain is 80 pts
and an Intercessor Squad 80 in 10th; an Overlord 90 and a unit of Necron Warriors 80 in
11th, which sets no points limit on the roster itself)."""


@pytest.fixture
def games(tmp_path: Path) -> Path:
    folder = tmp_path / "games"
    folder.mkdir()
    for system in ("wh40k-10e", "wh40k-11e"):
        (folder / system).symlink_to(BSDATA / system, target_is_directory=True)
    return folder


def test_both_editions_are_listed_as_usable_games(games: Path) -> None:
    code, out, err = run("--catalog-dir", str(games), "catalogs")
    assert (code, err) == (0, "")
    lines = out.splitlines()
    # usable, each with its count of warnings (links to files not there, New Recruit's
    # extensions warband reads but does not evaluate ...): ``catalogs --check`` lists them
    assert (
        "wh40k-10e: Warhammer 40,000 10th Edition (revision 36, BattleScribe data, user; "
        "1,099 warnings)"
    ) in lines
    assert (
        "wh40k-11e: Warhammer 40,000 11th Edition (revision 6, BattleScribe data, user; "
        "5,648 warnings)"
    ) in lines
    assert "  Imperium - Space Marines (Imperium - Space Marines.cat)" in lines
    assert "  Xenos - Necrons (Necrons.json)" in lines


@pytest.mark.parametrize(("system", "faction", "adds", "points"), GAMES, ids=[g[0] for g in GAMES])
def test_a_list_is_built_validated_shown_and_shared_through_ros(
    system: str,
    faction: str,
    adds: tuple[tuple[str, str | None], ...],
    points: str,
    games: Path,
    tmp_path: Path,
) -> None:
    folder = ("--catalog-dir", str(games))
    army = tmp_path / "army.toml"
    code, out, err = run(*folder, "new", system, faction, "-o", str(army))
    assert (code, err) == (0, ""), out
    article = "an" if faction.startswith("I") else "a"  # an Imperium list, a Xenos one
    assert out.startswith(f"wrote {army}: {article} {faction} list"), out
    for name, into in adds:
        code, out, err = run(*folder, "add", str(army), name, *(("--into", into) if into else ()))
        assert code in (0, 1) and err == "", (name, out, err)  # added; the list may break a rule
    code, out, err = run(*folder, "validate", str(army))
    assert code in (0, 1) and err == ""
    verdict = out.splitlines()[1]
    assert verdict.startswith(points), verdict
    code, out, err = run(*folder, "show", str(army))
    assert code in (0, 1) and err == ""
    for name, _ in adds:
        assert name in out
    ros = tmp_path / "army.ros"
    code, out, err = run(*folder, "export", str(army), "--format", "ros", "-o", str(ros))
    assert (code, err) == (0, "")
    assert ros.read_bytes().startswith(b"<?xml")
    back = tmp_path / "back.toml"
    code, out, err = run(*folder, "import", str(ros), "-o", str(back))
    assert (code, err) == (0, "")
    assert back.read_text(encoding="utf-8") == army.read_text(encoding="utf-8")
    code, out, _ = run(*folder, "validate", str(back))
    assert out.splitlines()[1] == verdict
