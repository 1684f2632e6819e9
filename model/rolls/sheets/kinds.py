"""The catalog's own kinds of roll for the dice helper: tests, applied tables, strategy.

A catalog whose tracker lists ``tests`` (the colonial sheet's SUSTAIN roll, Reikhammer's
action test, Steampocalypse 1909's pools), tables that change a model's counters, or an
initiative roll that adds a roster setting (Reikhammer's strategy roll) gets these
rolls in the dice helper, in any game (they are catalog data, not a game's code). The
rules are ``model.rolls.sheets``'; this module turns what the player chose in the dialog
into their calls and into the events to log: the roll, and every roll its result leads
to ("roll on the Crack column"), each its own event, so the tracker applies each to the
model and undo takes them back one by one; and it hands a test's successes on to the
defence or the saves they lead to (``follow_on``). A game with tests has no coded rolls
besides (``SHEETS``, the family of ``model.rolls.family``).

Nothing here knows widgets: ``tui.dialogs.dice`` reads its fields into a ``SheetForm``.
It is apart from the rules (``model.rolls.sheets``' other modules) because it is the
form's side of them.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from model.battle.refused import Refused
from model.battle.setup import matches_model
from model.core.value import frozen_value
from model.rolls.dice import DiceSource, Modifier, Result
from model.rolls.family import RollFamily
from model.rolls.follow_on import FieldValue, FollowOn
from model.rolls.sheets.applied import AppliedRoll
from model.rolls.sheets.attack_sequence import attack_roll, defence_roll
from model.rolls.sheets.catalog_tests import roll_test
from model.rolls.sheets.modifiers import auto_modifier, offered
from model.rolls.sheets.strategy import strategy_roll
from model.rolls.sheets.tables import follow, roll_table

if TYPE_CHECKING:
    from model.battle.events import Act, Event
    from model.battle.state import BattleState
    from model.catalog.tracker import Tracker
    from model.catalog.tracker_rolls import TableSpec, TestSpec
    from model.rolls.forms import Form, SheetForm
    from model.rolls.game import Game

TEST = "test:"
"""The kind of roll of a catalog test: ``test:<id>``."""
APPLY = "apply:"
"""The kind of roll of a catalog table whose rows change the model: ``apply:<id>``."""
STRATEGY = "strategy"
"""The initiative roll that adds each army's rating (Reikhammer's strategy roll)."""

OTHER = "Other"
"""The name of the player's free modifier in the log (as in ``model.rolls.game``)."""


@frozen_value(slots=False)
class SheetKind:
    """A kind of roll to offer: its id, its name, the dialog fields it asks for (by
    ``tui.dialogs.dice`` field name) and labels that read differently for it."""

    id: str
    name: str
    fields: str
    labels: tuple[tuple[str, str], ...] = ()


def applied_tables(tracker: Tracker) -> tuple[TableSpec, ...]:
    """The tables rolled for a model and applied to it (their rows change counters or
    lead to other rolls); the others stay plain tables of the dice helper."""
    return tuple(t for t in tracker.tables if t.applies and t.dice is not None)


def defence_tests(tracker: Tracker) -> frozenset[str]:
    """Tests another test is defended by: rolled with that attack, not on their own."""
    return frozenset(t.defended_by for t in tracker.tests if t.defended_by)


