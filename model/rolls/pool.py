"""A roller for any game: ``NdX`` with a modifier, a target to meet (``4+``) counting
successes, re-rolls of the failures or of the ones, and every number it used shown.

A game warband has no rules for (one with BattleScribe data) still rolls dice the same
few ways: a number of dice of some size, each needing a score, some re-rolled. ``Pool``
says how; ``roll_pool`` rolls it with a battle's seeded dice (``model.rolls.dice``), and
its ``PoolResult`` is the ``Roll`` for the log, whose detail lists each die as rolled,
each re-roll and each modified value, so a player can check the count by hand.

A pool can be read from a weapon's characteristics (``pool_from_profile``): the dice from
its attacks (``A 2``, ``Attacks 3``, ``Attack 2D6``, or a roll for how many: ``A D6``),
the target from its to-hit skill (``BS 3+``, ``WS 4+``).
Apart from the game families (``model.rolls.d6`` ...), which know one game's rules: this
knows only dice.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import TYPE_CHECKING, Literal

from model.battle.events import Roll
from model.core.value import frozen_value

if TYPE_CHECKING:
    from model.rolls.dice import DiceSource

MAX_DICE = 200
"""The most dice one roll takes (a horde's shooting is rarely over a hundred)."""
MAX_SIDES = 1000
MAX_MODIFIER = 1000

Reroll = Literal["none", "failures", "ones"]

_POOL_RE = re.compile(
    r"^\s*(?P<n>\d{1,4})?\s*[dD]\s*(?P<x>\d{1,4})\s*(?P<mod>[+-]\s*\d{1,4})?"
    r"(?:\s+(?P<target>\d{1,4})\s*\+)?"
    r"(?:\s+(?:re-?roll|rr)\s+(?P<reroll>failures|fails|ones|1s))?\s*$"
)

ATTACK_NAMES = ("a", "attacks", "attack", "shots", "sh", "dice")
"""Characteristics that give a weapon's number of dice, compared without case."""
SKILL_NAMES = ("bs", "ws", "skill", "to hit", "hit", "shoot", "fight", "sk")
"""Characteristics that give a weapon's (or its bearer's) score to hit, like ``3+``."""


class PoolError(ValueError):
    """A pool that cannot be rolled, with what to write instead."""


@frozen_value(slots=False)
class Pool:
    """``count`` dice of ``sides`` sides, ``modifier`` added to each die, needing
    ``target`` or more each (None: their total is the result), the failures or the ones
    rolled again once."""

    count: int
    sides: int
    modifier: int = 0
    target: int | None = None
    reroll: Reroll = "none"
    count_dice: tuple[int, int] | None = None
    """When the number of dice is itself rolled (``Attack 2D6``): how many dice of what
    size give it; ``count`` is then unused."""

    def __post_init__(self) -> None:
        if not 1 <= self.sides <= MAX_SIDES:
            raise PoolError(f"a die has 1 to {MAX_SIDES} sides, not {self.sides}")
        if not 0 <= self.count <= MAX_DICE:
            raise PoolError(f"a roll takes 0 to {MAX_DICE} dice, not {self.count}")
        if abs(self.modifier) > MAX_MODIFIER:
            raise PoolError(f"a modifier is at most {MAX_MODIFIER} either way")
        if self.target is not None and not 1 <= self.target <= MAX_SIDES + MAX_MODIFIER:
            raise PoolError(f"a target of {self.target}+ cannot be met")
        if self.count_dice is not None:
            n, x = self.count_dice
            if not (1 <= n <= 20 and 1 <= x <= 100 and n * x <= MAX_DICE):
                raise PoolError(f"{n}D{x} dice is more than a roll takes ({MAX_DICE})")

    @property
    def text(self) -> str:
        """``3d6+1 4+ reroll ones``: the pool as ``parse_pool`` reads it."""
        count = f"({self.count_dice[0]}d{self.count_dice[1]})" if self.count_dice else ""
        out = f"{count or self.count}d{self.sides}"
        if self.modifier:
            out += f"{self.modifier:+d}"
        if self.target is not None:
            out += f" {self.target}+"
        if self.reroll != "none":
            out += f" reroll {self.reroll}"
        return out


def parse_pool(text: str) -> Pool:
    """A pool from ``NdX[+M] [T+] [reroll failures|ones]`` (``3d6 4+``, ``d20+5``,
    ``10d6 3+ reroll ones``); ``PoolError`` saying what is accepted otherwise."""
    found = _POOL_RE.fullmatch(text)
    if found is None:
        raise PoolError(
            f"'{text.strip()[:40]}' is not a roll: write NdX, with a modifier, a target "
            "and a re-roll if wanted (3d6, d20+5, 4d6 4+, 10d6 3+ reroll ones)"
        )
    mod = found.group("mod")
    target = found.group("target")
    reroll = found.group("reroll")
    return Pool(
        count=int(found.group("n") or 1),
        sides=int(found.group("x")),
        modifier=int(mod.replace(" ", "")) if mod else 0,
        target=int(target) if target else None,
        reroll="none" if reroll is None else ("ones" if reroll in ("ones", "1s") else "failures"),
    )


@frozen_value(slots=False)
class PoolResult:
    """A pool as rolled: each die's first value, what replaced the re-rolled ones, the
    values counted (modifier added), and the successes or the total."""

    pool: Pool
    title: str
    count_rolls: tuple[int, ...]
    """The dice that gave the number of dice (``Attack 2D6``), if any."""
    first: tuple[int, ...]
    rerolled: tuple[tuple[int, int, int], ...]
    """Each re-roll: the die's place (from 0), its first value and its new one."""
    final: tuple[int, ...]
    """Each die as counted: its last value plus the modifier."""

    @property
    def successes(self) -> int | None:
        target = self.pool.target
        return None if target is None else sum(1 for v in self.final if v >= target)

    @property
    def total(self) -> int:
        return sum(self.final)

    @property
    def outcome(self) -> str:
        """``3 successes`` against a target; ``total 11`` without one."""
        if self.successes is None:
            return f"total {self.total}"
        return f"{self.successes} success{'es' if self.successes != 1 else ''}"

    @property
    def detail(self) -> str:
        """Every number used: ``2d6 4+ reroll failures: rolled 1, 5; re-rolled 1 -> 4;
        counted 4, 5; 4+ met by 2``."""
        parts = [self.pool.text]
        if self.count_rolls:
            parts.append(f"dice: {' + '.join(map(str, self.count_rolls))} = {len(self.first)}")
        parts.append("rolled " + (", ".join(map(str, self.first)) or "no dice"))
        if self.rerolled:
            parts.append(
                "re-rolled " + ", ".join(f"{old} -> {new}" for _, old, new in self.rerolled)
            )
        if self.pool.modifier:
            parts.append(f"{self.pool.modifier:+d} each: " + ", ".join(map(str, self.final)))
        if self.pool.target is not None:
            parts.append(f"{self.pool.target}+ met by {self.successes} of {len(self.final)}")
        else:
            parts.append(f"total {self.total}")
        return "; ".join(parts)

    def event(self) -> Roll:
        """The roll for the battle's log: every die rolled, in order (the dice that gave
        the number of dice, the first values, then the re-rolls), the detail and outcome."""
        dice = (*self.count_rolls, *self.first, *(new for _, _, new in self.rerolled))
        return Roll(
            kind="roll", title=self.title, dice=dice, detail=self.detail, outcome=self.outcome
        )


def roll_pool(pool: Pool, dice: DiceSource, title: str = "") -> PoolResult:
    """Roll a pool: the number of dice first when it is rolled, then each die, then each
    failure (or one) once more."""
    count_rolls: tuple[int, ...] = ()
    count = pool.count
    if pool.count_dice is not None:
        n, x = pool.count_dice
        count_rolls = tuple(dice.roll(x) for _ in range(n))
        count = sum(count_rolls)
    first = [dice.roll(pool.sides) for _ in range(count)]
    last = list(first)
    rerolled: list[tuple[int, int, int]] = []
    for place, value in enumerate(first):
        failed = pool.target is not None and value + pool.modifier < pool.target
        if (pool.reroll == "failures" and failed) or (pool.reroll == "ones" and value == 1):
            new = dice.roll(pool.sides)
            rerolled.append((place, value, new))
            last[place] = new
    return PoolResult(
        pool=pool,
        title=title or pool.text,
        count_rolls=count_rolls,
        first=tuple(first),
        rerolled=tuple(rerolled),
        final=tuple(v + pool.modifier for v in last),
    )


def pool_from_profile(
    characteristics: Mapping[str, str],
    bearer: Mapping[str, str] | None = None,
    *,
    sides: int = 6,
    rolled_count: bool = False,
) -> Pool:
    """The pool a weapon's characteristics give: its attacks as the dice (``2``: two dice
    of ``sides`` sides), its to-hit skill as the target (``3+``; from the bearer's
    profile when the weapon has none). Attacks written as dice (``2D6``) are the dice
    rolled (Gaslands' attack dice), or with ``rolled_count`` a roll for the number of
    dice (a 40k weapon's ``A D6``). ``PoolError`` when it has no attacks."""
    attacks = _find(characteristics, ATTACK_NAMES)
    if attacks is None:
        names = ", ".join(characteristics) or "none"
        raise PoolError(
            f"no number of attacks among its characteristics ({names}): roll NdX by hand"
        )
    skill = _find(characteristics, SKILL_NAMES) or (
        _find(bearer, SKILL_NAMES) if bearer is not None else None
    )
    target = None
    if skill is not None:
        found = re.fullmatch(r"\s*(\d{1,4})\s*\+\s*", skill)
        target = int(found.group(1)) if found else None
    plain = re.fullmatch(r"\s*(\d{1,4})\s*", attacks)
    if plain:
        return Pool(count=int(plain.group(1)), sides=sides, target=target)
    rolled = re.fullmatch(r"\s*(\d{0,3})\s*[dD]\s*(\d{1,4})\s*", attacks)
    if rolled is None:
        raise PoolError(f"attacks '{attacks[:20]}' is not a number or dice: roll NdX by hand")
    n, x = int(rolled.group(1) or 1), int(rolled.group(2))
    if rolled_count:
        return Pool(count=0, sides=sides, target=target, count_dice=(n, x))
    return Pool(count=n, sides=x, target=target)


def _find(values: Mapping[str, str], names: tuple[str, ...]) -> str | None:
    known = {k.strip().lower(): v for k, v in values.items()}
    return next((known[n] for n in names if n in known and known[n].strip()), None)
