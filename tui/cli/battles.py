"""The battle commands: ``battle new`` (a battle file between two roster files),
``battle show``, ``battle report`` and ``battle resume`` (the app on the tracker).

Apart from the roster commands; what a battle looks like in text and JSON is
``tui/battle_status.py``, shared with the app.
"""

from __future__ import annotations

import argparse
from typing import TextIO

from tui.battle_status import battle_json, battle_text, written_text
from tui.cli.exits import EXIT_OK, app_ended
from tui.cli.files import open_library, refuse_overwrite


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
    [--players A B] -o FILE [--force]``: a battle file, ready for its first event. Two
    lists over BattleScribe data go to ``tui/cli/bs_battles.py``; one of each is refused."""
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
    from tui.cli.bs_battles import bs_battle_new, refuse_mixed

    if refuse_mixed(args.rosters) == "battlescribe":
        return bs_battle_new(args, out)
    refuse_overwrite(args.output, args.force, BattleError)
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
    library = open_library(args)
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
    for (roster, _), path, view in zip(read, args.rosters, views, strict=True):
        report = validate(view, roster)
        if not report.valid:
            broken = len(report.errors)
            print(
                f"note: {roster.name} breaks {broken} list rule{'s' if broken != 1 else ''}"
                f"; see: warband validate {path}",
                file=out,
            )
    print(written_text(args.output, setup), file=out)
    return EXIT_OK


def cmd_battle_show(args: argparse.Namespace, out: TextIO) -> int:
    """``warband battle show FILE [--json]``: where the battle stands."""
    from saves.battle_read import read_battle

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
    from saves.battle_read import read_battle
    from saves.battle_report import battle_report

    report = battle_report(read_battle(args.file))
    if args.output is None:
        out.write(report)
        return EXIT_OK
    refuse_overwrite(args.output, args.force)
    write_atomic(args.output, report.encode("utf-8"))
    print(f"wrote {args.output}", file=out)
    return EXIT_OK


def cmd_battle_resume(args: argparse.Namespace, out: TextIO) -> int:
    """``warband battle resume FILE``: the app, on the tracker screen."""
    from model.core.problems import Problem
    from saves.battle_errors import BattleFileError
    from saves.battle_read import read_battle
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
        from saves.battle_read import restore_backup

        _, damaged = restore_backup(args.file)
        print(f"going on from {exc.backup}; the damaged file is kept as {damaged}", file=out)
    app = make_app(
        catalog_dir=args.catalog_dir,
        saves_dir=args.saves_dir,
        config_dir=args.config_dir,
        battle_path=args.file,
    )
    app.run()
    return app_ended(app)
