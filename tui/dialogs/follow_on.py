"""What one roll of the dice helper hands to the roll that follows it.

At the table rolls come in chains: hits, then the wound roll for those hits, then the
target's saves for the wounds (Steam Wars); a hit, then its wound roll (Punkapocalyptic);
an attack's HITs, then the defence dice the defender chooses after seeing them
(Steampocalypse 1909); hits, then one armour or unit save for each on the target (the
colonial sheet, Reikhammer). After each roll the dice helper works out a ``FollowOn``:
the kind of roll that comes next and the fields it fills (the model rolling, the weapon,
the target, the number of hits or wounds), with the words that say where they came from.
When the player chooses that kind, its fields are filled and can still be changed.

The dialog is opened anew for each roll (``d`` in the tracker), so the follow-on is kept
here, by battle, together with the roll event it came from: it stands while that roll is
still the last roll in the battle's log (an undo or another roll ends it), after the
dialog was closed and opened again too. Nothing of it is saved with the battle.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from model.battle.battle import Battle
from model.battle.events import Event, Roll

FieldValue = str | bool
"""A field's value: a choice's id or a number as text, or a tick."""

KEEP = 16
"""How many battles' follow-ons are kept (a session rarely has more than one)."""


@dataclass(frozen=True)
class FollowOn:
    """The roll that follows the last one, and what it takes from it."""

    kind: str
    """The kind of roll it fills (``wound``, ``save``, ``test:defence``)."""
    fields: tuple[tuple[str, FieldValue], ...]
    """Field name -> value, in the order they are set (the roller before its weapon)."""
    what: str
    """What it hands on, for the hint: ``2 hits``, ``0 wounds``, ``3 HITs``."""
    source: str
    """The title of the roll it came from."""
    note: str = ""
    """Anything the player must still choose (the model in the way of a shot)."""
    repeat: int = 1
    """How many rolls of this kind it asks for (one save per hit): after each, the next
    follow-on is the same with one less."""
    done: int = 0
    """How many of them were rolled already."""

    def hint(self, kind_name: str, *, filled: bool) -> str:
        """``Wound roll: 2 hits from the last roll (To hit: ...)`` once filled, else what
        to choose to have it filled; ``(2 of 3)`` for one of several."""
        total = self.done + self.repeat
        count = f" ({self.done + 1} of {total})" if total > 1 else ""
        head = (
            f"{kind_name}{count}: {self.what} from the last roll ({self.source})"
            if filled
            else f"Next: {kind_name}{count} with {self.what} from the last roll ({self.source})"
        )
        return f"{head}. {self.note}" if self.note else head

    def again(self) -> FollowOn | None:
        """The same roll once more, for the next hit (None after the last)."""
        if self.repeat <= 1:
            return None
        return FollowOn(
            self.kind,
            self.fields,
            self.what,
            self.source,
            self.note,
            self.repeat - 1,
            self.done + 1,
        )


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
