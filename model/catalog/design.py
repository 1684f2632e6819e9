"""Designed units: unit cards a player composes, and what they cost.

Steam Wars prices every weapon, weapon special rule and model ability but publishes
no cost for the model itself, so its players design their units. A ``UnitCard``
is such a design: a model type, Resilience and wounds, and one or more groups of
models, each with the weapons and abilities every model of the group carries (a
section of four riflemen and one LMG gunner is two groups). Cards live in a
roster (``[cards.<id>]``) or in a catalog, and a roster entry names a card's id
exactly as it names a catalog unit, so the validator, the army sheet, the exports
and the tracker treat both alike (``FactionView`` turns each card into a ``Unit``).

What a card costs is worked out here, line by line, so the builder can show the
arithmetic: each model costs its base (from the system's ``[design]`` table, house
data where no figure is published) plus its weapons (with any special rules added
to them) plus its abilities, and percentage abilities (Mechanical -25%, an unarmed
Transport -50%) then change that model's total; a percentage rule added to a weapon
(One Shot -75%) changes that weapon's cost. Fractions are rounded up, per model.

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

import math
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Annotated, Any, Literal

from pydantic import BeforeValidator, Field, field_validator, model_validator

from model.catalog.items import DataMark, Item, Trait, Weapon
from model.core.base import (
    Bool,
    Frozen,
    FrozenMap,
    Id,
    StatId,
    Tag,
    Text,
    empty_map,
)
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
from model.core.problems import Problem, did_you_mean

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


# --- costing ------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class GroupCost:
    """What one model of a group costs, and how."""

    group: ModelGroup
    name: str
    type: ModelType | None
    """None for an entered card (it has no model type)."""
    res: int | None
    wounds: int
    per_model: int
    lines: tuple[str, ...]
    """The arithmetic, one line per step, for the details panel."""

    @property
    def total(self) -> int:
        return self.per_model * self.group.count


@dataclass(frozen=True, slots=True)
class Costing:
    """A card's cost, group by group."""

    groups: tuple[GroupCost, ...]

    @property
    def total(self) -> int:
        return sum(g.total for g in self.groups)

    @property
    def cheapest_model(self) -> int:
        return min(g.per_model for g in self.groups)

    def lines(self) -> tuple[str, ...]:
        """The whole arithmetic: each group's lines, then the card's total."""
        out: list[str] = []
        for g in self.groups:
            out.extend(g.lines)
        parts = " + ".join(f"{g.total}" for g in self.groups)
        out.append(f"Unit: {parts} = {self.total}" if len(self.groups) > 1 else "")
        return tuple(line for line in out if line)


@dataclass(frozen=True, slots=True)
class CardProblem:
    """Something in a card that no catalog defines; ``path`` is inside the card."""

    message: str
    path: tuple[str | int, ...]
    unknown: str | None = None
    """The unknown id, for a "did you mean"."""
    choices: tuple[str, ...] = ()
    """The ids it may be."""

    def problem(self, card_id: str) -> Problem:
        """As a problem of the file holding the card: the key path from the file's top
        and, for an unknown id, "did you mean" or the ids it may be."""
        hint = None
        if self.unknown:
            hint = did_you_mean(self.unknown, self.choices)
            if hint is None and self.choices:
                more = ", ..." if len(self.choices) > 12 else ""
                hint = "known: " + ", ".join(self.choices[:12]) + more
        return Problem(self.message, path=("cards", card_id, *self.path), hint=hint)


def _ids_of(items: Mapping[str, Item], kind: str) -> tuple[str, ...]:
    return tuple(i for i, item in items.items() if item.kind == kind)


