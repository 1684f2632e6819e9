"""Steampocalypse 1909's attack sequence: an attack pool, then the defence dice against its HITs.

Apart because it is that game's own combat: two tests rolled in turn, the defender
spending dice from its pool after seeing the attack's HITs.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from model.battle.refused import Refused
from model.rolls.sheets.applied import AppliedRoll, effect_dice, with_given
from model.rolls.sheets.catalog_tests import roll_test

if TYPE_CHECKING:
    from model.battle.state import BattleState
    from model.catalog.tracker_rolls import TestSpec
    from model.rolls.dice import DiceSource, Modifier

# --- Steampocalypse 1909 combat ---------------------------------------------------------------


def combat_roll(
    state: BattleState,
    attack: TestSpec,
    attacker: str,
    defence: TestSpec,
    defender: str,
    dice: DiceSource,
    *,
    defence_dice: int,
    attack_modifiers: Sequence[Modifier] = (),
    defence_modifiers: Sequence[Modifier] = (),
) -> AppliedRoll:
    """000 Attack Sequence: the attacker rolls its pool and counts HITs, the defender
    rolls the dice it chooses from its defence pool; each defence HIT cancels an attack
    HIT and the rest are hit points lost. Applied to the defender: the dice spent leave
    its pool (the defence test's ``given`` effect) and the wounds are taken."""
    if defence_dice < 0:
        raise Refused("the defender rolls 0 dice or more")
    pool = _pool_left(state, defence, defender)
    if pool is not None and defence_dice > pool:
        raise Refused(f"{state.model(defender).label} has {pool} defence dice left")
    hits = roll_test(state, attack, attacker, dice, modifiers=attack_modifiers)
    blocks = roll_test(
        state,
        defence,
        defender,
        dice,
        count=defence_dice,
        modifiers=defence_modifiers,
        given=[defence_dice] * _given_count(defence),
    )
    lost = max(0, hits.successes - blocks.successes)
    passed = lost == 0
    effects = defence.on_pass if passed else defence.on_fail
    values = with_given(effects, effect_dice(effects, dice), [defence_dice] * _given_count(defence))
    a, d = state.model(attacker).label, state.model(defender).label
    return AppliedRoll(
        title=f"{attack.name}: {a} against {d}",
        dice=hits.dice + blocks.dice,
        detail=f"attack {hits.detail}; defence {blocks.detail}",
        outcome=(
            f"{hits.successes} HIT{'s' if hits.successes != 1 else ''}, "
            f"{blocks.successes} blocked: {d} loses {lost} HPT"
        ),
        target=defender,
        test=defence.id,
        passed=passed,
        successes=hits.successes,
        values=tuple(values),
        wounds=lost or None,
    )


def attack_roll(
    state: BattleState,
    attack: TestSpec,
    attacker: str,
    defender: str,
    dice: DiceSource,
    *,
    modifiers: Sequence[Modifier] = (),
) -> AppliedRoll:
    """000 Attack Sequence, first step: the attacker's pool and its HITs. Nothing is
    applied yet: the defender sees the HITs and then chooses its defence dice
    (``defence_roll``), so the roll is logged on its own (``event`` of the result's plain
    ``Result`` form)."""
    if attacker == defender:
        raise Refused("a model cannot attack itself: choose another defender")
    hits = roll_test(state, attack, attacker, dice, modifiers=modifiers)
    a, d = state.model(attacker).label, state.model(defender).label
    return AppliedRoll(
        title=f"{attack.name}: {a} against {d}",
        dice=hits.dice,
        detail=hits.detail,
        outcome=f"{hits.successes} HIT{'s' if hits.successes != 1 else ''} on {d}",
        target=defender,
        successes=hits.successes,
    )


def defence_roll(
    state: BattleState,
    defence: TestSpec,
    defender: str,
    dice: DiceSource,
    *,
    hits: int,
    defence_dice: int,
    modifiers: Sequence[Modifier] = (),
) -> AppliedRoll:
    """000 Attack Sequence, second step: the defender rolls the dice it chose from its
    pool against the attack's ``hits``; each defence HIT cancels one, the rest are hit
    points lost. Applied to the defender: the dice spent leave its pool and the wounds
    are taken."""
    if hits < 0:
        raise Refused("the attack's HITs are 0 or more")
    if defence_dice < 0:
        raise Refused("the defender rolls 0 dice or more")
    pool = _pool_left(state, defence, defender)
    if pool is not None and defence_dice > pool:
        raise Refused(f"{state.model(defender).label} has {pool} defence dice left")
    given = [defence_dice] * _given_count(defence)
    blocks = roll_test(
        state, defence, defender, dice, count=defence_dice, modifiers=modifiers, given=given
    )
    lost = max(0, hits - blocks.successes)
    passed = lost == 0
    effects = defence.on_pass if passed else defence.on_fail
    values = with_given(effects, effect_dice(effects, dice), given)
    d = state.model(defender).label
    return AppliedRoll(
        title=f"{defence.name}: {d} against {hits} HIT{'s' if hits != 1 else ''}",
        dice=blocks.dice,
        detail=blocks.detail,
        outcome=f"{blocks.successes} blocked of {hits}: {d} loses {lost} HPT",
        target=defender,
        test=defence.id,
        passed=passed,
        successes=blocks.successes,
        values=tuple(values),
        wounds=lost or None,
    )


def _given_count(test: TestSpec) -> int:
    return max(
        sum(1 for e in test.on_pass if e.value == "given"),
        sum(1 for e in test.on_fail if e.value == "given"),
    )


def _pool_left(state: BattleState, test: TestSpec, model_id: str) -> int | None:
    """What is left of the counter a test spends (its ``remove given`` effect), if any."""
    for effect in (*test.on_pass, *test.on_fail):
        if effect.op == "remove" and effect.value == "given":
            model = state.model(model_id)
            return state.counter(state.effect_target(effect, model), effect.counter)
    return None
