"""A battle's state: what its events add up to, and the questions the tracker asks.

``BattleState.after(setup, events)`` folds the events in order. Each event is
checked against the rules before it changes anything (an activation out of turn,
an action with none left, a bullet that is not there), and refused with a reason
a player can read; a refused event changes nothing. Everything the table needs
is asked of the state: whose turn it is, each model's counters and current stats,
which markers are still down, the end-of-game count.
"""

from __future__ import annotations

import copy
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field

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
from model.battle.forces import SIDE_LETTERS, ItemSnap, ModelSnap
from model.battle.setup import BattleSetup, matches_item, matches_model
from model.catalog.tracker import (
    CounterSpec,
    Effect,
    MarkerSpec,
    RowEffect,
    TableSpec,
    TestSpec,
    Tracker,
    Value,
)
from model.core.messages import counted

NO_DELAY = "no-delay"
"""The tag of models that may never delay (RB ch.4 Beast, Mong)."""

OrderKey = int | tuple[int, int] | None
"""What a roll-off decides the order of: an agility round; the actors delayed into a
round with one value of the stat (round, stat); or the turn (None)."""


class Refused(Exception):
    """An event the rules do not allow now; ``reason`` says why."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


@dataclass(frozen=True)
class Marker:
    """A marker on the table."""

    number: int
    """Its number, for removing it."""
    marker: str
    label: str
    turn: int
    round: int | None
    """The round (stat-rounds) or phase it was placed in."""


@dataclass(frozen=True)
class NextUp:
    """Who acts next."""

    round: int | None
    """The current round's stat value (stat-rounds), or None."""
    needs_roll_off: bool
    """Both sides have actors here and the order has not been rolled for yet."""
    side: int | None
    """The side whose actor acts next (None before a roll-off, or when the turn is over)."""
    actors: tuple[str, ...]
    """The actors that may go next, in the order the rules suggest."""
    turn_over: bool
    key: OrderKey = None
    """What the roll-off for this group of actors is recorded under."""


@dataclass(frozen=True)
class Reminder:
    """A counter that asks for something when its bearer's action turn starts."""

    model: ModelSnap
    counter: CounterSpec
    value: int


@dataclass(frozen=True)
class SideSummary:
    """How a side stands (at the end of the game, or at any time)."""

    side: int
    models: int
    out: int
    points_lost: int
    victory_points: int
    """Everything it scored: by hand (``Score``) and for the enemy units destroyed."""
    scored: int = 0
    """The part scored by hand."""
    destroyed_vp: int = 0
    """The part the catalog gives for enemy units destroyed (by their tags)."""
    units_destroyed: int = 0
    """Enemy units destroyed that score."""
    vp_target: int | None = None
    """The VP that win the game for a list of this size, when the catalog sets one."""

    @property
    def standing(self) -> int:
        return self.models - self.out


@dataclass(frozen=True)
class OverLimit:
    """A side whose list is over its points limit (allowed by some games, at a cost)."""

    side: int
    points: int
    limit: int