def card_problems(
    spec: DesignSpec | None,
    card: UnitCard,
    items: Mapping[str, Item],
    rule_costs: Mapping[str, RuleCost],
    points_name: str = "points",
) -> list[CardProblem]:
    """Every id in a card that the catalog does not define, and impossible values.

    ``points_name`` is what the system calls its points (``PV``), for the messages."""
    if spec is None:
        return [CardProblem("this game system has no unit designer", ("type",))]
    if spec.entered:
        return entered_problems(spec, card, items, points_name)
    problems: list[CardProblem] = [
        CardProblem(
            f"'{key}' is for systems whose cards give their stats and points; "
            "this system works a card's cost out from its models",
            (key,),
        )
        for key in card.entered_keys
    ]
    type_ids = tuple(t.id for t in spec.types)
    weapons, abilities = _ids_of(items, "weapon"), _ids_of(items, "ability")
    if card.type is None:
        problems.append(
            CardProblem(f"no model type: give type = one of {', '.join(type_ids)}", ("type",))
        )
    if card.res is None:
        known = spec.resiliences
        problems.append(CardProblem(f"no Resilience (res = {known[0]} to {known[-1]})", ("res",)))
    if not card.models:
        problems.append(
            CardProblem("no models: a card has at least one [[...models]] group", ("models",))
        )

    def check_type(type_id: str | None, path: tuple[str | int, ...]) -> None:
        if type_id is not None and spec.type(type_id) is None:
            problems.append(CardProblem(f"unknown model type '{type_id}'", path, type_id, type_ids))

    def check_res(res: int | None, path: tuple[str | int, ...]) -> None:
        if res is None:
            return
        if str(res) not in spec.wound_cost:
            known = spec.resiliences
            problems.append(
                CardProblem(
                    f"Resilience {res} is not in the base cost table ({known[0]} to {known[-1]})",
                    path,
                )
            )

    check_type(card.type, ("type",))
    check_res(card.res, ("res",))
    for n, group in enumerate(card.models, start=1):
        at: tuple[str | int, ...] = ("models", n)
        if group.type is not None:
            check_type(group.type, (*at, "type"))
        if group.res is not None:
            check_res(group.res, (*at, "res"))
        wounds = group.wounds or card.wounds
        if wounds > spec.max_wounds:
            problems.append(
                CardProblem(
                    f"{wounds} wounds; a model has at most {spec.max_wounds}", (*at, "wounds")
                )
            )
        for w in group.weapons:
            if w not in weapons:
                problems.append(CardProblem(f"unknown weapon '{w}'", (*at, "weapons"), w, weapons))
        for a in group.abilities:
            if a not in abilities:
                problems.append(
                    CardProblem(f"unknown ability '{a}'", (*at, "abilities"), a, abilities)
                )
        for w, added in group.upgrades.items():
            if w not in group.weapons:
                problems.append(
                    CardProblem(
                        f"'{w}' is upgraded but the models do not carry it",
                        (*at, "upgrades", w),
                    )
                )
            for r in added:
                if r not in rule_costs:
                    problems.append(
                        CardProblem(
                            f"unknown weapon special rule '{r}'",
                            (*at, "upgrades", w),
                            r,
                            tuple(rule_costs),
                        )
                    )
    return problems


def entered_problems(
    spec: DesignSpec, card: UnitCard, items: Mapping[str, Item], points_name: str
) -> list[CardProblem]:
    """What an entered card lacks or gets wrong: a stat of the profile left out or out
    of its bounds, a stat the system's cards do not have, an ability the catalog does
    not define, no points, keys of derived cards."""
    problems = [
        CardProblem(
            f"'{key}' is for systems that work a card's cost out from its models; "
            f"this system's cards give their stats and {points_name}",
            (key,),
        )
        for key in card.derived_keys
    ]
    declared = tuple(s.id for s in spec.stats)
    for stat in spec.stats:
        value = card.stats.get(stat.id)
        at: tuple[str | int, ...] = ("stats", stat.id)
        if value is None:
            if not stat.optional:
                problems.append(CardProblem(f"no {stat.id}: the card gives every stat", at))
        elif value < stat.min or (stat.max is not None and value > stat.max):
            problems.append(CardProblem(f"{stat.id} {value}: it is {stat.bounds()}", at))
    for sid in card.stats:
        if sid not in declared:
            problems.append(CardProblem(f"unknown stat '{sid}'", ("stats", sid), sid, declared))
    if card.points is None:
        problems.append(
            CardProblem(f"no {points_name}: enter the points printed on the card", ("points",))
        )
    abilities = _ids_of(items, "ability")
    for a in card.abilities:
        if a not in abilities:
            problems.append(CardProblem(f"unknown ability '{a}'", ("abilities",), a, abilities))
    if card.special is not None and spec.special is None:
        problems.append(CardProblem("this system's cards have no special ability", ("special",)))
    return problems


