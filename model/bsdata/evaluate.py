"""A BattleScribe roster evaluated: its costs, its limits, and every rule it breaks.

The one public entry of the engine (``evaluate``); the rules it follows are listed in
``model/bsdata/SEMANTICS.md``, each with the choice made where BattleScribe and New
Recruit differ. The work is split by concern: links resolved (``resolve``), the roster
laid out flat (``tree``), counting (``queries``), conditions and repeats
(``conditions``), modifiers (``modifiers``), the effective fields of every selection
(``engine``), constraints (``constraints``) and what BattleScribe hangs each finding on
(``origins``).

Findings, in this order: selections, forces and catalogues not found in the data;
selections and forces using data a load-time fault touched (``bs-data-fault``); hidden
selections; constraints broken, place by place in roster order, then each
force's; cost limits exceeded.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from model.bsdata.constraints import check_constraints
from model.bsdata.data import Cost
from model.bsdata.engine import Engine, run_engine
from model.bsdata.memo import Recent
from model.bsdata.origins import selection_origin
from model.bsdata.roster import BsRoster, CostLimit
from model.bsdata.system import GameSystem
from model.core.messages import number_text
from model.core.safe_text import terminal_safe
from model.core.value import frozen_value
from model.rules.findings import Finding, Origin, Where


@frozen_value(slots=False)
class Evaluation:
    """What ``evaluate`` found about a roster."""

    findings: tuple[Finding, ...]
    totals: tuple[Cost, ...]
    """The roster's total of each of the game's cost types, in the game's order."""
    limits: tuple[CostLimit, ...]
    """The cost limits in force (the roster's, then the game's defaults)."""
    selection_costs: Mapping[str, tuple[Cost, ...]]
    """Per selection id: what the selection itself costs (its number times its entry's
    effective costs, its children not included), every cost type listed."""
    names: Mapping[str, str]
    """Per selection id: its entry's effective name."""
    categories: Mapping[str, tuple[str, ...]]
    """Per selection id: its category ids, the primary first."""

    @property
    def valid(self) -> bool:
        """True when no finding is an error."""
        return not any(f.severity == "error" for f in self.findings)

    @property
    def shown_totals(self) -> tuple[Cost, ...]:
        """The totals worth a reader's eye, in the game's order: those that are not zero
        or that a limit holds; the first of all when none is (a new list's 0 pts). A
        40k list then reads "160 pts", not "160 pts, 0 Crusade Points, 0 Crusade: Battle
        Honours ..." (cost types a matched play list never spends)."""
        limited = {c.type_id for c in self.limits if c.value >= 0}
        shown = tuple(c for c in self.totals if c.value or c.type_id in limited)
        return shown or self.totals[:1]


def hidden_is_checked(engine: Engine, at: int) -> bool:
    """Whether BattleScribe would report selection ``at`` if its entry were hidden.

    BattleScribe looks for hidden selections force by force, category by category: at a
    force's top level only among the selections listed under a category, which is their
    primary one (as modified); inside a selection, among all its children. So a top-level
    selection with no primary category (BattleScribe's "(No Category)") is never reported
    hidden (specs ``modifier-set-hidden-no-category``, ``selection-hidden-entry``,
    ``hidden-cascade-to-children``; the suite's ``docs/hidden-validation-analysis.md``).
    """
    return engine.tree.selections[at].parent is not None or engine.finals[at].primary is not None


def _hidden(engine: Engine) -> list[Finding]:
    """A selection of an entry hidden where it is (or in a hidden group) is an error, on
    the selection, from the hidden entry (or group) and the pseudo-constraint ``hidden``
    (BattleScribe's ``{entryId}/hidden``: the spec constraint-hidden-violation-linked),
    where BattleScribe checks for one (``hidden_is_checked``)."""
    out: list[Finding] = []
    rows = engine.tree.selections
    for at, row in enumerate(rows):
        node = row.node
        if node is None or not hidden_is_checked(engine, at):
            continue
        hider: str | None = node.entry.id if engine.finals[at].hidden else None
        for group in node.groups:
            if hider is None and engine.in_place(group, row.force, row.parent).hidden:
                hider = group.entry.id
        if hider is not None:
            name = terminal_safe(engine.finals[at].name)
            out.append(
                Finding(
                    "error",
                    "bs-hidden",
                    f"{name} may not be taken here now (the data hides it): remove it",
                    Where(selection=row.selection.id),
                    origin=selection_origin(row, hider, "hidden"),
                )
            )
    return out


FAULT = "data-fault"
"""The pseudo-constraint of a finding that a selection or force uses data with a fault
(warband's own: BattleScribe has no name for it)."""


