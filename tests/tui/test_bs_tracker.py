"""A Gaslands battle at the table, from two teams over the shared BattleScribe data, played
with the keys a person presses: started with **b** on the home screen, three rounds: hull
damage to a wreck, a hazard counter, victory points, a roll from the Machine Gun's
characteristics, an undo, quitting, resuming and the report.

Kept by hand (Gaslands.gst, ``tests/bs_teams.py``): Ann's Car A1 (Hull Points 10, a
Machine Gun: Attack 2D6) and Buggy A2 (Hull Points 6), Bob's Truck B1 (Hull Points 12).
The game's choices file, written as a player would: damage against Hull Points, a
hazard counter per car (at most 6), 3 rounds.

History: issue 34.
"""

from __future__ import annotations

from textual.pilot import Pilot
from textual.widgets import Input, OptionList, Static

from model.battle.events import Roll
from model.battle.game_choices import CounterChoice, GameChoices
from model.rolls.dice import die_value
from saves.battle_read import read_battle
from saves.game_choices_file import read_game_choices
from tests.bs_teams import gaslands_teams
from tests.tui.driver import Folders, app_in, keys
from tui.app import WarbandApp
from tui.battle_status import battle_text
from tui.dialogs.choice import ChoiceDialog
from tui.dialogs.open_file import OpenFileDialog
from tui.dialogs.pick import PickDialog
from tui.dialogs.prompt import PromptDialog
from tui.screens.home import HomeScreen
from tui.screens.tracker.screen import TrackerScreen
from tui.widgets.side_table import SideTable

SIZE = (120, 40)
CHOICES = (
    'format = "warband.game/1"\n'
    'system = "gaslands"\n'
    'damage = "Hull Points"\n'
    "rounds = 3\n"
    "\n"
    "[[counters]]\n"
    'id = "hazard"\n'
    'name = "Hazard tokens"\n'
    'short = "Haz"\n'
    "max = 6\n"
)


def tracker(app: WarbandApp) -> TrackerScreen:
    screen = app.screen
    assert isinstance(screen, TrackerScreen), screen
    return screen


async def to_model(pilot: Pilot[None], app: WarbandApp, model_id: str) -> None:
    """Move the cursor to a model as a person would: its side's table, then down."""
    screen = tracker(app)
    side = screen.state.model(model_id).side
    if screen._table().side != side:
        await keys(pilot, "tab")
    rows = [m.id for m in screen.battle.setup.sides[side].models]
    await keys(pilot, "home", *["down"] * rows.index(model_id))
    assert screen._model() == model_id


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


async def answer(pilot: Pilot[None], choice: str) -> None:
    dialog = pilot.app.screen
    assert isinstance(dialog, ChoiceDialog), dialog
    await keys(pilot, *(["tab"] * [c[1] for c in dialog.choices].index(choice)), "enter")


