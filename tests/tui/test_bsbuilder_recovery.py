"""Recovery copies of lists over BattleScribe data, as for warband's own lists
(``tests/tui/test_app.py`` ``TestRecovery``): an edit in the builder reaches a recovery
file within a fraction of a second; the next start offers it back in the same dialog,
and the list comes back unsaved, saving to its own file; saving or a deliberate Discard
removes the copy, and a copy whose game is gone is kept and the reason said.

The list is the Gaslands one of ``tests/tui/test_bsbuilder.py``: a Car and a Machine
Gun in it are 12 + 2 = 14 cans and 1 build slot; a Buggy is 6 cans.
"""

from __future__ import annotations

import shutil
import time

from textual.pilot import Pilot

from model.bsdata.roster import BsRoster
from model.bsdata.roster_toml import BsRosterFile
from saves.bs_roster_file import read_bs_roster
from saves.recovery import Recovered, find_recoveries
from tests.tui.driver import Folders, app_in, keys
from tests.tui.test_bsbuilder import add, builder, new_team, run, status
from tui.dialogs.choice import ChoiceDialog
from tui.screens.home import HomeScreen


def copies(folders: Folders) -> list[Recovered]:
    found, notes = find_recoveries(folders.saves / ".recovery")
    assert notes == []
    return found


async def copy_of(pilot: Pilot[None], folders: Folders, roster: BsRoster) -> Recovered:
    """The recovery copy of ``roster``, once the writer has written it (the app runs on:
    nothing is flushed by closing it)."""
    deadline = time.monotonic() + 10  # generous: the machine may be busy
    while True:
        found = copies(folders)
        if found and found[0].roster == BsRosterFile("gaslands", roster):
            return found[0]
        assert time.monotonic() < deadline, f"no copy of the edit: {found}"
        await pilot.pause(0.05)


async def test_unsaved_work_survives_a_crash_and_saves_to_its_own_file(folders: Folders) -> None:
    path = new_team(folders)
    before = path.read_bytes()
    app = app_in(folders, open_path=path, offer_recovery=False)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        await add(pilot, "car")
        await add(pilot, "machine gun")
        unsaved = builder(app).roster
        copy = await copy_of(pilot, folders, unsaved)
        assert copy.source == path
        shown = status(app)
        assert shown == "✓ valid · 14/50 Cans · 1 Build Slots"
    assert path.read_bytes() == before  # nothing was saved: only the copy has the edit

    app = app_in(folders)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, ChoiceDialog)
        assert dialog.message == (
            "warband closed with unsaved changes to 'Gaslands' (gaslands, BattleScribe data, "
            f"4 selections; file: {path})."
        )
        await keys(pilot, "enter")  # Recover: the default
        assert builder(app).roster == unsaved
        assert builder(app).dirty
        assert builder(app).title == "Gaslands *"
        assert status(app) == shown
        await keys(pilot, "ctrl+s")
        assert not builder(app).dirty
        assert copies(folders) == []
    assert read_bs_roster(path)[0].roster == unsaved
    code, out = run("--catalog-dir", str(folders.catalogs), "validate", str(path))
    assert (code, out.splitlines()[1]) == (0, "14/50 Cans, 1 Build Slots: valid")


async def test_saving_removes_the_copy(folders: Folders) -> None:
    path = new_team(folders)
    app = app_in(folders, open_path=path, offer_recovery=False)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        await add(pilot, "buggy")
        await copy_of(pilot, folders, builder(app).roster)
        await keys(pilot, "ctrl+s")
        assert copies(folders) == []
        await keys(pilot, "ctrl+z")  # unsaved again: copied again
        await copy_of(pilot, folders, builder(app).roster)
        await keys(pilot, "ctrl+y")  # as the file is: nothing to recover
        assert copies(folders) == []


async def test_discarding_the_changes_removes_the_copy(folders: Folders) -> None:
    path = new_team(folders)
    before = path.read_bytes()
    app = app_in(folders, open_path=path, offer_recovery=False)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        await add(pilot, "buggy")
        await copy_of(pilot, folders, builder(app).roster)
        await keys(pilot, "q")
        await pilot.click("#choice-discard")
        await pilot.pause()
        assert isinstance(app.screen, HomeScreen)
        assert copies(folders) == []
    assert path.read_bytes() == before


async def test_a_copy_whose_game_is_gone_is_kept_and_explained(folders: Folders) -> None:
    path = new_team(folders)
    app = app_in(folders, open_path=path, offer_recovery=False)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        await add(pilot, "buggy")
        unsaved = builder(app).roster
        await copy_of(pilot, folders, unsaved)
    shutil.rmtree(folders.catalogs / "gaslands")
    app = app_in(folders)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, ChoiceDialog)
        await keys(pilot, "enter")  # Recover
        assert isinstance(app.screen, HomeScreen)
        [told] = [n.message for n in app._notifications if "Cannot recover" in n.message]
        assert told.startswith("Cannot recover 'Gaslands' now: no BattleScribe data for")
        assert told.endswith("Its copy was kept: it is offered again at the next start.")
    [kept] = copies(folders)
    assert kept.roster == BsRosterFile("gaslands", unsaved)