def _touched(engine: Engine, at: int) -> str | None:
    """The id through which selection ``at`` uses data a load-time fault touched: its
    entry, a link followed to it, a group it is in, a category it is in."""
    faults = engine.system.faults
    node = engine.tree.selections[at].node
    if not faults or node is None:
        return None
    ids = (
        node.entry.id,
        *node.prefix,
        *(g.entry.id for g in node.groups),
        *engine.finals[at].categories,
    )
    return next((one for one in ids if one in faults), None)


def _fault_text(engine: Engine, id_: str) -> str:
    problem = engine.system.faults[id_]
    return terminal_safe(f"{problem.file}: {problem.message}" if problem.file else problem.message)


def _faults(engine: Engine) -> list[Finding]:
    """A warning on each selection and force that uses what a load-time fault touched
    (``GameSystem.faults``; ``SEMANTICS.md`` rule F7), naming the fault: the engine
    passed over it, so the list's total or findings may be incomplete, and a player is
    told so rather than trusting a number the data did not mean."""
    if not engine.system.faults:
        return []
    out: list[Finding] = []
    for placed in engine.tree.forces:
        entry = placed.entry
        if entry is not None and entry.id in engine.system.faults:
            force = placed.force
            out.append(
                Finding(
                    "warning",
                    "bs-data-fault",
                    f'Force "{terminal_safe(force.name)}" uses data with a fault, so its '
                    f"totals and findings may be incomplete: {_fault_text(engine, entry.id)}",
                    origin=Origin("force", force.id, force.entry_id, force.entry_id, FAULT),
                )
            )
    for at, row in enumerate(engine.tree.selections):
        touched = _touched(engine, at)
        if touched is None:
            continue
        name = terminal_safe(engine.finals[at].name)
        own = row.selection.entry_ids[-1]
        out.append(
            Finding(
                "warning",
                "bs-data-fault",
                f"{name} uses data with a fault, so its cost and findings may be "
                f"incomplete: {_fault_text(engine, touched)}",
                Where(selection=row.selection.id),
                origin=Origin("selection", row.selection.id, own, own, FAULT),
            )
        )
    return out


def _over_limits(engine: Engine, totals: dict[str, float]) -> list[Finding]:
    names = {type_id: name.strip() for type_id, name in engine.system.cost_names().items()}
    out: list[Finding] = []
    for limit in engine.limits:
        spent = totals.get(limit.type_id, 0.0)
        if limit.value < 0 or spent <= limit.value:
            continue
        unit = terminal_safe(names.get(limit.type_id, limit.type_id))
        out.append(
            Finding(
                "error",
                "bs-over-limit",
                f"The roster costs {number_text(spent)} {unit}, over the limit of "
                f"{number_text(limit.value)}: remove {number_text(spent - limit.value)} {unit} "
                f"or raise the limit to {number_text(spent)}",
                origin=Origin("roster", None, None, "costLimits", limit.type_id),
            )
        )
    return out


_EVALUATIONS: Recent[Evaluation] = Recent()


def evaluate(system: GameSystem, roster: BsRoster) -> Evaluation:
    """Cost and check ``roster`` over ``system`` with BattleScribe's rules; a roster
    evaluated a moment ago (the very object, as an undo gives it back) is not evaluated
    again (``model.bsdata.memo``)."""
    return _EVALUATIONS.get(system, roster, lambda: _evaluate(system, roster))


def _evaluate(system: GameSystem, roster: BsRoster) -> Evaluation:
    engine = run_engine(system, roster)
    rows = engine.tree.selections
    totals = dict.fromkeys(engine.cost_types, 0.0)
    selection_costs: dict[str, tuple[Cost, ...]] = {}
    names: dict[str, str] = {}
    categories: dict[str, tuple[str, ...]] = {}
    for at, row in enumerate(rows):
        own = engine.own_costs(at)
        for type_id, value in own.items():
            totals[type_id] += value
        selection_costs[row.selection.id] = tuple(Cost(t, v) for t, v in own.items())
        names[row.selection.id] = engine.finals[at].name
        categories[row.selection.id] = engine.finals[at].categories
    findings = [
        *engine.tree.findings,
        *_faults(engine),
        *_hidden(engine),
        *check_constraints(engine),
        *_over_limits(engine, totals),
    ]
    return Evaluation(
        findings=tuple(findings),
        totals=tuple(Cost(t, v) for t, v in totals.items()),
        limits=engine.limits,
        selection_costs=MappingProxyType(selection_costs),
        names=MappingProxyType(names),
        categories=MappingProxyType(categories),
    )
