"""The terminal app started from the command line: ``warband`` and ``warband open FILE``,
and the exit code of any app run (``battle resume`` ends the same way).

Apart from the entry so that only these commands load the app, and from the battle
commands because both start it.
"""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING

from tui.cli.exits import EXIT_OK, AppCrashed

if TYPE_CHECKING:
    from tui.app import WarbandApp


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
    return app_ended(app)


def app_ended(app: WarbandApp) -> int:
    """The exit code of a finished app run; ``AppCrashed`` after a bug."""
    if app.crash is not None:
        raise AppCrashed(app.crash)
    return EXIT_OK
