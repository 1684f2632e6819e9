"""Designed units: unit cards a player composes, and the system's spec they follow.

Steam Wars prices every weapon, weapon special rule and model ability but publishes
no cost for the model itself, so its players design their units. A ``UnitCard``
is such a design: a model type, Resilience and wounds, and one or more groups of
models, each with the weapons and abilities every model of the group carries (a
section of four riflemen and one LMG gunner is two groups). Cards live in a
roster (``[cards.<id>]``) or in a catalog, and a roster entry names a card's id
exactly as it names a catalog unit, so the validator, the army sheet, the exports
and the tracker treat both alike (``FactionView`` turns each card into a ``Unit``).

What a card costs is worked out in ``model.catalog.card_costing`` (line by line, so the
builder can show the arithmetic) and what is wrong with one in
``model.catalog.card_problems``; this module holds the system's ``[design]`` spec and
the card itself, which every catalog file and roster may hold.

Other systems print a point value on each unit card but publish no cards
(Steampocalypse 1909): their players write the cards themselves. A ``[design]``
with ``profile = "entered"`` says so: a card then gives the system's stats as
numbers, a special ability as text (and any of the catalog's abilities, for their
tags), and the points printed on the card; what it costs is those points, as
entered. Which stats a card fills in, and their bounds, are the system's
(``CardStat``); a stat may tag the unit (a card giving an officer rank is an
``officer``) and a named card is tagged ``named``, so the list rules that
count officers and named units see designed units as they see catalog ones.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BeforeValidator, Field, field_validator, model_validator

from model.catalog.items import DataMark
from model.core.base import Bool, Frozen, FrozenMap, Id, StatId, Tag, Text, empty_map
from model.core.bounds import (
    MAX_KINDS,
    MAX_MODELS,
    MAX_STAT,
    Cost,
    Models,
    Rating,
    StatNumber,
    Wounds,
)

UnitClass = Literal["infantry", "mounted", "support", "vehicle", "aircraft", "ship"]
"""The rulebook's unit classes; aircraft and ships are vehicles too (for VP and limits)."""


class ModelType(Frozen):
    """A model type of the movement table and its part of the base cost."""

    id: Id
    name: Text
    unit_class: UnitClass
    """The class of unit a model of this type makes."""
    move: Rating
    """Move in the system's distance unit."""
    cost: Cost
    """The type's part of a model's base cost (house data where none is published)."""
    tags: frozenset[Tag] = frozenset()
    """Extra tags of units of this type."""
    source: str | None = None

    @property
    def unit_tags(self) -> frozenset[str]:
        """What a unit (or group of models) of this type is tagged: its class, its type id
        and its own tags; aircraft and ships are also vehicles (004 Victory Points)."""
        vehicle = {"vehicle"} if self.unit_class in ("aircraft", "ship") else set()
        return frozenset({self.unit_class, self.id, *vehicle}) | self.tags


def _stat_shorthand(value: Any) -> Any:
    """``"MOV"`` in a design's ``stats`` is short for ``{ id = "MOV" }``."""
    return {"id": value} if isinstance(value, str) else value


class CardStat(Frozen):
    """A stat an entered card fills in, with the values it may take."""

    id: StatId
    """One of the system's stats (``MOV``)."""
    min: StatNumber = 0
    max: StatNumber | None = None
    """The highest value; no limit when left out."""
    optional: Bool = False
    """A card may leave it out (shown ``-``): an officer rank only officers have."""
    tag: Tag | None = None
    """The tag a unit gets when its card gives this stat (``OF``: ``officer``)."""
    source: str | None = None

    @model_validator(mode="after")
    def _bounds(self) -> CardStat:
        if self.max is not None and self.min > self.max:
            raise ValueError(f"min ({self.min}) is more than max ({self.max})")
        return self

    def bounds(self) -> str:
        """The values it may take, in words: ``1 to 6``, ``0 or more``."""
        return f"{self.min} to {self.max}" if self.max is not None else f"{self.min} or more"


CardStatSpec = Annotated[
    CardStat, BeforeValidator(_stat_shorthand, json_schema_input_type=str | CardStat)
]


