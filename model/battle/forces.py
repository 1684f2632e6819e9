"""The forces on the table: every model of both lists, frozen for the whole battle.

A battle keeps its own copy of each model's profile, tags, gear and points, and of
the catalog's tracker rules, so editing a catalog or a list later can never change
a battle in progress. Models get short ids a player can read in the log: side A's
models are A1, A2 ..., side B's B1, B2 ...; things that activate together (a pack,
or a whole unit where units activate) share an actor id, their first model's.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Annotated, Any

from pydantic import Discriminator, Tag

from model.bsdata.roster_schema import RosterTable
from model.catalog.items import rule_id
from model.catalog.schema import FactionView
from model.catalog.tracker import Tracker
from model.catalog.units import StatValue
from model.core.base import Frozen, FrozenMap, StatId, Text
from model.core.bounds import MAX_STAT, EntryIndex, Int, Items, PointsTotal, Side, StatNumber
from model.roster.loadout import Carried, Loadout
from model.roster.resolved import loadouts_of
from model.roster.roster import Roster

SIDE_LETTERS = ("A", "B", "C", "D")


class ItemSnap(Frozen):
    """A carried item as the battle knows it."""

    id: Text
    name: Text
    count: Items
    kind: Text
    tags: frozenset[str] = frozenset()


class ModelSnap(Frozen):
    """One model on the table."""

    id: Text
    """``A3``: side letter and number."""
    actor: Text
    """The id of what activates with it (its own, or its pack's first model)."""
    side: Side
    entry: EntryIndex
    """Its roster entry, from 0."""
    label: Text
    """How the tracker names it: "Big Joe (Chief)", "Addler 2/5"."""
    unit: Text
    stats: FrozenMap[StatId, StatValue]
    """The printed profile."""
    modifiers: FrozenMap[StatId, StatNumber] = FrozenMap()
    """Lasting changes from its gear and rules (Cumbersome: Ag -1)."""
    tags: frozenset[str] = frozenset()
    """Its unit's tags and its rules' tags."""
    items: tuple[ItemSnap, ...] = ()
    cost: PointsTotal = 0
    """Its points: what its side loses if it goes out."""
    force: str = ""
    """The force of its list it is in (a list over BattleScribe data holds forces)."""
    profiles: tuple[ProfileSnap, ...] = ()
    """Its profiles and its gear's as its list's modifiers made them (a list over
    BattleScribe data, whose characteristics are any text: ``stats`` holds only the
    whole numbers among them); empty for our own lists, whose profile is ``stats``."""
    rules: tuple[Text, ...] = ()
    """The names of its rules and its gear's (a list over BattleScribe data)."""


class ProfileSnap(Frozen):
    """A profile of a model or of its gear as the battle started: its name, its kind
    ("Vehicle", "Weapon"), what it belongs to, and each characteristic as written."""

    name: Text
    type: Text
    owner: str = ""
    """The gear it is the profile of ("Machine Gun"); empty for the model's own."""
    count: Int = 1
    """How many of that gear the model has."""
    characteristics: FrozenMap[str, str] = FrozenMap()


def _list_kind(value: Any) -> str:
    """Which kind of list a side holds: one over BattleScribe data names its game
    system's own id (``game_system_id``), which our lists never have."""
    if isinstance(value, RosterTable) or (isinstance(value, Mapping) and "game_system_id" in value):
        return "battlescribe"
    return "own"


SideList = Annotated[
    Annotated[Roster, Tag("own")] | Annotated[RosterTable, Tag("battlescribe")],
    Discriminator(_list_kind),
]
"""A side's list as the battle keeps it: one of ours, or one over BattleScribe data; told
apart by its keys, so a broken list is explained as the one kind it is."""


class SideHead(Frozen):
    """A side as its ``[[sides]]`` table of the battle file holds it: everything but its
    models, which the file lists apart (``[[models]]``, each with its side). The one
    definition of those keys: the file is read (``saves.battle_document``) and written
    (``saves.battle_toml``) from these fields, so a new one is added here alone."""

    player: Text
    faction: Text
    """The faction's name."""
    roster: SideList


class SideSetup(SideHead):
    """One player and their list: one of our own, or one over BattleScribe data (kept as
    its ``warband.bsroster`` file holds it), and every model of it. What the battle asks
    of either kind of list is a property here, so nothing else tells them apart."""

    models: tuple[ModelSnap, ...]

    @property
    def list_name(self) -> str:
        return self.roster.name

    @property
    def points_limit(self) -> int:
        """The list's points limit; 0 for a list over BattleScribe data (its limits are of
        the game's own cost types, which no tracker rule reads)."""
        return self.roster.points_limit if isinstance(self.roster, Roster) else 0

    def setting(self, setting_id: str) -> int:
        """A list setting the players agreed on (0 when the list has none)."""
        return self.roster.settings.get(setting_id, 0) if isinstance(self.roster, Roster) else 0


def build_side(
    index: int, player: str, roster: Roster, view: FactionView, tracker: Tracker
) -> SideSetup:
    """Every model of a list, with ids, profiles, lasting modifiers, gear and points."""
    letter = SIDE_LETTERS[index]
    models: list[ModelSnap] = []
    for lo in loadouts_of(view, roster):
        n = lo.entry.models
        together = tracker.activation == "unit" or "pack" in lo.tags
        first_id = f"{letter}{len(models) + 1}"
        if lo.design is not None:
            models.extend(_designed(view, lo, index, letter, len(models), first_id, together))
            continue
        share, extra = divmod(lo.cost, n)
        for k in range(n):
            items = []
            for c in lo.carried:
                count, left = divmod(c.count, n)
                count += 1 if k < left else 0
                if count:
                    items.append(_item_snap(view, c, count))
            model_id = f"{letter}{len(models) + 1}"
            name = lo.entry.name or lo.unit.name
            label = name if n == 1 else f"{name} {k + 1}/{n}"
            if lo.entry.name and lo.entry.name != lo.unit.name and n == 1:
                label = f"{lo.entry.name} ({lo.unit.name})"
            models.append(
                ModelSnap(
                    id=model_id,
                    actor=first_id if together else model_id,
                    side=index,
                    entry=lo.index,
                    label=label,
                    unit=lo.entry.unit,
                    stats=lo.unit.stats,
                    modifiers=FrozenMap(
                        _lasting_modifiers(view, lo.unit.rules, [i.id for i in items])
                    ),
                    tags=lo.tags,
                    items=tuple(items),
                    cost=share + (extra if k == 0 else 0),
                )
            )
    return SideSetup(player=player, faction=view.faction.name, roster=roster, models=tuple(models))


def _designed(
    view: FactionView, lo: Loadout, side: int, letter: str, start: int, first: str, together: bool
) -> list[ModelSnap]:
    """A designed unit's models, group by group, each with its own profile and gear."""
    out: list[ModelSnap] = []
    total = sum(g.count for g in lo.groups)
    name = lo.entry.name or lo.unit.name
    for group in lo.groups:
        items = tuple(_item_snap(view, c, c.count) for c in group.carried)
        for _ in range(group.count):
            number = start + len(out) + 1
            model_id = f"{letter}{number}"
            role = f" {group.name}" if group.name != lo.unit.name else ""
            label = name if total == 1 else f"{name}{role} {len(out) + 1}/{total}"
            out.append(
                ModelSnap(
                    id=model_id,
                    actor=first if together else model_id,
                    side=side,
                    entry=lo.index,
                    label=label,
                    unit=lo.entry.unit,
                    stats=FrozenMap(group.stats),
                    modifiers=FrozenMap(_lasting_modifiers(view, (), [i.id for i in items])),
                    tags=group.tags,
                    items=items,
                    cost=group.cost,
                )
            )
    return out


def _item_snap(view: FactionView, c: Carried, count: int) -> ItemSnap:
    """A carried item as the battle keeps it; weapons get a ``use:`` tag (module doc)."""
    use = getattr(view.items[c.item_id], "use", None)
    return ItemSnap(
        id=c.item_id,
        name=view.items[c.item_id].name,
        count=count,
        kind=c.kind,
        tags=c.tags | {f"use:{use}"} if use else c.tags,
    )


def _lasting_modifiers(
    view: FactionView, unit_rules: tuple[str, ...], item_ids: list[str]
) -> dict[str, int]:
    """Stat changes from the model's rules, its items and its items' rules."""
    total: dict[str, int] = {}

    def add(changes: FrozenMap[str, int]) -> None:
        for stat, delta in changes.items():
            total[stat] = total.get(stat, 0) + delta

    for ref in unit_rules:
        rule = view.rules.get(rule_id(ref))
        if rule is not None:
            add(rule.modifiers)
    for item_id in item_ids:
        item = view.items[item_id]
        add(item.modifiers)
        for ref in item.rules:
            rule = view.rules.get(rule_id(ref))
            if rule is not None:
                add(rule.modifiers)
    # every part is within a stat's range, but a model may carry many parts: the sum is
    # kept within the range too, as its snapshot must be (no game adds up to more)
    return {k: max(-MAX_STAT, min(MAX_STAT, v)) for k, v in total.items() if v}
