"""A catalog's units: a troop type's profile, cost and models per entry, and the option
groups it buys from, with each choice's price for that unit.

Apart from the files that declare them and the faction view that merges them: a roster's
loadouts and the catalog checks read units and their options, never the whole catalog.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BeforeValidator, Field, model_validator

from model.catalog.items import DataMark, RuleRef
from model.core.base import Bool, Frozen, FrozenMap, Id, StatId, Tag, Text
from model.core.bounds import MAX_KINDS, Cost, Models, PerModel, StatNumber
from model.rules.selectors import Selector


def _choice_shorthand(value: Any) -> Any:
    """``mace = 5`` in a choices table is short for ``mace = { cost = 5 }``."""
    if isinstance(value, int) and not isinstance(value, bool):
        return {"cost": value}
    return value


class Choice(Frozen):
    """One item a unit may take from an option group, at this unit's price."""

    cost: Cost | None = None
    """Price for this unit; the item's default cost when left out."""
    max: PerModel = 1
    """How many of it one model may take."""
    unlimited: Bool = False
    """Any number may be taken (bullets); TOML has no "none", so this overrides ``max``."""
    rules: tuple[RuleRef, ...] = ()
    """Extra special rules the item has when this unit takes it (Mutards' rusty blades)."""

    @property
    def limit(self) -> int | None:
        """How many one model may take, or None for no limit."""
        return None if self.unlimited else self.max


ChoiceSpec = Annotated[
    Choice, BeforeValidator(_choice_shorthand, json_schema_input_type=Cost | Choice)
]


class OptionGroup(Frozen):
    """A list of items to choose from, between ``min`` and ``max`` of them per model."""

    id: Id
    name: Text
    """Shown as the group's heading, e.g. "Weapons"."""
    min: PerModel = 0
    max: PerModel | None = None
    """At most this many items in total from the group per model; no limit when left out."""
    choices: FrozenMap[Id, ChoiceSpec]
    """Item id to this unit's price (``mace = 5``) or a full choice table."""
    replaces: tuple[Id, ...] = ()
    """Base items dropped when anything from this group is taken (armour upgrades)."""
    units: Selector | None = None
    """For groups declared by a system or faction: which units are offered the group."""
    source: str | None = None

    @model_validator(mode="after")
    def _bounds(self) -> OptionGroup:
        if self.max is not None and self.min > self.max:
            raise ValueError(f"min ({self.min}) is more than max ({self.max})")
        return self


class ModelRange(Frozen):
    """How many models one roster entry of a unit may have."""

    min: Models = 1
    max: Models = 1

    @model_validator(mode="after")
    def _bounds(self) -> ModelRange:
        if self.min > self.max:
            raise ValueError(f"min ({self.min}) is more than max ({self.max})")
        return self


StatValue = StatNumber | Literal["-"]
"""A profile value; ``-`` marks a stat the model cannot use."""


class Unit(Frozen):
    """A troop type: its profile, cost per model, equipment and options."""

    name: Text
    cost: Cost
    """Cost of one model, including its base equipment."""
    stats: FrozenMap[StatId, StatValue]
    """Profile by stat short name, in the system's order."""
    models: ModelRange = ModelRange.model_construct()
    """Models per roster entry (a pack of 2 to 5 addlers)."""
    base: tuple[Id, ...] = Field(default=(), max_length=MAX_KINDS)
    """Items every model comes with, free; repeat an id to carry two."""
    rules: tuple[RuleRef, ...] = ()
    """Special rules of the unit."""
    tags: frozenset[Tag] = frozenset()
    """Tags for list rules: ``chief``, ``unique``, ``mercenary``, ``officer`` ..."""
    options: tuple[OptionGroup, ...] = ()
    """What this unit may buy, with its own prices."""
    summary: str | None = None
    data: DataMark = "published"
    gaps: str | None = None
    """What the sources do not give for this unit; shown to the user."""
    source: str | None = None


def unit_is_marked(unit: Unit) -> bool:
    """True when a unit's figures are not (all) published and the UI must say so."""
    return unit.data != "published" or unit.gaps is not None
