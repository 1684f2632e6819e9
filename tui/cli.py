"""The ``warband`` command line: every non-interactive operation, scriptable.

Exit codes are part of the interface: ``validate`` exits 0 for a legal list, 1
when it breaks an error-level rule and 2 when the file cannot be read; every
command exits 2 for unreadable input and prints the problem, never a traceback,
and 3 for a bug in warband (one line on screen, the traceback in a crash log), so
scripts can tell a broken list from a broken tool.
Heavy modules (Rich, pydantic schemas) are imported inside the commands that
need them, so ``warband --help`` stays instant.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, TextIO

if TYPE_CHECKING:
    from catalogs.library import Library
    from model.battle.battle import Battle
    from model.battle.state import BattleState
    from model.catalog.schema import Catalog, FactionView
    from model.roster.findings import Report
    from model.roster.roster import Roster
    from tui.app import WarbandApp

EXIT_OK = 0
EXIT_INVALID = 1
EXIT_UNREADABLE = 2
EXIT_BUG = 3
"""Not the player's fault: warband itself failed (the traceback is in a crash log)."""


def build_parser() -> argparse.ArgumentParser:
    """The argument parser, with one sub-command per operation."""
    from tui.terminal_out import SafeArgumentParser

    parser = SafeArgumentParser(
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

    p = sub.add_parser("export", help="write a roster in a format to share")
    p.add_argument("file", type=Path, help="the roster (.toml)")
    p.add_argument(
        "--format",
        choices=EXPORT_FORMATS,
        default="code",
        help="text: for a chat message; markdown: for a forum, a table per entry; json: "
        "for other tools (schema: saves/schemas/list-export.schema.json); html: a "
        "printable army sheet in one file; code: a short "
        "share code that `warband import` turns back into the list (default)",
    )
    p.add_argument("-o", "--output", type=Path, help="file to write (default: print it)")
    p.add_argument("--force", action="store_true", help="overwrite an existing file")

    p = sub.add_parser("import", help="turn a share code back into a roster file")
    p.add_argument("code", metavar="CODE|FILE", help="a share code, or a file holding one")
    p.add_argument("-o", "--output", type=Path, required=True, help="roster file to write")
    p.add_argument("--force", action="store_true", help="overwrite an existing file")

    p = sub.add_parser(
        "card", help="a list's designed units: their cost worked out; save one to your catalog"
    )
    p.add_argument("file", type=Path, help="the roster (.toml)")
    p.add_argument("card", nargs="?", help="a card id (default: every card of the list)")
    p.add_argument(
        "--save",
        action="store_true",
        help="add the card to your own catalog (house.toml in the catalog folder), so every "
        "new list of the system can field it",
    )

    p = sub.add_parser("battle", help="start a battle between two lists, show it, resume it")
    battle = p.add_subparsers(dest="battle_command", metavar="ACTION", required=True)
    b = battle.add_parser("new", help="start a battle file between two roster files")
    b.add_argument("rosters", nargs=2, type=Path, metavar="ROSTER", help="the two lists (.toml)")
    b.add_argument(
        "--turns", type=int, metavar="N", help="turn limit (default: the system's usual)"
    )
    b.add_argument("--scenario", default="", metavar="TEXT", help="the scenario's name or notes")
    b.add_argument(
        "--seed", type=int, metavar="N", help="seed of the dice helper (default: random, printed)"
    )
    b.add_argument(
        "--players", nargs=2, metavar=("A", "B"), help="the players (default: the lists' names)"
    )
    b.add_argument(
        "-o", "--output", type=Path, required=True, metavar="FILE", help="battle file to write"
    )
    b.add_argument("--force", action="store_true", help="overwrite an existing file")
    b = battle.add_parser(
        "show", help="print a battle's state: turn, whose turn, each side and model"
    )
    b.add_argument("file", type=Path, help="the battle (.toml)")
    b.add_argument("--json", action="store_true", help="print one JSON object")
    b = battle.add_parser("report", help="a Markdown report of a finished or paused battle")
    b.add_argument("file", type=Path, help="the battle (.toml)")
    b.add_argument("-o", "--output", type=Path, help="file to write (default: print it)")
    b.add_argument("--force", action="store_true", help="overwrite an existing file")
    b = battle.add_parser("resume", help="open a battle in the terminal app's tracker")
    b.add_argument("file", type=Path, help="the battle (.toml)")
    b.add_argument(
        "--use-backup",
        action="store_true",
        help="if the file is damaged, go on from its backup (FILE.bak); the damaged file "
        "is kept as FILE.damaged",
    )

    p = sub.add_parser("serve", help="the app in a web browser, for a tablet or phone")
    p.add_argument(
        "--host",
        default="127.0.0.1",
        help="address to listen on (default: 127.0.0.1, this machine only); any other lets "
        "anyone on the network use the app and the files it can reach",
    )
    p.add_argument(
        "--port", default="8000", help="port to listen on, or 0 for any free one (default: 8000)"
    )
    return parser


def main(
    argv: Sequence[str] | None = None, out: TextIO | None = None, err: TextIO | None = None
) -> int:
    """Run the command line; returns the exit code."""
    from tui.terminal_out import raw, safe

    out = safe(out or sys.stdout)
    err = safe(err or sys.stderr)
    parser = build_parser()
    args = parser.parse_args(argv)
    from model.core.problems import WarbandError

    try:
        if args.command in (None, "open"):
            return run_app(args)
        return int(_COMMANDS[args.command](args, out))
    except WarbandError as exc:
        print(exc.render(), file=err)
        return EXIT_UNREADABLE
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        # The reader went away (``warband catalogs ... | head``): stop quietly.
        if raw(out) is sys.stdout:
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, sys.stdout.fileno())
        return 141
    except AppCrashed as crashed:  # the app has written its crash log already
        print(crashed, file=err)
        return EXIT_BUG
    except Exception as exc:  # a bug: one line here, the traceback in a crash log
        return report_bug(exc, args, err)


