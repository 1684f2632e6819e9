"""The battle tracker at the table: a person's keys, and the battle they leave behind.

Each test opens a real battle file (two fixture bands, Gangers against Mutards) the
way ``warband battle resume`` does, presses keys, and checks the battle's state and
the file on disk: saved after every event, resumed exactly.
"""

from __future__ import annotations

from pathlib import Path

from textual.pilot import Pilot
from textual.widgets import Button, OptionList

from model.battle import new_battle
from model.battle_state import BattleState
from model.events import Activate, EndActivation, EndTurn, Roll, RollOff
from saves.battle_file import read_battle, write_battle
from saves.roster_file import read_roster, resolve
from tests.conftest import FIXTURES
from tests.helpers import bundled
from tests.tui.driver import Folders, app_in, keys
from tui.app import WarbandApp
from tui.dialogs.choice import ChoiceDialog
from tui.dialogs.dice import DiceDialog
from tui.dialogs.pick import PickDialog
from tui.screens.home import HomeScreen
from tui.screens.tracker import TrackerScreen

ROSTERS = FIXTURES / "rosters"


def start(folders: Folders, name: str = "game.battle.toml") -> Path:
    """A new battle between the legal 500-point Gangers and Mutards bands, saved."""
    catalog = bundled()
    players = []
    for player, band in (("Ann", "gangers"), ("Bob", "mutards")):
        roster, source = read_roster(ROSTERS / band / "legal-500.toml")
        players.append((player, roster, resolve(roster, source, lambda _: catalog)))
    path = folders.saves / name
    path.parent.mkdir(parents=True, exist_ok=True)
    write_battle(path, new_battle(catalog, players, seed=11))
    return path


def tracker(app: WarbandApp) -> TrackerScreen:
    screen = app.screen
    assert isinstance(screen, TrackerScreen), screen
    return screen


def name(screen: TrackerScreen, model_id: str) -> str:
    return screen.state.model(model_id).label


async def pick(pilot: Pilot[None], label: str) -> None:
    """In an open pick list, go down to the line starting with ``label`` and choose it."""
    dialog = pilot.app.screen
    assert isinstance(dialog, PickDialog), dialog
    listing = dialog.query_one(OptionList)
    wanted = [n for n, (text, _, _) in enumerate(dialog.choices) if text.startswith(label)]
    assert wanted, [c[0] for c in dialog.choices]
    while listing.highlighted != wanted[0]:
        await pilot.press("down")
    await keys(pilot, "enter")


async def one_activation(pilot: Pilot[None], action: str = "Move") -> None:
    """Who the cursor shows is next: activate it, one action, end its turn."""
    await keys(pilot, "enter", "a")
    await pick(pilot, action)
    await keys(pilot, "e")


async def roll_off_if_needed(pilot: Pilot[None], app: WarbandApp) -> None:
    """When both sides have models in the round, side A wins the roll-off."""
    if tracker(app).state.next_up().needs_roll_off:
        await keys(pilot, "o")
        await pick(pilot, "A:")


async def play_turn(pilot: Pilot[None], app: WarbandApp) -> None:
    """Every model acts once (side A wins each roll-off), then the turn ends."""
    screen = tracker(app)
    turn = screen.state.turn
    while screen.state.turn == turn:
        await roll_off_if_needed(pilot, app)
        if screen.state.next_up().turn_over:
            await keys(pilot, "t")
        else:
            await one_activation(pilot)


