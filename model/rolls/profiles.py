"""Weapons, armour and models as the rolls read them, and a weapon's range bands.

A catalog item's profile holds text as the rulebook prints it (``"+2"``, ``"S-1"``, a value
per range band); this module turns it into the numbers the shooting and wound rolls use.
Every family reads weapons and armour this way (``model.rolls.game.Game.weapons``, the
line under a model, the families' ``arms``), so it is shared, apart from any one game's
rolls, and each roll reads the same weapon the same way.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import field
from typing import TYPE_CHECKING, Literal

from model.catalog.items import Armour, Gear, Item, ProfileScalar, ProfileValue, Trait, Weapon
from model.core.value import frozen_value
from model.rolls.dice import Modifier

if TYPE_CHECKING:
    from model.battle.forces import ModelSnap

# ------------------------------------------------------------------------------------------
# Weapons and armour as the helpers read them
# ------------------------------------------------------------------------------------------


@frozen_value(slots=False)
class WeaponStats:
    """What the dice helper reads of a weapon (or an attacking trait)."""

    name: str
    use: Literal["melee", "ranged", "thrown"]
    tags: frozenset[str] = frozenset()
    """Its tags with its rules' tags (``ItemSnap.tags``, ``FactionView.item_tags``)."""
    range: tuple[float, ...] = ()
    range_formula: str | None = None
    profile: Mapping[str, ProfileValue] = field(default_factory=dict, hash=False)

    @classmethod
    def of(cls, item: Item, tags: Iterable[str] | None = None) -> WeaponStats:
        """A catalog weapon or attacking trait; ``tags`` should include its rules' tags."""
        if not isinstance(item, Weapon | Trait) or item.use is None:
            raise ValueError(f"{item.name} is not a weapon")
        return cls(
            name=item.name,
            use=item.use,
            tags=frozenset(item.tags if tags is None else tags),
            range=tuple(item.range),
            range_formula=item.range_formula if isinstance(item, Weapon) else None,
            profile=dict(item.profile),
        )


def _per_band(value: ProfileValue, band: int | None, what: str) -> ProfileScalar:
    """A profile value for a range band: a list gives one per band (the last for any
    further band)."""
    if not isinstance(value, tuple):
        return value
    if len(value) == 1:
        return value[0]
    if band is None:
        raise ValueError(f"{what} depends on the range band: give the band")
    return value[min(band, len(value) - 1)]


_BONUS = re.compile(r"^([+-])\s*(\d+)$")
_WIELDER = re.compile(r"^S\s*(?:([+-])\s*(\d+))?$")


def _whole(value: ProfileScalar) -> int | None:
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    if isinstance(value, float) and value.is_integer():
        return int(value)
    if isinstance(value, str) and value.strip().isdigit():
        return int(value.strip())
    return None


def attack_strength(
    weapon: WeaponStats, band: int | None, wielder_strength: int | None
) -> tuple[str, int, tuple[Modifier, ...]]:
    """The Strength a weapon hits with, as ``(name, value, modifiers)``.

    RB ch.2 "Hits": a shot uses the weapon's own Strength (one per range band where the
    profile lists several); a close combat weapon adds its bonus (``"+2"``) to the
    wielder's Strength (RB ch.2 Combat "Hits"); a thrown weapon uses the thrower's
    Strength less the band's penalty (``["S", "S-1", "S-2"]``).
    """
    if "S" not in weapon.profile:
        raise ValueError(f"{weapon.name} has no Strength: give the Strength")
    raw = _per_band(weapon.profile["S"], band, f"{weapon.name}'s Strength")
    own = _whole(raw)
    if own is not None:
        return f"{weapon.name} Strength", own, ()
    text = str(raw).strip()
    bonus = _BONUS.match(text)
    wielder = _WIELDER.match(text)
    if bonus is None and wielder is None:
        raise ValueError(f"{weapon.name}'s Strength {text!r} cannot be read: give the Strength")
    if wielder_strength is None:
        raise ValueError(f"{weapon.name} uses the wielder's Strength: give it")
    if bonus is not None:
        change = int(bonus.group(2)) * (1 if bonus.group(1) == "+" else -1)
        return "Strength", wielder_strength, (Modifier(weapon.name, change),)
    assert wielder is not None
    if wielder.group(1) is None:
        return "Strength", wielder_strength, ()
    change = int(wielder.group(2)) * (1 if wielder.group(1) == "+" else -1)
    where = (
        f"{weapon.name}, {band_name(band, len(weapon.range))}" if band is not None else weapon.name
    )
    return "Strength", wielder_strength, (Modifier(where, change),)


def weapon_penetration(weapon: WeaponStats, band: int | None) -> int:
    """A weapon's Penetration for a band: 0 when it has none (``-`` or no entry)."""
    if "Pen" not in weapon.profile:
        return 0
    raw = _per_band(weapon.profile["Pen"], band, f"{weapon.name}'s Penetration")
    value = _whole(raw)
    if value is not None:
        return value
    text = str(raw).strip()
    if text == "-":
        return 0
    if re.fullmatch(r"[+-]?\d+", text):
        return int(text)
    raise ValueError(f"{weapon.name}'s Penetration {text!r} cannot be read: give the Penetration")


