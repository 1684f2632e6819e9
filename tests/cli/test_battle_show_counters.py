"""`battle show` prints a counter the way the tracker shows it: an order chip by its option
("Order chip Stationary", not "Order chip 2"), face down as "placed". History: issue 16."""

from __future__ import annotations

import io
from pathlib import Path

from model.battle.events import NextPhase, SetCounter
from saves.battle_file import write_battle
from saves.battle_read import read_battle
from tests.conftest import FIXTURES
from tui.cli import main

ROSTERS = FIXTURES / "rosters" / "vsf-colonial"
STATIONARY = 2
"""Options are numbered from 0: Not placed, Moving, Stationary."""


def show(path: Path) -> str:
    out, err = io.StringIO(), io.StringIO()
    assert main(["battle", "show", str(path)], out=out, err=err) == 0, err.getvalue()
    return out.getvalue()


def test_an_order_chip_reads_as_its_option_once_revealed(tmp_path: Path) -> None:
    path = tmp_path / "colonial.battle.toml"
    out, err = io.StringIO(), io.StringIO()
    argv = ["battle", "new", str(ROSTERS / "british-column.toml")]
    argv += [str(ROSTERS / "native-host.toml"), "--seed", "7", "-o", str(path)]
    assert main(argv, out=out, err=err) == 0, err.getvalue()
    battle = read_battle(path)
    battle = battle.record(
        SetCounter(kind="counter", target="A1", counter="order", value=STATIONARY)
    )
    write_battle(path, battle)
    hidden = show(path)
    assert "Order chip placed" in hidden and "Stationary" not in hidden
    write_battle(path, battle.record(NextPhase(kind="next-phase")))  # the reveal
    revealed = show(path)
    assert "Order chip Stationary" in revealed
    assert "Order chip 2" not in revealed