async def test_a_gaslands_battle_played_quit_resumed_and_reported(folders: Folders) -> None:
    _, ann, bob = gaslands_teams(folders.saves, folders.catalogs)
    games = folders.config / "games"
    games.mkdir(parents=True)
    (games / "gaslands.toml").write_text(CHOICES, encoding="utf-8")
    app = app_in(folders, offer_recovery=False)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        # b: the picker says at once what can be played, then takes both teams
        await keys(pilot, "b")
        picker = app.screen
        assert isinstance(picker, OpenFileDialog), picker
        note = str(picker.query_one("#open-note", Static).render())
        assert "two lists over the BattleScribe data of the catalog folder" in note
        assert "(Gaslands)" in note
        await keys(pilot, "tab", str(ann), "enter")
        assert isinstance(app.screen, OpenFileDialog), app.screen
        await keys(pilot, "tab", str(bob), "enter")
        menu = app.screen  # the game's choices, kept from the file written by hand
        assert isinstance(menu, PickDialog), menu
        assert [c[0] for c in menu.choices] == [
            "Start the battle",
            "Damage counts against: Hull Points",
            "Add a counter",
            "Remove the counter Hazard tokens (model, at most 6)",
            "Phases of a round: one, Round",
        ]
        await keys(pilot, "enter")
        assert isinstance(app.screen, PromptDialog), app.screen
        await keys(pilot, "enter")  # the file name offered
        screen = tracker(app)
        path = screen.path
        setup = screen.battle.setup
        assert [(m.id, m.label) for s in setup.sides for m in s.models] == [
            ("A1", "Car"),
            ("A2", "Buggy"),
            ("B1", "Truck"),
        ]
        assert [screen.state.wounds_max(m) for m in ("A1", "A2", "B1")] == [10, 6, 12]
        assert setup.turn_limit == 3

        # round 1: the Car activates and fires its Machine Gun (2D6, hits on 4+)
        await to_model(pilot, app, "A1")
        await keys(pilot, "enter", "d")
        await pick(pilot, "Machine Gun: 2d6")
        prompt = app.screen
        assert isinstance(prompt, PromptDialog), prompt
        assert prompt.query_one("#prompt-input", Input).value == "2d6"  # from its Attack
        await pilot.press("end", "space", "4", "plus")  # Gaslands hits on 4+
        await keys(pilot, "enter")
        roll = screen.battle.events[-1]
        assert isinstance(roll, Roll)
        dice = tuple(die_value(setup.seed, 0, k, 6) for k in range(2))  # the battle's 1st roll
        hits = sum(1 for d in dice if d >= 4)
        assert roll.dice == dice
        assert roll.title == "A1 Car, Machine Gun"
        assert roll.outcome == f"{hits} success{'es' if hits != 1 else ''}"
        assert roll.detail == (f"2d6 4+; rolled {dice[0]}, {dice[1]}; 4+ met by {hits} of 2")
        await keys(pilot, "e")
        table = screen.query_one("#table-0", SideTable)
        assert [str(table.get_cell(m, "Act")) for m in ("A1", "A2")] == ["✓", ""]  # A1 acted
        # the Truck activates, rams the Buggy for 4 hull points, takes 3 hazard tokens
        await to_model(pilot, app, "B1")
        await keys(pilot, "enter")
        await to_model(pilot, app, "A2")
        await keys(pilot, "w", "w", "w", "w")
        await to_model(pilot, app, "B1")
        await keys(pilot, "k")
        await pick(pilot, "Hazard tokens")
        await keys(pilot, "backspace", "3", "enter")
        await keys(pilot, "e", "t")
        await answer(pilot, "go")  # the Buggy has not activated: move on anyway
        state = screen.state
        assert (state.turn, state.wounds, state.counter("B1", "hazard")) == (2, {"A2": 4}, 3)
        assert str(table.get_cell("A1", "Act")) == ""  # the marks clear with the round

        # round 2: Bob scores 1 VP; two more hits wreck the Buggy (6 of 6)
        await keys(pilot, "s")
        await pick(pilot, "B: Bob")
        await keys(pilot, "backspace", "1", "enter")
        await to_model(pilot, app, "A2")
        await keys(pilot, "w", "w")
        assert screen.state.is_out("A2") and screen.state.wounds["A2"] == 6
        await keys(pilot, "ctrl+z")  # undo the last hit: the Buggy is back, 5 of 6
        assert not screen.state.is_out("A2") and screen.state.wounds["A2"] == 5
        await keys(pilot, "w")
        assert screen.state.is_out("A2")
        events = screen.battle.events
        assert [e.kind for e in events] == [
            "activate", "roll", "end-activation",  # A1 fires
            "activate", *["wound"] * 4, "counter", "end-activation", "end-turn",  # B1 rams
            "score", "wound", "wound",  # round 2: 1 VP, the Buggy wrecked (one hit undone)
        ]  # fmt: skip
        await keys(pilot, "escape")  # quit to the home screen
        assert isinstance(app.screen, HomeScreen), app.screen

    # the file holds every event; resumed, the battle is where it was left
    assert read_battle(path).events == events
    app = app_in(folders, battle_path=path, offer_recovery=False)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = tracker(app)
        state = screen.state
        assert (state.turn, state.vp, state.wounds) == (2, [0, 1], {"A2": 6})
        assert state.is_out("A2") and state.counter("B1", "hazard") == 3
        status = str(screen.query_one("#battle-status", Static).render())
        assert status.startswith("Round 2/3 · "), status  # the game's rounds, not turns
        assert battle_text(screen.battle).splitlines()[1:] == [
            "Round 2 of 3: either side to act: A1, B1",
            f"{len(events)} events, 0 undone; dice seed {setup.seed}",
            "",
            "A: Ann's Team (Gaslands)",  # the app names each player by their list
            "  0 victory points, 1 of 2 models standing",
            "  A1  Car    Hull Points 0/10",
            "  A2  Buggy  Hull Points 6/6  OUT",
            "",
            "B: Bob's Team (Gaslands)",
            "  1 victory point, 1 of 1 model standing",
            "  B1  Truck  Hull Points 0/12  Hazard tokens 3",
        ]
        # round 3, the last: the Truck takes 2 hull points, then the game ends
        await keys(pilot, "t")
        await answer(pilot, "go")
        await to_model(pilot, app, "B1")
        await keys(pilot, "w", "w", "t")
        await answer(pilot, "go")
        assert screen.state.ended and screen.state.wounds == {"A2": 6, "B1": 2}
        while not isinstance(app.screen, TrackerScreen):  # the final count, shown once
            await keys(pilot, "escape")
        await keys(pilot, "r")
        await answer(pilot, "file")
    report = path.with_name(path.name.removesuffix(".toml") + ".report.md").read_text()
    assert "| A | Ann's Team | 1/2 | 1 | 0 |" in report
    assert "| B | Bob's Team | 1/1 | 0 | 1 |" in report
    assert "the game ended in round 3 of 3" in report
    assert "- Round 2: A2 Buggy\n" in report
    assert f"- Round 1: A1 Car, Machine Gun: {roll.outcome} ({roll.detail})" in report


