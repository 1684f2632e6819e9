"""The counters of a catalog's [tracker]: the flags and numbers kept per model, unit,
carried item or side, and everything that changes them: a model's actions, damage (a
table's result or a test's outcome, ``RowEffect``, is in ``model.catalog.tracker_effects``,
which the rolls share); and the markers put on the table.

Apart from the turns, rolls and victory of the section: the battle engine's fold reads
these on every event, the dice helper only through the effects of a roll.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, model_validator

# Kept importable from here for the modules that read a counter's Value and a RowEffect
# from the counters (model.battle's fold); they are defined with the rolls' effects.
from model.catalog.tracker_effects import RowEffect as RowEffect
from model.catalog.tracker_effects import Value as Value
from model.core.base import Bool, Frozen, FrozenMap, Id, StatId, Text, empty_map
from model.core.bounds import CounterValue, Positive, StatNumber, Tally
from model.rules.selectors import Selector

Clears = Literal[
    "never",
    "end-of-activation",
    "end-of-next-activation",
    "end-of-activation-next-turn",
    "end-of-turn",
    "start-of-activation",
    "end-of-next-turn",
    "count-down",
]
"""When a counter goes back to zero by itself: never; when the bearer's activation ends;
at the end of the bearer's next activation (one that starts after it was set); at the end
of the bearer's first activation in a later turn than the one it was set in (poison is
checked "next turn", even if the model still acts this turn); when the turn ends; or as
the bearer's activation starts (after its reminder was shown); at the end of the turn after
the one it was set in (a pushed unit sits out its next turn); or one less at each end of
turn (no power for 1d6 turns)."""


class CounterSpec(Frozen):
    """A flag or a number the tracker keeps for each model, unit, carried item or side."""

    id: Id
    name: Text
    short: Annotated[str, Field(min_length=1, max_length=4)]
    """A few letters for the model's row (``Dn``, ``Aim``)."""
    kind: Literal["flag", "number", "choice"] = "flag"
    """A flag (on or off), a number, or one of ``options`` (its value is the option's
    place, from 0: an order chip is Moving or Stationary)."""
    options: tuple[Text, ...] = ()
    """For a choice: the names of its values, the first being the start."""
    scope: Literal["model", "actor", "item", "side"] = "model"
    """Per model; per actor (whatever activates: a unit, a pack); per carried item; per side."""
    units: Selector | None = None
    """Which models have it (default: all); a selector naming items means "carrying one"."""
    items: Selector | None = None
    """With scope item: which carried items get one."""
    start: Value = 0
    """The value at the start of the battle (``item:bullet`` for bullets bought)."""
    max: Value | None = None
    """The highest value; None for flags (1) and unbounded numbers."""
    clears: Clears = "never"
    modifiers: FrozenMap[StatId, StatNumber] = Field(default_factory=empty_map)
    """Stat changes while set, per point of value (Toughness lost to gas: ``{ T = -1 }``)."""
    actions: CounterValue = 0
    """Change to the bearer's actions per activation, per point of value."""
    out: Bool = False
    """While set the model is out of the fight: it does not act (downed)."""
    stands: Bool = False
    """While set the bearer does not activate but stays in the fight (a pushed unit's
    next turn, a broken formation, a jammed automaton)."""
    refresh: Value | None = None
    """Set to this value each time the bearer's activation starts (the defense pool is
    refreshed to the unit's DEF: ``now:DEF``)."""
    hidden_until: Id | None = None
    """A phase before which the value is shown only as "placed" (order chips are placed
    face down and revealed together)."""
    shows: Text | None = None
    """What the value means at the table, with ``{value}`` (``{value} unit(s) may not
    shoot``), shown next to it."""
    reminder: Text | None = None
    """Shown when the bearer's activation starts while the counter is set."""
    remind_from: Positive = 1
    """The value from which the reminder shows (3 pump-action markers: KABOOM!)."""
    summary: str | None = None
    source: str | None = None

    @model_validator(mode="after")
    def _options(self) -> CounterSpec:
        if self.kind == "choice" and len(self.options) < 2:
            raise ValueError("a choice counter needs at least two options")
        if self.kind != "choice" and self.options:
            raise ValueError("only a choice counter has options")
        return self

    @property
    def limit(self) -> Value | None:
        """The highest value: 1 for a flag, the last option's place for a choice."""
        if self.kind == "flag":
            return 1
        if self.kind == "choice":
            return len(self.options) - 1
        return self.max

    def value_text(self, value: int) -> str:
        """A value as the table reads it: an option's name, on/off, or the number."""
        if self.kind == "choice":
            return self.options[value] if 0 <= value < len(self.options) else str(value)
        if self.kind == "flag":
            return "on" if value else "off"
        return str(value)


