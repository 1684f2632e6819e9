"""Steam Wars' roll to hit: every attack die at once, against the cover grid's number.

Apart because cover (the catalog's cover grid, vehicle cover, a Sniper Scope) and Blast
weapons are its own rules.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal

from model.core.value import frozen_value
from model.rolls.d6.needs import D6, dice_text, needs, needs_text, plural, roll_at
from model.rolls.dice import DiceSource, Modifier, Result

if TYPE_CHECKING:
    from model.catalog.tracker_rolls import GridKey, GridSpec

HIT = 4
"""004 Roll to Hit, Melee Attacks: every attack hits on a 4+ before modifiers."""

COVER_GRID = "cover"
"""The catalog grid of 004 Intervening Terrain: rows ``no-cover``, ``intervening``,
``soft``, ``hard``; columns ``ranged``, ``aimed``."""
NO_COVER = "no-cover"
RANGED, AIMED = "ranged", "aimed"

Target = Literal["infantry", "other"]
"""What a Blast weapon fires at: D6 attacks against infantry, D3 against anything else."""

# ------------------------------------------------------------------------------------------
# To hit
# ------------------------------------------------------------------------------------------


@frozen_value(slots=False)
class Cover:
    """The target's cover as a to-hit roll reads it from the cover grid."""

    row: GridKey
    """The grid row chosen (``soft``)."""
    name: str
    value: int
    """What it does to the roll after any reduction (-1 for soft cover; 0 when reduced to
    nothing, as soft cover for a vehicle)."""
    reduced: int = 0
    """Steps it was reduced by (a vehicle target; a Sniper Scope)."""
    printed: int = 0
    """What it does before any reduction (-2 for hard cover)."""


def cover_of(
    grid: GridSpec | None, row: GridKey | None, *, aimed: bool, reduced_by: int = 0
) -> tuple[int, Cover | None]:
    """The base roll to hit and the cover, from the cover grid (004 Intervening Terrain).

    The grid's ``no-cover`` cell is the base (4+, or 3+ aimed); a cover row's cell above
    it is the cover's penalty. Each step of ``reduced_by`` (004 Vehicle Cover: vehicles
    claim one less, so no soft cover and hard cover at -1; a Sniper Scope) takes one off
    the penalty, never below none. Without a grid the base is 4+ and there is no cover."""
    if grid is None:
        if row not in (None, NO_COVER):
            raise ValueError("this game's catalog has no cover table")
        return HIT - (1 if aimed else 0), None
    column = AIMED if aimed else RANGED
    base = grid.cell(NO_COVER, column)
    if base is None:
        raise ValueError(f"{grid.name} has no '{NO_COVER}' row and '{column}' column")
    if row is None or row == NO_COVER:
        return base, None
    cell = grid.cell(row, column)
    if cell is None:
        keys = ", ".join(str(r.key) for r in grid.rows)
        raise ValueError(f"{grid.name} has no row {row!r}: the rows are {keys}")
    penalty = max(cell - base - reduced_by, 0)
    return base, Cover(row, _row_name(row), -penalty, reduced_by, base - cell)


def _row_name(row: GridKey) -> str:
    """``soft`` as ``Soft cover``, ``intervening`` as ``Intervening terrain``."""
    text = str(row).replace("-", " ")
    if text == "intervening":
        return "Intervening terrain"
    return text.capitalize() + ("" if "cover" in text else " cover")


@dataclass(frozen=True, kw_only=True)
class ToHitRoll(Result):
    """Every attack die of a ranged or melee attack, rolled at once."""

    melee: bool
    base: int
    """The roll needed before modifiers (from the cover grid's aimed or unaimed column)."""
    cover: Cover | None
    modifiers: tuple[Modifier, ...]
    needed: int
    """The die needed; above 6 no attack can hit."""
    attacks: int
    blast_die: int | None
    """The D6 or D3 that gave a Blast weapon's number of attacks."""
    rerolled: tuple[int, ...]
    hits: int

    @property
    def possible(self) -> bool:
        return self.needed <= D6


