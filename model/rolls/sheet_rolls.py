"""Rolling a catalog's tests and tables and applying them to a model.

Three of the rule documents are quick-reference sheets whose mechanics are tables and
tests: the colonial sheet's SUSTAIN roll and vehicle hit tables, Reikhammer's action and
rally tests, Steampocalypse 1909's dice pools. Their numbers are catalog data
(``[[tracker.tests]]``, ``[[tracker.tables]]``, ``[[tracker.modifiers]]``); this module
only reads them: it rolls, says every number it used, and returns a result whose
``event()`` is a ``Roll`` applied to the model, so the tracker changes the model's
counters as it reads the log (``BattleState._on_roll``) and undo takes both back.

* ``roll_test``: dice against a number (one die or a pool counting hits), with the
  modifiers the catalog offers for it; the ones the model's own counters or tags call for
  are found by ``auto_modifiers``;
* ``roll_table``: a table's row for a roll (rolled here or read from the table);
* ``follow``: the rolls a result leads to ("roll on Penetrating Hit", "make an extra
  SUSTAIN roll now", a failed morale test's failure table), each on the state the one
  before left;
* ``attack_roll`` then ``defence_roll``: an attack pool, then the defence dice the
  defender chooses after seeing its HITs (Steampocalypse 1909: HITs left after the
  defence are hit points lost); ``combat_roll`` rolls both at once;
* ``strategy_roll``: D6 + each army's strategy rating, ties to the previous loser
  (Reikhammer).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from model.battle.events import Act, Activate, Event, Roll, RollOff
from model.battle.forces import SIDE_LETTERS
from model.battle.refused import Refused
from model.battle.state import BattleState
from model.catalog.tracker_counters import RowEffect
from model.catalog.tracker_rolls import ModifierSpec, TableRow, TableSpec, TestSpec
from model.rolls.dice import DiceSource, Modifier, Result, signed_terms
from model.rolls.tables import parse_dice

MAX_FOLLOW = 8
"""The longest chain of rolls one result may lead to (tables that send to each other)."""


@dataclass(frozen=True, kw_only=True)
class AppliedRoll(Result):
    """A test or table roll for one model, and what applying it does."""

    target: str
    table: str | None = None
    row: int | None = None
    """The number read on the table."""
    row_spec: TableRow | None = None
    test: str | None = None
    passed: bool | None = None
    successes: int = 0
    """Dice that succeeded (hits of a pool, dice under the target)."""
    values: tuple[int, ...] = ()
    """The numbers its effects use, in order (dice they roll, dice spent)."""
    wounds: int | None = None

    def event(self) -> Roll:
        """The ``Roll`` event that logs this roll and applies it to the model."""
        return Roll(
            kind="roll",
            title=self.title,
            dice=self.dice,
            detail=self.detail,
            outcome=self.outcome,
            target=self.target,
            table=self.table,
            row=self.row,
            test=self.test,
            passed=self.passed,
            values=self.values,
            wounds=self.wounds,
        )


# --- modifiers ------------------------------------------------------------------------------


def offered(state: BattleState, kind: str | None) -> tuple[ModifierSpec, ...]:
    """The catalog's modifiers for a kind of roll (a test's ``modifiers``)."""
    if kind is None:
        return ()
    return tuple(m for m in state.tracker.modifiers if m.roll == kind)


def auto_modifier(
    state: BattleState, spec: ModifierSpec, model_id: str, declared: frozenset[str] = frozenset()
) -> Modifier | None:
    """The modifier as the model's state calls for it, or None when it does not: its
    counters set (``per``: once per ``per`` points of their total), one of its tags,
    (id ``retain``) the unit acting after its side retained the initiative, or a modifier
    named like an action its unit declared in this activation (``declared``: Reikhammer's
    Sustained Fire, +1 to hit, after the Sustained Fire action)."""
    model = state.model(model_id)
    if spec.id in declared:
        return Modifier(spec.name, spec.value)
    if spec.counters:
        total = sum(
            state.counter(state.effect_target(RowEffect(counter=c), model), c)
            for c in spec.counters
        )
        times = (total // spec.per) if spec.per else (1 if total else 0)
        return Modifier(spec.name, spec.value * times) if times else None
    if spec.tags:
        return Modifier(spec.name, spec.value) if spec.tags & model.tags else None
    if spec.id == "retain" and state.retained == model.actor:
        return Modifier(spec.name, spec.value)
    return None


def auto_modifiers(
    state: BattleState, kind: str | None, model_id: str, declared: frozenset[str] = frozenset()
) -> tuple[Modifier, ...]:
    """The modifiers of a kind that apply by themselves to this model now."""
    found = (auto_modifier(state, spec, model_id, declared) for spec in offered(state, kind))
    return tuple(m for m in found if m is not None)


def declared_actions(state: BattleState, events: Sequence[Event], model_id: str) -> frozenset[str]:
    """The actions the model's unit took in its activation under way (none when it is
    not active): the events since it activated, read back from the end of the log."""
    actor = state.model(model_id).actor
    if state.active != actor:
        return frozenset()
    found: set[str] = set()
    for event in reversed(events):
        if isinstance(event, Activate) and event.actor == actor:
            break
        if isinstance(event, Act) and state.model(event.model).actor == actor:
            found.add(event.action)
    return frozenset(found)


# --- tests ----------------------------------------------------------------------------------


def _effect_dice(effects: Sequence[RowEffect], dice: DiceSource) -> list[int]:
    """Roll the dice the effects roll (``1d6`` off SUSTAIN), in order."""
    values = []
    for effect in effects:
        if isinstance(effect.value, str) and effect.value != "given":
            count, sides, _ = parse_dice(effect.value)
            values.append(sum(dice.roll(sides) for _ in range(count)))
    return values


def _with_given(effects: Sequence[RowEffect], rolled: list[int], given: Sequence[int]) -> list[int]:
    """The effects' numbers in order: rolled dice, and the given ones where asked."""
    rolled_iter, given_iter = iter(rolled), iter(given)
    out = []
    for effect in effects:
        if effect.value == "given":
            value = next(given_iter, None)
            if value is None:
                raise Refused(f"the result needs a number for {effect.counter}")
            out.append(value)
        elif isinstance(effect.value, str):
            out.append(next(rolled_iter))
    return out


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
    values = _with_given(effects, _effect_dice(effects, dice), given)
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


