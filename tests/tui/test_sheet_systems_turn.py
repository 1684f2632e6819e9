"""A whole turn of each sheet system in the tracker, from two list files, with keys.

For Steampocalypse 1909, Reikhammer and the colonial sheet: ``warband battle new``
starts a battle from two of the bundled roster fixtures, the app resumes it, and the
turn is played as a player would: the roll-off (``o``), each unit activated where the
cursor puts it (``Enter``), one action taken from the action list (``a``), each
activation ended (``e``), phases moved on (``x``), the turn ended (``t``). The checks
are on the battle the app saved: every unit that could act did, and turn 2 has begun.
"""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from textual.pilot import Pilot

from saves.battle_read import read_battle
from tests.conftest import FIXTURES
from tests.tui.driver import Folders, app_in, keys, pick
from tui.app import WarbandApp
from tui.cli import main
from tui.screens.tracker.screen import TrackerScreen

ROSTERS = FIXTURES / "rosters"
SIZE = (120, 40)

GAMES = {
    "steampocalypse-1909": ("patrol-brookwater", "patrol-captain", "Move"),
    "reikhammer": ("iron-line", "steel-host", "Advance"),
    "vsf-colonial": ("british-column", "native-host", None),
}
"""Each system: the two lists, and an action the first unit takes (None: none)."""


def start(folders: Folders, system: str) -> Path:
    first, second, _ = GAMES[system]
    path = folders.saves / f"{system}.battle.toml"
    path.parent.mkdir(parents=True, exist_ok=True)
    out, err = io.StringIO(), io.StringIO()
    argv = [
        "battle",
        "new",
        str(ROSTERS / system / f"{first}.toml"),
        str(ROSTERS / system / f"{second}.toml"),
        "--seed",
        "7",
        "-o",
        str(path),
    ]
    assert main(argv, out=out, err=err) == 0, err.getvalue()
    return path


def tracker(app: WarbandApp) -> TrackerScreen:
    screen = app.screen
    assert isinstance(screen, TrackerScreen), screen
    return screen


async def play_turn(pilot: Pilot[None], screen: TrackerScreen, action: str | None) -> set[str]:
    """Play the current turn to its end with keys; the actors that activated."""
    activated: set[str] = set()
    phases = screen.state.tracker.turns.phases
    for _ in range(200):
        state = screen.state
        if state.turn > 1 or state.ended:
            return activated
        up = state.next_up()
        if up.needs_roll_off:
            await keys(pilot, "o", "enter")  # side A goes first
            assert screen.state.next_up().needs_roll_off is False
        elif not up.turn_over:
            await keys(pilot, "enter")
            actor = screen.state.active
            assert actor is not None, "Enter activates the unit under the cursor"
            if action is not None and not activated:
                used = screen.state.counter(actor, screen.state.tracker.used_counter)
                await keys(pilot, "a")
                await pick(pilot, action)
                assert screen.state.counter(actor, screen.state.tracker.used_counter) == used + 1
            activated.add(actor)
            await keys(pilot, "e")
        elif phases and state.phase + 1 < len(phases):
            before = state.phase
            await keys(pilot, "x")
            assert screen.state.phase == before + 1
        else:
            await keys(pilot, "t")
    raise AssertionError("the turn did not end")


@pytest.mark.parametrize("system", sorted(GAMES))
async def test_a_whole_turn_from_two_lists(tmp_path: Path, system: str) -> None:
    folders = Folders(tmp_path)
    path = start(folders, system)
    app = app_in(folders, battle_path=path, offer_recovery=False)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = tracker(app)
        assert screen.state.turn == 1
        actors = set(screen.state.actors())
        activated = await play_turn(pilot, screen, GAMES[system][2])
        assert activated == actors  # every unit of both lists acted
        assert screen.state.turn == 2
    saved = read_battle(path).state
    assert saved.turn == 2 and not saved.ended
    assert saved.phase == 0  # the new turn starts at its first phase
