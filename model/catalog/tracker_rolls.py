"""The rolls of a catalog's [tracker]: the game's tables and two-way grids, its tests
(dice against a number, then what passing or failing does), the modifiers the dice
helper offers and the D6 rolls it knows.

Apart from the counters and turns: these are what the dice helper and the game's rolls
read; the battle engine only applies a result's counter changes.
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field, model_validator

from model.catalog.tracker_effects import RowEffect, Value
from model.core.base import Frozen, Id, Text
from model.core.bounds import Dice, Positive, RollValue
from model.rules.selectors import Selector


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
"""The D6 rolls of ``model.rolls.d6`` a catalog can ask the dice helper to offer."""


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
    actions: tuple[Id, ...] = ()
    """Actions that apply it by themselves once the model's unit took one in its
    activation under way (a Charge: +1 to hit and ST +1 in the melee); the tracker ticks
    it, the player can untick it."""
    summary: str | None = None
    source: str | None = None
