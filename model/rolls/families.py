"""Which rolls a game has: the registered families, one chosen from the catalog's data.

The dice helper, the tracker's help and any other caller ask this module, never a game's
id: ``family_for`` picks a game's family of rolls (``model.rolls.family.RollFamily``)
from its catalog's tracker section, the first in ``FAMILIES`` that it declares (plain
dice, ``model.rolls.plain``, for a catalog that declares none of a game's own);
``offered_kinds`` lists that family's kinds, the catalog's own tests and applied tables
(``model.rolls.sheets.kinds``, in every game) and its other tables; ``roll``,
``follow_on`` and ``offered_modifiers`` hand a form to the family whose kind it is, and
``turn_order`` a result, for the turn's order it sets.

A new game's rolls: a module in ``model/rolls`` (beside its rolls, like
``model/rolls/d6/kinds.py``) that makes a ``RollFamily``, added to ``FAMILIES`` here.
It is apart from the families because it is the one place that knows them all.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from model.battle.events import Act, Activate, Event, Roll, RollOff
from model.rolls.d6.kinds import D6
from model.rolls.forms import Form, Kind, kind
from model.rolls.game import Game, other_modifiers
from model.rolls.plain import PLAIN
from model.rolls.punk.kinds import PUNK
from model.rolls.sheets.kinds import SHEETS, applied_tables, sheet_kinds
from model.rolls.sheets.kinds import follow_on as sheet_follow_on
from model.rolls.tables import find_table, table_lookup, table_roll

if TYPE_CHECKING:
    from model.catalog.tracker import Tracker
    from model.catalog.tracker_rolls import ModifierSpec, TableSpec
    from model.rolls.dice import Dice, Result
    from model.rolls.family import RollFamily
    from model.rolls.follow_on import FollowOn
    from model.rolls.profiles import WeaponStats

FAMILIES: tuple[RollFamily, ...] = (SHEETS, D6, PUNK, PLAIN)
"""Every family of rolls, in the order a game's catalog is matched against them; the
first whose ``declared`` is true wins: a game with tests of its own rolls those, one that
lists D6 rolls those, one with Punkapocalyptic's Falling and Cover tables Punkapocalyptic's
(as its stats allow), any other plain dice (``model.rolls.plain``, declared by every
catalog, so it stays last). Register a new family here, before ``PLAIN``."""


def family_for(tracker: Tracker) -> RollFamily:
    """The family of rolls a game's catalog (its tracker section) calls for: the first of
    ``FAMILIES`` that it declares (plain dice when it declares none of the others)."""
    return next(family for family in FAMILIES if family.declared(tracker))


def table_kinds(tables: Sequence[TableSpec]) -> tuple[Kind, ...]:
    """One kind of roll per catalog table that no other roll already reads."""
    covered = {table for family in FAMILIES for table in family.tables}
    return tuple(
        kind(
            f"table:{t.id}",
            f"{t.name} table",
            "other" if t.dice else "value other",
            value=t.lookup or "Value",
        )
        for t in tables
        if t.id not in covered
    )


def offered_kinds(tracker: Tracker, stats: set[str], phase: str | None = None) -> tuple[Kind, ...]:
    """The rolls the dice helper offers in a game whose models have ``stats``: its own
    tests (a sheet game; in a ``phase``, by id, only the tests rolled in it), the D6
    rolls it declares, Punkapocalyptic's that its stats can make, or plain dice; then the
    tables no roll applies by itself. F1 names the same list (of every phase)."""
    tables = tracker.tables
    applied = applied_tables(tracker)
    return (
        *family_for(tracker).kinds(tracker, stats),
        *(kind(k.id, k.name, k.fields, **dict(k.labels)) for k in sheet_kinds(tracker, phase)),
        *table_kinds([t for t in tables if t not in applied]),
    )


def on_table(game: Game, form: Form, dice: Dice) -> Result:
    spec = find_table(game.state.tracker.tables, form.kind.removeprefix("table:"))
    if spec.dice is not None:
        return table_roll(dice, spec, other_modifiers(form.other))
    if form.value is None:
        raise ValueError(f"give the {(spec.lookup or 'value').lower()} to look up")
    return table_lookup(spec, form.value, other_modifiers(form.other))


def roll(game: Game, form: Form, dice: Dice) -> Result:
    """The result of the roll the form describes; ``ValueError`` for inputs the rules
    refuse (a shot beyond the longest range included, as no die is rolled for it)."""
    rolls = family_for(game.state.tracker).rolls
    return rolls.get(form.kind, on_table)(game, form, dice)


def follow_on(game: Game, form: Form, result: Result) -> FollowOn | None:
    """The roll that follows this one, filled with its numbers and models (the game's
    family's, or a catalog test's). None when nothing follows."""
    family = family_for(game.state.tracker)
    return family.follow_on(game, form, result) or sheet_follow_on(game, form, result)


def offered_modifiers(tracker: Tracker, form: Form) -> tuple[ModifierSpec, ...]:
    """The catalog's modifiers a kind of roll offers to choose."""
    specs: Sequence[ModifierSpec] = tracker.modifiers
    return family_for(tracker).modifiers(specs, form)


def arms(tracker: Tracker, kind_id: str, weapon: WeaponStats, melee: bool) -> bool:
    """Whether a weapon can make a roll of this kind in this game."""
    return family_for(tracker).arms(kind_id, weapon, melee)


def turn_order(tracker: Tracker, result: Result) -> RollOff | None:
    """The turn's order this result sets in this game (an initiative's winner activates
    first), as the event to log after it; None when it sets none."""
    return family_for(tracker).order(result)


def acted(game: Game, events: Sequence[Event]) -> FollowOn | None:
    """The roll the action recorded last in the activation under way calls for (after
    ``a`` Shoot with a rifle: Shooting with the rifle; after an Assault, the Combat roll
    with its bonus), filled from it and the activation's actions before it; None when a
    roll was logged since, or the action calls for none (issue 31: the dice helper
    follows what the tracker knows)."""
    acts: list[Act] = []
    for event in reversed(events):
        if isinstance(event, Roll) and not acts:
            return None  # a roll since the last action: it was made
        if isinstance(event, Activate):
            break
        if isinstance(event, Act):
            acts.append(event)
    return family_for(game.state.tracker).acted(game, acts[::-1]) if acts else None


def wounds_dealt(game: Game, form: Form, result: Result) -> tuple[str, int] | None:
    """The model this result wounds and by how many wounds (a Wounded wound roll: its
    target, 1), for the dice helper to offer to apply; None when it wounds no one."""
    return family_for(game.state.tracker).wounds(form, result)
