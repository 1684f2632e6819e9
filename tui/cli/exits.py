"""The command line's exit codes, the exception that carries the app's crash out, and the
exit code of a finished app run (``warband``, ``warband open`` and ``battle resume``).

Exit codes are part of the interface (0 valid, 1 breaks a rule, 2 unreadable, 3 a bug in
warband), shared by ``main`` and every command module. They live apart from ``main`` so
that the command modules, which ``main`` imports when their command runs, never import
``main``'s module back: no import circle inside ``tui.cli``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from tui.app import WarbandApp

EXIT_OK = 0
EXIT_INVALID = 1
EXIT_UNREADABLE = 2
EXIT_BUG = 3
"""Not the player's fault: warband itself failed (the traceback is in a crash log)."""


class AppCrashed(Exception):
    """The app ended on a bug and wrote its crash log; ``main`` prints its one line."""


def app_ended(app: WarbandApp) -> int:
    """The exit code of a finished app run; ``AppCrashed`` after a bug."""
    if app.crash is not None:
        raise AppCrashed(app.crash)
    return EXIT_OK