def sheet_kinds(tracker: Tracker, phase: str | None = None) -> tuple[SheetKind, ...]:
    """One kind per test (an attack, then its defence), per applied table (by name and
    column) and the strategy roll when the initiative adds a roster setting. In a
    ``phase`` (its id) the tests of other phases are left out, and so is the strategy
    roll when the catalog rolls it in another phase."""
    kinds: list[SheetKind] = []
    defending = defence_tests(tracker)
    for test in tracker.tests:
        if phase is not None and test.phases and phase not in test.phases:
            continue
        if test.defended_by is not None:
            # 000 Attack Sequence: the attack is rolled first; the defender sees the HITs
            # and then chooses its defence dice (the defence kind, filled from this roll)
            kinds.append(
                SheetKind(
                    TEST + test.id,
                    test.name,
                    "roller target modifiers other",
                    (("roller", "Attacker"), ("target", "Defender")),
                )
            )
            continue
        if test.id in defending:
            kinds.append(
                SheetKind(
                    TEST + test.id,
                    test.name,
                    "roller value count modifiers other",
                    (
                        ("roller", "Defender"),
                        ("value", "Attack HITs"),
                        ("count", "Defence dice"),
                    ),
                )
            )
            continue
        fields = ["roller", "modifiers", "other"]
        labels = [("roller", "Model tested")]
        if test.applies_to == "target":
            fields.append("target")
            labels = [("roller", "Model rolling"), ("target", "Target (takes it)")]
        elif test.leads_to:
            fields.append("target")
            labels.append(("target", "Target"))
        if test.count == "asked":
            fields.append("count")
        if test.target is None and test.hit is None:
            fields.append("needed")
        kinds.append(SheetKind(TEST + test.id, test.name, " ".join(fields), tuple(labels)))
    for table in applied_tables(tracker):
        name = table.name if table.name.lower().endswith("table") else f"{table.name} table"
        name += f" ({table.column})" if table.column else ""
        kinds.append(SheetKind(APPLY + table.id, name, "roller read", (("roller", "Model"),)))
    initiative = tracker.turns.initiative
    if (
        initiative is not None
        and initiative.setting is not None
        and (phase is None or initiative.phase in (None, phase))
    ):
        kinds.append(SheetKind(STRATEGY, "Strategy roll", "go_second"))
    return tuple(kinds)


def is_sheet(kind: str) -> bool:
    """Whether a kind of roll of the dice helper is one of these."""
    return kind == STRATEGY or kind.startswith((TEST, APPLY))


def kind_test(tracker: Tracker, kind: str) -> TestSpec | None:
    """The test a kind of roll rolls, None for any other kind."""
    return tracker.test(kind.removeprefix(TEST)) if kind.startswith(TEST) else None


@frozen_value(slots=False)
class Choice:
    """A modifier the dialog offers: its line, its id, and whether it starts ticked."""

    label: str
    id: str
    ticked: bool


def modifier_choices(
    state: BattleState,
    test: TestSpec | None,
    model_id: str | None,
    declared: frozenset[str] = frozenset(),
) -> tuple[Choice, ...]:
    """The modifiers of a test's kind, each with the value the model's state gives it
    (-2 for 2 points lost at -1 per point) and ticked when its state (or an action its
    unit ``declared`` in this activation) calls for it."""
    if test is None:
        return ()
    found = []
    for spec in offered(state, test.modifiers):
        auto = None if model_id is None else auto_modifier(state, spec, model_id, declared)
        value = spec.value if auto is None else auto.value
        found.append(Choice(f"{spec.name} {value:+d}", spec.id, auto is not None))
    return tuple(found)


def chosen_modifiers(
    state: BattleState, test: TestSpec | None, ids: Sequence[str], model_id: str
) -> tuple[Modifier, ...]:
    """The modifiers ticked, in the catalog's order, at the value the model's state
    gives them (the catalog's value when its state does not call for one)."""
    if test is None:
        return ()
    out = []
    for spec in offered(state, test.modifiers):
        if spec.id in ids:
            auto = auto_modifier(state, spec, model_id)
            out.append(auto if auto is not None else Modifier.of(spec))
    return tuple(out)


@frozen_value(slots=False)
class SheetRolls:
    """A roll and the rolls its result led to, in order, with the events that log and
    apply them."""

    results: tuple[Result, ...]
    events: tuple[Event, ...]


def _other(value: int) -> tuple[Modifier, ...]:
    return (Modifier(OTHER, value),) if value else ()


def _needed(value: str | None, what: str) -> str:
    if value is None:
        raise Refused(f"choose the {what}")
    return value


