"""Plain-text listings of a catalog, for people writing roster files by hand.

``warband catalogs punkapocalyptic gangers`` prints every unit of the faction with
its id, cost, profile, what it comes with and what it may buy (ids and prices),
so nobody has to open the catalog TOML to write a list.
"""

from __future__ import annotations

from model.catalog.schema import Catalog, FactionView
from model.catalog.units import OptionGroup
from model.roster.describe import profile_text, rules_text, stat_line, system_title, unit_mark


def system_listing(catalog: Catalog) -> str:
    """A system's factions and shared units."""
    s = catalog.system
    lines = [
        f"{system_title(s.name, s.edition)} (catalog {s.version}, {catalog.origin})",
        f"dice {s.dice}; usual game {s.default_points_limit} {s.points}",
        "",
        "Factions:",
    ]
    for fid, faction in catalog.factions.items():
        lines.append(f"  {fid}: {faction.faction.name}")
    if catalog.system_file.units:
        lines += ["", "Units every faction may take:"]
        for uid, unit in catalog.system_file.units.items():
            lines.append(f"  {uid}: {unit.name}, {unit.cost} {s.points}")
    lines += ["", f"List a faction's units: warband catalogs {s.id} FACTION"]
    return "\n".join(lines)


def faction_listing(view: FactionView) -> str:
    """Every unit of a faction with its id, cost, profile, base items and options."""
    system = view.system
    lines = [
        f"{view.faction.name} ({view.faction.id}), {system_title(system.name, system.edition)}"
    ]
    for uid, unit in view.iter_units():
        size = (
            ""
            if unit.models.max == 1
            else (f", {unit.models.min}-{unit.models.max} models per entry")
        )
        if "designed" in unit.tags:  # a card: its models are fixed, its cost is the unit's
            n = unit.models.max
            size = f", {n} model{'s' if n != 1 else ''}"
            lines += ["", f"{uid}: {unit.name}, {unit.cost} {system.points} a unit{size}"]
        else:
            lines += ["", f"{uid}: {unit.name}, {unit.cost} {system.points} per model{size}"]
        lines.append(f"  {stat_line(unit, system)}")
        mark = unit_mark(unit)
        if mark:
            lines.append(f"  [{mark}] {unit.gaps or ''}".rstrip())
        if unit.rules:
            lines.append(f"  rules: {rules_text(view, unit.rules)}")
        if unit.base:
            lines.append("  comes with: " + ", ".join(view.items[i].name for i in unit.base))
        for group in view.option_groups(uid):
            lines.append(f"  {_group_heading(group)}:")
            for item_id, choice in group.choices.items():
                item = view.items[item_id]
                cost = view.choice_cost(group, item_id)
                many = (
                    " (any number)"
                    if choice.unlimited
                    else (f" (up to {choice.max})" if choice.max > 1 else "")
                )
                extra = f" [{rules_text(view, choice.rules)}]" if choice.rules else ""
                detail = profile_text(item, system)
                detail = f"  {detail}" if detail else ""
                lines.append(f"    {item_id} = {cost}{many}{extra}{detail}")
    return "\n".join(lines)


def _group_heading(group: OptionGroup) -> str:
    if group.max is None:
        span = f"at least {group.min}" if group.min else "any"
    elif group.min == group.max:
        span = f"exactly {group.min}"
    else:
        span = f"{group.min} to {group.max}"
    replaces = f"; replaces {', '.join(group.replaces)}" if group.replaces else ""
    return f"{group.name} ({span}{replaces})"
