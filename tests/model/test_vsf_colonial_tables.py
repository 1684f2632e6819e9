"""Every table and every test of the colonial VSF sheet, applied by the tracker.

Each row number 1 to 10 of each table (one table per column of the sheet) is recorded as
an applied ``Roll`` on a fresh battle between the two example lists
(``tests/fixtures/rosters/vsf-colonial``), and the whole change it makes is asserted:
every counter that changed anywhere in the battle, the model's current stats, whether it
is out, and the table or test the row sends the player on to. Each test of the sheet is
applied passed and failed the same way. So a typo in a row's counter, amount, dice or
link fails here, row by row, against the sheet's own wording.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache

import pytest

from catalogs.library import Library
from model.battle.battle import Battle, new_battle
from model.battle.events import Roll, SetCounter
from model.battle.refused import Refused
from model.battle.setup import matches_model
from model.battle.state import BattleState
from model.catalog.tracker import Tracker
from model.catalog.tracker_counters import Value
from saves.roster_file import read_roster
from tests.conftest import FIXTURES

ROSTERS = FIXTURES / "rosters" / "vsf-colonial"

LINE_INFANTRY = "A3"  # 8 regular line infantry, A3-A10
MARINES = "A14"  # 3 power-armoured marines, A14-A16
IRONCLAD = "A17"  # SUSTAIN 7, SPIN 2, SPEED 6, ARMOR 6, START 6, SHOOT 5, Melee 2, CREW 4
WARRIORS = "B3"  # 10 irregular warriors, B3-B12
AUTOMATON = "B19"  # SUSTAIN 6, SPIN 3, SPEED 5, ARMOR 5, START 6, SHOOT 4, Melee 3
STATS = ("SUSTAIN", "SPIN", "SPEED", "ARMOR", "START", "SHOOT", "Melee", "CREW")


@cache
def fresh() -> Battle:
    """A battle between the two example lists, before any event."""
    library = Library()
    catalog = library.load("vsf-colonial")
    players = []
    for name in ("british-column", "native-host"):
        roster, _ = read_roster(ROSTERS / f"{name}.toml")
        players.append((roster.name, roster, catalog.view(roster.faction)))
    return new_battle(catalog, players, seed=1)


def tracker() -> Tracker:
    return fresh().setup.tracker


@dataclass(frozen=True)
class Row:
    """What one row does to the model it is applied to."""

    counters: dict[str, int] = field(default_factory=dict)
    """Every counter that changes, with its new value."""
    stats: dict[str, int] = field(default_factory=dict)
    """Stats that change, with their new current value."""
    out: bool = False
    then: str | None = None
    test: str | None = None
    values: tuple[int, ...] = ()
    """The dice the row rolls, as the dice helper would give them."""


NONE = Row()
SUSTAIN = Row(test="sustain")
AUTO_SUSTAIN = Row(test="automaton-sustain")

# the model each table is tried on
TARGET = {
    "morale-failure-non-vehicles": LINE_INFANTRY,
    "morale-failure-vehicles": IRONCLAD,
    "vehicle-shooting-non-penetrating": IRONCLAD,
    "vehicle-shooting-minor-damage": IRONCLAD,
    "vehicle-shooting-penetrating": IRONCLAD,
    "vehicle-shooting-catastrophic": IRONCLAD,
    "vehicle-melee-dent": IRONCLAD,
    "vehicle-melee-crack": IRONCLAD,
    "haywire": AUTOMATON,
    "automata-non-penetrating": AUTOMATON,
    "automata-penetrating": AUTOMATON,
}

EXPECTED: dict[str, dict[int, Row]] = {
    # 001 Morale Failure Results, Non-vehicles (on regular line infantry)
    "morale-failure-non-vehicles": {
        1: NONE,  # hangs tough
        2: NONE,  # regulars hang tough (irregulars: see test_irregulars_mill_around_on_a_2)
        3: Row({"no-action-next-turn": 1}),  # mill around, no action next turn
        4: NONE,  # backs 6"
        5: NONE,  # blank
        6: NONE,  # back 6" / run 12"
        7: NONE,
        8: Row({"to-flee": 1}),  # 1 figure flees
        9: Row({"to-flee": 1}),
        10: Row({"to-flee": 3}, values=(7,)),  # d10 / 2 figures flee: 7 rolled, 3 flee
    },
    # 001 Morale Failure Results, Vehicle Results
    "morale-failure-vehicles": {
        1: NONE,
        2: Row({"no-action-next-turn": 1}),  # commander confused
        3: NONE,
        4: NONE,
        5: NONE,
        6: NONE,
        7: NONE,
        8: NONE,
        9: NONE,
        10: Row({"crew-lost": 1}, {"CREW": 3}),  # 1 crew member bails out
    },
    # 001 Vehicle Shooting Hits, Non-Penetrating Hit
    "vehicle-shooting-non-penetrating": {
        1: NONE,
        2: NONE,
        3: NONE,
        4: NONE,
        5: NONE,
        6: SUSTAIN,  # Clank! extra SUSTAIN roll
        7: NONE,  # blank
        8: Row(then="vehicle-shooting-minor-damage"),  # roll d10 again
        9: NONE,  # blank
        10: Row({"penetrating-hit": 1}, then="vehicle-shooting-penetrating"),
    },
    # 001 Vehicle Shooting Hits, Non-Penetrating Hit row 8: roll d10 again
    "vehicle-shooting-minor-damage": {
        1: Row({"shoot-lost": 1}, {"SHOOT": 4}),  # weapon sights
        2: Row({"shoot-lost": 1}, {"SHOOT": 4}),
        3: Row({"speed-lost": 1}, {"SPEED": 5}),  # motive systems
        4: Row({"speed-lost": 1}, {"SPEED": 5}),
        5: Row({"armor-lost": 1}, {"ARMOR": 5}),  # armor damaged
        6: Row({"armor-lost": 1}, {"ARMOR": 5}),
        7: Row({"sustain-lost": 1}, {"SUSTAIN": 6}, test="sustain"),  # not printed: as 8-10
        8: Row({"sustain-lost": 1}, {"SUSTAIN": 6}, test="sustain"),  # minor damage
        9: Row({"sustain-lost": 1}, {"SUSTAIN": 6}, test="sustain"),
        10: Row({"sustain-lost": 1}, {"SUSTAIN": 6}, test="sustain"),
    },
    # 001 Vehicle Shooting Hits, Penetrating Hit
    "vehicle-shooting-penetrating": {
        1: SUSTAIN,
        2: Row({"sustain-lost": 2}, {"SUSTAIN": 5}, test="sustain"),
        3: NONE,  # blank
        4: Row({"shoot-lost": 2}, {"SHOOT": 3}),  # optics
        5: Row({"armor-lost": 2}, {"ARMOR": 4}),  # "-2 to SAVE" read as ARMOR
        6: Row({"steering-damaged": 1}),
        7: Row({"no-power": 4}, values=(4,)),  # 1d6 turns of no power, repairable
        8: Row({"immobilized": 1}),  # may re-START
        9: Row({"crew-lost": 1}, {"CREW": 3}),
        10: Row(then="vehicle-shooting-catastrophic"),
    },
    # 001 Vehicle Shooting Hits, Catastrophic Hit
    "vehicle-shooting-catastrophic": {
        1: Row({"sustain-lost": 5, "crew-lost": 1}, {"SUSTAIN": 2, "CREW": 3}, values=(5,)),
        2: NONE,  # blank
        3: Row({"immobilized": 1}),
        4: Row({"weapons-destroyed": 1}),
        5: Row({"armor-lost": 2}, {"ARMOR": 4}, values=(1,)),  # a 1 counts as 2
        6: Row({"exploded": 1}, out=True),
        7: NONE,  # blank
        8: Row({"immobilized-for-good": 1}),
        9: Row({"no-power-for-good": 3}, values=(3,)),
        10: Row({"abandoned": 1}, out=True),  # boiler hit
    },
    # 001 Vehicle Melee Hits, Dent
    "vehicle-melee-dent": {
        1: NONE,
        2: NONE,
        3: NONE,
        4: NONE,
        5: Row({"sustain-lost": 1}, {"SUSTAIN": 6}),
        6: Row({"speed-lost": 1}, {"SPEED": 5}),
        7: SUSTAIN,
        8: Row({"shoot-lost": 1}, {"SHOOT": 4}),
        9: Row({"armor-lost": 1}, {"ARMOR": 5}),  # "-1 to SAVE" read as ARMOR
        10: Row(then="vehicle-melee-crack"),
    },
    # 001 Vehicle Melee Hits, Crack
    "vehicle-melee-crack": {
        1: SUSTAIN,
        2: Row({"armor-lost": 2}, {"ARMOR": 4}, values=(2,)),  # -1d6 "SAVE"
        # -1d6 SHOOT: a 5 takes SHOOT 5 to 0, and a zero stat disables the vehicle
        3: Row({"shoot-lost": 5}, {"SHOOT": 0}, out=True, values=(5,)),
        4: Row({"immobilized-for-good": 1}),
        5: Row({"sustain-lost": 6}, {"SUSTAIN": 1}, values=(6,)),
        6: Row({"no-power": 2}, values=(2,)),
        7: Row({"sustain-lost": 3}, {"SUSTAIN": 4}),
        8: Row({"crew-lost": 1}, {"CREW": 3}, test="vehicle-morale"),  # test of manhood
        9: Row({"captured": 1}, out=True),
        10: NONE,  # blank
    },
    # 001 Haywire Automata
    "haywire": {
        1: Row({"no-action-next-turn": 1}),  # reset
        2: Row({"no-action-next-turn": 1}),
        3: Row({"haywire-jammed": 1}),  # jammed until repaired
        4: Row({"haywire-jammed": 1}),
        5: Row({"haywire-again": 1}),  # random move, roll again
        6: Row({"haywire-again": 1}),
        7: Row({"haywire-again": 1}),  # straight ahead, roll again
        8: Row({"haywire-again": 1}),  # attack nearest, roll again
        9: Row({"haywire-again": 1}),
        10: Row({"enemy-controlled": 1}),
    },
    # 001 Automata Hits, Non-Penetrating Hit
    "automata-non-penetrating": {
        1: NONE,
        2: NONE,
        3: NONE,
        4: NONE,
        5: NONE,
        6: AUTO_SUSTAIN,
        7: Row({"armor-lost": 1}, {"ARMOR": 4}, test="automaton-sustain"),
        8: Row({"sustain-lost": 1}, {"SUSTAIN": 5}, test="automaton-sustain"),
        9: Row(then="haywire"),
        10: Row(then="automata-penetrating"),
    },
    # 001 Automata Hits, Penetrating Hit
    "automata-penetrating": {
        1: AUTO_SUSTAIN,
        2: Row({"sustain-lost": 2}, {"SUSTAIN": 4}, then="haywire"),
        3: NONE,  # blank
        4: Row({"shoot-lost": 2}, {"SHOOT": 2}),  # weapon damaged: SHOOT by default
        5: Row({"armor-lost": 2}, {"ARMOR": 3}, then="haywire"),
        6: Row({"navigation-damaged": 1}),
        7: Row({"no-power": 5}, values=(5,)),
        8: Row({"immobilized": 1}),  # may be repaired
        9: Row({"sustain-lost": 2}, {"SUSTAIN": 4}, then="haywire"),
        10: Row({"exploded": 1}, out=True),
    },
}


def counters_of(state: BattleState) -> dict[tuple[str, str], int]:
    return {(t, c): v for t, found in state.counters.items() for c, v in found.items()}


def where(state: BattleState, model: str, counter: str) -> str:
    """The target a counter of this model lives on: the unit's for unit counters."""
    scope = state.tracker.counter(counter).scope
    return state.model(model).actor if scope == "actor" else model


