"""The battle tracker at the table: a person's keys, and the battle they leave behind.

Each test opens a real battle file (two fixture bands, Gangers against Mutards) the
way ``warband battle resume`` does, presses keys, and checks the battle's state and
the file on disk: saved after every event, resumed exactly.
"""

from __future__ import annotations

from pathlib import Path

from textual.pilot import Pilot
from textual.widgets import Button, OptionList

from model.battle.battle import Battle, new_battle
from model.battle.events import Activate, EndTurn, Roll, RollOff
from model.battle.state import BattleState
from saves.battle_file import write_battle
from saves.battle_read import read_battle
from saves.battle_report import battle_report
from saves.roster_file import read_roster, resolve
from tests.conftest import FIXTURES
from tests.helpers import bundled
from tests.tui.driver import Folders, app_in, keys
from tui.app import WarbandApp
from tui.dialogs.choice import ChoiceDialog
from tui.dialogs.dice.screen import DiceDialog
from tui.dialogs.message import MessageDialog
from tui.dialogs.pick import PickDialog
from tui.screens.home import HomeScreen
from tui.screens.tracker.screen import TrackerScreen

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
            # the roll-off and End are not offered while they cannot be done (the footer
            # leaves them out: False hides a key, None would grey it)
            assert screen.check_action("end_activation", ()) is False
            assert screen.check_action("roll_off", ()) is False

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

    async def test_the_dice_helper_warns_when_the_catalog_has_changed(self, tmp_path: Path) -> None:
        folders = Folders(tmp_path)
        path = start(folders)
        text = path.read_text(encoding="utf-8")
        version = bundled().system.version
        path.write_text(text.replace(f'catalog_version = "{version}"', 'catalog_version = "0.9"'))
        app = app_in(folders, battle_path=path, offer_recovery=False)
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.pause()
            await keys(pilot, "d")
            assert isinstance(app.screen, DiceDialog)
            shown = [n.message for n in app._notifications]
        assert any(f"catalog {version}; this battle began with 0.9" in m for m in shown), shown

    async def test_a_report_saved_beside_the_battle(self, tmp_path: Path) -> None:
        folders = Folders(tmp_path)
        path = start(folders)
        app = app_in(folders, battle_path=path, offer_recovery=False)
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.pause()
            await keys(pilot, "r")
            await pilot.click("#choice-file")
            await pilot.pause()
            battle = tracker(app).battle
        report = path.with_name("game.battle.report.md")
        assert report.read_text(encoding="utf-8") == battle_report(battle)


PLAN: dict[tuple[int, str], tuple[str, ...]] = {
    (1, "A1"): ("Automatic burst",),  # Big Joe: his 3 bullets in one action
    (2, "A2"): ("Shoot: Rifle",),  # the Badass: one of his 2 bullets
    (2, "A4"): ("Shoot: Shotgun",),  # a Ganger: his only bullet
    (2, "A6"): ("Shoot: Crossbow",),  # Dead slow: it needs a reload after
    (3, "A6"): ("Reload: Crossbow", "Shoot: Crossbow"),  # reloaded, shot, needs one again
}
"""The actions a player takes, by turn and model; everyone else moves on (Enter, e)."""


async def take_turn(pilot: Pilot[None], app: WarbandApp) -> None:
    """Whoever the cursor shows next acts: their planned actions, or nothing."""
    screen = tracker(app)
    await roll_off_if_needed(pilot, app)
    up = screen.state.next_up()
    if up.turn_over:
        await keys(pilot, "t")
        return
    actor = up.actors[0]
    assert screen._model() == actor  # the cursor went to whoever acts next
    await keys(pilot, "enter")
    for action in PLAN.get((screen.state.turn, actor), ()):
        await keys(pilot, "a")
        await pick(pilot, action)
    await keys(pilot, "e")


async def to_model(pilot: Pilot[None], app: WarbandApp, model_id: str) -> None:
    """Move the cursor to a model as a person would: its side's table, then down."""
    screen = tracker(app)
    side = screen.state.model(model_id).side
    if screen._table().side != side:
        await keys(pilot, "tab")
    rows = [m.id for m in screen.battle.setup.sides[side].models]
    await keys(pilot, "home", *["down"] * rows.index(model_id))
    assert screen._model() == model_id


class TestAWholeGame:
    async def test_six_turns_closed_mid_turn_resumed_and_counted_as_on_paper(
        self, tmp_path: Path
    ) -> None:
        folders = Folders(tmp_path)
        path = start(folders)
        app = app_in(folders, battle_path=path, offer_recovery=False)
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.pause()
            screen = tracker(app)
            while screen.state.turn < 3:
                await take_turn(pilot, app)
            # turn 3: B11 (a Mutard: 34 points in the list) goes down in the first fight
            await take_turn(pilot, app)
            await to_model(pilot, app, "B11")
            await keys(pilot, "w")
            first = screen.state.next_up().actors[0]
            await to_model(pilot, app, first)
            while screen.state.turn < 4:
                await take_turn(pilot, app)
            for _ in range(5):
                await take_turn(pilot, app)
            await roll_off_if_needed(pilot, app)
            await keys(pilot, "enter")  # someone is mid-activation when the game is put away
            left = screen.battle
            assert left.state.active is not None
            await keys(pilot, "escape")
        # next week: the first recent file on the home screen
        app = app_in(folders, offer_recovery=False)
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.pause()
            await keys(pilot, "enter")
            screen = tracker(app)
            assert screen.battle == left
            await keys(pilot, "e")
            while not screen.state.ended:
                await take_turn(pilot, app)
            game_over = app.screen
            assert isinstance(game_over, MessageDialog)
            told = game_over.body
            await keys(pilot, "escape")
            battle = screen.battle
        state = battle.state
        assert (state.turn, state.ended) == (6, True)
        assert read_battle(path) == battle
        # what a person keeping score on paper would have
        bullets = {m.id: state.counter(m.id, "bullets") for m in battle.setup.sides[0].models}
        assert bullets == {"A1": 0, "A2": 1, "A3": 0, "A4": 0, "A5": 0, "A6": 0, "A7": 0, "A8": 0}
        assert state.counter("A6/crossbow", "reload") == 1
        assert [m.id for side in battle.setup.sides for m in side.models if state.is_out(m.id)] == [
            "B11"
        ]
        assert state.summary(1).points_lost == 34
        assert state.summary(0).points_lost == 0
        assert "A: Ann (Gangers): 8 standing, 0 out, 0 points lost" in told
        assert "B: Bob (Mutards): 18 standing, 1 out, 34 points lost" in told
        # each turn everyone standing acted once, from the highest Agility down (nobody's
        # Agility changed in this game); B11 not after it went down in turn 3
        actors = set(battle.setup.actor_ids())
        rounds = BattleState.start(battle.setup).actor_round
        for turn in range(1, 7):
            acted = activations_in(battle, turn)
            assert len(acted) == len(set(acted))
            assert set(acted) == (actors if turn < 3 else actors - {"B11"}), turn
            assert [rounds(a) for a in acted] == sorted(map(rounds, acted), reverse=True)
        assert sum(isinstance(e, RollOff) for e in battle.events) >= 6  # one a turn at least
        assert sum(isinstance(e, EndTurn) for e in battle.events) == 6


def activations_in(battle: Battle, turn: int) -> list[str]:
    """The actors activated in one turn, in order, from the log."""
    found: list[str] = []
    current = 1
    for event in battle.events:
        if isinstance(event, EndTurn):
            current += 1
        elif isinstance(event, Activate) and current == turn:
            found.append(event.actor)
    return found


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
