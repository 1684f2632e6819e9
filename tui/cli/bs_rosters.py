"""The roster commands on lists over BattleScribe data: ``new``, ``validate``, ``show``,
``export`` (every format, and ``ros``/``rosz``) and ``import`` (a ``.ros``/``.rosz`` file or
a ``WBS1-`` share code).

The commands of ``lists`` and ``sharing`` hand over to these when the list is a
``warband.bsroster`` file or the game system a folder of BattleScribe data, so a player
types the same commands whichever kind of game they play. A list is read
(``saves.bs_roster_file``), its game system loaded from the catalog folder
(``catalogs.bsdata``), evaluated by the engine (``model.bsdata.evaluate``), and written as
the same ``ListExport`` our own lists share through (``saves.bs_export``).
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import TYPE_CHECKING, TextIO

from tui.cli.exits import EXIT_INVALID, EXIT_OK
from tui.cli.files import open_library, refuse_overwrite

if TYPE_CHECKING:
    from model.bsdata.data import Catalogue
    from model.bsdata.evaluate import Evaluation
    from model.bsdata.roster import BsRoster
    from model.bsdata.roster_toml import BsRosterFile
    from model.bsdata.system import GameSystem

BS_FORMATS = ("ros", "rosz")
"""Export formats only a list over BattleScribe data has."""


def is_bs_system(args: argparse.Namespace, system_id: str) -> bool:
    """Whether ``system_id`` names a BattleScribe folder and no TOML system."""
    library = open_library(args)
    return system_id not in library.entries() and system_id in library.battlescribe_entries()


def _open(args: argparse.Namespace) -> tuple[BsRosterFile, GameSystem, Evaluation]:
    """The list, its game (only the files its forces need) and the engine's verdict."""
    from catalogs.bs_cache import roster_catalogues
    from model.bsdata.evaluate import evaluate
    from saves.bs_roster_file import read_bs_roster

    saved, _ = read_bs_roster(args.file)
    needed = roster_catalogues(saved.roster)
    system = open_library(args).load_battlescribe(saved.system, needed)
    return saved, system, evaluate(system, saved.roster)


def verdict_text(
    system: GameSystem, roster: BsRoster, evaluation: Evaluation, catalogue: str
) -> str:
    """The plain-text verdict of ``validate`` and ``import``: the list, its costs against
    their limits, and one line per finding."""
    from model.core.messages import number_text
    from model.core.safe_text import terminal_safe

    names = system.cost_names()
    limits = {c.type_id: c.value for c in evaluation.limits if c.value >= 0}
    costs = ", ".join(
        f"{number_text(c.value)}"
        + (f"/{number_text(limits[c.type_id])}" if c.type_id in limits else "")
        + f" {names.get(c.type_id, c.type_id)}"
        for c in evaluation.shown_totals
    )
    errors = sum(1 for f in evaluation.findings if f.severity == "error")
    warnings = len(evaluation.findings) - errors
    counts = ", ".join(
        f"{n} {word}{'s' if n != 1 else ''}"
        for n, word in ((errors, "error"), (warnings, "warning"))
        if n
    )
    verdict = "valid" if evaluation.valid else "NOT VALID"
    lines = [
        f"{roster.name}: {catalogue}, {system.name} (BattleScribe data, revision "
        f"{system.system.revision})",
        (f"{costs}: " if costs else "") + verdict + (f" ({counts})" if counts else ""),
    ]
    lines += [f"  {f.severity} [{f.code}] {f.message}" for f in evaluation.findings]
    return terminal_safe("\n".join(lines))


def _catalogues(roster: BsRoster) -> str:
    names = dict.fromkeys(f.catalogue_name or f.catalogue_id for f in roster.forces)
    return " + ".join(names) or "no force yet"


def bs_validate(args: argparse.Namespace, out: TextIO) -> int:
    """``warband validate FILE [--json]`` on a BattleScribe list."""
    saved, system, evaluation = _open(args)
    if args.json:
        from saves.json_text import json_text

        print(json_text(_report(system, evaluation)), file=out)
    else:
        print(verdict_text(system, saved.roster, evaluation, _catalogues(saved.roster)), file=out)
    return EXIT_OK if evaluation.valid else EXIT_INVALID


def _report(system: GameSystem, evaluation: Evaluation) -> dict[str, object]:
    """``validate --json`` for a BattleScribe list: ``valid`` and ``findings`` as for our
    own lists, the costs by cost type instead of ``points``."""
    names = system.cost_names()
    limits = {c.type_id: c.value for c in evaluation.limits}
    return {
        "valid": evaluation.valid,
        "costs": [
            {
                "id": c.type_id,
                "name": names.get(c.type_id, c.type_id),
                "value": c.value,
                "limit": limits.get(c.type_id, -1.0),
            }
            for c in evaluation.totals
        ],
        "findings": [f.as_dict() for f in evaluation.findings],
    }


def bs_show(args: argparse.Namespace, out: TextIO) -> int:
    """``warband show FILE`` on a BattleScribe list: the sheet, as plain text."""
    from model.core.safe_text import terminal_safe
    from saves.bs_export import build_bs_export
    from saves.export_formats import to_text

    saved, system, evaluation = _open(args)
    doc = build_bs_export(system, saved.system, saved.roster, evaluation)
    sheet = to_text(doc, "").rstrip("\n").rpartition("\n\nwarband import")[0]
    print(terminal_safe(sheet), file=out)
    return EXIT_OK


