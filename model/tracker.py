"""The ``[tracker]`` section of a catalog: what the battle tracker needs to know.

Every game tracks the same kinds of things at the table (whose turn it is, what a
model has done, what state it is in, what is on the table, the game's tables)
but with different rules. Those rules are data here, so the engine in
``model.battle`` has no code path per game:

* ``turns``: the turn structure, one of three kinds: ``stat-rounds`` (models act
  in rounds from the highest value of a stat down, Punkapocalyptic's agility
  rounds), ``alternating`` (sides alternate activations, Steam Wars,
  Steampocalypse 1909) and ``phases`` (named phases in order, Reikhammer, the
  colonial sheet);
* ``counters``: named flags and numbers per model, per unit, per carried item or
  per side, with a start value, a maximum, when they clear, and their effect on
  stats and actions;
* ``actions``: what a model can do in its activation, what each costs and which
  counters it changes (a shot spends a bullet and leaves a Dead slow weapon
  needing a reload);
* ``damage``, ``markers``, ``tables``, ``grids``, ``modifiers`` and ``victory``;
* ``rolls``: the rolls of the game's dice the dice helper offers (Steam Wars' D6 to-hit,
  wound, save ...), so what a battle offers is decided by its catalog, not its system id.

Values that depend on the model are written as expressions: ``stat:A`` (a stat),
``item:bullet`` (how many of an item it carries), ``tag:reload`` (the number in
the chosen item's ``reload:N`` tag, or the model's own tag when there is no item).

Battle snapshots give weapons and traits that attack a ``use:melee``,
``use:ranged`` or ``use:thrown`` tag, so tracker data can select ranged weapons.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, model_validator

from model.base import Bool, Frozen, FrozenMap, Id, Int, Positive, StatId, Text, empty_map
from model.selectors import Selector

Expr = Annotated[str, Field(pattern=r"^(stat|item|tag):[A-Za-z0-9_-]+$")]
"""A value read from the model: ``stat:A``, ``item:bullet`` or ``tag:reload``."""

Value = Int | Expr
"""A number, or an expression giving one per model."""

Clears = Literal[
    "never",
    "end-of-activation",
    "end-of-next-activation",
    "end-of-activation-next-turn",
    "end-of-turn",
    "start-of-activation",
]
"""When a counter goes back to zero by itself: never; when the bearer's activation ends;
at the end of the bearer's next activation (one that starts after it was set); at the end
of the bearer's first activation in a later turn than the one it was set in (poison is
checked "next turn", even if the model still acts this turn); when the turn ends; or as
the bearer's activation starts (after its reminder was shown)."""


class CounterSpec(Frozen):
    """A flag or a number the tracker keeps for each model, unit, carried item or side."""

    id: Id
    name: Text
    short: Annotated[str, Field(min_length=1, max_length=4)]
    """A few letters for the model's row (``Dn``, ``Aim``)."""
    kind: Literal["flag", "number"] = "flag"
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
    modifiers: FrozenMap[StatId, Int] = Field(default_factory=empty_map)
    """Stat changes while set, per point of value (Toughness lost to gas: ``{ T = -1 }``)."""
    actions: Int = 0
    """Change to the bearer's actions per activation, per point of value."""
    out: Bool = False
    """While set the model is out of the fight: it does not act (downed)."""
    reminder: Text | None = None
    """Shown when the bearer's activation starts while the counter is set."""
    remind_from: Positive = 1
    """The value from which the reminder shows (3 pump-action markers: KABOOM!)."""
    summary: str | None = None
    source: str | None = None

    @property
    def limit(self) -> Value | None:
        """The highest value: 1 for a flag."""
        return 1 if self.kind == "flag" else self.max


class Effect(Frozen):
    """What an action does to a counter."""

    counter: Id
    op: Literal["set", "add", "clear"] = "add"
    value: Value = 1
    """For ``set`` the new value, for ``add`` the change (negative to spend)."""
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
    cost: Int = 1
    """Actions it uses."""
    units: Selector | None = None
    """Which models have this action (default: all); naming items means "carrying one"."""
    item: Selector | None = None
    """When set, the action is done with a carried item matching this (shoot with a gun)."""
    needs: tuple[Id, ...] = ()
    """Counters that must be zero for the action: the chosen item's (jammed, reload), or
    the model's or its unit's (a once-per-game Rally already used)."""
    effects: tuple[Effect, ...] = ()
    ends_activation: Bool = False
    """Whether doing it ends the activation (ready defensive fire)."""
    summary: str | None = None


