"""The catalog files as written: a system file, a faction file and a player's house file,
each a model the TOML is validated against (and the published JSON schema is made from).

Apart from the assembled catalog (model.catalog.schema): only the loader, the cache
and the schema writer read whole files; everything else reads a faction view.
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from model.catalog.design import DesignSpec, UnitCard
from model.catalog.items import DataMark, Item
from model.catalog.system import SpecialRule, System
from model.catalog.tracker import Tracker
from model.catalog.units import OptionGroup, Unit
from model.core.base import Frozen, FrozenMap, Id, Text, empty_map
from model.rules.kinds import Constraint

CATALOG_FORMAT = "warband.catalog/1"
"""The format key every catalog file starts with."""


class FactionInfo(Frozen):
    """The heading of a faction file."""

    id: Id
    name: Text
    summary: str | None = None
    data: DataMark = "published"
    source: str | None = None


class CatalogPart(Frozen):
    """What both a system file and a faction file may declare."""

    format: Literal["warband.catalog/1"]
    """The catalog format; always ``warband.catalog/1`` for now."""
    items: FrozenMap[Id, Item] = Field(default_factory=empty_map)
    rules: FrozenMap[Id, SpecialRule] = Field(default_factory=empty_map)
    units: FrozenMap[Id, Unit] = Field(default_factory=empty_map)
    """In a system file: units every faction may take (mercenaries)."""
    options: tuple[OptionGroup, ...] = ()
    """Option groups offered to every unit (that the group's ``units`` selects)."""
    constraints: tuple[Constraint, ...] = ()
    """List rules."""
    cards: FrozenMap[Id, UnitCard] = Field(default_factory=empty_map)
    """Designed units (``[cards.<id>]``), in systems with a unit designer; the
    rulebook's sample profiles are cards marked ``data = "example"``."""


class SystemFile(CatalogPart):
    """``system.toml``: the game system and what its factions share."""

    system: System
    design: DesignSpec | None = None
    """The unit designer's base cost table, for systems whose players design units."""
    tracker: Tracker | None = None
    """What the battle tracker needs; a system without it can build lists only."""


class HouseFile(Frozen):
    """``house.toml`` in a user catalog folder named like a system: a player's own data
    on top of the system, without copying it: a base-cost table that replaces the
    system's ``[design]``, and cards every faction may field."""

    format: Literal["warband.catalog/1"]
    design: DesignSpec | None = None
    cards: FrozenMap[Id, UnitCard] = Field(default_factory=empty_map)


class FactionFile(CatalogPart):
    """``factions/<id>.toml``: one faction's units, items, rules and list rules."""

    faction: FactionInfo