class TestAtTheTable:
    async def test_a_whole_turn_by_agility_rounds(self, tmp_path: Path) -> None:
        folders = Folders(tmp_path)
        path = start(folders)
        app = app_in(folders, battle_path=path, offer_recovery=False)
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.pause()
            screen = tracker(app)
            # the Mongrelmorphs (Agility 7) open the turn: the cursor is on the first
            assert screen._model() == screen.state.next_up().actors[0]
            await play_turn(pilot, app)
            battle = screen.battle
        state = battle.state
        assert (state.turn, state.ended) == (2, False)
        activated = [e.actor for e in battle.events if isinstance(e, Activate)]
        actors = {m.actor for side in battle.setup.sides for m in side.models}
        assert sorted(activated) == sorted(actors)  # each once
        # from the highest Agility down, as the rules have it
        start_state = BattleState.start(battle.setup)
        rounds = [start_state.actor_round(a) for a in activated]
        assert rounds == sorted(rounds, reverse=True)
        assert sum(isinstance(e, RollOff) for e in battle.events) >= 1
        assert sum(isinstance(e, EndActivation) for e in battle.events) == len(actors)
        assert isinstance(battle.events[-1], EndTurn)
        # nobody carries used actions into the next turn; the file holds every event
        assert all(state.actions_left(a) == state.action_points(a) for a in actors)
        assert read_battle(path) == battle

    async def test_shooting_counts_bullets_and_a_wound_downs_a_model(self, tmp_path: Path) -> None:
        folders = Folders(tmp_path)
        path = start(folders)
        app = app_in(folders, battle_path=path, offer_recovery=False)
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.pause()
            screen = tracker(app)
            while screen.state.next_up().round != 6:  # Big Joe's round: Agility 6
                await roll_off_if_needed(pilot, app)
                await one_activation(pilot)
            joe = screen._model()
            assert joe is not None and screen.state.model(joe).label == "Big Joe (Chief)"
            before = screen.state.counter(joe, "bullets")
            await keys(pilot, "enter", "a")
            await pick(pilot, "Automatic burst")
            assert screen.state.counter(joe, "bullets") == before - 3
            # his target, on the other side's table: two steps down from the top
            await keys(pilot, "tab", "home", "down", "down")
            target = screen._model()
            assert target is not None and target.startswith("B")
            await keys(pilot, "w")
            assert screen.state.is_out(target)
            assert screen.state.summary(1).points_lost == screen.state.model(target).cost
            log = screen.query_one("#battle-log", OptionList)
            last = str(log.get_option_at_index(log.option_count - 1).prompt)
            told = f"{target} {name(screen, target)} takes 1 wound: Downed"
            assert last == f"{len(screen.battle.events)}. {told}"
            await keys(pilot, "ctrl+z")
            assert not screen.state.is_out(target)
            assert log.option_count == len(screen.battle.events)
            await keys(pilot, "ctrl+y")
            assert screen.state.is_out(target)
            assert str(log.get_option_at_index(log.option_count - 1).prompt) == last
            battle = screen.battle
        assert read_battle(path) == battle

    async def test_a_move_out_of_turn_is_refused_with_the_reason(self, tmp_path: Path) -> None:
        folders = Folders(tmp_path)
        path = start(folders)
        app = app_in(folders, battle_path=path, offer_recovery=False)
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.pause()
            screen = tracker(app)
            up = screen.state.next_up().actors
            await keys(pilot, "tab", "home")  # side A's Big Joe: not his round yet
            assert screen._model() not in up
            events = screen.battle.events
            await keys(pilot, "enter")
            assert screen.battle.events == events
            shown = [n.message for n in app._notifications]
            assert any("not" in m and "turn to act" in m for m in shown), shown
            # the roll-off and End are not offered while they cannot be done
            assert screen.check_action("end_activation", ()) is None
            assert screen.check_action("roll_off", ()) is None

    async def test_the_dice_helper_logs_its_roll_for_the_model_under_the_cursor(
        self, tmp_path: Path
    ) -> None:
        folders = Folders(tmp_path)
        path = start(folders)
        app = app_in(folders, battle_path=path, offer_recovery=False)
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.pause()
            screen = tracker(app)
            model = screen._model()
            assert model is not None
            await keys(pilot, "d")
            assert isinstance(app.screen, DiceDialog)
            await keys(pilot, "ctrl+r", "escape")  # the form opens on an attribute roll
            assert tracker(app) is screen
            battle = screen.battle
            log = screen.query_one("#battle-log", OptionList)
            last = str(log.get_option_at_index(log.option_count - 1).prompt)
        roll = battle.events[-1]
        assert isinstance(roll, Roll) and len(roll.dice) == 1
        assert roll.title.startswith(f"{model} {name(screen, model)}: ")
        assert last.startswith(f"{len(battle.events)}. {roll.title}: {roll.outcome}")
        assert read_battle(path) == battle


class TestResuming:
    async def test_closed_mid_turn_and_resumed_exactly(self, tmp_path: Path) -> None:
        folders = Folders(tmp_path)
        path = start(folders)
        app = app_in(folders, battle_path=path, offer_recovery=False)
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.pause()
            for _ in range(3):
                await roll_off_if_needed(pilot, app)
                await one_activation(pilot)
            await roll_off_if_needed(pilot, app)
            await keys(pilot, "enter", "a")
            await pick(pilot, "Move")  # mid-activation: one action used
            left = tracker(app).battle
            await keys(pilot, "escape")
            assert isinstance(app.screen, HomeScreen)
        # next week: the battle is the first of the home screen's recent files
        app = app_in(folders, offer_recovery=False)
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.pause()
            await keys(pilot, "enter")
            screen = tracker(app)
            assert screen.battle == left
            assert screen.state.active == left.state.active
            log = screen.query_one("#battle-log", OptionList)
            assert log.option_count == len(left.events)

    async def test_a_damaged_file_offers_its_backup(self, tmp_path: Path) -> None:
        folders = Folders(tmp_path)
        path = start(folders)
        app = app_in(folders, battle_path=path, offer_recovery=False)
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.pause()
            await one_activation(pilot)
            saved = tracker(app).battle
        good = path.read_bytes()
        path.write_bytes(good[: len(good) // 2])  # cut short, as by a full disk
        app = app_in(folders, battle_path=path, offer_recovery=False)
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.pause()
            dialog = app.screen
            assert isinstance(dialog, ChoiceDialog)
            assert "cut short" in dialog.message and ".bak" in dialog.message
            await pilot.click(f"#{dialog.query_one('#choice-backup', Button).id}")
            await pilot.pause()
            screen = tracker(app)
            # the backup is the save before the last event: one event short
            assert screen.battle.events == saved.events[:-1]
        assert path.with_name(path.name + ".damaged").read_bytes() == good[: len(good) // 2]
        assert read_battle(path).events == saved.events[:-1]
