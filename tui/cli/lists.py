"""The roster commands: ``validate`` (and its plain-text verdict), ``show``, ``new`` and
``card``: a list file checked, printed, started, and its designed units costed.

Apart from sharing (``export``, ``import``) and the battle commands; each loads what it
needs when it runs.
"""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING, TextIO

from saves.peek import is_bs_roster
from tui.cli.exits import EXIT_INVALID, EXIT_OK, EXIT_UNREADABLE
from tui.cli.files import find_faction, open_library, open_roster, refuse_overwrite

if TYPE_CHECKING:
    from model.catalog.schema import FactionView
    from model.roster.roster import Roster
    from model.rules.findings import Report


def cmd_validate(args: argparse.Namespace, out: TextIO) -> int:
    """``warband validate FILE [--json]``."""
    if is_bs_roster(args.file):
        from tui.cli.bs_rosters import bs_validate

        return bs_validate(args, out)
    roster, view, report = open_roster(args)
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

    if is_bs_roster(args.file):
        from tui.cli.bs_rosters import bs_show

        return bs_show(args, out)
    roster, view, report = open_roster(args)
    sheet = army_sheet(roster, view, report)
    if out.isatty():
        from tui.cli.terminal_out import styled

        Console(file=styled(out), width=args.width, highlight=False).print(sheet)
        return EXIT_OK
    # Piped or redirected: plain text, without the padding Rich leaves at line ends.
    console = Console(width=args.width or 100, highlight=False, color_system=None)
    with console.capture() as captured:
        console.print(sheet)
    out.write("".join(line.rstrip() + "\n" for line in captured.get().splitlines()))
    return EXIT_OK


def cmd_new(args: argparse.Namespace, out: TextIO) -> int:
    """``warband new SYSTEM FACTION [--points N] -o FILE``."""
    from model.core.problems import Problem, RosterError
    from model.roster.roster import Roster
    from saves.roster_file import write_roster
    from tui.cli.bs_rosters import bs_new, is_bs_system

    if is_bs_system(args, args.system):
        return bs_new(args, out)
    catalog = open_library(args).load(args.system)
    faction = find_faction(catalog, args.faction).faction
    if args.points is not None and args.points < 1:
        raise RosterError(
            "cannot start the list", [Problem(f"--points must be 1 or more, got {args.points}")]
        )
    refuse_overwrite(args.output, args.force)
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


def cmd_card(args: argparse.Namespace, out: TextIO) -> int:
    """``warband card FILE [CARD] [--save [--force]]``."""
    from model.core.problems import Problem, RosterError, did_you_mean
    from model.roster.describe import stat_line
    from saves.house_file import save_card

    roster, view, _ = open_roster(args)
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
        path = save_card(
            open_library(args).user_dir,
            roster.system,
            args.card,
            roster.cards[args.card],
            replace=args.force,
        )
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
