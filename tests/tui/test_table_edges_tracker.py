"""The tracker's rough edges at the table.

At 80 columns the footer shows what a turn needs in every game: F1 comes first, so it
is never cut off, and its page lists every key the footer has no room for; Activate
and Action/End take turns; a roll-off and the next phase show only where and when
they can be used. A key counts as shown when the whole of it lies left of the
palette key docked at the right edge. F1 speaks of the game being played.

History: issue 16.
"""

from __future__ import annotations

import io
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass
from pathlib import Path

import pytest
from textual.app import App
from textual.pilot import Pilot
from textual.widgets import Static
from textual.widgets.data_table import ColumnKey

from model.battle.events import Act, Activate, EndTurn, Roll, RollOff
from model.catalog.tracker import Tracker
from tests.conftest import FIXTURES
from tests.tui.driver import Folders, app_in, keys, pick
from tests.tui.test_sheet_tracker import state_cell
from tui.app import WarbandApp
from tui.cli import main
from tui.dialogs.choice import ChoiceDialog
from tui.screens.help import HelpScreen, help_markdown
from tui.screens.tracker.screen import TrackerScreen
from tui.textual_private import FooterKey
from tui.widgets.side_table import SideTable, wounds_width

ROSTERS = FIXTURES / "rosters"
LISTS = {
    "punkapocalyptic": ("gangers/legal-500", "mutards/legal-500"),
    "steam-wars": ("steam-wars/designed-1000", "steam-wars/designed-1000"),
    "steampocalypse-1909": (
        "steampocalypse-1909/patrol-brookwater",
        "steampocalypse-1909/patrol-captain",
    ),
    "reikhammer": ("reikhammer/iron-line", "reikhammer/steel-host"),
    "vsf-colonial": ("vsf-colonial/british-column", "vsf-colonial/native-host"),
}
PHASES = {"reikhammer", "vsf-colonial"}


def new_battle(folders: Folders, system: str) -> Path:
    first, second = LISTS[system]
    path = folders.saves / f"{system}.battle.toml"
    path.parent.mkdir(parents=True, exist_ok=True)
    argv = ["battle", "new", str(ROSTERS / f"{first}.toml"), str(ROSTERS / f"{second}.toml")]
    out, err = io.StringIO(), io.StringIO()
    assert main([*argv, "--seed", "7", "-o", str(path)], out=out, err=err) == 0, err.getvalue()
    return path


@asynccontextmanager
async def tracking(
    system: str, tmp_path: Path, size: tuple[int, int]
) -> AsyncIterator[tuple[WarbandApp, Pilot[None], TrackerScreen]]:
    """A new battle of ``system`` open in the tracker, at ``size``, settled."""
    folders = Folders(tmp_path)
    app = app_in(folders, battle_path=new_battle(folders, system), offer_recovery=False)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, TrackerScreen)
        yield app, pilot, screen


def shown(screen: TrackerScreen) -> list[str]:
    """The actions of the footer keys that are wholly on screen, left to right."""
    footer_keys = list(screen.query(FooterKey))
    palette = [k for k in footer_keys if k.has_class("-command-palette")]
    edge = palette[0].region.x if palette else screen.size.width
    ordered = sorted(footer_keys, key=lambda k: k.region.x)
    return [
        k.action for k in ordered if k.region.width and (k in palette or k.region.right <= edge)
    ]


@pytest.mark.parametrize("system", sorted(LISTS))
async def test_a_turns_keys_fit_in_80_columns(system: str, tmp_path: Path) -> None:
    async with tracking(system, tmp_path, (80, 24)) as (_app, pilot, screen):
        keys_now = shown(screen)
        assert keys_now[0] == "help"  # first: never cut off
        for action in ("activate", "wound", "counters", "end_turn", "dice", "undo"):
            assert action in keys_now, (action, keys_now)
        assert "act" not in keys_now and "end_activation" not in keys_now  # nobody active
        assert ("next_phase" in keys_now) == (system in PHASES)
        up = screen.state.next_up()
        assert ("roll_off" in keys_now) == up.needs_roll_off
        turns = screen.state.tracker.turns
        for _ in range(10):  # as a player would: roll off, move on to a phase, activate
            if screen.state.next_up().needs_roll_off:
                await keys(pilot, "o", "enter")
            elif turns.kind == "phases" and not turns.phases[screen.state.phase].activations:
                await keys(pilot, "x")
            else:
                await keys(pilot, "enter")  # the model under the cursor starts its turn
                break
        assert screen.state.active is not None
        keys_now = shown(screen)
        for action in ("help", "act", "end_activation", "wound", "dice", "undo"):
            assert action in keys_now, (action, keys_now)
        assert "activate" not in keys_now