def report_bug(exc: BaseException, args: argparse.Namespace, err: TextIO) -> int:
    """Write the crash log, print the one line that points at it, exit ``EXIT_BUG``."""
    from saves.crash_log import crash_line, write_crash_log
    from saves.locations import locations

    folder = locations(args.saves_dir, args.config_dir).crash_dir
    print(crash_line(exc, write_crash_log(exc, folder)), file=err)
    return EXIT_BUG


def run_app(args: argparse.Namespace) -> int:
    """``warband`` and ``warband open FILE``: the terminal app. A bug inside it ends the
    app with exit code 3 and its crash log written (the app does that itself, so the
    recovery copy of an unsaved list stays for the next start)."""
    from tui.app import make_app

    app = make_app(
        catalog_dir=args.catalog_dir,
        saves_dir=args.saves_dir,
        config_dir=args.config_dir,
        open_path=getattr(args, "file", None),
    )
    app.run()
    return _app_ended(app)


def _library(args: argparse.Namespace) -> Library:
    from catalogs.library import Library

    return Library(args.catalog_dir)


def _open(args: argparse.Namespace) -> tuple[Roster, FactionView, Report]:
    from model.roster.validate import validate
    from saves.roster_file import read_roster, resolve

    roster, source = read_roster(args.file)
    view = resolve(roster, source, _library(args).load)
    return roster, view, validate(view, roster)


def _faction(catalog: Catalog, faction_id: str) -> FactionView:
    """A faction of a catalog, or a ``CatalogError`` with "did you mean"."""
    from model.core.problems import CatalogError, Problem, did_you_mean

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
        from saves.json_text import json_text

        print(json_text(report.as_dict()), file=out)
    else:
        print(summary_text(roster, view, report), file=out)
    return EXIT_OK if report.valid else EXIT_INVALID


