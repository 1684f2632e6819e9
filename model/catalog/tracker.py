"""The ``[tracker]`` section of a catalog: what the battle tracker needs to know.

Every game tracks the same kinds of things at the table (whose turn it is, what a
model has done, what state it is in, what is on the table, the game's tables)
but with different rules. Those rules are data here, so the engine in
``model.battle.battle`` has no code path per game:

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

from functools import cached_property
from typing import Annotated, Literal

from pydantic import Field, model_validator

from model.catalog.selectors import Selector
from model.core.base import Bool, Frozen, FrozenMap, Id, Positive, StatId, Text, empty_map
from model.core.bounds import (
    CounterValue,
    Dice,
    Points,
    RollValue,
    StatNumber,
    Tally,
    TurnLimit,
    VictoryPoints,
)

Expr = Annotated[str, Field(pattern=r"^(stat|now|item|tag|unit):[A-Za-z0-9_-]+$")]
"""A value read from the model: ``stat:A`` (as printed, with lasting modifiers),
``now:DEF`` (as it is now, counters included), ``item:bullet``, ``tag:reload``, or
``unit:standing`` (the figures of its unit still in the fight; a model tagged
``figures:2`` counts as two)."""

DiceText = Annotated[str, Field(pattern=r"^[1-9]?d(3|6|10)$")]
"""Dice rolled when a table's result is applied: ``1d6`` turns of no power."""

Value = CounterValue | Expr
"""A number, or an expression giving one per model."""

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


class Phase(Frozen):
    """One phase of a turn."""

    id: Id
    name: Text
    activations: Bool = False
    """Whether units activate in this phase."""
    order: Literal["free", "alternating"] = "free"
    """With activations: in any order, or sides alternating from the side that won the
    turn's roll-off (a side may retain the initiative and act again)."""
    reminder: Text | None = None
    """What the players do in this phase, shown while it lasts."""
    summary: str | None = None


class InitiativeSpec(Frozen):
    """The roll for who goes first each turn, shown as a reminder as the turn starts."""

    dice: Dice = "1d6"
    over_limit: RollValue = 0
    """The change to the roll of a side whose list is over its points limit (Steam Wars
    allows going over by less than the cheapest model, at -1 to every initiative roll)."""
    reminder: Text = "roll for initiative: the highest roll goes first"
    setting: Id | None = None
    """A roster setting each side adds to its roll (Reikhammer: ``strategy-rating``)."""
    ties: Literal["reroll", "previous-loser"] = "reroll"
    """What a tie does: roll again, or go to the side that lost the last roll-off (rolled
    again when there was none)."""
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
    turn_limit: TurnLimit = 6
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


class RowEffect(Frozen):
    """What a table's result or a test's outcome does to the model it is applied to:
    a change to one of its counters (the unit's, the side's, by the counter's scope)."""

    counter: Id
    op: Literal["add", "remove", "set", "clear", "halve"] = "add"
    """``remove`` takes the value away (never below 0); ``halve`` removes half of the
    value, rounding the half removed up (rally: 3 Shock become 1)."""
    value: CounterValue | DiceText | Literal["given"] = 1
    """A number; dice rolled as the result is applied (``1d6`` to SUSTAIN); or
    ``given``: a number the roll gives (the defence dice a unit spent)."""
    at_least: RollValue | None = None
    """A rolled value below this counts as this (a roll of 1 counts as 2)."""
    divide: Positive | None = None
    """A rolled value is divided by this, rounding down (d10 / 2 figures flee)."""
    if_set: Id | None = None
    """Only when this counter is set on the same target (a broken formation that fails
    its rally withdraws)."""
    if_tags: frozenset[Id] = frozenset()
    """Only for a model with one of these tags (irregulars mill around on a morale 2)."""


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


class TableRow(Frozen):
    """One row of a lookup or dice table: a range and its result."""

    min: RollValue | None = None
    max: RollValue | None = None
    result: Text
    value: RollValue | None = None
    """A number the result gives, when it gives one (a fall's Strength)."""
    effects: tuple[RowEffect, ...] = ()
    """What the result does to the model it is applied to."""
    then: Id | None = None
    """Another table to roll on now ("roll on Penetrating Hit")."""
    test: Id | None = None
    """A test to roll now ("roll an extra SUSTAIN roll immediately")."""