async def test_keys_the_footer_leaves_out_are_in_f1(tmp_path: Path) -> None:
    async with tracking("punkapocalyptic", tmp_path, (80, 24)) as (app, pilot, screen):
        await keys(pilot, "f1")
        assert isinstance(app.screen, HelpScreen)
        page = help_markdown(screen)
        for key in ("`Tab`", "`Escape`", "`g`", "`o`", "`Ctrl+Y`", "`h`", "`l`"):
            assert key in page, key


async def test_bullets_do_not_read_as_a_side_b_model(tmp_path: Path) -> None:
    """A ganger's bullets show in its State cell as "Blt" and their count, which no model's
    id reads like. History: they were "B3", read as side B's third model."""
    async with tracking("punkapocalyptic", tmp_path, (120, 40)) as (_app, _pilot, screen):
        state = screen.state
        armed = [m.id for m in state.setup.all_models() if state.counter(m.id, "bullets")]
        assert armed, "the Gangers carry bullets"
        for model_id in armed:
            cell = state_cell(screen, model_id)
            assert f"Blt{state.counter(model_id, 'bullets')}" in cell.split(), cell


PUNKAPOCALYPTIC_WORDS = ("bullet", "crouch", "falling", "steam roll", "B3")


@pytest.mark.parametrize("system", sorted(LISTS))
async def test_f1_speaks_of_the_game_being_played(system: str, tmp_path: Path) -> None:
    async with tracking(system, tmp_path, (100, 30)) as (app, pilot, screen):
        await keys(pilot, "f1")
        assert isinstance(app.screen, HelpScreen)
        page = help_markdown(screen)
        tracker = screen.state.tracker
        assert f"## In {screen.battle.setup.system_name}" in page
        for counter in tracker.counters:
            assert f"`{counter.short}` {counter.name}" in page
        for phase in tracker.turns.phases:
            assert phase.name in page
        if system != "punkapocalyptic":
            for word in PUNKAPOCALYPTIC_WORDS:
                assert word not in page.lower(), word
        actions = {c.action for c in screen.commands}
        turns = tracker.turns
        assert ("delay" in actions) == (turns.kind == "stat-rounds" and turns.delay)
        assert ("next_phase" in actions) == (turns.kind == "phases")


async def test_f1_names_the_dice_helpers_rolls(tmp_path: Path) -> None:
    """Steam Wars declares its D6 rolls; Punkapocalyptic's are its own."""
    for system, roll in (("steam-wars", "To hit"), ("punkapocalyptic", "Steam (Tech roll)")):
        folders = Folders(tmp_path / system)
        app = app_in(folders, battle_path=new_battle(folders, system), offer_recovery=False)
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause()
            screen = app.screen
            assert isinstance(screen, TrackerScreen)
            line = next(x for x in screen.help_text().splitlines() if "Dice helper" in x)
            assert roll.lower() in line.lower(), line


async def test_a_battle_resumed_mid_activation_shows_the_acting_model(tmp_path: Path) -> None:
    folders = Folders(tmp_path)
    path = new_battle(folders, "punkapocalyptic")
    app = app_in(folders, battle_path=path, offer_recovery=False)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, TrackerScreen)
        if screen.state.next_up().needs_roll_off:
            await keys(pilot, "o", "enter")
        await keys(pilot, "enter")
        acting = screen.state.active
        assert acting is not None
    app = app_in(folders, battle_path=path, offer_recovery=False)  # next week
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, TrackerScreen)
        assert screen.state.active == acting
        assert screen._model() == acting


def phase_toasts(app: App[None], names: set[str]) -> int:
    return sum(1 for n in app._notifications if n.title in names)


