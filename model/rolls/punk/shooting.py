"""Punkapocalyptic's shooting roll: a Precision roll to hit, and everything the die decides.

Apart because it is the rulebook's longest roll (ranges, aiming, cover, KABOOM!, scatter)
and the catalog modifier ids it gives rules to are its own.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Literal

from model.catalog.tracker_rolls import ModifierSpec
from model.rolls.dice import DiceSource, Modifier, Result, formula_text
from model.rolls.profiles import (
    WeaponStats,
    band_name,
    bands_text,
    inches_text,
    range_band,
    weapon_bands,
)
from model.rolls.punk.attribute import Automatic, attribute_outcome

# ------------------------------------------------------------------------------------------
# Shooting
# ------------------------------------------------------------------------------------------

# The catalog modifier ids whose rules the shooting helper applies.
SHORT_RANGE = "short-range"
MEDIUM_RANGE = "medium-range"
LONG_RANGE = "long-range"
AIMED = "aimed"
DEFENSIVE_FIRE = "defensive-fire"
INTO_COMBAT = "into-combat"
HARD_TO_USE = "hard-to-use"
PELLETS = "pellets"
AVOID_COVER = "avoid-cover"
AVOID_COVER_CAMOUFLAGE = "avoid-cover-camouflage"
_BAND_IDS = (SHORT_RANGE, MEDIUM_RANGE, LONG_RANGE)

Chosen = str | ModifierSpec | Modifier
"""A chosen modifier: a catalog modifier by id, a catalog modifier, or one of the player's."""


@dataclass(frozen=True, kw_only=True)
class ShootingRoll(Result):
    """A Precision roll to hit with a shot, and everything that follows from the die."""

    weapon: str
    precision: int
    distance: float | None
    band: int | None
    """0 short, 1 medium, 2 long; None out of range, or for a weapon without bands."""
    bands: tuple[float, ...]
    can_shoot: bool
    """False beyond the longest range: no roll was made."""
    modifiers: tuple[Modifier, ...]
    target: int
    die: int | None
    hit: bool
    automatic: Automatic
    kaboom: bool
    """KABOOM!: a 9 or 10 with a weapon or ammunition that has it: the shot fails and the
    weapon is jammed for the rest of the game."""
    cover_avoided: bool
    """The shot avoided the target's cover: cover does not count in the wound roll."""
    friend_hit: bool
    """It missed only because of the penalty for shooting into a combat (or past a model
    giving cover): the model in the way is hit instead."""
    all_in_combat_hit: bool
    """Pellets into a combat: a hit hits every model in it."""
    scatter: int | None
    """Indirect fire that missed: inches of scatter."""
    scatter_direction: Literal["forward", "backward"] | None
    notes: tuple[str, ...]


def _resolve(chosen: Chosen, catalog: Mapping[str, ModifierSpec]) -> tuple[str | None, Modifier]:
    """A chosen modifier as (its catalog id, if it has one; the modifier)."""
    if isinstance(chosen, Modifier):
        return None, chosen
    spec = chosen if isinstance(chosen, ModifierSpec) else catalog.get(chosen)
    if spec is None:
        raise ValueError(f"the catalog offers no modifier {chosen!r}")
    if spec.roll not in ("shooting", "any"):
        raise ValueError(f"{spec.name} is a modifier for {spec.roll} rolls, not for shooting")
    return spec.id, Modifier.of(spec)