# --- tables ---------------------------------------------------------------------------------


def roll_table(
    state: BattleState,
    table: TableSpec,
    model_id: str,
    dice: DiceSource,
    *,
    roll: int | None = None,
    title: str | None = None,
) -> AppliedRoll:
    """A table's row for a model: ``roll`` when the player rolled it, else rolled here;
    the dice its effects roll are rolled here too."""
    state.check_takes(table, state.model(model_id))
    if table.dice is None:
        raise Refused(f"{table.name} is looked up, not rolled")
    count, sides, add = parse_dice(table.dice)
    if roll is None:
        rolled = tuple(dice.roll(sides) for _ in range(count))
        value = sum(rolled) + add
    else:
        if not count + add <= roll <= count * sides + add:
            raise Refused(f"{roll} cannot be rolled on {table.dice}")
        rolled, value = (), roll
    row = table.row_for(value)
    if row is None:
        raise Refused(f"{table.name} has no row for {value}")
    values = _effect_dice(row.effects, dice)
    name = table.name + (f" ({table.column})" if table.column else "")
    outcome = row.result
    if values:
        outcome += f" (rolled {', '.join(str(v) for v in values)})"
    return AppliedRoll(
        title=title or f"{name}: {state.model(model_id).label}",
        dice=rolled,
        detail=f"{table.dice}: {value}",
        outcome=outcome,
        target=model_id,
        table=table.id,
        row=value,
        row_spec=row,
        values=tuple(values),
    )


