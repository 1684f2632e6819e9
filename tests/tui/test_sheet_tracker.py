"""The tracker and its dice helper for the sheet games, played with keys.

Each test opens a battle of the UI fixture ``sheets/sheet-ui`` (a copy of the
``sheet-mini`` engine fixture: side A an officer A1, a walker A2 and a squad A3-A4; side
B an officer B1 and a squad B2-B3; seed 2), already moved on by a few events where the
test is about a later moment, presses the keys a player would, and checks the battle's
state. Dice rolls are checked against ``model.rolls.sheets`` rolled with the battle's
next dice, and against the numbers those dice give with seed 2, worked out by hand from
the fixture catalog's tests and tables (in a comment by each), for every kind of roll
the dice helper offers here: a change in the dice or in a roll would show.

The seeded dice used (die ``k`` of roll number ``n`` is ``die_value(2, n, k, sides)``):
roll 0: d10 8, 7; d6 4, 4, 5; roll 1: d6 5, 2, 3, 4; roll 2: d6 1, 3.
The orders-to-action events hold one roll-off, so a roll after them is roll 1.

History: issue 7.
"""

from __future__ import annotations

import shutil
from collections.abc import Sequence
from pathlib import Path

import pytest
from rich.text import Text
from textual.pilot import Pilot
from textual.widgets import Input, Select, SelectionList, Static

from catalogs.loader import load_system
from model.battle.battle import Battle, new_battle
from model.battle.events import (
    Act,
    Activate,
    EndActivation,
    Event,
    NextPhase,
    Retain,
    Roll,
    RollOff,
    SetCounter,
)
from model.rolls.dice import Modifier, next_dice
from model.rolls.sheets.catalog_tests import roll_test
from model.rolls.sheets.strategy import strategy_roll
from model.rolls.sheets.tables import follow, roll_table
from saves.battle_file import write_battle
from saves.battle_read import read_battle
from tests.conftest import FIXTURES
from tests.helpers import entry, roster
from tests.tui.driver import Folders, app_in, keys, pick
from tests.tui.test_dice_dialog import tick
from tui.app import WarbandApp
from tui.dialogs.dice.screen import DiceDialog
from tui.dialogs.message import MessageDialog
from tui.dialogs.pick import PickDialog
from tui.screens.tracker.screen import TrackerScreen
from tui.widgets.side_table import SideTable

CATALOG = FIXTURES / "ui-catalogs" / "sheets" / "sheet-ui"
SIZE = (120, 44)
"""Room for the dice helper's longest form, so each field can be clicked."""
SEED = 2

NEXT = NextPhase(kind="next-phase")
TO_ACTION: tuple[Event, ...] = (NEXT, NEXT, RollOff(kind="roll-off", first=0))
"""From the orders phase to the action phase, side A first."""


def activate(actor: str) -> Activate:
    return Activate(kind="activate", actor=actor)


def end(actor: str) -> EndActivation:
    return EndActivation(kind="end-activation", actor=actor)


def start(folders: Folders, *events: Event) -> Path:
    """The fixture battle after ``events``, saved, with its catalog among the user's (the
    dice helper reads the catalog)."""
    catalog = load_system(CATALOG)
    view = catalog.view("test")
    ana = roster(view, entry("officer"), entry("walker"), entry("squad", 2))
    ana = ana.model_copy(update={"settings": {"strategy-rating": 2}})
    ben = roster(view, entry("officer"), entry("squad", 2))
    battle = new_battle(catalog, [("Ana", ana, view), ("Ben", ben, view)], seed=SEED)
    for event in events:
        battle = battle.record(event)
    shutil.copytree(CATALOG, folders.catalogs / "sheet-ui")
    path = app_path(folders)
    path.parent.mkdir(parents=True, exist_ok=True)
    write_battle(path, battle)
    return path


def app_path(folders: Folders) -> Path:
    """Where the test's battle is saved."""
    return folders.saves / "sheet.battle.toml"


