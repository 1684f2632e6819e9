"""The keys about one model: its actions (and interrupting ones), wounds and counters.

Apart from the turn's order and the game as a whole: each of these records something
the model under the cursor (or one picked) does or suffers.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from textual import work

from model.battle.events import Act, SetCounter, Wound
from model.battle.forces import SIDE_LETTERS, ModelSnap
from model.battle.refused import Refused
from model.battle.setup import matches_item, matches_model
from model.battle.text import counter_value, target_text, who
from model.core.bounds import MAX_COUNTER
from model.core.messages import counted
from tui.dialogs.pick import PickDialog
from tui.dialogs.prompt import PromptDialog
from tui.numbers import whole, whole_check
from tui.screens.tracker.recording import BattleRecorder

if TYPE_CHECKING:
    from model.battle.state import BattleState
    from model.catalog.tracker_counters import ActionSpec


class ModelKeys(BattleRecorder):
    """Keys that record what one model does or suffers."""

    def action_wound(self) -> None:
        model_id = self._model()
        if model_id is not None:
            self.record(Wound(kind="wound", model=model_id, amount=1))

    def action_heal(self) -> None:
        model_id = self._model()
        if model_id is not None:
            self.record(Wound(kind="wound", model=model_id, amount=-1))

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
        hidden = state.tracker.used_counter if state.tracker.action_points == 0 else None
        for target, spec, _, item in state.setup.counter_instances():
            if target not in targets or spec.id == hidden:  # no actions: nothing to count
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
