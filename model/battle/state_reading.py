"""A battle state's fields, and reading them: its forces, each counter and current stat,
the actions a model has, who is out of the fight or kept from acting, the markers and
tables the catalog names.

Apart because every handler of an event (``model.battle.activations``, ``actions`` ...)
reads and changes these fields and asks these questions; the handlers import this
module, not each other, and the state (``model.battle.state``) is these fields with the
handlers in its table of events.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from model.battle.forces import SIDE_LETTERS, ItemSnap, ModelSnap
from model.battle.refused import Refused
from model.battle.setup import BattleSetup, matches_model
from model.battle.state_values import Marker, OrderKey, Reminder

if TYPE_CHECKING:
    from model.battle.events import Event
    from model.catalog.tracker import Tracker
    from model.catalog.tracker_counters import CounterSpec, MarkerSpec, RowEffect, Value
    from model.catalog.tracker_rolls import TableSpec, TestSpec


@dataclass
class StateReading(ABC):
    """What a battle state holds: the turn, who is active and who has acted, the order
    rolled for, every counter, wound and marker, the victory points; and the forces,
    counters and stats of it as the rules read them. The handlers of its events change
    these fields; only the fold calls them, on a private copy."""

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

    def __post_init__(self) -> None:
        # Not a field: derived from the fields above, so not part of a state's value.
        self._standing: dict[str, tuple[ModelSnap | None, int]] = {}
        """Each actor's first model still in the fight (None when it is all out or kept
        from acting) and that model's turn-order stat, kept between the replay's
        activations: whose turn it is was worked out anew for every actor at every
        activation, about a fifth of folding a long battle (issue 15).
        ``counter_changes.change`` forgets an actor as a counter of it, its models or
        their items changes (a model's fighting on starts and ends with such a change);
        a new turn and the game's end forget them all."""

    @abstractmethod
    def handle(self, event: Event) -> None:
        """Change the state by ``event``'s handler without counting it as one of the log's
        events: an action that wounds its model, or ends its activation, does what those
        events do. Abstract here, where the handlers cannot see the table: the state
        (``model.battle.state``) looks the handler up in it."""

    def forget_standing(self, actor: str | None = None) -> None:
        """Forget what ``_standing`` keeps of an actor (of every actor when None)."""
        if actor is None:
            self._standing.clear()
        else:
            self._standing.pop(actor, None)

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

    def counter(self, target: str, counter_id: str) -> int:
        return self.counters.get(target, {}).get(counter_id, 0)

    def counter_max(self, target: str, counter_id: str) -> int | None:
        spec = self.tracker.counter(counter_id)
        limit = spec.limit
        if limit is None:
            return None
        model, item = self._owner(target)
        return self.evaluate(limit, model, item)

    def _owner(self, target: str) -> tuple[ModelSnap | None, ItemSnap | None]:
        if len(target) == 1:
            return None, None
        model_id, _, rest = target.partition("/")
        model = self.model(model_id)
        if not rest:
            return model, None
        item_id = rest.split("#")[0]
        return model, next(i for i in model.items if i.id == item_id)

    def evaluate(self, value: Value, model: ModelSnap | None, item: ItemSnap | None) -> int:
        """A number or expression of the catalog for a model (and one of its items) now:
        its stat (``stat:``, ``now:``), its unit's figures (``unit:``), items, tags."""
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
        return self.evaluate(value, model, None)

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
        points = self.evaluate(self.tracker.action_points, model, None)
        for target in {model_id, model.actor}:
            for counter_id, amount in self.counters.get(target, {}).items():
                points += self.tracker.counter(counter_id).actions * amount
        return max(points, 0)

    def actions_left(self, model_id: str) -> int:
        used = self.counter(self.used_target(model_id), self.tracker.used_counter)
        return max(self.action_points(model_id) - used, 0)

    def used_target(self, model_id: str) -> str:
        """Who keeps the count of a model's actions used: the model, or its actor."""
        spec = self.tracker.counter(self.tracker.used_counter)
        return self.model(model_id).actor if spec.scope == "actor" else model_id

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

    def check_takes(self, spec: TableSpec | TestSpec, model: ModelSnap) -> None:
        """Refuse a table or test for a model its ``units`` leave out (a vehicle table
        for infantry)."""
        if spec.units is not None and not matches_model(spec.units, model):
            raise Refused(f"{model.label} does not take the {spec.name}")

    def marker_spec(self, marker_id: str) -> MarkerSpec:
        for spec in self.tracker.markers:
            if spec.id == marker_id:
                return spec
        raise KeyError(marker_id)

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

    def wounds_max(self, model_id: str) -> int:
        return max(self.evaluate(self.tracker.damage.wounds, self.model(model_id), None), 1)

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


def _figures(model: ModelSnap) -> int:
    """How many figures a model counts as (``figures:2``: power armour counts double)."""
    for tag in model.tags:
        key, _, number = tag.partition(":")
        if key == "figures" and number.isdigit():
            return int(number)
    return 1
