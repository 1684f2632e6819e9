"""The catalog schema: a game system, its factions, units, items and rules.

A game system is one ``system.toml`` (the system's stat line, the items, special
rules, units and list rules every faction shares) plus one file per faction.
Both are validated by the models here; ``Catalog`` assembles them and
``FactionView`` is what a roster is built and checked against: the system's
things plus one faction's, merged.

Where a rulebook publishes no figure, the unit or item says so with ``data``
("house" or "example") and ``gaps``, and the UI shows the mark.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from functools import cached_property
from typing import Annotated, Any, Literal

from pydantic import BeforeValidator, Field, model_validator

from model.catalog.constraints import Constraint
from model.catalog.design import (
    CardProblem,
    Costing,
    DesignSpec,
    ModelGroup,
    RuleCost,
    UnitCard,
    card_problems,
    cost_card,
)
from model.catalog.items import DataMark, Item, RuleRef, Weapon, rule_id
from model.catalog.selectors import Selector
from model.catalog.tracker import Tracker
from model.core.base import (
    Bool,
    Frozen,
    FrozenMap,
    Id,
    Int,
    StatId,
    Tag,
    Text,
    empty_map,
)
from model.core.bounds import (
    MAX_KINDS,
    Cost,
    CostChange,
    Models,
    Percent,
    PerModel,
    Points,
    StatNumber,
)

CATALOG_FORMAT = "warband.catalog/1"
"""The format key every catalog file starts with."""


class Stat(Frozen):
    """One column of a profile."""

    id: StatId
    """Short name as printed (``Ag``)."""
    name: Text
    """Long name (``Agility``)."""
    unit_tags: frozenset[Tag] = frozenset()
    """Only units with one of these tags have this stat (the colonial sheet's vehicle
    stats, SUSTAIN to CREW): other units' profiles leave it out, instead of a row of
    dashes. Empty: every unit has it."""

    def applies(self, tags: frozenset[str]) -> bool:
        return not self.unit_tags or bool(self.unit_tags & tags)


class ListSetting(Frozen):
    """A whole number agreed for one list, declared by its system."""

    id: Id
    """The key in a roster's ``[settings]`` (``strategy-rating``)."""
    name: Text
    kind: Literal["number"] = "number"
    """What the players set: a whole number from ``min`` to ``max`` (the only kind so
    far; a later kind, a yes/no switch say, adds its name here)."""
    min: Int = 0
    max: Int
    default: Int | None = None
    """Offered when the list has none; None: unset until the players agree one (a rule
    that reads it is off while it is unset)."""
    summary: str | None = None
    source: str | None = None

    @model_validator(mode="after")
    def _in_order(self) -> ListSetting:
        if self.min > self.max:
            raise ValueError(f"min {self.min} is above max {self.max}")
        if self.default is not None and not self.min <= self.default <= self.max:
            raise ValueError(f"default {self.default} is outside {self.min} to {self.max}")
        return self


class System(Frozen):
    """What a game system is and how it counts."""

    id: Id
    """The system id rosters name (``punkapocalyptic``)."""
    name: Text
    edition: Text
    version: Text
    """This catalog's own version; exports state it so a list shows what it was built on."""
    dice: Text
    """The dice the game uses, e.g. ``d10``."""
    default_points_limit: Points
    """The usual game size, offered when a list is started."""
    points: Text = "points"
    """What the game calls its points (``points``, ``PV``)."""
    priced: Bool = True
    """False for a game that publishes no points at all: its units cost nothing, a list
    has no limit to keep to, and warband leaves points out wherever it shows a list
    (the builder, ``show``, the exports) instead of printing "0/1 points"."""
    settings: tuple[ListSetting, ...] = ()
    """The numbers the players agree for a list (Reikhammer's strategy rating, the
    Steam Wars vehicle limit), kept in a roster's ``[settings]`` and edited in the
    builder's settings dialog; list rules read them (``max_setting``)."""
    distance_unit: Literal["in", "cm", "tiles", "hexes"] = "in"
    """The unit of every range and move in this catalog."""
    stats: tuple[Stat, ...]
    """The model profile, in printed order."""
    item_stats: tuple[Stat, ...] = ()
    """The columns of weapon and item profiles."""
    profile_tags: tuple[StatId, ...] = ()
    """Item profile stats whose whole values become item tags (``RoA`` 1 tags the item
    ``roa:1``), so list rules can select on a profile ("Damage 2 only on RoA 1")."""
    summary: str | None = None
    source: str | None = None

    def stats_for(self, tags: frozenset[str]) -> tuple[Stat, ...]:
        """The profile's stats a unit with these tags has (``Stat.unit_tags``)."""
        return tuple(s for s in self.stats if s.applies(tags))


