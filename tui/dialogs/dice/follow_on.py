"""Keeping the roll that follows the last one between openings of the dice helper.

The dialog is opened anew for each roll (``d`` in the tracker), so the follow-on
(``model.rolls.follow_on.FollowOn``) is kept here, by battle, together with the roll event
it came from: it stands while that roll is still the last roll in the battle's log (an
undo or another roll ends it), after the dialog was closed and opened again too. Nothing
of it is saved with the battle. It is apart from the rules' follow-on because it is the
app's memory of a session, not a rule.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from model.battle.events import Event, Roll

if TYPE_CHECKING:
    from model.battle.battle import Battle
    from model.rolls.follow_on import FollowOn

KEEP = 16
"""How many battles' follow-ons are kept (a session rarely has more than one)."""


_KEPT: dict[tuple[int, int], tuple[Event, FollowOn | None]] = {}
"""(battle seed, index of its last roll in the log) -> (that roll, what follows it)."""


def _last_roll(events: Sequence[Event]) -> int | None:
    return next((n for n in range(len(events) - 1, -1, -1) if isinstance(events[n], Roll)), None)


def remember(battle: Battle, follow: FollowOn | None) -> None:
    """Keep what follows the battle's last roll (just logged); None forgets it."""
    index = _last_roll(battle.events)
    if index is None:
        return
    key = (battle.setup.seed, index)
    _KEPT.pop(key, None)
    _KEPT[key] = (battle.events[index], follow)
    while len(_KEPT) > KEEP:
        _KEPT.pop(next(iter(_KEPT)))


def recall(battle: Battle) -> FollowOn | None:
    """What follows the battle's last roll, while that roll is still the last one logged
    (it was not undone, and no roll was made since)."""
    index = _last_roll(battle.events)
    if index is None:
        return None
    kept = _KEPT.get((battle.setup.seed, index))
    if kept is None or kept[0] != battle.events[index]:
        return None
    return kept[1]
