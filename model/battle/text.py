"""How the battle log and the "who is next" line read, for every view and export.

Each event is told in words with the models' names as the player knows them
("A3 Brute shoots with Shotgun"), using the state just before the event.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, assert_never

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
from model.battle.forces import SIDE_LETTERS, ModelSnap, ProfileSnap
from model.battle.refused import Refused
from model.core.messages import counted

if TYPE_CHECKING:
    from model.battle.setup import BattleSetup
    from model.battle.state import BattleState
    from model.catalog.tracker_counters import CounterSpec


def who(state: BattleState, model_id: str) -> str:
    """``A3 Brute``."""
    try:
        return f"{model_id} {state.model(model_id).label}"
    except Exception:
        return model_id


def target_text(state: BattleState, target: str) -> str:
    """A counter's target in words: a side, a model, or a model's item."""
    if len(target) == 1:
        index = SIDE_LETTERS.index(target)
        return f"side {target} ({state.setup.sides[index].player})"
    model_id, _, item = target.partition("/")
    if not item:
        return who(state, model_id)
    name = item.split("#")[0]
    for snap in state.model(model_id).items:
        if snap.id == name:
            name = snap.name
    return f"{who(state, model_id)}'s {name}"


def _damage_text(event: Wound, before: BattleState, word: str) -> str:
    """``A2 Buggy takes 2 damage (Hull Points 5/6)``: the amount, and the count against
    the characteristic after it (a heal is ``repairs``)."""
    model = event.model
    limit = before.wounds_max(model)
    taken = max(0, min(limit, before.wounds.get(model, 0) + event.amount))
    count = f" ({word} {taken}/{limit})" if word != "damage" else f" ({taken}/{limit})"
    verb = f"takes {event.amount} damage" if event.amount >= 0 else f"repairs {-event.amount}"
    return f"{who(before, model)} {verb}{count}" + _goes_out(event, before)


def _goes_out(event: Wound, before: BattleState) -> str:
    """``: Downed`` when the wound takes the model out of the fight."""
    try:
        after = before.then(event)
    except Refused:
        return ""
    if after.is_out(event.model) and not before.is_out(event.model):
        return f": {before.tracker.counter(before.tracker.damage.out_counter).name}"
    return ""


def _spent(state: BattleState, event: Act) -> str:
    """What an action used up, as the tracker counted it: `` (Bullets 5 -> 2)`` after an
    automatic burst that spent three. Nothing when it spent nothing (or is refused)."""
    try:
        after = state.then(event)
        model = state.model(event.model)
    except Refused:
        return ""
    changes = []
    for target in state.setup.counter_targets(model):
        for counter_id, value in state.counters.get(target, {}).items():
            spec = state.tracker.counters_by_id.get(counter_id)
            now = after.counter(target, counter_id)
            if spec is not None and spec.kind == "number" and now < value:
                changes.append(f"{spec.name} {value} -> {now}")
    return f" ({', '.join(changes)})" if changes else ""


def event_text(event: Event, before: BattleState) -> str:
    """One log line, by the event's class (every class of ``Event``: mypy checks none is
    left out)."""
    state = before
    if isinstance(event, Activate):
        return f"{who(state, event.actor)} activates"
    if isinstance(event, EndActivation):
        return f"{who(state, event.actor)} ends its action turn"
    if isinstance(event, Delay):
        return f"{who(state, event.actor)} delays to round {event.to}"
    if isinstance(event, RollOff):
        side = SIDE_LETTERS[event.first]
        return f"roll-off: side {side} ({state.setup.sides[event.first].player}) goes first"
    if isinstance(event, Pass):
        return f"side {SIDE_LETTERS[event.side]} passes"
    if isinstance(event, Act):
        try:
            name = state.tracker.action(event.action).name
        except KeyError:
            name = event.action
        item = ""
        if event.item:
            item = " with " + target_text(state, event.item).split("'s ", 1)[-1]
        return f"{who(state, event.model)}: {name}{item}{_spent(state, event)}"
    if isinstance(event, SetCounter):
        try:
            spec = state.tracker.counter(event.counter)
        except KeyError:
            return f"{event.target}: {event.counter} = {event.value}"
        if spec.kind == "flag":
            # "Shotgun: Jammed" reads as the state it is now in; "on" was noise.
            suffix = "" if event.value else " cleared"
            return f"{target_text(state, event.target)}: {spec.name}{suffix}"
        if spec.kind == "choice" and event.value and is_hidden(state, spec):
            # an order chip placed face down: the log is read by both players
            return f"{target_text(state, event.target)}: {spec.name} placed"
        return f"{target_text(state, event.target)}: {spec.name} {spec.value_text(event.value)}"
    if isinstance(event, Wound):
        word = damage_word(state.setup, state.model(event.model))
        if word != "wounds":  # a game with BattleScribe data: its own characteristic's count
            return _damage_text(event, state, word)
        if event.amount >= 0:
            text = f"{who(state, event.model)} takes {event.amount} wound" + (
                "s" if event.amount != 1 else ""
            )
            return text + _goes_out(event, state)
        return f"{who(state, event.model)} heals {-event.amount}"
    if isinstance(event, PlaceMarker):
        try:
            name = state.marker_spec(event.marker).name
        except KeyError:
            name = event.marker
        return f"{name} marker placed" + (f": {event.label}" if event.label else "")
    if isinstance(event, RemoveMarker):
        return f"marker {event.number} removed"
    if isinstance(event, Score):
        return (
            f"side {SIDE_LETTERS[event.side]} scores {event.points} "
            f"{state.tracker.victory.vp_name.lower()}"
        )
    if isinstance(event, Roll):
        return f"{event.title}: {event.outcome}" + (f" ({event.detail})" if event.detail else "")
    if isinstance(event, Retain):
        side = SIDE_LETTERS[event.side]
        return f"side {side} ({state.setup.sides[event.side].player}) retains the initiative"
    if isinstance(event, Note):
        return f"note: {event.text}"
    if isinstance(event, NextPhase):
        phases = state.tracker.turns.phases
        following = state.phase + 1
        return f"next phase: {phases[following].name}" if following < len(phases) else "next phase"
    if isinstance(event, EndTurn):
        return f"end of turn {state.turn}"
    if isinstance(event, EndGame):
        return "the game ends"
    assert_never(event)  # an event class with no line here fails mypy


def next_up_text(state: BattleState) -> str:
    """Who acts next, in words, for the status line."""
    turns = state.tracker.turns
    if state.ended:
        return "the game is over"
    if state.active is not None:
        left = state.actions_left(state.members(state.active)[0].id)
        return f"{who(state, state.active)} is acting ({counted(left, 'action')} left)"
    up = state.next_up()
    where = ""
    if turns.kind == "stat-rounds" and up.round is not None:
        where = f"{turns.stat} round {up.round} · "
    elif turns.kind == "phases":
        phase = turns.phases[state.phase]
        # "Reveal phase", but not "Strategy Phase phase"
        named = phase.name if phase.name.lower().endswith("phase") else f"{phase.name} phase"
        where = f"{named} · "
        if not phase.activations:
            last = state.phase + 1 >= len(turns.phases)
            return where + ("end the turn (t)" if last else "on to the next phase (x)")
    if up.turn_over:
        return where + "everyone has acted: end the turn (t)"
    if up.needs_roll_off:
        reminder = state.initiative_reminder()
        if reminder is not None:
            return where + reminder + ": record the roll-off (o)"
        return where + "both sides have models here: roll off (o)"
    if up.side is None:
        return where + "any model may act"
    names = ", ".join(who(state, a) for a in up.actors[:3])
    more = f" (+{len(up.actors) - 3})" if len(up.actors) > 3 else ""
    return (
        f"{where}side {SIDE_LETTERS[up.side]} ({state.setup.sides[up.side].player}) to "
        f"act: {names}{more}"
    )


def _actions_text(state: BattleState, model: ModelSnap) -> str:
    """``actions 1/2`` for what activates, ``acts with A3`` for the rest of its unit."""
    if model.actor != model.id:
        return f"acts with {model.actor}"
    tracker = state.tracker
    scope = tracker.counter(tracker.used_counter).scope
    used = state.counter(model.actor if scope == "actor" else model.id, tracker.used_counter)
    return f"actions {used}/{state.action_points(model.id)}"


def profile_text(profile: ProfileSnap) -> str:
    """``Machine Gun (Weapon): Range Double, Attack 2D6``: a profile a model keeps (a list
    over BattleScribe data), empty characteristics left out."""
    owner = f"{profile.owner}: " if profile.owner and profile.owner != profile.name else ""
    count = f"{profile.count} x " if profile.count > 1 else ""
    values = ", ".join(f"{k} {v}" for k, v in profile.characteristics.items() if v.strip())
    return f"{count}{owner}{profile.name} ({profile.type})" + (f": {values}" if values else "")


def damage_word(setup: BattleSetup, model: ModelSnap) -> str:
    """What a model's damage is called at the table: ``wounds`` in our own games; in a
    game with BattleScribe data the characteristic the players chose (``Hull Points``),
    or ``damage`` for a model counted plainly."""
    if setup.choices is None:
        return "wounds"
    return setup.damage_characteristic(model) or "damage"


def model_line(state: BattleState, model_id: str) -> str:
    """Everything about one model in words, for the line under the tables: the table's
    short forms (``Psn3 rifle:Rld1``) cropped on a narrow terminal, this line does not.

    ``A4 Ganger · C 3 P 3 Ag 5 ... · actions 0/2 · wounds 0/1 · Crouched · Shotgun: Jammed``
    """
    model = state.model(model_id)
    parts = [who(state, model_id)]
    stats = []
    for stat in model.stats if not model.profiles else ():
        value = state.stat(model_id, stat)
        if value is not None:
            stats.append(f"{stat} {value}")
    if stats:
        parts.append(" ".join(stats))
    parts.extend(profile_text(p) for p in model.profiles)
    if model.rules:
        parts.append("rules: " + ", ".join(model.rules))
    if state.tracker.action_points != 0:  # a game with BattleScribe data counts none
        parts.append(_actions_text(state, model))
    word = damage_word(state.setup, model)
    parts.append(f"{word} {state.wounds.get(model_id, 0)}/{state.wounds_max(model_id)}")
    names = {i.id: i.name for i in model.items}
    for target in state.setup.counter_targets(model):
        _, _, item = target.partition("/")
        prefix = ""
        if item:
            base, _, number = item.partition("#")
            prefix = f"{names.get(base, base)}{' ' + number if number else ''}: "
        for counter_id, value in state.counters.get(target, {}).items():
            spec = state.tracker.counter(counter_id)
            if spec.id == state.tracker.used_counter:
                continue
            parts.append(f"{prefix}{spec.name}{counter_value(state, spec, value, ' ')}")
    if model_id in state.fight_on:
        parts.append("fights on this turn")
    held = state.standing_down(model.actor) if model.actor == model_id else None
    if held is not None and not state.is_out(model_id):
        parts.append(f"held back: {held.name} (does not activate)")
    disabled = disabled_text(state, model_id)
    if disabled is not None:
        parts.append(disabled)
    elif state.is_out(model_id):
        parts.append("out")
    return " · ".join(parts)


def is_hidden(state: BattleState, spec: CounterSpec) -> bool:
    """Whether a counter's value is still face down: the turn has not reached the phase
    its ``hidden_until`` names (order chips are placed face down, then revealed)."""
    if spec.hidden_until is None:
        return False
    phases = [p.id for p in state.tracker.turns.phases]
    if spec.hidden_until not in phases:
        return False
    return state.phase < phases.index(spec.hidden_until)


def counter_value(state: BattleState, spec: CounterSpec, value: int, sep: str = "") -> str:
    """A counter's value as shown after its name or short form: nothing for a flag, the
    number (and what it means at the table, ``2 (2 may not shoot)``), the option's name,
    or ``placed`` while it is face down. ``sep`` goes before what is shown."""
    if spec.kind == "flag":
        return ""
    if spec.kind == "choice":
        return sep + ("placed" if is_hidden(state, spec) else spec.value_text(value))
    text = f"{sep}{value}"
    if spec.shows:
        text += f" ({spec.shows.replace('{value}', str(value))})"
    return text


def disabled_text(state: BattleState, model_id: str) -> str | None:
    """``disabled (SUSTAIN 0)``: a model put out by a stat fallen to zero, None otherwise."""
    zeroed = state.zeroed(model_id)
    if not zeroed:
        return None
    stats = ", ".join(f"{stat} {max(state.stat(model_id, stat) or 0, 0)}" for stat in zeroed)
    return f"disabled ({stats})"


def defeat_text(state: BattleState, side: int) -> str | None:
    """``side A (Ana) has lost: all its officers are down``, from the catalog's
    ``lose_without``; None while the side has not lost that way."""
    tag = state.tracker.victory.lose_without
    if tag is None or not state.defeated(side):
        return None
    plural = tag.replace("-", " ") + ("" if tag.endswith("s") else "s")
    player = state.setup.sides[side].player
    return f"side {SIDE_LETTERS[side]} ({player}) has lost: all its {plural} are down"


def retain_text(state: BattleState) -> str | None:
    """``side B retaining: -1 to the next action test``: a side that retained the
    initiative, until its next unit's activation ends; None otherwise. The penalty is
    the catalog's ``retain`` modifier (``model.rolls.sheets`` ticks it by itself)."""
    if state.retaining is not None:
        side = state.retaining
    elif state.retained is not None:
        side = state.side_of(state.retained)
    else:
        return None
    text = f"side {SIDE_LETTERS[side]} retaining"
    spec = next((m for m in state.tracker.modifiers if m.id == "retain"), None)
    if spec is None:
        return text + " the initiative"
    test = next((t for t in state.tracker.tests if t.modifiers == spec.roll), None)
    roll = test.name.lower() if test is not None else f"{spec.roll} roll"
    return f"{text}: {spec.value:+d} to the next {roll}"