async def to_activation_phase(pilot: Pilot[None], screen: TrackerScreen) -> None:
    """Roll off and move on, as a player would, to the first phase where units activate."""
    turns = screen.state.tracker.turns
    for _ in range(10):
        if screen.state.next_up().needs_roll_off:
            await keys(pilot, "o", "enter")
        elif not turns.phases[screen.state.phase].activations:
            await keys(pilot, "x")
        else:
            return


async def test_moving_on_with_units_not_activated_asks_first(tmp_path: Path) -> None:
    """Reikhammer: x in the Action Phase with formations that never activated."""
    async with tracking("reikhammer", tmp_path, (100, 30)) as (app, pilot, screen):
        await to_activation_phase(pilot, screen)
        phase = screen.state.phase
        waiting = screen.state.ready()
        assert waiting
        await keys(pilot, "x")
        assert isinstance(app.screen, ChoiceDialog)
        assert all(w in app.screen.message for w in waiting[:6])
        await keys(pilot, "escape")  # keep playing
        assert screen.state.phase == phase
        await keys(pilot, "x", "enter")  # Move on: the default (it destroys nothing)
        assert screen.state.phase == phase + 1
        name = screen.state.tracker.turns.phases[phase + 1].name
        assert screen._log_lines[-1].endswith(f"next phase: {name}")


async def test_phase_reminders_replace_each_other_and_leave_with_the_screen(
    tmp_path: Path,
) -> None:
    """The colonial sheet: x three times left three reminders stacked."""
    async with tracking("vsf-colonial", tmp_path, (100, 30)) as (app, pilot, screen):
        names = {p.name for p in screen.state.tracker.turns.phases}
        start = screen.state.phase
        await keys(pilot, "x")
        await keys(pilot, "x")
        assert screen.state.phase == start + 2
        assert phase_toasts(app, names) == 1
        await keys(pilot, "d")  # the dice helper: nothing of the tracker's over it
        assert not isinstance(app.screen, TrackerScreen)
        assert phase_toasts(app, names) == 0


async def test_a_refused_key_pressed_again_shows_one_toast(tmp_path: Path) -> None:
    async with tracking("punkapocalyptic", tmp_path, (100, 30)) as (app, pilot, screen):
        for _ in range(12):
            screen.record(EndTurn(kind="end-turn"))  # nobody has acted: refused each time
        await pilot.pause()
        assert sum(1 for n in app._notifications if n.title == "Not now") == 1


async def test_ending_the_turn_early_passes_the_models_that_have_not_acted(
    tmp_path: Path,
) -> None:
    """Punkapocalyptic's first turn, nobody has acted: t names them and asks; Keep playing
    changes nothing; "Pass them and end the turn" gives each its turn with no actions, in
    Agility order, stopping where the players must roll off (o, Roll for me) and carrying
    on with t, until the turn ends."""
    async with tracking("punkapocalyptic", tmp_path, (100, 30)) as (app, pilot, screen):
        waiting = screen.state.ready()
        await keys(pilot, "t")
        assert isinstance(app.screen, ChoiceDialog)
        assert f"{len(waiting)} models have not acted yet" in app.screen.message
        await keys(pilot, "escape")  # keep playing
        assert screen.state.turn == 1 and screen.battle.events == ()
        for _ in range(len(waiting)):
            await keys(pilot, "t")
            assert isinstance(app.screen, ChoiceDialog)
            await keys(pilot, "enter")  # Pass them: the default (undo brings them back)
            if screen.state.turn == 2:
                break
            said = [n.message for n in app._notifications if n.title == "Not yet"]
            assert len(said) == 1 and "roll off first" in said[0], said
            await keys(pilot, "o")
            await pick(pilot, "Roll for me")
            await keys(pilot, "enter")  # the winner goes first
        assert screen.state.turn == 2
        events: tuple[object, ...] = tuple(screen.battle.events)
        activated = [e.actor for e in events if isinstance(e, Activate)]
        assert sorted(activated) == sorted(waiting)
        assert not any(isinstance(e, Act) for e in events)