@dataclass(frozen=True, slots=True)
class RuleCost:
    """What adding a special rule to a weapon costs: points, or a percentage."""

    name: str
    points: int = 0
    percent: int = 0


def _signed(n: int) -> str:
    return f"+ {n}" if n >= 0 else f"- {-n}"


def _round_up(value: float) -> int:
    """Percentages leave fractions; the rules are silent, so round up (never undercharge)."""
    return math.ceil(value - 1e-9)


def cost_card(
    spec: DesignSpec,
    card: UnitCard,
    items: Mapping[str, Item],
    rule_costs: Mapping[str, RuleCost],
    points_name: str = "points",
) -> Costing:
    """A card's cost, assuming ``card_problems`` found nothing (unknown ids cost 0).

    An entered card costs the points entered on it, in one line."""
    if spec.entered:
        points = card.points or 0
        line = f"{points_name} {points}, as entered on the card"
        group = card.groups[0]
        return Costing((GroupCost(group, card.name, None, None, 1, points, (line,)),))
    groups = []
    for group in card.models:
        mtype = spec.type(group.type or card.type) or spec.types[0]
        res = card.res if group.res is None else group.res
        wounds = group.wounds or card.wounds
        per_wound = spec.wound_cost.get(str(res), 0)
        base = mtype.cost + wounds * per_wound
        name = group.name or card.name
        lines = [
            f"{name}: base {mtype.cost} ({mtype.name}) + {wounds} wound{'s' if wounds > 1 else ''}"
            f" x {per_wound} (RES {res}) = {base}"
            + (" house points" if spec.data == "house" else "")
        ]
        subtotal = base
        armed = False
        for w in group.weapons:
            item = items.get(w)
            if not isinstance(item, Weapon):
                continue
            armed = True
            cost = item.cost or 0
            text = f"{item.name} {cost}"
            percent = 0
            for r in group.upgrades.get(w, ()):
                rc = rule_costs.get(r)
                if rc is None:
                    continue
                if rc.percent:
                    percent += rc.percent
                    text += f", {rc.name} {rc.percent:+d}%"
                else:
                    cost += rc.points
                    text += f" {_signed(rc.points)} {rc.name}"
            if percent:
                cost = _round_up(cost * (100 + percent) / 100)
            subtotal += cost
            lines.append(
                f"  {_signed(cost)} {text}"
                if text != f"{item.name} {cost}"
                else f"  {_signed(cost)} {item.name}"
            )
        percent = 0
        for a in group.abilities:
            ability = items.get(a)
            if not isinstance(ability, Trait):
                continue
            if ability.cost:
                subtotal += ability.cost
                lines.append(f"  {_signed(ability.cost)} {ability.name}")
            if ability.percent and (ability.percent_when == "always" or not armed):
                percent += ability.percent
                why = " (no weapons)" if ability.percent_when == "unarmed" else ""
                lines.append(f"  {ability.percent:+d}% {ability.name}{why}")
            elif not ability.cost:
                lines.append(f"  + 0 {ability.name}")
        per_model = subtotal
        if percent:
            per_model = max(0, _round_up(subtotal * (100 + percent) / 100))
            lines.append(f"  {subtotal} x {100 + percent}% = {per_model} (rounded up)")
        tail = f" x {group.count} models = {per_model * group.count}" if group.count > 1 else ""
        lines.append(f"  = {per_model} a model{tail}")
        groups.append(GroupCost(group, name, mtype, res, wounds, per_model, tuple(lines)))
    return Costing(tuple(groups))
