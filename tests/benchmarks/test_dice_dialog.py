"""Opening the tracker's dice dialog (``d``) against opening a plain dialog (``n``, the note).

Issue 16 point 9: the dice helper took 350-440 ms to open while other keys took about
40 ms, because it built the rows of every kind of roll up front; then, with one kind's
rows, 138-155 ms CPU on Punkapocalyptic and 282-347 ms on Steam Wars against 35-43 ms,
almost all of it Textual composing, styling and laying out widgets (each Select is five;
each row three or four containers; every ``compact=True`` restyles a widget before it is
mounted; the fields' first Changed messages laid the form out again): see
``tui.dialogs.dice.light`` and ``tui.dialogs.dice.rows`` for what was cut (since, the
form is one grid, not a container per row, and ``tui.opening`` skips the second
layout Textual gives a new screen: 90-100 ms against 31 on Steam Wars). Each line prints, for
a game, the time from pressing ``d`` in the tracker until the dialog is mounted and the
app idle, in wall time and in CPU time of the process (``time.process_time``), against
pressing ``n`` (the note's prompt, a plain dialog) the same way in the same run; each
dialog is closed with Escape before the next press. The battles are the bundled
catalogs' lists: the fixture lists Gangers against Mutards (Punkapocalyptic), and
infantry, heavy infantry and The Iron Man against infantry and a light tank (Steam
Wars, the units of the catalog's sample cards).
"""

from __future__ import annotations

import asyncio
import time
from pathlib import Path

import pytest
from textual.pilot import Pilot

from model.battle.battle import Battle, new_battle
from model.roster.roster import RosterUnit
from saves.battle_file import write_battle
from saves.roster_file import read_roster
from tests.benchmarks.conftest import report_key
from tests.conftest import FIXTURES
from tests.helpers import bundled, roster
from tests.tui.driver import Folders, app_in
from tui.dialogs.prompt import PromptDialog
from tui.screens.tracker.screen import TrackerScreen

pytestmark = pytest.mark.benchmark

GOAL_MS = 100.0
"""What opening the dice dialog may cost above a plain dialog (issue 16 point 9)."""

PUNK_LISTS = ("gangers/legal-500", "mutards/legal-500")
"""Punkapocalyptic's two fixture lists (under ``tests/fixtures/rosters``)."""

STEAM_WARS = (
    (RosterUnit(unit="infantry", models=6), RosterUnit(unit="heavy-infantry", models=5)),
    (RosterUnit(unit="infantry", models=6), RosterUnit(unit="light-tank")),
)
"""Steam Wars' two lists (its fixture list has designed units the catalog lacks)."""

Times = dict[str, list[float]]


def game_battle(system: str) -> Battle:
    catalog = bundled(system)
    if system == "steam-wars":
        view = catalog.view("any")
        lists = [roster(view, *units) for units in STEAM_WARS]
    else:
        lists = [read_roster(FIXTURES / "rosters" / f"{name}.toml")[0] for name in PUNK_LISTS]
    sides = [
        (name, listed, catalog.view(listed.faction))
        for name, listed in zip(("Ana", "Ben"), lists, strict=True)
    ]
    return new_battle(catalog, sides, seed=7)


async def _opened(pilot: Pilot[None], times: Times, key: str, dialog: str) -> None:
    """Press ``key``; record wall and CPU seconds until the dialog is up and the app idle;
    close it."""
    wall, cpu = time.perf_counter(), time.process_time()
    await pilot.press(key)
    await pilot.pause()
    times.setdefault(key, []).append(time.perf_counter() - wall)
    times.setdefault(key + " cpu", []).append(time.process_time() - cpu)
    assert type(pilot.app.screen).__name__ == dialog, pilot.app.screen
    await pilot.press("escape")
    await pilot.pause()
    assert isinstance(pilot.app.screen, TrackerScreen), pilot.app.screen


async def _open_dialogs(path: Path, tmp: Path, rounds: int) -> Times:
    times: Times = {}
    app = app_in(Folders(tmp), battle_path=path, offer_recovery=False)
    app.animation_level = "none"
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, TrackerScreen)
        for _ in range(rounds):
            await _opened(pilot, times, "d", "DiceDialog")
            await _opened(pilot, times, "n", PromptDialog.__name__)
    return times


@pytest.mark.parametrize("system", ["punkapocalyptic", "steam-wars"])
def test_open_the_dice_dialog_vs_a_plain_dialog(system: str, tmp_path: Path) -> None:
    """``d`` (the dice helper) against ``n`` (the note's prompt) in the tracker."""
    path = tmp_path / "saves" / f"{system}.battle.toml"
    path.parent.mkdir(parents=True)
    write_battle(path, game_battle(system))
    times = asyncio.run(_open_dialogs(path, tmp_path, 9))
    for clock in ("", " cpu"):
        report_key(
            f"{system}: open the dice dialog (d) [{'CPU' if clock else 'wall'}]",
            times["d" + clock],
            times["n" + clock],
            "the note's prompt (n)",
            GOAL_MS,
        )