class DesignSpec(Frozen):
    """``[design]`` in a system file: what a designed card holds and how its cost comes.

    ``derived`` (Steam Wars): a card has a model type, Resilience, wounds and groups of
    models with weapons and abilities; base cost = the type's ``cost`` + wounds x
    ``wound_cost`` at the model's Resilience, plus what the models carry.
    ``entered`` (Steampocalypse 1909): a card gives the ``stats`` as numbers, a special
    ability as text and its points as printed on it; the points are its cost.
    """

    profile: Literal["derived", "entered"] = "derived"
    """Whether a card's cost is worked out (derived) or entered from the card (entered)."""
    data: DataMark = "house"
    """Where the base costs come from; "house" is shown as "house points" everywhere."""
    summary: Text | None = None
    """Why the table is what it is, for the details panel."""
    types: tuple[ModelType, ...] = ()
    """Derived: the model types of the movement table (at least one)."""
    wound_cost: FrozenMap[str, Cost] = Field(default_factory=empty_map)
    """Derived: cost of one wound by Resilience (TOML keys are text: ``{ "4" = 4 }``)."""
    max_wounds: Wounds = 12
    """The most wounds one designed model may have."""
    move_stat: StatId = "Move"
    res_stat: StatId = "Res"
    wounds_stat: StatId = "Wnd"
    """The system's stats a derived card's move, Resilience and wounds fill in."""
    stats: tuple[CardStatSpec, ...] = ()
    """Entered: the stats a card gives, in the order the designer asks for them
    (``"MOV"`` or ``{ id = "OF", min = 1, optional = true, tag = "officer" }``)."""
    special: Text | None = None
    """Entered: what the card's text ability is called (``SP``); none when left out."""
    named_tag: Tag = "named"
    """Entered: the tag of a card marked ``named`` (one copy per army, by a list rule)."""
    source: str | None = None

    @model_validator(mode="after")
    def _keys(self) -> DesignSpec:
        for key in self.wound_cost:
            if not key.isdigit() or len(key) > len(str(MAX_STAT)):  # read with int() below
                shown = key if len(key) <= 20 else key[:17] + "..."
                raise ValueError(
                    f"wound_cost keys are Resilience values (0 to {MAX_STAT}), not {shown!r}"
                )
        ids = [t.id for t in self.types]
        twice = sorted({i for i in ids if ids.count(i) > 1})
        if twice:
            raise ValueError(f"model type ids used twice: {', '.join(twice)}")
        stat_ids = [s.id for s in self.stats]
        twice = sorted({i for i in stat_ids if stat_ids.count(i) > 1})
        if twice:
            raise ValueError(f"stats named twice: {', '.join(twice)}")
        if self.profile == "derived":
            if not self.types or not self.wound_cost:
                raise ValueError(
                    'a derived profile needs types and wound_cost (or profile = "entered")'
                )
            if self.stats or self.special:
                raise ValueError('stats and special are for entered cards: add profile = "entered"')
        else:
            if not self.stats:
                raise ValueError("an entered profile needs the stats a card gives")
            if self.types or self.wound_cost:
                raise ValueError(
                    "types and wound_cost price derived cards; an entered card gives its points"
                )
        return self

    @property
    def entered(self) -> bool:
        """Whether cards give their stats and points (rather than having them worked out)."""
        return self.profile == "entered"

    def type(self, type_id: str | None) -> ModelType | None:
        """A model type by id."""
        return next((t for t in self.types if t.id == type_id), None)

    def stat(self, stat_id: str) -> CardStat | None:
        """An entered card's stat by id."""
        return next((s for s in self.stats if s.id == stat_id), None)

    @property
    def resiliences(self) -> tuple[int, ...]:
        """The Resilience values the table prices, lowest first."""
        return tuple(sorted(int(k) for k in self.wound_cost))

    @property
    def unit_tags(self) -> frozenset[str]:
        """Every tag a designed unit of this system may have, for the catalog check
        (a list rule selecting ``officer`` in a catalog with no units is no typo)."""
        tags: set[str] = {"designed"}
        if self.entered:
            tags.add(self.named_tag)
            tags |= {s.tag for s in self.stats if s.tag}
        else:
            tags.add("unarmed")
            for mtype in self.types:
                tags |= mtype.unit_tags
        return frozenset(tags)

    def card_tags(self, card: UnitCard) -> frozenset[str]:
        """The tags an entered card gives its unit: each given stat's tag, ``named``."""
        tags = {s.tag for s in self.stats if s.tag and s.id in card.stats}
        if card.named:
            tags.add(self.named_tag)
        return frozenset(tags)


