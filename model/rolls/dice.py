"""The dice helper: seeded dice and the rolls of the rulebook, each showing its numbers.

Every die of a battle comes from the battle's seed and where it falls in the battle: die
``k`` of roll number ``n`` is the same on every run, and after a save and a resume,
because it is computed from ``(seed, n, k)`` alone and never from a generator that
earlier rolls have moved along. The roll number is simply how many rolls the log holds
(``roll_number``), so nothing else needs storing.

The helpers follow the Punkapocalyptic rulebook (RB). Each returns a frozen result that
keeps its inputs, every modifier by name and value, the target or the totals, the dice,
the outcome in words, and ``event()``: the ``Roll`` event to put in the battle's log.

* ``attribute_roll``: RB ch.1 "Dice rolls", Attribute rolls;
* ``opposed_roll``: RB ch.1 "Dice rolls", Opposed rolls (and ch.2 "Combat");
* ``shooting_roll``: RB ch.2 "Shooting", "Ranges", "Aiming", "Ready defensive fire",
  "Cover", "Shooting into a combat"; ch.4 "Hard to use", "Pellets", "Camouflage",
  "Rider", "Indirect fire", "KABOOM!", "Template";
* ``wound_roll``: RB ch.2 "Hits", "Armours and weapon Penetration", "Cover", "Stacking
  covers"; ch.4 "Steam", "Shock", "Template", "Rust";
* ``steam_roll``: RB ch.4 "Steam";
* ``falling_roll``: RB ch.2 "Falling down", on the catalog's falling table;
* ``table_roll`` and ``table_lookup``: any ``TableSpec`` of any game.

Shooting modifiers come from the catalog's ``[[tracker.modifiers]]`` (ids ``short-range``,
``long-range``, ``aimed``, ``defensive-fire``, ``into-combat``, ``hard-to-use``,
``pellets``, ``avoid-cover``, ``avoid-cover-camouflage``): the helper knows which rule
each id stands for, the catalog gives the names and values.
"""

from __future__ import annotations

import math
import random
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Literal, Protocol

from model.battle.events import Event, Roll, RollOff
from model.battle.forces import ModelSnap
from model.catalog.items import Armour, Gear, Item, ProfileScalar, ProfileValue, Trait, Weapon
from model.catalog.tracker import ModifierSpec, TableRow, TableSpec

# ------------------------------------------------------------------------------------------
# Dice
# ------------------------------------------------------------------------------------------


def die_value(seed: int, roll: int, position: int, sides: int = 10) -> int:
    """Die ``position`` (from 0) of roll number ``roll`` of a battle seeded ``seed``.

    The die is drawn from a generator seeded with the text ``warband:seed:roll:position``
    (text seeds are hashed with SHA-512, so the value is the same on every machine and in
    every process), which makes each die independent of every other roll.
    """
    if sides < 1:
        raise ValueError(f"a die has at least one side, not {sides}")
    return random.Random(f"warband:{seed}:{roll}:{position}").randint(1, sides)


class DiceSource(Protocol):
    """Where a helper gets its dice: seeded dice, or dice a player rolled by hand."""

    def roll(self, sides: int = 10) -> int:
        """One die with ``sides`` sides."""
        ...


class Dice:
    """The dice of one roll of a battle: ``Dice(setup.seed, roll_number(events))``.

    Die ``k`` this object gives is ``die_value(seed, start, k)``. ``used`` tells how many
    were rolled; the next roll needs another ``start`` (``start + 1``, which is what
    counting the log's rolls gives once this roll is logged, or ``start + used``: both
    are safe, as dice from different starts never coincide).
    """

    def __init__(self, seed: int, start: int = 0) -> None:
        self.seed = seed
        self.start = start
        self._rolled: list[int] = []

    def roll(self, sides: int = 10) -> int:
        value = die_value(self.seed, self.start, len(self._rolled), sides)
        self._rolled.append(value)
        return value

    def d10(self) -> int:
        return self.roll(10)

    def d6(self) -> int:
        return self.roll(6)

    @property
    def rolled(self) -> tuple[int, ...]:
        """Every die rolled so far, in order."""
        return tuple(self._rolled)

    @property
    def used(self) -> int:
        """How many dice were rolled."""
        return len(self._rolled)


