"""The tracker's state and how it is drawn: the battle, the two sides' tables, the
status and notice lines, the log, the model line and the cursor.

Apart from the keys so that drawing the battle can be read in one place; every other
part of the tracker builds on this class (``recording``, then the keys) and reads the
battle through it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from rich.text import Text
from textual import events, on
from textual.css.query import NoMatches
from textual.widgets import Static, Tab, Tabs

from model.battle.battle import Battle, events_in_common
from model.battle.forces import SIDE_LETTERS
from model.battle.game_choices import turn_word
from model.battle.refused import Refused
from model.battle.state import BattleState
from model.battle.text import (
    defeat_text,
    event_text,
    model_line,
    next_up_text,
    result_text,
    retain_text,
)
from tui.screens.base import CommandScreen
from tui.toasts import Toasts
from tui.widgets.log_panel import LogPanel
from tui.widgets.side_table import SideTable

if TYPE_CHECKING:
    from model.battle.events import Event
    from model.catalog.schema import FactionView
    from model.catalog.tracker import Tracker
    from tui.commands import Command

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


class BattleView(CommandScreen):
    """The battle on screen: what the tracker holds and how it shows it."""

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
        self._log_events: Sequence[Event] = ()
        """The events the lines were told for (all of them up to the last line)."""
        self._log_state = BattleState.start(battle.setup)
        """The state after the last event told."""
        self._available: dict[str, bool] = {}
        self._available_for: Battle | None = None
        self._game_commands: tuple[Tracker, tuple[Command, ...]] | None = None
        self._toasts = Toasts()
        self._shown = False
        """Whether the screen has been shown (resumed) once."""
        self._lines_shown: dict[str, object] = {}
        """What each line above and under the tables shows (``_put``)."""

    @property
    def state(self) -> BattleState:
        return self.battle.state

    def on_resize(self) -> None:
        self._layout()

    def _on_screen_resume(self, event: events.ScreenResume) -> None:
        """Shown for the first time, the screen is not styled again: every widget was
        styled as it was mounted, and every change since restyled what it changed.
        ``Screen._on_screen_resume`` (Textual 8.2.8, pinned), which runs after this,
        restyles the whole screen on every resume (for a screen coming back after a
        change of theme): on opening, about a tenth of the tracker's cost (issue 15)."""
        if not self._shown:
            self._shown = True
            event.refresh_styles = False

    def _layout(self) -> None:
        narrow = self.size.width < NARROW
        self.set_class(narrow, "-narrow")
        tabs = self._side_tabs()
        if tabs is None and narrow:
            tabs = self.side_tabs(active=f"side-{self.shown_side}")
            self.mount(tabs, before="#sides")
        if tabs is not None:
            tabs.display = narrow
        for index in range(len(self.battle.setup.sides)):
            self.query_one(f"#side-box-{index}").display = not narrow or index == self.shown_side
        self.query_one("#sides").styles.layout = "vertical" if narrow else "horizontal"

    def side_tabs(self, active: str | None = None) -> Tabs:
        """The tabs that choose the side shown on a narrow terminal. They are made only
        for a terminal that is narrow (when the screen is composed, or when it narrows):
        hidden on a wide one, they cost a tenth of opening the tracker (issue 15)."""
        sides = self.battle.setup.sides
        return Tabs(
            *(Tab(f"{SIDE_LETTERS[i]}: {s.player}", id=f"side-{i}") for i, s in enumerate(sides)),
            id="side-tabs",
            active=active,
        )

    def _side_tabs(self) -> Tabs | None:
        """The side tabs, if they are made (see ``side_tabs``)."""
        try:
            return self.query_one("#side-tabs", Tabs)
        except NoMatches:
            return None

    # --- showing ---------------------------------------------------------------------------

    def refresh_view(self) -> None:
        """Redraw everything from the battle's state."""
        state = self.state
        setup = self.battle.setup
        status = Text()
        status.append(f"{turn_word(setup.choices)} {state.turn}/{setup.turn_limit}", style="bold")
        if state.ended:  # once, with who won (it said "game over · the game is over")
            status.append(" · game over: " + result_text(state), style="bold red")
        else:
            status.append(" · " + next_up_text(state))
        down = state.markers_down()
        if down:
            names = ", ".join(f"{state.marker_spec(m.marker).name} {m.number}" for m in down)
            status.append(f" · markers: {names}", style="dim")
        self._put("battle-status", status)
        notice = self._notice()
        self._put("battle-notice", notice).display = bool(notice)
        for index, side in enumerate(setup.sides):
            summary = state.summary(index)
            title = Text(f"{SIDE_LETTERS[index]}: {side.player}", style="bold")
            victory = setup.tracker.victory
            lost = f" · lost {summary.points_lost} pts" if victory.points_lost else ""
            vp = f" · {victory.vp_short} {summary.victory_points}" if victory.scored else ""
            title.append(f" · {side.faction} · {summary.standing}/{summary.models} up{lost}{vp}")
            if state.defeated(index):
                title.append(" · LOST", style="bold red")
            self._put(f"side-title-{index}", title)
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
        before its event, and only for the last ``LOG_LINES`` events (up to twice as many
        are kept): recording adds one line, told from the battle's previous state; undo
        drops the last line and tells the one before the first, from the battle's state
        there (a checkpoint and a few events away), so the log stays full; another
        battle, or more new events than the log shows, is told afresh from the battle's
        state at its first line. No key replays the log, and opening tells only the
        lines shown (it told twice as many, for undo to go back to: issue 15)."""
        battle = self.battle
        events = battle.events
        lines = self._log_lines
        first = self._log_first
        end = first + len(lines)
        log = self.query_one("#battle-log", LogPanel)
        same = events_in_common(self._log_events, events) == min(end, len(events))
        if same and first <= len(events) < end:
            del lines[len(events) - first :]  # undone: the state after the rest is the
            self._log_state = battle.state  # battle's own
            if len(lines) < LOG_LINES and first > 0:
                first = self._tell_before(first, LOG_LINES - len(lines))
        elif not same or len(events) < end or len(events) - end > LOG_LINES:
            # another battle, undone past the lines kept, or more new events than shown
            lines.clear()
            first = self._log_first = max(0, len(events) - LOG_LINES)
            self._log_state = battle.state_after(first)
        for event in events[first + len(lines) :]:
            lines.append(event_text(event, self._log_state))
            try:
                self._log_state = self._log_state.then(event)
            except Refused:
                break
        if len(lines) > 2 * LOG_LINES:
            cut = len(lines) - LOG_LINES
            del lines[:cut]
            first = self._log_first = first + cut
        self._log_events = events[: first + len(lines)]
        total = first + len(lines)
        start = max(total - LOG_LINES, 0)
        log.show_lines(start + 1, lines[start - first :])

    def _tell_before(self, first: int, count: int) -> int:
        """Tell up to ``count`` lines before the first line told, from the battle's state
        before them; the number of the new first event."""
        battle = self.battle
        start = max(0, first - count)
        state = battle.state_after(start)
        told = []
        for event in battle.events[start:first]:
            told.append(event_text(event, state))
            try:
                state = state.then(event)
            except Refused:  # the battle's own events: its state got past them
                return first
        self._log_lines[:0] = told
        self._log_first = start
        return start

    def _show_model(self) -> None:
        """The line under the tables: the highlighted model in full words."""
        model_id = self._model()
        self._put("model-detail", "" if model_id is None else model_line(self.state, model_id))

    def _put(self, widget_id: str, content: str | Text) -> Static:
        """Show ``content`` in the line ``widget_id``, unless it shows it already: an
        update lays the screen out again (a pass over every widget), and most events
        change one line or two. On opening, the model line alone was laid out three
        times over (issue 15)."""
        widget = self.query_one(f"#{widget_id}", Static)
        key = (
            (content.plain, tuple(content.spans), content.style)
            if isinstance(content, Text)
            else content
        )
        if self._lines_shown.get(widget_id) != key:
            self._lines_shown[widget_id] = key
            widget.update(content)
        return widget

    @on(SideTable.ModelHighlighted)
    def _highlighted(self) -> None:
        self._show_model()

    @on(events.DescendantFocus)
    def _focus_moved(self) -> None:
        """The other table focused: the line shows its model. The cursor that moved to
        the next model to act (``_follow``) did so before its table had the focus, so its
        highlight showed the old table's model (issue 31)."""
        self._show_model()

    # --- the cursor --------------------------------------------------------------------------

    def _focus_at_once(self, table: SideTable) -> None:
        """Focus ``table`` now, as Textual's own first focus does (``has_focus`` set, then
        ``set_focus``), so that the screen is first painted with it focused: a focus left
        to the next refresh (``Widget.focus``) restyled and painted both tables again on
        opening (issue 15)."""
        table.has_focus = True
        self.set_focus(table)

    def _table(self) -> SideTable:
        focused = self.focused
        if isinstance(focused, SideTable):
            return focused
        return self.query_one(f"#table-{self.shown_side}", SideTable)

    def _model(self) -> str | None:
        return self._table().model_id

    def action_switch_side(self) -> None:
        self.shown_side = 1 - self._table().side
        tabs = self._side_tabs()
        if tabs is not None:
            tabs.active = f"side-{self.shown_side}"
        self._layout()
        self.query_one(f"#table-{self.shown_side}", SideTable).focus()

    @on(Tabs.TabActivated, "#side-tabs")
    def _tab(self, event: Tabs.TabActivated) -> None:
        self.shown_side = int((event.tab.id or "side-0").removeprefix("side-"))
        self._layout()
