"""Punkapocalyptic's wound roll: Strength against Toughness, armour and cover, after a hit.

Apart from the shooting roll because combat hits make it too, and from the opposed roll it
is made of because armour, cover and Penetration are its own rules.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from model.rolls.dice import DiceSource, Modifier, Result, formula_text
from model.rolls.profiles import ArmourPiece, WeaponStats, attack_strength, weapon_penetration
from model.rolls.punk.opposed import Contender, OpposedRoll, opposed_roll

if TYPE_CHECKING:
    from model.catalog.tracker_rolls import TableSpec

# ------------------------------------------------------------------------------------------
# Wound rolls
# ------------------------------------------------------------------------------------------


@dataclass(frozen=True, kw_only=True)
class WoundRoll(Result):
    """A hit's opposed roll: Strength against Toughness, armour and cover."""

    strength: Contender
    """The attacker's side: its Strength and every bonus."""
    toughness: Contender
    """The target's side: its Toughness, bonuses and what armour and cover add."""
    armour: tuple[Modifier, ...]
    """The armour counted, each at the value it has against this weapon and band."""
    cover: tuple[Modifier, ...]
    """The cover counted: the highest, and ``Stacked covers 1`` when there are several."""
    not_counted: tuple[Modifier, ...]
    """Armour or cover the hit ignores or avoided, and lower stacked covers."""
    penetration: int
    protection: int
    """Armour and cover less Penetration, never below 0."""
    roll: OpposedRoll
    wounded: bool
    notes: tuple[str, ...]