def check_change(before: BattleState, after: BattleState, model: str, row: Row) -> None:
    """The state changed by exactly the row's counters, stats and out."""
    expected = counters_of(before)
    expected.update({(where(after, model, c), c): v for c, v in row.counters.items()})
    assert counters_of(after) == {k: v for k, v in expected.items() if v}
    for stat in STATS:
        was = before.stat(model, stat)
        assert after.stat(model, stat) == row.stats.get(stat, was), stat
    assert after.is_out(model) == row.out


def apply_row(game: Battle, table: str, row: int, model: str, values: tuple[int, ...]) -> Battle:
    title = f"{table} {row}"
    return game.record(
        Roll(kind="roll", title=title, target=model, table=table, row=row, values=values)
    )


CASES = [(table, n) for table in EXPECTED for n in range(1, 11)]


def test_every_table_of_the_catalog_is_covered() -> None:
    assert set(EXPECTED) == {t.id for t in tracker().tables}
    assert all(sorted(rows) == list(range(1, 11)) for rows in EXPECTED.values())


@pytest.mark.parametrize(("table", "row"), CASES, ids=[f"{t}-{n}" for t, n in CASES])
def test_row(table: str, row: int) -> None:
    expected = EXPECTED[table][row]
    model = TARGET[table]
    game = fresh()
    after = apply_row(game, table, row, model, expected.values).state
    check_change(game.state, after, model, expected)
    spec = tracker().table(table)
    assert spec is not None
    found = spec.row_for(row)
    assert found is not None
    assert (found.then, found.test) == (expected.then, expected.test)
    if expected == NONE:  # a row that does nothing here says why (clank, blank, movement)
        assert found.result
        assert all(e.if_set or e.if_tags for e in found.effects)  # only for another unit