def follow(state: BattleState, first: AppliedRoll, dice: DiceSource) -> tuple[AppliedRoll, ...]:
    """The rolls ``first`` leads to, in order, each rolled on the state the one before
    left: a row's ``then`` table and ``test``, a test's pass or fail table. Stops when the
    model is out of the fight (an exploded vehicle rolls no more)."""
    out: list[AppliedRoll] = []
    current, state = first, state.then(first.event())
    for _ in range(MAX_FOLLOW):
        model_id = current.target
        if state.is_out(model_id):
            break
        nexts: list[AppliedRoll] = []
        if current.row_spec is not None:
            row = current.row_spec
            table = state.tracker.table(row.then) if row.then else None
            if table is not None:
                nexts.append(roll_table(state, table, model_id, dice))
            test = state.tracker.test(row.test) if row.test else None
            if test is not None:
                nexts.append(roll_test(state, test, model_id, dice))
        elif current.test is not None:
            spec = state.tracker.test(current.test)
            table_id = (
                None if spec is None else spec.pass_table if current.passed else spec.fail_table
            )
            table = state.tracker.table(table_id) if table_id else None
            if table is not None:
                nexts.append(roll_table(state, table, model_id, dice))
        if not nexts:
            break
        for result in nexts:
            out.append(result)
            state = state.then(result.event())
        current = nexts[-1]
    return tuple(out)


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
    values = _with_given(
        effects, _effect_dice(effects, dice), [defence_dice] * _given_count(defence)
    )
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
    values = _with_given(effects, _effect_dice(effects, dice), given)
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


# --- Reikhammer strategy ---------------------------------------------------------------------


@dataclass(frozen=True, kw_only=True)
class StrategyRoll(Result):
    """Each army's D6 + strategy rating; the higher chooses who goes first."""

    totals: tuple[int, ...]
    winner: int
    first: int

    def roll_off(self) -> RollOff:
        """The ``RollOff`` event: the winner's choice of who acts first this round."""
        return RollOff(kind="roll-off", first=self.first, winner=self.winner, rolls=self.dice[-2:])


def strategy_roll(
    state: BattleState, dice: DiceSource, *, go_second: bool = False, max_rounds: int = 50
) -> StrategyRoll:
    """003 Strategy Phase: D6 + the army's strategy rating (the roster setting the
    catalog's ``turns.initiative.setting`` names; 0 when a list has none); the higher
    total decides to go first or second; a tie goes to the loser of the last roll-off
    where the catalog says so, and is rolled again when there was none (the first
    round)."""
    sides = state.setup.sides
    spec = state.tracker.turns.initiative
    setting = spec.setting if spec is not None else None
    ratings = [side.roster.settings.get(setting, 0) if setting else 0 for side in sides]
    texts, all_dice = [], []
    for _ in range(max_rounds):
        rolled = [dice.roll(6) for _ in sides]
        all_dice.extend(rolled)
        totals = tuple(d + r for d, r in zip(rolled, ratings, strict=True))
        texts.append(
            ", ".join(
                f"{SIDE_LETTERS[n]} {d} + strategy {r} = {t}"
                for n, (d, r, t) in enumerate(zip(rolled, ratings, totals, strict=True))
            )
        )
        if totals[0] != totals[1]:
            winner, why = (0 if totals[0] > totals[1] else 1), ""
            break
        if state.last_winner is not None and spec is not None and spec.ties == "previous-loser":
            winner, why = 1 - state.last_winner, ": a tie goes to the previous loser"
            break
        texts[-1] += ": a tie, roll again"
    else:
        raise Refused(f"{max_rounds} tied rounds: roll by hand")
    first = 1 - winner if go_second else winner
    choice = "goes second" if go_second else "goes first"
    return StrategyRoll(
        title="Strategy roll",
        dice=tuple(all_dice),
        detail="; ".join(texts) + why,
        outcome=f"side {SIDE_LETTERS[winner]} ({sides[winner].player}) wins and {choice}",
        totals=totals,
        winner=winner,
        first=first,
    )
