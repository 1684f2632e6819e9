"""A list as it is shared: one document every export format is written from.

Chat text, Markdown and JSON all come from ``ListExport``, so they cannot disagree
about a cost or forget a finding. The document states what a reader needs to trust
the list: the system and the catalog version it was built on, points, whether it
is legal and every finding, and any figure that is not from the published rules
(house or example data, or a unit whose gear the sources do not give). Its JSON
form has a schema (``saves/schemas/list-export.schema.json``, made from these
models by ``python -m saves.list_export``) so other tools can read it.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Final, Literal

from pydantic import BaseModel, ConfigDict, Field
from pydantic.json_schema import SkipJsonSchema

from model.catalog.items import rule_id
from model.catalog.schema import FactionView
from model.roster.describe import data_mark, profile_text, rule_name, tally_groups, unit_mark
from model.roster.loadout import Loadout
from model.roster.resolved import loadouts_of
from model.roster.roster import Roster
from model.rules.findings import Report

FORMAT: Final = "warband.list-export/1"
SCHEMA = Path(__file__).with_name("schemas") / "list-export.schema.json"


class _Doc(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class SystemInfo(_Doc):
    id: str
    name: str
    edition: str
    catalog_version: str
    points_name: str
    """What the system calls its points ("points", "ducats")."""
    priced: SkipJsonSchema[bool] = Field(default=True, exclude=True)
    """False for a game that publishes no points: the sheets leave points out (not in
    the JSON, whose readers have the numbers, all 0)."""


class FactionInfo(_Doc):
    id: str
    name: str
    data: Literal["published", "house", "example"]


def _empty(value: object) -> bool:
    """Left out of the JSON when empty: a field only lists over BattleScribe data fill."""
    return not value


class ExportCharacteristic(_Doc):
    name: str
    value: str
    changed: bool = False
    """True when the list's choices changed it from the data's (a BattleScribe modifier:
    a Toughness raised by the armour taken)."""


class ExportProfile(_Doc):
    """A stat line of a list over BattleScribe data (a model's, a weapon's, an
    ability's), as the list makes it: every modifier applied, hidden ones left out."""

    name: str
    type: str
    """Its profile type ("Unit", "Ranged Weapons")."""
    characteristics: list[ExportCharacteristic]
    changed: bool = False
    """True when a modifier changed its name."""


class ExportItem(_Doc):
    id: str
    name: str
    count: int
    source: Literal["base", "bought", "included"]
    """Comes with the unit, bought for it, or included with something bought."""
    cost: int
    """Points paid for these, for the whole entry (0 unless bought)."""
    profile: str
    rules: list[str]
    data: str = ""
    """Empty for published figures; else "house data", "example" or "incomplete"."""
    profiles: list[ExportProfile] = Field(default_factory=list, exclude_if=_empty)
    """Over BattleScribe data: every profile it shows (``profile`` sums up the first)."""


class ExportGroup(_Doc):
    """Models of a designed unit that share a profile and a loadout."""

    name: str
    count: int
    stats: dict[str, str]
    carries: list[str]
    """Names of what each model carries, with "x2" for two."""
    cost_each: int
    """Points for one model of the group (house points: see the entry's ``data``)."""


class ExportEntry(_Doc):
    number: int
    """Position in the list, from 1."""
    name: str
    unit_id: str
    unit_name: str
    models: int
    cost: int
    stats: dict[str, str]
    rules: list[str]
    items: list[ExportItem]
    data: str = ""
    gaps: str | None = None
    notes: str | None = None
    groups: list[ExportGroup] = []
    """For a designed unit: its models group by group; empty for a catalog unit."""
    costing: list[str] = []
    """For a designed unit: how its points are worked out, line by line."""
    profiles: list[ExportProfile] = Field(default_factory=list, exclude_if=_empty)
    """Over BattleScribe data: every profile it shows (``stats`` are the first's)."""


class ExportFinding(_Doc):
    severity: Literal["error", "warning"]
    code: str
    message: str
    entry: int | None = None
    """The entry it is about, from 1, or None for the whole list."""


class DataNote(_Doc):
    """A faction, unit or item whose figures are not all from the published rules."""

    name: str
    mark: str
    """"house data", "example" or "incomplete"."""
    detail: str | None = None
    """What the sources do not give, where the catalog says."""


class GlossaryEntry(_Doc):
    name: str
    summary: str
    changed: bool = Field(default=False, exclude_if=_empty)
    """Over BattleScribe data: the list's choices changed the rule's name or text."""


class ListExport(_Doc):
    """Everything an export shows, in the order it shows it."""

    format: Literal["warband.list-export/1"] = FORMAT
    system: SystemInfo
    faction: FactionInfo
    name: str
    points: int
    points_limit: int
    """0 for none: a BattleScribe list whose game and roster set no limit."""
    models: int
    valid: bool
    findings: list[ExportFinding]
    counts: list[str]
    """Running counts other than points: "Miniatures 8/15", "Rare: Rifle 1/3"."""
    entries: list[ExportEntry]
    glossary: list[GlossaryEntry]
    """The special rules the list uses, in our own summaries."""
    not_published: list[DataNote]
    """Each faction, unit or item used whose figures are not all published."""
    notes: str | None = None

    @property
    def points_shown(self) -> str:
        """``124/200``, or ``160`` where there is no limit (never ``160/0``)."""
        return f"{self.points}/{self.points_limit}" if self.points_limit else f"{self.points}"


def build_export(roster: Roster, view: FactionView, report: Report) -> ListExport:
    """The document of a list, as validated against its faction."""
    system = view.system
    loadouts = loadouts_of(view, roster)
    return ListExport(
        system=SystemInfo(
            id=system.id,
            name=system.name,
            edition=system.edition,
            catalog_version=system.version,
            points_name=system.points,
            priced=system.priced,
        ),
        faction=FactionInfo(id=view.faction.id, name=view.faction.name, data=view.faction.data),
        name=roster.name,
        points=report.points,
        points_limit=report.points_limit,
        models=report.models,
        valid=report.valid,
        findings=[
            ExportFinding(
                severity=f.severity,
                code=f.code,
                message=f.message,
                entry=None if f.where.unit is None else f.where.unit + 1,
            )
            for f in report.findings
        ],
        counts=tally_groups(tuple(t for t in report.tallies if not t.of_points)),
        entries=[_entry(view, lo) for lo in loadouts],
        glossary=_glossary(view, loadouts),
        not_published=_not_published(view, loadouts),
        notes=roster.notes,
    )


def _entry(view: FactionView, lo: Loadout) -> ExportEntry:
    unit, entry = lo.unit, lo.entry
    shown = view.system.stats_for(view.unit_tags(entry.unit))  # no vehicle stats on infantry
    items = []
    for c in lo.carried:
        item = view.items[c.item_id]
        items.append(
            ExportItem(
                id=c.item_id,
                name=item.name,
                count=c.count,
                source=c.source,
                cost=c.cost if c.source == "bought" else 0,
                profile=profile_text(item, view.system),
                rules=[rule_name(view, r) for r in (*item.rules, *c.extra_rules)],
                data=data_mark(item.data, item.gaps),
            )
        )
    return ExportEntry(
        number=lo.index + 1,
        name=entry.name or unit.name,
        unit_id=entry.unit,
        unit_name=unit.name,
        models=entry.models,
        cost=lo.cost,
        stats={s.id: str(unit.stats.get(s.id, "-")) for s in shown},
        rules=[rule_name(view, r) for r in unit.rules],
        items=items,
        data=unit_mark(unit),
        gaps=unit.gaps,
        notes=entry.notes,
        groups=[
            ExportGroup(
                name=g.name,
                count=g.count,
                stats={s.id: str(g.stats.get(s.id, "-")) for s in shown},
                carries=[
                    view.items[c.item_id].name + (f" x{c.count}" if c.count > 1 else "")
                    for c in g.carried
                    if c.source != "included"
                ],
                cost_each=g.cost,
            )
            for g in (lo.groups if lo.design else ())
        ],
        costing=list(lo.design.costing.lines()) if lo.design and lo.design.costing else [],
    )


def _glossary(view: FactionView, loadouts: tuple[Loadout, ...]) -> list[GlossaryEntry]:
    """Each special rule the list uses once, by name."""
    refs: dict[str, str] = {}
    for lo in loadouts:
        for ref in lo.unit.rules:
            refs.setdefault(rule_id(ref), ref)
        for c in lo.carried:
            for ref in (*view.items[c.item_id].rules, *c.extra_rules):
                refs.setdefault(rule_id(ref), ref)
    rules = [view.rules[rid] for rid in refs if rid in view.rules]
    return [
        GlossaryEntry(name=rule.name, summary=rule.summary)
        for rule in sorted(rules, key=lambda r: r.name.lower())
    ]


def _not_published(view: FactionView, loadouts: tuple[Loadout, ...]) -> list[DataNote]:
    """The faction, units and items used whose figures are not all published, once each."""
    notes: list[DataNote] = []
    faction_mark = data_mark(view.faction.data, None)
    if faction_mark:
        notes.append(DataNote(name=view.faction.name, mark=faction_mark, detail="the faction"))
    seen: set[str] = set()  # unit and item ids are distinct in a catalog
    for lo in loadouts:
        marked = [(lo.entry.unit, lo.unit.name, unit_mark(lo.unit), lo.unit.gaps)]
        for c in lo.carried:
            item = view.items[c.item_id]
            marked.append((c.item_id, item.name, data_mark(item.data, item.gaps), item.gaps))
        for key, name, mark, gaps in marked:
            if mark and key not in seen:
                seen.add(key)
                notes.append(DataNote(name=name, mark=mark, detail=gaps))
    return notes


def export_schema() -> dict[str, object]:
    """The JSON Schema of the JSON export."""
    schema = ListExport.model_json_schema()
    schema["$schema"] = "https://json-schema.org/draft/2020-12/schema"
    schema["$id"] = "https://warband.invalid/schemas/list-export-1.json"
    return schema


def main() -> None:
    """``python -m saves.list_export``: write the schema file beside this module."""
    SCHEMA.parent.mkdir(exist_ok=True)
    SCHEMA.write_text(json.dumps(export_schema(), indent=2) + "\n", encoding="utf-8")
    print(f"wrote {SCHEMA}")


if __name__ == "__main__":
    main()