class ModelGroup(Frozen):
    """Models of a card that share a profile and a loadout."""

    name: Text | None = None
    """What the models are called ("Sergeant", "Gunner"); the card's name otherwise."""
    count: Models = 1
    type: Id | None = None
    """The model type; the card's when left out (a support unit's crew are ``troops``)."""
    res: StatNumber | None = None
    """Resilience; the card's when left out."""
    wounds: Wounds | None = None
    """Wounds of each model; the card's when left out."""
    weapons: tuple[Id, ...] = Field(default=(), max_length=MAX_KINDS)
    """Weapons each model carries; repeat an id for two."""
    abilities: tuple[Id, ...] = Field(default=(), max_length=MAX_KINDS)
    """Model abilities of each model."""
    upgrades: FrozenMap[Id, tuple[Id, ...]] = Field(default_factory=empty_map)
    """Special rules added to a weapon of this group (weapon id -> rule ids)."""


class UnitCard(Frozen):
    """A designed unit.

    Derived cards (Steam Wars) have a type, a profile and groups of models; entered
    cards (Steampocalypse 1909) have ``stats``, ``points``, ``special`` and ``named``
    instead. Which a card must be is its system's ``[design]`` ``profile``; a card with
    the other kind's keys is reported by ``card_problems``, with where it is."""

    name: Text
    type: Id | None = None
    """Derived: the model type that gives the unit its class (an artillery piece: a
    support unit)."""
    res: StatNumber | None = Field(default=None, ge=1)
    """Derived: Resilience."""
    wounds: Wounds = 1
    models: tuple[ModelGroup, ...] = ()
    """Derived: the groups of models (at least one)."""
    stats: FrozenMap[StatId, StatNumber] = Field(default_factory=empty_map)
    """Entered: the profile as written on the card (``{ MOV = 4, HPT = 3 }``)."""
    points: Cost | None = None
    """Entered: the unit's points as printed on the card (Steampocalypse: its PV)."""
    special: Text | None = None
    """Entered: the special ability, as the card words it."""
    abilities: tuple[Id, ...] = Field(default=(), max_length=MAX_KINDS)
    """Entered: abilities of the catalog the unit has (Reach), so their tags and
    summaries come with it; ``special`` holds what the catalog has no item for."""
    named: Bool = False
    """Entered: a uniquely named unit (one copy per army)."""
    summary: str | None = None
    data: DataMark = "house"
    """``example`` for the rulebook's sample profiles; designed cards are ``house``."""
    source: str | None = None

    @field_validator("models")
    @classmethod
    def _models_in_all(cls, models: tuple[ModelGroup, ...]) -> tuple[ModelGroup, ...]:
        """A card is one roster entry: its groups together have at most an entry's models
        (a battle snapshots each, and the builder sets the entry's ``models`` to them)."""
        total = sum(g.count for g in models)
        if total > MAX_MODELS:
            raise ValueError(
                f"{total} models in all; a card has at most {MAX_MODELS}: lower the groups' counts"
            )
        return models

    @property
    def groups(self) -> tuple[ModelGroup, ...]:
        """The groups of models; an entered card is one model, with its abilities."""
        return self.models or (ModelGroup(abilities=self.abilities),)

    @property
    def model_count(self) -> int:
        return sum(g.count for g in self.groups)

    @property
    def derived_keys(self) -> tuple[str, ...]:
        """The keys only derived cards have that this card gives."""
        keys = (("type", self.type), ("res", self.res), ("models", self.models))
        out = [k for k, v in keys if v]
        return (*out, "wounds") if self.wounds != 1 else tuple(out)

    @property
    def entered_keys(self) -> tuple[str, ...]:
        """The keys only entered cards have that this card gives."""
        keys = (
            ("stats", self.stats),
            ("points", self.points is not None),
            ("special", self.special),
            ("abilities", self.abilities),
            ("named", self.named),
        )
        return tuple(k for k, v in keys if v)