@dataclass
class BattleState:
    """The battle after some events. Read it through its methods; only the fold
    changes it, on a private copy."""

    setup: BattleSetup
    turn: int = 1
    phase: int = 0
    active: str | None = None
    acted: set[str] = field(default_factory=set)
    delayed: dict[str, int] = field(default_factory=dict)
    delays_used: set[str] = field(default_factory=set)
    firsts: dict[OrderKey, int] = field(default_factory=dict)
    """Who acts first, per round value (stat-rounds) or for the turn (key None)."""
    last_side: int | None = None
    owed: int = 0
    """After a pass: activations in a row still owed to the side passed to."""
    active_round: int | None = None
    """The round (stat-rounds) the active actor was activated in."""
    moves: dict[OrderKey, int] = field(default_factory=dict)
    """Activations and passes so far in each round (stat-rounds) or the turn (key None)."""
    counters: dict[str, dict[str, int]] = field(default_factory=dict)
    set_at: dict[tuple[str, str], int] = field(default_factory=dict)
    """The bearer's activation count when each counter was last set."""
    set_turn: dict[tuple[str, str], int] = field(default_factory=dict)
    """The turn each counter was last set in."""
    activations: dict[str, int] = field(default_factory=dict)
    wounds: dict[str, int] = field(default_factory=dict)
    fight_on: dict[str, int] = field(default_factory=dict)
    """Models that keep acting after going out, until the end of this turn number."""
    markers: list[Marker] = field(default_factory=list)
    marker_count: int = 0
    vp: list[int] = field(default_factory=lambda: [0, 0])
    retaining: int | None = None
    """The side that retained the initiative, until its next activation starts."""
    retained: str | None = None
    """The actor activated after its side retained the initiative (its action test is
    harder), until its activation ends."""
    last_winner: int | None = None
    """The side that won the last roll-off (Reikhammer: ties go to the previous loser)."""
    ended: bool = False
    events: int = 0

    # --- building ----------------------------------------------------------------------------

    @classmethod
    def start(cls, setup: BattleSetup) -> BattleState:
        """The state before the first event: counters at their start values."""
        state = cls(setup)
        for target, spec, model, item in setup.counter_instances():
            value = state._eval(spec.start, model, item)
            if value:
                state.counters.setdefault(target, {})[spec.id] = value
        return state

    @classmethod
    def after(cls, setup: BattleSetup, events: Iterable[Event]) -> BattleState:
        """The state after ``events``; raises ``Refused`` naming the first bad one."""
        state = cls.start(setup)
        for n, event in enumerate(events, start=1):
            try:
                state._apply(event)
            except Refused as exc:
                raise Refused(f"event {n} ({event.kind}): {exc.reason}") from None
        return state

    @classmethod
    def fold(
        cls,
        setup: BattleSetup,
        events: Sequence[Event],
        start: BattleState | None = None,
        done: int = 0,
        every: int = 0,
    ) -> tuple[BattleState, list[tuple[int, BattleState]]]:
        """The state after ``events``, going on from ``start`` (the state after the first
        ``done`` of them; from the beginning when None), with a copy of the state after
        every ``every``-th event (counted from the first) kept on the way, so that a later
        question about an earlier point does not fold from the beginning again. Raises
        ``Refused`` naming the first bad event by its number in the whole log."""
        state = cls.start(setup) if start is None else start.clone()
        kept: list[tuple[int, BattleState]] = []
        for n in range(done, len(events)):
            event = events[n]
            try:
                state._apply(event)
            except Refused as exc:
                raise Refused(f"event {n + 1} ({event.kind}): {exc.reason}") from None
            if every and (n + 1) % every == 0:
                kept.append((n + 1, state.clone()))
        return state, kept

    def then(self, event: Event) -> BattleState:
        """A new state with one more event (this one is left as it was)."""
        state = self.clone()
        state._apply(event)
        return state

    def clone(self) -> BattleState:
        state = copy.copy(self)
        state.acted = set(self.acted)
        state.delayed = dict(self.delayed)
        state.delays_used = set(self.delays_used)
        state.firsts = dict(self.firsts)
        state.moves = dict(self.moves)
        state.counters = {k: dict(v) for k, v in self.counters.items()}
        state.set_at = dict(self.set_at)
        state.set_turn = dict(self.set_turn)
        state.activations = dict(self.activations)
        state.wounds = dict(self.wounds)
        state.fight_on = dict(self.fight_on)
        state.markers = list(self.markers)
        state.vp = list(self.vp)
        return state

    # --- the forces ----------------------------------------------------------------------------

    @property
    def tracker(self) -> Tracker:
        return self.setup.tracker

    def model(self, model_id: str) -> ModelSnap:
        return self.setup.model(model_id)

    def members(self, actor: str) -> tuple[ModelSnap, ...]:
        """The models that activate as ``actor``."""
        return self.setup.members(actor)

    def actors(self, side: int | None = None) -> tuple[str, ...]:
        """Every actor (of one side), in list order."""
        if side is None:
            return self.setup.actors()
        return tuple(a for a in self.setup.actors() if self.side_of(a) == side)

    def side_of(self, target: str) -> int:
        return SIDE_LETTERS.index(target[0])

    def has_counter(self, target: str, counter_id: str) -> bool:
        """Whether the battle tracks this counter for this target."""
        return self.setup.has_counter(target, counter_id)

    # --- reading counters and stats --------------------------------------------------------

    def counter(self, target: str, counter_id: str) -> int:
        return self.counters.get(target, {}).get(counter_id, 0)

    def counter_max(self, target: str, counter_id: str) -> int | None:
        spec = self.tracker.counter(counter_id)
        limit = spec.limit
        if limit is None:
            return None
        model, item = self._owner(target)
        return self._eval(limit, model, item)

    def _owner(self, target: str) -> tuple[ModelSnap | None, ItemSnap | None]:
        if len(target) == 1:
            return None, None
        model_id, _, rest = target.partition("/")
        model = self.model(model_id)
        if not rest:
            return model, None
        item_id = rest.split("#")[0]
        return model, next(i for i in model.items if i.id == item_id)

    def _eval(self, value: Value, model: ModelSnap | None, item: ItemSnap | None) -> int:
        if isinstance(value, int):
            return value
        kind, _, name = value.partition(":")
        if kind == "stat" and model is not None:
            base = model.stats.get(name, 0)
            return (base if isinstance(base, int) else 0) + model.modifiers.get(name, 0)
        if kind == "now" and model is not None:
            return max(self.stat(model.id, name) or 0, 0)
        if kind == "unit" and model is not None:
            members = self.members(model.actor)
            if name == "standing":
                members = tuple(m for m in members if not self.is_out(m.id))
            return sum(_figures(m) for m in members)
        if kind == "item" and model is not None:
            return sum(i.count for i in model.items if i.id == name)
        if kind == "tag" and (item is not None or model is not None):
            tags = item.tags if item is not None else model.tags if model is not None else ()
            for tag in tags:
                key, _, number = tag.partition(":")
                if key == name and number.isdigit():
                    return int(number)
        return 0

    def value(self, value: Value, model: ModelSnap) -> int:
        """A number or expression (``now:SUSTAIN``, ``unit:standing``) for a model now."""
        return self._eval(value, model, None)

    def stat(self, model_id: str, stat: str) -> int | None:
        """A model's current stat: printed value, lasting modifiers, and counters now set
        (numb, Toughness lost ...). None for a stat it cannot use ("-")."""
        model = self.model(model_id)
        base = model.stats.get(stat)
        if not isinstance(base, int):
            return None
        value = base + (model.modifiers.get(stat, 0) if model.modifiers else 0)
        by_id = self.setup.tracker.counters_by_id
        for target in (model_id, model.actor):
            for counter_id, amount in self.counters.get(target, {}).items():
                modifiers = by_id[counter_id].modifiers
                if modifiers:  # most counters change no stat: skip the mapping's lookup
                    value += modifiers.get(stat, 0) * amount
            if model.actor == model_id:
                break
        return value

    def action_points(self, model_id: str) -> int:
        """Actions per activation: its allowance and what its counters add or take."""
        model = self.model(model_id)
        points = self._eval(self.tracker.action_points, model, None)
        for target in {model_id, model.actor}:
            for counter_id, amount in self.counters.get(target, {}).items():
                points += self.tracker.counter(counter_id).actions * amount
        return max(points, 0)

    def actions_left(self, model_id: str) -> int:
        used = self.counter(self._used_target(model_id), self.tracker.used_counter)
        return max(self.action_points(model_id) - used, 0)

    def _used_target(self, model_id: str) -> str:
        spec = self.tracker.counter(self.tracker.used_counter)
        return self.model(model_id).actor if spec.scope == "actor" else model_id

    def wounds_max(self, model_id: str) -> int:
        return max(self._eval(self.tracker.damage.wounds, self.model(model_id), None), 1)

    def is_out(self, model_id: str) -> bool:
        """Out of the fight: its damage's out counter is set and it is not fighting on,
        or another counter marked ``out`` is set on it or its actor."""
        tracker = self.setup.tracker
        counters = self.counters
        own = counters.get(model_id)
        if (
            own
            and own.get(tracker.damage.out_counter, 0)
            and self.fight_on.get(model_id, 0) < self.turn
        ):
            return True
        out_ids = tracker.out_ids
        if out_ids:  # most games have no such counter: no need to look
            actor = self.setup.model(model_id).actor
            for target in (model_id,) if actor == model_id else (model_id, actor):
                held = counters.get(target)
                if held and any(held.get(counter_id) for counter_id in out_ids):
                    return True
        return bool(tracker.damage.zero_stats) and bool(self.zeroed(model_id))

    def zeroed(self, model_id: str) -> tuple[str, ...]:
        """The catalog's ``zero_stats`` this model has and that have fallen to 0 or below
        (a vehicle with any stat reduced to zero is disabled)."""
        return tuple(
            stat
            for stat in self.tracker.damage.zero_stats
            if (value := self.stat(model_id, stat)) is not None and value <= 0
        )

    def standing_down(self, actor: str) -> CounterSpec | None:
        """The counter that keeps an actor from activating (pushed last turn, broken),
        None when it may act."""
        tracker = self.setup.tracker
        standing = tracker.standing_ids
        if not standing:  # most games have no such counter: no need to look
            return None
        counters = self.counters
        for model in self.setup.members(actor):
            for target in (model.id,) if model.actor == model.id else (model.actor, model.id):
                held = counters.get(target)
                if held:
                    for counter_id, value in held.items():
                        if value and counter_id in standing:
                            return tracker.counters_by_id[counter_id]
        return None

    def actor_present(self, actor: str) -> bool:
        return self._first_standing(actor) is not None

    def _first_standing(self, actor: str) -> ModelSnap | None:
        """The actor's first model still in the fight (None when all are out): whether it
        is present, and whose stat orders its turn."""
        for model in self.setup.members(actor):
            if not self.is_out(model.id):
                return model
        return None

    # --- whose turn ------------------------------------------------------------------------

    def actor_round(self, actor: str) -> int:
        """The round an actor acts in this turn (its delay, or its current stat)."""
        if actor in self.delayed:
            return self.delayed[actor]
        return self.actor_stat(actor)

    def actor_stat(self, actor: str) -> int:
        """The actor's value of the turn order's stat (its first standing model's)."""
        return self._order_stat(self._first_standing(actor) or self.setup.members(actor)[0])

    def _order_stat(self, model: ModelSnap) -> int:
        value = self.stat(model.id, self.tracker.turns.stat or "")
        return value if value is not None else 0

    def ready(self) -> tuple[str, ...]:
        """Actors still to act this turn (or this phase)."""
        return tuple(self._ready())

    def _ready(self) -> dict[str, ModelSnap]:
        """Each actor still to act, with its first standing model (asked once here: a
        replay asks whose turn it is at every activation)."""
        found: dict[str, ModelSnap] = {}
        acted, active = self.acted, self.active
        for actor in self.setup.actors():
            if actor in acted or actor == active:
                continue
            first = self._first_standing(actor)
            if first is not None and self.standing_down(actor) is None:
                found[actor] = first
        return found

    def next_up(self) -> NextUp:
        """Who acts next, by the system's turn structure."""
        turns = self.tracker.turns
        if self.ended:
            return NextUp(None, False, None, (), True)
        if turns.kind == "phases":
            phase = turns.phases[self.phase]
            actors = self.ready() if phase.activations else ()
            if phase.order == "free" or not actors:
                return NextUp(None, False, None, actors, not actors)
        firsts = self._ready()
        ready = tuple(firsts)
        if not ready:
            return NextUp(None, False, None, (), True)
        key: OrderKey = None
        round_value: int | None = None
        if turns.kind == "stat-rounds":
            delayed = self.delayed
            rounds = {  # each asked once: it is dear
                a: delayed[a] if a in delayed else self._order_stat(firsts[a]) for a in ready
            }
            round_value = max(rounds.values())
            here = [a for a in ready if rounds[a] == round_value]
            regular = tuple(a for a in here if a not in self.delayed)
            if regular:
                ready, key = regular, round_value
            else:
                # delayed actors act after everyone else in their round, the lower stat
                # first; equal stats of both sides roll off (RB ch.2 Delaying an Action)
                stats = {a: self._order_stat(firsts[a]) for a in here}
                low = min(stats.values())
                ready = tuple(a for a in here if stats[a] == low)
                key = (round_value, low)
        sides = {self.side_of(a) for a in ready}
        if len(sides) > 1 and key not in self.firsts:
            return NextUp(round_value, True, None, ready, False, key)
        if len(sides) == 1:
            side = sides.pop()
        elif self.last_side is None or not self.moves.get(key):
            side = self.firsts[key]
        else:
            side = 1 - self.last_side
        actors = tuple(a for a in ready if self.side_of(a) == side)
        return NextUp(round_value, False, side, actors, False, key)

    def current_round(self) -> int | None:
        """The agility round being played: the active actor's, else the next one's."""
        if self.active is not None:
            return self.active_round
        return self.next_up().round

    # --- markers -------------------------------------------------------------------------------

    def marker_spec(self, marker_id: str) -> MarkerSpec:
        for spec in self.tracker.markers:
            if spec.id == marker_id:
                return spec
        raise KeyError(marker_id)

    def markers_down(self) -> tuple[Marker, ...]:
        """Markers still on the table (smoke lifts by itself)."""
        return tuple(m for m in self.markers if not self._lifted(m))

    def _lifted(self, marker: Marker) -> bool:
        spec = self.marker_spec(marker.marker)
        if spec.lasts == "round-next-turn":
            if self.turn > marker.turn + 1:
                return True
            if self.turn == marker.turn + 1 and marker.round is not None:
                if self.active is not None:  # lifts once its round's last action turn ends
                    return self.active_round is not None and self.active_round < marker.round
                up = self.next_up()
                return up.turn_over or (up.round is not None and up.round < marker.round)
        return False

    def reminders(self, actor: str) -> tuple[Reminder, ...]:
        """What the counters on an actor's models and their gear ask for as its action
        turn starts (a poison check; a KABOOM! from 3 pump-action markers)."""
        found: list[Reminder] = []
        for model in self.members(actor):
            for target in self.setup.counter_targets(model):
                for counter_id, value in self.counters.get(target, {}).items():
                    spec = self.tracker.counter(counter_id)
                    if spec.reminder and value >= spec.remind_from:
                        found.append(Reminder(model, spec, value))
        return tuple(found)

    # --- summary -------------------------------------------------------------------------------

    def summary(self, side: int) -> SideSummary:
        models = self.setup.sides[side].models
        out = [m for m in models if self.is_out(m.id)]
        victory = self.tracker.victory
        scoring = [
            vp
            for other in range(len(self.setup.sides))
            if other != side
            for _, vp in self.destroyed_units(other)
            if vp
        ]
        target = victory.target
        return SideSummary(
            side,
            len(models),
            len(out),
            sum(m.cost for m in out),
            self.vp[side] + sum(scoring),
            scored=self.vp[side],
            destroyed_vp=sum(scoring),
            units_destroyed=len(scoring),
            vp_target=(
                None
                if target is None
                else target.for_limit(self.setup.sides[side].roster.points_limit)
            ),
        )

    def defeated(self, side: int) -> bool:
        """Whether a side has lost by the catalog's ``lose_without``: it had models with
        that tag (its officers) and every one of them is out of the fight."""
        tag = self.tracker.victory.lose_without
        if tag is None:
            return False
        leaders = [m for m in self.setup.sides[side].models if tag in m.tags]
        return bool(leaders) and all(self.is_out(m.id) for m in leaders)

    def destroyed_units(self, side: int) -> tuple[tuple[int, int], ...]:
        """A side's roster entries (units) whose every model is out, each with the VP its
        destruction gives the other side by the catalog's ``victory.destroyed``."""
        entries: dict[int, list[ModelSnap]] = {}
        for model in self.setup.sides[side].models:
            entries.setdefault(model.entry, []).append(model)
        victory = self.tracker.victory
        return tuple(
            (entry, victory.destroyed_vp(models[0].tags))
            for entry, models in entries.items()
            if all(self.is_out(m.id) for m in models)
        )

    def over_limit(self, side: int) -> OverLimit | None:
        """The side's points and limit when its list costs more than its limit."""
        setup = self.setup.sides[side]
        points = sum(m.cost for m in setup.models)
        limit = setup.roster.points_limit
        return OverLimit(side, points, limit) if points > limit else None

    def initiative_reminder(self) -> str | None:
        """What the turn's initiative roll asks for, before anyone has acted this turn:
        the catalog's reminder, and the penalty of each side over its points limit.
        None where the game rolls no initiative, or once the turn's order is known."""
        spec = self.tracker.turns.initiative
        if spec is None or self.ended or self.active is not None:
            return None
        if None in self.firsts or self.moves.get(None):
            return None
        text = f"turn {self.turn}: {spec.reminder}"
        if spec.over_limit:
            for side in range(len(self.setup.sides)):
                over = self.over_limit(side)
                if over is not None:
                    text += (
                        f"; side {SIDE_LETTERS[side]} ({self.setup.sides[side].player}) rolls "
                        f"at {spec.over_limit:+d}: its list is {over.points} points, over its "
                        f"limit of {over.limit}"
                    )
        return text

    # --- the fold ------------------------------------------------------------------------------

    def _apply(self, event: Event) -> None:
        if self.ended and not isinstance(event, Note | Roll):
            raise Refused("the game is over")
        handler = getattr(self, "_on_" + event.kind.replace("-", "_"))
        handler(event)
        self.events += 1

    def _on_activate(self, event: Activate) -> None:
        actor = event.actor
        if actor not in self.setup.actor_ids():
            raise Refused(f"{actor} is not a model that activates")
        if self.active is not None:
            raise Refused(f"{self.active} is still active; end its activation first")
        if not self.actor_present(actor):
            raise Refused(f"{actor} is out of the fight")
        if actor in self.acted:
            raise Refused(f"{actor} has already acted this turn")
        standing = self.standing_down(actor)
        if standing is not None:
            raise Refused(f"{actor} does not activate this turn: {standing.name}")
        turns = self.tracker.turns
        if turns.kind == "phases" and not turns.phases[self.phase].activations:
            raise Refused(f"nothing activates in the {turns.phases[self.phase].name} phase")
        up = self.next_up()
        if up.needs_roll_off:
            raise Refused("both sides have models in this round: roll off first")
        if (turns.kind != "phases" or up.side is not None) and actor not in up.actors:
            who = ", ".join(up.actors) or "nobody"
            raise Refused(f"it is not {actor}'s turn to act; next: {who}")
        self.active = actor
        self.active_round = up.round
        self.retained = actor if self.retaining == self.side_of(actor) else None
        self.retaining = None
        self.activations[actor] = self.activations.get(actor, 0) + 1
        self.moves[up.key] = self.moves.get(up.key, 0) + 1
        for model in self.members(actor):
            for target in self._targets_of(model):
                for counter_id in list(self.counters.get(target, {})):
                    if self.tracker.counter(counter_id).clears == "start-of-activation":
                        self._set(target, counter_id, 0)
        for target, spec, owner, item in self.setup.refreshed_on_activation(actor):
            if spec.refresh is not None and owner is not None:
                value = self._eval(spec.refresh, owner, item)
                limit = self.counter_max(target, spec.id)
                self._set(target, spec.id, min(value, limit) if limit is not None else value)

    def _on_end_activation(self, event: EndActivation) -> None:
        if self.active != event.actor:
            raise Refused(f"{event.actor} is not the active model")
        actor = event.actor
        self.active = None
        self.active_round = None
        self.retained = None
        self.acted.add(actor)
        side = self.side_of(actor)
        if self.owed and side != self.last_side:
            self.owed -= 1  # passed to: the same side acts again
        else:
            self.last_side = side
            self.owed = 0
        count = self.activations.get(actor, 0)
        for model in self.members(actor):
            for target in self._targets_of(model):
                for counter_id in list(self.counters.get(target, {})):
                    clears = self.tracker.counter(counter_id).clears
                    key = (target, counter_id)
                    if (
                        clears == "end-of-activation"
                        or (
                            clears == "end-of-next-activation"
                            and self.set_at.get(key, count) < count
                        )
                        or (
                            clears == "end-of-activation-next-turn"
                            and self.set_turn.get(key, self.turn) < self.turn
                        )
                    ):
                        self._set(target, counter_id, 0)

    def _targets_of(self, model: ModelSnap) -> tuple[str, ...]:
        """The model and each item it carries that has counters, as counter targets."""
        return self.setup.counter_targets(model)

    def _on_delay(self, event: Delay) -> None:
        turns = self.tracker.turns
        if turns.kind != "stat-rounds" or not turns.delay:
            raise Refused("this game has no delaying")
        if self.active is not None:
            raise Refused(f"{self.active} is still active; end its activation first")
        up = self.next_up()
        if up.needs_roll_off:
            raise Refused("both sides have models in this round: roll off first")
        if event.actor not in up.actors:
            raise Refused(f"{event.actor} can only delay when it is its turn to act")
        if any(NO_DELAY in m.tags for m in self.members(event.actor)):
            raise Refused(f"{event.actor} cannot delay")
        if event.actor in self.delays_used:
            raise Refused(f"{event.actor} has already delayed this turn")
        if up.round is None or event.to >= up.round:
            raise Refused(f"delay to a later round: lower than {up.round}")
        if event.to < 0:
            raise Refused("there is no round below 0")
        self.delayed[event.actor] = event.to
        self.delays_used.add(event.actor)

    def _on_roll_off(self, event: RollOff) -> None:
        if event.first not in (0, 1):
            raise Refused("the first side is 0 (A) or 1 (B)")
        if self.active is not None:
            raise Refused(f"{self.active} is still active; end its activation first")
        key: OrderKey = None
        if self.tracker.turns.kind != "phases":
            up = self.next_up()
            key = up.key
            if up.turn_over:
                raise Refused("nobody is left to act this turn")
            if not up.needs_roll_off and key not in self.firsts and up.side is not None:
                where = f"round {up.round}" if up.round is not None else "this turn"
                raise Refused(
                    f"only side {SIDE_LETTERS[up.side]} has models in {where}: no roll-off"
                )
        if key in self.firsts:
            raise Refused("the order for this round is already rolled")
        self.firsts[key] = event.first
        self.last_side = None
        self.owed = 0
        if event.winner is not None:
            self.last_winner = event.winner

    def _on_pass(self, event: Pass) -> None:
        if not self.tracker.turns.can_pass:
            raise Refused("this game has no passing")
        if self.active is not None:
            raise Refused(f"{self.active} is still active; end its activation first")
        if event.side not in (0, 1):
            raise Refused("the side is 0 (A) or 1 (B)")
        up = self.next_up()
        if up.side != event.side:
            raise Refused(f"side {SIDE_LETTERS[event.side]} is not the one to act")
        # a side with fewer units left may pass; the other then activates two in a row
        # (Steam Wars 2.1 Pass)
        mine = len(self.actors_left(event.side))
        theirs = len(self.actors_left(1 - event.side))
        if mine >= theirs:
            raise Refused(
                f"side {SIDE_LETTERS[event.side]} has {mine} left to activate and side "
                f"{SIDE_LETTERS[1 - event.side]} {theirs}: only the side with fewer may pass"
            )
        self.last_side = event.side
        self.owed = 1
        self.moves[up.key] = self.moves.get(up.key, 0) + 1

    def _on_retain(self, event: Retain) -> None:
        turns = self.tracker.turns
        if turns.kind != "phases" or turns.phases[self.phase].order != "alternating":
            raise Refused("sides do not alternate in this phase: there is no initiative to retain")
        if self.active is not None:
            raise Refused(f"{self.active} is still active; end its activation first")
        if event.side not in (0, 1):
            raise Refused("the side is 0 (A) or 1 (B)")
        if self.last_side != event.side or self.retaining is not None:
            raise Refused(f"side {SIDE_LETTERS[event.side]} has not just acted")
        if not self.actors_left(event.side):
            raise Refused(f"side {SIDE_LETTERS[event.side]} has nobody left to act")
        self.last_side = 1 - event.side
        self.owed = 0
        self.retaining = event.side

    def actors_left(self, side: int) -> tuple[str, ...]:
        """A side's actors still to act this turn (or phase)."""
        return tuple(a for a in self.ready() if self.side_of(a) == side)

    def _on_act(self, event: Act) -> None:
        model = self.model(event.model)
        try:
            spec = self.tracker.action(event.action)
        except KeyError:
            raise Refused(f"unknown action '{event.action}'") from None
        if self.active != model.actor and not spec.interrupt:
            raise Refused(f"{model.id} is not active")
        if self.is_out(model.id):
            raise Refused(f"{model.id} is out of the fight")
        if spec.units is not None and not matches_model(spec.units, model):
            raise Refused(f"{model.id} cannot {spec.name}")
        for needed in spec.needs:  # a once-per-game use of the model or its unit (Rally)
            for target in dict.fromkeys((model.id, model.actor)):
                if self.has_counter(target, needed) and self.counter(target, needed):
                    name = self.tracker.counter(needed).name
                    raise Refused(f"{model.id} cannot {spec.name}: {name}")
        for required in spec.requires:
            if not any(self.counter(t, required) for t in dict.fromkeys((model.id, model.actor))):
                name = self.tracker.counter(required).name
                raise Refused(f"{model.id} cannot {spec.name}: it needs {name}")
        item: ItemSnap | None = None
        if spec.item is not None:
            if event.item is None:
                raise Refused(f"{spec.name} needs an item")
            item = self._item(model, event.item)
            if not matches_item(spec.item, model, item):
                raise Refused(f"{spec.name} cannot be done with {item.name}")
            for needed in spec.needs:
                if self.has_counter(event.item, needed) and self.counter(event.item, needed):
                    name = self.tracker.counter(needed).name
                    raise Refused(f"{item.name}: {name}")
        if not spec.interrupt and spec.cost > self.actions_left(model.id):
            raise Refused(f"{model.id} has {counted(self.actions_left(model.id), 'action')} left")
        spends_turn = False
        if spec.spends_turn_if is not None:
            key = (model.actor, spec.spends_turn_if)
            held = self.counter(*key) and self.set_turn.get(key, self.turn) < self.turn
            spends_turn = bool(held) and model.actor not in self.acted
            spends_turn = spends_turn and self.active != model.actor
        changes: dict[tuple[str, str], int] = {}
        for effect in spec.effects:
            self._plan_effect(effect, model, item, event.item, changes)
        if not spec.interrupt:
            used = self._used_target(model.id)
            key = (used, self.tracker.used_counter)
            changes[key] = changes.get(key, self.counter(*key)) + spec.cost
        for (target, counter_id), value in changes.items():
            self._set(target, counter_id, value)
        if spec.wounds:
            self._on_wound(Wound(kind="wound", model=model.id, amount=spec.wounds))
        if spends_turn:
            self.acted.add(model.actor)  # kept overwatch: this round's action is used
        if spec.ends_activation and self.active == model.actor:
            self._on_end_activation(EndActivation(kind="end-activation", actor=model.actor))

    def _item(self, model: ModelSnap, target: str) -> ItemSnap:
        item = self.setup.item_of(model, target)
        if item is not None:
            return item
        raise Refused(f"{model.id} does not carry {target.partition('/')[2] or target}")

    def _plan_effect(
        self,
        effect: Effect,
        model: ModelSnap,
        item: ItemSnap | None,
        item_target: str | None,
        changes: dict[tuple[str, str], int],
    ) -> None:
        if effect.when is not None and (item is None or not matches_item(effect.when, model, item)):
            return
        target = {"model": model.id, "item": item_target, "side": SIDE_LETTERS[model.side]}[
            effect.on
        ]
        try:
            spec = self.tracker.counter(effect.counter)
        except KeyError:
            return
        if effect.on == "model" and spec.scope == "actor":
            target = model.actor  # the counter of the pack or unit the model acts with
        amount = self._eval(effect.value, model, item) * self._eval(effect.repeat, model, item)
        if target is None or not self.has_counter(target, effect.counter):
            if effect.op == "add" and amount < 0:  # nothing to spend (no bullets bought)
                raise Refused(f"not enough {spec.name} (0)")
            return
        key = (target, effect.counter)
        current = changes.get(key, self.counter(*key))
        if effect.op == "clear":
            new = 0
        elif effect.op == "set":
            new = self._eval(effect.value, model, item)
        elif effect.op == "remove":
            new = max(0, current - amount)
        else:
            new = current + amount
        if new < 0:
            raise Refused(f"not enough {spec.name} ({current})")
        limit = self.counter_max(target, effect.counter)
        if limit is not None and new > limit:
            new = limit
        changes[key] = new

    def _on_counter(self, event: SetCounter) -> None:
        try:
            spec = self.tracker.counter(event.counter)
        except KeyError:
            raise Refused(f"unknown counter '{event.counter}'") from None
        if not self.has_counter(event.target, event.counter):
            raise Refused(f"{event.target} has no {spec.name}")
        limit = self.counter_max(event.target, event.counter)
        if event.value < 0 or (limit is not None and event.value > limit):
            top = "" if limit is None else f" to {limit}"
            raise Refused(f"{spec.name} goes from 0{top}")
        self._set(event.target, event.counter, event.value)

    def _set(self, target: str, counter_id: str, value: int) -> None:
        spec = self.tracker.counter(counter_id)
        before = self.counter(target, counter_id)
        if value:
            self.counters.setdefault(target, {})[counter_id] = value
            if value >= before:  # set (again): "its next activation" counts from now
                self.set_at[(target, counter_id)] = self.activations.get(
                    self.model(target.split("/")[0]).actor if len(target) > 1 else target, 0
                )
                self.set_turn[(target, counter_id)] = self.turn
        else:
            self.counters.get(target, {}).pop(counter_id, None)
            self.set_at.pop((target, counter_id), None)
            self.set_turn.pop((target, counter_id), None)
        if spec.id == self.tracker.damage.out_counter and len(target) > 1:
            self._going_out(target, before, value)
            if value and not before and self.tracker.damage.on_out:
                self.apply_effects(self.tracker.damage.on_out, self.model(target))

    def _tick(self, target: str, counter_id: str, value: int) -> None:
        """Count a counter down without it counting as set again."""
        if value > 0:
            self.counters[target][counter_id] = value
        else:
            self._set(target, counter_id, 0)

    def _going_out(self, model_id: str, before: int, value: int) -> None:
        tag = self.tracker.damage.fight_on
        model = self.model(model_id)
        if value and not before and tag and tag in model.tags:
            self.fight_on[model_id] = self.turn + 1
        elif value and model_id in self.fight_on and self.fight_on[model_id] >= self.turn:
            del self.fight_on[model_id]  # hit again while fighting on: out for good
        elif not value:
            self.fight_on.pop(model_id, None)

    def _on_wound(self, event: Wound) -> None:
        model_id = event.model
        self.model(model_id)
        limit = self.wounds_max(model_id)
        out = self.tracker.damage.out_counter
        taken = self.wounds.get(model_id, 0)
        if event.amount > 0 and self.is_out(model_id):
            raise Refused(f"{model_id} is already out of the fight")
        new = max(0, min(limit, taken + event.amount))
        self.wounds[model_id] = new
        if event.amount > 0 and model_id in self.fight_on:
            self._set(model_id, out, 1)  # wounded again while fighting on
            self.fight_on.pop(model_id, None)
        elif new >= limit and not self.counter(model_id, out):
            self._set(model_id, out, 1)
        elif new < limit and self.counter(model_id, out):
            self._set(model_id, out, 0)

    def _on_marker(self, event: PlaceMarker) -> None:
        try:
            self.marker_spec(event.marker)
        except KeyError:
            raise Refused(f"unknown marker '{event.marker}'") from None
        self.marker_count += 1
        rounds = self.tracker.turns.kind == "stat-rounds"
        where = self.current_round() if rounds else self.phase
        self.markers.append(Marker(self.marker_count, event.marker, event.label, self.turn, where))

    def _on_remove_marker(self, event: RemoveMarker) -> None:
        if not any(m.number == event.number for m in self.markers):
            raise Refused(f"there is no marker {event.number}")
        self.markers = [m for m in self.markers if m.number != event.number]

    def _on_score(self, event: Score) -> None:
        if event.side not in (0, 1):
            raise Refused("the side is 0 (A) or 1 (B)")
        self.vp[event.side] += event.points

    def _on_roll(self, event: Roll) -> None:
        """A roll goes into the log; one applied to a model changes its counters by the
        table row or the test outcome it names."""
        if event.target is None:
            return
        if self.ended:
            raise Refused("the game is over")
        model = self.model(event.target)
        if event.table is not None:
            table = self.tracker.table(event.table)
            if table is None:
                raise Refused(f"unknown table '{event.table}'")
            if event.row is None:
                raise Refused(f"which row of {table.name}: the roll has no number")
            self.check_takes(table, model)
            row = table.row_for(event.row)
            if row is None:
                raise Refused(f"{table.name} has no row for {event.row}")
            effects = row.effects
        elif event.test is not None:
            test = self.tracker.test(event.test)
            if test is None:
                raise Refused(f"unknown test '{event.test}'")
            if test.applies_to == "tested":  # ``units`` says who is tested, not the target
                self.check_takes(test, model)
            if event.passed is None:
                raise Refused(f"{test.name}: the roll does not say whether it passed")
            effects = test.on_pass if event.passed else test.on_fail
        elif event.wounds:
            effects = ()
        else:
            raise Refused("a roll applied to a model names a table, a test or wounds")
        self.apply_effects(effects, model, event.values)
        if event.wounds:
            self._on_wound(Wound(kind="wound", model=model.id, amount=event.wounds))

    def check_takes(self, spec: TableSpec | TestSpec, model: ModelSnap) -> None:
        """Refuse a table or test for a model its ``units`` leave out (a vehicle table
        for infantry)."""
        if spec.units is not None and not matches_model(spec.units, model):
            raise Refused(f"{model.label} does not take the {spec.name}")

    def effect_target(self, effect: RowEffect, model: ModelSnap) -> str:
        """Whose counter an effect changes: the model's, its unit's or its side's."""
        try:
            spec = self.tracker.counter(effect.counter)
        except KeyError:
            raise Refused(f"unknown counter '{effect.counter}'") from None
        if spec.scope == "side":
            return SIDE_LETTERS[model.side]
        if spec.scope == "actor":
            return model.actor
        if spec.scope == "item":
            raise Refused(f"{spec.name} is kept per item; a table result cannot choose one")
        return model.id

    def apply_effects(
        self, effects: Sequence[RowEffect], model: ModelSnap, values: Sequence[int] = ()
    ) -> None:
        """Apply a result's counter changes to a model, reading the dice they roll from
        ``values`` in order; refuse, changing nothing, when a change cannot be made."""
        rolled = iter(values)
        changes: dict[tuple[str, str], int] = {}
        for effect in effects:
            target = self.effect_target(effect, model)
            spec = self.tracker.counter(effect.counter)
            if not self.has_counter(target, effect.counter):
                raise Refused(f"{target} has no {spec.name}")
            key = (target, effect.counter)
            amount = _effect_value(effect, rolled, spec.name)  # read even when skipped
            if effect.if_tags and not effect.if_tags & model.tags:
                continue
            if effect.if_set is not None:
                guard = (self.effect_target(RowEffect(counter=effect.if_set), model), effect.if_set)
                if not changes.get(guard, self.counter(*guard)):
                    continue
            current = changes.get(key, self.counter(*key))
            if effect.op == "remove":
                new = current - amount
            elif effect.op == "clear":
                new = 0
            elif effect.op == "set":
                new = amount
            elif effect.op == "halve":
                new = current // 2  # half removed, rounded up
            else:
                new = current + amount
            limit = self.counter_max(target, effect.counter)
            changes[key] = max(0, new if limit is None else min(new, limit))
        if next(rolled, None) is not None:
            raise Refused("more dice were given than the result rolls")
        for (target, counter_id), value in changes.items():
            self._set(target, counter_id, value)

    def _on_note(self, event: Note) -> None:
        """A note only goes into the log."""

    def _on_next_phase(self, event: NextPhase) -> None:
        turns = self.tracker.turns
        if turns.kind != "phases":
            raise Refused("this game has no phases")
        if self.active is not None:
            raise Refused(f"{self.active} is still active")
        if self.phase + 1 >= len(turns.phases):
            raise Refused("this is the last phase: end the turn")
        self.phase += 1
        self.acted.clear()
        self.last_side = None

    def _on_end_turn(self, event: EndTurn) -> None:
        if self.active is not None:
            raise Refused(f"{self.active} is still active; end its activation first")
        turns = self.tracker.turns
        if turns.kind == "phases":
            if self.phase + 1 < len(turns.phases):
                raise Refused("the turn's phases are not over yet")
        elif self.ready():
            waiting = len(self.ready())
            raise Refused(
                f"{counted(waiting, 'model')} {'has' if waiting == 1 else 'have'} not acted yet"
            )
        for target in list(self.counters):
            for counter_id in list(self.counters[target]):
                clears = self.tracker.counter(counter_id).clears
                value = self.counters[target][counter_id]
                if clears == "end-of-turn" or (
                    clears == "end-of-next-turn"
                    and self.set_turn.get((target, counter_id), self.turn) < self.turn
                ):
                    self._set(target, counter_id, 0)
                elif clears == "count-down":
                    self._tick(target, counter_id, value - 1)
        for model_id, until in list(self.fight_on.items()):
            if until <= self.turn:
                del self.fight_on[model_id]
        self.markers = [
            m
            for m in self.markers
            if self.marker_spec(m.marker).lasts != "end-of-turn"
            and not (
                self.marker_spec(m.marker).lasts == "round-next-turn" and self.turn >= m.turn + 1
            )
        ]
        self.acted.clear()
        self.delayed.clear()
        self.delays_used.clear()
        self.firsts.clear()
        self.moves.clear()
        self.last_side = None
        self.owed = 0
        self.phase = 0
        if self.turn >= self.setup.turn_limit:
            self.ended = True
            self.fight_on.clear()  # the game ends: fighting on is over (Berserk)
        else:
            self.turn += 1

    def _on_end_game(self, event: EndGame) -> None:
        if self.active is not None:
            raise Refused(f"{self.active} is still active; end its activation first")
        for model_id in list(self.fight_on):
            del self.fight_on[model_id]  # the game ends: fighting on is over
        self.ended = True


def _effect_value(effect: RowEffect, rolled: Iterator[int], name: str) -> int:
    """An effect's number: as written, or the next rolled value (at least ``at_least``)."""
    if isinstance(effect.value, int):
        return effect.value
    if effect.value == "given":
        given = next(rolled, None)
        if given is None or given < 0:
            raise Refused(f"{name}: the roll does not give the number it changes by")
        return given
    count_text, _, sides_text = effect.value.partition("d")
    count, sides = int(count_text or 1), int(sides_text)
    value = next(rolled, None)
    if value is None:
        raise Refused(f"{name}: the {effect.value} it rolls is missing")
    if not count <= value <= count * sides:
        raise Refused(f"{name}: {value} is not a result of {effect.value}")
    if effect.at_least is not None:
        value = max(value, effect.at_least)
    return value if effect.divide is None else value // effect.divide


def _figures(model: ModelSnap) -> int:
    """How many figures a model counts as (``figures:2``: power armour counts double)."""
    for tag in model.tags:
        key, _, number = tag.partition(":")
        if key == "figures" and number.isdigit():
            return int(number)
    return 1
