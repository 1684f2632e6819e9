"""Punkapocalyptic's opposed roll: each side's d10 plus its value, the active side winning ties.

Apart because the wound roll and the falling roll are opposed rolls: they build
``Contender``s and keep the ``OpposedRoll`` they made.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from model.core.value import frozen_value
from model.rolls.dice import DiceSource, Modifier, Result, signed_terms

# ------------------------------------------------------------------------------------------
# Opposed rolls
# ------------------------------------------------------------------------------------------


@frozen_value(slots=False)
class Contender:
    """One side of an opposed roll: who, what it rolls with, and its modifiers."""

    label: str
    stat: str
    value: int
    modifiers: tuple[Modifier, ...] = ()

    @property
    def total_value(self) -> int:
        return self.value + sum(m.value for m in self.modifiers)


@frozen_value(slots=False)
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
