"""Every entry of a roster resolved against its catalog (``model.roster.loadout``), and
kept: after one edit only the edited entry is worked out again.

The validator (``model.roster.validate``) checks the entries as resolved here, and the
tracker's setup, the exports and the sheet read them (``loadouts_of``) without the list
rules. Entries and views are immutable, so a cached loadout can never go stale.
"""

from __future__ import annotations

from typing import TYPE_CHECKING
from weakref import WeakKeyDictionary

from model.roster.loadout import Loadout, resolve_loadout
from model.roster.roster import kept_span

if TYPE_CHECKING:
    from model.catalog.schema import FactionView
    from model.roster.roster import Roster, RosterUnit


def trial(view: FactionView, entry: RosterUnit, index: int) -> tuple[Loadout, Loadout]:
    """``entry`` resolved in place ``index``, and the cached loadout it was placed from
    (cached for the next key)."""
    cache = _RESOLVED.setdefault(view.base, {})
    if len(cache) > 4096:
        cache.clear()
    return _placed(cache, view, entry, index)


def _placed(
    cache: dict[object, Loadout], view: FactionView, entry: RosterUnit, index: int
) -> tuple[Loadout, Loadout]:
    """``entry`` resolved in place ``index`` through ``cache``, and the cached loadout."""
    key = entry_key(view, entry)
    base = cache.get(key)
    if base is None:
        base = cache[key] = resolve_loadout(view, entry, index)
    if base.index == index:
        return base, base
    # the constructor: dataclasses.replace costs three times more
    lo = Loadout(
        index, base.entry, base.unit, base.tags, base.carried, base.cost, base.groups, base.design
    )
    return lo, base


_RESOLVED: WeakKeyDictionary[FactionView, dict[object, Loadout]] = WeakKeyDictionary()
"""Entries already resolved, per catalog view: after one edit only the edited entry is
worked out again. Entries are immutable, so a cached loadout can never go stale."""


def entry_key(view: FactionView, entry: RosterUnit) -> object:
    """What an entry's loadout depends on besides the catalog: the entry, and the card
    when it names one of the roster's (so a card edit re-resolves only its entries)."""
    cards = view.roster_cards
    card = cards.get(entry.unit) if cards else None  # most lists have none: skip the miss
    return entry if card is None else (entry, card)


def loadouts_of(view: FactionView, roster: Roster) -> tuple[Loadout, ...]:
    """Every entry of a roster resolved against its catalog."""
    return resolved(view, roster)[0]


_LAST: list[tuple[FactionView, Roster, tuple[Loadout, ...], tuple[Loadout, ...]]] = []
"""The last roster resolved: the builder resolves the same one to validate it and to
show it, and in a long list even finding each entry in the cache takes milliseconds."""


def resolved(view: FactionView, roster: Roster) -> tuple[tuple[Loadout, ...], tuple[Loadout, ...]]:
    """Every entry resolved, and for each the cached loadout it was placed from (equal
    entries share one: the list rules measure it once for all of them).

    An edit makes a list that holds the very entries of the last one resolved but for a
    span (one entry changed, added or removed): those keep their loadouts, moved to their
    new place where entries before them came or went (``kept_span``), and only the span is
    looked up. Looking up every entry of a thousand hashed each one, a millisecond or
    two on every key (issue 33)."""
    if _LAST and _LAST[0][0] is view and _LAST[0][1] is roster:
        return _LAST[0][2], _LAST[0][3]
    cache = _RESOLVED.setdefault(view.base, {})
    if len(cache) > 4096:
        cache.clear()
    units = roster.units
    head, tail = 0, 0
    if _LAST and _LAST[0][0] is view:
        _, last, last_out, last_bases = _LAST[0]
        head, tail = kept_span(last.units, units)
    out: list[Loadout] = []
    bases: list[Loadout] = []
    if head or tail:
        out.extend(last_out[:head])
        bases.extend(last_bases[:head])
    for index in range(head, len(units) - tail):
        lo, base = _placed(cache, view, units[index], index)
        out.append(lo)
        bases.append(base)
    if tail:
        shift = len(units) - len(last.units)
        for index in range(len(units) - tail, len(units)):
            base = last_bases[index - shift]
            bases.append(base)
            if not shift:
                out.append(last_out[index])
            elif base.index == index:
                out.append(base)
            else:  # the constructor, as ``_placed`` makes it
                out.append(
                    Loadout(
                        index,
                        base.entry,
                        base.unit,
                        base.tags,
                        base.carried,
                        base.cost,
                        base.groups,
                        base.design,
                    )
                )
    result = tuple(out), tuple(bases)
    _LAST[:] = [(view, roster, *result)]
    return result
