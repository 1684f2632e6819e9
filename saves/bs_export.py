"""A BattleScribe roster as a shared document: the same ``ListExport`` our own lists make.

Chat text, Markdown, JSON and the printable sheet are written from ``ListExport``
(``saves/list_export.py``), so a list over BattleScribe data shares in every format
with no second set of writers, and the JSON keeps its published schema. The mapping:

- each selection at the top of a force (a unit, a vehicle) is an entry; what was
  selected inside it, at any depth, are its items, each with its count and cost;
- the game's first cost type that has a limit in the roster (else its first one) is
  the "points"; the other cost types are running counts ("Build Slots 12");
- an entry's stats are the first profile of its entry, its rules the rules it carries;
- a model is a selection of type ``model`` (times its number), or a ``unit`` holding none;
- a finding points at the entry holding the selection it names.

Costs come from the engine's ``Evaluation``; BattleScribe costs may be fractional, and
are shown as written ("12.5"), while ``ListExport``'s whole-number fields round them.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping

from model.bsdata.data import Cost, Entry, InfoGroup, Profile, Rule
from model.bsdata.evaluate import Evaluation
from model.bsdata.roster import BsRoster, Force, Selection
from model.bsdata.system import GameSystem
from saves.list_export import (
    ExportEntry,
    ExportFinding,
    ExportItem,
    FactionInfo,
    GlossaryEntry,
    ListExport,
    SystemInfo,
)


def number_text(value: float) -> str:
    """A cost as BattleScribe data writes it, without a needless ``.0``."""
    return str(int(value)) if value == int(value) else f"{value:g}"


def main_cost(system: GameSystem, roster: BsRoster) -> str | None:
    """The cost type a list is mostly counted in: the first one the roster limits, else
    the game's first visible one, else None (a game without costs)."""
    types = [t for t in system.cost_types() if not t.hidden] or list(system.cost_types())
    limited = {limit.type_id for limit in roster.cost_limits if limit.value >= 0}
    for cost_type in types:
        if cost_type.id in limited:
            return cost_type.id
    return types[0].id if types else None


def _amount(costs: tuple[Cost, ...], type_id: str | None) -> float:
    return sum(c.value for c in costs if c.type_id == type_id)


def _forces(forces: tuple[Force, ...]) -> Iterator[Force]:
    for force in forces:
        yield force
        yield from _forces(force.forces)


def _walk(selections: tuple[Selection, ...]) -> Iterator[Selection]:
    for selection in selections:
        yield selection
        yield from _walk(selection.selections)


def _total(
    selection: Selection, costs: Mapping[str, tuple[Cost, ...]], type_id: str | None
) -> float:
    """What a selection costs with everything selected inside it."""
    return sum(_amount(costs.get(s.id, ()), type_id) for s in _walk((selection,)))


def _entry_of(system: GameSystem, selection: Selection, catalogue_id: str) -> list[Entry]:
    """The entries (and links' targets) a selection's id chain names, outermost first."""
    found = (system.find(part, catalogue_id) for part in selection.entry_ids)
    return [e for e in found if isinstance(e, Entry)]


def _profiles(system: GameSystem, entries: list[Entry], catalogue_id: str) -> list[Profile]:
    out: list[Profile] = []
    for entry in entries:
        out.extend(p for p in entry.info.profiles if not p.hidden)
        for link in entry.info.info_links:
            target = system.find(link.target_id, catalogue_id)
            if isinstance(target, Profile) and not link.hidden:
                out.append(target)
    return out


def _rules(system: GameSystem, entries: list[Entry], catalogue_id: str) -> list[Rule]:
    out: list[Rule] = []
    for entry in entries:
        out.extend(r for r in entry.info.rules if not r.hidden)
        for link in entry.info.info_links:
            target = system.find(link.target_id, catalogue_id)
            if isinstance(target, Rule) and not link.hidden:
                out.append(target)
            elif isinstance(target, InfoGroup):
                out.extend(r for r in target.rules if not r.hidden)
    return out