class SpecialRule(Frozen):
    """A named special rule, summarised in our own words, with its mechanical tags."""

    name: Text
    summary: Text
    """What the rule does, briefly, in our words (never the rulebook's prose)."""
    parameter: Text | None = None
    """Name of the rule's parameter where it takes one (``X`` in Poison (X))."""
    tags: frozenset[Tag] = frozenset()
    """Tags given to every unit or item that has this rule."""
    modifiers: FrozenMap[StatId, StatNumber] = Field(default_factory=empty_map)
    """Permanent stat changes for the bearer (Cumbersome: ``{ Ag = -1 }``)."""
    cost: CostChange | None = None
    """Points for adding the rule to a designed weapon (Steam Wars: Boiler 2)."""
    percent: Percent | None = None
    """Or a change in percent of the weapon's cost (One Shot -75)."""
    source: str | None = None


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
    models: ModelRange = ModelRange()
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


class FactionInfo(Frozen):
    """The heading of a faction file."""

    id: Id
    name: Text
    summary: str | None = None
    data: DataMark = "published"
    source: str | None = None


class CatalogPart(Frozen):
    """What both a system file and a faction file may declare."""

    format: Literal["warband.catalog/1"]
    """The catalog format; always ``warband.catalog/1`` for now."""
    items: FrozenMap[Id, Item] = Field(default_factory=empty_map)
    rules: FrozenMap[Id, SpecialRule] = Field(default_factory=empty_map)
    units: FrozenMap[Id, Unit] = Field(default_factory=empty_map)
    """In a system file: units every faction may take (mercenaries)."""
    options: tuple[OptionGroup, ...] = ()
    """Option groups offered to every unit (that the group's ``units`` selects)."""
    constraints: tuple[Constraint, ...] = ()
    """List rules."""
    cards: FrozenMap[Id, UnitCard] = Field(default_factory=empty_map)
    """Designed units (``[cards.<id>]``), in systems with a unit designer; the
    rulebook's sample profiles are cards marked ``data = "example"``."""


class SystemFile(CatalogPart):
    """``system.toml``: the game system and what its factions share."""

    system: System
    design: DesignSpec | None = None
    """The unit designer's base cost table, for systems whose players design units."""
    tracker: Tracker | None = None
    """What the battle tracker needs; a system without it can build lists only."""


class HouseFile(Frozen):
    """``house.toml`` in a user catalog folder named like a system: a player's own data
    on top of the system, without copying it: a base-cost table that replaces the
    system's ``[design]``, and cards every faction may field."""

    format: Literal["warband.catalog/1"]
    design: DesignSpec | None = None
    cards: FrozenMap[Id, UnitCard] = Field(default_factory=empty_map)


class FactionFile(CatalogPart):
    """``factions/<id>.toml``: one faction's units, items, rules and list rules."""

    faction: FactionInfo


@dataclass(frozen=True)
class Catalog:
    """A whole game system: its system file and every faction, as loaded."""

    system_file: SystemFile
    factions: Mapping[str, FactionFile]
    origin: str = "bundled"
    """Where it was loaded from: ``bundled`` or the user catalog folder."""
    _views: dict[str, FactionView] = field(default_factory=dict, compare=False, repr=False)

    @property
    def system(self) -> System:
        return self.system_file.system

    def view(self, faction_id: str) -> FactionView:
        """The faction merged with everything its system shares (cached)."""
        if faction_id not in self._views:
            self._views[faction_id] = FactionView(self, self.factions[faction_id])
        return self._views[faction_id]