def bs_new(args: argparse.Namespace, out: TextIO) -> int:
    """``warband new SYSTEM CATALOGUE [--points N] -o FILE`` over BattleScribe data: a list
    with one force of the catalogue's first force entry, and what BattleScribe selects by
    itself in a new force (entries a force must have)."""
    from model.bsdata.new_list import main_cost, playable_forces, started_roster
    from model.bsdata.roster_toml import BsRosterFile
    from model.core.messages import number_text, with_article
    from model.core.problems import Problem, RosterError
    from saves.bs_roster_file import write_bs_roster

    library = open_library(args)
    system = library.load_battlescribe(args.system)
    catalogue = find_catalogue(system, args.faction)
    forces = playable_forces(system, catalogue)
    if args.points is not None and args.points < 1:
        raise RosterError(
            "cannot start the list", [Problem(f"--points must be 1 or more, got {args.points}")]
        )
    refuse_overwrite(args.output, args.force)
    name = args.name or catalogue.name
    roster = started_roster(system, catalogue, forces[0], args.points, name)
    write_bs_roster(
        args.output, BsRosterFile(args.system, roster), system.cost_names(), replace=True
    )
    points = main_cost(system, roster)
    limit = (
        f" of {number_text(float(args.points))} {system.cost_names()[points]}"
        if roster.cost_limits and points
        else ""
    )
    print(
        f"wrote {args.output}: {with_article(catalogue.name)} list{limit} ({forces[0].name})",
        file=out,
    )
    return EXIT_OK


def find_catalogue(system: GameSystem, wanted: str) -> Catalogue:
    """A faction (catalogue) of a system by id, name or file name, case aside; a
    ``CatalogError`` with "did you mean" otherwise."""
    from model.core.problems import CatalogError, Problem, did_you_mean

    key = wanted.casefold()
    for catalogue in system.factions:
        names = (catalogue.id, catalogue.name, Path(catalogue.file).stem)
        if key in (n.casefold() for n in names):
            return catalogue
    choices = [c.name for c in system.factions]
    raise CatalogError(
        f"no faction '{wanted}' in {system.name}",
        [
            Problem(
                f"unknown faction '{wanted}'",
                hint=did_you_mean(wanted, choices) or "factions: " + ", ".join(choices),
            )
        ],
    )


def bs_export(args: argparse.Namespace, out: TextIO) -> int:
    """``warband export FILE --format F`` on a BattleScribe list: every format our own
    lists have, and ``ros``/``rosz`` for BattleScribe and New Recruit."""
    from model.core.messages import number_text
    from saves.atomic import write_atomic
    from saves.bs_share import bs_share_text

    saved, system, evaluation = _open(args)
    if args.format == "rosz" or (args.format == "ros" and args.output is not None):
        return _export_ros(args, out, saved, system)
    text = bs_share_text(args.format, system, saved, evaluation).rstrip("\n")
    if args.output is None:
        print(text, file=out)
        return EXIT_OK
    refuse_overwrite(args.output, args.force)
    write_atomic(args.output, (text + "\n").encode("utf-8"))
    totals = ", ".join(
        f"{number_text(c.value)} {system.cost_names().get(c.type_id, c.type_id)}"
        for c in evaluation.totals
    )
    verdict = "valid" if evaluation.valid else "NOT VALID"
    print(f"wrote {args.output}: {saved.roster.name}, {totals}, {verdict}", file=out)
    return EXIT_OK


def _export_ros(
    args: argparse.Namespace,
    out: TextIO,
    saved: BsRosterFile,
    system: GameSystem,
) -> int:
    from model.bsdata.ros_content import ros_content
    from model.core.problems import Problem, RosterError
    from saves.ros_file import write_ros_file

    if args.output is None:  # ros to the screen is text: bs_export prints it
        raise RosterError(
            "a .rosz is a zip file, not text",
            [Problem("nothing written", hint="give a file to write: -o LIST.rosz")],
        )
    write_ros_file(
        args.output,
        saved.roster,
        zipped=args.format == "rosz",
        replace=args.force,
        content=ros_content(system, saved.roster),
    )
    print(f"wrote {args.output}: {saved.roster.name}, for BattleScribe or New Recruit", file=out)
    return EXIT_OK


def is_ros(text: str) -> bool:
    """Whether ``import``'s argument names a BattleScribe roster file."""
    return Path(text).suffix.lower() in (".ros", ".rosz")


def bs_import(args: argparse.Namespace, out: TextIO) -> int:
    """``warband import LIST.ros|LIST.rosz|WBS1-... -o FILE``: a BattleScribe roster (or a
    share code of one) as a warband list, checked and reported like ``validate``."""
    from catalogs.bs_cache import roster_catalogues
    from model.bsdata.evaluate import evaluate
    from model.bsdata.roster_toml import BsRosterFile
    from saves.bs_roster_file import write_bs_roster
    from saves.bs_share_code import contains_bs_code, decode_bs
    from saves.ros_file import read_ros_file

    library = open_library(args)
    if contains_bs_code(args.code):
        saved = decode_bs(args.code)
        system = library.load_battlescribe(saved.system, roster_catalogues(saved.roster))
    else:
        roster = read_ros_file(args.code)
        system_id, system = library.battlescribe_game_of(
            roster.game_system_id, args.code, roster_catalogues(roster)
        )
        saved = BsRosterFile(system_id, roster)
    refuse_overwrite(args.output, args.force)
    evaluation = evaluate(system, saved.roster)
    write_bs_roster(args.output, saved, system.cost_names(), replace=True)
    print(f"wrote {args.output}", file=out)
    print(verdict_text(system, saved.roster, evaluation, _catalogues(saved.roster)), file=out)
    return EXIT_OK if evaluation.valid else EXIT_INVALID
