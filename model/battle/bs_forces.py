"""The forces on the table from lists over BattleScribe data: every model of both lists,
its profiles as the list's modifiers make them, frozen for the whole battle.

A BattleScribe list is forces holding selections; which of them are models is the
data's word, as the list's export reads it (``saves/bs_export.py``): a selection of type
``model`` (times its number), or a ``unit`` holding none; a selection at the top of a
force is a unit (a Gaslands car, a 40k squad), and a top one of another type (a
Gaslands Sponsor) is no model at all. Each model keeps its own profiles and its unit's,
then its gear's (the selections inside it, and for the unit's first model the unit's
gear outside any model), each characteristic as the list's modifiers make it
(``model.bsdata.infos``): a 40k model's W as its wargear changes it.

The damage characteristic the players chose (``model.battle.game_choices``) is read
from the model's own profiles first, then its unit's; its number, and every other whole
number of those profiles, is kept in the model's ``stats``, which the tracker rules
read. Apart from ``model.battle.forces``, which makes our own lists' models from a
catalog: these come from a game system's data instead, into the same ``ModelSnap``.
"""

from __future__ import annotations

from collections.abc import Sequence

from pydantic import ValidationError

from model.battle.battle import Battle
from model.battle.forces import SIDE_LETTERS, ModelSnap, ProfileSnap, SideSetup
from model.battle.game_choices import GameChoices, stat_key, tracker_for, whole_number
from model.battle.setup import BattleSetup
from model.bsdata.infos import Infos, RosterInfos, ShownCharacteristic, roster_infos
from model.bsdata.roster import Selection, all_forces, all_selections
from model.bsdata.roster_schema import RosterTable
from model.bsdata.roster_toml import BsRosterFile, roster_to_data
from model.bsdata.system import GameSystem
from model.core.base import FrozenMap
from model.core.bounds import MAX_ENTRIES, MAX_LIST_MODELS, MAX_STAT
from model.parse.schema_errors import problems_from

BsPlayer = tuple[str, BsRosterFile]
"""A player's name and their list over BattleScribe data."""


def characteristic_names(system: GameSystem) -> tuple[str, ...]:
    """Every characteristic name of the game's profile types, each once, in the data's
    order (the game system's first): what the damage characteristic is chosen from."""
    names: dict[str, None] = {}
    for file in (system.system, *system.catalogues):
        for profile_type in file.profile_types:
            for _, name in profile_type.characteristics:
                names.setdefault(name, None)
    return tuple(names)


def new_bs_battle(
    system: GameSystem,
    system_id: str,
    players: Sequence[BsPlayer],
    choices: GameChoices,
    *,
    scenario: str = "",
    turn_limit: int | None = None,
    seed: int = 0,
) -> Battle:
    """A battle between two lists of one BattleScribe game, ready for its first event.

    Raises ``ValueError`` with a reason a player can read: not two lists, a list of
    another game, more models than a battle holds, or a number out of its range."""
    if len(players) != 2:
        raise ValueError("a battle has two sides")
    for _, saved in players:
        if saved.system != system_id:
            raise ValueError(
                f"'{saved.roster.name}' is a {saved.system} list, not {system_id}: "
                "both lists must be of the same game"
            )
    sides = tuple(
        bs_side(index, name, saved, system, choices) for index, (name, saved) in enumerate(players)
    )
    given: dict[str, int] = {"turn_limit": turn_limit or choices.rounds, "seed": seed}
    try:
        setup = BattleSetup(
            system=system_id,
            system_name=system.name,
            catalog_version=f"revision {system.system.revision}",
            scenario=scenario,
            tracker=tracker_for(choices),
            choices=choices,
            sides=sides,
            turn_limit=given["turn_limit"],
            seed=given["seed"],
        )
    except ValidationError as exc:
        problems = problems_from(exc, given, BattleSetup)
        raise ValueError("; ".join(str(p) for p in problems)) from None
    return Battle(setup)


