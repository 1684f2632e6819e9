"""The terminal app started from the command line: ``warband`` and ``warband open FILE``.

Apart from the entry so that only these commands load the app (``battle resume``, in the
battle commands, starts it too; both end with ``tui.cli.exits.app_ended``).
"""

from __future__ import annotations

import argparse

from tui.cli.exits import app_ended


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
        gallery=args.app_gallery,
    )
    app.run()
    return app_ended(app)