class TableSpec(Frozen):
    """A table of the game: rolled on (``dice``) or looked up by a value (``lookup``)."""

    id: Id
    name: Text
    dice: Dice | None = None
    lookup: Text | None = None
    """What is looked up, e.g. "Height fallen (inches)"."""
    rows: tuple[TableRow, ...]
    units: Selector | None = None
    """Which models it is applied to (vehicles); all when left out."""
    column: Text | None = None
    """The column of the sheet's table this is, when a sheet prints several side by side
    (vehicle hits: non-penetrating, penetrating, catastrophic)."""
    source: str | None = None

    @property
    def applies(self) -> bool:
        """Whether any row changes the model it is applied to or leads to another roll."""
        return any(r.effects or r.then or r.test for r in self.rows)

    def row_for(self, value: int) -> TableRow | None:
        """The row whose range holds ``value``."""
        for row in self.rows:
            if (row.min is None or value >= row.min) and (row.max is None or value <= row.max):
                return row
        return None


GridKey = RollValue | Id
"""A row or column of a grid: a number (Resilience 4) or an id (``soft``)."""


class GridRow(Frozen):
    """One row of a grid: its key and one cell per column."""

    key: GridKey
    cells: tuple[RollValue, ...]
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


class TestSpec(Frozen):
    """A test of the game: dice against a number, then what passing or failing does.

    One die against a stat (the colonial sheet's SUSTAIN roll, Reikhammer's action test)
    or a pool of dice counting hits (Steampocalypse's WIL roll needing 2 HITs of 5+).
    A number of dice or a target left out is asked of the player (a volley's ROF x firers,
    a weapon's AP value)."""

    id: Id
    name: Text
    sides: Literal[6, 10] = 6
    count: Value | Literal["asked"] = 1
    """How many dice; ``asked``: the player gives it (a volley's ROF x firers)."""
    target: Value | None = None
    """The number each die is read against (``stat:SUSTAIN``); None asks the player.
    Ignored by a pool with ``hit``."""
    passes: Literal["at-most", "at-least"] = "at-most"
    """Whether a die at or below the target succeeds (roll-under), or at or above."""
    hit: RollValue | None = None
    """For pools: a die at least this is a success whatever the target (a HIT is 5+)."""
    successes: Positive = 1
    """Successes needed to pass."""
    modify: Literal["target", "roll"] = "target"
    """What modifiers change: the number needed (a Shoot number of 6, -2 moving) or
    each die (armour saves: -6 against a rifle)."""
    modifiers: Id | None = None
    """The kind of ``[[tracker.modifiers]]`` offered (``roll`` of the modifier)."""
    units: Selector | None = None
    """Which models take it (vehicles); all when left out."""
    on_pass: tuple[RowEffect, ...] = ()
    on_fail: tuple[RowEffect, ...] = ()
    pass_table: Id | None = None
    """A table rolled after a pass (a vehicle's armour save held: the Dent column)."""
    fail_table: Id | None = None
    """A table rolled after a failure (morale: the failure table)."""
    defended_by: Id | None = None
    """The test the model attacked rolls against this one: each of its successes cancels
    one of this test's, and what is left is wounds (Steampocalypse 1909: attack HITs
    against the defence dice the defender chooses from its pool)."""
    applies_to: Literal["tested", "target"] = "tested"
    """Whose counters the outcome changes: the model tested, or the one it is aimed at
    (Reikhammer's shooting: the formation shot at takes the Shock). With ``target`` the
    dice helper asks for both: the tested model's modifiers, the target's effects."""
    leads_to: tuple[Id, ...] = ()
    """Tests the target takes, one for each success (a hit on a vehicle: its armour save):
    the first whose ``units`` take the target. The dice helper offers it next, for that
    target, with the number of successes."""
    phases: tuple[Id, ...] = ()
    """The phases it is rolled in (Reikhammer's action test: the Action Phase); every
    phase when left out."""
    pass_text: Text = "passed"
    fail_text: Text = "failed"
    summary: str | None = None
    source: str | None = None

    @model_validator(mode="after")
    def _pool(self) -> TestSpec:
        if self.hit is not None and not 1 <= self.hit <= self.sides:
            raise ValueError(f"a hit of {self.hit} cannot be rolled on a d{self.sides}")
        return self


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
"""The D6 rolls of ``model.rolls.dice_d6`` a catalog can ask the dice helper to offer."""