def bs_side(
    index: int, player: str, saved: BsRosterFile, system: GameSystem, choices: GameChoices
) -> SideSetup:
    """One side: every model of a list, in the list's order, with ids A1, A2 ..."""
    infos = roster_infos(system, saved.roster)
    letter = SIDE_LETTERS[index]
    models: list[ModelSnap] = []
    units = 0
    for force in all_forces(saved.roster.forces):
        force_name = force.custom_name or force.catalogue_name or force.name
        for top in force.selections:
            inner = [s for s in all_selections(top.selections) if s.type == "model"]
            if not inner and top.type not in ("model", "unit"):
                continue  # a Sponsor, a detachment rule: no model on the table
            if units >= MAX_ENTRIES:
                raise ValueError(f"'{saved.roster.name}' has over {MAX_ENTRIES} units")
            first = f"{letter}{len(models) + 1}"
            members = inner or [top]
            # the unit's own gear, outside its models, goes with its first model
            unit_gear = tuple(c for c in top.selections if c.type != "model") if inner else ()
            for member in members:
                for k in range(member.number):
                    if len(models) >= MAX_LIST_MODELS:
                        raise ValueError(
                            f"'{saved.roster.name}' has over {MAX_LIST_MODELS} models, "
                            "the most a battle holds"
                        )
                    first_one = member is members[0] and k == 0
                    gear = unit_gear if first_one else ()
                    model_id = f"{letter}{len(models) + 1}"
                    models.append(
                        _model(
                            model_id,
                            first if choices.activation == "unit" else model_id,
                            index,
                            units,
                            force_name,
                            top,
                            member,
                            (k, member.number),
                            gear,
                            infos,
                            choices,
                        )
                    )
            units += 1
    catalogues = dict.fromkeys(
        f.catalogue_name or f.catalogue_id for f in all_forces(saved.roster.forces)
    )
    return SideSetup(
        player=player,
        faction=" + ".join(catalogues) or saved.roster.name,
        roster=list_table(saved),
        models=tuple(models),
    )


def list_table(saved: BsRosterFile) -> RosterTable:
    """The list as its ``warband.bsroster`` file holds it, for the battle file."""
    body = {k: v for k, v in roster_to_data(saved).items() if k != "format"}
    return RosterTable.model_validate(body)


def _model(
    model_id: str,
    actor: str,
    side: int,
    entry: int,
    force: str,
    top: Selection,
    member: Selection,
    place: tuple[int, int],
    gear: tuple[Selection, ...],
    infos: RosterInfos,
    choices: GameChoices,
) -> ModelSnap:
    own = infos.of(member.id).visible()
    unit = infos.of(top.id).visible() if member is not top else Infos()
    profiles = [_profile(p.name, p.type_name, "", 1, p.characteristics) for p in own.profiles]
    profiles += [_profile(p.name, p.type_name, "", 1, p.characteristics) for p in unit.profiles]
    stats = _stats(profiles, choices.damage)
    rules = dict.fromkeys(r.name for r in (*own.rules, *unit.rules))
    k, n = place
    # the member's gear is held by its n models together (a collective entry's number is
    # kept per model of its parent: 4 Bolt Rifles for 4 Intercessors is one each)
    held = [(inner, 1) for inner in all_selections(gear)]
    held += [(inner, n) for inner in all_selections(member.selections)]
    for inner, share in held:
        shown = infos.of(inner.id).visible()
        name = inner.custom_name or inner.name
        count = inner.number // share if inner.number % share == 0 else inner.number
        profiles += [
            _profile(p.name, p.type_name, name, max(count, 1), p.characteristics)
            for p in shown.profiles
        ]
        rules.update(dict.fromkeys(r.name for r in shown.rules))
    name = member.custom_name or member.name
    unit_name = top.custom_name or top.name
    label = name if member is top else f"{unit_name}: {name}"
    return ModelSnap(
        id=model_id,
        actor=actor,
        side=side,
        entry=entry,
        label=f"{label} {k + 1}/{n}" if n > 1 else label,
        unit=top.entry_ids[-1],
        stats=FrozenMap(stats),
        force=force,
        profiles=tuple(profiles),
        rules=tuple(r for r in rules if r),
    )


def _profile(
    name: str, kind: str, owner: str, count: int, characteristics: Sequence[ShownCharacteristic]
) -> ProfileSnap:
    values: dict[str, str] = {}
    for c in characteristics:
        values.setdefault(c.name, c.value)
    return ProfileSnap(
        name=name.strip() or "?",
        type=kind.strip() or "?",
        owner=owner,
        count=count,
        characteristics=FrozenMap(values),
    )


def _stats(profiles: list[ProfileSnap], damage: str) -> dict[str, int]:
    """The whole numbers of a model's own and unit's profiles, by ``stat_key``: the
    damage characteristic's first (from the first profile that has it as a number)."""
    stats: dict[str, int] = {}
    wanted = damage.strip().lower()
    for phase in ("damage", "rest"):
        for profile in profiles:
            for name, value in profile.characteristics.items():
                if (name.strip().lower() == wanted) != (phase == "damage"):
                    continue
                number = whole_number(value)
                if number is not None and number <= MAX_STAT:
                    stats.setdefault(stat_key(name), number)
    return stats


def damage_value(model: ModelSnap, choices: GameChoices | None) -> int | None:
    """The number the model's damage counts against, None for a plain count (no
    characteristic chosen, or none of its profiles has it as a number)."""
    if choices is None or not choices.damage:
        return None
    value = model.stats.get(stat_key(choices.damage))
    return value if isinstance(value, int) else None
