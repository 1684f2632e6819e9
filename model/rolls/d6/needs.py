"""What every Steam Wars D6 roll shares: the number needed after modifiers, and dice rolled at once.

Every roll of 004 needs a number or more on a D6, a natural 1 always failing, and rolls its
dice at once, the failures again where a rule allows: apart so that the to-hit, wound,
save and single-die rolls read and say their dice the same way.
"""

from __future__ import annotations

from collections.abc import Sequence

from model.rolls.dice import DiceSource, Modifier, signed_terms

D6 = 6

# ------------------------------------------------------------------------------------------
# Shared pieces
# ------------------------------------------------------------------------------------------


def needs(base: int, modifiers: Sequence[Modifier]) -> int:
    """The die needed: a +1 to the roll makes a 4+ into a 3+, never below 2+ (a natural 1
    always fails)."""
    return max(base - sum(m.value for m in modifiers), 2)


def needs_text(name: str, base: int, modifiers: Sequence[Modifier], needed: int) -> str:
    """``To hit 4+ + Aimed 1 - Soft cover 1: needs 4+``."""
    text = f"{name} {base}+{signed_terms(modifiers)}: "
    if needed > D6:
        return text + f"needs {needed}+, which a D6 cannot roll"
    return text + f"needs {needed}+" + (" (a natural 1 always fails)" if needed == 2 else "")


def successes(die: int, needed: int) -> bool:
    return die != 1 and die >= needed


def roll_at(
    dice: DiceSource, count: int, needed: int, reroll: str | None
) -> tuple[tuple[int, ...], tuple[int, ...], int]:
    """``count`` dice at once against ``needed``, the failed ones rolled again when a rule
    (``reroll``, its name) allows: the first dice, the rerolled dice, the successes."""
    first = tuple(dice.roll(D6) for _ in range(count))
    ok = sum(successes(d, needed) for d in first)
    again: tuple[int, ...] = ()
    if reroll is not None:
        again = tuple(dice.roll(D6) for d in first if not successes(d, needed))
        ok += sum(successes(d, needed) for d in again)
    return first, again, ok


def dice_text(first: Sequence[int], again: Sequence[int], reroll: str | None) -> str:
    text = "rolled " + ", ".join(str(d) for d in first)
    if reroll is not None:
        shown = ", ".join(str(d) for d in again) if again else "nothing to reroll"
        text += f"; {reroll} rerolls the failures: {shown}"
    return text


def plural(count: int, word: str) -> str:
    return f"{count} {word}" + ("" if count == 1 else "s")
