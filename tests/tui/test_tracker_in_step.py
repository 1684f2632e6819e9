"""The tracker stays in step with the battle: the line under the tables shows the model
under the cursor wherever the cursor went, the side shown is the side to act after a
roll-off as after an activation's end, the end of the game names the winner and offers no
more turns or wounds, and the rest passing is undone in one go. History: issue 31."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import Static

from tests.tui.driver import Folders, app_in, keys
from tests.tui.test_table_edges_tracker import shown
from tests.tui.test_tracker import one_activation, pick, start, tracker
from tui.dialogs.message import MessageDialog
from tui.dialogs.pick import PickDialog
from tui.screens.tracker.screen import TrackerScreen
from tui.widgets.side_table import SideTable


def detail(screen: TrackerScreen) -> str:
    return str(screen.query_one("#model-detail", Static).render())


def in_step(screen: TrackerScreen) -> None:
    """The side shown (its tab on a narrow terminal), the table focused and the line
    under the tables all show the model under the cursor."""
    focused = screen.focused
    assert isinstance(focused, SideTable)
    assert focused.side == screen.shown_side
    tabs = screen._side_tabs()
    if tabs is not None:
        assert tabs.active == f"side-{screen.shown_side}"
    model_id = focused.model_id
    assert model_id is not None
    assert detail(screen).startswith(f"{model_id} "), (model_id, detail(screen))


async def test_the_model_line_follows_the_cursor_to_the_other_side(tmp_path: Path) -> None:
    folders = Folders(tmp_path)
    app = app_in(folders, battle_path=start(folders), offer_recovery=False)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        screen = tracker(app)
        in_step(screen)
        while screen.shown_side == 1:  # side B's fast models, then side A is to act
            await one_activation(pilot)
        assert screen.state.next_up().side == 0
        in_step(screen)
        await keys(pilot, "down")
        in_step(screen)


async def test_a_roll_off_shows_the_side_to_act(tmp_path: Path) -> None:
    folders = Folders(tmp_path)
    app = app_in(folders, battle_path=start(folders), offer_recovery=False)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        screen = tracker(app)
        while not screen.state.next_up().needs_roll_off:
            await one_activation(pilot)
        assert screen.shown_side == 0
        await keys(pilot, "o")
        await pick(pilot, "B:")
        assert screen.state.next_up().side == 1
        assert screen.shown_side == 1
        in_step(screen)


async def test_l_on_a_beast_says_why_before_asking_for_a_round(tmp_path: Path) -> None:
    folders = Folders(tmp_path)
    app = app_in(folders, battle_path=start(folders), offer_recovery=False)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        screen = tracker(app)
        assert screen._model() == "B18"  # a Mongrelmorph: a Beast, first to act
        await keys(pilot, "l")
        assert app.screen is screen  # no round asked for
        told = [n.message for n in app._notifications]
        assert any("its Beast rule forbids delaying" in m for m in told), told
        assert not screen.battle.events


async def test_a_beast_is_offered_only_what_it_can_do(tmp_path: Path) -> None:
    """RB ch.4 Beast: no Interact; RB ch.2: Combat and Disengage only while engaged (greyed
    with the reason until then: an Assault engages)."""
    folders = Folders(tmp_path)
    app = app_in(folders, battle_path=start(folders), offer_recovery=False)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        await keys(pilot, "enter", "a")  # B18, a Mongrelmorph, is first to act
        dialog = app.screen
        assert isinstance(dialog, PickDialog)
        offered = {label: reason for label, _, reason in dialog.choices}
        assert "Interact" not in offered, offered
        for action in ("Combat", "Disengage"):
            assert offered[action] == f"B18 cannot {action}: it needs Engaged"
        assert offered["Assault"] is None and offered["Move"] is None
        await pick(pilot, "Assault")
        await keys(pilot, "a")
        dialog = app.screen
        assert isinstance(dialog, PickDialog)
        offered = {label: reason for label, _, reason in dialog.choices}
        assert offered["Combat"] is None and offered["Disengage"] is None


async def test_the_end_names_the_winner_once_and_offers_no_more_play(tmp_path: Path) -> None:
    folders = Folders(tmp_path)
    app = app_in(folders, battle_path=start(folders), offer_recovery=False)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        screen = tracker(app)
        await keys(pilot, "s")
        await pick(pilot, "A:")
        await keys(pilot, "enter")  # the prompt's 1 victory point
        assert screen.state.vp == [1, 0]
        for action in ("end_turn", "wound", "counters"):
            assert action in shown(screen)
        await keys(pilot, "g")
        await pilot.click("#choice-end")
        assert screen.state.ended
        dialog = app.screen
        assert isinstance(dialog, MessageDialog)
        counted = dialog.body
        assert counted.startswith("Side A (Ann) wins on victory points (1 to 0).")
        await keys(pilot, "escape")
        assert app.screen is screen
        status = str(screen.query_one("#battle-status", Static).render())
        assert status == "Turn 1/6 · game over: side A (Ann) wins on victory points (1 to 0)"
        now = shown(screen)
        for action in ("end_turn", "wound", "counters"):
            assert action not in now, now
        assert "undo" in now
        await keys(pilot, "k", "w", "t")  # nothing to do, and nothing happens
        assert app.screen is screen
        assert len(screen.battle.events) == 2


async def test_passing_the_rest_and_ending_the_turn_is_one_undo(tmp_path: Path) -> None:
    folders = Folders(tmp_path)
    app = app_in(folders, battle_path=start(folders), offer_recovery=False)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        screen = tracker(app)
        before = len(screen.battle.events)
        for _ in range(20):  # each roll-off stops the passing: roll off, press t again
            if screen.state.next_up().needs_roll_off:
                await keys(pilot, "o")
                await pick(pilot, "A:")
            before = len(screen.battle.events)
            await keys(pilot, "t")
            await pilot.click("#choice-pass")
            if screen.state.turn == 2:
                break
        assert screen.state.turn == 2
        assert len(screen.battle.events) > before + 3  # idle turns, and the end of the turn
        await keys(pilot, "ctrl+z")
        assert len(screen.battle.events) == before
        assert screen.state.turn == 1
        await keys(pilot, "ctrl+y")
        assert screen.state.turn == 2
