"""The battle tracker: both sides at the table, whose turn it is, and the log.

Every key records one event; the engine checks it against the rules and refuses
it with a reason when the rules do not allow it, so the screen never has to know
a game's rules. After every event the battle file is written (atomically, the
previous version kept as a backup), so closing the terminal mid-turn loses
nothing and the game resumes exactly where it was.
"""

from __future__ import annotations

import contextlib
import gc
import re
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, ClassVar

from rich.text import Text
from textual import on, work
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.widgets import Static, Tab, Tabs

from model.battle.battle import Battle
from model.battle.events import (
    Act,
    Activate,
    Delay,
    EndActivation,
    EndGame,
    EndTurn,
    Event,
    NextPhase,
    Note,
    Pass,
    PlaceMarker,
    RemoveMarker,
    Retain,
    Roll,
    RollOff,
    Score,
    SetCounter,
    Wound,
)
from model.battle.forces import SIDE_LETTERS, ModelSnap
from model.battle.setup import matches_item, matches_model
from model.battle.state import BattleState, Refused
from model.battle.text import (
    counter_value,
    defeat_text,
    end_of_game_text,
    event_text,
    model_line,
    next_up_text,
    retain_text,
    target_text,
    who,
)
from model.catalog.tracker import ActionSpec, Tracker
from model.core.bounds import MAX_COUNTER, MAX_STAT
from model.core.messages import counted
from model.core.problems import WarbandError
from model.rolls.dice import next_dice
from model.rolls.roll_off import roll_off
from tui.commands import Command, bindings
from tui.dialogs.choice import ChoiceDialog, may_write
from tui.dialogs.message import MessageDialog
from tui.dialogs.pick import PickDialog
from tui.dialogs.prompt import PromptDialog
from tui.numbers import whole, whole_check
from tui.screens.base import CommandScreen
from tui.toasts import Toasts
from tui.tracker_help import game_commands, game_help
from tui.widgets.log_panel import LogPanel
from tui.widgets.safe_header import SafeHeader
from tui.widgets.side_table import SideTable
from tui.widgets.steady_footer import SteadyFooter

if TYPE_CHECKING:
    from model.catalog.schema import FactionView

NARROW = 120
"""Below this width the two sides are tabs instead of side by side."""

LOG_LINES = 200
"""The log shows the last events (all of them are in the file and in ``battle show``)."""

Saver = Callable[[Path, Battle], None]
Views = Callable[[], "Sequence[FactionView]"]
"""Loads the catalog views of the battle's sides (the dice helper reads profiles and
armour from them); called only when the helper opens, so a catalog that is missing
now costs the tracker nothing and is explained then. It raises WarbandError or
KeyError for a catalog or faction that cannot be loaded."""


ROLL_FOR_ME = -1
"""The roll-off's choice that rolls for the players (sides are 0 and 1)."""


