"""Recording an event and what follows it (the save, the cursor, reminders and the
end of the game), and which commands the battle allows now.

Apart from the keys because every key ends here: a key only chooses an event, and
this class records it, refusing it with the rules' reason.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from model.battle.events import (
    Activate,
    Delay,
    EndActivation,
    EndTurn,
    Event,
    NextPhase,
    Pass,
    Retain,
    RollOff,
)
from model.battle.forces import SIDE_LETTERS
from model.battle.refused import Refused
from model.battle.text import defeat_text, end_of_game_text
from model.core.problems import WarbandError
from tui.dialogs.message import MessageDialog
from tui.screens.tracker.view import BattleView
from tui.widgets.side_table import SideTable

if TYPE_CHECKING:
    from model.battle.battle import Battle


class BattleRecorder(BattleView):
    """Records events on the battle and keeps the keys' availability in step with it."""

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

    def _follow(self, *, at_once: bool = False) -> bool:
        """Put the cursor on the model to act next (showing its side), as a person at
        the table looks to whoever goes next; other events leave the cursor alone. A
        battle resumed mid-activation puts it on the model that is acting. Whether it
        moved; ``at_once``: its table is focused now (``_focus_at_once``), not after the
        next refresh."""
        state = self.state
        if state.active is not None:
            model = state.model(state.active)
        else:
            up = state.next_up()
            if not up.actors:
                return False
            if up.side is None:
                # units act in any order (a phase of the colonial sheet): stay on the unit
                # under the cursor while it may act, else go to the first that may
                here = self._model()
                if here is not None and state.model(here).actor in up.actors:
                    return False
            model = state.model(up.actors[0])
        if model.side != self.shown_side:
            self.shown_side = model.side
            tabs = self._side_tabs()
            if tabs is not None:
                tabs.active = f"side-{model.side}"
            self._layout()
        table = self.query_one(f"#table-{model.side}", SideTable)
        if at_once:
            self._focus_at_once(table)
        else:
            table.focus()
        table.move_cursor(row=table.get_row_index(model.id))
        return True

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

    GONE_WHEN_OVER: ClassVar[frozenset[str]] = frozenset({"end_turn", "wound", "counters"})
    """Keys the footer stops showing once the game is over: nothing is played any more,
    and greyed they still read as an offer (issue 31). The rest (dice, undo, report) are
    still of use."""

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if self._allowed_now().get(action, True):
            return True
        if action in self.SHOWN_WHEN_USABLE:
            return False
        return False if action in self.GONE_WHEN_OVER and self.state.ended else None

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
            "counters": live,
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