@frozen_value(slots=False)
class ArmourPiece:
    """Worn armour: its value, and better values against some weapons per range band."""

    name: str
    value: int
    against: tuple[tuple[str, tuple[int, ...]], ...] = ()
    """E.g. ``(("firearm", (5, 6, 7)),)``: the bulletproof vest against firearms."""

    @classmethod
    def of(cls, item: Armour) -> ArmourPiece:
        return cls(item.name, item.armour, tuple(item.against.items()))

    def value_against(self, weapon_tags: frozenset[str], band: int | None) -> int:
        """Its value against a weapon with these tags shot at this band (RB ch.3: the vest
        is 5/6/7 against firearms at short/medium/long range)."""
        best = self.value
        for tag, values in self.against:
            if tag in weapon_tags and values:
                if band is None:
                    raise ValueError(f"{self.name} depends on the range band: give the band")
                best = max(best, values[min(band, len(values) - 1)])
        return best


def armour_of(
    model: ModelSnap, items: Mapping[str, Item], *, shooting: bool
) -> tuple[tuple[ArmourPiece, ...], tuple[Modifier, ...]]:
    """A model's armour, and the cover its gear gives, against a shot or in combat.

    Armour items count as worn; mutations with an ``Arm`` profile (Tough skin) count as
    armour; a shield (tag ``shield``, RB ch.3 Shields) is armour in close combat and cover
    against shots. Powers with an ``Arm`` profile (Psychic barrier) count only while in
    use, so they are left to the player. ``items`` is the catalog's items by id.
    """
    pieces: list[ArmourPiece] = []
    covers: list[Modifier] = []
    for carried in model.items:
        item = items.get(carried.id)
        if isinstance(item, Armour):
            pieces.extend([ArmourPiece.of(item)] * carried.count)
            continue
        if not isinstance(item, Gear | Trait) or "Arm" not in item.profile:
            continue
        raw = item.profile["Arm"]
        value = None if isinstance(raw, tuple) else _whole(raw)
        bonus = _BONUS.match(str(raw).strip())
        if value is None and bonus is not None:
            value = int(bonus.group(2)) * (1 if bonus.group(1) == "+" else -1)
        if value is None:
            continue
        if "shield" in carried.tags or "shield" in item.tags:
            if shooting:
                covers.append(Modifier(item.name, value))
            else:
                pieces.append(ArmourPiece(item.name, value))
        elif item.kind == "mutation":
            pieces.append(ArmourPiece(item.name, value))
    return tuple(pieces), tuple(covers)


def model_stat(model: ModelSnap, stat: str) -> int:
    """A model's stat with its lasting modifiers (gear, rules); ``ValueError`` for ``-``."""
    value = model.stats.get(stat)
    if not isinstance(value, int):
        raise ValueError(f"{model.label} has no {stat}")
    return value + model.modifiers.get(stat, 0)


def has_rule(model: ModelSnap, tag: str) -> bool:
    """Whether a model has a rule's tag, its own or from something it carries (a Spark's
    motorcycle makes it a Rider; Mimetism gives Camouflage)."""
    return tag in model.tags or any(tag in i.tags for i in model.items)


def is_rider(model: ModelSnap) -> bool:
    """RB ch.4 "Rider": every weapon it fires counts as Hard to use."""
    return has_rule(model, "rider")


# ------------------------------------------------------------------------------------------
# Range bands
# ------------------------------------------------------------------------------------------

BAND_NAMES = ("short", "medium", "long")


def band_name(band: int | None, bands: int = 3) -> str:
    """``short range``, ``medium range``, ``long range`` (``band 4`` beyond those)."""
    if band is None:
        return "no range band"
    if bands == 1:
        return "in range"
    return f"{BAND_NAMES[band]} range" if band < len(BAND_NAMES) else f"band {band + 1}"


def range_band(distance: float, bands: Sequence[float]) -> int | None:
    """The band (0 short, 1 medium, 2 long) a distance falls in, or None beyond the
    longest (RB ch.2 "Ranges": no shot beyond it). A band reaches up to its limit: 8"
    is still short range for a bow's 8/16/24"."""
    if distance < 0:
        raise ValueError(f"a distance is 0 or more, not {distance}")
    for index, limit in enumerate(bands):
        if distance <= limit:
            return index
    return None


def weapon_bands(
    weapon: WeaponStats, strength: int | None = None, extra: float = 0
) -> tuple[float, ...]:
    """The weapon's band limits, each ``extra`` longer (Pump-action: +4" per marker). A
    range written ``S x 2`` (bombs) is one band of the thrower's Strength times 2."""
    if weapon.range:
        return tuple(limit + extra for limit in weapon.range)
    formula = re.fullmatch(
        r"\s*S\s*[x*]\s*(\d+(?:\.\d+)?)\s*", weapon.range_formula or "", re.IGNORECASE
    )
    if formula is None:
        return ()
    if strength is None:
        raise ValueError(f"{weapon.name}'s range is {weapon.range_formula}: give the Strength")
    return (strength * float(formula.group(1)) + extra,)


def _number(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else str(value)


def inches_text(value: float) -> str:
    return f'{_number(value)}"'


def bands_text(bands: Sequence[float]) -> str:
    """``8/16/24"``."""
    return "/".join(_number(b) for b in bands) + '"'
