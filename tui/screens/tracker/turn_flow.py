"""The keys of the turn's order: activating and ending, roll-offs, delays, retaining
the initiative, passing, the next phase, the end of the turn, undo and redo.

Apart from the keys about one model and about the game as a whole: these move the
battle from one actor, phase or turn to the next.
"""

from __future__ import annotations

import contextlib
import re
from typing import TYPE_CHECKING

from textual import on, work

from model.battle.events import (
    Activate,
    Delay,
    EndActivation,
    EndTurn,
    NextPhase,
    Pass,
    Retain,
    Roll,
    RollOff,
)
from model.battle.forces import SIDE_LETTERS
from model.battle.idle_turns import idle_turns
from model.battle.refused import Refused
from model.battle.text import who
from model.core.bounds import MAX_STAT
from model.core.messages import counted
from model.core.problems import WarbandError
from model.rolls.dice import next_dice
from model.rolls.roll_off import roll_off
from tui.dialogs.choice import ChoiceDialog
from tui.dialogs.pick import PickDialog
from tui.dialogs.prompt import PromptDialog
from tui.numbers import whole, whole_check
from tui.screens.tracker.recording import BattleRecorder
from tui.widgets.side_table import SideTable

if TYPE_CHECKING:
    from model.battle.state import BattleState

ROLL_FOR_ME = -1
"""The roll-off's choice that rolls for the players (sides are 0 and 1)."""


class TurnFlowKeys(BattleRecorder):
    """Keys that move the battle from one actor, phase or turn to the next."""

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

    @work
    async def action_end_turn(self) -> None:
        state = self.state
        waiting = state.ready() if state.tracker.turns.kind != "phases" else ()
        if waiting and state.active is None:
            # every model has its turn; one that does nothing still takes it (and ends it)
            if await self._idle_agreed(waiting):
                self._pass_the_rest()
            return
        if await self._left_behind_agreed("end the turn"):
            self.record(EndTurn(kind="end-turn"))

    async def _idle_agreed(self, waiting: tuple[str, ...]) -> bool:
        """Ending a turn while models have not acted asks first, naming them: the rules
        give each its turn, and "the rest pass" is the players' call, not a slip of a key."""
        state = self.state
        names = _named(state, waiting, 4)
        answer = await self.app.push_screen_wait(
            ChoiceDialog(
                "Not everyone has acted",
                f"{counted(len(waiting), 'model')} {'has' if len(waiting) == 1 else 'have'} "
                f"not acted yet: {names}. A model that does nothing still takes its "
                "turn. Pass them (each takes its turn with no actions, in turn order) and "
                "end the turn?",
                [
                    ("Pass them and end the turn", "pass", "primary"),
                    ("Keep playing", "cancel", "default"),
                ],
            )
        )
        return answer == "pass"

    def _pass_the_rest(self) -> None:
        """Record the waiting models' idle turns, saved once, then end the turn; where the
        players must roll off first, stop there and say so."""
        idle = idle_turns(self.state)
        if idle.events:
            battle = self.battle
            for event in idle.events:
                battle = battle.record(event)
            self._commit(battle)
        if idle.stopped is not None:
            self._toasts.show(
                self.app,
                "refused",
                f"Passed {counted(len(idle.events) // 2, 'model')}; then {idle.stopped}, "
                "and press t again.",
                title="Not yet",
                severity="warning",
                timeout=10,
            )
            return
        passed = len(idle.events) or None  # undone with it in one step
        self.record(EndTurn(kind="end-turn", passed=passed))

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
        names = _named(state, waiting, 6)
        answer = await self.app.push_screen_wait(
            ChoiceDialog(
                f"Not everyone has activated ({phase.name})",
                f"{counted(len(waiting), 'unit')} {'has' if len(waiting) == 1 else 'have'} "
                f"not activated: {names}. {what[0].upper()}{what[1:]} anyway?",
                [("Move on", "go", "primary"), ("Keep playing", "cancel", "default")],
            )
        )
        return answer == "go"

    def action_undo(self) -> None:
        """Undo one step: the last event, or the rest passing and the end of the turn
        that one key recorded (``Battle.undo_step``)."""
        self._commit(self.battle.undo_step())

    def action_redo(self) -> None:
        try:
            self._commit(self.battle.redo_step())
        except Refused as exc:
            self.notify(exc.reason, severity="warning")

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
            bonus = side.setting(spec.setting) if spec and spec.setting else 0
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
        refusal = state.delay_refusal(actor)
        if refusal is not None:  # said before the round is asked for, not after
            self._toasts.show(self.app, "refused", refusal, title="Not now", severity="warning")
            return
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

    def action_pass_turn(self) -> None:
        side = self.state.next_up().side
        if side is not None:
            self.record(Pass(kind="pass", side=side))


def _named(state: BattleState, waiting: tuple[str, ...], shown: int) -> str:
    """The first ``shown`` of the actors still waiting, by name, and how many more."""
    names = ", ".join(who(state, actor) for actor in waiting[:shown])
    return names + (f" and {len(waiting) - shown} more" if len(waiting) > shown else "")