async def test_the_first_battle_of_a_game_asks_what_damage_counts_against(
    folders: Folders,
) -> None:
    """With no choices kept for Gaslands yet, **b** asks once, warband's proposal first;
    the answer is kept in the config folder, a counter is added in the app, and the
    battle counts by them."""
    _, ann, bob = gaslands_teams(folders.saves, folders.catalogs)
    app = app_in(folders, offer_recovery=False)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await keys(pilot, "b", "tab", str(ann), "enter", "tab", str(bob), "enter")
        asked = app.screen
        assert isinstance(asked, PickDialog), asked
        assert asked.title_text == (
            "Gaslands: what does a model's damage count against? (asked once)"
        )
        assert [c[0] for c in asked.choices[:3]] == [
            "Hull Points (proposed from its name)",
            "Weight",
            "Handling",
        ]
        assert asked.choices[-1][1] == ""  # or none: out at the first damage
        await keys(pilot, "enter")  # the proposal
        kept = folders.config / "games" / "gaslands.toml"
        assert 'damage = "Hull Points"\n' in kept.read_text()  # kept at once
        # the choices, then a counter added in the app: a hazard counter per car, at most 6
        await pick(pilot, "Add a counter")
        await keys(pilot, "Hazard tokens", "enter")
        await pick(pilot, "Each model")
        await pick(pilot, "A number")
        await keys(pilot, "6", "enter")
        await pick(pilot, "It stays")
        await pick(pilot, "Start the battle")
        await keys(pilot, "enter")  # the file name offered
        screen = tracker(app)
        hazard = CounterChoice(id="hazard-tokens", name="Hazard tokens", short="HT", max=6)
        assert screen.battle.setup.choices == GameChoices(damage="Hull Points", counters=(hazard,))
        assert screen.state.wounds_max("B1") == 12
        assert screen.state.counter_max("B1", "hazard-tokens") == 6
    assert read_game_choices(kept, "gaslands") == screen.battle.setup.choices
