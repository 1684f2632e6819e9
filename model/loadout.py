"""What one roster entry carries and costs, once its catalog unit is known.

A roster lists only what was bought; the catalog knows what comes free. This
module reconciles the two: base items (minus those an upgrade replaced), bought
items at the unit's own price, and items that come with others (a Zapper's
electric suit). Everything the validator, the army sheet and the exports say
about an entry is read from its ``Loadout``.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Literal

from model.catalog import FactionView, OptionGroup, Unit
from model.roster import RosterUnit

Source = Literal["base", "bought", "included"]


@dataclass(frozen=True, slots=True)
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


@dataclass(frozen=True, slots=True)
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
    cost = unit.cost * entry.models + sum(c.cost for c in bought)
    return Loadout(index, entry, unit, view.unit_tags(entry.unit), tuple(carried), cost)


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
