"""What a designed unit's card costs, worked out line by line so the builder can show the
arithmetic.

Each model costs its base (from the system's ``[design]`` table, house data where no
figure is published) plus its weapons (with any special rules added to them) plus its
abilities, and percentage abilities (Mechanical -25%, an unarmed Transport -50%) then
change that model's total; a percentage rule added to a weapon (One Shot -75%) changes
that weapon's cost. Fractions are rounded up, per model. An entered card costs the
points entered on it.

Apart from the spec and the card (``model.catalog.design``): only the faction view
that turns a card into a unit and the designer's preview cost a card.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import TYPE_CHECKING

from model.catalog.items import Item, Trait, Weapon
from model.core.value import frozen_value

if TYPE_CHECKING:
    from model.catalog.design import DesignSpec, ModelGroup, UnitCard


@frozen_value
class GroupCost:
    """What one model of a group costs, and how."""

    group: ModelGroup
    per_model: int
    lines: tuple[str, ...]
    """The arithmetic, one line per step, for the details panel."""

    @property
    def total(self) -> int:
        return self.per_model * self.group.count


@frozen_value
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


@frozen_value
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
    points_name: str,
) -> Costing:
    """A card's cost, assuming ``card_problems`` found nothing (unknown ids cost 0).

    An entered card costs the points entered on it, in one line."""
    if spec.entered:
        points = card.points or 0
        line = f"{points_name} {points}, as entered on the card"
        group = card.groups[0]
        return Costing((GroupCost(group, points, (line,)),))
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
        groups.append(GroupCost(group, per_model, tuple(lines)))
    return Costing(tuple(groups))
