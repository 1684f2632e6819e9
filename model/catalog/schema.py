"""The assembled catalog: a whole game system as loaded, and one faction merged with it.

A game system is one ``system.toml`` (the system's stat line, the items, special
rules, units and list rules every faction shares) plus one file per faction
(``model.catalog.files``). ``Catalog`` assembles them and ``FactionView`` is what a
roster is built and checked against: the system's things plus one faction's, merged,
with each designed card worked out as a unit (``Design``).

Where a rulebook publishes no figure, the unit or item says so with ``data``
("house" or "example") and ``gaps``, and the UI shows the mark.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from functools import cached_property
from typing import TYPE_CHECKING

from model.catalog.items import Item, Weapon, rule_id
from model.catalog.units import Choice, ModelRange, OptionGroup, StatValue, Unit
from model.core.base import FrozenMap
from model.core.value import frozen_value

if TYPE_CHECKING:
    # Imported where a card is costed (``_design``, ``rule_costs``): a list without
    # designed units never costs one, and ``warband validate`` of such a list is most
    # of its time importing and defining classes (issue 33).
    from model.catalog.card_costing import Costing, RuleCost
    from model.catalog.card_problems import CardProblem
    from model.catalog.design import DesignSpec, ModelGroup, UnitCard
    from model.catalog.files import FactionFile, FactionInfo, SystemFile
    from model.catalog.system import SpecialRule, System
    from model.rules.kinds import Constraint


@frozen_value(slots=False)
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
        from model.catalog.card_costing import RuleCost

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
        from model.catalog.card_costing import cost_card
        from model.catalog.card_problems import card_problems

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


@frozen_value(slots=False)
class Design:
    """A card as the builder knows it: the unit it makes and what it costs."""

    card: UnitCard
    unit: Unit
    costing: Costing | None
    """None while ``problems`` names something the catalog lacks."""
    problems: tuple[CardProblem, ...] = ()