def summary_text(roster: Roster, view: FactionView, report: Report) -> str:
    """The plain-text verdict of ``validate``: one line per finding, with its place."""
    from model.roster.describe import system_title

    errors, warnings = len(report.errors), len(report.warnings)
    verdict = "valid" if report.valid else "NOT VALID"
    counts = ", ".join(
        f"{n} {word}{'s' if n != 1 else ''}"
        for n, word in ((errors, "error"), (warnings, "warning"))
        if n
    )
    game = system_title(view.system.name, view.system.edition)
    lines = [
        f"{roster.name}: {view.faction.name}, {game}",
        (
            f"{report.points}/{report.points_limit} {view.system.points}, "
            if view.system.priced
            else ""
        )
        + f"{report.models} model{'s' if report.models != 1 else ''}: {verdict}"
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
        from tui.terminal_out import raw

        Console(file=raw(out), width=args.width, highlight=False).print(sheet)
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
    from model.core.problems import CatalogError, WarbandError

    if args.check is not None:
        check, house = Path(args.check), None
        if check.is_file() and check.name == "house.toml":
            check = check.parent
        if not (check / "system.toml").is_file() and (check / "house.toml").is_file():
            # a house file: checked laid over the bundled system it is named after
            entry = _library(args).entries().get(check.name)
            bundled = _library(args).bundled_dir / check.name
            house = check / "house.toml"
            check = entry.folder if entry and entry.folder != check else bundled
        try:
            catalog = load_system(check, origin="check", house=house)
        except CatalogError as exc:
            print(exc.render(), file=out)
            return EXIT_INVALID
        units = sum(len(f.units) for f in catalog.factions.values()) + len(
            catalog.system_file.units
        )
        items = sum(len(f.items) for f in catalog.factions.values()) + len(
            catalog.system_file.items
        )
        cards = len(catalog.system_file.cards) + sum(
            len(f.cards) for f in catalog.factions.values()
        )
        print(
            f"{args.check}: no problems: {catalog.system.name} ({catalog.system.id}), "
            f"{len(catalog.factions)} factions, {units} units, {items} items"
            + (f", {cards} cards" if cards else ""),
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
    from model.core.problems import Problem, RosterError
    from model.roster.roster import Roster
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
        f"wrote {args.output}: an empty {faction.name} list"
        + (f" of {roster.points_limit} {catalog.system.points}" if catalog.system.priced else ""),
        file=out,
    )
    return EXIT_OK


# --- sharing --------------------------------------------------------------------------------

EXPORT_FORMATS = ("text", "markdown", "json", "html", "code")
"""The formats ``warband export`` writes."""


def _refuse_overwrite(path: Path, force: bool) -> None:
    from model.core.problems import Problem, RosterError

    if path.exists() and not force:
        raise RosterError(
            f"{path} already exists",
            [Problem("not overwritten", str(path), hint="pass --force to replace it")],
        )


def cmd_export(args: argparse.Namespace, out: TextIO) -> int:
    """``warband export FILE [--format F] [-o OUT]``: the roster to share."""
    from saves.atomic import write_atomic
    from saves.export_formats import to_json, to_markdown, to_text
    from saves.export_html import to_html
    from saves.list_export import build_export
    from saves.share_code import encode

    roster, view, report = _open(args)
    code = encode(roster)
    if args.format == "code":
        text = code
    else:
        doc = build_export(roster, view, report)
        if args.format == "json":
            text = to_json(doc).rstrip("\n")
        elif args.format == "html":
            text = to_html(doc, code).rstrip("\n")
        elif args.format == "markdown":
            text = to_markdown(doc, code).rstrip("\n")
        else:
            text = to_text(doc, code).rstrip("\n")
    if args.output is None:
        print(text, file=out)
        return EXIT_OK
    _refuse_overwrite(args.output, args.force)
    write_atomic(args.output, (text + "\n").encode("utf-8"))
    verdict = "valid" if report.valid else f"NOT VALID ({len(report.errors)} errors)"
    print(
        f"wrote {args.output}: {roster.name}, {report.points} {view.system.points}, {verdict}",
        file=out,
    )
    return EXIT_OK


def cmd_import(args: argparse.Namespace, out: TextIO) -> int:
    """``warband import CODE|FILE -o FILE``: a share code back to a roster file, checked
    against the catalog and reported like ``validate``."""
    from model.parse.toml_text import KeyLines
    from model.roster.validate import validate
    from saves.roster_file import RosterSource, resolve, write_roster
    from saves.share_code import contains_code, decode

    text = args.code
    if not contains_code(text):  # not a code, so a path: a file holding one
        text = _read_code_file(Path(args.code))
    roster = decode(text)
    _refuse_overwrite(args.output, args.force)
    view = resolve(roster, RosterSource("<share code>", KeyLines("")), _library(args).load)
    report = validate(view, roster)
    write_roster(args.output, roster)
    print(f"wrote {args.output}", file=out)
    print(summary_text(roster, view, report), file=out)
    return EXIT_OK if report.valid else EXIT_INVALID


def _read_code_file(path: Path) -> str:
    """The text of a file said to hold a share code; a ``ShareCodeError`` naming it when
    it cannot be read. Only its start is read: a code is small, the file may not be."""
    from model.core.problems import Problem
    from saves.share_code import MAX_FILE, ShareCodeError

    try:
        with path.open("rb") as handle:
            return handle.read(MAX_FILE).decode("utf-8", errors="replace")
    except OSError as exc:
        reason = exc.strerror or str(exc)
        raise ShareCodeError(
            f"cannot read {path}",
            [
                Problem(
                    f"{reason[:1].lower()}{reason[1:]}",
                    str(path),
                    hint="give a share code (WB1-...) or a file that holds one",
                )
            ],
        ) from None


# --- battles --------------------------------------------------------------------------------


def cmd_card(args: argparse.Namespace, out: TextIO) -> int:
    """``warband card FILE [CARD] [--save]``."""
    from model.core.problems import Problem, RosterError, did_you_mean
    from model.roster.describe import stat_line
    from saves.house_file import save_card

    roster, view, _ = _open(args)
    if args.card is not None and args.card not in roster.cards:
        raise RosterError(
            f"{args.file}: no card '{args.card}'",
            [
                Problem(
                    f"the list designs no card '{args.card}'",
                    str(args.file),
                    ("cards",),
                    hint=did_you_mean(args.card, roster.cards)
                    or ("its cards: " + ", ".join(roster.cards) if roster.cards else None),
                )
            ],
        )
    if args.save:
        if args.card is None:
            print("warband card: name the card to save (warband card FILE CARD --save)", file=out)
            return EXIT_UNREADABLE
        path = save_card(_library(args).user_dir, roster.system, args.card, roster.cards[args.card])
        print(f"Saved '{roster.cards[args.card].name}' to {path}", file=out)
        return EXIT_OK
    ids = [args.card] if args.card else list(roster.cards)
    if not ids:
        print(f"{args.file} designs no units.", file=out)
    spec = view.design_spec
    for cid in ids:
        design = view.designs[cid]
        print(f"{design.card.name} [{cid}]: {design.unit.cost} {view.system.points}", file=out)
        if spec is not None and spec.entered:  # the card as written: stats, SP, what it counts as
            print(f"  {stat_line(design.unit, view.system)}", file=out)
            if design.card.special:
                print(f"  {spec.special or 'Special'}: {design.card.special}", file=out)
            if design.card.abilities:
                names = (
                    view.items[a].name if a in view.items else a for a in design.card.abilities
                )
                print(f"  Abilities: {', '.join(names)}", file=out)
            tags = spec.card_tags(design.card)
            if tags:
                print(f"  Counts as: {', '.join(sorted(tags))}", file=out)
        for line in design.costing.lines() if design.costing else ():
            print(f"  {line}", file=out)
    return EXIT_OK


def cmd_battle(args: argparse.Namespace, out: TextIO) -> int:
    """``warband battle new|show|report|resume``."""
    command = {
        "new": cmd_battle_new,
        "show": cmd_battle_show,
        "report": cmd_battle_report,
        "resume": cmd_battle_resume,
    }
    return command[args.battle_command](args, out)


def cmd_battle_new(args: argparse.Namespace, out: TextIO) -> int:
    """``warband battle new ROSTER ROSTER [--turns N] [--scenario TEXT] [--seed N]
    [--players A B] -o FILE [--force]``: a battle file, ready for its first event."""
    import random

    from model.battle.battle import new_battle
    from model.core.problems import BattleError, Problem
    from model.roster.validate import validate
    from saves.battle_file import write_battle
    from saves.roster_file import read_roster, resolve

    if args.turns is not None and args.turns < 1:
        raise BattleError(
            "cannot start the battle", [Problem(f"--turns must be 1 or more, got {args.turns}")]
        )
    if args.output.exists() and not args.force:
        raise BattleError(
            f"{args.output} already exists",
            [Problem("not overwritten", str(args.output), hint="pass --force to replace it")],
        )
    read = [read_roster(path) for path in args.rosters]
    (first, _), (second, _) = read
    if first.system != second.system:
        raise BattleError(
            "cannot start the battle: the lists are for different games",
            [
                Problem(f"a {roster.system} list", str(path), ("system",))
                for path, (roster, _) in zip(args.rosters, read, strict=True)
            ],
        )
    library = _library(args)
    views = [resolve(roster, source, library.load) for roster, source in read]
    catalog = library.load(first.system)
    names = args.players or [roster.name for roster, _ in read]
    for n, name in enumerate(names):
        if not name.strip():
            raise BattleError(
                "cannot start the battle", [Problem(f"player {'AB'[n]} needs a name")]
            )
    seed = args.seed if args.seed is not None else random.randrange(1_000_000)
    try:
        battle = new_battle(
            catalog,
            [
                (name, roster, view)
                for name, (roster, _), view in zip(names, read, views, strict=True)
            ],
            scenario=args.scenario,
            turn_limit=args.turns,
            seed=seed,
        )
    except ValueError as exc:
        raise BattleError("cannot start the battle", [Problem(str(exc))]) from None
    write_battle(args.output, battle)
    setup = battle.setup
    sides = []
    for side, path, view in zip(setup.sides, args.rosters, views, strict=True):
        report = validate(view, side.roster)
        sides.append(_side_title(side.player, side.faction, side.roster.name))
        if not report.valid:
            broken = len(report.errors)
            print(
                f"note: {side.roster.name} breaks {broken} list rule{'s' if broken != 1 else ''}"
                f"; see: warband validate {path}",
                file=out,
            )
    print(
        f"wrote {args.output}: {sides[0]} against {sides[1]}\n"
        f"{setup.system_name}, {setup.turn_limit} turns"
        + (f", {setup.scenario}" if setup.scenario else "")
        + f"; dice seed {setup.seed}\n"
        f"resume it with: warband battle resume {args.output}",
        file=out,
    )
    return EXIT_OK


def _side_title(player: str, faction: str, list_name: str) -> str:
    """``Ann (Gangers: Rust Rats)``, or ``Rust Rats (Gangers)`` when the list is the player."""
    return f"{player} ({faction})" if player == list_name else f"{player} ({faction}: {list_name})"


def cmd_battle_show(args: argparse.Namespace, out: TextIO) -> int:
    """``warband battle show FILE [--json]``: where the battle stands."""
    from saves.battle_file import read_battle

    battle = read_battle(args.file)
    if args.json:
        from saves.json_text import json_text

        print(json_text(battle_json(battle)), file=out)
    else:
        print(battle_text(battle), file=out)
    return EXIT_OK


def cmd_battle_report(args: argparse.Namespace, out: TextIO) -> int:
    """``warband battle report FILE [-o OUT]``: the battle as a Markdown report."""
    from saves.atomic import write_atomic
    from saves.battle_file import read_battle
    from saves.battle_report import battle_report

    report = battle_report(read_battle(args.file))
    if args.output is None:
        out.write(report)
        return EXIT_OK
    _refuse_overwrite(args.output, args.force)
    write_atomic(args.output, report.encode("utf-8"))
    print(f"wrote {args.output}", file=out)
    return EXIT_OK


def cmd_battle_resume(args: argparse.Namespace, out: TextIO) -> int:
    """``warband battle resume FILE``: the app, on the tracker screen."""
    from model.core.problems import Problem
    from saves.battle_file import BattleFileError, read_battle
    from tui.app import make_app

    try:
        read_battle(args.file)  # a damaged file is explained here, before the app starts
    except BattleFileError as exc:
        if exc.backup is None or not args.use_backup:
            raise
        if not exc.damaged:
            # a whole file this warband cannot read (a newer format): setting it aside
            # for an older backup would lose what was played since
            raise BattleFileError(
                exc.title,
                [
                    *exc.problems,
                    Problem(
                        "--use-backup goes on from the backup only when the file is "
                        "damaged; this one is whole, so it and its backup stay as they are",
                        str(args.file),
                        hint=f"open the backup on its own with: warband battle show {exc.backup}",
                    ),
                ],
                backup=exc.backup,
                damaged=False,
            ) from None
        from saves.battle_file import restore_backup

        _, damaged = restore_backup(args.file)
        print(f"going on from {exc.backup}; the damaged file is kept as {damaged}", file=out)
    app = make_app(
        catalog_dir=args.catalog_dir,
        saves_dir=args.saves_dir,
        config_dir=args.config_dir,
        battle_path=args.file,
    )
    app.run()
    return _app_ended(app)


class AppCrashed(Exception):
    """The app ended on a bug and wrote its crash log; ``main`` prints its one line."""


def _app_ended(app: WarbandApp) -> int:
    """The exit code of a finished app run; ``AppCrashed`` after a bug."""
    if app.crash is not None:
        raise AppCrashed(app.crash)
    return EXIT_OK


def battle_json(battle: Battle) -> dict[str, Any]:
    """The JSON shape of ``warband battle show --json``::

        {"format": "warband.battle/1", "system", "system_name", "catalog_version",
         "scenario", "seed", "turn", "turn_limit",
         "round": int | null,          # stat-rounds: the round's value of "round_stat"
         "round_stat": str | null,     # e.g. "Ag"
         "phase": {"number", "id", "name"} | null,    # phases: the current one (from 1)
         "over": bool, "active": model id | null,
         "next": {"side": "A" | "B" | null, "actors": [model id], "roll_off": bool,
                  "turn_over": bool},
         "events": int, "undone": int,
         "markers": [{"number", "marker", "name", "label", "turn"}],
         "sides": [{"side": "A", "player", "faction", "list", "victory_points",
                    "points_lost", "standing", "out", "lost" (where a side can lose its
                    officers), "counters": {counter id: value},
                    "models": [{"id", "label", "unit", "actor", "wounds", "wounds_max",
                                "out": bool, "fighting_on": bool, "actions_used", "actions",
                                "counters": {counter id: value},
                                "items": {"pistol#2": {counter id: value}}}]}]}

    Counters are those set (not zero); a model's ``counters`` leave out the actions-used
    and out-of-the-fight counters, which have their own keys. ``actions_used`` and
    ``actions`` are those of what activates with it (its pack or unit).
    """
    from model.battle.forces import SIDE_LETTERS
    from saves.battle_file import FORMAT

    state = battle.state
    setup = battle.setup
    turns = setup.tracker.turns
    up = state.next_up()
    phase = None
    if turns.kind == "phases":
        current = turns.phases[state.phase]
        phase = {"number": state.phase + 1, "id": current.id, "name": current.name}
    sides = []
    for index, side in enumerate(setup.sides):
        summary = state.summary(index)
        sides.append(
            {
                "side": SIDE_LETTERS[index],
                "player": side.player,
                "faction": side.faction,
                "list": side.roster.name,
                "victory_points": summary.victory_points,
                **(
                    {"vp_target": summary.vp_target, "destroyed_vp": summary.destroyed_vp}
                    if summary.vp_target is not None
                    else {}
                ),
                "points_lost": summary.points_lost,
                "standing": summary.standing,
                "out": summary.out,
                **(
                    {"lost": state.defeated(index)}
                    if state.tracker.victory.lose_without is not None
                    else {}
                ),
                "counters": dict(state.counters.get(SIDE_LETTERS[index], {})),
                "models": [_model_json(state, model.id) for model in side.models],
            }
        )
    return {
        "format": FORMAT,
        "system": setup.system,
        "system_name": setup.system_name,
        "catalog_version": setup.catalog_version,
        "scenario": setup.scenario,
        "seed": setup.seed,
        "turn": state.turn,
        "turn_limit": setup.turn_limit,
        "round": _round(state),
        "round_stat": turns.stat if turns.kind == "stat-rounds" else None,
        "phase": phase,
        "over": state.ended,
        "active": state.active,
        "next": {
            "side": None if up.side is None else SIDE_LETTERS[up.side],
            "actors": list(up.actors),
            "roll_off": up.needs_roll_off,
            "turn_over": up.turn_over,
        },
        "events": len(battle.events),
        "undone": len(battle.undone),
        "markers": [
            {
                "number": m.number,
                "marker": m.marker,
                "name": state.marker_spec(m.marker).name,
                "label": m.label,
                "turn": m.turn,
            }
            for m in state.markers_down()
        ],
        "sides": sides,
    }


def _round(state: BattleState) -> int | None:
    """The stat round being played (stat-rounds), or None."""
    if state.tracker.turns.kind != "stat-rounds" or state.ended:
        return None
    if state.active is not None:
        return state.actor_round(state.active)
    return state.next_up().round


def _actions_used(state: BattleState, model_id: str) -> int:
    tracker = state.tracker
    try:
        scope = tracker.counter(tracker.used_counter).scope
    except KeyError:
        return 0
    target = state.model(model_id).actor if scope == "actor" else model_id
    return state.counter(target, tracker.used_counter)


def _model_json(state: BattleState, model_id: str) -> dict[str, Any]:
    tracker = state.tracker
    hidden = {tracker.used_counter, tracker.damage.out_counter}
    items: dict[str, dict[str, int]] = {}
    for target, values in state.counters.items():
        if target.startswith(model_id + "/") and values:
            items[target.partition("/")[2]] = dict(values)
    downed = state.counter(model_id, tracker.damage.out_counter) > 0
    return {
        "id": model_id,
        "label": state.model(model_id).label,
        "unit": state.model(model_id).unit,
        "actor": state.model(model_id).actor,
        "wounds": state.wounds.get(model_id, 0),
        "wounds_max": state.wounds_max(model_id),
        "out": state.is_out(model_id),
        "fighting_on": downed and not state.is_out(model_id),
        "actions_used": _actions_used(state, model_id),
        "actions": state.action_points(model_id),
        "counters": {k: v for k, v in state.counters.get(model_id, {}).items() if k not in hidden},
        "items": items,
    }


def _score_text(state: BattleState, side: int, points: int) -> str:
    """A side's score; in games that score destroyed units and set a target (Steam
    Wars), how it was made and what wins."""
    from model.battle.text import victory_text

    victory = state.tracker.victory
    if victory.destroyed or victory.target is not None:
        return victory_text(state, side)
    return _count(points, "victory point")


def battle_text(battle: Battle) -> str:
    """The plain-text report of ``warband battle show``."""
    from model.battle.text import defeat_text

    data = battle_json(battle)
    state = battle.state
    setup = battle.setup
    title = f"{setup.system_name} battle (catalog {setup.catalog_version})"
    if setup.scenario:
        title += f": {setup.scenario}"
    where = f"Turn {data['turn']} of {data['turn_limit']}"
    if data["round"] is not None:
        where += f", {data['round_stat']} round {data['round']}"
    if data["phase"] is not None:
        phases = len(setup.tracker.turns.phases)
        where += f", phase {data['phase']['number']} of {phases}: {data['phase']['name']}"
    lines = [
        title,
        f"{where}: {_whose_turn(state, data)}",
        f"{_count(data['events'], 'event')}, {data['undone']} undone; dice seed {setup.seed}",
    ]
    if data["markers"]:
        lines.append(
            "Markers: "
            + ", ".join(
                f"{m['number']} {m['name']}" + (f" ({m['label']})" if m["label"] else "")
                for m in data["markers"]
            )
        )
    width = max(len(m["label"]) for s in data["sides"] for m in s["models"])
    idw = max(len(m["id"]) for s in data["sides"] for m in s["models"])
    for index, side in enumerate(data["sides"]):
        lines.append("")
        lines.append(
            f"{side['side']}: {_side_title(side['player'], side['faction'], side['list'])}"
        )
        total = len(side["models"])
        stand = f"{side['standing']} of {total} model{'s' if total != 1 else ''} standing"
        victory = state.tracker.victory
        parts = [_score_text(state, index, side["victory_points"])] if victory.scored else []
        if victory.points_lost:
            parts.append(f"{side['points_lost']} points lost")
        lines.append(
            "  " + ", ".join([*parts, stand]) + _counters_text(state, side["counters"], prefix="; ")
        )
        lost = defeat_text(state, index)
        if lost:
            lines.append(f"  {lost[0].upper()}{lost[1:]}")
        for model in side["models"]:
            row = (
                f"  {model['id']:<{idw}}  {model['label']:<{width}}  "
                f"wounds {model['wounds']}/{model['wounds_max']}  "
                f"actions {model['actions_used']}/{model['actions']}"
            )
            marks = ["acting"] if model["actor"] == data["active"] else []
            if model["out"]:
                marks.append("OUT")
            elif model["fighting_on"]:
                marks.append("fighting on")
            counters = _counters_text(state, model["counters"])
            if counters:
                marks.append(counters)
            for item, values in model["items"].items():
                marks.append(
                    f"{_item_name(state, model['id'], item)}: {_counters_text(state, values)}"
                )
            lines.append(row + ("  " + "; ".join(marks) if marks else ""))
    return "\n".join(lines)


def _count(n: int, word: str) -> str:
    return f"{n} {word}{'s' if n != 1 else ''}"


def _whose_turn(state: BattleState, data: dict[str, Any]) -> str:
    if data["over"]:
        return "the game is over"
    if data["active"] is not None:
        actor = data["active"]
        left = state.actions_left(actor)
        return f"{actor} {state.model(actor).label} is acting, {_count(left, 'action')} left"
    up = data["next"]
    phases = state.tracker.turns.phases if state.tracker.turns.kind == "phases" else ()
    if up["turn_over"] and state.phase + 1 < len(phases):
        later = phases[state.phase + 1].name
        if not phases[state.phase].activations:
            return f"go on to the next phase ({later})"
        return f"every model has acted; go on to the next phase ({later})"
    if up["turn_over"]:
        return "every model has acted; end the turn"
    if up["roll_off"]:
        return "both sides have models to act: roll off"
    actors = ", ".join(up["actors"][:6]) + (" ..." if len(up["actors"]) > 6 else "")
    side = f"side {up['side']}" if up["side"] is not None else "either side"
    return f"{side} to act: {actors}"


def _counters_text(state: BattleState, values: dict[str, int], prefix: str = "") -> str:
    """``Bullets 3, Aiming, Order chip Stationary``: each counter set, by name, as the
    tracker shows it (flags without their 1, a choice by its option, ``placed`` while
    it is face down)."""
    from model.battle.text import counter_value

    parts = []
    for counter_id, value in values.items():
        try:
            spec = state.tracker.counter(counter_id)
        except KeyError:
            parts.append(f"{counter_id} {value}")
            continue
        if spec.kind == "flag" and value != 1:
            parts.append(f"{spec.name} {value}")
        else:
            parts.append(f"{spec.name}{counter_value(state, spec, value, ' ')}")
    return prefix + ", ".join(parts) if parts else ""


def _item_name(state: BattleState, model_id: str, item: str) -> str:
    item_id, _, number = item.partition("#")
    for snap in state.model(model_id).items:
        if snap.id == item_id:
            return f"{snap.name} {number}" if number else snap.name
    return item


def _serve(args: argparse.Namespace, out: TextIO) -> int:
    """``warband serve``: the app in a browser (tui/serve.py; aiohttp loads only here)."""
    from tui.serve import cmd_serve

    return cmd_serve(args, out)


_COMMANDS = {
    "validate": cmd_validate,
    "show": cmd_show,
    "catalogs": cmd_catalogs,
    "new": cmd_new,
    "export": cmd_export,
    "import": cmd_import,
    "card": cmd_card,
    "battle": cmd_battle,
    "serve": _serve,
}