def tracker(app: WarbandApp) -> TrackerScreen:
    screen = app.screen
    assert isinstance(screen, TrackerScreen), screen
    return screen


def plain(widget: Static) -> str:
    content = widget.content
    return content.plain if isinstance(content, Text) else str(content)


def shown(screen: TrackerScreen, widget_id: str) -> str:
    return plain(screen.query_one(f"#{widget_id}", Static))


def state_cell(screen: TrackerScreen, model_id: str) -> str:
    """The State column of a model's row."""
    table = screen.query_one(f"#table-{screen.state.model(model_id).side}", SideTable)
    return str(table.get_row(model_id)[-1])


def last_log(screen: TrackerScreen) -> str:
    return screen._log_lines[-1]


async def to_model(pilot: Pilot[None], screen: TrackerScreen, model_id: str) -> None:
    """The cursor on a model: its side's table, then down from the top."""
    side = screen.state.model(model_id).side
    if screen._table().side != side:
        await keys(pilot, "tab")
    rows = [m.id for m in screen.battle.setup.sides[side].models]
    await keys(pilot, "home", *["down"] * rows.index(model_id))
    assert screen._model() == model_id


def dice_dialog(app: WarbandApp) -> DiceDialog:
    screen = app.screen
    assert isinstance(screen, DiceDialog), screen
    return screen


async def choose(pilot: Pilot[None], field: str, text: str) -> None:
    """Open a drop-down of the dice helper, type the start of a choice, take it."""
    await pilot.click(f"#dice-{field}")
    await pilot.pause()
    await pilot.press(*text.lower(), "enter")
    await pilot.pause()


async def type_in(pilot: Pilot[None], field: str, text: str) -> None:
    await pilot.click(f"#dice-{field}")
    await pilot.press(*text)
    await pilot.pause()


async def roll(pilot: Pilot[None]) -> None:
    await pilot.click("#dice-roll")
    await pilot.pause()


def ticked(app: WarbandApp, field: str) -> dict[str, bool]:
    """A list of modifiers in the dice helper: each line and whether it is ticked."""
    listing: SelectionList[str] = dice_dialog(app).query_one(f"#dice-{field}", SelectionList)
    return {
        str(listing.get_option_at_index(n).prompt): listing.get_option_at_index(n).value
        in listing.selected
        for n in range(listing.option_count)
    }


def new_events(before: Battle, after: Battle) -> Sequence[Event]:
    assert after.events[: len(before.events)] == before.events
    return after.events[len(before.events) :]


class TestOnTheTable:
    async def test_an_order_chip_is_placed_face_down_and_shown_at_the_reveal(
        self, tmp_path: Path
    ) -> None:
        folders = Folders(tmp_path)
        app = app_in(folders, battle_path=start(folders), offer_recovery=False)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            screen = tracker(app)
            await to_model(pilot, screen, "A3")
            await keys(pilot, "k")
            await pick(pilot, "Order [")
            # the options from the one after the current: Moving, then Stationary
            options = pilot.app.screen
            assert isinstance(options, PickDialog)
            assert [c[0] for c in options.choices] == ["Moving", "Stationary"]
            await keys(pilot, "enter")
            assert screen.state.counter("A3", "order") == 1
            assert state_cell(screen, "A3") == "Ord:placed"
            assert "Order placed" in shown(screen, "model-detail")
            assert last_log(screen) == "A3 Squad 1/2: Order placed"
            await keys(pilot, "x")  # the reveal phase: chips are turned over
            assert state_cell(screen, "A3") == "Ord:Moving"
            assert "Order Moving" in shown(screen, "model-detail")
            assert shown(screen, "battle-notice") == "Reveal: turn the chips over"
            assert shown(screen, "battle-status").endswith(
                "Reveal phase · on to the next phase (x)"
            )
        assert read_battle(app_path(folders)).state.counter("A3", "order") == 1

    async def test_the_side_that_just_acted_retains_and_its_next_test_is_harder(
        self, tmp_path: Path
    ) -> None:
        folders = Folders(tmp_path)
        path = start(folders, *TO_ACTION, activate("A1"), end("A1"))
        app = app_in(folders, battle_path=path, offer_recovery=False)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            screen = tracker(app)
            assert screen.state.next_up().side == 1
            await keys(pilot, "i")
            assert screen.battle.events[-1] == Retain(kind="retain", side=0)
            assert screen.state.next_up().side == 0
            assert shown(screen, "battle-notice").startswith(
                "side A retaining: -1 to the next action test"
            )
            assert last_log(screen) == "side A (Ana) retains the initiative"
            assert screen._model() == "A2"  # the cursor went to side A's next unit
            await keys(pilot, "enter", "d")
            assert ticked(app, "modifiers") == {
                "Any Shock -1": False,
                "Retaining the initiative -1": True,
            }
            await keys(pilot, "escape")
            await keys(pilot, "i")  # A2 is active: nobody may retain now
            assert screen.state.retaining is None and screen.state.retained == "A2"