def sheet_roll(state: BattleState, form: SheetForm, dice: DiceSource) -> SheetRolls:
    """Roll what the form describes on the battle as it is, and every roll its result
    leads to; ``Refused`` (nothing to log) for what the rules do not allow."""
    tracker = state.tracker
    if form.kind == STRATEGY:
        strategy = strategy_roll(state, dice, go_second=form.go_second)
        events: tuple[Event, ...] = (strategy.event(), strategy.roll_off())
        after = state
        for event in events:
            after = after.then(event)  # the order may already be rolled this turn
        return SheetRolls((strategy,), events)
    test = kind_test(tracker, form.kind)
    if form.kind.startswith(TEST):
        if test is None:
            raise Refused(f"the catalog has no test {form.kind.removeprefix(TEST)}")
        model = _needed(form.model, "model tested")
        mods = (*chosen_modifiers(state, test, form.modifiers, model), *_other(form.other))
        if test.defended_by is not None:
            attack = attack_roll(
                state, test, model, _needed(form.defender, "defender"), dice, modifiers=mods
            )
            # nothing is applied until the defence: logged as a plain roll
            return SheetRolls((attack,), (Result.event(attack),))
        if test.id in defence_tests(tracker):
            if form.hits is None:
                raise Refused("give the attack's HITs (roll the attack first)")
            if form.count is None:
                raise Refused("give the defence dice the defender spends (0 for none)")
            first = defence_roll(
                state, test, model, dice, hits=form.hits, defence_dice=form.count, modifiers=mods
            )
        else:
            applied_to, title = None, None
            if test.applies_to == "target":
                applied_to = _needed(form.target, "target")
            elif test.leads_to and form.target is not None:  # the hits are on the target
                title = f"{test.name}: {state.model(model).label} at "
                title += state.model(form.target).label
            # the player's numbers only where the test asks for them (a field left filled
            # in for another test is hidden, not cleared)
            first = roll_test(
                state,
                test,
                model,
                dice,
                count=form.count if test.count == "asked" else None,
                target=form.needed if test.target is None and test.hit is None else None,
                modifiers=mods,
                applied_to=applied_to,
                title=title,
            )
    elif form.kind.startswith(APPLY):
        table = tracker.table(form.kind.removeprefix(APPLY))
        if table is None:
            raise Refused(f"the catalog has no table {form.kind.removeprefix(APPLY)}")
        model = _needed(form.model, "model")
        first = roll_table(state, table, model, dice, roll=form.read)
    else:
        raise Refused(f"{form.kind} is not a roll of the catalog's sheet")
    chain = (first, *follow(state, first, dice))
    return SheetRolls(chain, tuple(r.event() for r in chain))


def _plural(count: int, word: str) -> str:
    return f"{count} {word}{'' if count == 1 else 's'}"


def follow_on(game: Game, form: Form, result: Result) -> FollowOn | None:
    """The roll that follows a catalog test, filled with its numbers and models: an
    attack's HITs to the defender's defence (Steampocalypse 1909); a test's successes to
    the save the target takes for each (the colonial sheet, Reikhammer). None when
    nothing follows."""
    state = game.state
    if not isinstance(result, AppliedRoll):
        return None
    test = kind_test(state.tracker, form.kind)
    if test is None:
        return None
    if test.defended_by is not None and form.target is not None:
        fields: list[tuple[str, FieldValue]] = [
            ("roller", form.target),
            ("value", str(result.successes)),
        ]
        what = f"{result.successes} HIT{'' if result.successes == 1 else 's'}"
        return FollowOn(TEST + test.defended_by, tuple(fields), what, result.title)
    if test.leads_to and form.target is not None and result.successes > 0:
        target = state.model(form.target)
        # the first of the tests a hit leads to that this target takes (a vehicle's
        # armour save, a Notable Person's saving throw): one for each hit
        for led in test.leads_to:
            spec = state.tracker.test(led)
            if spec is not None and (spec.units is None or matches_model(spec.units, target)):
                hits = _plural(result.successes, "hit")
                return FollowOn(
                    TEST + led,
                    (("roller", target.id),),
                    f"{hits}, one each",
                    result.title,
                    repeat=result.successes,
                )
    return None


def acted(game: Game, acts: Sequence[Act]) -> FollowOn | None:
    """An action named like one of the catalog's tests is rolled as that test by the
    model that took it (the colonial sheet's Melee, Steampocalypse's Close combat
    attack); None for any other action."""
    act = acts[-1]
    test = next((t for t in game.state.tracker.tests if t.id == act.action), None)
    if test is None:
        return None
    return FollowOn(
        f"{TEST}{test.id}",
        (("roller", act.model),),
        game.who(act.model),
        f"{game.who(act.model)}: {test.name}",
        origin="the action just recorded",
    )


SHEETS = RollFamily(
    name="the catalog's tests",
    declared=lambda tracker: bool(tracker.tests),
    kinds=lambda tracker, stats: (),
    rolls={},
    acted=acted,
)
"""A game with tests of its own (a sheet game) rolls those (``sheet_kinds``, offered in
every game), and no coded rolls besides."""
