"""Starting a list over BattleScribe data: the forces a player may start with and the
list ``warband new`` and the app's New list both make, from one place so both start the
same list. Also the cost type a list is mostly counted in (``main_cost``), which a new
list's limit is set on and the shared text counts in (``saves.bs_export`` gives it on).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from model.bsdata.data import Catalogue, ForceEntry
    from model.bsdata.roster import BsRoster
    from model.bsdata.system import GameSystem


def main_cost(system: GameSystem, roster: BsRoster) -> str | None:
    """The cost type a list is mostly counted in: the first one the roster limits, else
    the game's first visible one, else None (a game without costs)."""
    types = [t for t in system.cost_types() if not t.hidden] or list(system.cost_types())
    limited = {limit.type_id for limit in roster.cost_limits if limit.value >= 0}
    for cost_type in types:
        if cost_type.id in limited:
            return cost_type.id
    return types[0].id if types else None


def playable_forces(system: GameSystem, catalogue: Catalogue) -> tuple[ForceEntry, ...]:
    """The force entries a player may start a list with in ``catalogue`` (hidden ones
    are not offered by BattleScribe either); ``RosterError`` when there is none, so a
    list is never started empty."""
    from model.core.problems import Problem, RosterError

    forces = tuple(f for f in system.forces(catalogue.id) if not f.hidden)
    if not forces:
        raise RosterError(
            "cannot start the list",
            [Problem(f"{catalogue.name} has no kind of force to add", catalogue.file)],
        )
    return forces


def started_roster(
    system: GameSystem,
    catalogue: Catalogue,
    force: ForceEntry,
    points: float | None,
    name: str,
) -> BsRoster:
    """A new list as ``new`` makes it, and the app's New list too (one place, so both
    start the same list): one force of ``force`` holding what BattleScribe selects by
    itself, and a limit of ``points`` on the main cost type (None or 0: no limit set, the
    game's own default applies)."""
    from model.bsdata.building import new_force
    from model.bsdata.roster import BsRoster, CostLimit
    from model.bsdata.roster_toml import made_roster_id

    empty = BsRoster(
        id=made_roster_id(system.id, name),
        name=name,
        game_system_id=system.id,
        game_system_name=system.name,
        game_system_revision=system.system.revision,
    )
    main = main_cost(system, empty)
    limits = (CostLimit(main, float(points)),) if main and points else ()
    return new_force(
        system,
        BsRoster(
            id=empty.id,
            name=name,
            game_system_id=system.id,
            game_system_name=system.name,
            game_system_revision=system.system.revision,
            cost_limits=limits,
        ),
        catalogue.id,
        force.id,
    )
