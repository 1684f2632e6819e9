"""What one roster entry carries and costs, once its catalog unit is known.

A roster lists only what was bought; the catalog knows what comes free. This
module reconciles the two: base items (minus those an upgrade replaced), bought
items at the unit's own price, and items that come with others (a Zapper's
electric suit). Everything the validator, the army sheet and the exports say
about an entry is read from its ``Loadout``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import replace
from typing import TYPE_CHECKING, Literal

from model.core.value import frozen_value

if TYPE_CHECKING:
    from model.catalog.schema import Design, FactionView
    from model.catalog.units import OptionGroup, StatValue, Unit
    from model.roster.roster import RosterUnit

Source = Literal["base", "bought", "included"]


@frozen_value
class Carried:
    """Some number of one item on an entry, and how it got there."""

    item_id: str
    count: int
    source: Source
    """``base`` (comes with the unit), ``bought`` or ``included`` (comes with another item)."""
    cost: int
    """What these cost in total; 0 unless bought."""
    kind: str
    tags: frozenset[str]
    """The item's tags, its rules' tags, and those of rules the unit's choice adds."""
    group: OptionGroup | None = None
    """The option group it was bought through; None if the unit is not offered it."""
    extra_rules: tuple[str, ...] = ()
    """Special rules the item has on this unit only (rusty blades)."""
    rule_count: int = 0
    """How many special rules it has: its own and the extra ones."""


@frozen_value
class ModelsLoad:
    """Models of an entry that share a profile and a loadout (a designed unit's group;
    a catalog unit's models are one such group)."""

    name: str
    count: int
    stats: Mapping[str, StatValue]
    tags: frozenset[str]
    """The unit's tags plus those of the group's model type and abilities."""
    carried: tuple[Carried, ...]
    """What each model of the group carries (counts per model)."""
    cost: int
    """What one model costs."""


@frozen_value
class Loadout:
    """A roster entry resolved against its catalog."""

    index: int
    """Position in the roster, from 0."""
    entry: RosterUnit
    unit: Unit
    tags: frozenset[str]
    """The unit's tags and its rules' tags."""
    carried: tuple[Carried, ...]
    cost: int
    """Models times the unit cost, plus everything bought."""
    groups: tuple[ModelsLoad, ...] = ()
    """The entry's models, group by group, for rules that look at single models."""
    design: Design | None = None
    """The card, for a designed unit."""

    @property
    def cheapest_model(self) -> int:
        """What its cheapest model costs (Steam Wars' points tolerance)."""
        if self.groups:
            return min(g.cost for g in self.groups)
        return self.cost // max(self.entry.models, 1)

    @property
    def label(self) -> str:
        """How messages name this entry: "Big Joe (Chief, unit 1)" or "Ganger (unit 3)"."""
        if self.entry.name and self.entry.name != self.unit.name:
            return f"{self.entry.name} ({self.unit.name}, unit {self.index + 1})"
        return f"{self.unit.name} (unit {self.index + 1})"

    def bought(self) -> tuple[Carried, ...]:
        """The items bought for this entry."""
        return tuple(c for c in self.carried if c.source == "bought")


