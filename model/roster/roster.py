"""A roster: the list a player builds, exactly as its TOML file holds it.

The model is small on purpose: a person can write the file by hand. Each entry
names a unit id of the faction, how many models it has, and the items bought for
it (item id to how many, in total for the entry). Edits return new rosters;
nothing is changed in place, so the app's undo is just a list of rosters.
"""

from __future__ import annotations

from collections.abc import Sequence

from pydantic import Field, field_validator, model_validator

from model.catalog.design import UnitCard
from model.core.base import Frozen, FrozenMap, Id, Text, empty_map
from model.core.bounds import (
    MAX_ENTRIES,
    MAX_ITEMS,
    MAX_KINDS,
    MAX_LIST_MODELS,
    Int,
    Items,
    Models,
    Points,
)


class RosterUnit(Frozen):
    """One entry of a list: a unit, its models and what was bought for it."""

    unit: Id
    """The unit id in the faction (or a shared unit such as a mercenary)."""
    name: Text | None = None
    """A name the player gave it ("Big Joe")."""
    models: Models = 1
    """Models in this entry (a pack of addlers has 2 to 5)."""
    items: FrozenMap[Id, Items] = Field(default_factory=empty_map, max_length=MAX_KINDS)
    """Item id to how many, for the whole entry; items the unit comes with are free."""
    notes: str | None = None
    """Free text kept with the entry."""

    def with_item(self, item_id: str, count: int) -> RosterUnit:
        """A copy carrying ``count`` of an item (0 removes it)."""
        items = self.items.set(item_id, count) if count > 0 else self.items.without(item_id)
        return self.model_copy(update={"items": items})


class Roster(Frozen):
    """A whole list: which game, which faction, its limit and its units."""

    system: Id
    """Game system id, e.g. ``punkapocalyptic``."""
    faction: Id
    """Faction id within the system, e.g. ``gangers``."""
    name: Text
    """The list's name."""
    points_limit: Points
    """The game size the list is built for."""
    units: tuple[RosterUnit, ...] = Field(default=(), max_length=MAX_ENTRIES)
    """Entries in the order the player arranged them."""
    notes: str | None = None
    """Free text kept with the list."""
    cards: FrozenMap[Id, UnitCard] = Field(default_factory=empty_map)
    """Units the player designed (``[cards.<id>]``); entries name them by id."""
    settings: FrozenMap[Id, Int] = Field(default_factory=empty_map)
    """Optional list rules the players agreed on (``vehicle-limit = 3``)."""

    @field_validator("units")
    @classmethod
    def _models_in_all(cls, units: tuple[RosterUnit, ...]) -> tuple[RosterUnit, ...]:
        """A battle snapshots every model of a list: bound the whole list, not only each
        entry, so a file of many full entries cannot make a battle build millions."""
        total = sum(u.models for u in units)
        if total > MAX_LIST_MODELS:
            raise ValueError(
                f"{total} models in all; a list has at most {MAX_LIST_MODELS}: "
                "remove entries or models"
            )
        return units

    @model_validator(mode="after")
    def _card_models_in_all(self) -> Roster:
        """An entry naming one of the list's cards fields the card's models (a battle
        snapshots each), whatever its ``models`` says: the whole list is bounded so too."""
        total = self.model_total()
        if total > MAX_LIST_MODELS:
            raise ValueError(
                f"the entries and their cards come to {total} models in all; a list has at "
                f"most {MAX_LIST_MODELS}: remove entries or models"
            )
        return self

    def model_total(self) -> int:
        """Models the list fields: an entry naming one of the list's cards fields the
        card's models (a battle snapshots each), any other its ``models``."""
        cards = self.cards
        if not cards:  # most lists: no card to look each entry up in
            return sum(u.models for u in self.units)
        return sum(cards[u.unit].model_count if u.unit in cards else u.models for u in self.units)

    def beyond_limits(self, since: Roster | None = None) -> str | None:
        """Why this list could not be read back from its file, or None.

        The copies below skip validation (an edit must answer within a frame), so an
        editor asks this before taking one: a list that saves but never opens again
        would be a list lost. It checks what grows with edits: entries, models, items.

        ``since``: the list (within the limits) this one was made from by one edit; the
        entries it shares with it, the very same objects, are within them still and their
        items are not gone over again (a thousand entries' were a millisecond a key)."""
        if len(self.units) > MAX_ENTRIES:
            return f"a list has at most {MAX_ENTRIES:,} entries"
        total = self.model_total()
        if total > MAX_LIST_MODELS:
            return f"a list has at most {MAX_LIST_MODELS:,} models; this would make {total:,}"
        units = self.units
        if since is not None:
            head, tail = kept_span(since.units, units)
            units = units[head : len(units) - tail]
        for u in units:
            if len(u.items) > MAX_KINDS:
                return f"an entry has at most {MAX_KINDS} kinds of items"
            if any(n > MAX_ITEMS for n in u.items.values()):
                return f"an entry has at most {MAX_ITEMS:,} of an item"
        return None

    def with_card(self, card_id: str, card: UnitCard | None) -> Roster:
        """A copy with a card designed (or, given None, removed)."""
        cards = self.cards.set(card_id, card) if card else self.cards.without(card_id)
        return self.model_copy(update={"cards": cards})

    def with_unit(self, entry: RosterUnit, at: int | None = None) -> Roster:
        """A copy with an entry added at the end (or at a position)."""
        units = list(self.units)
        units.insert(len(units) if at is None else at, entry)
        return self.model_copy(update={"units": tuple(units)})

    def replace_unit(self, index: int, entry: RosterUnit) -> Roster:
        """A copy with the entry at ``index`` replaced."""
        units = list(self.units)
        units[index] = entry
        return self.model_copy(update={"units": tuple(units)})

    def without_unit(self, index: int) -> Roster:
        """A copy without the entry at ``index``."""
        return self.model_copy(
            update={"units": tuple(u for i, u in enumerate(self.units) if i != index)}
        )

    def duplicate_unit(self, index: int) -> Roster:
        """A copy with the entry at ``index`` repeated right after it."""
        return self.with_unit(self.units[index], at=index + 1)

    def move_unit(self, index: int, offset: int) -> Roster:
        """A copy with an entry moved up (negative offset) or down, kept within the list."""
        target = max(0, min(len(self.units) - 1, index + offset))
        units = list(self.units)
        units.insert(target, units.pop(index))
        return self.model_copy(update={"units": tuple(units)})

    def edit_unit(self, index: int, **changes: object) -> Roster:
        """A copy with some fields of one entry changed (``name``, ``models``, ``notes``)."""
        entry = RosterUnit.model_validate({**self.units[index].model_dump(), **changes})
        return self.replace_unit(index, entry)


def kept_span(before: Sequence[RosterUnit], after: Sequence[RosterUnit]) -> tuple[int, int]:
    """How many entries at the start and at the end of ``after`` are the very entries (the
    same objects) of ``before``, the two not overlapping: an edit keeps all but a span of a
    list (one entry changed, added or removed), and what was worked out for the entries
    it kept holds for them still."""
    limit = min(len(before), len(after))
    head = 0
    while head < limit and before[head] is after[head]:
        head += 1
    tail = 0
    while tail < limit - head and before[-1 - tail] is after[-1 - tail]:
        tail += 1
    return head, tail
