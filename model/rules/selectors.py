"""Selectors: which units, and which of their items, a list rule looks at.

One small vocabulary serves every game: pick units by id or tag, and items by
id, tag or kind. ``exclude`` removes what a nested selector matches, so "every
weapon but claws and teeth" or "every model but packs" need no new code.
"""

from __future__ import annotations

from typing import Literal

from model.core.base import Frozen, Id, Tag

ItemKind = Literal["weapon", "armour", "equipment", "ammunition", "mutation", "power", "ability"]
"""The kinds of item, as selectors name them: each is the ``kind`` of one of the item
classes of ``model.catalog.items`` (kept here, so a selector needs nothing of the items)."""


class Selector(Frozen):
    """Units and items to look at. Empty fields match everything; fields combine with AND,
    values within a field with OR."""

    units: frozenset[Id] = frozenset()
    """Unit ids."""
    unit_tags: frozenset[Tag] = frozenset()
    """Unit tags, including the tags of a unit's special rules."""
    items: frozenset[Id] = frozenset()
    """Item ids."""
    item_tags: frozenset[Tag] = frozenset()
    """Item tags, including the tags of an item's special rules."""
    item_kinds: frozenset[ItemKind] = frozenset()
    """Item kinds: weapon, armour, equipment, ammunition, mutation, power, ability."""
    all_unit_tags: frozenset[Tag] = frozenset()
    """Unit tags that must all be there (``transport`` and ``unarmed``)."""
    all_item_tags: frozenset[Tag] = frozenset()
    """Item tags that must all be there (``mg`` and ``roa:1``); counted per model, the
    tags of everything the model carries."""
    exclude: Selector | None = None
    """Units and items matched by this selector are left out."""

    @property
    def has_item_filter(self) -> bool:
        """True when the selector says anything about items."""
        return bool(self.items or self.item_tags or self.item_kinds or self.all_item_tags)

    def match_unit(self, unit_id: str, tags: frozenset[str]) -> bool:
        """Does a unit (by id and effective tags) match the unit part of this selector?"""
        if self.units and unit_id not in self.units:
            return False
        if self.unit_tags and not (self.unit_tags & tags):
            return False
        if self.all_unit_tags and not self.all_unit_tags <= tags:
            return False
        ex = self.exclude
        return not (
            ex is not None
            and (ex.units or ex.unit_tags or ex.all_unit_tags)
            and ex.match_unit(unit_id, tags)
        )

    def match_item(self, item_id: str, kind: str, tags: frozenset[str]) -> bool:
        """Does an item (by id, kind and effective tags) match the item part?"""
        if self.items and item_id not in self.items:
            return False
        if self.item_kinds and kind not in self.item_kinds:
            return False
        if self.item_tags and not (self.item_tags & tags):
            return False
        if self.all_item_tags and not self.all_item_tags <= tags:
            return False
        ex = self.exclude
        return not (ex is not None and ex.has_item_filter and ex.match_item(item_id, kind, tags))

    def mentioned(self) -> tuple[frozenset[str], frozenset[str], frozenset[str], frozenset[str]]:
        """Every unit id, unit tag, item id and item tag named here, for catalog checks."""
        units, items = self.units, self.items
        utags, itags = self.unit_tags | self.all_unit_tags, self.item_tags | self.all_item_tags
        if self.exclude is not None:
            u, ut, i, it = self.exclude.mentioned()
            units, utags, items, itags = units | u, utags | ut, items | i, itags | it
        return units, utags, items, itags