def shooting_roll(
    dice: DiceSource,
    weapon: WeaponStats,
    *,
    precision: int,
    catalog: Sequence[ModifierSpec],
    distance: float | None = None,
    band: int | None = None,
    chosen: Sequence[Chosen] = (),
    rider: bool = False,
    camouflage: bool = False,
    kaboom: bool = False,
    strength: int | None = None,
    extra_range: float = 0,
    title: str | None = None,
) -> ShootingRoll:
    """A shot's Precision roll (RB ch.2 "Shooting"), an attribute roll on Precision.

    * ``catalog``: the catalog's modifiers (``tracker.modifiers``); the range band's and
      the weapon's automatic modifiers are read from it by id.
    * ``distance`` gives the range band (RB "Ranges": short +1, medium 0, long -1; beyond
      the longest no shot); ``band`` gives it directly instead.
    * ``chosen``: the player's modifiers (RB "Aiming" +3, "Ready defensive fire" -2,
      "Shooting into a combat" -3, "Cover" avoiding it -3, ch.4 "Smoke" -2 ...), by
      catalog id or as ``Modifier``s of the player's own.
    * Automatic: RB ch.4 "Hard to use" (-1; a ``rider``'s weapons count as Hard to use,
      RB "Rider", once only), "Pellets" (+1; no avoiding cover; into a combat no
      penalty, and a hit hits every model in it), "Indirect fire" (no range modifiers,
      no aiming; a miss scatters 1" per 2 points missed, rounded up, forward on an even
      die, backward on an odd one), "Template" (hits automatically, no roll).
    * ``camouflage``: the target has RB ch.4 "Camouflage": avoiding its cover uses the
      ``avoid-cover-camouflage`` modifier (-5) instead of ``avoid-cover``.
    * ``kaboom``: the ammunition or the pump markers make the shot RB ch.4 "KABOOM!"
      (as does a weapon tagged ``kaboom``): a 9 or 10 fails and jams the weapon, and the
      die is rolled even when the hit (or the miss) would be automatic.
    * ``strength``: the thrower's Strength, for a range written ``S x 2``.

    Steam weapons make a Tech roll instead (``steam_roll``).
    """
    tags = weapon.tags
    if "steam" in tags:
        raise ValueError(f"{weapon.name} is a Steam weapon: it makes a Tech roll (steam_roll)")
    by_id = {spec.id: spec for spec in catalog}
    picked = [_resolve(c, by_id) for c in chosen]
    ids = [i for i, _ in picked if i is not None]
    if len(set(ids)) != len(ids):
        raise ValueError("a modifier was chosen twice (RB Aiming: aiming bonuses do not stack)")
    if any(i in _BAND_IDS for i in ids):
        raise ValueError("the range band's modifier comes from the distance or band given")
    indirect = "indirect-fire" in tags
    template = "template" in tags
    pellets = "pellets" in tags
    kaboom = kaboom or "kaboom" in tags
    if AIMED in ids and (indirect or "no-aim" in tags):
        raise ValueError(f"{weapon.name} cannot be aimed (RB ch.4 Indirect fire)")
    if AIMED in ids and DEFENSIVE_FIRE in ids:
        raise ValueError("aiming cannot be used in defensive fire (RB ch.2 Aiming)")
    if DEFENSIVE_FIRE in ids and (template or "no-defensive-fire" in tags):
        raise ValueError(f"{weapon.name} cannot be used in defensive fire (RB ch.4 Template)")
    avoiding = {AVOID_COVER, AVOID_COVER_CAMOUFLAGE} & set(ids)
    if avoiding and pellets:
        raise ValueError(f"{weapon.name} cannot avoid cover (RB ch.4 Pellets)")
    if len(avoiding) > 1:
        raise ValueError("choose one of avoiding cover and avoiding cover (Camouflage)")

    def catalog_modifier(spec_id: str, why: str) -> Modifier:
        found = by_id.get(spec_id)
        if found is None:
            raise ValueError(f"the catalog has no {spec_id!r} modifier, needed for {why}")
        return Modifier.of(found)

    notes: list[str] = []
    measured = distance is not None or strength is not None or bool(weapon.range)
    bands = weapon_bands(weapon, strength, extra_range) if measured and not template else ()
    if band is None and distance is not None and bands:
        band = range_band(distance, bands)
        where = f"{inches_text(distance)} is " + (
            band_name(band, len(bands)) if band is not None else "out of range"
        )
        notes.append(f"{where} ({bands_text(bands)})")
        if band is None:
            longest = inches_text(bands[-1])
            return ShootingRoll(
                title=title or f"Shooting: {weapon.name}",
                dice=(),
                detail="; ".join(notes),
                outcome=f"Cannot shoot: beyond the longest range, {longest}",
                weapon=weapon.name,
                precision=precision,
                distance=distance,
                band=None,
                bands=bands,
                can_shoot=False,
                modifiers=(),
                target=precision,
                die=None,
                hit=False,
                automatic=None,
                kaboom=False,
                cover_avoided=False,
                friend_hit=False,
                all_in_combat_hit=False,
                scatter=None,
                scatter_direction=None,
                notes=tuple(notes),
            )
    elif band is None and bands and not indirect:
        raise ValueError(f"give the distance or the range band of the shot with {weapon.name}")
    if band is not None and bands and not 0 <= band < len(bands):
        raise ValueError(f"{weapon.name} has {len(bands)} range bands, not a band {band + 1}")

    mods: list[Modifier] = []
    if band is not None and bands and len(bands) > 1:
        if indirect:
            notes.append("Indirect fire: no range modifiers")
        elif band < len(_BAND_IDS) and (band != 1 or MEDIUM_RANGE in by_id):
            mods.append(catalog_modifier(_BAND_IDS[band], band_name(band)))
    if "hard-to-use" in tags or rider:
        mods.append(catalog_modifier(HARD_TO_USE, "a Hard to use weapon"))
        if rider and "hard-to-use" not in tags:
            notes.append("Rider: its weapons are Hard to use")
    if pellets:
        mods.append(catalog_modifier(PELLETS, "a Pellets weapon"))
    into_combat: Modifier | None = None
    for spec_id, modifier in picked:
        if spec_id == INTO_COMBAT and pellets:
            notes.append("Pellets: no penalty for shooting into a combat; a hit hits every model")
            continue
        if spec_id == AVOID_COVER and camouflage:
            modifier = catalog_modifier(
                AVOID_COVER_CAMOUFLAGE, "avoiding a Camouflaged model's cover"
            )
            notes.append("Camouflage: avoiding its cover costs more")
        if spec_id == INTO_COMBAT:
            into_combat = modifier
        mods.append(modifier)
    target = precision + sum(m.value for m in mods)
    formula = formula_text("Precision", precision, mods)
    all_in_combat = pellets and INTO_COMBAT in ids
    cover_avoided = bool(avoiding)

    die: int | None = None
    automatic: Automatic = None
    if template:
        hit, automatic = True, "success"
        if kaboom:
            die = dice.roll(10)
        detail = "Template: hits every model under the template, with no Precision roll"
    else:
        always = kaboom or indirect
        automatic_roll = target <= 0 or target >= 10
        die = dice.roll(10) if always or not automatic_roll else None
        hit, automatic = attribute_outcome(target, die)
        if automatic == "success":
            detail = f"{formula}: hits automatically (10 or more)"
        elif automatic == "failure":
            detail = f"{formula}: misses automatically (0 or less)"
        else:
            detail = f"{formula}: needs {target} or less"
    exploded = kaboom and die is not None and die >= 9
    if exploded:
        hit = False
    friend_hit = False
    if not hit and not exploded and into_combat is not None and die is not None:
        without = target - into_combat.value
        friend_hit = without >= 10 or (without > 0 and die <= without)
    scatter: int | None = None
    direction: Literal["forward", "backward"] | None = None
    if indirect and not hit and not exploded and die is not None:
        scatter = math.ceil((die - target) / 2)
        direction = "forward" if die % 2 == 0 else "backward"

    rolled = f" (rolled {die})" if die is not None else ""
    if exploded:
        outcome = (
            f"KABOOM!{rolled}: the shot fails and the {weapon.name} is jammed for the rest "
            "of the game"
        )
    elif hit:
        outcome = ("Automatic hit" if automatic else "Hit") + rolled
        if all_in_combat:
            outcome += ": every model in the combat is hit"
    else:
        outcome = ("Automatic miss" if automatic else "Miss") + rolled
        if friend_hit:
            outcome += (
                ": it missed only for shooting into the combat, so the model in the way is hit"
            )
        if scatter is not None:
            outcome += f": scatters {inches_text(scatter)} {direction}"
    return ShootingRoll(
        title=title or f"Shooting: {weapon.name}",
        dice=() if die is None else (die,),
        detail="; ".join([detail, *notes]),
        outcome=outcome,
        weapon=weapon.name,
        precision=precision,
        distance=distance,
        band=band,
        bands=bands,
        can_shoot=True,
        modifiers=tuple(mods),
        target=target,
        die=die,
        hit=hit,
        automatic=automatic,
        kaboom=exploded,
        cover_avoided=cover_avoided,
        friend_hit=friend_hit,
        all_in_combat_hit=all_in_combat and hit,
        scatter=scatter,
        scatter_direction=direction,
        notes=tuple(notes),
    )