def resolve_loadout(view: FactionView, entry: RosterUnit, index: int) -> Loadout:
    """Work out what an entry carries and costs.

    Items listed in the roster up to the number the unit comes with are its base
    items (free); the rest are bought through the unit's option groups. An item
    that no group offers is still priced at its default cost so the total does
    not understate the list, and the validator reports it.
    """
    unit = view.units[entry.unit]
    design = view.designs.get(entry.unit)
    if design is not None:
        return _resolve_design(view, entry, index, unit, design)
    base = Counter({k: v * entry.models for k, v in Counter(unit.base).items()})
    bought: list[Carried] = []
    taken_groups: set[str] = set()
    for item_id, count in entry.items.items():
        extra = count - base.get(item_id, 0)
        if extra <= 0:
            continue
        item = view.items[item_id]
        offer = view.offer(entry.unit, item_id)
        if offer is None:
            bought.append(
                Carried(
                    item_id,
                    extra,
                    "bought",
                    extra * (item.cost or 0),
                    item.kind,
                    view.item_tags(item_id),
                )
            )
            continue
        group, choice = offer
        taken_groups.add(group.id)
        bought.append(
            Carried(
                item_id,
                extra,
                "bought",
                extra * view.choice_cost(group, item_id),
                item.kind,
                view.item_tags(item_id, choice.rules),
                group,
                choice.rules,
            )
        )
    for group in view.option_groups(entry.unit):
        if group.id in taken_groups:
            for replaced in group.replaces:
                base.pop(replaced, None)
    carried = [
        Carried(item_id, n, "base", 0, view.items[item_id].kind, view.item_tags(item_id))
        for item_id, n in base.items()
    ]
    carried.extend(bought)
    carried.extend(_included(view, carried))
    carried = [_counted(view, c) for c in carried]
    cost = unit.cost * entry.models + sum(c.cost for c in bought)
    tags = view.unit_tags(entry.unit)
    per_model = tuple(
        replace(c, count=max(c.count // entry.models, 1), cost=c.cost // entry.models)
        for c in carried
    )
    whole = ModelsLoad(unit.name, entry.models, unit.stats, tags, per_model, cost // entry.models)
    return Loadout(index, entry, unit, tags, tuple(carried), cost, (whole,))


def _resolve_design(
    view: FactionView, entry: RosterUnit, index: int, unit: Unit, design: Design
) -> Loadout:
    """A designed unit: what each group's models carry, and the card's costing.

    Everything on a card comes with it (``base``); an entry cannot buy more, so any
    ``items`` it lists are priced at their default and reported as not offered.
    """
    spec = view.design_spec
    tags = view.unit_tags(entry.unit)
    costs = design.costing.groups if design.costing else ()
    groups: list[ModelsLoad] = []
    totals: dict[tuple[str, tuple[str, ...]], Carried] = {}
    for n, group in enumerate(design.card.groups):
        cost = costs[n].per_model if costs else 0
        per_model: list[Carried] = []
        ids = Counter([*group.weapons, *group.abilities])
        for item_id, count in ids.items():
            item = view.items.get(item_id)
            if item is None:
                continue
            extra = group.upgrades.get(item_id, ())
            per_model.append(
                Carried(
                    item_id,
                    count,
                    "base",
                    0,
                    item.kind,
                    view.item_tags(item_id, extra),
                    extra_rules=extra,
                )
            )
        per_model.extend(_included(view, per_model))
        per_model = [_counted(view, c) for c in per_model]
        group_tags = set(tags)
        mtype = spec.type(group.type or design.card.type) if spec else None
        if mtype is not None:
            group_tags |= mtype.unit_tags
        group_tags |= view.ability_tags(group)
        stats: dict[str, StatValue] = dict(unit.stats)
        if spec is not None and not spec.entered:  # an entered card's stats are the unit's
            if mtype is not None:
                stats[spec.move_stat] = mtype.move
            card_res = design.card.res or 0
            stats[spec.res_stat] = card_res if group.res is None else group.res
            stats[spec.wounds_stat] = group.wounds or design.card.wounds
        groups.append(
            ModelsLoad(
                group.name or design.card.name,
                group.count,
                stats,
                frozenset(group_tags),
                tuple(per_model),
                cost,
            )
        )
        for c in per_model:
            key = (c.item_id, c.extra_rules)
            have = totals.get(key)
            count = c.count * group.count
            totals[key] = (
                replace(have, count=have.count + count) if have else replace(c, count=count)
            )
    carried = [_counted(view, c) for c in totals.values()]
    bought = [
        Carried(
            i, n, "bought", n * (view.items[i].cost or 0), view.items[i].kind, view.item_tags(i)
        )
        for i, n in entry.items.items()
        if i in view.items
    ]
    carried.extend(bought)
    total = (design.costing.total if design.costing else 0) + sum(c.cost for c in bought)
    return Loadout(index, entry, unit, tags, tuple(carried), total, tuple(groups), design)


def _counted(view: FactionView, c: Carried) -> Carried:
    return replace(c, rule_count=len(view.items[c.item_id].rules) + len(c.extra_rules))


def _included(view: FactionView, carried: list[Carried]) -> list[Carried]:
    """Items that come with carried items, following chains but never looping."""
    out: list[Carried] = []
    todo = [(c.item_id, c.count) for c in carried]
    seen: set[str] = set()
    while todo:
        item_id, count = todo.pop()
        for inc in view.items[item_id].includes:
            if inc in seen or inc not in view.items:
                continue
            seen.add(inc)
            out.append(
                Carried(inc, count, "included", 0, view.items[inc].kind, view.item_tags(inc))
            )
            todo.append((inc, count))
    return out