@dataclass(frozen=True, eq=False)
class FactionView:
    """One faction as a list is built with it: system and faction things merged.

    Faction entries come after the system's, so a faction's own units list first
    and shared units (mercenaries) after them.
    """

    catalog: Catalog
    faction_file: FactionFile
    roster_cards: FrozenMap[str, UnitCard] = field(default_factory=FrozenMap)
    """Cards a roster designed, on top of the catalog's (see ``with_cards``)."""
    parent: FactionView | None = None
    """The view without the roster's cards, for a view made by ``with_cards``."""
    _derived: dict[FrozenMap[str, UnitCard], FactionView] = field(
        default_factory=dict, compare=False, repr=False
    )
    _made: dict[tuple[str, UnitCard], Design] = field(
        default_factory=dict, compare=False, repr=False
    )
    """Designs already worked out, by card id and card, shared by the derived views."""

    @property
    def base(self) -> FactionView:
        """The view without any roster's cards: what caches of catalog units key on."""
        return self.parent or self

    @property
    def system(self) -> System:
        return self.catalog.system

    @property
    def faction(self) -> FactionInfo:
        return self.faction_file.faction

    def with_cards(self, cards: Mapping[str, UnitCard]) -> FactionView:
        """This faction plus the units a roster designed (the same view when none).

        Views are cached per set of cards, so re-validating after an edit that did not
        touch a card reuses every cached loadout.
        """
        if not cards:
            return self
        key = cards if isinstance(cards, FrozenMap) else FrozenMap(cards)
        view = self._derived.get(key)
        if view is None:
            if len(self._derived) > 64:
                self._derived.clear()
            view = FactionView(self.catalog, self.faction_file, key, self)
            # what no card changes is shared, not worked out again for each set of cards
            for name in ("items", "rules", "rule_costs", "_item_tags", "constraints", "stat_ids"):
                view.__dict__[name] = getattr(self, name)
            self._derived[key] = view
        return view

    @property
    def design_spec(self) -> DesignSpec | None:
        return self.catalog.system_file.design

    @cached_property
    def cards(self) -> Mapping[str, UnitCard]:
        """Every card: the system's, the faction's, then the roster's."""
        return {
            **self.catalog.system_file.cards,
            **self.faction_file.cards,
            **self.roster_cards,
        }

    @cached_property
    def rule_costs(self) -> Mapping[str, RuleCost]:
        """Special rules a designed weapon may add, with their points or percentage."""
        return {
            rid: RuleCost(r.name, r.cost or 0, r.percent or 0)
            for rid, r in self.rules.items()
            if r.cost is not None or r.percent is not None
        }

    @cached_property
    def designs(self) -> Mapping[str, Design]:
        """Each card as a unit, with its costing (None while the card has problems)."""
        if self.parent is not None and self.roster_cards:
            # the catalog's cards are the parent's; only the roster's are new
            out = dict(self.parent.designs)
            made = self.parent._made
            if len(made) > 1024:
                made.clear()
            for cid, card in self.roster_cards.items():
                design = made.get((cid, card))
                if design is None:
                    design = made[(cid, card)] = self._design(card)
                out[cid] = design
            return out
        return {cid: self._design(card) for cid, card in self.cards.items()}

    def _design(self, card: UnitCard) -> Design:
        spec = self.design_spec
        points = self.system.points
        problems = tuple(card_problems(spec, card, self.items, self.rule_costs, points))
        costing = None
        if spec is not None and not problems:
            costing = cost_card(spec, card, self.items, self.rule_costs, points)
        return Design(card, self._card_unit(card, costing), costing, problems)

    def _card_unit(self, card: UnitCard, costing: Costing | None) -> Unit:
        spec = self.design_spec
        if spec is not None and spec.entered:
            return self._entered_unit(spec, card, costing)
        stats: dict[str, StatValue] = {}
        tags: set[str] = {"designed"}
        if spec is not None:
            mtype = spec.type(card.type)
            first = card.groups[0]
            stats = {
                spec.move_stat: mtype.move if mtype else 0,
                spec.res_stat: (card.res or 0) if first.res is None else first.res,
                spec.wounds_stat: first.wounds or card.wounds,
            }
            if mtype is not None:
                tags |= mtype.unit_tags
        common: set[str] | None = None
        armed = False
        for group in card.models:
            group_tags = set(self.ability_tags(group))
            common = group_tags if common is None else common & group_tags
            armed = armed or any(isinstance(self.items.get(w), Weapon) for w in group.weapons)
        tags |= common or set()
        if not armed:
            tags.add("unarmed")
        house = spec is not None and spec.data == "house"
        return Unit(
            name=card.name,
            cost=costing.total if costing else 0,
            stats=FrozenMap(stats),
            models=ModelRange(min=card.model_count, max=card.model_count),
            tags=frozenset(tags),
            summary=card.summary,
            data=card.data if card.data != "published" else "house",
            gaps="the rules publish no cost per model; warband's house table gives the base"
            if house
            else None,
            source=card.source,
        )

    def _entered_unit(self, spec: DesignSpec, card: UnitCard, costing: Costing | None) -> Unit:
        """An entered card as a unit of one model: the card's stats in the system's order
        (``-`` for one it leaves out), its points, its abilities with their tags, the tags
        its stats and ``named`` give, and its special ability in the summary."""
        declared = {s.id for s in spec.stats}
        stats: dict[str, StatValue] = {
            sid: card.stats.get(sid, "-") for sid in self.stat_ids if sid in declared
        }
        special = f"{spec.special}: {card.special}" if spec.special and card.special else None
        summary = "\n".join(t for t in (special, card.summary) if t) or None
        return Unit(
            name=card.name,
            cost=costing.total if costing else 0,
            stats=FrozenMap(stats),
            base=card.abilities,
            tags=frozenset({"designed"}) | spec.card_tags(card) | self.ability_tags(card.groups[0]),
            summary=summary,
            data=card.data if card.data != "published" else "house",
            gaps="the rules publish no unit cards; this card was written by a player"
            if card.data == "house"
            else None,
            source=card.source,
        )

    def ability_tags(self, group: ModelGroup) -> frozenset[str]:
        """The tags a group's abilities give its models, with those of the abilities
        they bring along (Zombie: Horde, Unruly ...)."""
        tags: set[str] = set()
        for a in group.abilities:
            for iid in (a, *self._includes(a)):
                tags |= self._item_tags.get(iid, frozenset())
        return frozenset(tags)

    def _includes(self, item_id: str) -> list[str]:
        """Items that come with an item, following chains but never looping."""
        out: list[str] = []
        todo = [item_id]
        while todo:
            item = self.items.get(todo.pop())
            for inc in item.includes if item else ():
                if inc not in out and inc != item_id:
                    out.append(inc)
                    todo.append(inc)
        return out

    @cached_property
    def items(self) -> Mapping[str, Item]:
        return {**self.catalog.system_file.items, **self.faction_file.items}

    @cached_property
    def rules(self) -> Mapping[str, SpecialRule]:
        return {**self.catalog.system_file.rules, **self.faction_file.rules}

    @cached_property
    def units(self) -> Mapping[str, Unit]:
        designed = {cid: d.unit for cid, d in self.designs.items()}
        return {**self.faction_file.units, **self.catalog.system_file.units, **designed}

    @cached_property
    def constraints(self) -> tuple[Constraint, ...]:
        return self.catalog.system_file.constraints + self.faction_file.constraints

    @cached_property
    def stat_ids(self) -> tuple[str, ...]:
        return tuple(s.id for s in self.system.stats)

    def rule_tags(self, refs: tuple[str, ...]) -> frozenset[str]:
        """The tags given by a list of rule references."""
        tags: set[str] = set()
        for ref in refs:
            rule = self.rules.get(rule_id(ref))
            if rule is not None:
                tags |= rule.tags
        return frozenset(tags)

    @cached_property
    def _unit_tags(self) -> dict[str, frozenset[str]]:
        return {uid: u.tags | self.rule_tags(u.rules) for uid, u in self.units.items()}

    def unit_tags(self, unit_id: str) -> frozenset[str]:
        """A unit's own tags plus those of its special rules."""
        return self._unit_tags.get(unit_id, frozenset())

    @cached_property
    def _item_tags(self) -> dict[str, frozenset[str]]:
        return {
            iid: i.tags | self.rule_tags(i.rules) | self._profile_tags(i)
            for iid, i in self.items.items()
        }

    def _profile_tags(self, item: Item) -> frozenset[str]:
        stats = self.system.profile_tags
        profile = getattr(item, "profile", None)
        if not stats or not profile:
            return frozenset()
        return frozenset(
            f"{stat.lower()}:{profile[stat]}"
            for stat in stats
            if isinstance(profile.get(stat), int) and not isinstance(profile.get(stat), bool)
        )

    def item_tags(self, item_id: str, extra_rules: tuple[str, ...] = ()) -> frozenset[str]:
        """An item's own tags plus those of its rules (and of rules a choice adds)."""
        tags = self._item_tags.get(item_id, frozenset())
        return tags | self.rule_tags(extra_rules) if extra_rules else tags

    @cached_property
    def _offers(self) -> dict[str, tuple[OptionGroup, ...]]:
        common = self.catalog.system_file.options + self.faction_file.options
        offers: dict[str, tuple[OptionGroup, ...]] = {}
        for uid, unit in self.units.items():
            tags = self.unit_tags(uid)
            shared = tuple(g for g in common if g.units is None or g.units.match_unit(uid, tags))
            offers[uid] = unit.options + shared
        return offers

    def option_groups(self, unit_id: str) -> tuple[OptionGroup, ...]:
        """Every option group a unit is offered: its own first, then shared ones."""
        return self._offers.get(unit_id, ())

    def offer(self, unit_id: str, item_id: str) -> tuple[OptionGroup, Choice] | None:
        """The group and choice through which a unit may take an item, if any."""
        for group in self.option_groups(unit_id):
            choice = group.choices.get(item_id)
            if choice is not None:
                return group, choice
        return None

    def choice_cost(self, group: OptionGroup, item_id: str) -> int:
        """What one of an item costs through a group (the item's default where unpriced)."""
        choice = group.choices[item_id]
        if choice.cost is not None:
            return choice.cost
        return self.items[item_id].cost or 0

    def iter_units(self) -> Iterator[tuple[str, Unit]]:
        """Units in catalog order: the faction's own, then shared ones."""
        return iter(self.units.items())


@dataclass(frozen=True)
class Design:
    """A card as the builder knows it: the unit it makes and what it costs."""

    card: UnitCard
    unit: Unit
    costing: Costing | None
    """None while ``problems`` names something the catalog lacks."""
    problems: tuple[CardProblem, ...] = ()


def unit_is_marked(unit: Unit) -> bool:
    """True when a unit's figures are not (all) published and the UI must say so."""
    return unit.data != "published" or unit.gaps is not None
