"""``warband count``, ``rename``, ``limit`` and ``duplicate``: the builder's other edits of
a list over BattleScribe data (``+``/``-``, ``r``, ``l``), and BattleScribe's Duplicate
and Customise of a force's category, from the command line.

Apart from ``bs_editing`` (``add``, ``add-force``, ``remove``), which finds what the data
offers in a place; these change what the list already holds, found by the names a
player reads as ``remove`` finds it (a name two share asks for the id ``show`` and the
file give). Each writes the list back and prints where it stands, as ``add`` does: exit
0 when it is valid, 1 when it breaks a rule, 2 when the edit cannot be made.
"""

from __future__ import annotations

import argparse
import math
from typing import TYPE_CHECKING, TextIO

from model.bsdata.roster_bounds import MAX_NUMBER
from tui.cli.bs_editing import (
    called,
    find_selection,
    forces_of,
    one_named,
    only_bs,
    open_list,
    refuse,
    save_edit,
    walk_selections,
)
from tui.cli.exits import EXIT_OK

if TYPE_CHECKING:
    from model.bsdata.data import CostType
    from model.bsdata.roster import BsRoster, Force, Selection
    from model.bsdata.system import GameSystem

MAX_COUNT = MAX_NUMBER
"""The most of one selection ``count`` takes: what a roster file holds (``add
--number`` is held to it too)."""


def cmd_count(args: argparse.Namespace, out: TextIO) -> int:
    """``warband count LIST SELECTION N``: the selection taken N times (the builder's
    ``+``/``-``, ``building.count_to``): a collective one N per model of what holds it,
    and what its models carry collectively following its number; what else it holds is
    left as it is."""
    from model.bsdata.building import count_to

    only_bs(args)
    if not 1 <= args.number <= MAX_COUNT:
        refuse(
            "cannot set that count",
            f"a count is 1 to {MAX_COUNT:,}, got {args.number:,}",
            "to take the selection away: warband remove LIST SELECTION"
            if args.number < 1
            else None,
        )
    saved, system = open_list(args)
    _, selection = find_selection(saved.roster, args.selection)
    edited = count_to(system, saved.roster, selection.id, args.number)
    return save_edit(args, out, saved.system, edited, system)


def cmd_duplicate(args: argparse.Namespace, out: TextIO) -> int:
    """``warband duplicate LIST SELECTION``: a copy of the selection and all it holds,
    right after it (BattleScribe's Duplicate); its id is printed before the verdict."""
    from model.bsdata.building import duplicate_selection
    from model.core.safe_text import terminal_safe

    only_bs(args)
    saved, system = open_list(args)
    _, selection = find_selection(saved.roster, args.selection)
    edited, new_id = duplicate_selection(system, saved.roster, selection.id)
    shown = terminal_safe(selection.custom_name or selection.name)
    print(f"copied {shown} ({selection.id}) as {new_id}", file=out)
    return save_edit(args, out, saved.system, edited, system)


def _target(roster: BsRoster, wanted: str) -> tuple[Force, Selection | None]:
    """The one selection or force with this id, or else this name or custom name; a
    selection and a force of one name ask for the id, as two selections do."""
    found: list[tuple[tuple[Force, Selection | None], Selection | Force]] = []
    for force in forces_of(roster.forces):
        found.append(((force, None), force))
        found.extend(((force, s), s) for s in walk_selections(force.selections))
    return one_named(
        found,
        wanted,
        "selection or force",
        "see the list's selections with: warband show LIST (the file has every id)",
        plural="selections or forces",
    )


def cmd_rename(args: argparse.Namespace, out: TextIO) -> int:
    """``warband rename LIST WHAT [NAME] [--notes TEXT] [--category CATEGORY]``: a
    selection or a force given a name of its own (empty: its own name taken away), notes
    of its own, or both; with ``--category``, one of the force's categories (BattleScribe
    names them as it names forces: "HQ" shown as "Command HQ")."""
    from model.bsdata.building import set_custom_name, set_custom_notes

    only_bs(args)
    if args.name is None and args.notes is None:
        refuse(
            "what is the new name?",
            "give a name, or notes with --notes (or both)",
            'warband rename LIST WHAT NAME; "" takes its own name away',
        )
    saved, system = open_list(args)
    force, selection = _target(saved.roster, args.what)
    if args.category is not None:
        if selection is not None:
            refuse(
                "a category is a force's",
                f"'{_shown(args.what)}' is a selection, not a force",
                "name the force: warband rename LIST FORCE NAME --category CATEGORY",
            )
        edited = _rename_category(system, saved.roster, force, args)
        return save_edit(args, out, saved.system, edited, system)
    selection_id = selection.id if selection is not None else None
    edited = saved.roster
    if args.name is not None:
        edited = set_custom_name(edited, force.id, selection_id, args.name)
    if args.notes is not None:
        edited = set_custom_notes(edited, force.id, selection_id, args.notes)
    return save_edit(args, out, saved.system, edited, system)


