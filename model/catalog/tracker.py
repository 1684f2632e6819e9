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

This module holds the section itself (``Tracker``); its parts live apart, each read by
its own part of the engine: ``model.catalog.tracker_turns`` (turns),
``model.catalog.tracker_counters`` (counters, actions, damage, markers),
``model.catalog.tracker_rolls`` (tables, grids, tests, modifiers, rolls) and
``model.catalog.tracker_victory`` (victory).
"""

from __future__ import annotations

from functools import cached_property
from typing import Literal

from model.catalog.tracker_counters import ActionSpec, CounterSpec, DamageSpec, MarkerSpec
from model.catalog.tracker_effects import Value
from model.catalog.tracker_rolls import GridSpec, ModifierSpec, RollKind, TableSpec, TestSpec
from model.catalog.tracker_turns import TurnSpec
from model.catalog.tracker_victory import VictorySpec
from model.core.base import Frozen, Id


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
    damage: DamageSpec = DamageSpec.model_construct()
    markers: tuple[MarkerSpec, ...] = ()
    tables: tuple[TableSpec, ...] = ()
    grids: tuple[GridSpec, ...] = ()
    modifiers: tuple[ModifierSpec, ...] = ()
    tests: tuple[TestSpec, ...] = ()
    """Tests the dice helper rolls and the tracker applies."""
    rolls: tuple[RollKind, ...] = ()
    """The D6 rolls the dice helper offers (``model.rolls.d6``); none for a game whose
    rolls are those of ``model.rolls.dice``."""
    victory: VictorySpec = VictorySpec.model_construct()

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
