"""A designed card in a roster: a new card's id, the roster with a card placed in it (every
entry of the card given its model count), and the blank card a design starts from.

Apart from the designer dialog: the builder's design keys use these too, and they need
no screen, so they live with the roster.
"""

from __future__ import annotations

from collections.abc import Sequence

from model.catalog.design import DesignSpec, ModelGroup, UnitCard
from model.roster.roster import Roster, RosterUnit


def card_id_for(name: str, taken: Sequence[str]) -> str:
    """A new card's id: the kebab-case of its name, with -2, -3 ... until unused.

    ``taken`` holds the roster's cards and every unit of the faction, so a card never
    hides an example card or a catalog unit of the same name."""
    words = "".join(c.lower() if c.isalnum() else " " for c in name).split()
    base = "-".join(words) or "unit"
    if not base[0].isalpha():
        base = f"unit-{base}"
    found, n = base, 1
    while found in taken:
        n += 1
        found = f"{base}-{n}"
    return found


def place_card(
    roster: Roster, card_id: str, card: UnitCard, at: int | None = None
) -> tuple[Roster, tuple[int, ...]]:
    """The roster with the card in it and the entries that use it.

    Every entry naming the card gets the card's model count (an entry of a designed
    unit has exactly its models); when none does yet, one entry is added at ``at``
    (the end when None). Returns the roster and the indexes of the card's entries."""
    roster = roster.with_card(card_id, card)
    users = [n for n, e in enumerate(roster.units) if e.unit == card_id]
    if not users:
        where = len(roster.units) if at is None else at
        roster = roster.with_unit(RosterUnit(unit=card_id, models=card.model_count), at=where)
        return roster, (where,)
    for n in users:
        if roster.units[n].models != card.model_count:
            roster = roster.edit_unit(n, models=card.model_count)
    return roster, tuple(users)


NEW_UNIT = "New unit"
"""The name a designed card starts with. The designers show it as the name box's
placeholder rather than its text, so typing a name replaces it however the box got its
focus (a click, or the terminal's window coming back to the front, selects nothing)."""


def blank_card(spec: DesignSpec, name: str = NEW_UNIT) -> UnitCard:
    """A one-model card to start from: the first type, a middling RES, one wound; for
    a system whose cards give their stats, a card with only a name (the form asks)."""
    if spec.entered:
        return UnitCard(name=name)
    res = spec.resiliences
    middle = 4 if 4 in res else res[len(res) // 2]
    return UnitCard(name=name, type=spec.types[0].id, res=middle, models=(ModelGroup(),))