# --- rows with more to them --------------------------------------------------------------------


def test_irregulars_mill_around_on_a_2() -> None:
    """Row 2 of the non-vehicle column: irregulars get no action next turn (by the tag
    their Irregular rule gives), regulars are untouched."""
    game = fresh()
    assert "irregular" in game.state.model(WARRIORS).tags
    assert "irregular" not in game.state.model(LINE_INFANTRY).tags
    after = apply_row(game, "morale-failure-non-vehicles", 2, WARRIORS, ()).state
    check_change(game.state, after, WARRIORS, Row({"no-action-next-turn": 1}))
    assert after.standing_down(WARRIORS) is not None


def test_a_buckled_armour_roll_above_1_counts_as_rolled() -> None:
    game = fresh()
    after = apply_row(game, "vehicle-shooting-catastrophic", 5, IRONCLAD, (5,)).state
    check_change(game.state, after, IRONCLAD, Row({"armor-lost": 5}, {"ARMOR": 1}))


def test_a_row_that_rolls_dice_needs_them() -> None:
    game = fresh()
    with pytest.raises(Refused, match="1d6"):
        apply_row(game, "vehicle-shooting-penetrating", 7, IRONCLAD, ())
    with pytest.raises(Refused, match="not a result of 1d6"):
        apply_row(game, "vehicle-shooting-penetrating", 7, IRONCLAD, (7,))


