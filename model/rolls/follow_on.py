"""What one roll of the dice helper hands to the roll that follows it.

At the table rolls come in chains: hits, then the wound roll for those hits, then the
target's saves for the wounds (Steam Wars); a hit, then its wound roll (Punkapocalyptic);
an attack's HITs, then the defence dice the defender chooses after seeing them
(Steampocalypse 1909); hits, then one armour or unit save for each on the target (the
colonial sheet, Reikhammer). After each roll each game's rolls work out a ``FollowOn``
(``RollFamily.follow_on``): the kind of roll that comes next and the fields it fills (the
model rolling, the weapon, the target, the number of hits or wounds), with the words
that say where they came from. When the player chooses that kind, its fields are filled
and can still be changed.

It is apart from the families' rolls because every family hands one on, and apart from
the dialog (``tui.dialogs.dice.follow_on`` keeps it between openings) because it is the rules'
word on what comes next, not a widget's.
"""

from __future__ import annotations

from model.core.value import frozen_value

FieldValue = str | bool
"""A field's value: a choice's id or a number as text, or a tick."""


@frozen_value(slots=False)
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
    origin: str = "the last roll"
    """Where its fields come from: the last roll, or the action just recorded."""

    def hint(self, kind_name: str, *, filled: bool) -> str:
        """``Wound roll: 2 hits from the last roll (To hit: ...)`` once filled, else what
        to choose to have it filled; ``(2 of 3)`` for one of several."""
        total = self.done + self.repeat
        count = f" ({self.done + 1} of {total})" if total > 1 else ""
        head = (
            f"{kind_name}{count}: {self.what} from {self.origin} ({self.source})"
            if filled
            else f"Next: {kind_name}{count} with {self.what} from {self.origin} ({self.source})"
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
            self.origin,
        )
