"""A catalog test (``[[tracker.tests]]``) rolled for a model: dice against a number, or a pool.

Apart because a test is the sheets' basic roll: the tables follow from it, and
Steampocalypse 1909's attack and defence are tests rolled in turn.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from model.battle.refused import Refused
from model.rolls.dice import DiceSource, Modifier, signed_terms
from model.rolls.sheets.applied import AppliedRoll, effect_dice, with_given

if TYPE_CHECKING:
    from model.battle.state import BattleState
    from model.catalog.tracker_rolls import TestSpec

# --- tests ----------------------------------------------------------------------------------


def test_numbers(
    state: BattleState, test: TestSpec, model_id: str
) -> tuple[int | None, int | None]:
    """The test's number of dice and target for this model (None: the player gives it)."""
    model = state.model(model_id)
    count = None if test.count == "asked" else state.value(test.count, model)
    target = None if test.target is None else state.value(test.target, model)
    return count, target


def roll_test(
    state: BattleState,
    test: TestSpec,
    model_id: str,
    dice: DiceSource,
    *,
    count: int | None = None,
    target: int | None = None,
    modifiers: Sequence[Modifier] = (),
    given: Sequence[int] = (),
    title: str | None = None,
    applied_to: str | None = None,
) -> AppliedRoll:
    """Roll a test for a model: its dice against its number, the modifiers named, and the
    outcome's effects (their dice rolled here, ``given`` numbers where they ask one).

    ``count`` and ``target`` are the player's where the catalog leaves them out (a volley
    of ROF x firers against a Shoot number it reads itself). ``applied_to``: the model
    whose counters the outcome changes, when not the one tested (a test that
    ``applies_to`` its target: Reikhammer's shooting puts the Shock on the formation shot
    at, not on the shooters)."""
    state.check_takes(test, state.model(model_id))
    if title is None and applied_to is not None and applied_to != model_id:
        title = f"{test.name}: {state.model(model_id).label} at {state.model(applied_to).label}"
    model = state.model(model_id)
    own_count, own_target = test_numbers(state, test, model_id)
    count = own_count if count is None else count
    target = own_target if target is None else target
    mods = tuple(modifiers)
    total = sum(m.value for m in mods)
    if count is None:
        raise Refused(f"{test.name}: how many dice?")
    pool = test.hit is not None
    if pool:
        count = count + total
        if count <= 0:
            count = 0
    elif target is None:
        raise Refused(f"{test.name}: against what number?")
    if count < 0 or count > 100:
        raise Refused(f"{test.name}: {count} dice cannot be rolled")
    rolled = tuple(dice.roll(test.sides) for _ in range(count))
    if pool:
        needed = test.hit or 0
        successes = sum(1 for d in rolled if d >= needed)
        how = f"{count} d{test.sides}{signed_terms(mods)}: a hit on {needed}+"
    else:
        assert target is not None
        sign = "<=" if test.passes == "at-most" else ">="
        if test.modify == "target":
            needed, scores = target + total, rolled
            how = f"target {target}{signed_terms(mods)} = {needed}: d{test.sides} {sign} {needed}"
        else:
            needed, scores = target, tuple(d + total for d in rolled)
            how = f"d{test.sides}{signed_terms(mods)} {sign} {target}"
        successes = sum(
            1 for s in scores if (s <= needed if test.passes == "at-most" else s >= needed)
        )
        if len(rolled) == 1 and test.modify == "roll" and mods:
            how += f" (rolled {rolled[0]} = {scores[0]})"
    passed = successes >= test.successes
    effects = test.on_pass if passed else test.on_fail
    values = with_given(effects, effect_dice(effects, dice), given)
    shown = ", ".join(str(d) for d in rolled) or "no dice"
    counted = f"{successes} success{'es' if successes != 1 else ''}"
    if test.successes > 1:
        counted += f" of {test.successes} needed"
    outcome = f"{counted}: {test.pass_text if passed else test.fail_text}"
    if values and any(isinstance(e.value, str) and e.value != "given" for e in effects):
        outcome += f" (rolled {', '.join(str(v) for v in values)} for its effects)"
    return AppliedRoll(
        title=title or f"{test.name}: {model.label}",
        dice=rolled,
        detail=f"{how}; rolled {shown}",
        outcome=outcome,
        target=model_id if applied_to is None else applied_to,
        test=test.id,
        passed=passed,
        successes=successes,
        values=tuple(values),
    )
