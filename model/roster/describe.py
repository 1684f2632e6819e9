"""Plain-text descriptions of catalog things, shared by every view and export.

The army sheet, the app's details panel and the exports all print a weapon as
``Range 12/24/36" · Pen 5 · S 6`` and a profile as ``A 3 · C 6 ...``; writing
that once here keeps them identical.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from model.catalog.items import (
    Armour,
    Gear,
    Item,
    ProfileValue,
    Trait,
    Weapon,
    rule_id,
    rule_parameter,
)

if TYPE_CHECKING:
    from model.catalog.schema import FactionView
    from model.catalog.system import System
    from model.catalog.units import Unit
    from model.rules.findings import Tally

SEP = " · "


def value_text(value: ProfileValue) -> str:
    """A profile value: ``6``, ``+2``, ``7/6/5``; whole floats lose their ``.0``."""
    if isinstance(value, tuple):
        return "/".join(value_text(v) for v in value)
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


def range_text(item: Weapon | Trait, system: System) -> str:
    """``12/24/36"`` (or the printed formula) in the system's distance unit."""
    unit = '"' if system.distance_unit == "in" else f" {system.distance_unit}"
    if isinstance(item, Weapon) and item.range_formula:
        formula = item.range_formula
        return formula + unit if formula[-1:].isdigit() else formula
    return "/".join(value_text(r) for r in item.range) + unit if item.range else ""


def profile_text(item: Item, system: System) -> str:
    """The numbers of an item on one line, or an empty string if it has none."""
    parts: list[str] = []
    if isinstance(item, Weapon | Trait):
        reach = range_text(item, system)
        if reach:
            parts.append(f"Range {reach}")
    if isinstance(item, Armour):
        armour = f"Armour {item.armour}"
        for tag, values in item.against.items():
            armour += f" ({value_text(values)} vs {tag})"
        parts.append(armour)
    if isinstance(item, Weapon | Trait | Gear):
        parts.extend(f"{stat} {value_text(v)}" for stat, v in item.profile.items())
    return SEP.join(parts)


def rule_name(view: FactionView, ref: str) -> str:
    """A rule reference as printed: ``Poison (2)``; unknown ids are shown as written."""
    rule = view.rules.get(rule_id(ref))
    name = rule.name if rule else ref
    param = rule_parameter(ref)
    return f"{name} ({param})" if param else name


def rules_text(view: FactionView, refs: Iterable[str]) -> str:
    """Rule references as a comma-separated list of names."""
    return ", ".join(rule_name(view, r) for r in refs)


def stat_line(unit: Unit, system: System) -> str:
    """``A 3 · C 6 · P 6 · Ag 6 · S 4 · T 4 · Tc 5`` in the system's order (the stats a
    unit of its kind has: no vehicle stats on infantry)."""
    return SEP.join(f"{s.id} {unit.stats.get(s.id, '-')}" for s in system.stats_for(unit.tags))


def data_mark(data: str, gaps: str | None) -> str:
    """A short mark for figures that are not (all) published, or an empty string."""
    if data == "house":
        return "house data"
    if data == "example":
        return "example"
    return "incomplete" if gaps else ""


def unit_mark(unit: Unit) -> str:
    """``data_mark`` for a unit; a designed unit's base cost is house points, wherever
    its cost is shown, and the mark says so."""
    if "designed" in unit.tags and unit.data in ("house", "example"):
        return "house points" if unit.data == "house" else "example, house points"
    return data_mark(unit.data, unit.gaps)


def tally_text(tallies: tuple[Tally, ...]) -> str:
    """Running counts grouped by label: ``Miniatures 8/15 · Rare: Rifle 1/3, Pistol 3/3``."""
    return " · ".join(tally_groups(tallies))


def tally_groups(tallies: tuple[Tally, ...]) -> list[str]:
    """The groups of ``tally_text``, each on its own: ``["Miniatures 8/15", "Rare: ..."]``."""
    grouped: dict[str, list[str]] = {}
    for t in tallies:
        shown = f"{t.value}/{t.max}" if t.max is not None else str(t.value)
        grouped.setdefault(t.label, []).append(f"{t.group} {shown}" if t.group else shown)
    return [
        f"{label}: {', '.join(v)}"
        if len(v) > 1 or ":" in label or any(" " in x for x in v)
        else f"{label} {v[0]}"
        for label, v in grouped.items()
    ]


def system_title(name: str, edition: str) -> str:
    """How a game system is named to a person: "Steam Wars, 2.1 (World War Zero)" (its
    edition may have brackets of its own: never "Steam Wars (2.1 (World War Zero))")."""
    return f"{name}, {edition}" if edition else name