class TrackerScreen(CommandScreen):
    """Track one battle."""

    COMMAND_LIST: ClassVar[tuple[Command, ...]] = (
        Command(
            "activate",
            "enter",
            "Activate",
            "Start the action turn of the model under the cursor (its pack or unit with it).",
        ),
        Command(
            "act",
            "a",
            "Action",
            "Record an action of the active model (what it spends, such as "
            "ammunition or a reload, is counted by the game's rules).",
        ),
        Command("end_activation", "e", "End", "End the active model's action turn."),
        Command(
            "wound",
            "w",
            "Wound",
            "The model under the cursor takes a wound (the last one downs it).",
        ),
        Command(
            "heal",
            "h",
            "Heal",
            "Take a wound off the model under the cursor (a downed model comes back).",
            footer=False,
        ),
        Command(
            "counters",
            "k",
            "Counters",
            "Set or clear a counter of the model under the cursor, of its gear or of its side.",
        ),
        Command(
            "roll_off",
            "o",
            "Roll-off",
            "Record who acts first after a roll-off (this round, or this turn).",
        ),
        Command(
            "delay",
            "l",
            "Delay",
            "The model whose turn it is acts in a later round instead (once per turn).",
            footer=False,
        ),
        Command(
            "retain",
            "i",
            "Retain",
            "The side that has just acted keeps the initiative and acts again "
            "(where sides alternate in a phase).",
            footer=False,
        ),
        Command(
            "interrupt",
            "u",
            "Interrupt",
            "A model that is not active does an action that interrupts (overwatch fire): "
            "the model under the cursor, or one picked.",
            footer=False,
        ),
        Command(
            "pass_turn",
            "p",
            "Pass",
            "The side to act passes (where the rules allow).",
            footer=False,
        ),
        Command("next_phase", "x", "Next phase", "Move on to the turn's next phase."),
        Command(
            "end_turn",
            "t",
            "End turn",
            "End the turn: counters that last a turn clear, everyone may act again.",
        ),
        Command(
            "marker",
            "m",
            "Marker",
            "Place a marker on the table (fire, smoke ...) or take one off.",
            footer=False,
        ),
        Command("score", "s", "Score", "Give a side victory points (or take some).", footer=False),
        Command("note", "n", "Note", "Write a note into the log.", footer=False),
        Command(
            "dice",
            "d",
            "Dice",
            "Roll with the dice helper (this game's rolls and tables, listed in F1): "
            "it shows every number and logs the roll.",
        ),
        Command(
            "report",
            "r",
            "Report",
            "A Markdown report of the battle so far (sides, losses, points, VP, rolls), "
            "copied or saved beside the battle file.",
            footer=False,
        ),
        Command("undo", "ctrl+z", "Undo", "Undo the last event."),
        Command("redo", "ctrl+y", "Redo", "Redo what was undone.", footer=False),
        Command(
            "switch_side",
            "tab",
            "Side",
            "Show the other side (on a narrow terminal) or move to its table.",
            footer=False,
        ),
        Command("end_game", "g", "End game", "End the game now and show the count.", footer=False),
        Command(
            "close",
            "escape",
            "Home",
            "Back to the home screen (the battle is saved after every event).",
            footer=False,
        ),
    )
    BINDINGS = bindings(COMMAND_LIST)
    NAME = "Battle tracker"
    DEFAULT_CSS = """
    #battle-notice {
        height: auto;
        max-height: 3;
        padding: 0 1;
        background: $boost;
    }
    TrackerScreen.-narrow #battle-notice {
        max-height: 2;
    }
    """
    HELP = """\
## Tracking a battle

Both sides are listed with each model's round or order, actions used, wounds (■
taken, □ left) and, in short, every counter set on it and on its gear (the short
forms of this game are listed below). The line at the top says whose turn it is.
Move the cursor to a model and press **Enter** to start its activation, **a** to
record each action (what it spends is counted), **e** to end it. **w** wounds the
model under the cursor, **k** sets any counter, **o** records a roll-off when one
is wanted, **d** opens the dice helper (every roll it makes goes into the log),
**t** ends the turn. The footer shows the keys that can be used now; the others
are in the table below and in the palette (**Ctrl+P**).

Games played in phases show the phase's reminder above the tables; **x** moves
on to the next phase. Where sides alternate in a phase, **i** lets the side that
has just acted keep the initiative (the line above the tables says what it
costs), and **u** records an action that interrupts another's activation
(overwatch fire) for the model under the cursor or one you pick. A counter
that is a choice (an order chip) is set with **k** by picking the option; one
placed face down shows as "placed" until the phase that reveals it. A unit a
counter holds back says why; a side whose officers are all down is shown as
lost. With a catalog's tests and tables the dice helper rolls them for a
model, applies the result to its counters (a failed action test's Shock, a
hit table's damage) and rolls the tables the result leads to.

Anything the rules do not allow is refused with the reason. Every event goes
into the log and the battle is saved after each one; **Ctrl+Z** undoes. Close
the terminal at any time: the battle resumes exactly where it was.
"""

    def __init__(self, battle: Battle, path: Path, save: Saver, views: Views | None = None) -> None:
        super().__init__()
        self.battle = battle
        self.path = path
        self.save = save
        self.views = views
        self.shown_side = 0
        self._log_lines: list[str] = []
        """The log's lines told so far, for the events from ``_log_first`` on."""
        self._log_first = 0
        self._log_events: tuple[Event, ...] = ()
        """The events the lines were told for (all of them up to the last line)."""
        self._log_state = BattleState.start(battle.setup)
        """The state after the last event told."""
        self._available: dict[str, bool] = {}
        self._available_for: Battle | None = None
        self._game_commands: tuple[Tracker, tuple[Command, ...]] | None = None
        self._toasts = Toasts()

    @property
    def commands(self) -> tuple[Command, ...]:
        """The commands as this game has them: F1 and the palette list these."""
        tracker = self.battle.setup.tracker
        if self._game_commands is None or self._game_commands[0] is not tracker:
            self._game_commands = (tracker, game_commands(self.COMMAND_LIST, tracker))
        return self._game_commands[1]

    def help_text(self) -> str:
        setup = self.battle.setup
        return f"{self.HELP}\n{game_help(setup.tracker, setup.system_name, self._roll_names())}"

    def _roll_names(self) -> tuple[str, ...]:
        """The rolls the dice helper offers in this game (asked for by F1 only: it may
        load the catalog)."""
        from tui.dialogs.dice import offered_kinds

        tracker = self.battle.setup.tracker
        try:
            views = self.views() if self.views is not None else ()
        except (WarbandError, KeyError):
            views = ()
        if views:
            stats = {s.name for s in views[0].system.stats}
        else:  # the catalog is missing: the stats the models have
            stats = {name for m in self.battle.setup.all_models() for name in m.stats}
        return tuple(kind.name for kind in offered_kinds(tracker, stats))

    @property
    def state(self) -> BattleState:
        return self.battle.state

    def compose(self) -> ComposeResult:
        sides = self.battle.setup.sides
        yield SafeHeader()
        yield Static(id="battle-status")
        yield Static(id="battle-notice")
        yield Tabs(
            *(Tab(f"{SIDE_LETTERS[i]}: {s.player}", id=f"side-{i}") for i, s in enumerate(sides)),
            id="side-tabs",
        )
        state = self.state
        most = max((state.wounds_max(m.id) for m in state.setup.all_models()), default=1)
        with Horizontal(id="sides"):
            for index in range(len(sides)):
                with Vertical(classes="side", id=f"side-box-{index}"):
                    yield Static(classes="side-title", id=f"side-title-{index}")
                    yield SideTable(index, wounds=most, id=f"table-{index}")
        yield Static(id="model-detail")
        yield LogPanel(id="battle-log")
        yield SteadyFooter(compact=True)

    def on_mount(self) -> None:
        """Shows the battle, then moves everything alive into the collector's permanent
        generation (``gc.freeze``, undone when the tracker closes): a long battle is
        hundreds of thousands of objects that live as long as the tracker, and collections
        kept walking them: about 5 ms a key on average at 10,000 events (a full
        collection now and then), under 2 ms with them frozen."""
        setup = self.battle.setup
        self.title = " vs ".join(s.player for s in setup.sides)
        self.sub_title = f"{setup.system_name}" + (f" · {setup.scenario}" if setup.scenario else "")
        self._layout()
        self.refresh_view()
        self.query_one("#table-0", SideTable).focus()
        self._follow()
        self._prepare_saving()
        gc.freeze()

    def on_unmount(self) -> None:
        """The objects frozen on opening are collected as usual again."""
        gc.unfreeze()
        self._toasts.clear(self.app)

    def on_screen_suspend(self) -> None:
        """A dialog or another screen over the tracker: its toasts (a phase's reminder, a
        refusal) would cover what that screen shows."""
        self._toasts.clear(self.app)

    @work(thread=True, exclusive=True, group="prepare-saving")
    def _prepare_saving(self) -> None:
        """Render the battle's file text once, off the key path: the saves that follow
        render only the events that change (``saves.battle_file``), but the first would
        otherwise render a long log whole (about 50 ms at 10,000 events) on the first key.
        Nothing depends on it: if it fails, the first save renders the log itself."""
        from saves.battle_file import battle_to_toml

        with contextlib.suppress(Exception):  # a head start only: the save reports errors
            battle_to_toml(self.battle)

    def on_resize(self) -> None:
        self._layout()

    def _layout(self) -> None:
        narrow = self.size.width < NARROW
        self.set_class(narrow, "-narrow")
        self.query_one("#side-tabs").display = narrow
        for index in range(len(self.battle.setup.sides)):
            self.query_one(f"#side-box-{index}").display = not narrow or index == self.shown_side
        self.query_one("#sides").styles.layout = "vertical" if narrow else "horizontal"

    # --- showing ---------------------------------------------------------------------------

    def refresh_view(self) -> None:
        """Redraw everything from the battle's state."""
        state = self.state
        setup = self.battle.setup
        status = Text()
        status.append(f"Turn {state.turn}/{setup.turn_limit}", style="bold")
        if state.ended:
            status.append(" · game over", style="bold red")
        status.append(" · " + next_up_text(state))
        down = state.markers_down()
        if down:
            names = ", ".join(f"{state.marker_spec(m.marker).name} {m.number}" for m in down)
            status.append(f" · markers: {names}", style="dim")
        self.query_one("#battle-status", Static).update(status)
        notice = self._notice()
        widget = self.query_one("#battle-notice", Static)
        widget.update(notice)
        widget.display = bool(notice)
        for index, side in enumerate(setup.sides):
            summary = state.summary(index)
            title = Text(f"{SIDE_LETTERS[index]}: {side.player}", style="bold")
            victory = setup.tracker.victory
            lost = f" · lost {summary.points_lost} pts" if victory.points_lost else ""
            vp = f" · {victory.vp_short} {summary.victory_points}" if victory.scored else ""
            title.append(f" · {side.faction} · {summary.standing}/{summary.models} up{lost}{vp}")
            if state.defeated(index):
                title.append(" · LOST", style="bold red")
            self.query_one(f"#side-title-{index}", Static).update(title)
            self.query_one(f"#table-{index}", SideTable).show(state)
        self._show_log()
        self._show_model()
        self.sync_bindings()

    def _notice(self) -> Text:
        """The line above the tables, shown only when it has something to say: a side
        that has lost, a side retaining the initiative, the phase's reminder."""
        state = self.state
        parts: list[tuple[str, str]] = []
        for index in range(len(state.setup.sides)):
            lost = defeat_text(state, index)
            if lost is not None:
                parts.append((lost[0].upper() + lost[1:], "bold red"))
        retaining = retain_text(state)
        if retaining is not None:
            parts.append((retaining, "bold yellow"))
        turns = state.tracker.turns
        if turns.kind == "phases" and not state.ended:
            phase = turns.phases[state.phase]
            if phase.reminder:
                parts.append((f"{phase.name}: {phase.reminder}", "italic"))
        text = Text()
        for n, (part, style) in enumerate(parts):
            text.append((" · " if n else "") + part, style=style)
        return text

    def _show_log(self) -> None:
        """The log, told event by event. Each line is told once, from the state just
        before its event, and only for the last events (between ``LOG_LINES`` and three
        times as many, so undo has lines to go back to): recording adds one line, told
        from the battle's previous state; undo drops lines; a log with too few lines
        left after many undos, or another battle, is told afresh from the battle's state
        at its first line (a checkpoint and a few events away). No key replays the log."""
        battle = self.battle
        events = battle.events
        lines = self._log_lines
        first = self._log_first
        end = first + len(lines)
        log = self.query_one("#battle-log", LogPanel)
        common = min(end, len(events))
        same = events[:common] == self._log_events[:common]
        if same and len(events) < end and (first == 0 or len(events) - first >= LOG_LINES):
            del lines[len(events) - first :]  # undone: the state after the rest is the
            self._log_state = battle.state  # battle's own
        elif not same or len(events) < end or len(events) - end > 2 * LOG_LINES:
            # another battle, too few lines left, or more new events than are kept
            lines.clear()
            first = self._log_first = max(0, len(events) - 2 * LOG_LINES)
            self._log_state = battle.state_after(first)
        for event in events[first + len(lines) :]:
            lines.append(event_text(event, self._log_state))
            try:
                self._log_state = self._log_state.then(event)
            except Refused:
                break
        if len(lines) > 3 * LOG_LINES:
            cut = len(lines) - 2 * LOG_LINES
            del lines[:cut]
            first = self._log_first = first + cut
        self._log_events = events[: first + len(lines)]
        total = first + len(lines)
        start = max(total - LOG_LINES, 0)
        log.show_lines(start + 1, lines[start - first :])

    def _show_model(self) -> None:
        """The line under the tables: the highlighted model in full words."""
        model_id = self._model()
        self.query_one("#model-detail", Static).update(
            "" if model_id is None else model_line(self.state, model_id)
        )

    @on(SideTable.ModelHighlighted)
    def _highlighted(self) -> None:
        self._show_model()

    def record(self, event: Event) -> bool:
        """Record an event; a refused one is explained and nothing changes. The event
        that ends the game (the last turn's end, or End game) shows the final count."""
        try:
            battle = self.battle.record(event)
        except Refused as exc:
            self._toasts.show(self.app, "refused", exc.reason, title="Not now", severity="warning")
            return False
        ending = battle.state.ended and not self.state.ended
        losing = [
            side
            for side in range(len(battle.setup.sides))
            if battle.state.defeated(side) and not self.state.defeated(side)
        ]
        phase = (self.state.turn, self.state.phase)
        self._commit(battle)
        if ending:
            self.app.push_screen(MessageDialog("Game over", end_of_game_text(self.state)))
        for side in losing:
            self.notify(
                defeat_text(self.state, side) or "",
                title=f"Side {SIDE_LETTERS[side]} has lost",
                severity="error",
                timeout=12,
            )
        if (self.state.turn, self.state.phase) != phase and not self.state.ended:
            self._phase_reminder()
        if isinstance(event, Activate):
            self._remind(event.actor)
        elif isinstance(
            event, EndActivation | RollOff | EndTurn | Delay | Pass | NextPhase | Retain
        ):
            self._follow()
        return True

    def _follow(self) -> None:
        """Put the cursor on the model to act next (showing its side), as a person at
        the table looks to whoever goes next; other events leave the cursor alone. A
        battle resumed mid-activation puts it on the model that is acting."""
        state = self.state
        if state.active is not None:
            model = state.model(state.active)
        else:
            up = state.next_up()
            if not up.actors:
                return
            if up.side is None:
                # units act in any order (a phase of the colonial sheet): stay on the unit
                # under the cursor while it may act, else go to the first that may
                here = self._model()
                if here is not None and state.model(here).actor in up.actors:
                    return
            model = state.model(up.actors[0])
        if model.side != self.shown_side:
            self.shown_side = model.side
            self.query_one("#side-tabs", Tabs).active = f"side-{model.side}"
            self._layout()
        table = self.query_one(f"#table-{model.side}", SideTable)
        table.focus()
        table.move_cursor(row=table.get_row_index(model.id))

    def _commit(self, battle: Battle) -> None:
        self.battle = battle
        try:
            self.save(self.path, battle)
        except WarbandError as exc:
            self.app.push_screen(
                MessageDialog("The battle could not be saved", exc.render(), error=True)
            )
        self.refresh_view()

    def _phase_reminder(self) -> None:
        """A phase that starts says in full what the players do in it (the line above the
        tables may crop it)."""
        turns = self.state.tracker.turns
        if turns.kind != "phases":
            return
        phase = turns.phases[self.state.phase]
        if phase.reminder:
            self._toasts.show(self.app, "phase", phase.reminder, title=phase.name, timeout=8)

    def _remind(self, actor: str) -> None:
        """What counters on the activated models ask the players to do, one toast each,
        taking down the last activation's."""
        self._toasts.clear(self.app, "remind")
        for n, reminder in enumerate(self.state.reminders(actor)):
            spec = reminder.counter
            amount = f" ({reminder.value})" if spec.kind == "number" else ""
            self._toasts.show(
                self.app,
                f"remind{n}",
                f"{reminder.model.label}{amount}: {spec.reminder}",
                title=spec.name,
                severity="warning",
                timeout=12,
            )

    # --- availability ------------------------------------------------------------------------

    SHOWN_WHEN_USABLE: ClassVar[frozenset[str]] = frozenset(
        {"activate", "act", "end_activation", "roll_off", "next_phase"}
    )
    """Keys the footer shows only while they can be used, not greyed out: Activate and
    Action/End take turns, a roll-off is wanted now and then, phases only in some games;
    at 80 columns the footer has room for what can be done now and no more (issue 16)."""

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if self._allowed_now().get(action, True):
            return True
        return False if action in self.SHOWN_WHEN_USABLE else None

    def _allowed_now(self) -> dict[str, bool]:
        """Which commands the battle allows now, worked out once per battle value: Textual
        asks for every binding at every refresh, and some answers need whose turn it is."""
        battle = self.battle
        if self._available_for is battle:
            return self._available
        state = battle.state
        turns = state.tracker.turns
        live = not state.ended
        self._available = {
            "activate": live and state.active is None,
            "act": live and state.active is not None,
            "end_activation": live and state.active is not None,
            "roll_off": live and state.active is None and state.next_up().needs_roll_off,
            "delay": live and turns.kind == "stat-rounds" and turns.delay and state.active is None,
            "pass_turn": live and turns.can_pass and state.active is None,
            "retain": live and self._retaining_side() is not None,
            "interrupt": live and any(spec.interrupt for spec in state.tracker.actions),
            "next_phase": live
            and turns.kind == "phases"
            and state.active is None
            and state.phase + 1 < len(turns.phases),
            "end_turn": live and state.active is None,
            "undo": battle.can_undo,
            "redo": battle.can_redo,
            "end_game": live,
            "score": live and state.tracker.victory.scored,
            "wound": live,
            "heal": live,
        }
        self._available_for = battle
        return self._available

    def _retaining_side(self) -> int | None:
        """The side that may retain the initiative now: the one that has just acted in a
        phase where sides alternate (None when nobody may)."""
        state = self.state
        turns = state.tracker.turns
        if turns.kind != "phases" or turns.phases[state.phase].order != "alternating":
            return None
        if state.active is not None or state.retaining is not None:
            return None
        return state.last_side

    # --- the cursor --------------------------------------------------------------------------

    def _table(self) -> SideTable:
        focused = self.focused
        if isinstance(focused, SideTable):
            return focused
        return self.query_one(f"#table-{self.shown_side}", SideTable)

    def _model(self) -> str | None:
        return self._table().model_id

    def action_switch_side(self) -> None:
        self.shown_side = 1 - self._table().side
        self.query_one("#side-tabs", Tabs).active = f"side-{self.shown_side}"
        self._layout()
        self.query_one(f"#table-{self.shown_side}", SideTable).focus()

    @on(Tabs.TabActivated, "#side-tabs")
    def _tab(self, event: Tabs.TabActivated) -> None:
        self.shown_side = int((event.tab.id or "side-0").removeprefix("side-"))
        self._layout()

    # --- events ------------------------------------------------------------------------------

    @on(SideTable.Chosen)
    def _chosen(self) -> None:
        self.action_activate()

    def action_activate(self) -> None:
        model_id = self._model()
        state = self.state
        up = state.next_up()
        if up.needs_roll_off:
            self.notify(
                "Both sides have models in this round: press o for the roll-off", severity="warning"
            )
            return
        if model_id is None:
            return
        actor = state.model(model_id).actor
        self.record(Activate(kind="activate", actor=actor))

    def action_end_activation(self) -> None:
        if self.state.active is not None:
            self.record(EndActivation(kind="end-activation", actor=self.state.active))

    def action_wound(self) -> None:
        model_id = self._model()
        if model_id is not None:
            self.record(Wound(kind="wound", model=model_id, amount=1))

    def action_heal(self) -> None:
        model_id = self._model()
        if model_id is not None:
            self.record(Wound(kind="wound", model=model_id, amount=-1))

    @work
    async def action_end_turn(self) -> None:
        state = self.state
        waiting = state.ready() if state.tracker.turns.kind != "phases" else ()
        if waiting and state.active is None:
            # every model has its turn; one that does nothing still takes it (and ends it)
            names = ", ".join(who(state, actor) for actor in waiting[:4])
            more = f" and {len(waiting) - 4} more" if len(waiting) > 4 else ""
            self._toasts.show(
                self.app,
                "refused",
                f"{counted(len(waiting), 'model')} {'has' if len(waiting) == 1 else 'have'} "
                f"not acted yet: {names}{more}. A model that does nothing still takes its "
                "turn: Enter starts it, e ends it with no actions.",
                title="Not now",
                severity="warning",
                timeout=10,
            )
            return
        if await self._left_behind_agreed("end the turn"):
            self.record(EndTurn(kind="end-turn"))

    @work
    async def action_next_phase(self) -> None:
        if await self._left_behind_agreed("move on to the next phase"):
            self.record(NextPhase(kind="next-phase"))

    async def _left_behind_agreed(self, what: str) -> bool:
        """In a phase where units activate, moving on while some have not is asked about
        first, naming them (the rules let a player do it; a slip of the key should not)."""
        state = self.state
        turns = state.tracker.turns
        if turns.kind != "phases" or state.active is not None:
            return True  # the rules refuse or allow it themselves, with the reason
        phase = turns.phases[state.phase]
        waiting = state.ready() if phase.activations else ()
        if not waiting:
            return True
        names = ", ".join(who(state, actor) for actor in waiting[:6])
        more = f" and {len(waiting) - 6} more" if len(waiting) > 6 else ""
        answer = await self.app.push_screen_wait(
            ChoiceDialog(
                f"Not everyone has activated ({phase.name})",
                f"{counted(len(waiting), 'unit')} {'has' if len(waiting) == 1 else 'have'} "
                f"not activated: {names}{more}. {what[0].upper()}{what[1:]} anyway?",
                [("Move on", "go", "primary"), ("Keep playing", "cancel", "default")],
            )
        )
        return answer == "go"

    def action_undo(self) -> None:
        self._commit(self.battle.undo())

    def action_redo(self) -> None:
        try:
            self._commit(self.battle.redo())
        except Refused as exc:
            self.notify(exc.reason, severity="warning")

    @work
    async def action_act(self) -> None:
        state = self.state
        if state.active is None:
            return
        model_id = self._model()
        members = state.members(state.active)
        if model_id not in {m.id for m in members}:
            standing = [m.id for m in members if not state.is_out(m.id)]
            model_id = standing[0] if standing else members[0].id
        model = state.model(model_id)
        choices = _action_choices(state, model, state.tracker.actions)
        if not choices:
            self.notify(f"{model.label} has no actions", severity="warning")
            return
        left = state.actions_left(model_id)
        chosen = await self.app.push_screen_wait(
            PickDialog(f"{who(state, model_id)}: {counted(left, 'action')} left", choices)
        )
        if chosen is not None:
            self.record(chosen)

    @work
    async def action_counters(self) -> None:
        model_id = self._model()
        if model_id is None:
            return
        state = self.state
        model = state.model(model_id)
        targets = [model.id]
        if model.actor != model.id:
            targets.append(model.actor)
        targets += [t for t, _ in state.setup.item_targets(model)]
        targets.append(SIDE_LETTERS[model.side])
        choices: list[tuple[str, tuple[str, str], str | None]] = []
        for target, spec, _, item in state.setup.counter_instances():
            if target not in targets:
                continue
            value = state.counter(target, spec.id)
            where = (
                ""
                if target == model.id
                else (f"{item.name}: " if item else "side: " if len(target) == 1 else "unit: ")
            )
            shown = ("on" if value else "off") if spec.kind == "flag" else ""
            shown = shown or counter_value(state, spec, value)
            choices.append((f"{where}{spec.name} [{shown}]", (target, spec.id), None))
        picked = await self.app.push_screen_wait(PickDialog(f"Counters of {model.label}", choices))
        if picked is None:
            return
        target, counter_id = picked
        spec = state.tracker.counter(counter_id)
        if spec.kind == "flag":
            value = 0 if state.counter(target, counter_id) else 1
        elif spec.kind == "choice":
            # the options from the one after the current: Enter alone moves it on
            now = state.counter(target, counter_id)
            count = len(spec.options)
            order = [(now + step) % count for step in range(1, count)]
            picked_value = await self.app.push_screen_wait(
                PickDialog(
                    f"{spec.name} of {target_text(state, target)}",
                    [(spec.options[n], n, None) for n in order],
                )
            )
            if picked_value is None:
                return
            value = picked_value
        else:
            limit = state.counter_max(target, counter_id)
            top = min(limit, MAX_COUNTER) if limit is not None else MAX_COUNTER
            text = await self.app.push_screen_wait(
                PromptDialog(
                    spec.name,
                    f"New value (0 to {top:,}):",
                    str(state.counter(target, counter_id)),
                    whole_check(0, top),
                )
            )
            typed = whole(text or "", 0, top)
            if typed is None:
                return
            value = typed
        self.record(SetCounter(kind="counter", target=target, counter=counter_id, value=value))

    @work
    async def action_roll_off(self) -> None:
        sides = self.battle.setup.sides
        choices: list[tuple[str, int, str | None]] = [
            (f"{SIDE_LETTERS[i]}: {s.player} goes first", i, None) for i, s in enumerate(sides)
        ]
        die = self._roll_off_die()
        if die is not None:
            choices.append((f"Roll for me (a d{die} each)", ROLL_FOR_ME, None))
        first = await self.app.push_screen_wait(
            PickDialog(
                "Roll-off: who acts first?",
                choices,
                "Roll a die each; the winner chooses who goes first",
            )
        )
        if first == ROLL_FOR_ME and die is not None:
            winner = self._roll_the_roll_off(die)
            if winner is None:
                return
            title = f"{SIDE_LETTERS[winner]} ({sides[winner].player}) won: who acts first?"
            first = await self.app.push_screen_wait(
                PickDialog(title, choices[:-1], "The winner chooses", current=winner)
            )
        if first is not None:
            self.record(RollOff(kind="roll-off", first=first))

    def _roll_off_die(self) -> int | None:
        """The die a roll-off uses: the initiative's, else the game's (None when the
        catalog that says it cannot be read: the players roll by hand)."""
        spec = self.state.tracker.turns.initiative
        text = spec.dice if spec is not None else None
        if text is None and self.views is not None:
            with contextlib.suppress(WarbandError, KeyError):
                views = self.views()
                text = views[0].system.dice if views else None
        found = re.fullmatch(r"1?d(\d+)", (text or "").strip().lower())
        return int(found.group(1)) if found and 2 <= int(found.group(1)) <= 100 else None

    def _roll_the_roll_off(self, die: int) -> int | None:
        """Roll it with the battle's dice and log the roll; the side that won."""
        battle, state = self.battle, self.state
        spec = state.tracker.turns.initiative
        entrants = []
        for index, side in enumerate(battle.setup.sides):
            bonus = side.roster.settings.get(spec.setting, 0) if spec and spec.setting else 0
            if spec is not None and state.over_limit(index) is not None:
                bonus += spec.over_limit
            entrants.append((f"{SIDE_LETTERS[index]} ({side.player})", bonus))
        try:
            result = roll_off(next_dice(battle.setup.seed, battle.events), die, entrants)
        except ValueError as exc:
            self._toasts.show(self.app, "refused", str(exc), title="Roll-off", severity="warning")
            return None
        outcome = f"{entrants[result.winner][0]} wins the roll-off"
        logged = Roll(
            kind="roll", title="Roll-off", dice=result.dice, detail=result.detail, outcome=outcome
        )
        return result.winner if self.record(logged) else None

    @work
    async def action_delay(self) -> None:
        state = self.state
        up = state.next_up()
        model_id = self._model()
        if model_id is None or up.round is None:
            return
        actor = state.model(model_id).actor
        text = await self.app.push_screen_wait(
            PromptDialog(
                "Delay",
                f"{actor} acts in which later round (below {up.round})?",
                str(max(up.round - 1, 0)),
                whole_check(0, MAX_STAT),
            )
        )
        to = whole(text or "", 0, MAX_STAT)
        if to is not None:
            self.record(Delay(kind="delay", actor=actor, to=to))

    def action_retain(self) -> None:
        side = self._retaining_side()
        if side is None:
            self.notify("No side has just acted in a phase where sides alternate")
            return
        self.record(Retain(kind="retain", side=side))

    @work
    async def action_interrupt(self) -> None:
        """Every interrupting action of every model still in the fight, the model under
        the cursor first; what the rules refuse now is greyed with the reason."""
        state = self.state
        cursor = self._model()
        models = [m for m in state.setup.all_models() if not state.is_out(m.id)]
        models.sort(key=lambda m: m.id != cursor)
        interrupting = [spec for spec in state.tracker.actions if spec.interrupt]
        choices = [
            (f"{who(state, model.id)}: {label}", event, reason)
            for model in models
            for label, event, reason in _action_choices(state, model, interrupting)
        ]
        if not choices:
            self.notify("Nobody can interrupt now", severity="warning")
            return
        chosen = await self.app.push_screen_wait(PickDialog("Interrupt: who does what?", choices))
        if chosen is not None:
            self.record(chosen)

    def action_pass_turn(self) -> None:
        side = self.state.next_up().side
        if side is not None:
            self.record(Pass(kind="pass", side=side))

    @work
    async def action_marker(self) -> None:
        state = self.state
        choices: list[tuple[str, Event, str | None]] = [
            (f"Place {spec.name}", PlaceMarker(kind="marker", marker=spec.id), None)
            for spec in state.tracker.markers
        ]
        choices += [
            (
                f"Remove {state.marker_spec(m.marker).name} {m.number}"
                + (f" ({m.label})" if m.label else ""),
                RemoveMarker(kind="remove-marker", number=m.number),
                None,
            )
            for m in state.markers_down()
        ]
        if not choices:
            self.notify("This game has no markers")
            return
        picked = await self.app.push_screen_wait(PickDialog("Markers", choices))
        if picked is not None:
            self.record(picked)

    @work
    async def action_score(self) -> None:
        sides = self.battle.setup.sides
        side = await self.app.push_screen_wait(
            PickDialog(
                "Which side scores?",
                [(f"{SIDE_LETTERS[i]}: {s.player}", i, None) for i, s in enumerate(sides)],
            )
        )
        if side is None:
            return
        text = await self.app.push_screen_wait(
            PromptDialog(
                self.battle.setup.tracker.victory.vp_name,
                "Points (negative to take away):",
                "1",
                whole_check(-MAX_COUNTER, MAX_COUNTER),
            )
        )
        points = whole(text or "", -MAX_COUNTER, MAX_COUNTER)
        if points is not None:
            self.record(Score(kind="score", side=side, points=points))

    @work
    async def action_note(self) -> None:
        text = await self.app.push_screen_wait(PromptDialog("Note", "Note for the log:"))
        if text and text.strip():
            self.record(Note(kind="note", text=text.strip()))

    def action_dice(self) -> None:
        from tui.dialogs.dice import DiceDialog

        if self.views is None:
            self.notify("The dice helper needs the game's catalog", severity="warning")
            return
        try:
            views = self.views()
        except (WarbandError, KeyError) as exc:
            text = exc.render() if isinstance(exc, WarbandError) else str(exc)
            self.notify(f"The dice helper needs the game's catalog: {text}", severity="error")
            return
        setup = self.battle.setup
        version = views[0].system.version if views else setup.catalog_version
        if version != setup.catalog_version:
            # The battle keeps its own rules and lists, but the helper reads weapon
            # profiles and armour from the catalog as it is now.
            self.notify(
                f"The dice helper reads the {setup.system_name} catalog {version}; this "
                f"battle began with {setup.catalog_version}: check the profiles it shows.",
                severity="warning",
                timeout=10,
            )
        self.app.push_screen(DiceDialog(lambda: self.battle, self.record, views, self._model()))

    @work
    async def action_report(self) -> None:
        from saves.atomic import write_atomic
        from saves.battle_report import battle_report

        text = battle_report(self.battle)
        target = self.path.with_name(self.path.name.removesuffix(".toml") + ".report.md")
        where = await self.app.push_screen_wait(
            ChoiceDialog(
                "Battle report",
                f"A Markdown report of the battle so far ({len(text):,} characters).",
                [
                    ("Copy", "copy", "primary"),
                    (f"Save as {target.name}", "file", "default"),
                    ("Cancel", "cancel", "default"),
                ],
            )
        )
        if where == "copy":
            self.app.copy_to_clipboard(text)
            self.notify("Copied (through the terminal: if pasting gives nothing, save it)")
        elif where == "file":
            if not await may_write(self.app, target):  # an earlier report is there
                return
            try:
                write_atomic(target, text.encode("utf-8"))
            except WarbandError as exc:
                self.app.push_screen(MessageDialog("Not saved", exc.render(), error=True))
                return
            self.notify(f"Saved {target}", timeout=4)

    @work
    async def action_end_game(self) -> None:
        answer = await self.app.push_screen_wait(
            ChoiceDialog(
                "End the game?",
                "End the game now? Undo can bring it back.",
                [("End the game", "end", "error"), ("Cancel", "cancel", "default")],
            )
        )
        if answer == "end":
            self.record(EndGame(kind="end-game"))

    def action_close(self) -> None:
        self.dismiss()


def _action_choices(
    state: BattleState, model: ModelSnap, specs: Sequence[ActionSpec]
) -> list[tuple[str, Act, str | None]]:
    """The actions a model could do, one per item it could do them with, each with the
    reason the rules refuse it now (None when they allow it).

    Actions this model never has (a jury-rigged bullet it does not carry) and items an
    action cannot use (a shot with a mace) are left out; what the rules refuse only for
    now stays, greyed, with the reason."""
    choices: list[tuple[str, Act, str | None]] = []
    for spec in specs:
        if spec.units is not None and not matches_model(spec.units, model):
            continue
        items: list[tuple[str | None, str]] = [(None, "")]
        if spec.item is not None:
            items = [
                (
                    target,
                    f": {item.name}" + (f" {target.split('#')[1]}" if "#" in target else ""),
                )
                for target, item in state.setup.item_targets(model)
                if matches_item(spec.item, model, item)
            ]
        for target, suffix in items:
            event = Act(kind="act", model=model.id, action=spec.id, item=target)
            try:
                state.then(event)
                reason = None
            except Refused as exc:
                reason = exc.reason
            choices.append((f"{spec.name}{suffix}", event, reason))
    return choices