def test_damage_adds_up_and_a_second_zero_is_still_out() -> None:
    """Two -2 SUSTAIN results and a -3 take the ironclad's SUSTAIN 7 to 0: disabled."""
    game = fresh()
    game = apply_row(game, "vehicle-shooting-penetrating", 2, IRONCLAD, ())
    game = apply_row(game, "vehicle-shooting-penetrating", 2, IRONCLAD, ())
    assert (game.state.stat(IRONCLAD, "SUSTAIN"), game.state.is_out(IRONCLAD)) == (3, False)
    game = apply_row(game, "vehicle-melee-crack", 7, IRONCLAD, ())
    assert game.state.stat(IRONCLAD, "SUSTAIN") == 0
    assert game.state.zeroed(IRONCLAD) == ("SUSTAIN",)
    assert game.state.is_out(IRONCLAD)


@pytest.mark.parametrize("row", [1, 2, 3, 4, 10])
def test_haywire_results_that_return_to_normal_end_the_roll_again(row: int) -> None:
    """A reset, a jam or enemy control replaces an earlier "roll again next turn"."""
    game = fresh().record(
        SetCounter(kind="counter", target=AUTOMATON, counter="haywire-again", value=1)
    )
    after = apply_row(game, "haywire", row, AUTOMATON, ()).state
    assert after.counter(AUTOMATON, "haywire-again") == 0