class Effect(Frozen):
    """What an action does to a counter."""

    counter: Id
    op: Literal["set", "add", "remove", "clear"] = "add"
    value: Value = 1
    """For ``set`` the new value, for ``add`` the change (negative to spend, refused when
    there is not enough), for ``remove`` what to take away (never below 0: a charge
    takes 2 dice off a defence pool that may hold fewer)."""
    on: Literal["model", "item", "side"] = "model"
    """Whether the counter is the model's, the chosen item's, or the side's."""
    when: Selector | None = None
    """Only when the chosen item matches (a firearm spends a bullet; a bow does not)."""
    repeat: Value = 1
    """How many times (an automatic weapon's burst spends 3 bullets); an expression
    reads the chosen item for ``tag:``."""


class ActionSpec(Frozen):
    """Something a model does in its activation."""

    id: Id
    name: Text
    key: Annotated[str, Field(min_length=1, max_length=1)] | None = None
    """A letter for the tracker's action menu."""
    cost: CounterValue = 1
    """Actions it uses."""
    units: Selector | None = None
    """Which models have this action (default: all); naming items means "carrying one"."""
    item: Selector | None = None
    """When set, the action is done with a carried item matching this (shoot with a gun)."""
    needs: tuple[Id, ...] = ()
    """Counters that must be zero for the action: the chosen item's (jammed, reload), or
    the model's or its unit's (a once-per-game Rally already used)."""
    requires: tuple[Id, ...] = ()
    """Counters that must be set for the action, on the model or its unit (an overwatch
    shot needs the formation on overwatch)."""
    effects: tuple[Effect, ...] = ()
    ends_activation: Bool = False
    """Whether doing it ends the activation (ready defensive fire)."""
    wounds: Tally = 0
    """Wounds (hit points) the bearer loses by doing it (a pushed action costs 1 HPT)."""
    interrupt: Bool = False
    """Done outside the bearer's activation and using none of its actions (a formation
    on overwatch shoots in the enemy's turn)."""
    spends_turn_if: Id | None = None
    """A counter: when it was set in an earlier turn, doing this uses up the bearer's
    activation of this turn (overwatch kept from the round before)."""
    summary: str | None = None


class DamageSpec(Frozen):
    """How models take damage."""

    zero_stats: tuple[StatId, ...] = ()
    """Stats that put a model out of the fight when any falls to 0 (the colonial sheet:
    a vehicle with any stat reduced to zero is disabled). Only models that have the stat
    as a number are affected."""
    on_out: tuple[RowEffect, ...] = ()
    """Counter changes when a model goes out (Reikhammer: 1 Shock to its formation per
    casualty)."""

    wounds: Value = 1
    """Wounds a model can take (``stat:W``); each model with more than one gets boxes."""
    out_counter: Id = "downed"
    """The counter set when the last wound is taken."""
    fight_on: Id | None = None
    """A tag (``berserk``): a model with it acts one more turn after going out."""


class MarkerSpec(Frozen):
    """Something placed on the table (fire, smoke, an objective)."""

    id: Id
    name: Text
    lasts: Literal["game", "end-of-turn", "round-next-turn"] = "game"
    """Until removed; until the turn ends; or until the end of the round it was placed in,
    next turn (smoke)."""
    summary: str | None = None
    source: str | None = None
