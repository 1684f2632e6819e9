"""``warband add`` and ``warband remove``: edit a list over BattleScribe data from the
command line, by the names a player reads.

A BattleScribe list names its entries by chains of ids (``link::entry``) that nobody
types; these commands find them by name instead: ``add LIST "Car"`` selects the Car in
the list's force, ``add LIST "Machine Gun" --into Car`` inside the Car, with whatever
BattleScribe selects by itself (a weapon's default mounting). The list is checked after
the edit and the verdict printed, as ``validate`` prints it, so each step shows what
the list still needs. Names are matched without regard to case; a name that matches
several things asks for the selection's id (``show`` and the file list them).
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from typing import TYPE_CHECKING, NoReturn, TextIO, TypeVar

from saves.peek import is_bs_roster
from tui.cli.bs_rosters import verdict_text
from tui.cli.exits import EXIT_INVALID, EXIT_OK
from tui.cli.files import open_library

if TYPE_CHECKING:
    from model.bsdata.building import Choice
    from model.bsdata.roster import BsRoster, Force, Selection
    from model.bsdata.system import GameSystem


def _refuse(title: str, message: str, hint: str | None = None) -> NoReturn:
    from model.core.problems import Problem, RosterError

    raise RosterError(title, [Problem(message, hint=hint)])


def _walk(selections: tuple[Selection, ...]) -> list[Selection]:
    out: list[Selection] = []
    stack = list(reversed(selections))
    while stack:
        selection = stack.pop()
        out.append(selection)
        stack.extend(reversed(selection.selections))
    return out


def _forces(forces: tuple[Force, ...]) -> list[Force]:
    out: list[Force] = []
    for force in forces:
        out.append(force)
        out.extend(_forces(force.forces))
    return out


T = TypeVar("T")


def _one_named(
    found: Sequence[tuple[T, Selection | Force]], wanted: str, what: str, hint: str | None = None
) -> T:
    """The one of ``found`` whose selection or force has the id ``wanted``, or else that
    name or custom name, case aside; refused when none has it (with ``hint``) or several
    do (then their ids are asked for: an edit never takes the first of two alike)."""
    from model.core.safe_text import terminal_safe

    exact = [(t, s) for t, s in found if s.id == wanted]
    key = wanted.casefold()
    named = exact or [
        (t, s) for t, s in found if key in (s.name.casefold(), s.custom_name.casefold())
    ]
    if len(named) == 1:
        return named[0][0]
    if not named:
        _refuse(
            f"no {what} '{terminal_safe(wanted)}' in the list",
            f"no {what} has that name or id",
            hint,
        )
    ids = ", ".join(f"{s.id} ({terminal_safe(s.custom_name or s.name)})" for _, s in named[:8])
    _refuse(
        f"'{terminal_safe(wanted)}' names {len(named)} {what}s",
        f"it could be {ids}",
        f"give the {what}'s id instead",
    )


def _find_selection(roster: BsRoster, wanted: str) -> tuple[Force, Selection]:
    """The one selection with this id, or else this name or custom name."""
    found = [((f, s), s) for f in _forces(roster.forces) for s in _walk(f.selections)]
    return _one_named(
        found, wanted, "selection", "see the list's selections with: warband show LIST"
    )


def _force(roster: BsRoster, wanted: str | None) -> Force:
    forces = _forces(roster.forces)
    if not forces:
        _refuse("the list has no force", "nothing can be added yet", "start it with warband new")
    if wanted is None:
        return forces[0]
    key = wanted.casefold()
    for force in forces:
        if key in (force.id.casefold(), force.name.casefold(), force.custom_name.casefold()):
            return force
    _refuse(f"no force '{wanted}' in the list", "no force has that name or id")


def _one_force(roster: BsRoster, wanted: str) -> Force:
    """The one force with this id, or else this name or custom name: removing one of two
    forces of the same name asks for its id rather than taking the first."""
    return _one_named([(f, f) for f in _forces(roster.forces)], wanted, "force")


def cmd_add(args: argparse.Namespace, out: TextIO) -> int:
    """``warband add LIST [NAME] [--into SELECTION] [--number N] [--force-name F]``;
    without a name, what may be added there."""
    from model.bsdata.building import add_selection, choices
    from model.core.problems import did_you_mean
    from saves.bs_roster_file import read_bs_roster

    _only_bs(args)
    saved, _ = read_bs_roster(args.file)
    system = open_library(args).load_battlescribe(saved.system)
    roster = saved.roster
    if args.into is not None:
        force, parent = _find_selection(roster, args.into)
        parent_id: str | None = parent.id
        place = parent.custom_name or parent.name
    else:
        force, parent_id, place = _force(roster, args.force_name), None, ""
        place = force.custom_name or force.name
    offered = choices(system, roster, force.id, parent_id)
    if args.name is None:
        print(_choices_text(place, offered, system.cost_names()), file=out)
        return EXIT_OK
    key = args.name.casefold()
    matches = [c for c in offered if c.name.casefold() == key]
    if len(matches) != 1:
        names = list(dict.fromkeys(c.name for c in offered))
        _refuse(
            f"cannot add '{args.name}' to {place}",
            "no such choice there" if not matches else f"{len(matches)} choices have that name",
            did_you_mean(args.name, names) or "choices there: " + ", ".join(names[:30]),
        )
    if not 1 <= args.number <= 1_000_000:
        _refuse("cannot add it", f"--number must be 1 to 1,000,000, got {args.number}")
    edited = add_selection(system, roster, force.id, parent_id, matches[0].entry_id, args.number)
    return _save(args, out, saved.system, edited, system)


def _choices_text(place: str, offered: tuple[Choice, ...], names: dict[str, str]) -> str:
    """What may be added to ``place``, under the heading of the group each is in, with
    its costs: what ``add`` takes by name."""
    from model.core.safe_text import terminal_safe
    from saves.bs_export import number_text

    if not offered:
        return terminal_safe(f"nothing can be added to {place}")
    lines = [f"what can be added to {place}:"]
    width = max(len(c.name) for c in offered)
    heading: str | None = None
    for choice in offered:
        if choice.group != heading:
            heading = choice.group
            if heading:
                lines.append(f"  {heading}:")
            elif len(lines) > 1:
                lines.append("")
        costs = ", ".join(
            f"{number_text(c.value)} {names.get(c.type_id, c.type_id)}"
            for c in choice.costs
            if c.value
        )
        indent = "    " if heading else "  "
        lines.append(f"{indent}{choice.name:<{width}}  {choice.type:<7} {costs}".rstrip())
    return terminal_safe("\n".join(lines))


def cmd_add_force(args: argparse.Namespace, out: TextIO) -> int:
    """``warband add-force LIST [KIND] [--catalogue FACTION]``: another force, of the kind
    named, from the faction named or the list's first force's, holding what BattleScribe
    selects by itself; without a kind, the kinds that faction offers."""
    from model.bsdata.building import new_force
    from model.core.problems import did_you_mean
    from model.core.safe_text import terminal_safe
    from saves.bs_roster_file import read_bs_roster
    from tui.cli.bs_rosters import find_catalogue

    _only_bs(args)
    saved, _ = read_bs_roster(args.file)
    system = open_library(args).load_battlescribe(saved.system)
    roster = saved.roster
    if args.catalogue is not None:
        catalogue = find_catalogue(system, args.catalogue)
    else:
        first = _forces(roster.forces)[0].catalogue_id if roster.forces else None
        found = system.catalogue(first) if first is not None else None
        if found is None:
            _refuse(
                "which faction?",
                "the list has no force to take its faction from",
                "name one with --catalogue (warband catalogs SYSTEM lists them)",
            )
        catalogue = found
    kinds = [f for f in system.forces(catalogue.id) if not f.hidden]
    if args.kind is None:
        lines = [f"forces {catalogue.name} can add:", *(f"  {f.name}" for f in kinds)]
        text = "\n".join(lines) if kinds else f"{catalogue.name} has no kind of force"
        print(terminal_safe(text), file=out)
        return EXIT_OK
    key = args.kind.casefold()
    matches = [f for f in kinds if key in (f.id.casefold(), f.name.casefold())]
    if len(matches) != 1:
        names = [f.name for f in kinds]
        _refuse(
            f"cannot add a force '{args.kind}' from {catalogue.name}",
            "no such kind of force" if not matches else f"{len(matches)} kinds have that name",
            did_you_mean(args.kind, names) or "kinds: " + ", ".join(names[:30]),
        )
    edited = new_force(system, roster, catalogue.id, matches[0].id)
    return _save(args, out, saved.system, edited, system)


def cmd_remove(args: argparse.Namespace, out: TextIO) -> int:
    """``warband remove LIST SELECTION``: a selection and everything inside it; ``warband
    remove LIST --force-name FORCE``: a force and everything inside it."""
    from model.bsdata.building import remove_force, remove_selection
    from saves.bs_roster_file import read_bs_roster

    _only_bs(args)
    if (args.selection is None) == (args.force_name is None):
        _refuse(
            "what is to be removed?",
            "name a selection, or a force with --force-name, not both",
            "warband remove LIST SELECTION, or warband remove LIST --force-name FORCE",
        )
    saved, _ = read_bs_roster(args.file)
    system = open_library(args).load_battlescribe(saved.system)
    if args.force_name is not None:
        edited = remove_force(saved.roster, _one_force(saved.roster, args.force_name).id)
    else:
        _, selection = _find_selection(saved.roster, args.selection)
        edited = remove_selection(saved.roster, selection.id)
    return _save(args, out, saved.system, edited, system)


def _only_bs(args: argparse.Namespace) -> None:
    if not is_bs_roster(args.file):
        _refuse(
            f"cannot edit {args.file} from the command line",
            "add and remove work on lists over BattleScribe data",
            "edit this list in the app: warband open " + str(args.file),
        )


def _save(
    args: argparse.Namespace, out: TextIO, system_id: str, roster: BsRoster, system: GameSystem
) -> int:
    """Write the edited list over the file it was read from, and say where it stands."""
    from model.bsdata.evaluate import evaluate
    from model.bsdata.roster_toml import BsRosterFile
    from saves.bs_roster_file import write_bs_roster

    write_bs_roster(args.file, BsRosterFile(system_id, roster), system.cost_names(), replace=True)
    evaluation = evaluate(system, roster)
    names = ", ".join(dict.fromkeys(f.catalogue_name or f.catalogue_id for f in roster.forces))
    print(verdict_text(system, roster, evaluation, names), file=out)
    return EXIT_OK if evaluation.valid else EXIT_INVALID
