"""The battle tracker screen: both sides at the table, whose turn it is, and the log.

Every key records one event; the engine checks it against the rules and refuses
it with a reason when the rules do not allow it, so the screen never has to know
a game's rules. After every event the battle file is written (atomically, the
previous version kept as a backup), so closing the terminal mid-turn loses
nothing and the game resumes exactly where it was.

The screen's own module holds its commands, help, layout and lifetime; what it shows,
how it records and what each key does are in the modules beside it (see the package).
"""

from __future__ import annotations

import contextlib
import gc
from typing import ClassVar

from textual import work
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.widgets import Static

from model.core.problems import WarbandError
from tui import collector
from tui.commands import Command, bindings
from tui.opening import LaidOutOnce
from tui.screens.tracker.game_keys import GameKeys
from tui.screens.tracker.model_keys import ModelKeys
from tui.screens.tracker.turn_flow import TurnFlowKeys
from tui.screens.tracker.view import NARROW
from tui.tracker_help import game_commands, game_help
from tui.widgets.log_panel import LogPanel
from tui.widgets.safe_header import SafeHeader
from tui.widgets.side_table import SideTable
from tui.widgets.steady_footer import SteadyFooter

PREPARE_SAVING_AFTER = 0.3
"""Seconds after the tracker opens when the battle's file text is first rendered, off the
key path (``TrackerScreen._prepare_saving``): long enough for the screen's opening
refreshes to be over (about 80 ms after the first paint at 10,000 events)."""


class TrackerScreen(TurnFlowKeys, ModelKeys, GameKeys, LaidOutOnce[None]):
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
    AUTO_FOCUS = ""
    """Nothing is focused by Textual on opening: ``on_mount`` focuses the table of the
    model to act next, once (Textual's first focus went to the side tabs, hidden on a wide
    terminal, and each change of focus restyled and painted the tables again)."""
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

A battle between lists over BattleScribe data counts each model's damage against the
characteristic chosen for its game (a Gaslands car's Hull Points), shown in the line
under the tables with its profiles and its weapons'; rounds have the phases chosen, and
**Enter** and **e** mark what has activated. There **d** rolls any dice: pick one of
the model's weapons (its attacks and to-hit skill fill in the dice) or roll by hand,
as NdX with a modifier, a target (4+) and re-rolls of failures or ones; every number
goes into the log.

Anything the rules do not allow is refused with the reason. Every event goes
into the log and the battle is saved after each one; **Ctrl+Z** undoes. Close
the terminal at any time: the battle resumes exactly where it was.
"""

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
        from model.rolls.families import offered_kinds

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

    def compose(self) -> ComposeResult:
        """The screen's widgets. The battle, just read, is frozen first (``on_mount`` holds
        the freeze): until then collections walked all of it while the screen was built,
        about 20 ms of opening a 10,000-event battle (issue 15)."""
        gc.freeze()
        sides = self.battle.setup.sides
        yield SafeHeader()
        yield Static(id="battle-status")
        yield Static(id="battle-notice")
        if self.app.size.width < NARROW:
            yield self.side_tabs()
        state = self.state
        most = max((state.wounds_max(m.id) for m in state.setup.all_models()), default=1)
        with Horizontal(id="sides"):
            for index in range(len(sides)):
                with Vertical(classes="side", id=f"side-box-{index}"):
                    yield Static(classes="side-title", id=f"side-title-{index}")
                    yield SideTable(index, wounds=most, id=f"table-{index}")
        yield Static(id="model-detail")
        yield LogPanel(id="battle-log")
        yield SteadyFooter(compact=True, keys_at_once=True)

    def on_mount(self) -> None:
        """Shows the battle, then keeps the collector off everything alive until the tracker
        closes (``tui.collector``): a long battle is hundreds of thousands of objects that
        live as long as the tracker. The battle itself was frozen when the screen was
        composed; this adds the screen's widgets. Collections kept walking those objects:
        about 5 ms a key on average at 10,000 events (a full collection now and then), under
        2 ms with them frozen."""
        setup = self.battle.setup
        self.title = " vs ".join(s.player for s in setup.sides)
        self.sub_title = f"{setup.system_name}" + (f" · {setup.scenario}" if setup.scenario else "")
        self._layout()
        self.refresh_view()
        if not self._follow(at_once=True):
            self._focus_at_once(self.query_one("#table-0", SideTable))
        # the model the cursor went to, in the first paint: left to the table's message,
        # the line changed after it and laid the screen out once more (issue 15)
        self._show_model()
        self.set_timer(PREPARE_SAVING_AFTER, self._prepare_saving)  # nothing waits for it
        collector.hold()

    def on_unmount(self) -> None:
        """The objects frozen on opening are collected as usual again."""
        collector.release()
        self._toasts.clear(self.app)

    def on_screen_resume(self) -> None:
        """Back from a dialog with nothing focused (``AUTO_FOCUS`` is off): the table shown,
        where Textual's first focus would have gone on a wide terminal."""
        if self.focused is None and self.is_mounted:
            self.query_one(f"#table-{self.shown_side}", SideTable).focus()

    def on_screen_suspend(self) -> None:
        """A dialog or another screen over the tracker: its toasts (a phase's reminder, a
        refusal) would cover what that screen shows."""
        self._toasts.clear(self.app)

    @work(thread=True, exclusive=True, group="prepare-saving")
    def _prepare_saving(self) -> None:
        """Render the battle's file text once, off the key path, and get the file ready to
        be saved by rewriting only its end (``saves.battle_file.prepare_saving``): the
        first save would otherwise render a long log whole (about 50 ms at 10,000 events)
        and write it whole, and the second copy it to the backup. Nothing depends on it:
        if it fails, or a key comes first, the first save does that work itself. It
        starts once the screen has settled (``PREPARE_SAVING_AFTER``): run at once it held
        the first paint back by about 30 ms at 10,000 events, and run after the first
        paint it held back the refreshes that follow it by about 20 ms (the thread shares
        the interpreter's lock; issue 15)."""
        from saves.battle_file import prepare_saving

        with contextlib.suppress(Exception):  # a head start only: the save reports errors
            prepare_saving(self.path, self.battle)

    def action_close(self) -> None:
        self.dismiss()