class FixedDice:
    """Dice whose results are given: dice a player rolled at the table, or a test's."""

    def __init__(self, *values: int) -> None:
        self._values = values
        self._next = 0

    def roll(self, sides: int = 10) -> int:
        if self._next >= len(self._values):
            raise ValueError(f"{len(self._values)} dice were given and more are needed")
        value = self._values[self._next]
        if not 1 <= value <= sides:
            raise ValueError(f"{value} is not a result of a d{sides}")
        self._next += 1
        return value

    @property
    def used(self) -> int:
        return self._next


def roll_number(events: Iterable[Event]) -> int:
    """The number of the next roll of a battle: how many rolls (and roll-offs) its log has."""
    return sum(1 for e in events if isinstance(e, Roll | RollOff))


def next_dice(seed: int, events: Iterable[Event]) -> Dice:
    """Dice for a battle's next roll."""
    return Dice(seed, roll_number(events))


# ------------------------------------------------------------------------------------------
# Modifiers and results
# ------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Modifier:
    """A named change to a roll: ``Modifier("Short range", 1)``."""

    name: str
    value: int

    @classmethod
    def of(cls, spec: ModifierSpec) -> Modifier:
        return cls(spec.name, spec.value)


def modifiers_for(
    specs: Iterable[ModifierSpec], roll: Literal["shooting", "combat", "attribute", "wound"]
) -> tuple[ModifierSpec, ...]:
    """The catalog's modifiers offered for a kind of roll (those for ``any`` included)."""
    return tuple(s for s in specs if s.roll in (roll, "any"))


def signed_terms(modifiers: Iterable[Modifier]) -> str:
    """`` + Short range 1 - Hard to use 1``: each modifier with its sign."""
    return "".join(
        f" + {m.name} {m.value}" if m.value >= 0 else f" - {m.name} {-m.value}" for m in modifiers
    )


def _formula(name: str, value: int, modifiers: Sequence[Modifier]) -> str:
    """``Precision 5 + Short range 1 - Hard to use 1 = 5`` (no ``= ...`` without modifiers)."""
    if not modifiers:
        return f"{name} {value}"
    return f"{name} {value}{signed_terms(modifiers)} = {value + sum(m.value for m in modifiers)}"