def test_the_links_between_columns_follow_the_sheet() -> None:
    """ "Roll on Penetrating Hit" goes one column right, and so on, in every table."""
    links = {(t.id, r.min): r.then for t in tracker().tables for r in t.rows if r.then is not None}
    assert links == {
        ("vehicle-shooting-non-penetrating", 8): "vehicle-shooting-minor-damage",
        ("vehicle-shooting-non-penetrating", 10): "vehicle-shooting-penetrating",
        ("vehicle-shooting-penetrating", 10): "vehicle-shooting-catastrophic",
        ("vehicle-melee-dent", 10): "vehicle-melee-crack",
        ("automata-non-penetrating", 9): "haywire",
        ("automata-non-penetrating", 10): "automata-penetrating",
        ("automata-penetrating", 2): "haywire",
        ("automata-penetrating", 5): "haywire",
        ("automata-penetrating", 9): "haywire",
    }


# --- tests: each outcome applied ---------------------------------------------------------------


@dataclass(frozen=True)
class Outcome:
    counters: dict[str, int] = field(default_factory=dict)
    out: bool = False
    table: str | None = None


# (test, model, counters set before, passed outcome, failed outcome)
REPAIRABLE = {"immobilized": 1, "no-power": 3, "steering-damaged": 1, "broken-down": 1}
HAYWIRE = {
    "haywire-jammed": 1,
    "haywire-again": 1,
    "enemy-controlled": 1,
    "navigation-damaged": 1,
    "immobilized": 1,
    "no-power": 2,
}
TESTED = {"morale-tested": 1}
OUTCOMES: dict[str, tuple[str, dict[str, int], Outcome, Outcome]] = {
    "shooting": (LINE_INFANTRY, {}, Outcome(), Outcome()),
    "vehicle-shooting": (IRONCLAD, {}, Outcome(), Outcome()),
    "melee": (WARRIORS, {}, Outcome(), Outcome()),
    "vehicle-melee": (AUTOMATON, {}, Outcome(), Outcome()),
    "notable-save": ("A1", {}, Outcome(), Outcome({"casualty": 1}, out=True)),
    "morale": (
        LINE_INFANTRY,
        {},
        Outcome(TESTED),
        Outcome(TESTED, table="morale-failure-non-vehicles"),
    ),
    "vehicle-morale": (
        IRONCLAD,
        {},
        Outcome(TESTED),
        Outcome(TESTED, table="morale-failure-vehicles"),
    ),
    "sustain": (IRONCLAD, {}, Outcome(), Outcome({"broken-down": 1})),
    "automaton-sustain": (AUTOMATON, {}, Outcome(), Outcome(table="haywire")),
    "start": (
        IRONCLAD,
        REPAIRABLE,
        Outcome(dict.fromkeys(REPAIRABLE, 0)),
        Outcome(),
    ),
    "armour-save-shooting": (
        IRONCLAD,
        {},
        Outcome(table="vehicle-shooting-non-penetrating"),
        Outcome({"penetrating-hit": 1}, table="vehicle-shooting-penetrating"),
    ),
    "armour-save-melee": (
        IRONCLAD,
        {},
        Outcome(table="vehicle-melee-dent"),
        Outcome(table="vehicle-melee-crack"),
    ),
    "automaton-armour-save": (
        AUTOMATON,
        {},
        Outcome(table="automata-non-penetrating"),
        Outcome(table="automata-penetrating"),
    ),
    "automaton-armour-save-melee": (
        AUTOMATON,
        {},
        Outcome(table="automata-non-penetrating"),
        Outcome(table="automata-penetrating"),
    ),
    "scientist-repair": (AUTOMATON, HAYWIRE, Outcome(dict.fromkeys(HAYWIRE, 0)), Outcome()),
}