def wound_roll(
    dice: DiceSource,
    weapon: WeaponStats | None,
    *,
    toughness: int,
    band: int | None = None,
    wielder_strength: int | None = None,
    strength: int | None = None,
    penetration: int | None = None,
    strength_modifiers: Sequence[Modifier] = (),
    penetration_modifiers: Sequence[Modifier] = (),
    toughness_modifiers: Sequence[Modifier] = (),
    armour: Sequence[ArmourPiece] = (),
    cover: Sequence[Modifier] = (),
    cover_avoided: bool = False,
    ignores_armour: bool = False,
    ignores_cover: bool = False,
    attacker: str = "Attacker",
    defender: str = "Target",
    attacker_active: bool = True,
    title: str | None = None,
) -> WoundRoll:
    """The roll to wound after a hit (RB ch.2 "Hits", for combat and for shooting).

    The attacker's Strength (``attack_strength``: the weapon's per band for a shot, the
    wielder's plus the bonus in combat, the thrower's less the band's penalty) against
    the target's Toughness plus armour and cover, less Penetration (RB "Armours and
    weapon Penetration", "Penetration": armour and cover together never go below 0).

    * ``armour``: worn armour; the bulletproof vest counts its value against firearms
      for the band. ``cover`` counts only against shots (RB "Cover"); several covers
      count as the highest +1 (RB "Stacking covers"). ``cover_avoided``: the shot
      avoided it (``ShootingRoll.cover_avoided``).
    * Steam and Shock ignore armour; Steam and Template ignore cover (RB ch.4); Rust is
      -1 Penetration. A weapon's ``ignores-armour``/``ignores-cover`` tags do the same,
      as do ``ignores_armour``/``ignores_cover`` (a Fire marker's hit has no cover).
    * ``strength``/``penetration`` replace the weapon's (a Steam gust, a flamethrower's
      chosen charge); without a weapon they are needed.
    * Ties go to the side whose action turn it is: the attacker, unless
      ``attacker_active`` is False (defensive fire happens in the target's turn).
    """
    name = weapon.name if weapon is not None else "Hit"
    tags = weapon.tags if weapon is not None else frozenset()
    parts: tuple[Modifier, ...] = ()
    if strength is not None:
        base_stat, base = f"{name} Strength", strength
    elif weapon is None:
        raise ValueError("give the Strength of a hit without a weapon")
    else:
        base_stat, base, parts = attack_strength(weapon, band, wielder_strength)
    if penetration is None:
        penetration = weapon_penetration(weapon, band) if weapon is not None else 0
    notes: list[str] = []
    pen_parts = list(penetration_modifiers)
    if "rust" in tags:
        pen_parts.append(Modifier("Rust", -1))
    pen = max(0, penetration + sum(m.value for m in pen_parts))
    if weapon is not None and weapon.use == "melee" and cover:
        raise ValueError("cover counts only against shots (RB ch.2 Cover)")

    no_armour = ignores_armour or bool(tags & {"steam", "shock", "ignores-armour"})
    no_cover = ignores_cover or bool(tags & {"steam", "template", "ignores-cover"})
    counted_armour: list[Modifier] = []
    not_counted: list[Modifier] = []
    for piece in armour:
        value = piece.value_against(tags, band)
        (not_counted if no_armour else counted_armour).append(Modifier(piece.name, value))
    if no_armour and armour:
        why = sorted(tags & {"steam", "shock"})
        notes.append(f"armour ignored ({', '.join(t.title() for t in why) or 'this hit'})")
    counted_cover: list[Modifier] = []
    if cover and (no_cover or cover_avoided):
        not_counted.extend(cover)
        if cover_avoided:
            notes.append("cover avoided by the shot")
        else:
            why = sorted(tags & {"steam", "template"})
            notes.append(f"cover ignored ({', '.join(t.title() for t in why) or 'this hit'})")
    elif len(cover) == 1:
        counted_cover.append(cover[0])
    elif cover:
        ordered = sorted(cover, key=lambda m: m.value, reverse=True)
        counted_cover.extend((ordered[0], Modifier("Stacked covers", 1)))
        not_counted.extend(ordered[1:])
        notes.append("stacked covers: the highest +1")
    gross = sum(m.value for m in (*counted_armour, *counted_cover))
    protection = max(0, gross - pen)

    attack = Contender(attacker, base_stat, base, (*parts, *strength_modifiers))
    defence_mods = tuple(toughness_modifiers)
    if counted_armour or counted_cover:
        defence_mods += (Modifier("Armour and cover", protection),)
    defence = Contender(defender, "Toughness", toughness, defence_mods)
    if attacker_active:
        opposed = opposed_roll(dice, attack, defence)
        wounded = opposed.won
    else:
        opposed = opposed_roll(dice, defence, attack)
        wounded = not opposed.won
    a, d = (opposed.active, opposed.others[0])
    if not attacker_active:
        a, d = d, a
    lines = [f"{a.text()} vs {d.text()}"]
    if counted_armour or counted_cover:
        pen_text = f" - Penetration {pen}" if pen else ""
        floor = ", at least 0" if gross - pen < 0 else ""
        added = " + ".join(f"{m.name} {m.value}" for m in (*counted_armour, *counted_cover))
        lines.append(f"armour and cover: {added}{pen_text} = {protection}{floor}")
    if pen_parts:
        floor = ", at least 0" if penetration + sum(m.value for m in pen_parts) < 0 else ""
        lines.append(formula_text("Penetration", penetration, pen_parts) + floor)
    if not_counted:
        lines.append("not counted: " + ", ".join(f"{m.name} {m.value}" for m in not_counted))
    lines.extend(notes)
    tie = a.total == d.total
    if wounded:
        outcome = f"Wounded: {a.total} against {d.total}"
    else:
        outcome = f"Not wounded: {a.total} against {d.total}"
    if tie:
        outcome += " (a tie goes to the side whose action turn it is)"
    return WoundRoll(
        title=title or f"Wound roll: {name} against {defender}",
        dice=(a.die, d.die),
        detail="; ".join(lines),
        outcome=outcome,
        strength=attack,
        toughness=defence,
        armour=tuple(counted_armour),
        cover=tuple(counted_cover),
        not_counted=tuple(not_counted),
        penetration=pen,
        protection=protection,
        roll=opposed,
        wounded=wounded,
        notes=tuple(notes),
    )


def cover_modifier(table: TableSpec, kind: int) -> Modifier:
    """A cover of the catalog's cover table (RB ch.2 "Cover"), by its row number, as a
    modifier for ``wound_roll``: ``Modifier("Clay, bricks, rubble", 5)``."""
    row = table.row_for(kind)
    if row is None or row.value is None:
        raise ValueError(f"{table.name} has no row {kind} with a value")
    return Modifier(row.result, row.value)
