"""The ``warband`` command line's entry: ``main``, its exit codes and its crash log.

The command line is every non-interactive operation, scriptable. Exit codes are part
of the interface: ``validate`` exits 0 for a legal list, 1
when it breaks an error-level rule and 2 when the file cannot be read; every
command exits 2 for unreadable input and prints the problem, never a traceback,
and 3 for a bug in warband (one line on screen, the traceback in a crash log), so
scripts can tell a broken list from a broken tool.
Heavy modules (Rich, pydantic schemas) are imported inside the commands that
need them, so ``warband --help`` stays instant; for the same reason each group of
commands is a module of its own, imported only when one of its commands runs
(``_COMMANDS``): ``parser`` the arguments, ``lists`` the roster commands, ``sharing``
export and import, ``bs_editing`` and ``bs_changes`` the edits of a list over
BattleScribe data, ``catalog_listing`` the catalogs command, ``battles`` the battle
commands, ``games`` the BSData gallery's games, ``terminal_app`` the app started
from here, ``serve`` the app in a browser.
This module is apart from them as the one place that turns what happened into an
exit code.
"""

from __future__ import annotations

import argparse
import atexit
import contextlib
import gc
import os
import sys
from collections.abc import Sequence
from typing import TextIO

from tui.cli.exits import EXIT_BUG, EXIT_UNREADABLE, AppCrashed
from tui.cli.parser import build_parser

ENDS_AT_ONCE = frozenset({"validate", "show"})
"""Commands that, run as a process of their own, end it as soon as their output is out
(``end_process``): they read files and print, and write nothing but the catalog cache,
which is written whole before they print."""


def main(
    argv: Sequence[str] | None = None, out: TextIO | None = None, err: TextIO | None = None
) -> int:
    """Run the command line; returns the exit code. Run as the process's own command line
    (no arguments given), a command of ``ENDS_AT_ONCE`` ends the process instead."""
    from tui.cli.terminal_out import safe

    own_process = argv is None and out is None and err is None
    out = safe(out or sys.stdout)
    err = safe(err or sys.stderr)
    parser = build_parser()
    args = parser.parse_args(argv)
    code = _run(args, out, err)
    if own_process and args.command in ENDS_AT_ONCE:
        end_process(code)
    return code


def end_process(code: int) -> None:
    """End the process with ``code`` now: its output flushed and its exit handlers run, as
    a normal exit does, without taking every module and object apart first.

    Python's own end of a process clears every module and frees every object one by one.
    After ``validate`` that was the catalog's models, the roster's validator and some
    three hundred modules: about 40 ms, a sixth of the command (issue 33), for memory the
    system takes back at once anyway. mypy ends its runs the same way."""
    for stream in (sys.stdout, sys.stderr):
        # a reader gone, or a stream closed: nothing left to keep
        with contextlib.suppress(OSError, ValueError):
            stream.flush()
    atexit._run_exitfuncs()
    os._exit(code)


def _run(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    """The command of ``args``, its outcome made an exit code."""
    from model.core.problems import WarbandError
    from tui.cli.terminal_out import raw

    collecting = gc.isenabled()  # a command may switch it off (``files.open_roster``)
    try:
        if args.command in (None, "open"):
            from tui.cli.terminal_app import run_app

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
    finally:
        if collecting:
            gc.enable()


def report_bug(exc: BaseException, args: argparse.Namespace, err: TextIO) -> int:
    """Write the crash log, print the one line that points at it, exit ``EXIT_BUG``."""
    from saves.crash_log import crash_line, write_crash_log
    from saves.locations import locations

    folder = locations(args.saves_dir, args.config_dir).crash_dir
    print(crash_line(exc, write_crash_log(exc, folder)), file=err)
    return EXIT_BUG


# Each command's module is imported only when it runs, so ``warband --help`` and
# ``warband validate`` load no more than they need.


def _validate(args: argparse.Namespace, out: TextIO) -> int:
    from tui.cli.lists import cmd_validate

    return cmd_validate(args, out)


def _show(args: argparse.Namespace, out: TextIO) -> int:
    from tui.cli.lists import cmd_show

    return cmd_show(args, out)


def _catalogs(args: argparse.Namespace, out: TextIO) -> int:
    from tui.cli.catalog_listing import cmd_catalogs

    return cmd_catalogs(args, out)


def _new(args: argparse.Namespace, out: TextIO) -> int:
    from tui.cli.lists import cmd_new

    return cmd_new(args, out)


def _export(args: argparse.Namespace, out: TextIO) -> int:
    from tui.cli.sharing import cmd_export

    return cmd_export(args, out)


def _import(args: argparse.Namespace, out: TextIO) -> int:
    from tui.cli.sharing import cmd_import

    return cmd_import(args, out)


def _add(args: argparse.Namespace, out: TextIO) -> int:
    from tui.cli.bs_editing import cmd_add

    return cmd_add(args, out)


def _add_force(args: argparse.Namespace, out: TextIO) -> int:
    from tui.cli.bs_editing import cmd_add_force

    return cmd_add_force(args, out)


def _remove(args: argparse.Namespace, out: TextIO) -> int:
    from tui.cli.bs_editing import cmd_remove

    return cmd_remove(args, out)


def _count(args: argparse.Namespace, out: TextIO) -> int:
    from tui.cli.bs_changes import cmd_count

    return cmd_count(args, out)


def _duplicate(args: argparse.Namespace, out: TextIO) -> int:
    from tui.cli.bs_changes import cmd_duplicate

    return cmd_duplicate(args, out)


def _rename(args: argparse.Namespace, out: TextIO) -> int:
    from tui.cli.bs_changes import cmd_rename

    return cmd_rename(args, out)


def _limit(args: argparse.Namespace, out: TextIO) -> int:
    from tui.cli.bs_changes import cmd_limit

    return cmd_limit(args, out)


def _card(args: argparse.Namespace, out: TextIO) -> int:
    from tui.cli.lists import cmd_card

    return cmd_card(args, out)


def _battle(args: argparse.Namespace, out: TextIO) -> int:
    from tui.cli.battles import cmd_battle

    return cmd_battle(args, out)


def _games(args: argparse.Namespace, out: TextIO) -> int:
    """``warband games``: the BSData gallery (tui/cli/games.py; the network only here)."""
    from tui.cli.games import cmd_games

    return cmd_games(args, out)


def _serve(args: argparse.Namespace, out: TextIO) -> int:
    """``warband serve``: the app in a browser (tui/cli/serve.py; aiohttp loads only here)."""
    from tui.cli.serve import cmd_serve

    return cmd_serve(args, out)


_COMMANDS = {
    "validate": _validate,
    "show": _show,
    "catalogs": _catalogs,
    "new": _new,
    "export": _export,
    "import": _import,
    "card": _card,
    "add": _add,
    "add-force": _add_force,
    "remove": _remove,
    "count": _count,
    "duplicate": _duplicate,
    "rename": _rename,
    "limit": _limit,
    "battle": _battle,
    "serve": _serve,
    "games": _games,
}