def _number(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else str(value)


def _inches(value: float) -> str:
    return f'{_number(value)}"'


def _bands_text(bands: Sequence[float]) -> str:
    """``8/16/24"``."""
    return "/".join(_number(b) for b in bands) + '"'


@dataclass(frozen=True, kw_only=True)
class Result:
    """What every roll result has: what it is for the log, its dice, its numbers, its outcome."""

    title: str
    dice: tuple[int, ...]
    detail: str
    outcome: str

    def event(self) -> Roll:
        """The ``Roll`` event that records this roll in the battle's log."""
        return Roll(
            kind="roll", title=self.title, dice=self.dice, detail=self.detail, outcome=self.outcome
        )


# ------------------------------------------------------------------------------------------
# Attribute rolls
# ------------------------------------------------------------------------------------------

Automatic = Literal["success", "failure"] | None


def _attribute_outcome(target: int, die: int | None) -> tuple[bool, Automatic]:
    """RB ch.1 "Dice rolls", Attribute rolls: at or under the target; 0 or less never,
    10 or more always."""
    if target <= 0:
        return False, "failure"
    if target >= 10:
        return True, "success"
    assert die is not None
    return die <= target, None


@dataclass(frozen=True, kw_only=True)
class AttributeRoll(Result):
    """A d10 rolled at or under an attribute plus its modifiers."""

    attribute: str
    value: int
    modifiers: tuple[Modifier, ...]
    target: int
    die: int | None
    """None when the roll is automatic and no die was needed."""
    success: bool
    automatic: Automatic
    margin: int | None
    """How far the die was under the target (success) or over it (failure)."""


def attribute_roll(
    dice: DiceSource,
    attribute: str,
    value: int,
    modifiers: Sequence[Modifier] = (),
    *,
    always_roll: bool = False,
    title: str | None = None,
) -> AttributeRoll:
    """An attribute roll (RB ch.1 "Dice rolls", Attribute rolls).

    A d10 succeeds at or under the attribute plus its modifiers. A target of 0 or less
    fails and one of 10 or more succeeds without rolling; ``always_roll`` rolls the die
    anyway, for rules that read it (Steam's margin, KABOOM!).
    """
    mods = tuple(modifiers)
    target = value + sum(m.value for m in mods)
    automatic_roll = target <= 0 or target >= 10
    die = dice.roll(10) if always_roll or not automatic_roll else None
    success, automatic = _attribute_outcome(target, die)
    margin = None if die is None else (target - die if success else die - target)
    formula = _formula(attribute, value, mods)
    if automatic == "success":
        detail = f"{formula}: succeeds automatically (10 or more)"
        outcome = "Automatic success"
    elif automatic == "failure":
        detail = f"{formula}: fails automatically (0 or less)"
        outcome = "Automatic failure"
    else:
        detail = f"{formula}: needs {target} or less"
        outcome = "Success" if success else "Failure"
    if die is not None:
        outcome += f" (rolled {die})"
    return AttributeRoll(
        title=title or f"{attribute} roll",
        dice=() if die is None else (die,),
        detail=detail,
        outcome=outcome,
        attribute=attribute,
        value=value,
        modifiers=mods,
        target=target,
        die=die,
        success=success,
        automatic=automatic,
        margin=margin,
    )


# ------------------------------------------------------------------------------------------
# Opposed rolls
# ------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Contender:
    """One side of an opposed roll: who, what it rolls with, and its modifiers."""

    label: str
    stat: str
    value: int
    modifiers: tuple[Modifier, ...] = ()

    @property
    def total_value(self) -> int:
        return self.value + sum(m.value for m in self.modifiers)


@dataclass(frozen=True)
class ContenderRoll:
    """A contender's die and total, and whether it succeeded."""

    contender: Contender
    die: int
    total: int
    success: bool

    def text(self) -> str:
        c = self.contender
        terms = signed_terms(c.modifiers)
        return f"{c.label}: {c.stat} {c.value}{terms} + roll {self.die} = {self.total}"


@dataclass(frozen=True, kw_only=True)
class OpposedRoll(Result):
    """Each side's d10 plus its value; the active side against one or more others."""

    active: ContenderRoll
    others: tuple[ContenderRoll, ...]
    combat: bool

    @property
    def won(self) -> bool:
        """Whether the active side succeeded."""
        return self.active.success

    @property
    def winners(self) -> tuple[str, ...]:
        """The labels of every side that succeeded (both, after a tie in combat)."""
        return tuple(r.contender.label for r in (self.active, *self.others) if r.success)


def opposed_roll(
    dice: DiceSource,
    active: Contender,
    others: Contender | Sequence[Contender],
    *,
    combat: bool = False,
    title: str | None = None,
) -> OpposedRoll:
    """An opposed roll (RB ch.1 "Dice rolls", Opposed rolls; ch.2 "Combat").

    Each side rolls a d10 and adds its value and modifiers. The active side (whose action
    turn it is) wins ties, except in a combat roll (``combat``), where a tie hits both.
    Against several others the active side must beat (or tie, outside combat) every one
    of them; any other side that rolled higher than it succeeds.
    """
    rivals = (others,) if isinstance(others, Contender) else tuple(others)
    if not rivals:
        raise ValueError("an opposed roll needs at least one other side")
    active_die = dice.roll(10)
    rival_dice = [dice.roll(10) for _ in rivals]
    active_total = active_die + active.total_value
    totals = [d + r.total_value for d, r in zip(rival_dice, rivals, strict=True)]

    def beats_active(total: int) -> bool:
        return total > active_total or (combat and total == active_total)

    active_ok = all(active_total >= t for t in totals)
    rolled = tuple(
        ContenderRoll(r, d, t, beats_active(t))
        for r, d, t in zip(rivals, rival_dice, totals, strict=True)
    )
    mine = ContenderRoll(active, active_die, active_total, active_ok)
    tied = any(t == active_total for t in totals)
    if combat and tied and active_ok:
        tied_with = [r.contender.label for r in rolled if r.total == active_total]
        outcome = f"Tie in combat: both hit ({active.label} and {', '.join(tied_with)})"
    elif active_ok:
        outcome = f"{active.label} wins"
        if tied:
            outcome += " (a tie goes to the side whose action turn it is)"
    else:
        outcome = f"{active.label} loses: " + ", ".join(
            r.contender.label for r in rolled if r.success
        )
        outcome += " succeeds" if sum(r.success for r in rolled) == 1 else " succeed"
    return OpposedRoll(
        title=title or ("Combat roll" if combat else f"{active.stat} roll"),
        dice=(active_die, *rival_dice),
        detail=" vs ".join(r.text() for r in (mine, *rolled)),
        outcome=outcome,
        active=mine,
        others=rolled,
        combat=combat,
    )


# ------------------------------------------------------------------------------------------
# Weapons and armour as the helpers read them
# ------------------------------------------------------------------------------------------


@dataclass(frozen=True)
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


@dataclass(frozen=True)
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
# Shooting
# ------------------------------------------------------------------------------------------

BAND_NAMES = ("short", "medium", "long")

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
        where = f"{_inches(distance)} is " + (
            band_name(band, len(bands)) if band is not None else "out of range"
        )
        notes.append(f"{where} ({_bands_text(bands)})")
        if band is None:
            longest = _inches(bands[-1])
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
    formula = _formula("Precision", precision, mods)
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
        hit, automatic = _attribute_outcome(target, die)
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
            outcome += f": scatters {_inches(scatter)} {direction}"
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
        lines.append(_formula("Penetration", penetration, pen_parts) + floor)
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


# ------------------------------------------------------------------------------------------
# Steam
# ------------------------------------------------------------------------------------------


@dataclass(frozen=True, kw_only=True)
class SteamRoll(Result):
    """A Steam weapon's Tech roll: the gust's Strength, or the leak's on the user."""

    tech: AttributeRoll
    strength: int | None
    """The gust's Strength against everything in the line (success)."""
    leak_strength: int | None
    """The Strength of the hit the user takes (failure)."""


def steam_roll(
    dice: DiceSource,
    tech: int,
    modifiers: Sequence[Modifier] = (),
    *,
    weapon: str = "Steam weapon",
    title: str | None = None,
) -> SteamRoll:
    """RB ch.4 "Steam": no Precision roll but a Tech roll, always rolled for its margin.

    Success: every model in a straight line to the weapon's longest range is hit with
    Strength equal to the margin + 1 (Tech 6, a 4: Strength 3). Failure: a steam leak
    hits the user with Strength equal to the margin of failure (Tech 6, an 8: Strength
    2). The hits ignore armour and cover (``wound_roll`` with ``strength=``). No aiming;
    defensive fire is at -2 to the Tech roll (pass the ``defensive-fire`` modifier).
    """
    roll = attribute_roll(dice, "Tech", tech, modifiers, always_roll=True)
    assert roll.margin is not None
    gust = roll.margin + 1 if roll.success else None
    leak = None if roll.success else roll.margin
    if gust is not None:
        outcome = f"{roll.outcome}: the gust hits everything in its line at Strength {gust}"
    else:
        outcome = f"{roll.outcome}: a steam leak hits the user at Strength {leak}"
    return SteamRoll(
        title=title or f"Steam: {weapon}",
        dice=roll.dice,
        detail=roll.detail + "; Strength = margin + 1, or the margin of failure on the user",
        outcome=outcome,
        tech=roll,
        strength=gust,
        leak_strength=leak,
    )


# ------------------------------------------------------------------------------------------
# Tables: any game's, and the falling table
# ------------------------------------------------------------------------------------------


def find_table(tables: Iterable[TableSpec], table_id: str) -> TableSpec:
    """A table by id (``KeyError`` when the catalog has none)."""
    for table in tables:
        if table.id == table_id:
            return table
    raise KeyError(table_id)


def parse_dice(text: str) -> tuple[int, int, int]:
    """``2d6+1`` as ``(2, 6, 1)``: how many dice, their sides, and a number added."""
    found = re.fullmatch(r"\s*(\d*)\s*[dD]\s*(\d+)\s*(?:([+-])\s*(\d+))?\s*", text)
    if found is None:
        raise ValueError(f"{text!r} is not a dice expression like d10 or 2d6+1")
    count = int(found.group(1) or 1)
    sides = int(found.group(2))
    if count < 1 or sides < 1:
        raise ValueError(f"{text!r} rolls no dice")
    add = int(found.group(4) or 0) * (-1 if found.group(3) == "-" else 1)
    return count, sides, add


@dataclass(frozen=True, kw_only=True)
class TableResult(Result):
    """A table's row for a value: rolled (``table_roll``) or looked up (``table_lookup``)."""

    table: str
    value: int
    """The total rolled with its modifiers, or the value looked up."""
    modifiers: tuple[Modifier, ...]
    row: TableRow | None
    """None when no row holds the value."""


def table_roll(
    dice: DiceSource,
    table: TableSpec,
    modifiers: Sequence[Modifier] = (),
    *,
    title: str | None = None,
) -> TableResult:
    """Roll a table's dice (``2d6``, ``d10+1``), add the modifiers, and read its row."""
    if table.dice is None:
        raise ValueError(f"{table.name} is looked up ({table.lookup}), not rolled")
    count, sides, add = parse_dice(table.dice)
    rolled = tuple(dice.roll(sides) for _ in range(count))
    mods = tuple(modifiers)
    value = sum(rolled) + add + sum(m.value for m in mods)
    row = table.row_for(value)
    shown = " + ".join(str(d) for d in rolled)
    formula = f"{table.dice}: {shown}"
    if add:
        formula += f" {'+' if add > 0 else '-'} {abs(add)}"
    formula += signed_terms(mods)
    if len(rolled) > 1 or add or mods:
        formula += f" = {value}"
    return TableResult(
        title=title or f"{table.name} table",
        dice=rolled,
        detail=formula,
        outcome=row.result if row is not None else f"No row of the table for {value}",
        table=table.name,
        value=value,
        modifiers=mods,
        row=row,
    )


def table_lookup(
    table: TableSpec,
    value: int,
    modifiers: Sequence[Modifier] = (),
    *,
    title: str | None = None,
) -> TableResult:
    """Read a table's row for a value (a height fallen, a cover type), with no dice."""
    mods = tuple(modifiers)
    total = value + sum(m.value for m in mods)
    row = table.row_for(total)
    what = table.lookup or "Value"
    return TableResult(
        title=title or f"{table.name} table",
        dice=(),
        detail=_formula(what, value, mods),
        outcome=row.result if row is not None else f"No row of the table for {total}",
        table=table.name,
        value=total,
        modifiers=mods,
        row=row,
    )


def cover_modifier(table: TableSpec, kind: int) -> Modifier:
    """A cover of the catalog's cover table (RB ch.2 "Cover"), by its row number, as a
    modifier for ``wound_roll``: ``Modifier("Clay, bricks, rubble", 5)``."""
    row = table.row_for(kind)
    if row is None or row.value is None:
        raise ValueError(f"{table.name} has no row {kind} with a value")
    return Modifier(row.result, row.value)


@dataclass(frozen=True, kw_only=True)
class FallingRoll(Result):
    """A fall: its Strength from the falling table, and the faller's Toughness roll."""

    height: float
    row: TableRow | None
    strength: int | None
    """None when the fall does no harm."""
    roll: OpposedRoll | None
    downed: bool
    lying: bool
    """It survived and lies on the floor: its next action must be to stand up."""


def falling_roll(
    dice: DiceSource,
    table: TableSpec,
    height: float,
    *,
    toughness: int,
    toughness_modifiers: Sequence[Modifier] = (),
    faller: str = "Faller",
    faller_active: bool = True,
    title: str | None = None,
) -> FallingRoll:
    """A fall (RB ch.2 "Falling down").

    The falling table gives the fall's Strength for the height (a fractional height is
    rounded down to whole inches, as the catalog's rows are). The faller rolls its
    Toughness, without armour, opposed to that Strength. If it wins it lies on the
    floor and must spend its next action standing up; if it loses it is downed. The
    tie goes to the side whose action turn it is: the faller unless ``faller_active``
    is False.
    """
    inches = math.floor(height)
    row = table.row_for(inches)
    name = title or f"Fall of {_inches(height)}"
    if row is None or row.value is None:
        result = row.result if row is not None else f"No row of the table for {inches}"
        return FallingRoll(
            title=name,
            dice=(),
            detail=f"{table.name}: {_inches(height)}: {result}",
            outcome=result,
            height=height,
            row=row,
            strength=None,
            roll=None,
            downed=False,
            lying=False,
        )
    body = Contender(faller, "Toughness", toughness, tuple(toughness_modifiers))
    fall = Contender("The fall", "Strength", row.value)
    if faller_active:
        opposed = opposed_roll(dice, body, fall, title=name)
        survived = opposed.won
    else:
        opposed = opposed_roll(dice, fall, body, title=name)
        survived = not opposed.won
    outcome = (
        f"{faller} lies on the floor: its next action must be to stand up"
        if survived
        else f"{faller} is downed"
    )
    return FallingRoll(
        title=name,
        dice=opposed.dice,
        detail=f"{table.name}: {_inches(height)}: {row.result}; {opposed.detail} "
        "(Toughness without armour)",
        outcome=outcome,
        height=height,
        row=row,
        strength=row.value,
        roll=opposed,
        downed=not survived,
        lying=survived,
    )
