"""The dice helper's form, as the rules read it: the kinds of roll and the values chosen.

Every game's rolls are asked for through the same form: a ``Kind`` names the fields a
roll asks for (the model rolling, a weapon, a target, a number ...), and a ``Form`` holds
what the player chose in them (a catalog test reads it as a ``SheetForm``). It is apart
from the families' rolls so that each family (``model.rolls.punk.kinds``,
``model.rolls.d6.kinds``, ``model.rolls.sheets.kinds``) and the dialog that shows the
form (``tui.dialogs.dice``) speak of the same fields, and apart from the dialog because
it holds values, not widgets.
"""

from __future__ import annotations

from model.core.value import frozen_value


@frozen_value(slots=False)
class Kind:
    """A kind of roll the form offers, with the fields it asks for."""

    id: str
    name: str
    fields: frozenset[str]
    labels: tuple[tuple[str, str], ...] = ()
    """Field labels that read differently for this kind of roll."""


def kind(kind_id: str, name: str, fields: str, **labels: str) -> Kind:
    """A kind of roll, its fields as one string of names, and its labels by field."""
    return Kind(kind_id, name, frozenset(fields.split()), tuple(labels.items()))


@frozen_value(slots=False)
class Form:
    """What the player chose, as read from the dialog's fields."""

    kind: str
    roller: str | None = None
    stat: str | None = None
    opponent: str | None = None
    opponent_stat: str | None = None
    combat: bool = False
    weapon: str | None = None
    opponent_weapon: str | None = None
    """The weapon the opponent fights with (a close combat roll)."""
    assault: int | None = None
    """The attacker's Assault bonus to Combat (+1, +1 per move before it)."""
    target: str | None = None
    distance: float | None = None
    kaboom: bool = False
    cover: tuple[int, ...] = ()
    """Rows of the cover table, by number (``cover_modifier``)."""
    cover_avoided: bool = False
    their_turn: bool = False
    """The roll happens in the other side's action turn: the tie is not the roller's."""
    strength: int | None = None
    penetration: int | None = None
    modifiers: tuple[str, ...] = ()
    """Catalog modifier ids."""
    other: int = 0
    opponent_other: int = 0
    height: float | None = None
    value: int | None = None
    melee: bool = False
    aimed: bool = False
    cover_kind: str | None = None
    """A row of the catalog's cover grid, by its key as text (``soft``)."""
    boiler: bool = False
    taking_cover: bool = False
    reroll: bool = False
    """The rule that allows a reroll is in play (Inspire, a Conductor in sight)."""
    count: int | None = None
    """Dice, for a catalog test that leaves them to the player."""
    needed: int | None = None
    """The target number, for a catalog test that leaves it to the player."""
    read: int | None = None
    """The number read on a table, when the player rolled the die at the table."""
    go_second: bool = False
    """The strategy roll's winner goes second."""

    def sheet(self) -> SheetForm:
        """The form of a catalog test, applied table or strategy roll."""
        return SheetForm(
            kind=self.kind,
            model=self.roller,
            count=self.count,
            needed=self.needed,
            modifiers=self.modifiers,
            other=self.other,
            defender=self.target,
            hits=self.value,
            target=self.target,
            read=self.read,
            go_second=self.go_second,
        )


@frozen_value(slots=False)
class SheetForm:
    """What the player chose for one of these rolls."""

    kind: str
    model: str | None = None
    """The model tested, attacking, or rolled for on a table."""
    count: int | None = None
    """Dice, where the test leaves them to the player."""
    needed: int | None = None
    """The target number, where the test leaves it to the player."""
    modifiers: tuple[str, ...] = ()
    other: int = 0
    defender: str | None = None
    hits: int | None = None
    """The attack's HITs a defence is rolled against (given, or filled from the attack)."""
    target: str | None = None
    """The model a test is aimed at: it takes the outcome (``applies_to``) or the tests a
    success leads to."""
    read: int | None = None
    """The number read on the table, when the player rolled the die at the table."""
    go_second: bool = False
