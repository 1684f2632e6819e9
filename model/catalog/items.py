"""The things a model can carry or have: weapons, armour, gear and traits.

Every game system prices and profiles its equipment differently, so an item
holds a free-form ``profile`` keyed by the stat names its system declares
(``C``, ``Pen``, ``S`` in Punkapocalyptic; ``RoA``, ``Dmg`` in Steam Wars), and a
``kind`` that the validator can select on. Special rules are referenced by id,
with a parameter in brackets where the rule takes one (``poison(2)``).
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from model.core.base import Bool, Frozen, FrozenMap, Id, StatId, Tag, Text, empty_map
from model.core.bounds import (
    MAX_KINDS,
    Cost,
    CostChange,
    Distance,
    Percent,
    Rating,
    StatDecimal,
    StatNumber,
)

RuleRef = Annotated[
    str, Field(pattern=r"^[a-z0-9]+(-[a-z0-9]+)*(\([^()]{1,16}\))?$", max_length=80)
]
"""A special rule id, optionally with its parameter: ``rare``, ``poison(2)``, ``fuel(5)``."""

ProfileScalar = StatNumber | StatDecimal | str
ProfileValue = ProfileScalar | tuple[ProfileScalar, ...]
"""One profile entry: a number, a printed modifier (``"+2"``, ``"S-1"``), or one value
per range band (``[7, 6, 5]``)."""

DataMark = Literal["published", "house", "example"]
"""Where a figure comes from: the published rules, a house rule, or an example card."""


def rule_id(ref: str) -> str:
    """The id part of a rule reference: ``poison(2)`` -> ``poison``."""
    return ref.split("(", 1)[0]


def rule_parameter(ref: str) -> str | None:
    """The parameter of a rule reference: ``poison(2)`` -> ``"2"``."""
    if "(" not in ref:
        return None
    return ref.split("(", 1)[1].rstrip(")")


class ItemBase(Frozen):
    """Fields every kind of item shares."""

    name: Text
    """The name as printed in the rules."""
    cost: Cost | None = None
    """Default cost of one; a unit's option list may charge differently. None where no
    figure is published or the item is never bought on its own."""
    rules: tuple[RuleRef, ...] = ()
    """Special rules of the item, by id."""
    tags: frozenset[Tag] = frozenset()
    """Mechanical tags beyond those its rules carry."""
    includes: tuple[Id, ...] = Field(default=(), max_length=MAX_KINDS)
    """Items that come with this one at no cost (a Zapper comes with its electric suit)."""
    modifiers: FrozenMap[StatId, StatNumber] = Field(default_factory=empty_map)
    """Permanent changes to the bearer's stats, e.g. ``{ S = 2 }`` for a mutation."""
    summary: str | None = None
    """What the item does, in our own words."""
    data: DataMark = "published"
    """Where the figures come from; anything but "published" is shown with a mark."""
    gaps: str | None = None
    """What the sources do not give for this item; shown to the user."""
    source: str | None = None
    """Where the figures come from (document and section)."""


class Weapon(ItemBase):
    """A close combat, ranged or thrown weapon."""

    kind: Literal["weapon"]
    use: Literal["melee", "ranged", "thrown"]
    """How it is used; thrown weapons are ranged weapons that use the thrower."""
    range: tuple[Distance, ...] = ()
    """Range band limits in the system's distance unit (short, medium, long)."""
    range_formula: Text | None = None
    """The range when it is not fixed bands, as printed, e.g. ``S x 2``."""
    profile: FrozenMap[StatId, ProfileValue] = Field(default_factory=empty_map)
    """Profile values by stat short name; a list gives one value per range band."""


class Armour(ItemBase):
    """Worn protection with an armour value."""

    kind: Literal["armour"]
    armour: Rating
    """The armour value added to toughness."""
    against: FrozenMap[Tag, tuple[Rating, ...]] = Field(default_factory=empty_map)
    """Better values against weapons with a tag, one per range band (vest vs firearm)."""


class Gear(ItemBase):
    """Equipment and ammunition: things carried that are neither weapon nor armour."""

    kind: Literal["equipment", "ammunition"]
    profile: FrozenMap[StatId, ProfileValue] = Field(default_factory=empty_map)
    """Any numbers the item has (a shield's armour bonus, a drum's hit)."""


class Trait(ItemBase):
    """Something a model is or can do rather than carries: mutations, powers, abilities."""

    kind: Literal["mutation", "power", "ability"]
    use: Literal["melee", "ranged", "thrown"] | None = None
    """Set when the trait attacks (a mutard's thorns), as for a weapon."""
    range: tuple[Distance, ...] = ()
    """Range band limits when the trait attacks at range."""
    profile: FrozenMap[StatId, ProfileValue] = Field(default_factory=empty_map)
    """Profile values when the trait attacks."""
    cost: CostChange | None = None
    """Default cost of one; may be negative (Steam Wars: Non-Combatant -5)."""
    percent: Percent | None = None
    """A cost change in percent of the model's cost (Steam Wars: Mechanical -25)."""
    percent_when: Literal["always", "unarmed"] = "always"
    """When ``percent`` applies: always, or only to a model with no weapon (an unarmed
    Transport costs 50% less)."""
    once_per_game: Bool = False
    """The trait can be used once per game (the tracker keeps the count)."""


Item = Annotated[Weapon | Armour | Gear | Trait, Field(discriminator="kind")]
"""Any item, told apart by its ``kind``."""
