"""BattleScribe games loaded fast and lean: read with the garbage collector held off.

A big game (Warhammer 40,000: 46 files, 25 MB of XML) reads into a few million frozen
values. Python's collector starts a collection every few hundred new objects and its
older generations rescan what is already alive, so the longer the read runs, the more of
the growing graph each pass walks for nothing: none of it is garbage (frozen values in
a tree hold no cycles to free). Measured on that game (``check_battlescribe``): 3.0 s
with the collector, 2.4 s without; and a full collection after the load then costs
0.23 s each time one comes, for the rest of the run.

So a game is read with the collector off (``collector_held``: disabled in a
``try``/``finally``, its state before put back, so a caller that had it off keeps it
off), and what was read is then frozen (``gc.freeze``: moved to a generation later
collections skip), which makes that 0.23 s nothing. ``gc.freeze`` alone, after the
read, would not help the read itself; disabling alone would leave every later full
collection walking the game. Objects made after the freeze are collected as usual;
the app's screens freeze and unfreeze the process's objects as they open and close
(``tui.collector``), which this does not get in the way of.
"""

from __future__ import annotations

import contextlib
import gc
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from catalogs.bsdata import BsCheck
    from model.bsdata.system import GameSystem


@contextlib.contextmanager
def collector_held() -> Iterator[None]:
    """No collection pass while the body runs; what it made is frozen after (above)."""
    was_on = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_on:
            gc.enable()
    gc.freeze()


def check_game(folder: Path) -> BsCheck:
    """``catalogs.bsdata.check_battlescribe`` of ``folder``, read with the collector
    held off."""
    from catalogs.bsdata import check_battlescribe

    with collector_held():
        return check_battlescribe(folder)


def load_game(folder: Path) -> GameSystem:
    """A folder's game system, as ``catalogs.bsdata.load_battlescribe`` gives it (a
    ``CatalogError`` with every problem that stops it), read through ``check_game``."""
    from model.core.problems import CatalogError

    found = check_game(folder)
    if found.system is None or not found.ok:
        raise CatalogError(
            f"the BattleScribe data in {folder} cannot be used",
            found.unreadable + found.errors,
        )
    return found.system
