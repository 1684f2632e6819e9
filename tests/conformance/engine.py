"""warband's BattleScribe engine behind the suite's actions and its roster state.

This is the adapter the upstream harness asks every engine for (its ``IRosterEngine``):
each action is one edit through ``model.bsdata.building``, the module the builder and
the command line edit lists with, and the state is read from ``model.bsdata.evaluate``
(names, costs, hidden flags and findings as warband works them out), and from
``model.bsdata.ros_content`` (categories, pages and books as warband writes them to a
``.ros``). Nothing here decides a rule of the game: where the state needs something
warband does not work out yet, it is left out, and the spec that asks for it fails. The
one thing the adapter chooses is which of warband's cost totals the state lists, the
harness's ``CostState`` being BattleScribe's list of a roster's costs
(``_used_cost_types``); the totals themselves are warband's.

The state is plain dicts and lists shaped as the harness's ``RosterState``
(``reference/src/BattleScribeSpec.TestKit/Roster/RosterTypes.cs``), so ``compare`` can
follow the upstream runner's comparison field by field.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from model.bsdata import building
from model.bsdata.engine import Engine, roster_catalogues, run_engine
from model.bsdata.evaluate import Evaluation, evaluate
from model.bsdata.infos import Infos, category_infos, force_infos, selection_infos
from model.bsdata.order import in_battlescribe_order
from model.bsdata.ros_content import ForceFacts, RosContent, SelectionFacts, ros_content
from model.bsdata.roster import BsRoster, Force, Selection, all_forces, all_selections
from model.bsdata.system import GameSystem
from model.rules.findings import Finding

State = dict[str, Any]


class SpecError(Exception):
    """An action the engine refused or could not do: the spec fails at that step."""


def _all_ids(roster: BsRoster) -> set[str]:
    ids: set[str] = set()
    for force in all_forces(roster.forces):
        ids.add(force.id)
        ids.update(s.id for s in all_selections(force.selections))
    return ids


class SpecEngine:
    """One roster over one game system, edited by the suite's actions."""

    def __init__(self, system: GameSystem, name: str) -> None:
        self.system = system
        self.roster = BsRoster(
            id="roster",
            name=name,
            game_system_id=system.id,
            game_system_name=system.name,
        )
        self._listed: set[str] = set()
        """The cost types the roster's costs have listed so far (``_used_cost_types``)."""

    # -- actions ------------------------------------------------------------------------

    def _edit(self, change: Any) -> tuple[set[str], BsRoster]:
        before = _all_ids(self.roster)
        try:
            roster = change()
        except Exception as error:  # warband's RosterError and anything unexpected
            raise SpecError(f"{type(error).__name__}: {error}") from error
        self.roster = roster
        return _all_ids(roster) - before, roster

    def _outputs(self, new: set[str], created: str | None, key: str) -> dict[str, Any]:
        """``key`` names the new force or selection; ``selections`` maps each entry id of
        what was selected with it (its defaults) to the selection's id."""
        out: dict[str, Any] = {}
        if created is not None:
            out[key] = created
        auto: dict[str, str] = {}
        for force in all_forces(self.roster.forces):
            for selection in all_selections(force.selections):
                if selection.id in new and selection.id != created:
                    auto.setdefault(selection.entry_ids[-1], selection.id)
                    auto.setdefault(selection.entry_id, selection.id)
        out["selections"] = auto
        return out

    def add_force(
        self, force_entry_id: str, catalogue_id: str, parent_id: str | None = None
    ) -> dict[str, Any]:
        new, roster = self._edit(
            lambda: building.new_force(
                self.system, self.roster, catalogue_id, force_entry_id, parent_force_id=parent_id
            )
        )
        created = next((f.id for f in all_forces(roster.forces) if f.id in new), None)
        return self._outputs(new, created, "forceId")

    def remove_force(self, force_id: str) -> None:
        self._edit(lambda: building.remove_force(self.roster, force_id))

    def select(self, force_id: str, parent_id: str | None, entry_id: str) -> dict[str, Any]:
        before_place = self._place(force_id, parent_id)
        new, _ = self._edit(
            lambda: building.add_selection(self.system, self.roster, force_id, parent_id, entry_id)
        )
        after_place = self._place(force_id, parent_id)
        created = next((i for i in after_place if i in new and i not in before_place), None)
        if created is None:  # selected again inside a selection: the one there grew
            created = next((i for i, n in after_place.items() if n > before_place.get(i, n)), None)
        return self._outputs(new, created, "selectionId")

    def _place(self, force_id: str, parent_id: str | None) -> dict[str, int]:
        """The selections in a place, each with its number."""
        for force in all_forces(self.roster.forces):
            if force.id != force_id:
                continue
            if parent_id is None:
                return {s.id: s.number for s in force.selections}
            for selection in all_selections(force.selections):
                if selection.id == parent_id:
                    return {s.id: s.number for s in selection.selections}
        return {}

    def deselect(self, selection_id: str) -> None:
        self._edit(lambda: building.deselect(self.system, self.roster, selection_id))

    def set_count(self, selection_id: str, count: int) -> None:
        self._edit(lambda: building.set_count(self.system, self.roster, selection_id, count))

    def duplicate(self, selection_id: str) -> dict[str, Any]:
        made: list[str] = []

        def change() -> BsRoster:
            roster, new_id = building.duplicate_selection(self.system, self.roster, selection_id)
            made.append(new_id)
            return roster

        new, _ = self._edit(change)
        return self._outputs(new, made[0] if made else None, "selectionId")

    def set_cost_limit(self, type_id: str, value: float) -> None:
        self._edit(
            lambda: building.set_cost_limit(self.roster, type_id, None if value < 0 else value)
        )

    def customize(
        self,
        force_id: str,
        selection_id: str | None,
        name: str | None,
        notes: str | None,
        category_id: str | None = None,
    ) -> None:
        """BattleScribe's Customise: the category ``category_id`` of the force when given,
        else the selection, else the force itself (the suite's targeting rules)."""
        if category_id is not None:
            if name is not None:
                self._edit(
                    lambda: building.set_category_custom_name(
                        self.system, self.roster, force_id, category_id, name
                    )
                )
            if notes is not None:
                self._edit(
                    lambda: building.set_category_custom_notes(
                        self.system, self.roster, force_id, category_id, notes
                    )
                )
            return
        if name is not None:
            self._edit(lambda: building.set_custom_name(self.roster, force_id, selection_id, name))
        if notes is not None:
            self._edit(
                lambda: building.set_custom_notes(self.roster, force_id, selection_id, notes)
            )

    def replace_roster(self, roster: BsRoster) -> None:
        self.roster = replace(roster)

    # -- state --------------------------------------------------------------------------

    def evaluation(self) -> tuple[Engine, Evaluation]:
        return run_engine(self.system, self.roster), evaluate(self.system, self.roster)

    def state(self) -> State:
        engine, found = self.evaluation()
        used = self._used_cost_types(engine)
        self._listed |= used
        used = set(self._listed)
        costs = [self._cost(c.type_id, c.value) for c in found.totals if c.type_id in used]
        limits = [self._cost(c.type_id, c.value) for c in self.roster.cost_limits]
        # BattleScribe's expected states are in the order it shows a roster in
        shown = in_battlescribe_order(self.roster, found.names)
        written = ros_content(self.system, self.roster)
        forces = [self._force(engine, found, written, f) for f in shown.forces]
        return {
            "name": self.roster.name,
            "gameSystemId": self.roster.game_system_id,
            "gameSystemName": self.roster.game_system_name,
            "forces": forces,
            "costs": costs,
            "costLimits": limits,
        }

    def _cost(self, type_id: str, value: float) -> State:
        """A cost as the harness's ``CostState``: its type's name, and ``hidden`` as the
        game system declares the type (spec ``cost-type-hidden``)."""
        types = {c.id: c for c in self.system.cost_types(roster_catalogues(self.roster))}
        kind = types.get(type_id)
        return {
            "name": kind.name if kind is not None else type_id,
            "typeId": type_id,
            "value": value,
            "hidden": bool(kind is not None and kind.hidden),
        }

    def _used_cost_types(self, engine: Engine) -> set[str]:
        """The cost types some selection's entry names now. BattleScribe lists a
        roster's costs of those types only (spec ``cost-partial-types``), but keeps a
        type listed, at 0, once the selections that cost it are gone (its total is a sum
        it subtracts from and adds to as selections come and go: spec
        ``selection-deselect-then-reselect``), so ``state`` lists every type this has
        given since the roster was begun. The totals themselves are warband's."""
        used: set[str] = set()
        for placed in engine.tree.selections:
            if placed.node is not None:
                used.update(c.type_id for c in placed.node.costs)
        return used

    def _force(self, engine: Engine, found: Evaluation, written: RosContent, force: Force) -> State:
        at = next(i for i, p in enumerate(engine.tree.forces) if p.force.id == force.id)
        rows = {p.selection.id: i for i, p in enumerate(engine.tree.selections)}
        facts = written.forces.get(force.id, ForceFacts())
        return {
            "id": force.id,
            "name": force.name,
            "entryId": force.entry_id,
            "catalogueId": force.catalogue_id,
            "catalogueName": force.catalogue_name,
            "customName": force.custom_name,
            "customNotes": force.note,
            "hidden": engine.force_hidden(at),
            "publicationId": facts.publication_id,
            "page": facts.page,
            "publications": [{"id": p.id, "name": p.name} for p in facts.publications],
            **_infos(force_infos(engine, at)),
            "selections": [
                self._selection(engine, found, written, rows, s) for s in force.selections
            ],
            "categories": [
                {
                    "name": c.name,
                    "entryId": c.entry_id,
                    "primary": c.primary,
                    "customName": c.custom_name,
                    "customNotes": c.note,
                }
                for c in facts.categories
            ],
            "childForces": [self._force(engine, found, written, f) for f in force.forces],
        }

    def _selection(
        self,
        engine: Engine,
        found: Evaluation,
        written: RosContent,
        rows: dict[str, int],
        selection: Selection,
    ) -> State:
        at = rows[selection.id]
        # the page and publication as BattleScribe writes them (modified, a link's own)
        facts = written.selections.get(selection.id, SelectionFacts(selection.name))
        placed = engine.tree.selections[at]
        final = engine.finals[at]
        costs = [
            self._cost(c.type_id, c.value) for c in found.selection_costs.get(selection.id, ())
        ]
        # the book it cites, among those its force's catalogue can cite
        force_facts = written.forces.get(engine.tree.forces[placed.force].force.id, ForceFacts())
        book = next((p for p in force_facts.publications if p.id == facts.publication_id), None)
        categories = [
            {
                "name": c.name,
                "entryId": c.entry_id,
                "primary": c.primary,
                **_infos(category_infos(engine, at, c.entry_id)),
            }
            for c in facts.categories
        ]
        return {
            "id": selection.id,
            "name": found.names.get(selection.id, selection.name),
            "entryId": selection.entry_id,
            "entryGroupId": selection.entry_group_id or "",
            "type": selection.type,
            "number": selection.number,
            "hidden": final.hidden,
            "costs": costs,
            "categories": categories,
            "page": facts.page,
            "publicationId": facts.publication_id,
            "publicationName": book.name if book is not None else "",
            "customName": selection.custom_name,
            "customNotes": selection.note,
            **_infos(selection_infos(engine, at)),
            "children": [
                self._selection(engine, found, written, rows, s) for s in selection.selections
            ],
        }

    def errors(self) -> list[State]:
        """Each error finding as the harness's ``ValidationErrorState``."""
        _, found = self.evaluation()
        return [_error(f) for f in found.findings if f.severity == "error"]


def _infos(infos: Infos) -> State:
    """Profiles and rules as the harness's ``ProfileState``/``RuleState``: the ones shown
    (BattleScribe leaves hidden ones out of a roster's state)."""
    shown = infos.visible()
    return {
        "profiles": [
            {
                "name": p.name,
                "typeId": p.type_id,
                "typeName": p.type_name,
                "hidden": p.hidden,
                "characteristics": [
                    {"name": c.name, "typeId": c.type_id, "value": c.value}
                    for c in p.characteristics
                ],
                "page": p.page,
                "publicationId": p.publication_id or "",
            }
            for p in shown.profiles
        ],
        "rules": [
            {
                "name": r.name,
                "description": r.description,
                "hidden": r.hidden,
                "page": r.page,
                "publicationId": r.publication_id or "",
            }
            for r in shown.rules
        ],
    }


def _error(finding: Finding) -> State:
    origin = getattr(finding, "origin", None)
    if origin is None:
        return {"message": finding.message, "code": finding.code}
    return {
        "message": finding.message,
        "ownerType": origin.on,
        "ownerId": origin.on_id,
        "ownerEntryId": origin.on_entry_id,
        "entryId": origin.entry_id,
        "constraintId": origin.constraint_id,
    }