class TestTheDiceHelper:
    async def test_a_failed_action_test_with_shock_ticked_adds_shock(self, tmp_path: Path) -> None:
        folders = Folders(tmp_path)
        shock = SetCounter(kind="counter", target="A3", counter="shock", value=1)
        path = start(folders, *TO_ACTION, shock, activate("A3"))
        app = app_in(folders, battle_path=path, offer_recovery=False)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            screen = tracker(app)
            assert state_cell(screen, "A3") == "Sh1 (1 may not shoot) Pool1"
            await to_model(pilot, screen, "A3")
            await keys(pilot, "d")
            assert ticked(app, "modifiers") == {
                "Any Shock -1": True,
                "Retaining the initiative -1": False,
            }
            before = screen.battle
            await roll(pilot)
            state = before.state
            test = state.tracker.test("action")
            assert test is not None
            expected = roll_test(
                state,
                test,
                "A3",
                next_dice(before.setup.seed, before.events),
                modifiers=[Modifier("Any Shock", -1)],
            )
            assert new_events(before, screen.battle) == (expected.event(),)
            assert expected.detail == "target 4 - Any Shock 1 = 3: d6 <= 3; rolled 5"
            # By hand: the action test is one d6 at or under CR (the squad's 4), Any Shock
            # -1 to the target: 3. Roll 1 (after the roll-off): a 5: failed, and a
            # failure adds 1 Shock (1 + 1 = 2).
            (logged,) = new_events(before, screen.battle)
            assert isinstance(logged, Roll)
            assert (logged.dice, logged.detail, logged.outcome, logged.passed) == (
                (5,),
                "target 4 - Any Shock 1 = 3: d6 <= 3; rolled 5",
                "0 successes: Hold and 1 Shock",
                False,
            )
            assert screen.state.counter("A3", "shock") == 2  # failed: Hold and 1 Shock
            result = plain(dice_dialog(app).query_one("#dice-result", Static))
            assert "0 successes: Hold and 1 Shock" in result
            assert state_cell(screen, "A3") == "Sh2 (2 may not shoot) Pool1"

    async def test_a_table_read_at_the_table_chains_to_the_next_and_both_apply(
        self, tmp_path: Path
    ) -> None:
        folders = Folders(tmp_path)
        app = app_in(folders, battle_path=start(folders), offer_recovery=False)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            screen = tracker(app)
            await to_model(pilot, screen, "A2")
            await keys(pilot, "d")
            await choose(pilot, "kind", "dent")
            await type_in(pilot, "read", "10")
            before = screen.battle
            await roll(pilot)
            state = before.state
            dent = state.tracker.table("dent")
            assert dent is not None
            dice = next_dice(before.setup.seed, before.events)
            first = roll_table(state, dent, "A2", dice, roll=10)
            chain = follow(state, first, dice)
            assert new_events(before, screen.battle) == tuple(r.event() for r in (first, *chain))
            assert [(r.table, r.row, r.values) for r in chain] == [("crack", 8, (4,))]
            # By hand: 10 read on the Dent table (no die rolled) is "Roll on the crack
            # column"; the Crack table's 1d10 is roll 0's first die, 8: "No power for 1d6
            # turns", and that d6 is roll 0's second die as a d6, 4.
            assert [
                (e.dice, e.detail, e.outcome, e.table, e.row, e.values)
                for e in new_events(before, screen.battle)
                if isinstance(e, Roll)
            ] == [
                ((), "1d10: 10", "Roll on the crack column", "dent", 10, ()),
                ((8,), "1d10: 8", "No power for 1d6 turns (rolled 4)", "crack", 8, (4,)),
            ]
            assert screen.state.counter("A2", "no-power") == 4
            result = plain(dice_dialog(app).query_one("#dice-result", Static))
            assert "Roll on the crack column" in result
            assert "then: Crack (Crack): Walker: No power for 1d6 turns (rolled 4)" in result
            await keys(pilot, "escape")
            assert state_cell(screen, "A2") == "NoP4"

    async def test_a_roll_the_table_cannot_show_is_refused_and_nothing_is_logged(
        self, tmp_path: Path
    ) -> None:
        folders = Folders(tmp_path)
        app = app_in(folders, battle_path=start(folders), offer_recovery=False)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            screen = tracker(app)
            await to_model(pilot, screen, "A3")  # a squad: the dent table is for vehicles
            await keys(pilot, "d")
            await choose(pilot, "kind", "dent")
            before = screen.battle
            await roll(pilot)
            assert screen.battle == before
            message = plain(dice_dialog(app).query_one("#dice-message", Static))
            assert message == "Cannot roll: Squad 1/2 does not take the Dent"

    async def test_an_attack_spends_defence_dice_and_the_hits_left_cost_hpt(
        self, tmp_path: Path
    ) -> None:
        folders = Folders(tmp_path)
        path = start(folders, *TO_ACTION, activate("A1"), end("A1"), activate("B1"))
        app = app_in(folders, battle_path=path, offer_recovery=False)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            screen = tracker(app)
            assert screen.state.counter("A1", "pool") == 2  # refreshed to DEF as it acted
            await to_model(pilot, screen, "B1")
            await keys(pilot, "d")
            await choose(pilot, "kind", "attack")
            await choose(pilot, "target", "a1")
            assert dice_dialog(app).query_one("#dice-target", Select).value == "A1"
            before = screen.battle
            await roll(pilot)
            # 000 Attack Sequence: the attack is rolled first, alone; nothing is applied
            # until the defender, having seen the HITs, rolls its chosen defence dice.
            # By hand: the attack is WIL 3 d6, a HIT on 5+; roll 1: 5, 2, 3: one HIT.
            assert new_events(before, screen.battle) == (
                Roll(
                    kind="roll",
                    title="Attack: Officer against Officer",
                    dice=(5, 2, 3),
                    detail="3 d6: a hit on 5+; rolled 5, 2, 3",
                    outcome="1 HIT on Officer",
                ),
            )
            assert screen.state.counter("A1", "pool") == 2
            hint = plain(dice_dialog(app).query_one("#dice-follow", Static))
            assert hint.startswith("Next: Defence with 1 HIT from the last roll")
            # the defence takes the defender and the HITs from the attack
            await choose(pilot, "kind", "defence")
            form = dice_dialog(app)
            assert form.query_one("#dice-roller", Select).value == "A1"
            assert form.query_one("#dice-value", Input).value == "1"
            await type_in(pilot, "count", "1")
            before = screen.battle
            await roll(pilot)
            # By hand: 1 d6 from the pool, a block on 5+; roll 2: 1, no block: the 1 HIT
            # is left, 1 hit point lost, the officer's only one; 1 die left in the pool.
            (logged,) = new_events(before, screen.battle)
            assert isinstance(logged, Roll)
            assert (logged.title, logged.dice, logged.outcome, logged.wounds, logged.target) == (
                "Defence: Officer against 1 HIT",
                (1,),
                "0 blocked of 1: Officer loses 1 HPT",
                1,
                "A1",
            )
            assert screen.state.counter("A1", "pool") == 1
            assert screen.state.wounds["A1"] == 1 and screen.state.is_out("A1")
            await pilot.click("#dice-count")
            await keys(pilot, "backspace", "5")
            after = screen.battle
            await roll(pilot)
            assert screen.battle == after
            message = plain(dice_dialog(app).query_one("#dice-message", Static))
            assert message == "Cannot roll: Officer has 1 defence dice left"

    async def test_the_strategy_roll_adds_the_ratings_and_the_winner_may_go_second(
        self, tmp_path: Path
    ) -> None:
        folders = Folders(tmp_path)
        app = app_in(folders, battle_path=start(folders), offer_recovery=False)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            screen = tracker(app)
            await keys(pilot, "d")
            await choose(pilot, "kind", "strategy")
            await pilot.click("#dice-go-second")
            before = screen.battle
            await roll(pilot)
            expected = strategy_roll(
                before.state, next_dice(before.setup.seed, before.events), go_second=True
            )
            assert new_events(before, screen.battle) == (expected.event(), expected.roll_off())
            assert expected.detail == "A 4 + strategy 2 = 6, B 4 + strategy 0 = 4"
            # By hand: a D6 each plus the strategy rating (A's list 2, B's none). Roll 0's
            # d6: 4 and 4: A 6, B 4; A wins and chose to go second, so B goes first.
            assert new_events(before, screen.battle) == (
                Roll(
                    kind="roll",
                    title="Strategy roll",
                    dice=(4, 4),
                    detail="A 4 + strategy 2 = 6, B 4 + strategy 0 = 4",
                    outcome="side A (Ana) wins and goes second",
                ),
                RollOff(kind="roll-off", first=1, winner=0, rolls=(4, 4)),
            )
            assert screen.state.last_winner == 0
            assert screen.state.firsts == {None: 1}  # A won and chose to go second
            assert last_log(screen) == "roll-off: side B (Ben) goes first"


