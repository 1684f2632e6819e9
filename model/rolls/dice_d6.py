"""The D6 rolls of Steam Wars 2.1 (rulebook 004), each showing its numbers.

The helpers follow ``model.rolls.dice``: the dice come from a ``DiceSource`` (a battle's seeded
``Dice`` or a player's ``FixedDice``), always with ``sides=6``; each helper returns a frozen
result that keeps every modifier by name and value, the number needed, the dice, the
outcome in words, and ``event()``: the ``Roll`` event for the battle's log.

Every roll here needs a number or more on a D6 ("4+"). Modifiers add to the die, so a
-1 makes a 4+ into a 5+; a natural 1 always fails whatever the modifiers (004 Dice
Modifiers), so nothing needs less than 2+, and a roll that needs 7+ cannot succeed: the
helper says so and rolls no dice.

* ``to_hit_roll``: 004 Roll to Hit, Infantry Cover, Intervening Terrain (the cover
  table, read from the catalog's ``cover`` grid), Vehicle Cover, Blast Weapons, Indirect,
  Ranged In, Artillery Modifiers, Melee Attacks, Twin-Linked and Aggressive rerolls;
* ``wound_roll``: 004 Inflicting Wounds, Strength versus Resilience (the catalog's
  ``strength-vs-resilience`` grid where it has the cell, the rule in the text outside
  it), Boiler, Damage 2, Accurate;
* ``save_roll``: 004 Infantry Saves, Take Cover, Shield, Heavy;
* ``target_roll``: one D6 against a number: unpin (Leader, Inspire), Lucky Blighter, Medic,
  Engineer, projecting an Arctech power, the mechanical malfunction check (Conductor);
* ``prototype_roll``: 004 Prototype (4+ works, a 1 breaks it);
* ``initiative_roll``: 004 Initiative, Who Goes First (-1 over the points limit).

Modifiers come from the catalog's ``[[tracker.modifiers]]``; the helpers take them as
``Modifier`` values by name, so the catalog gives the names and the numbers.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from model.battle.events import RollOff
from model.catalog.tracker_rolls import GridKey, GridSpec
from model.rolls.dice import DiceSource, Modifier, Result, signed_terms

D6 = 6

HIT = 4
"""004 Roll to Hit, Melee Attacks: every attack hits on a 4+ before modifiers."""
SAVE = 5
"""004 Infantry Saves: 5+ against ranged attacks."""
TAKE_COVER_SAVE = 3
"""004 Actions, Take Cover: the save becomes 3+ until the unit next activates."""
UNPIN = 4
"""004 Unpin Check: 4+."""
MALFUNCTION = 2
"""004 Mechanical Malfunction: only a 1 fails, so the unit activates on a 2+."""
LUCKY_BLIGHTER = 4
"""004 Model Abilities, Lucky Blighter: 4+ negates the wounds."""
MEDIC = 5
"""004 Model Abilities, Medic: 5+ saves the casualty."""
REPAIR = 4
"""004 Model Abilities, Engineer: 4+ repairs a point of damage."""
PROTOTYPE = 4
"""004 Weapon Special Rules, Prototype: 4+ to work; a 1 breaks it down."""

COVER_GRID = "cover"
"""The catalog grid of 004 Intervening Terrain: rows ``no-cover``, ``intervening``,
``soft``, ``hard``; columns ``ranged``, ``aimed``."""
NO_COVER = "no-cover"
RANGED, AIMED = "ranged", "aimed"
WOUND_GRID = "strength-vs-resilience"
"""The catalog grid of 004 Strength versus Resilience: rows RES, columns ST."""

Target = Literal["infantry", "other"]
"""What a Blast weapon fires at: D6 attacks against infantry, D3 against anything else."""


# ------------------------------------------------------------------------------------------
# Shared pieces
# ------------------------------------------------------------------------------------------


def _needs(base: int, modifiers: Sequence[Modifier]) -> int:
    """The die needed: a +1 to the roll makes a 4+ into a 3+, never below 2+ (a natural 1
    always fails)."""
    return max(base - sum(m.value for m in modifiers), 2)


def _needs_text(name: str, base: int, modifiers: Sequence[Modifier], needed: int) -> str:
    """``To hit 4+ + Aimed 1 - Soft cover 1: needs 4+``."""
    text = f"{name} {base}+{signed_terms(modifiers)}: "
    if needed > D6:
        return text + f"needs {needed}+, which a D6 cannot roll"
    return text + f"needs {needed}+" + (" (a natural 1 always fails)" if needed == 2 else "")


def _successes(die: int, needed: int) -> bool:
    return die != 1 and die >= needed


def _roll_at(
    dice: DiceSource, count: int, needed: int, reroll: str | None
) -> tuple[tuple[int, ...], tuple[int, ...], int]:
    """``count`` dice at once against ``needed``, the failed ones rolled again when a rule
    (``reroll``, its name) allows: the first dice, the rerolled dice, the successes."""
    first = tuple(dice.roll(D6) for _ in range(count))
    ok = sum(_successes(d, needed) for d in first)
    again: tuple[int, ...] = ()
    if reroll is not None:
        again = tuple(dice.roll(D6) for d in first if not _successes(d, needed))
        ok += sum(_successes(d, needed) for d in again)
    return first, again, ok


def _dice_text(first: Sequence[int], again: Sequence[int], reroll: str | None) -> str:
    text = "rolled " + ", ".join(str(d) for d in first)
    if reroll is not None:
        shown = ", ".join(str(d) for d in again) if again else "nothing to reroll"
        text += f"; {reroll} rerolls the failures: {shown}"
    return text


def _plural(count: int, word: str) -> str:
    return f"{count} {word}" + ("" if count == 1 else "s")


# ------------------------------------------------------------------------------------------
# To hit
# ------------------------------------------------------------------------------------------


@dataclass(frozen=True)
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
        notes.append(f"Blast: {which}, {_plural(attacks, 'attack')}; blasts ignore cover")
        cover = None
    if melee:
        base, found = HIT, None
    else:
        base, found = cover_of(cover_grid, cover, aimed=aimed, reduced_by=cover_reduced)
    claimed = found is not None and found.value != 0
    all_mods = (*mods, *((Modifier(found.name, found.value),) if found and claimed else ()))
    needed = _needs(base, all_mods)
    first: tuple[int, ...] = ()
    again: tuple[int, ...] = ()
    hits = 0
    if needed <= D6 and attacks:
        first, again, hits = _roll_at(dice, attacks, needed, reroll)
    if found is not None and found.reduced:
        why = cover_why or "vehicle target or Sniper Scope"
        left = f"{found.value:+d}" if claimed else "none"
        notes.append(f"{found.name} {found.printed:+d} reduced by {found.reduced} ({why}): {left}")
    base_name = "Melee" if melee else ("Aimed ranged" if aimed else "Ranged")
    parts = [*notes, _needs_text(f"{base_name} to hit", base, all_mods, needed)]
    if needed > D6:
        outcome = f"No hit possible: {needed}+ is more than a D6 can roll"
    elif not attacks:
        outcome = "No attacks to roll"
    else:
        parts.append(_dice_text(first, again, reroll))
        outcome = f"{_plural(hits, 'hit')} from {_plural(attacks, 'attack')}"
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


# ------------------------------------------------------------------------------------------
# Wounds
# ------------------------------------------------------------------------------------------


def wound_needed(
    grid: GridSpec | None, strength: int, resilience: int
) -> tuple[int | None, Literal["table", "rule"]]:
    """The D6 a Strength needs to wound a Resilience, and where that came from.

    Inside the catalog's grid the cell says (0, a blank: it cannot wound; 004 Strength
    versus Resilience). Outside it (ST 5+, RES 8+, a charge's ST +1, Strong, Boiler) the
    rule of 004 Inflicting Wounds gives it: the D6 plus ST must exceed RES, so the die
    needs RES - ST + 1, at least 2 (a natural 1 never wounds). None: no roll can wound."""
    cell = None if grid is None else grid.cell(resilience, strength)
    if cell is not None:
        return (cell or None), "table"
    needed = max(resilience - strength + 1, 2)
    return (needed if needed <= D6 else None), "rule"


@dataclass(frozen=True, kw_only=True)
class WoundD6Roll(Result):
    """A D6 for each hit: each that beats the Resilience wounds (two with Damage 2)."""

    weapon_strength: int
    strength: int
    """The Strength the dice add: the weapon's (doubled by Boiler) and its modifiers."""
    modifiers: tuple[Modifier, ...]
    resilience: int
    needed: int | None
    """None when no roll can wound."""
    source: Literal["table", "rule"]
    rerolled: tuple[int, ...]
    successes: int
    wounds: int


def wound_roll(
    dice: DiceSource,
    *,
    hits: int,
    strength: int,
    resilience: int,
    modifiers: Sequence[Modifier] = (),
    grid: GridSpec | None = None,
    boiler: bool = False,
    damage: int = 1,
    reroll: str | None = None,
    title: str = "Wound roll",
) -> WoundD6Roll:
    """Roll to wound for every hit at once (004 Inflicting Wounds).

    ``strength`` is the weapon's ST; ``boiler`` doubles it once per game (004 Boiler) before
    the ``modifiers`` add to it (a charge's +1, Strong +2, Aim +1). ``damage`` is the
    wounds each success inflicts (2 for Damage 2). ``reroll`` names the rule that rerolls
    failed wound rolls (Accurate)."""
    if hits < 0:
        raise ValueError(f"hits are 0 or more, not {hits}")
    mods = tuple(modifiers)
    base = strength * 2 if boiler else strength
    total = base + sum(m.value for m in mods)
    needed, source = wound_needed(grid, total, resilience)
    parts = []
    if boiler:
        parts.append(f"Boiler doubles ST {strength} to {base}")
    st_text = f"ST {base}{signed_terms(mods)}" + (f" = {total}" if mods else "")
    where = (
        "the Strength versus Resilience table"
        if source == "table"
        else "the rule: D6 + ST must exceed RES"
    )
    first: tuple[int, ...] = ()
    again: tuple[int, ...] = ()
    successes = 0
    if needed is None:
        parts.append(f"{st_text} against RES {resilience}: cannot wound ({where})")
        outcome = f"Cannot wound: ST {total} against RES {resilience}"
    else:
        parts.append(f"{st_text} against RES {resilience}: needs {needed}+ ({where})")
        if hits:
            first, again, successes = _roll_at(dice, hits, needed, reroll)
            parts.append(_dice_text(first, again, reroll))
        outcome = f"{_plural(successes * damage, 'wound')} from {_plural(hits, 'hit')}"
        if damage > 1:
            outcome += f" ({successes} successes, Damage {damage} each)"
    return WoundD6Roll(
        title=title,
        dice=first + again,
        detail="; ".join(parts),
        outcome=outcome,
        weapon_strength=strength,
        strength=total,
        modifiers=mods,
        resilience=resilience,
        needed=needed,
        source=source,
        rerolled=again,
        successes=successes,
        wounds=successes * damage,
    )


# ------------------------------------------------------------------------------------------
# Saves
# ------------------------------------------------------------------------------------------


@dataclass(frozen=True, kw_only=True)
class SaveRoll(Result):
    """An infantry save for each wound: each success stops one."""

    base: int
    modifiers: tuple[Modifier, ...]
    needed: int
    rerolled: tuple[int, ...]
    saved: int
    wounds: int

    @property
    def unsaved(self) -> int:
        return self.wounds - self.saved


def save_roll(
    dice: DiceSource,
    *,
    wounds: int,
    taking_cover: bool = False,
    modifiers: Sequence[Modifier] = (),
    melee: bool = False,
    reroll: str | None = None,
    title: str = "Infantry save",
) -> SaveRoll:
    """Infantry saves (004 Infantry Saves): 5+ against ranged attacks, 3+ for a unit that
    took cover; a Shield is +1. Never in melee (refused). ``reroll`` names the rule that
    rerolls failures (Heavy, for single-wound models; a Shield Drone)."""
    if melee:
        raise ValueError("infantry saves are never taken in melee")
    if wounds < 0:
        raise ValueError(f"wounds are 0 or more, not {wounds}")
    mods = tuple(modifiers)
    base = TAKE_COVER_SAVE if taking_cover else SAVE
    needed = _needs(base, mods)
    name = "Take Cover save" if taking_cover else "Infantry save"
    parts = [_needs_text(name, base, mods, needed)]
    first: tuple[int, ...] = ()
    again: tuple[int, ...] = ()
    saved = 0
    if needed <= D6 and wounds:
        first, again, saved = _roll_at(dice, wounds, needed, reroll)
        parts.append(_dice_text(first, again, reroll))
    outcome = f"{saved} of {_plural(wounds, 'wound')} saved: {wounds - saved} taken"
    return SaveRoll(
        title=title,
        dice=first + again,
        detail="; ".join(parts),
        outcome=outcome,
        base=base,
        modifiers=mods,
        needed=needed,
        rerolled=again,
        saved=saved,
        wounds=wounds,
    )


# ------------------------------------------------------------------------------------------
# One die against a number
# ------------------------------------------------------------------------------------------


@dataclass(frozen=True, kw_only=True)
class TargetRoll(Result):
    """One D6 (rolled again once when a rule allows) against a number."""

    name: str
    base: int
    modifiers: tuple[Modifier, ...]
    needed: int
    die: int | None
    reroll_die: int | None
    success: bool


def target_roll(
    dice: DiceSource,
    name: str,
    base: int,
    modifiers: Sequence[Modifier] = (),
    *,
    reroll: str | None = None,
    success: str = "Success",
    failure: str = "Failure",
    title: str | None = None,
) -> TargetRoll:
    """A D6 needing ``base``+ after modifiers: an unpin check (4+; Leader +1, Inspire
    rerolls), Lucky Blighter (4+), Medic (5+), Engineer (4+), an Arctech power (its
    project value), the mechanical malfunction check (2+: only a 1 fails; Conductor
    rerolls). ``success`` and ``failure`` say what the result means at the table."""
    mods = tuple(modifiers)
    needed = _needs(base, mods)
    parts = [_needs_text(name, base, mods, needed)]
    die: int | None = None
    again: int | None = None
    ok = False
    if needed <= D6:
        die = dice.roll(D6)
        ok = _successes(die, needed)
        if not ok and reroll is not None:
            again = dice.roll(D6)
            ok = _successes(again, needed)
        parts.append(_dice_text((die,), () if again is None else (again,), reroll))
        outcome = success if ok else failure
    else:
        outcome = f"{failure} (cannot succeed: {needed}+)"
    rolled = tuple(d for d in (die, again) if d is not None)
    return TargetRoll(
        title=title or name,
        dice=rolled,
        detail="; ".join(parts),
        outcome=outcome + ("" if not rolled else f" (rolled {rolled[-1]})"),
        name=name,
        base=base,
        modifiers=mods,
        needed=needed,
        die=die,
        reroll_die=again,
        success=ok,
    )


@dataclass(frozen=True, kw_only=True)
class PrototypeRoll(Result):
    """004 Prototype: 4+ the weapon works this activation; 2-3 it does not; 1 it breaks."""

    die: int
    works: bool
    broken: bool


def prototype_roll(dice: DiceSource, weapon: str = "Prototype weapon") -> PrototypeRoll:
    """The roll a Prototype weapon makes before it attacks (004 Weapon Special Rules)."""
    die = dice.roll(D6)
    if die == 1:
        outcome = f"{weapon} breaks down: no use until an Engineer repairs it"
    elif die >= PROTOTYPE:
        outcome = f"{weapon} works"
    else:
        outcome = f"{weapon} does not work this activation"
    return PrototypeRoll(
        title=f"Prototype: {weapon}",
        dice=(die,),
        detail=f"Prototype {PROTOTYPE}+ to work, a 1 breaks it down; rolled {die}",
        outcome=outcome,
        die=die,
        works=die >= PROTOTYPE,
        broken=die == 1,
    )


# ------------------------------------------------------------------------------------------
# Initiative
# ------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Roller:
    """A side rolling for initiative: its name and its modifiers (over the points limit)."""

    name: str
    modifiers: tuple[Modifier, ...] = ()


@dataclass(frozen=True, kw_only=True)
class InitiativeRoll(Result):
    """Each side's D6 plus modifiers; ties roll again until one side is highest."""

    rounds: tuple[tuple[int, ...], ...]
    """Each round's dice, one per side."""
    totals: tuple[int, ...]
    """The last round's totals."""
    winner: int

    def roll_off(self) -> RollOff:
        """The ``RollOff`` event that lets the winner activate first this turn."""
        return RollOff(
            kind="roll-off", first=self.winner, winner=self.winner, rolls=self.rounds[-1]
        )


def initiative_roll(
    dice: DiceSource, sides: Sequence[Roller], *, title: str = "Initiative", max_rounds: int = 50
) -> InitiativeRoll:
    """004 Initiative, Who Goes First: each side rolls a D6 (a side whose list is over its
    points limit at -1); the highest total goes first; ties roll again."""
    if len(sides) < 2:
        raise ValueError("initiative needs at least two sides")
    rounds: list[tuple[int, ...]] = []
    texts: list[str] = []
    for _ in range(max_rounds):
        rolled = tuple(dice.roll(D6) for _ in sides)
        totals = tuple(
            d + sum(m.value for m in s.modifiers) for d, s in zip(rolled, sides, strict=True)
        )
        rounds.append(rolled)
        texts.append(
            ", ".join(
                f"{s.name} {d}{signed_terms(s.modifiers)}" + (f" = {t}" if s.modifiers else "")
                for s, d, t in zip(sides, rolled, totals, strict=True)
            )
        )
        best = max(totals)
        if totals.count(best) == 1:
            winner = totals.index(best)
            break
        texts[-1] += ": a tie, roll again"
    else:
        raise ValueError(f"{max_rounds} tied rounds: roll by hand")
    return InitiativeRoll(
        title=title,
        dice=tuple(d for r in rounds for d in r),
        detail="; ".join(texts),
        outcome=f"{sides[winner].name} wins the initiative and activates first",
        rounds=tuple(rounds),
        totals=totals,
        winner=winner,
    )