def to_hit_roll(
    dice: DiceSource,
    *,
    attacks: int,
    modifiers: Sequence[Modifier] = (),
    melee: bool = False,
    aimed: bool = False,
    cover_grid: GridSpec | None = None,
    cover: GridKey | None = None,
    cover_reduced: int = 0,
    cover_why: str | None = None,
    blast: Target | None = None,
    reroll: str | None = None,
    title: str = "To hit",
) -> ToHitRoll:
    """A ranged or melee attack's rolls to hit (004 Roll to Hit, Melee Attacks).

    ``attacks`` is the weapon's RoA for all the models firing; a ``blast`` weapon instead
    rolls a D6 for its attacks against infantry and a D3 against any other target, and
    ignores cover (004 Blast Weapons). An aimed ranged attack reads the cover grid's
    aimed column (the Aim's +1 is in that column, so it is not a modifier too). Melee has
    no cover. ``cover_reduced`` takes that many steps off the cover (004 Vehicle Cover: a
    vehicle target claims one less, so no soft cover and hard cover at -1; a Sniper
    Scope), and ``cover_why`` says why in the roll's text ("vehicle target"); a cover
    reduced to nothing is not a modifier. ``reroll`` names the rule that rerolls failed
    hits (Twin-Linked, Aggressive).
    """
    if attacks < 0:
        raise ValueError(f"a weapon makes no fewer than 0 attacks, not {attacks}")
    if melee and (aimed or cover not in (None, NO_COVER)):
        raise ValueError("a melee attack is neither aimed nor affected by cover")
    mods = tuple(modifiers)
    notes: list[str] = []
    blast_die: int | None = None
    raw = 0
    if blast is not None:
        raw = dice.roll(D6)
        blast_die = raw if blast == "infantry" else (raw + 1) // 2
        attacks = blast_die
        which = (
            "D6 against infantry"
            if blast == "infantry"
            else f"D3 against this target (a D6 of {raw} halved, rounded up)"
        )
        notes.append(f"Blast: {which}, {plural(attacks, 'attack')}; blasts ignore cover")
        cover = None
    if melee:
        base, found = HIT, None
    else:
        base, found = cover_of(cover_grid, cover, aimed=aimed, reduced_by=cover_reduced)
    claimed = found is not None and found.value != 0
    all_mods = (*mods, *((Modifier(found.name, found.value),) if found and claimed else ()))
    needed = needs(base, all_mods)
    first: tuple[int, ...] = ()
    again: tuple[int, ...] = ()
    hits = 0
    if needed <= D6 and attacks:
        first, again, hits = roll_at(dice, attacks, needed, reroll)
    if found is not None and found.reduced:
        why = cover_why or "vehicle target or Sniper Scope"
        left = f"{found.value:+d}" if claimed else "none"
        notes.append(f"{found.name} {found.printed:+d} reduced by {found.reduced} ({why}): {left}")
    base_name = "Melee" if melee else ("Aimed ranged" if aimed else "Ranged")
    parts = [*notes, needs_text(f"{base_name} to hit", base, all_mods, needed)]
    if needed > D6:
        outcome = f"No hit possible: {needed}+ is more than a D6 can roll"
    elif not attacks:
        outcome = "No attacks to roll"
    else:
        parts.append(dice_text(first, again, reroll))
        outcome = f"{plural(hits, 'hit')} from {plural(attacks, 'attack')}"
    return ToHitRoll(
        title=title,
        dice=((raw,) if blast is not None else ()) + first + again,
        detail="; ".join(parts),
        outcome=outcome,
        melee=melee,
        base=base,
        cover=found,
        modifiers=mods,
        needed=needed,
        attacks=attacks,
        blast_die=blast_die,
        rerolled=again,
        hits=hits,
    )