# The other kinds of roll the dice helper offers for the fixture, each from the start of
# the battle (roll 0: d10 8, 7; d6 4, 4, 5), worked out by hand from the fixture catalog:
# (the kind as typed, the model, the modifiers ticked, each roll logged as
# (dice, detail, outcome), and a counter it leaves on the model with its value).
OTHER_KINDS = [
    # Rally: one d6 at or under CR, the squad's 4: a 4 passes (its Shock, none, halved).
    (
        "ral",
        "A3",
        (),
        [((4,), "target 4 = 4: d6 <= 4; rolled 4", "1 success: passed")],
        ("shock", 0),
    ),
    # SUSTAIN roll: one d10 at or under SUSTAIN, the walker's 6: an 8 fails, and the
    # failure sets No power for 1d6 turns: the next die as a d6, 4.
    (
        "sus",
        "A2",
        (),
        [
            (
                (8,),
                "target 6 = 6: d10 <= 6; rolled 8",
                "0 successes: failed (rolled 4 for its effects)",
            )
        ],
        ("no-power", 4),
    ),
    # Armour save: a d10 with the Rifle's -6 added to the roll, at or under ARMOR 4:
    # 8 - 6 = 2 passes, and a pass rolls on the Dent table: the next d10, 7, is in the
    # row 5-8: -2 SUSTAIN.
    (
        "arm",
        "A2",
        ("Rifle",),
        [
            ((8,), "d10 - Rifle 6 <= 4 (rolled 8 = 2); rolled 8", "1 success: passed"),
            ((7,), "1d10: 7", "-2 SUSTAIN"),
        ],
        ("sustain-lost", 2),
    ),
    # Disengage: WIL d6 (the officer's 3), a hit on 5+, two hits needed: 4, 4, 5 is one.
    (
        "dis",
        "A1",
        (),
        [((4, 4, 5), "3 d6: a hit on 5+; rolled 4, 4, 5", "1 success of 2 needed: failed")],
        ("shock", 0),
    ),
    # Crack table, rolled here: 1d10, an 8 in the row 6-9: No power for 1d6 turns, the
    # next die as a d6 (4).
    (
        "cra",
        "A2",
        (),
        [((8,), "1d10: 8", "No power for 1d6 turns (rolled 4)")],
        ("no-power", 4),
    ),
]