class ModifierSpec(Frozen):
    """A named modifier the dice helper offers for a kind of roll."""

    id: Id
    name: Text
    roll: Id
    """The roll it changes: ``shooting`` and ``combat`` are the ranged and melee rolls to
    hit, ``wound`` the Strength of a wound roll, ``any`` every roll; a test names its
    own kind (``morale``, ``armour-save``)."""
    value: RollValue
    counters: tuple[Id, ...] = ()
    """Counters of the model tested that apply it by themselves: once while any is set,
    or ``per`` their total (the tracker ticks it; the player can untick it)."""
    per: Positive | None = None
    """With counters: the modifier counts once for every ``per`` points of their total
    (-1 for each 3 points of attribute lost)."""
    tags: frozenset[Id] = frozenset()
    """Tags of the model tested that apply it by themselves (a Green unit)."""
    summary: str | None = None
    source: str | None = None


class DestroyedVP(Frozen):
    """Victory points the other side scores when a whole unit with one of these tags is
    out of the fight (Steam Wars: 2 for a vehicle, 1 for infantry)."""

    tags: frozenset[Id] = Field(min_length=1)
    vp: VictoryPoints
    source: str | None = None


class VPTarget(Frozen):
    """The victory points a side needs to win, by the size of the game: ``vp`` for each
    complete ``points`` of its list's points limit (Steam Wars: 7 per 500)."""

    points: Points
    vp: Positive
    source: str | None = None

    def for_limit(self, points_limit: int) -> int:
        return points_limit // self.points * self.vp


class VictorySpec(Frozen):
    """How the game is won and what the end-of-game summary counts."""

    points_lost: Bool = True
    """Count the points of models that went out, per side."""
    scored: Bool = True
    """False for a game without victory points (Steampocalypse 1909: a side whose
    officers are all down has lost): the tracker, ``battle show`` and the report leave
    them out and there is nothing to score."""
    vp_name: Text = "Victory points"
    vp_short: Annotated[str, Field(min_length=1, max_length=4)] = "VP"
    """A few letters for the side's title line, where room is short."""
    destroyed: tuple[DestroyedVP, ...] = ()
    """VP per enemy unit destroyed, by its tags; the first entry whose tags it has counts
    (put vehicles before infantry, as aircraft carry ``vehicle`` and their own tag)."""
    target: VPTarget | None = None
    lose_without: Id | None = None
    """A tag: a side whose every model with it is out of the fight has lost
    (Steampocalypse 1909: all of a side's officers are down)."""
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
    tests: tuple[TestSpec, ...] = ()
    """Tests the dice helper rolls and the tracker applies."""
    rolls: tuple[RollKind, ...] = ()
    """The D6 rolls the dice helper offers (``model.rolls.dice_d6``); none for a game whose
    rolls are those of ``model.rolls.dice``."""
    victory: VictorySpec = VictorySpec()

    def table(self, table_id: str) -> TableSpec | None:
        """A table by id, None when the catalog has none."""
        return next((t for t in self.tables if t.id == table_id), None)

    def test(self, test_id: str) -> TestSpec | None:
        """A test by id, None when the catalog has none."""
        return next((t for t in self.tests if t.id == test_id), None)

    def counter(self, counter_id: str) -> CounterSpec:
        """A counter by id (KeyError when unknown)."""
        return self.counters_by_id[counter_id]

    @cached_property
    def counters_by_id(self) -> dict[str, CounterSpec]:
        """The counters by id, the first of an id where two share it: the fold asks
        for a counter's rules hundreds of times per event."""
        found: dict[str, CounterSpec] = {}
        for spec in self.counters:
            found.setdefault(spec.id, spec)
        return found

    @cached_property
    def standing_ids(self) -> frozenset[str]:
        """Counters that keep an actor from activating (``stands``)."""
        return frozenset(i for i, spec in self.counters_by_id.items() if spec.stands)

    @cached_property
    def out_ids(self) -> frozenset[str]:
        """Counters other than the damage's that put a model out of the fight (``out``)."""
        damage = self.damage.out_counter
        return frozenset(i for i, spec in self.counters_by_id.items() if spec.out and i != damage)

    def grid(self, grid_id: str) -> GridSpec | None:
        """A grid by id, None when the catalog has none."""
        return next((g for g in self.grids if g.id == grid_id), None)

    def action(self, action_id: str) -> ActionSpec:
        """An action by id (KeyError when unknown)."""
        for spec in self.actions:
            if spec.id == action_id:
                return spec
        raise KeyError(action_id)
