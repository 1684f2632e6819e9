"""The garbage collector kept off what an open list or battle holds.

Python's full collections walk every object alive. A list or a battle that is open holds
tens to hundreds of thousands of them (its catalog, its roster or log, the screen's
widgets), all living as long as the screen, and a full collection walking them comes now
and then on a key. ``gc.freeze`` moves every object alive into a generation collections
skip; the objects made after it are collected as usual.

The freeze is the process's, and screens stack (a battle opened from a list): each
screen holds it while it is open, and the objects are handed back to the collector when
the last one closes.

History: issue 15; a full collection on a key was about 40 ms in a 200-entry list, 5 ms a
key on average in a 10,000-event battle.
"""

from __future__ import annotations

import gc

_holders = 0
"""How many open screens hold the freeze."""


def hold() -> None:
    """Freeze every object alive now (again, if another screen already holds the freeze:
    what was made since is frozen too), until the matching ``release``."""
    global _holders
    _holders += 1
    gc.freeze()


def release() -> None:
    """The matching end of a ``hold``: once no screen holds the freeze, the objects frozen
    are collected as usual again (those no longer used at the next full collection)."""
    global _holders
    _holders = max(0, _holders - 1)
    if _holders == 0:
        gc.unfreeze()