class Phase(Frozen):
    """One phase of a turn."""

    id: Id
    name: Text
    activations: Bool = False
    """Whether units activate in this phase."""
    summary: str | None = None


class InitiativeSpec(Frozen):
    """The roll for who goes first each turn, shown as a reminder as the turn starts."""

    dice: Text = "1d6"
    over_limit: Int = 0
    """The change to the roll of a side whose list is over its points limit (Steam Wars
    allows going over by less than the cheapest model, at -1 to every initiative roll)."""
    reminder: Text = "roll for initiative: the highest roll goes first"
    source: str | None = None


class TurnSpec(Frozen):
    """How a turn is organised."""

    kind: Literal["stat-rounds", "alternating", "phases"]
    stat: StatId | None = None
    """For stat-rounds: the stat whose value orders the rounds (``Ag``)."""
    delay: Bool = False
    """For stat-rounds: an actor may delay once per turn to a later (lower) round."""
    can_pass: Bool = False
    """For alternating: a side may pass instead of activating."""
    phases: tuple[Phase, ...] = ()
    """For phases: the phases in order."""
    turn_limit: Positive = 6
    """The usual number of turns (a battle can set its own)."""
    initiative: InitiativeSpec | None = None
    """For alternating: the roll for the first activation of each turn."""
    source: str | None = None

    @model_validator(mode="after")
    def _complete(self) -> TurnSpec:
        if self.kind == "stat-rounds" and self.stat is None:
            raise ValueError("stat-rounds needs the stat that orders the rounds")
        if self.kind == "phases" and not self.phases:
            raise ValueError("phases needs at least one phase")
        return self


class DamageSpec(Frozen):
    """How models take damage."""

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


class TableRow(Frozen):
    """One row of a lookup or dice table: a range and its result."""

    min: Int | None = None
    max: Int | None = None
    result: Text
    value: Int | None = None
    """A number the result gives, when it gives one (a fall's Strength)."""


class TableSpec(Frozen):
    """A table of the game: rolled on (``dice``) or looked up by a value (``lookup``)."""

    id: Id
    name: Text
    dice: Text | None = None
    lookup: Text | None = None
    """What is looked up, e.g. "Height fallen (inches)"."""
    rows: tuple[TableRow, ...]
    source: str | None = None

    def row_for(self, value: int) -> TableRow | None:
        """The row whose range holds ``value``."""
        for row in self.rows:
            if (row.min is None or value >= row.min) and (row.max is None or value <= row.max):
                return row
        return None


GridKey = Int | Id
"""A row or column of a grid: a number (Resilience 4) or an id (``soft``)."""


class GridRow(Frozen):
    """One row of a grid: its key and one cell per column."""

    key: GridKey
    cells: tuple[Int, ...]
    """The number each column gives; 0 is a blank cell of the rulebook (no roll succeeds)."""


class GridSpec(Frozen):
    """A two-way table of the game, read by a row and a column (Steam Wars' strength
    against resilience: the D6 roll a weapon Strength needs to wound a Resilience).

    A blank cell is written 0, so a row stays as long as the columns and a reader can
    tell "no roll can do it" from "the table does not say" (a key it does not have)."""

    id: Id
    name: Text
    rows_label: Text
    """What the rows are (``RES``)."""
    columns_label: Text
    """What the columns are (``ST``)."""
    columns: tuple[GridKey, ...] = Field(min_length=1)
    rows: tuple[GridRow, ...] = Field(min_length=1)
    summary: str | None = None
    source: str | None = None

    @model_validator(mode="after")
    def _shape(self) -> GridSpec:
        width = len(self.columns)
        for n, row in enumerate(self.rows, start=1):
            if len(row.cells) != width:
                raise ValueError(
                    f"row {n} (key {row.key!r}) has {len(row.cells)} cells and there are "
                    f"{width} columns: give every row one cell per column (0 for a blank)"
                )
        for what, keys in (("row", [r.key for r in self.rows]), ("column", self.columns)):
            seen: set[GridKey] = set()
            for key in keys:
                if key in seen:
                    raise ValueError(f"the {what} key {key!r} is used twice: give each its own")
                seen.add(key)
        return self

    def cell(self, row: GridKey, column: GridKey) -> int | None:
        """The cell at a row and a column: 0 for a blank cell, None when the grid has no
        such row or column (the rule in the text applies there)."""
        found = next((r for r in self.rows if r.key == row), None)
        if found is None or column not in self.columns:
            return None
        return found.cells[self.columns.index(column)]

    def row(self, key: GridKey) -> GridRow | None:
        """A row by its key."""
        return next((r for r in self.rows if r.key == key), None)