async def test_the_roll_off_can_be_rolled_for_the_players(tmp_path: Path) -> None:
    """Steam Wars' first turn: a D6 each for the initiative, logged, then the winner's
    choice (the winner's own side offered first)."""
    async with tracking("steam-wars", tmp_path, (100, 30)) as (_app, pilot, screen):
        assert screen.state.next_up().needs_roll_off
        await keys(pilot, "o")
        await pick(pilot, "Roll for me (a d6 each)")
        rolled = screen.battle.events[-1]
        assert isinstance(rolled, Roll) and rolled.title == "Roll-off"
        pairs = [rolled.dice[i : i + 2] for i in range(0, len(rolled.dice), 2)]
        assert all(a == b for a, b in pairs[:-1]) and pairs[-1][0] != pairs[-1][1]
        winner = 0 if pairs[-1][0] > pairs[-1][1] else 1
        assert rolled.outcome.startswith(f"{'AB'[winner]} (")
        await keys(pilot, "enter")  # the winner goes first
        last = screen.battle.events[-1]
        assert isinstance(last, RollOff) and last.first == winner
        assert not screen.state.next_up().needs_roll_off


@dataclass(frozen=True)
class Everywhere:
    """What a battle shows of its sides: the tracker's first side title, its commands,
    whether Score may run, ``battle show`` and ``battle report``."""

    tracker: Tracker
    title: str
    commands: frozenset[str]
    can_score: bool
    show: str
    report: str


async def everywhere(system: str, tmp_path: Path) -> Everywhere:
    folders = Folders(tmp_path)
    path = new_battle(folders, system)
    app = app_in(folders, battle_path=path, offer_recovery=False)
    async with app.run_test(size=(120, 30)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, TrackerScreen)
        tracker = screen.state.tracker
        title = str(screen.query_one("#side-title-0", Static).render())
        commands = frozenset(c.action for c in screen.commands)
        can_score = bool(screen.check_action("score", ()))
    out, err = io.StringIO(), io.StringIO()
    assert main(["battle", "show", str(path)], out=out, err=err) == 0, err.getvalue()
    report = tmp_path / "report.md"
    argv = ["battle", "report", str(path), "-o", str(report)]
    assert main(argv, out=io.StringIO(), err=err) == 0, err.getvalue()
    text = report.read_text(encoding="utf-8")
    return Everywhere(tracker, title, commands, can_score, out.getvalue(), text)


@pytest.mark.parametrize("system", ["punkapocalyptic", "reikhammer", "vsf-colonial"])
async def test_points_lost_only_where_the_game_has_points(system: str, tmp_path: Path) -> None:
    """Reikhammer and the colonial sheet publish no points: nothing to lose."""
    shown = await everywhere(system, tmp_path)
    priced = shown.tracker.victory.points_lost
    assert priced == (system == "punkapocalyptic")
    assert ("lost 0 pts" in shown.title) == priced, shown.title
    assert ("points lost" in shown.show) == priced
    assert ("Points lost" in shown.report) == priced


@pytest.mark.parametrize("system", ["punkapocalyptic", "steampocalypse-1909"])
async def test_victory_points_only_where_the_game_scores_them(system: str, tmp_path: Path) -> None:
    """Steampocalypse 1909 has none: a side whose officers are all down has lost."""
    shown = await everywhere(system, tmp_path)
    scored = shown.tracker.victory.scored
    assert scored == (system == "punkapocalyptic")
    assert ("VP 0" in shown.title) == scored, shown.title
    assert ("score" in shown.commands) == scored
    assert shown.can_score == scored
    assert ("victory point" in shown.show) == scored
    assert ("Victory points" in shown.report) == scored


async def test_the_wounds_column_shows_every_box_of_a_four_wound_model(tmp_path: Path) -> None:
    """Steampocalypse 1909: Oliver Brookwater has 4 HPT; the column stopped at three."""
    folders = Folders(tmp_path)
    path = new_battle(folders, "steampocalypse-1909")
    app = app_in(folders, battle_path=path, offer_recovery=False)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, TrackerScreen)
        assert screen.state.wounds_max("A1") == 4
        table = screen.query_one("#table-0", SideTable)
        assert str(table.get_row("A1")[4]) == "□□□□"
        assert table.columns[ColumnKey("Wnd")].width >= 4
        assert wounds_width(12) == len("12/12")
