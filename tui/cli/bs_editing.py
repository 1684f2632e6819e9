"""``warband add``, ``add-force`` and ``remove``: edit a list over BattleScribe data from
the command line, by the names a player reads.

A BattleScribe list names its entries by chains of ids (``link::entry``) that nobody
types; these commands find them by name instead: ``add LIST "Car"`` selects the Car in
the list's force, ``add LIST "Machine Gun" --into Car`` inside the Car, with whatever
BattleScribe selects by itself (a weapon's default mounting). Where two entries of a
place share a name, a path through their groups (``Melee/Sword``) or ``--id`` tells them
apart (``model.bsdata.picking``); an entry the data hides there is still added when
named, as BattleScribe adds it, and the verdict reports it. ``add-force --in FORCE``
adds a force inside a force. The list is checked after the edit and the verdict
printed, as ``validate`` prints it, so each step shows what the list still needs.
Names are matched without regard to case; a name that matches several selections asks
for the selection's id (``show`` and the file list them). The helpers here that find a
selection or a force and write the list back serve ``bs_changes`` too.
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from typing import TYPE_CHECKING, NoReturn, TextIO, TypeVar

from model.bsdata.roster_bounds import MAX_NUMBER
from saves.peek import is_bs_roster
from tui.cli.bs_rosters import verdict_text
from tui.cli.exits import EXIT_INVALID, EXIT_OK
from tui.cli.files import open_library

if TYPE_CHECKING:
    from model.bsdata.building import Choice
    from model.bsdata.roster import BsRoster, Force, Selection
    from model.bsdata.roster_toml import BsRosterFile
    from model.bsdata.system import GameSystem


def refuse(title: str, message: str, hint: str | None = None) -> NoReturn:
    from model.core.problems import Problem, RosterError

    raise RosterError(title, [Problem(message, hint=hint)])


def walk_selections(selections: tuple[Selection, ...]) -> list[Selection]:
    """Every selection at every depth, in the order the list holds them."""
    from model.bsdata.roster import all_selections

    return list(all_selections(selections))


def forces_of(forces: tuple[Force, ...]) -> list[Force]:
    """Every force at every depth, in the order the list holds them."""
    from model.bsdata.roster import all_forces

    return list(all_forces(forces))


T = TypeVar("T")


def one_named(
    found: Sequence[tuple[T, Selection | Force]],
    wanted: str,
    what: str,
    hint: str | None = None,
    plural: str | None = None,
) -> T:
    """The one of ``found`` whose selection or force has the id ``wanted``, or else that
    name or custom name, case aside; refused when none has it (with ``hint``) or several
    do (then their ids are asked for: an edit never takes the first of two alike)."""
    from model.core.safe_text import terminal_safe

    exact = [(t, s) for t, s in found if s.id == wanted]
    key = wanted.casefold()
    named = exact or [(t, s) for t, s in found if called(s.name, s.custom_name, key)]
    if len(named) == 1:
        return named[0][0]
    if not named:
        refuse(
            f"no {what} '{terminal_safe(wanted)}' in the list",
            f"no {what} has that name or id",
            hint,
        )
    ids = ", ".join(f"{s.id} ({terminal_safe(s.custom_name or s.name)})" for _, s in named[:8])
    refuse(
        f"'{terminal_safe(wanted)}' names {len(named)} {plural or what + 's'}",
        f"it could be {ids}",
        f"give the {what}'s id instead",
    )


def called(name: str, custom_name: str, key: str) -> bool:
    """Whether something of this name and custom name is the one a player names by
    ``key`` (casefolded): its name, or its own name when it has one. An empty custom
    name is no name: ``''`` must not name everything a player has not renamed."""
    return key == name.casefold() or (bool(custom_name) and key == custom_name.casefold())


def find_selection(roster: BsRoster, wanted: str) -> tuple[Force, Selection]:
    """The one selection with this id, or else this name or custom name."""
    found = [((f, s), s) for f in forces_of(roster.forces) for s in walk_selections(f.selections)]
    return one_named(
        found, wanted, "selection", "see the list's selections with: warband show LIST"
    )


def _force(roster: BsRoster, wanted: str | None) -> Force:
    """The force ``add`` adds to: the list's first, or the one ``--force-name`` names
    (found as ``one_force`` finds it, so a name two forces share asks for the id)."""
    forces = forces_of(roster.forces)
    if not forces:
        refuse("the list has no force", "nothing can be added yet", "start it with warband new")
    if wanted is None:
        return forces[0]
    return one_force(roster, wanted)


def one_force(roster: BsRoster, wanted: str) -> Force:
    """The one force with this id, or else this name or custom name: removing one of two
    forces of the same name asks for its id rather than taking the first."""
    return one_named([(f, f) for f in forces_of(roster.forces)], wanted, "force")


def cmd_add(args: argparse.Namespace, out: TextIO) -> int:
    """``warband add LIST [NAME|PATH] [--id ENTRY_ID] [--into SELECTION] [--number N]
    [--force-name F]``; without a name or an id, what may be added there."""
    from model.bsdata.building import add_selection, choices

    only_bs(args)
    if args.name is not None and args.id is not None:
        refuse(
            "which entry?",
            "name the entry, or give its id with --id, not both",
            "warband add LIST NAME, or warband add LIST --id ENTRY_ID",
        )
    saved, system = open_list(args)
    roster = saved.roster
    if args.into is not None:
        force, parent = find_selection(roster, args.into)
        parent_id: str | None = parent.id
        place = parent.custom_name or parent.name
    else:
        force, parent_id, place = _force(roster, args.force_name), None, ""
        place = force.custom_name or force.name
    every = choices(system, roster, force.id, parent_id, every=True)
    if args.name is None and args.id is None:
        print(_choices_text(place, every, system.cost_names()), file=out)
        return EXIT_OK
    if not 1 <= args.number <= MAX_NUMBER:
        refuse("cannot add it", f"--number must be 1 to {MAX_NUMBER:,}, got {args.number}")
    chosen = _meant(every, args.name, args.id, place)
    edited = add_selection(system, roster, force.id, parent_id, chosen.entry_id, args.number)
    if not chosen.offered:
        print(_hidden_note(chosen, place), file=out)
    return save_edit(args, out, saved.system, edited, system)


def _meant(every: tuple[Choice, ...], name: str | None, entry_id: str | None, place: str) -> Choice:
    """The one choice of the place a name, a path or an id (``--id``) means; refused
    with what it could be where it is none or several."""
    from model.bsdata.picking import meant, path_of
    from model.core.problems import did_you_mean
    from model.core.safe_text import terminal_safe

    wanted = name if name is not None else str(entry_id)
    found = meant(every, wanted, by_id=entry_id is not None)
    if len(found) == 1:
        return found[0]
    shown = terminal_safe(wanted)
    if not found:
        names = list(dict.fromkeys(c.name for c in every if c.offered))
        if entry_id is not None:
            hint = "see the ids with: warband add LIST (a name two entries share shows them)"
        else:
            hint = did_you_mean(wanted, names) or "choices there: " + ", ".join(names[:30])
        refuse(f"cannot add '{shown}' to {place}", "no such choice there", hint)
    alike = ", ".join(f"{path_of(c)} (--id {c.entry_id})" for c in found[:8])
    refuse(
        f"'{shown}' is {len(found)} choices in {place}",
        f"it could be {terminal_safe(alike)}",
        "give its path (Group/Name) where their groups differ, else its id with --id",
    )


def _hidden_note(chosen: Choice, place: str) -> str:
    """Said when an entry the builder leaves out is added: BattleScribe adds it too, and
    the verdict below reports it where BattleScribe would (``SEMANTICS.md`` rule 24: at a
    force's top, only under a primary category)."""
    from model.core.safe_text import terminal_safe

    return terminal_safe(
        f"{chosen.name} is not offered in {place} (hidden there): added as BattleScribe "
        "adds it, and reported where BattleScribe reports it"
    )


def open_list(args: argparse.Namespace, whole: bool = False) -> tuple[BsRosterFile, GameSystem]:
    """The list the command edits, and the game system it is built with: only the files
    its forces need, or, ``whole``, every catalogue (to add a force of any of them)."""
    from catalogs.bs_cache import roster_catalogues
    from saves.bs_roster_file import read_bs_roster

    saved, _ = read_bs_roster(args.file)
    needed = None if whole else roster_catalogues(saved.roster)
    return saved, open_library(args).load_battlescribe(saved.system, needed)


def _choices_text(place: str, every: tuple[Choice, ...], names: dict[str, str]) -> str:
    """What may be added to ``place``, under the heading of the group each is in, with
    its costs: what ``add`` takes by name. A name two choices share is followed by the
    id that tells it apart; the entries left out (hidden there) are counted at the end,
    as ``add`` still takes them by name."""
    from collections import Counter

    from model.core.messages import number_text
    from model.core.safe_text import terminal_safe

    offered = [c for c in every if c.offered]
    hidden = len(every) - len(offered)
    more = (
        [f"({hidden} more hidden there: add takes one by its name or id, and the list "
         "reports it where BattleScribe does)"]
        if hidden
        else []
    )  # fmt: skip
    if not offered:
        return terminal_safe("\n".join([f"nothing can be added to {place}", *more]))
    lines = [f"what can be added to {place}:"]
    width = max(len(c.name) for c in offered)
    shared = Counter(c.name.casefold() for c in offered)
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
        if shared[choice.name.casefold()] > 1:
            costs += f"  (--id {choice.entry_id})"
        indent = "    " if heading else "  "
        lines.append(f"{indent}{choice.name:<{width}}  {choice.type:<7} {costs}".rstrip())
    return terminal_safe("\n".join([*lines, *more]))


def cmd_add_force(args: argparse.Namespace, out: TextIO) -> int:
    """``warband add-force LIST [KIND] [--catalogue FACTION] [--in FORCE]``: another
    force, of the kind named, from the faction named or the list's first force's (inside
    ``--in``: of a kind that force holds, from its faction unless named), holding what
    BattleScribe selects by itself; without a kind, the kinds there are."""
    from model.bsdata.building import child_force_kinds, new_force
    from model.core.problems import did_you_mean
    from model.core.safe_text import terminal_safe
    from tui.cli.bs_rosters import find_catalogue

    only_bs(args)
    saved, system = open_list(args, whole=args.catalogue is not None)
    roster = saved.roster
    parent = one_force(roster, args.into) if args.into is not None else None
    if args.catalogue is not None:
        catalogue = find_catalogue(system, args.catalogue)
    else:
        first = parent or (forces_of(roster.forces)[0] if roster.forces else None)
        found = system.catalogue(first.catalogue_id) if first is not None else None
        if found is None:
            refuse(
                "which faction?",
                "the list has no force to take its faction from",
                "name one with --catalogue (warband catalogs SYSTEM lists them)",
            )
        catalogue = found
    if parent is not None:
        where = terminal_safe(parent.custom_name or parent.name)
        kinds = [f for f in child_force_kinds(system, roster, parent.id) if not f.hidden]
        heading, none = f"forces {where} can hold:", f"{where} holds no other force"
    else:
        where = terminal_safe(catalogue.name)
        kinds = [f for f in system.forces(catalogue.id) if not f.hidden]
        heading, none = f"forces {where} can add:", f"{where} has no kind of force"
    if args.kind is None:
        lines = [heading, *(f"  {f.name}" for f in kinds)]
        print(terminal_safe("\n".join(lines) if kinds else none), file=out)
        return EXIT_OK
    key = args.kind.casefold()
    matches = [f for f in kinds if key in (f.id.casefold(), f.name.casefold())]
    if len(matches) != 1:
        names = [f.name for f in kinds]
        into = f" in {where}" if parent is not None else f" from {where}"
        refuse(
            f"cannot add a force '{terminal_safe(args.kind)}'{into}",
            "no such kind of force" if not matches else f"{len(matches)} kinds have that name",
            (did_you_mean(args.kind, names) or "kinds: " + ", ".join(names[:30]))
            if names
            else none,
        )
    parent_id = parent.id if parent is not None else None
    edited = new_force(system, roster, catalogue.id, matches[0].id, parent_force_id=parent_id)
    return save_edit(args, out, saved.system, edited, system)


def cmd_remove(args: argparse.Namespace, out: TextIO) -> int:
    """``warband remove LIST SELECTION``: a selection and everything inside it; ``warband
    remove LIST --force-name FORCE``: a force and everything inside it."""
    from model.bsdata.building import remove_force, remove_selection

    only_bs(args)
    if (args.selection is None) == (args.force_name is None):
        refuse(
            "what is to be removed?",
            "name a selection, or a force with --force-name, not both",
            "warband remove LIST SELECTION, or warband remove LIST --force-name FORCE",
        )
    saved, system = open_list(args)
    if args.force_name is not None:
        edited = remove_force(saved.roster, one_force(saved.roster, args.force_name).id)
    else:
        _, selection = find_selection(saved.roster, args.selection)
        edited = remove_selection(saved.roster, selection.id)
    return save_edit(args, out, saved.system, edited, system)


def only_bs(args: argparse.Namespace) -> None:
    if not is_bs_roster(args.file):
        refuse(
            f"cannot edit {args.file} from the command line",
            "add, remove and the other edits work on lists over BattleScribe data",
            "edit this list in the app: warband open " + str(args.file),
        )


def save_edit(
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