def result_text(state: BattleState) -> str:
    """Who wins as the count stands (``Standings.outcome``): ``side A (Ann) wins on
    victory points (3 to 1)``, or ``a draw by the count (...)``."""
    outcome = state.outcome()
    if outcome.winner is None:
        return f"a draw by the count ({outcome.how})"
    player = state.setup.sides[outcome.winner].player
    return f"side {SIDE_LETTERS[outcome.winner]} ({player}) wins {outcome.how}"


def end_of_game_text(state: BattleState) -> str:
    """Who wins, then survivors, downed and points lost per side, as the end-of-game
    count; a side that lost by the catalog's ``lose_without`` (its officers all down)
    says so."""
    result = result_text(state)
    lines = [result[0].upper() + result[1:] + "."]
    for index, side in enumerate(state.setup.sides):
        s = state.summary(index)
        victory = state.tracker.victory
        parts = [f"{s.standing} standing", f"{s.out} out"]
        if victory.points_lost:
            parts.append(f"{s.points_lost} points lost")
        if victory.destroyed or victory.target is not None:
            parts.append(victory_text(state, index))
        elif victory.scored:
            parts.append(f"{victory.vp_name.lower()} {s.victory_points}")
        lines.append(f"{SIDE_LETTERS[index]}: {side.player} ({side.faction}): " + ", ".join(parts))
    for index in range(len(state.setup.sides)):
        lost = defeat_text(state, index)
        if lost is not None:
            lines.append(lost[0].upper() + lost[1:] + ".")
    return "\n".join(lines)


def victory_text(state: BattleState, side: int) -> str:
    """``7 victory points (2 for 2 units destroyed) of 14 to win``: a side's score as
    the catalog counts it, for the end-of-game count and the reports."""
    summary = state.summary(side)
    victory = state.tracker.victory
    text = f"{summary.victory_points} {victory.vp_name.lower()}"
    if victory.destroyed:
        units = "unit" if summary.units_destroyed == 1 else "units"
        text += f" ({summary.destroyed_vp} for {summary.units_destroyed} {units} destroyed)"
    if summary.vp_target is not None:
        text += f" of {summary.vp_target} to win"
    return text
