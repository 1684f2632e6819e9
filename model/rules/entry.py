"""What a list rule may read of a list: an entry as resolved, its models and what they
carry, the list's points limit and settings, and the names of units and items.

Each is a ``Protocol`` the roster's own classes meet as they are (``Loadout``,
``ModelsLoad``, ``Carried``, ``RosterUnit``, ``Roster``, ``FactionView``), so the rules sit
below the catalog and the roster and still read a list without copying it. Whatever a
new kind of rule needs to read is added here first: the type checker then says whether
the roster's classes give it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Protocol


class Named(Protocol):
    """A unit or item of the catalog, as a message names it."""

    @property
    def name(self) -> str: ...


class Names(Protocol):
    """The catalog's units and items by id (``FactionView``), for the names a count
    grouped by unit or item gives in its messages."""

    @property
    def units(self) -> Mapping[str, Named]: ...

    @property
    def items(self) -> Mapping[str, Named]: ...


class Limits(Protocol):
    """What a rule reads of the list itself (``Roster``): its points limit and the values
    of its list settings."""

    @property
    def points_limit(self) -> int: ...

    @property
    def settings(self) -> Mapping[str, int]: ...


class Carried(Protocol):
    """An item an entry (or one of its models) carries, as counted."""

    @property
    def item_id(self) -> str: ...

    @property
    def count(self) -> int: ...

    @property
    def source(self) -> str:
        """``bought``, or how the item came with the unit."""
        ...

    @property
    def cost(self) -> int: ...

    @property
    def kind(self) -> str: ...

    @property
    def tags(self) -> frozenset[str]: ...

    @property
    def rule_count(self) -> int:
        """How many special rules the item has, its own and those added to it."""
        ...


class Models(Protocol):
    """A group of an entry's models that are alike (a designed unit's models)."""

    @property
    def name(self) -> str: ...

    @property
    def count(self) -> int: ...

    @property
    def stats(self) -> Mapping[str, object]: ...

    @property
    def tags(self) -> frozenset[str]: ...

    @property
    def carried(self) -> tuple[Carried, ...]: ...


class Line(Protocol):
    """An entry's line of the list (``RosterUnit``): which unit and how many models."""

    @property
    def unit(self) -> str: ...

    @property
    def models(self) -> int: ...


class Profile(Protocol):
    """An entry's unit as the catalog gives it: its stats."""

    @property
    def stats(self) -> Mapping[str, object]: ...


class Entry(Protocol):
    """One entry of the list, resolved (``Loadout``): its line, its unit, its tags, what
    it carries, its models and its points."""

    @property
    def index(self) -> int:
        """Its place in the list, from 0."""
        ...

    @property
    def entry(self) -> Line: ...

    @property
    def unit(self) -> Profile: ...

    @property
    def tags(self) -> frozenset[str]: ...

    @property
    def carried(self) -> tuple[Carried, ...]: ...

    @property
    def cost(self) -> int: ...

    @property
    def groups(self) -> tuple[Models, ...]: ...

    @property
    def cheapest_model(self) -> int: ...

    @property
    def label(self) -> str:
        """How messages name the entry."""
        ...
