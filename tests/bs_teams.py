"""Two Gaslands teams built as a player builds them, with warband's own commands over the
shared BSData files (``../shared/bsdata/gaslands``, copied into a catalog folder), for the
tests of battles over BattleScribe lists.

Ann's team: a Car (Hull Points 10) with a Machine Gun (Range Double, Attack 2D6) and a
Buggy (Hull Points 6); Bob's: a Truck (Hull Points 12). Read from Gaslands.gst by hand:
the Car's, Buggy's and Truck's Vehicle profiles and the Machine Gun's Weapon profile.
"""

from __future__ import annotations

import io
from pathlib import Path

from catalogs.library import Library
from model.battle.battle import Battle
from model.battle.bs_forces import new_bs_battle
from model.battle.game_choices import CounterChoice, GameChoices
from saves.bs_roster_file import read_bs_roster
from tests.catalogs.test_bsdata_loading import copy_system
from tui.cli import main


def cli(*argv: str | Path) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = main([str(a) for a in argv], out=out, err=err)
    return code, out.getvalue(), err.getvalue()


def gaslands_teams(tmp_path: Path, folder: Path | None = None) -> tuple[Path, Path, Path]:
    """The catalog folder (``tmp_path / "catalogs"`` unless given; the Gaslands data is
    copied there if it is not yet) and Ann's and Bob's team files, in ``tmp_path``."""
    folder = folder or tmp_path / "catalogs"
    if not (folder / "gaslands").exists():
        copy_system("gaslands", folder)
    ann, bob = tmp_path / "ann.toml", tmp_path / "bob.toml"
    steps: list[tuple[str | Path, ...]] = [
        ("new", "gaslands", "Gaslands", "--points", "50", "--name", "Ann's Team", "-o", ann),
        ("add", ann, "car"),
        ("add", ann, "Machine Gun", "--into", "Car"),
        ("add", ann, "buggy"),
        ("new", "gaslands", "Gaslands", "--points", "50", "--name", "Bob's Team", "-o", bob),
        ("add", bob, "truck"),
    ]
    for step in steps:
        code, _, err = cli("--catalog-dir", folder, *step)
        assert (code, err) == (0, ""), (step, err)
    return folder, ann, bob


HAZARD = CounterChoice(id="hazard", name="Hazard tokens", short="Haz", max=6)
GASLANDS = GameChoices(damage="Hull Points", counters=(HAZARD,))
"""The choices of the Gaslands battles of the tests: damage against Hull Points, and a
hazard counter per car (Gaslands' hazard tokens: at most 6 before a wipeout)."""


def gaslands_battle(
    tmp_path: Path, *, turn_limit: int | None = None, choices: GameChoices = GASLANDS
) -> Battle:
    """A new battle of Ann's team against Bob's (dice seed 7)."""
    folder, ann, bob = gaslands_teams(tmp_path)
    system = Library(folder).load_battlescribe("gaslands")
    players = [("Ann", read_bs_roster(ann)[0]), ("Bob", read_bs_roster(bob)[0])]
    return new_bs_battle(system, "gaslands", players, choices, turn_limit=turn_limit, seed=7)