TEST_CASES = [(test, passed) for test in OUTCOMES for passed in (True, False)]


def test_every_test_of_the_catalog_is_covered() -> None:
    assert set(OUTCOMES) == {t.id for t in tracker().tests}


@pytest.mark.parametrize(
    ("test", "passed"), TEST_CASES, ids=[f"{t}-{'pass' if p else 'fail'}" for t, p in TEST_CASES]
)
def test_outcome(test: str, passed: bool) -> None:
    model, before, on_pass, on_fail = OUTCOMES[test]
    expected = on_pass if passed else on_fail
    game = fresh()
    for counter, value in before.items():
        target = where(game.state, model, counter)
        game = game.record(SetCounter(kind="counter", target=target, counter=counter, value=value))
    spec = tracker().test(test)
    assert spec is not None
    assert spec.units is None or matches_model(spec.units, game.state.model(model))
    after = game.record(
        Roll(kind="roll", title=spec.name, target=model, test=test, passed=passed)
    ).state
    check_change(game.state, after, model, Row(expected.counters, out=expected.out))
    assert (spec.pass_table if passed else spec.fail_table) == expected.table


# --- numbers the tests read --------------------------------------------------------------------


def test_targets_read_the_model_as_it_is_now() -> None:
    """SUSTAIN, START and ARMOR are read with damage taken; morale with the figures left,
    a power-armoured figure counting twice; the vehicle morale fails on a 10 only."""
    game = fresh()
    state = game.state
    value = state.value
    t = tracker()

    def target(test: str) -> Value:
        spec = t.test(test)
        assert spec is not None and spec.target is not None
        return spec.target

    assert value(target("sustain"), state.model(IRONCLAD)) == 7
    assert value(target("morale"), state.model(LINE_INFANTRY)) == 8
    assert value(target("morale"), state.model(MARINES)) == 6
    assert value(target("vehicle-morale"), state.model(IRONCLAD)) == 9
    game = apply_row(game, "vehicle-shooting-penetrating", 2, IRONCLAD, ())
    game = apply_row(game, "vehicle-shooting-penetrating", 5, IRONCLAD, ())
    game = game.record(SetCounter(kind="counter", target="A15", counter="casualty", value=1))
    game = game.record(SetCounter(kind="counter", target="A4", counter="fled", value=1))
    state = game.state
    assert state.value(target("sustain"), state.model(IRONCLAD)) == 5
    assert state.value(target("armour-save-shooting"), state.model(IRONCLAD)) == 4
    assert state.value(target("morale"), state.model(MARINES)) == 4
    assert state.value(target("morale"), state.model(LINE_INFANTRY)) == 7


@pytest.mark.parametrize(("table", "row"), CASES, ids=[f"{t}-{n}" for t, n in CASES])
def test_row_rolled_by_the_dice_helper(table: str, row: int) -> None:
    """The dice helper's roll of the same row (the die read at the table, its effect
    dice from the battle's dice) makes the same change, and rolls on where it says."""
    from model.rolls.dice import FixedDice
    from model.rolls.sheets.tables import follow, roll_table

    expected = EXPECTED[table][row]
    model = TARGET[table]
    game = fresh()
    spec = tracker().table(table)
    assert spec is not None
    rolled = roll_table(game.state, spec, model, FixedDice(*expected.values), roll=row)
    assert (rolled.table, rolled.row, rolled.values) == (table, row, expected.values)
    check_change(game.state, game.record(rolled.event()).state, model, expected)
    chain = follow(game.state, rolled, FixedDice(*[5] * 12))
    if expected.out:
        assert chain == ()  # nothing more is rolled for a model out of the fight
    else:
        assert [r.table or r.test for r in chain[:1]] == [
            n for n in (expected.then, expected.test) if n
        ][:1]