RollKind = Literal[
    "to-hit",
    "wound",
    "save",
    "unpin",
    "malfunction",
    "initiative",
    "lucky-blighter",
    "medic",
    "repair",
    "prototype",
    "project",
]
"""The D6 rolls of ``model.dice_d6`` a catalog can ask the dice helper to offer."""


class ModifierSpec(Frozen):
    """A named modifier the dice helper offers for a kind of roll."""

    id: Id
    name: Text
    roll: Literal["shooting", "combat", "attribute", "wound", "save", "unpin", "initiative", "any"]
    """The roll it changes; ``shooting`` and ``combat`` are the ranged and melee rolls to
    hit, ``wound`` the Strength of a wound roll."""
    value: Int
    summary: str | None = None
    source: str | None = None


class DestroyedVP(Frozen):
    """Victory points the other side scores when a whole unit with one of these tags is
    out of the fight (Steam Wars: 2 for a vehicle, 1 for infantry)."""

    tags: frozenset[Id] = Field(min_length=1)
    vp: Int
    source: str | None = None


class VPTarget(Frozen):
    """The victory points a side needs to win, by the size of the game: ``vp`` for each
    complete ``points`` of its list's points limit (Steam Wars: 7 per 500)."""

    points: Positive
    vp: Positive
    source: str | None = None

    def for_limit(self, points_limit: int) -> int:
        return points_limit // self.points * self.vp


class VictorySpec(Frozen):
    """How the game is won and what the end-of-game summary counts."""

    points_lost: Bool = True
    """Count the points of models that went out, per side."""
    vp_name: Text = "Victory points"
    vp_short: Annotated[str, Field(min_length=1, max_length=4)] = "VP"
    """A few letters for the side's title line, where room is short."""
    destroyed: tuple[DestroyedVP, ...] = ()
    """VP per enemy unit destroyed, by its tags; the first entry whose tags it has counts
    (put vehicles before infantry, as aircraft carry ``vehicle`` and their own tag)."""
    target: VPTarget | None = None
    summary: str | None = None

    def destroyed_vp(self, tags: frozenset[str]) -> int:
        """What destroying a unit with these tags is worth (0 when no entry names one)."""
        return next((d.vp for d in self.destroyed if d.tags & tags), 0)


class Tracker(Frozen):
    """Everything the battle tracker needs to run a game of this system."""

    activation: Literal["model", "unit"] = "model"
    """What activates: each model (packs together) or each unit."""
    action_points: Value = 2
    """Actions per activation (``stat:A``)."""
    used_counter: Id = "actions-used"
    """The counter that counts the actions used this activation."""
    turns: TurnSpec
    counters: tuple[CounterSpec, ...] = ()
    actions: tuple[ActionSpec, ...] = ()
    """What a model can do in its activation."""
    damage: DamageSpec = DamageSpec()
    markers: tuple[MarkerSpec, ...] = ()
    tables: tuple[TableSpec, ...] = ()
    grids: tuple[GridSpec, ...] = ()
    modifiers: tuple[ModifierSpec, ...] = ()
    rolls: tuple[RollKind, ...] = ()
    """The D6 rolls the dice helper offers (``model.dice_d6``); none for a game whose
    rolls are those of ``model.dice``."""
    victory: VictorySpec = VictorySpec()

    def counter(self, counter_id: str) -> CounterSpec:
        """A counter by id (KeyError when unknown)."""
        for spec in self.counters:
            if spec.id == counter_id:
                return spec
        raise KeyError(counter_id)

    def grid(self, grid_id: str) -> GridSpec | None:
        """A grid by id, None when the catalog has none."""
        return next((g for g in self.grids if g.id == grid_id), None)

    def action(self, action_id: str) -> ActionSpec:
        """An action by id (KeyError when unknown)."""
        for spec in self.actions:
            if spec.id == action_id:
                return spec
        raise KeyError(action_id)
