"""The edits of a BattleScribe roster that need no game data: removing a selection or a
force, a selection's number, names and notes of one's own (of a force's category too,
which asks the data which categories the force has), cost limits, a copy of a
selection, and the new ids every edit that makes something takes.

Apart from ``building.py``, whose edits ask the engine what a place offers and what it
must hold (``choices``, ``new_force``, ``add_selection``): these change the roster as it
is written, and what they make is checked afterwards like any list (a copy over a
``max`` is reported, not refused, as BattleScribe reports it). ``building`` gives them
under its own name too, so a caller has one module of edits.

Each edit names what it changes by id and refuses an id the roster does not hold, so a
stale id is a message rather than an edit silently not made. Everything a file could
not hold again is refused here (a number, a limit, a name's length, a roster grown past
``MAX_SELECTIONS`` by copies), so an edited list always saves and reads back.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING

from model.bsdata.categories import force_categories
from model.bsdata.roster import (
    BsRoster,
    CostLimit,
    CustomCategory,
    Force,
    Selection,
    all_forces,
    all_selections,
)
from model.bsdata.roster_bounds import (
    MAX_CUSTOM_CATEGORIES,
    MAX_LIMIT,
    MAX_NUMBER,
    MAX_TEXT,
    NO_LIMIT,
    refuse_past_cap,
)
from model.core.problems import Problem, RosterError
from model.core.safe_text import terminal_safe, without_controls

if TYPE_CHECKING:
    from model.bsdata.system import GameSystem


class NewIds:
    """Deterministic new ids: the first free ``<prefix><n>`` from the count of ids, so
    the same edit of the same roster always gives the same ids."""

    def __init__(self, roster: BsRoster) -> None:
        self.taken: set[str] = set()
        for force in all_forces(roster.forces):
            self.taken.add(force.id)
            self.taken.update(s.id for s in all_selections(force.selections))

    def new(self, prefix: str) -> str:
        n = len(self.taken) + 1
        while f"{prefix}{n}" in self.taken:
            n += 1
        self.taken.add(f"{prefix}{n}")
        return f"{prefix}{n}"


def selection_count(roster: BsRoster) -> int:
    """How many selections ``roster`` holds, in every force and at every depth."""
    return sum(1 for f in all_forces(roster.forces) for _ in all_selections(f.selections))


def _no_selection(selection_id: str) -> RosterError:
    return RosterError(
        "No such selection",
        [Problem(f'the roster has no selection "{terminal_safe(selection_id)}"')],
    )


def _no_force(force_id: str) -> RosterError:
    return RosterError(
        "No such force", [Problem(f'the roster has no force "{terminal_safe(force_id)}"')]
    )


def edit_force(roster: BsRoster, force_id: str, change: Callable[[Force], Force]) -> BsRoster:
    """``roster`` with ``change`` made to the force ``force_id`` (at any depth); refused
    when it has none of that id."""
    found = False

    def walk(forces: tuple[Force, ...]) -> tuple[Force, ...]:
        nonlocal found
        out = []
        for force in forces:
            if force.id == force_id and not found:
                found = True
                force = change(force)
            elif force.forces:
                force = replace(force, forces=walk(force.forces))
            out.append(force)
        return tuple(out)

    edited = replace(roster, forces=walk(roster.forces))
    if not found:
        raise _no_force(force_id)
    return edited


def _edit_siblings(
    roster: BsRoster,
    selection_id: str,
    change: Callable[[tuple[Selection, ...], int], tuple[Selection, ...]],
) -> BsRoster:
    """``roster`` with the selections around ``selection_id`` (those of its parent
    selection, or its force's top level) replaced by ``change(siblings, its index)``;
    refused when the roster has no selection of that id. Ids are unique in a roster,
    so the first found is the one; the rest is shared, not copied."""
    found = False

    def level(selections: tuple[Selection, ...]) -> tuple[Selection, ...]:
        nonlocal found
        if found:
            return selections
        for at, one in enumerate(selections):
            if one.id == selection_id:
                found = True
                return change(selections, at)
        out = []
        for one in selections:
            if one.selections and not found:
                inner = level(one.selections)
                if inner is not one.selections:
                    one = replace(one, selections=inner)
            out.append(one)
        return tuple(out) if found else selections

    def walk(forces: tuple[Force, ...]) -> tuple[Force, ...]:
        out = []
        for force in forces:
            if not found:
                inner = level(force.selections)
                if inner is not force.selections:
                    force = replace(force, selections=inner)
            if not found and force.forces:
                force = replace(force, forces=walk(force.forces))
            out.append(force)
        return tuple(out)

    edited = replace(roster, forces=walk(roster.forces))
    if not found:
        raise _no_selection(selection_id)
    return edited


def edit_selection(
    roster: BsRoster, selection_id: str, change: Callable[[Selection], Selection]
) -> BsRoster:
    """``roster`` with ``change`` made to the selection ``selection_id``; refused when it
    has none of that id."""
    return _edit_siblings(
        roster,
        selection_id,
        lambda around, at: (*around[:at], change(around[at]), *around[at + 1 :]),
    )


def remove_selection(roster: BsRoster, selection_id: str) -> BsRoster:
    """``roster`` without the selection ``selection_id`` (and what it holds)."""
    return _edit_siblings(roster, selection_id, lambda around, at: around[:at] + around[at + 1 :])


def remove_force(roster: BsRoster, force_id: str) -> BsRoster:
    """``roster`` without the force ``force_id``, with all it holds (its selections, and
    the forces inside it)."""
    if not any(f.id == force_id for f in all_forces(roster.forces)):
        raise _no_force(force_id)

    def walk(forces: tuple[Force, ...]) -> tuple[Force, ...]:
        return tuple(replace(f, forces=walk(f.forces)) for f in forces if f.id != force_id)

    return replace(roster, forces=walk(roster.forces))


def set_number(roster: BsRoster, selection_id: str, number: int) -> BsRoster:
    """``roster`` with the selection ``selection_id`` taken ``number`` times, held to 1 ..
    ``roster_bounds.MAX_NUMBER`` (what a roster file may hold, so the list still saves and
    reads back). What it holds is left as it is: its own costs count ``number`` times,
    its children's once (``SEMANTICS.md``, rule 6)."""
    number = max(1, min(number, MAX_NUMBER))
    return edit_selection(roster, selection_id, lambda s: replace(s, number=number))


def duplicate_selection(
    system: GameSystem, roster: BsRoster, selection_id: str
) -> tuple[BsRoster, str]:
    """``roster`` with a copy of the selection ``selection_id`` and all it holds, new ids
    throughout, right after it among the selections around it (BattleScribe's
    Duplicate); and the copy's id. The copy is not checked against the data here:
    ``system`` is taken so that every edit that makes a selection is called alike, and
    a copy that breaks a ``max`` is reported by the evaluation, as BattleScribe reports
    it. A copy that would take the roster past what a roster file holds is refused."""
    del system  # the copy is the selection as it is; the evaluation checks it
    ids = NewIds(roster)
    made: list[str] = []

    def copy(selection: Selection) -> Selection:
        new_id = ids.new("s")
        made.append(new_id)
        return replace(selection, id=new_id, selections=tuple(map(copy, selection.selections)))

    def place(around: tuple[Selection, ...], at: int) -> tuple[Selection, ...]:
        original = around[at]
        size = sum(1 for _ in all_selections((original,)))
        refuse_past_cap(
            selection_count(roster) + size,
            f"a copy of {terminal_safe(original.custom_name or original.name)}",
        )
        return (*around[: at + 1], copy(original), *around[at + 1 :])

    edited = _edit_siblings(roster, selection_id, place)
    return edited, made[0]


def _own_text(text: str, what: str) -> str:
    """``text`` a player gave, without control characters (they would reach a terminal;
    line breaks and tabs are kept, bidirectional controls too, dropped only on the way
    to one) and the spaces around it; refused when longer than a roster file holds."""
    text = without_controls(text).strip()
    if len(text) > MAX_TEXT:
        raise RosterError(
            f"{what.capitalize()} too long",
            [Problem(f"a {what} is at most {MAX_TEXT:,} characters", hint="give a shorter one")],
        )
    return text


def set_custom_name(
    roster: BsRoster, force_id: str, selection_id: str | None, name: str
) -> BsRoster:
    """``roster`` with the selection ``selection_id`` (the force ``force_id`` itself when
    None) given its own ``name``, as BattleScribe's custom names are: shown
    instead of the entry's name, which it keeps. An empty name takes it away."""
    name = _own_text(name, "name")
    if selection_id is None:
        return edit_force(roster, force_id, lambda f: replace(f, custom_name=name))
    return edit_selection(roster, selection_id, lambda s: replace(s, custom_name=name))


def set_custom_notes(
    roster: BsRoster, force_id: str, selection_id: str | None, notes: str
) -> BsRoster:
    """``roster`` with the selection ``selection_id`` (the force ``force_id`` itself when
    None) given ``notes`` of the player's own (BattleScribe's customNotes, written in a
    ``.ros`` and shown in the exports). Empty notes take them away; line breaks are kept."""
    notes = _own_text(notes, "note")
    if selection_id is None:
        return edit_force(roster, force_id, lambda f: replace(f, note=notes))
    return edit_selection(roster, selection_id, lambda s: replace(s, note=notes))


def set_category_custom_name(
    system: GameSystem, roster: BsRoster, force_id: str, category_id: str, name: str
) -> BsRoster:
    """``roster`` with the category ``category_id`` (its category entry's id) of the force
    ``force_id`` given its own ``name``, as BattleScribe's custom names of a force's
    categories are ("HQ" shown as "Command HQ"). Refused when the force has no such
    category: its categories are the game's (``categories.force_categories``), so
    ``system`` is taken. An empty name takes it away."""
    name = _own_text(name, "name")
    return _edit_category(
        system, roster, force_id, category_id, lambda c: replace(c, custom_name=name)
    )


def set_category_custom_notes(
    system: GameSystem, roster: BsRoster, force_id: str, category_id: str, notes: str
) -> BsRoster:
    """``roster`` with the category ``category_id`` of the force ``force_id`` given
    ``notes`` of the player's own (BattleScribe's customNotes of a force's category).
    Refused as ``set_category_custom_name`` is; empty notes take them away."""
    notes = _own_text(notes, "note")
    return _edit_category(system, roster, force_id, category_id, lambda c: replace(c, note=notes))


def _edit_category(
    system: GameSystem,
    roster: BsRoster,
    force_id: str,
    category_id: str,
    change: Callable[[CustomCategory], CustomCategory],
) -> BsRoster:
    """``roster`` with ``change`` made to what the force ``force_id`` keeps of its category
    ``category_id``, dropped when left with neither name nor notes (a force keeps only
    what a player gave)."""

    def edit(force: Force) -> Force:
        categories = force_categories(system, force)
        if all(c.entry_id != category_id for c in categories):
            raise _no_category(force, category_id, [c.name for c in categories])
        new = change(force.custom_category(category_id) or CustomCategory(category_id))
        kept = [c for c in force.custom_categories if c.entry_id != category_id]
        if new.custom_name or new.note:
            kept.append(new)
        # in the order the force has its categories (as a .ros lists them), so a round
        # trip through one keeps the roster equal; a name kept for a category the data no
        # longer gives stays, after them
        order = {c.entry_id: n for n, c in enumerate(categories)}
        kept.sort(key=lambda c: order.get(c.entry_id, len(order)))
        if len(kept) > MAX_CUSTOM_CATEGORIES:
            raise RosterError(
                "Too many categories named",
                [
                    Problem(
                        f"a force keeps names of at most {MAX_CUSTOM_CATEGORIES:,} categories",
                        hint="take the name of another away first",
                    )
                ],
            )
        return replace(force, custom_categories=tuple(kept))

    return edit_force(roster, force_id, edit)


def _no_category(force: Force, category_id: str, names: list[str]) -> RosterError:
    shown = terminal_safe(force.custom_name or force.name)
    return RosterError(
        "No such category",
        [
            Problem(
                f'the force {shown} has no category "{terminal_safe(category_id)}"',
                hint="its categories: " + terminal_safe(", ".join(names))
                if names
                else "the game data does not give this force's kind of force categories",
            )
        ],
    )


def set_cost_limit(roster: BsRoster, type_id: str, value: float | None) -> BsRoster:
    """``roster`` with its limit of the cost type ``type_id`` set to ``value``, or to no
    limit (None: BattleScribe's -1, which also sets aside the game's default limit for
    that type). The other limits keep their order; a value a roster file could not hold
    is refused."""
    if value is not None and not 0 <= value <= MAX_LIMIT:
        raise RosterError(
            "Limit out of range",
            [Problem(f"a limit is from 0 to {MAX_LIMIT:,.0f}", hint="give another")],
        )
    limit = CostLimit(type_id, NO_LIMIT if value is None else float(value))
    kept = tuple(c for c in roster.cost_limits if c.type_id != type_id)
    at = next((n for n, c in enumerate(roster.cost_limits) if c.type_id == type_id), None)
    if at is None:
        return replace(roster, cost_limits=(*kept, limit))
    return replace(roster, cost_limits=(*kept[:at], limit, *kept[at:]))
