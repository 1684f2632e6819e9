"""A BattleScribe roster as a shared document: the same ``ListExport`` our own lists make.

Chat text, Markdown, JSON and the printable sheet are written from ``ListExport``
(``saves/list_export.py``), so a list over BattleScribe data shares in every format
with no second set of writers, and the JSON keeps its published schema. The mapping:

- each selection at the top of a force (a unit, a vehicle) is an entry; what was
  selected inside it, at any depth, are its items, each with its count and cost;
- the game's first cost type that has a limit in the roster (else its first one) is
  the "points"; the other cost types are running counts ("Build Slots 12");
- an entry's (and an item's) profiles and rules are those the list makes
  (``model.bsdata.infos``: every modifier applied, hidden ones left out, a changed
  value marked); its stats are its first profile's;
- a model is a selection of type ``model`` (times its number), or a ``unit`` holding none;
- a finding points at the entry holding the selection it names.

Costs come from the engine's ``Evaluation``; BattleScribe costs may be fractional, and
are shown as written ("12.5"), while ``ListExport``'s whole-number fields round them.
"""

from __future__ import annotations

from collections.abc import Mapping

from model.bsdata.data import Cost
from model.bsdata.evaluate import Evaluation
from model.bsdata.infos import RosterInfos, ShownProfile, ShownRule, roster_infos
from model.bsdata.new_list import main_cost as main_cost  # given on: its users import it here
from model.bsdata.roster import BsRoster, Selection, all_forces, all_selections
from model.bsdata.system import GameSystem
from model.core.messages import number_text
from saves.list_export import (
    ExportCharacteristic,
    ExportEntry,
    ExportFinding,
    ExportItem,
    ExportProfile,
    FactionInfo,
    GlossaryEntry,
    ListExport,
    SystemInfo,
)


def _amount(costs: tuple[Cost, ...], type_id: str | None) -> float:
    return sum(c.value for c in costs if c.type_id == type_id)


def _total(
    selection: Selection, costs: Mapping[str, tuple[Cost, ...]], type_id: str | None
) -> float:
    """What a selection costs with everything selected inside it."""
    return sum(_amount(costs.get(s.id, ()), type_id) for s in all_selections((selection,)))


def _profile(profile: ShownProfile) -> ExportProfile:
    return ExportProfile(
        name=profile.name,
        type=profile.type_name.strip(),
        characteristics=[
            ExportCharacteristic(name=c.name, value=c.value, changed=c.changed)
            for c in profile.characteristics
        ],
        changed="name" in profile.changed,
    )


def _profile_text(profile: ShownProfile) -> str:
    return ", ".join(f"{c.name} {c.value}" for c in profile.characteristics if c.value)


def _glossary(glossary: dict[tuple[str, str], bool], rules: tuple[ShownRule, ...]) -> None:
    """Note each rule's text once per name and text (a modifier may change one unit's)."""
    for rule in rules:
        changed = bool(rule.changed & {"name", "description"})
        glossary[(rule.name, rule.description)] = (
            glossary.get((rule.name, rule.description), False) or changed
        )


def build_bs_export(
    system: GameSystem,
    system_id: str,
    roster: BsRoster,
    evaluation: Evaluation,
    infos: RosterInfos | None = None,
) -> ListExport:
    """The document of a BattleScribe list, as the engine evaluated it, each selection's
    profiles and rules as the list makes them (``infos``, worked out here if not given)."""
    if infos is None:
        infos = roster_infos(system, roster)
    points = main_cost(system, roster)
    names = system.cost_names()
    limit = next((c.value for c in roster.cost_limits if c.type_id == points), -1.0)
    totals = {c.type_id: c.value for c in evaluation.totals}
    entries: list[ExportEntry] = []
    owner: dict[str, int] = {}
    glossary: dict[tuple[str, str], bool] = {}
    models = 0
    for force in all_forces(roster.forces):
        for top in force.selections:
            number = len(entries) + 1
            items: list[ExportItem] = []
            for inner in all_selections(top.selections):
                owner[inner.id] = number
                shown = infos.of(inner.id).visible()
                _glossary(glossary, shown.rules)
                cost = _amount(evaluation.selection_costs.get(inner.id, ()), points)
                items.append(
                    ExportItem(
                        id=inner.entry_ids[-1],
                        name=inner.custom_name or evaluation.names.get(inner.id, inner.name),
                        count=inner.number,
                        source="bought" if cost else "included",
                        cost=round(cost),
                        profile=_profile_text(shown.profiles[0]) if shown.profiles else "",
                        rules=[r.name for r in shown.rules],
                        profiles=[_profile(p) for p in shown.profiles],
                    )
                )
            owner[top.id] = number
            shown = infos.of(top.id).visible()
            _glossary(glossary, shown.rules)
            name = evaluation.names.get(top.id, top.name)
            models += sum(s.number for s in all_selections((top,)) if s.type == "model") or (
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
                    stats={c.name: c.value for c in shown.profiles[0].characteristics}
                    if shown.profiles
                    else {},
                    rules=[r.name for r in shown.rules],
                    items=items,
                    notes=top.note or None,
                    profiles=[_profile(p) for p in shown.profiles],
                )
            )
    counts = [  # the costs besides the main one, as validate shows them (``shown_totals``)
        f"{names.get(total.type_id, total.type_id)} {number_text(total.value)}"
        + "".join(
            f"/{number_text(c.value)}"
            for c in roster.cost_limits
            if c.type_id == total.type_id and c.value >= 0
        )
        for total in evaluation.shown_totals
        if total.type_id != points
    ]
    catalogues = dict.fromkeys(
        f.catalogue_name or f.catalogue_id for f in all_forces(roster.forces)
    )
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
        glossary=[
            GlossaryEntry(name=name, summary=text, changed=changed)
            for (name, text), changed in sorted(glossary.items())
            if text
        ],
        not_published=[],
        notes=roster.custom_notes or None,
    )