def _profile_text(profile: Profile) -> str:
    return ", ".join(f"{c.name} {c.value}" for c in profile.characteristics if c.value)


def build_bs_export(
    system: GameSystem, system_id: str, roster: BsRoster, evaluation: Evaluation
) -> ListExport:
    """The document of a BattleScribe list, as the engine evaluated it."""
    points = main_cost(system, roster)
    names = system.cost_names()
    limit = next((c.value for c in roster.cost_limits if c.type_id == points), -1.0)
    totals = {c.type_id: c.value for c in evaluation.totals}
    entries: list[ExportEntry] = []
    owner: dict[str, int] = {}
    glossary: dict[str, str] = {}
    models = 0
    for force in _forces(roster.forces):
        for top in force.selections:
            number = len(entries) + 1
            items: list[ExportItem] = []
            for inner in _walk(top.selections):
                owner[inner.id] = number
                found = _entry_of(system, inner, force.catalogue_id)
                rules = _rules(system, found, force.catalogue_id)
                for rule in rules:
                    glossary.setdefault(rule.name, rule.description)
                profile = next(iter(_profiles(system, found, force.catalogue_id)), None)
                cost = _amount(evaluation.selection_costs.get(inner.id, ()), points)
                items.append(
                    ExportItem(
                        id=inner.entry_ids[-1],
                        name=inner.custom_name or evaluation.names.get(inner.id, inner.name),
                        count=inner.number,
                        source="bought" if cost else "included",
                        cost=round(cost),
                        profile=_profile_text(profile) if profile else "",
                        rules=[r.name for r in rules],
                    )
                )
            owner[top.id] = number
            found = _entry_of(system, top, force.catalogue_id)
            profiles = _profiles(system, found, force.catalogue_id)
            rules = _rules(system, found, force.catalogue_id)
            for rule in rules:
                glossary.setdefault(rule.name, rule.description)
            name = evaluation.names.get(top.id, top.name)
            models += sum(s.number for s in _walk((top,)) if s.type == "model") or (
                top.number if top.type == "unit" else 0
            )
            entries.append(
                ExportEntry(
                    number=number,
                    name=top.custom_name or name,
                    unit_id=top.entry_ids[-1],
                    unit_name=name,
                    models=top.number,
                    cost=round(_total(top, evaluation.selection_costs, points)),
                    stats={c.name: c.value for c in profiles[0].characteristics}
                    if profiles
                    else {},
                    rules=[r.name for r in rules],
                    items=items,
                    notes=top.note or None,
                )
            )
    counts = [
        f"{names.get(type_id, type_id)} {number_text(value)}"
        + "".join(
            f"/{number_text(c.value)}"
            for c in roster.cost_limits
            if c.type_id == type_id and c.value >= 0
        )
        for type_id, value in totals.items()
        if type_id != points
    ]
    catalogues = dict.fromkeys(f.catalogue_name or f.catalogue_id for f in _forces(roster.forces))
    return ListExport(
        system=SystemInfo(
            id=system_id,
            name=system.name,
            edition="(BattleScribe data)",
            catalog_version=f"revision {system.system.revision}",
            points_name=names.get(points, "points") if points else "points",
            priced=points is not None,
        ),
        faction=FactionInfo(
            id=roster.forces[0].catalogue_id if roster.forces else "",
            name=" + ".join(catalogues) or "no force yet",
            data="published",
        ),
        name=roster.name,
        points=round(totals.get(points or "", 0.0)),
        points_limit=round(limit) if limit >= 0 else 0,
        models=models,
        valid=evaluation.valid,
        findings=[
            ExportFinding(
                severity=f.severity,
                code=f.code,
                message=f.message,
                entry=owner.get(f.where.selection or ""),
            )
            for f in evaluation.findings
        ],
        counts=counts,
        entries=entries,
        glossary=[GlossaryEntry(name=n, summary=s) for n, s in sorted(glossary.items()) if s],
        not_published=[],
        notes=roster.custom_notes or None,
    )