@pytest.mark.parametrize(("kind", "model_id", "ticks", "logged", "counter"), OTHER_KINDS)
async def test_every_other_kind_of_roll_by_hand(
    tmp_path: Path,
    kind: str,
    model_id: str,
    ticks: tuple[str, ...],
    logged: list[tuple[tuple[int, ...], str, str]],
    counter: tuple[str, int],
) -> None:
    folders = Folders(tmp_path)
    app = app_in(folders, battle_path=start(folders), offer_recovery=False)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = tracker(app)
        await to_model(pilot, screen, model_id)
        await keys(pilot, "d")
        await choose(pilot, "kind", kind)
        await tick(pilot, "modifiers", *ticks)
        before = screen.battle
        await roll(pilot)
        made = [e for e in new_events(before, screen.battle) if isinstance(e, Roll)]
        assert [(e.dice, e.detail, e.outcome) for e in made] == logged
        assert all(e.target == model_id for e in made)
        name, value = counter
        assert screen.state.counter(model_id, name) == value


class TestTheTurnAroundTheDice:
    async def test_a_unit_on_overwatch_interrupts_the_enemys_activation(
        self, tmp_path: Path
    ) -> None:
        folders = Folders(tmp_path)
        overwatch = Act(kind="act", model="A1", action="overwatch")
        path = start(folders, *TO_ACTION, activate("A1"), overwatch, end("A1"), activate("B1"))
        app = app_in(folders, battle_path=path, offer_recovery=False)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            screen = tracker(app)
            assert screen.state.counter("A1", "overwatch") == 1
            await to_model(pilot, screen, "A1")
            await keys(pilot, "u")
            dialog = pilot.app.screen
            assert isinstance(dialog, PickDialog)
            assert dialog.choices[0][0] == "A1 Officer: Overwatch shot"
            await keys(pilot, "enter")
            assert screen.battle.events[-1] == Act(kind="act", model="A1", action="overwatch-shot")
            assert screen.state.counter("A1", "overwatch") == 0
            assert screen.state.active == "B1"  # B1's activation goes on

    async def test_held_back_disabled_and_a_side_that_has_lost_are_shown(
        self, tmp_path: Path
    ) -> None:
        folders = Folders(tmp_path)
        crack = Roll(kind="roll", title="c", target="A2", table="crack", row=1, values=(6,))
        sat_out = SetCounter(kind="counter", target="B2", counter="sat-out", value=1)
        app = app_in(folders, battle_path=start(folders, crack, sat_out), offer_recovery=False)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            screen = tracker(app)
            assert state_cell(screen, "A2") == "-SU6 disabled (SUSTAIN 0)"
            assert state_cell(screen, "B2") == "Out held: Sits out next turn"
            await to_model(pilot, screen, "B2")
            assert "held back: Sits out next turn (does not activate)" in shown(
                screen, "model-detail"
            )
            assert shown(screen, "battle-notice") == ""
            await to_model(pilot, screen, "A1")
            await keys(pilot, "w")  # the officer goes down: side A has none left
            assert screen.state.defeated(0)
            notice = shown(screen, "battle-notice")
            assert notice == "Side A (Ana) has lost: all its officers are down"
            assert shown(screen, "side-title-0").endswith(" · LOST")
            assert not shown(screen, "side-title-1").endswith(" · LOST")
            await keys(pilot, "g")
            await pilot.click("#choice-end")
            await pilot.pause()
            game_over = app.screen
            assert isinstance(game_over, MessageDialog)
            assert game_over.body.endswith("Side A (Ana) has lost: all its officers are down.")
