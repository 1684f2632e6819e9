"""The garbage collector kept off what an open list or battle holds.

Python's full collections walk every object alive. A list or a battle that is open holds
tens to hundreds of thousands of them (its catalog, its roster or log, the screen's
widgets), all living as long as the screen, and a full collection walking them comes now
and then on a key. ``gc.freeze`` moves every object alive into a generation collections
skip; the objects made after it are collected as usual.

The freeze is the process's, and screens stack (a battle opened from a list): each
screen holds it while it is open, and the objects are handed back to the collector when
the last one closes.

While a screen holds the freeze, the youngest generation is also collected less often
(``YOUNG``): an edit of a big list makes thousands of objects that live on (the new
list, its evaluation, the lines drawn), and at Python's threshold of 700 a key started a
dozen young collections, each walking all that had survived so far.

History: issue 15; a full collection on a key was about 40 ms in a 200-entry list, 5 ms a
key on average in a 10,000-event battle. Issue 33: adding a unit to a 2,000-point
Warhammer 40,000 list started 13 young collections and a middle one, 3-5 ms of the key;
at ``YOUNG`` about one.
"""

from __future__ import annotations

import gc

_holders = 0
"""How many open screens hold the freeze."""

YOUNG = 10_000
"""The youngest generation's threshold while a screen holds the freeze: net new objects
between its collections (Python's default is 700). What lives on between two keys is
then walked about once per key, not a dozen times; the garbage that cycles leave waits a
little longer (a few MB at most)."""

_thresholds: tuple[int, int, int] | None = None
"""The collector's thresholds before the first holder raised the youngest (``YOUNG``),
given back when the last lets go."""


def hold() -> None:
    """Freeze every object alive now (again, if another screen already holds the freeze:
    what was made since is frozen too), until the matching ``release``."""
    global _holders, _thresholds
    _holders += 1
    gc.freeze()
    if _thresholds is None:
        _thresholds = gc.get_threshold()
        if 0 < _thresholds[0] < YOUNG:  # 0: collections off, left so
            gc.set_threshold(YOUNG, *_thresholds[1:])


def release() -> None:
    """The matching end of a ``hold``: once no screen holds the freeze, the objects frozen
    are collected as usual again (those no longer used at the next full collection)."""
    global _holders, _thresholds
    _holders = max(0, _holders - 1)
    if _holders == 0:
        gc.unfreeze()
        if _thresholds is not None:
            gc.set_threshold(*_thresholds)
            _thresholds = None