def _shown(text: str) -> str:
    from model.core.safe_text import terminal_safe

    return terminal_safe(text)


def _rename_category(
    system: GameSystem, roster: BsRoster, force: Force, args: argparse.Namespace
) -> BsRoster:
    """``roster`` with the category ``args.category`` of ``force`` (its name, the name
    given it, or its category entry's id, case aside) given ``args.name``/``args.notes``."""
    from model.bsdata.categories import force_categories
    from model.bsdata.roster_edits import set_category_custom_name, set_category_custom_notes

    categories = force_categories(system, force)
    key = args.category.casefold()
    found = [c for c in categories if c.entry_id == args.category] or [
        c for c in categories if called(c.name, c.custom_name, key)
    ]
    where = _shown(force.custom_name or force.name)
    if not found:
        names = ", ".join(c.name for c in categories)
        refuse(
            f"no category '{_shown(args.category)}' in {where}",
            "no category of the force has that name or id",
            f"its categories: {_shown(names)}" if names else "its kind of force has none",
        )
    if len(found) > 1:
        ids = ", ".join(f"{c.entry_id} ({c.name})" for c in found[:8])
        refuse(
            f"'{_shown(args.category)}' names {len(found)} categories of {where}",
            f"it could be {_shown(ids)}",
            "give the category's id instead",
        )
    category_id = found[0].entry_id
    if args.name is not None:
        roster = set_category_custom_name(system, roster, force.id, category_id, args.name)
    if args.notes is not None:
        roster = set_category_custom_notes(system, roster, force.id, category_id, args.notes)
    return roster


def _cost_type(system: GameSystem, wanted: str) -> CostType:
    """The game's cost type of this id or name, case aside."""
    from model.core.problems import did_you_mean
    from model.core.safe_text import terminal_safe

    types = system.cost_types()
    key = wanted.casefold()
    found = next((t for t in types if key in (t.id.casefold(), t.name.casefold())), None)
    if found is None:
        names = [t.name for t in types]
        refuse(
            f"{terminal_safe(system.name)} has no cost '{terminal_safe(wanted)}'",
            "no cost type has that name or id",
            did_you_mean(wanted, names) or "its costs: " + (", ".join(names) or "none"),
        )
    return found


def _limit_value(text: str) -> float | None:
    """A limit as typed: a number from 0 up, or ``none`` (also ``-1``, as BattleScribe
    writes it) for no limit."""
    from model.bsdata.roster_bounds import MAX_LIMIT

    if text.strip().casefold() in ("none", "-1"):
        return None
    try:
        value = float(text)
    except ValueError:
        value = math.nan
    if not 0 <= value <= MAX_LIMIT:
        refuse(
            f"'{text}' is not a limit",
            f"a limit is a number from 0 to {MAX_LIMIT:,.0f}",
            "or none for no limit: warband limit LIST COST none",
        )
    return value


def _limits_text(system: GameSystem, roster: BsRoster) -> str:
    """Each cost type the game has and the list's limit of it (its own, or the game's
    default), as ``limit`` without a value prints them."""
    from model.bsdata.engine import roster_limits
    from model.core.messages import number_text
    from model.core.safe_text import terminal_safe

    limits = {c.type_id: c.value for c in roster_limits(system, roster)}
    types = system.cost_types()
    if not types:
        return terminal_safe(f"{system.name} has no costs to limit")
    width = max(len(t.name) for t in types)
    lines = [f"limits of {roster.name}:"]
    for cost_type in types:
        value = limits.get(cost_type.id, -1.0)
        shown = number_text(value) if value >= 0 else "none"
        lines.append(f"  {cost_type.name:<{width}}  {shown}")
    return terminal_safe("\n".join(lines))


def cmd_limit(args: argparse.Namespace, out: TextIO) -> int:
    """``warband limit LIST [COST VALUE|none]``: the list's limit of a cost type (the
    builder's ``l``); without a cost, the limits it has."""
    from model.bsdata.building import set_cost_limit

    only_bs(args)
    saved, system = open_list(args)
    if args.cost is None:
        print(_limits_text(system, saved.roster), file=out)
        return EXIT_OK
    cost_type = _cost_type(system, args.cost)
    if args.value is None:
        refuse(
            f"what limit of {cost_type.name}?",
            "give a number, or none for no limit",
            f"warband limit LIST {args.cost} 500",
        )
    edited = set_cost_limit(saved.roster, cost_type.id, _limit_value(args.value))
    return save_edit(args, out, saved.system, edited, system)
