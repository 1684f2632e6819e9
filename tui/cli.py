"""The ``warband`` command line: every non-interactive operation, scriptable.

Exit codes are part of the interface: ``validate`` exits 0 for a legal list, 1
when it breaks an error-level rule and 2 when the file cannot be read; every
command exits 2 for unreadable input and prints the problem, never a traceback.
Heavy modules (Rich, pydantic schemas) are imported inside the commands that
need them, so ``warband --help`` stays instant.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, TextIO

if TYPE_CHECKING:
    from catalogs.library import Library
    from model.catalog import Catalog, FactionView
    from model.findings import Report
    from model.roster import Roster

EXIT_OK = 0
EXIT_INVALID = 1
EXIT_UNREADABLE = 2


def build_parser() -> argparse.ArgumentParser:
    """The argument parser, with one sub-command per operation."""
    parser = argparse.ArgumentParser(
        prog="warband",
        description="Build, check and share lists for tabletop skirmish wargames.",
    )
    parser.add_argument(
        "--catalog-dir",
        metavar="DIR",
        help="folder of your own catalogs (default: $WARBAND_CATALOG_DIR, or the "
        "platform's data folder); a catalog there replaces a bundled one with the same id",
    )
    parser.add_argument(
        "--saves-dir",
        metavar="DIR",
        help="folder where lists are saved and the file picker opens (default: "
        "$WARBAND_SAVES_DIR, or the platform's data folder)",
    )
    parser.add_argument(
        "--config-dir",
        metavar="DIR",
        help="folder of the settings file (default: $WARBAND_CONFIG_DIR, or the "
        "platform's config folder)",
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")

    p = sub.add_parser("open", help="open a roster in the terminal app's builder")
    p.add_argument("file", type=Path, help="the roster (.toml)")

    p = sub.add_parser("validate", help="check a roster file: points and every list rule")
    p.add_argument("file", type=Path, help="the roster (.toml)")
    p.add_argument("--json", action="store_true", help="print one JSON object")

    p = sub.add_parser("show", help="print a roster as an army sheet")
    p.add_argument("file", type=Path, help="the roster (.toml)")
    p.add_argument("--width", type=int, default=None, help="sheet width in columns")

    p = sub.add_parser(
        "catalogs",
        help="list game systems, a system's factions or a faction's units; check a catalog",
    )
    p.add_argument("system", nargs="?", help="a system id: list its factions")
    p.add_argument("faction", nargs="?", help="a faction id: list its units, ids and prices")
    p.add_argument(
        "--check",
        metavar="PATH",
        type=Path,
        help="check a catalog folder and report every problem in it",
    )

    p = sub.add_parser("new", help="start an empty roster file")
    p.add_argument("system", help="game system id, e.g. punkapocalyptic")
    p.add_argument("faction", help="faction id, e.g. gangers")
    p.add_argument("--points", type=int, help="points limit (default: the system's usual)")
    p.add_argument("--name", help="the list's name (default: the faction's name)")
    p.add_argument("-o", "--output", type=Path, required=True, help="file to write")
    p.add_argument("--force", action="store_true", help="overwrite an existing file")
    return parser


def main(
    argv: Sequence[str] | None = None, out: TextIO | None = None, err: TextIO | None = None
) -> int:
    """Run the command line; returns the exit code."""
    out = out or sys.stdout
    err = err or sys.stderr
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.command in (None, "open"):
        return run_app(args)
    from model.problems import WarbandError

    try:
        return int(_COMMANDS[args.command](args, out))
    except WarbandError as exc:
        print(exc.render(), file=err)
        return EXIT_UNREADABLE
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        # The reader went away (``warband catalogs ... | head``): stop quietly.
        if out is sys.stdout:
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, sys.stdout.fileno())
        return 141


def run_app(args: argparse.Namespace) -> int:
    """``warband`` and ``warband open FILE``: the terminal app."""
    from tui.app import make_app

    app = make_app(
        catalog_dir=args.catalog_dir,
        saves_dir=args.saves_dir,
        config_dir=args.config_dir,
        open_path=getattr(args, "file", None),
    )
    app.run()
    return EXIT_OK


def _library(args: argparse.Namespace) -> Library:
    from catalogs.library import Library

    return Library(args.catalog_dir)


def _open(args: argparse.Namespace) -> tuple[Roster, FactionView, Report]:
    from model.validate import validate
    from saves.roster_file import read_roster, resolve

    roster, source = read_roster(args.file)
    view = resolve(roster, source, _library(args).load)
    return roster, view, validate(view, roster)


def _faction(catalog: Catalog, faction_id: str) -> FactionView:
    """A faction of a catalog, or a ``CatalogError`` with "did you mean"."""
    from model.problems import CatalogError, Problem, did_you_mean

    if faction_id not in catalog.factions:
        raise CatalogError(
            f"no faction '{faction_id}' in {catalog.system.name}",
            [
                Problem(
                    f"unknown faction '{faction_id}'",
                    hint=did_you_mean(faction_id, catalog.factions)
                    or "factions: " + ", ".join(catalog.factions),
                )
            ],
        )
    return catalog.view(faction_id)


def cmd_validate(args: argparse.Namespace, out: TextIO) -> int:
    """``warband validate FILE [--json]``."""
    roster, view, report = _open(args)
    if args.json:
        print(json.dumps(report.as_dict(), indent=2, ensure_ascii=False), file=out)
    else:
        print(summary_text(roster, view, report), file=out)
    return EXIT_OK if report.valid else EXIT_INVALID


def summary_text(roster: Roster, view: FactionView, report: Report) -> str:
    """The plain-text verdict of ``validate``: one line per finding, with its place."""
    errors, warnings = len(report.errors), len(report.warnings)
    verdict = "valid" if report.valid else "NOT VALID"
    counts = ", ".join(
        f"{n} {word}{'s' if n != 1 else ''}"
        for n, word in ((errors, "error"), (warnings, "warning"))
        if n
    )
    lines = [
        f"{roster.name}: {view.faction.name}, {view.system.name} ({view.system.edition})",
        f"{report.points}/{report.points_limit} {view.system.points}, "
        f"{report.models} model{'s' if report.models != 1 else ''}: {verdict}"
        + (f" ({counts})" if counts else ""),
    ]
    for f in report.findings:
        lines.append(f"  {f.severity} [{f.code}] {f.message}")
    return "\n".join(lines)


def cmd_show(args: argparse.Namespace, out: TextIO) -> int:
    """``warband show FILE``: the roster as a Rich army sheet."""
    from rich.console import Console

    from tui.sheet import army_sheet

    roster, view, report = _open(args)
    sheet = army_sheet(roster, view, report)
    if out.isatty():
        Console(file=out, width=args.width, highlight=False).print(sheet)
        return EXIT_OK
    # Piped or redirected: plain text, without the padding Rich leaves at line ends.
    console = Console(width=args.width or 100, highlight=False, color_system=None)
    with console.capture() as captured:
        console.print(sheet)
    out.write("".join(line.rstrip() + "\n" for line in captured.get().splitlines()))
    return EXIT_OK


def cmd_catalogs(args: argparse.Namespace, out: TextIO) -> int:
    """``warband catalogs [--check PATH]``; with --check, exits 1 when problems are found."""
    from catalogs.loader import load_system
    from model.problems import CatalogError, WarbandError

    if args.check is not None:
        try:
            catalog = load_system(args.check, origin="check")
        except CatalogError as exc:
            print(exc.render(), file=out)
            return EXIT_INVALID
        units = sum(len(f.units) for f in catalog.factions.values()) + len(
            catalog.system_file.units
        )
        items = sum(len(f.items) for f in catalog.factions.values()) + len(
            catalog.system_file.items
        )
        print(
            f"{args.check}: no problems: {catalog.system.name} ({catalog.system.id}), "
            f"{len(catalog.factions)} factions, {units} units, {items} items",
            file=out,
        )
        return EXIT_OK
    library = _library(args)
    if args.system:
        from tui.listing import faction_listing, system_listing

        catalog = library.load(args.system)
        if args.faction is None:
            print(system_listing(catalog), file=out)
            return EXIT_OK
        print(faction_listing(_faction(catalog, args.faction)), file=out)
        return EXIT_OK
    entries = library.entries()
    if not entries:
        print("no catalogs found", file=out)
        return EXIT_OK
    for entry in entries.values():
        try:
            catalog = library.load(entry.id)
        except WarbandError as exc:
            print(
                f"{entry.id} ({entry.origin}, {entry.folder}): cannot be loaded, "
                f"{len(exc.problems)} problems; run: warband catalogs --check {entry.folder}",
                file=out,
            )
            continue
        s = catalog.system
        print(f"{s.id}: {s.name}, {s.edition} (catalog {s.version}, {entry.origin})", file=out)
        for fid, faction in catalog.factions.items():
            mark = "" if faction.faction.data == "published" else f" [{faction.faction.data}]"
            print(f"  {fid}: {faction.faction.name}{mark}", file=out)
    return EXIT_OK


def cmd_new(args: argparse.Namespace, out: TextIO) -> int:
    """``warband new SYSTEM FACTION [--points N] -o FILE``."""
    from model.problems import Problem, RosterError
    from model.roster import Roster
    from saves.roster_file import write_roster

    catalog = _library(args).load(args.system)
    faction = _faction(catalog, args.faction).faction
    if args.points is not None and args.points < 1:
        raise RosterError(
            "cannot start the list", [Problem(f"--points must be 1 or more, got {args.points}")]
        )
    if args.output.exists() and not args.force:
        raise RosterError(
            f"{args.output} already exists",
            [Problem("not overwritten", str(args.output), hint="pass --force to replace it")],
        )
    roster = Roster(
        system=catalog.system.id,
        faction=faction.id,
        name=args.name or faction.name,
        points_limit=args.points or catalog.system.default_points_limit,
    )
    write_roster(args.output, roster)
    print(
        f"wrote {args.output}: an empty {faction.name} list of "
        f"{roster.points_limit} {catalog.system.points}",
        file=out,
    )
    return EXIT_OK


_COMMANDS = {
    "validate": cmd_validate,
    "show": cmd_show,
    "catalogs": cmd_catalogs,
    "new": cmd_new,
}
