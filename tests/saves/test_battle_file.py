"""Battle files: what is written reads back as the same battle, every broken file is
explained (with its backup), and a save killed at any moment leaves a whole battle.

``tests/fixtures/battles/bridge.toml`` is a short battle between the two legal
500-point fixture lists (see the README there); it is read, shown and rewritten
here and by the command-line tests. ``play`` drives the engine through a legal
game of any length: the kill test and the benchmark use it too.
"""

from __future__ import annotations

import os
import random
import re
import signal
import subprocess
import sys
import textwrap
import time
from functools import cache
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from model.battle.battle import Battle, new_battle
from model.battle.events import (
    Act,
    Activate,
    Delay,
    EndActivation,
    EndTurn,
    Event,
    Note,
    PlaceMarker,
    Roll,
    RollOff,
    Score,
    SetCounter,
    Wound,
)
from model.battle.idle_turns import idle_turns
from model.battle.refused import Refused
from model.battle.state import BattleState
from model.catalog.schema import FactionView
from model.core.bounds import MAX_COUNTER
from model.core.problems import BattleError
from model.core.safe_text import terminal_safe
from model.parse.toml_text import MAX_BYTES
from model.roster.roster import Roster
from saves.battle_document import FORMAT
from saves.battle_errors import BattleFileError
from saves.battle_file import battle_to_toml, write_battle
from saves.battle_read import battle_from_bytes, read_battle, restore_backup
from saves.roster_file import read_roster, resolve
from tests.bs_teams import gaslands_battle
from tests.conftest import FIXTURES, ROOT
from tests.helpers import bundled

BRIDGE = FIXTURES / "battles" / "bridge.toml"
ROSTERS = (
    FIXTURES / "rosters" / "gangers" / "legal-500.toml",
    FIXTURES / "rosters" / "mutards" / "legal-500.toml",
)


# --- battles to test with --------------------------------------------------------------------


@cache
def _players() -> tuple[tuple[str, Roster, FactionView], ...]:
    found = []
    for name, path in zip(("Ann", "Bob"), ROSTERS, strict=True):
        roster, source = read_roster(path)
        found.append((name, roster, resolve(roster, source, bundled)))
    return tuple(found)


def fresh_battle(
    *,
    turn_limit: int | None = None,
    scenario: str = "",
    seed: int = 42,
    players: tuple[str, str] = ("Ann", "Bob"),
) -> Battle:
    """A new battle between the two legal fixture lists (Gangers against Mutards)."""
    (_, roster_a, view_a), (_, roster_b, view_b) = _players()
    return new_battle(
        bundled("punkapocalyptic"),
        [(players[0], roster_a, view_a), (players[1], roster_b, view_b)],
        scenario=scenario,
        turn_limit=turn_limit,
        seed=seed,
    )


def candidates(state: BattleState, rng: random.Random) -> list[Event]:
    """What players at the table might record next, most wanted first: roll off when asked,
    activate someone whose turn it is (now and then delay), an action or two, a wound, a
    score, a roll, end the activation; end the turn when everyone has acted."""
    if state.ended:
        return []
    tracker = state.tracker
    if state.active is not None:
        actor = state.active
        standing = [m.id for m in state.members(actor) if not state.is_out(m.id)]
        roll = rng.random()
        wanted: list[Event] = []
        if roll < 0.5 and standing and state.actions_left(actor) > 0:
            plain = [
                a.id
                for a in tracker.actions
                if a.item is None and a.units is None and not a.ends_activation
            ]
            wanted.append(Act(kind="act", model=rng.choice(standing), action=rng.choice(plain)))
        elif roll < 0.6:
            model = rng.choice(state.setup.all_models()).id
            amount = -1 if state.wounds.get(model, 0) else 1
            wanted.append(Wound(kind="wound", model=model, amount=amount))
        elif roll < 0.66:
            wanted.append(Score(kind="score", side=rng.randrange(2), points=rng.randrange(1, 4)))
        elif roll < 0.72:
            dice = (rng.randint(1, 10), rng.randint(1, 10))
            wanted.append(Roll(kind="roll", title="Shooting", dice=dice, outcome="a hit"))
        elif roll < 0.78 and standing:
            model = rng.choice(standing)
            flag = 1 - state.counter(model, "crouched")
            wanted.append(SetCounter(kind="counter", target=model, counter="crouched", value=flag))
        return [*wanted, EndActivation(kind="end-activation", actor=actor)]
    up = state.next_up()
    if up.turn_over:
        return [EndTurn(kind="end-turn")]
    if up.needs_roll_off:
        rolls = (rng.randint(1, 10), rng.randint(1, 10))
        return [RollOff(kind="roll-off", first=rng.randrange(2), rolls=rolls)]
    actor = rng.choice(up.actors)
    activate = Activate(kind="activate", actor=actor)
    if tracker.turns.delay and up.round and rng.random() < 0.05:
        return [Delay(kind="delay", actor=actor, to=up.round - 1), activate]
    return [activate]


def step(battle: Battle, rng: random.Random) -> Battle:
    """The battle with the first of the candidates the rules accept (a note if none)."""
    for event in candidates(battle.state, rng):
        try:
            return battle.record(event)
        except Refused:
            continue
    return battle.record(Note(kind="note", text=f"nothing to do after {len(battle.events)}"))


def play(battle: Battle, count: int, seed: int = 0) -> Battle:
    """The battle with ``count`` more legal events, the same for the same seed."""
    rng = random.Random(seed)
    for _ in range(count):
        battle = step(battle, rng)
    return battle


def saved(path: Path, battle: Battle) -> Path:
    write_battle(path, battle)
    return path


# --- round trips -----------------------------------------------------------------------------


def test_a_new_battle_reads_back_equal(tmp_path: Path) -> None:
    battle = fresh_battle(scenario="Scrap heap")
    again = read_battle(saved(tmp_path / "b.toml", battle))
    assert again == battle
    assert again.setup == battle.setup
    assert not again.events and not again.undone


def test_a_played_battle_with_undone_events_reads_back_equal(tmp_path: Path) -> None:
    battle = play(fresh_battle(turn_limit=50), 400, seed=3).undo().undo().undo()
    assert len(battle.undone) == 3
    again = read_battle(saved(tmp_path / "b.toml", battle))
    assert again == battle
    assert again.state.turn == battle.state.turn
    assert again.state.counters == battle.state.counters
    assert again.redo().redo().redo() == battle.redo().redo().redo()


def test_the_fixture_reads_and_is_written_back_byte_for_byte() -> None:
    """The format is stable: a file warband wrote is rewritten identically."""
    battle = read_battle(BRIDGE)
    assert len(battle.events) == 21
    assert [e.kind for e in battle.undone] == ["activate", "act"]
    assert battle_to_toml(battle) == BRIDGE.read_text(encoding="utf-8")


def test_a_version_2_file_reads_as_it_did_and_is_written_as_version_3(bridge: Path) -> None:
    """A version-2 file has no lists over BattleScribe data, and reads as the same battle,
    written back as version 3 with only its format line new. History: format 3 added lists
    over BattleScribe data (issue 34)."""
    replace(bridge, FORMAT, "warband.battle/2")
    battle = read_battle(bridge)
    assert battle.events == read_battle(BRIDGE).events
    assert battle.setup == read_battle(BRIDGE).setup
    assert battle_to_toml(battle) == BRIDGE.read_text(encoding="utf-8")


def test_a_version_1_file_reads_as_it_did_and_is_written_as_version_3(bridge: Path) -> None:
    """Format 2 added ``passed`` to an end of turn (the rest passing, undone with it in
    one step): a version-1 file has none, and reads as the same battle."""
    replace(bridge, FORMAT, "warband.battle/1")
    battle = read_battle(bridge)
    assert battle.events == read_battle(BRIDGE).events
    assert all(getattr(e, "passed", None) is None for e in battle.events)
    assert battle_to_toml(battle) == BRIDGE.read_text(encoding="utf-8")


def test_an_end_of_turn_that_passed_the_rest_keeps_it(tmp_path: Path) -> None:
    battle = read_battle(BRIDGE)
    idle = idle_turns(battle.state)
    assert idle.stopped is None and idle.events
    for event in idle.events:
        battle = battle.record(event)
    battle = battle.record(EndTurn(kind="end-turn", passed=len(idle.events)))
    path = tmp_path / "passed.battle.toml"
    write_battle(path, battle)
    assert f"passed = {len(idle.events)}\n" in path.read_text(encoding="utf-8")
    assert read_battle(path).events == battle.events


def test_the_file_reads_as_a_person_would_write_it() -> None:
    text = BRIDGE.read_text(encoding="utf-8")
    assert text.startswith(
        'format = "warband.battle/3"\n'
        'system = "punkapocalyptic"\n'
        'system_name = "Punkapocalyptic"\n'
        'catalog_version = "2026.11.1"\n'
        'scenario = "The bridge"\n'
        "turn_limit = 6\n"
        "seed = 7\n"
    )
    assert (
        "[[events]]  # 10\n"
        'kind = "act"\n'
        'model = "A1"\n'
        'action = "burst"\n'
        'item = "A1/automatic-rifle"\n'
    ) in text
    assert "dice = [9, 4, 8]\n" in text
    assert '[[models]]\nid = "B12"\n' in text
    assert 'stats = { A = 2, C = 4, P = "-", Ag = 7, S = 4, T = 3, Tc = "-" }\n' in text
    assert text.endswith("[end]\nevents = 21\nundone = 2\n")


def test_write_keeps_the_previous_save_as_a_backup(tmp_path: Path) -> None:
    path = tmp_path / "b.toml"
    first = fresh_battle()
    second = play(first, 5)
    write_battle(path, first)
    assert not (tmp_path / "b.toml.bak").exists()
    write_battle(path, second)
    assert read_battle(path) == second
    assert read_battle(tmp_path / "b.toml.bak") == first
    assert sorted(p.name for p in tmp_path.iterdir()) == ["b.toml", "b.toml.bak"]


def test_going_on_from_the_backup_keeps_the_damaged_file(tmp_path: Path) -> None:
    path = tmp_path / "b.toml"
    first = fresh_battle()
    write_battle(path, first)
    write_battle(path, play(first, 5))
    path.write_bytes(path.read_bytes()[:-40])  # cut short
    with pytest.raises(BattleFileError) as raised:
        read_battle(path)
    assert raised.value.backup == tmp_path / "b.toml.bak"
    damaged = path.read_bytes()
    battle, kept = restore_backup(path)
    assert (battle, kept) == (first, tmp_path / "b.toml.damaged")
    assert (read_battle(path), kept.read_bytes()) == (first, damaged)
    assert read_battle(tmp_path / "b.toml.bak") == first


def test_a_damaged_backup_moves_nothing(tmp_path: Path) -> None:
    path = tmp_path / "b.toml"
    path.write_text("broken", encoding="utf-8")
    (tmp_path / "b.toml.bak").write_text("also broken", encoding="utf-8")
    with pytest.raises(BattleFileError):
        restore_backup(path)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["b.toml", "b.toml.bak"]
    assert path.read_text(encoding="utf-8") == "broken"


ANY_TEXT = st.text(min_size=1, max_size=30).map(terminal_safe).filter(bool)
"""Control characters are dropped where a file or a code is read (``model.core.safe_text``),
so only texts without them can come back the same."""


@settings(max_examples=40, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    seed=st.integers(0, 10**6),
    count=st.integers(0, 120),
    undo=st.integers(0, 6),
    redo=st.integers(0, 3),
    scenario=st.text(max_size=30).map(terminal_safe),
    players=st.tuples(ANY_TEXT, ANY_TEXT),
    note=ANY_TEXT,
    label=st.text(max_size=30).map(terminal_safe),
    dice_seed=st.integers(-(2**63), 2**63 - 1),
    points=st.integers(-MAX_COUNTER, MAX_COUNTER),
)
def test_random_battles_read_back_equal(
    tmp_path: Path,
    seed: int,
    count: int,
    undo: int,
    redo: int,
    scenario: str,
    players: tuple[str, str],
    note: str,
    label: str,
    dice_seed: int,
    points: int,
) -> None:
    """Any legal log, with any text in it (quotes, backslashes, control characters,
    any language) and undone events, reads back as the battle written."""
    battle = play(
        fresh_battle(turn_limit=3, scenario=scenario, seed=dice_seed, players=players),
        count,
        seed,
    )
    battle = battle.record(Note(kind="note", text=note))
    battle = battle.record(Roll(kind="roll", title=note, detail=label, outcome=label))
    if not battle.state.ended:
        battle = battle.record(PlaceMarker(kind="marker", marker="smoke", label=label))
        battle = battle.record(Score(kind="score", side=1, points=points))
    for _ in range(undo):
        battle = battle.undo()
    for _ in range(redo):
        battle = battle.redo()
    path = tmp_path / "random.toml"
    write_battle(path, battle)
    again = read_battle(path)
    assert again == battle
    assert battle_to_toml(again) == path.read_text(encoding="utf-8")


# --- broken files ------------------------------------------------------------------------------


def problem_lines(error: BattleError) -> list[str]:
    return error.render().splitlines()


def read_error(path: Path) -> BattleError:
    with pytest.raises(BattleError) as caught:
        read_battle(path)
    assert isinstance(caught.value, BattleFileError)
    return caught.value


@pytest.fixture
def bridge(tmp_path: Path) -> Path:
    """A copy of the fixture battle, alone in its folder (no backup)."""
    path = tmp_path / "bridge.toml"
    path.write_bytes(BRIDGE.read_bytes())
    return path


def line_of(path: Path, text: str) -> int:
    """The line number of the first line that is exactly ``text``."""
    return path.read_text(encoding="utf-8").split("\n").index(text) + 1


def replace(path: Path, old: str, new: str, count: int = 1) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, count), encoding="utf-8")


NO_BACKUP = "  there is no backup (bridge.toml.bak) next to it"


def test_a_syntax_error_gives_line_and_column(bridge: Path) -> None:
    replace(bridge, 'action = "aim"', 'action = aim"')
    line = line_of(bridge, 'action = aim"')
    assert problem_lines(read_error(bridge)) == [
        f"{bridge} is not valid TOML",
        f'  {bridge}:{line}:10: invalid value; text values need quotes, e.g. name = "Big Joe"',
        NO_BACKUP,
    ]


def test_a_newer_format_is_refused_and_not_called_damaged(bridge: Path) -> None:
    replace(bridge, FORMAT, "warband.battle/4")
    assert problem_lines(read_error(bridge)) == [
        f"{bridge} was saved by a newer warband",
        f"  {bridge}:1: format: warband.battle/4 is newer than this warband reads "
        f"({FORMAT}); update warband to open it; the file is unchanged",
    ]


def test_an_unknown_event_kind_says_did_you_mean(bridge: Path) -> None:
    replace(bridge, 'kind = "wound"', 'kind = "wund"')
    line = line_of(bridge, 'kind = "wund"')
    error = read_error(bridge)
    assert error.title == f"{bridge} is not a valid battle"
    (problem, note) = error.problems
    assert problem.path == ("events", 12, "kind")
    assert problem.line == line
    assert problem.message.startswith("unknown kind 'wund'; expected 'activate', ")
    assert problem.hint == "did you mean 'wound'?"
    assert str(note) == NO_BACKUP.strip()


def test_an_event_the_rules_refuse_is_named_with_its_line(bridge: Path) -> None:
    # event 8 activates A1; make it B14, whose round (Ag 5) has not come
    replace(bridge, 'kind = "activate"\nactor = "A1"', 'kind = "activate"\nactor = "B14"')
    line = line_of(bridge, "[[events]]  # 8")
    assert problem_lines(read_error(bridge)) == [
        f"{bridge}: the rules refuse event 8 (activate)",
        f"  {bridge}:{line}: events[8]: it is not B14's turn to act; next: A1; the events "
        "after it cannot be replayed; was the file edited by hand?",
        NO_BACKUP,
    ]


def test_an_undone_event_the_rules_refuse(bridge: Path) -> None:
    replace(bridge, 'kind = "activate"\nactor = "B14"', 'kind = "activate"\nactor = "A9"')
    line = line_of(bridge, "[[undone]]  # 1")
    assert problem_lines(read_error(bridge))[:2] == [
        f"{bridge}: the rules refuse undone event 1 (activate)",
        f"  {bridge}:{line}: undone[1]: A9 is not a model that activates; the events "
        "after it cannot be replayed; was the file edited by hand?",
    ]


@pytest.mark.parametrize(
    "cut",
    [
        "mid-event",  # inside a string: a TOML error, and the missing [end]
        "between-events",  # whole events only: still valid TOML
        "in-the-setup",
        "in-the-end-table",
    ],
)
def test_a_truncated_file_is_called_cut_short(bridge: Path, cut: str) -> None:
    text = bridge.read_text(encoding="utf-8")
    at = {
        "mid-event": text.index('"end-activation"', text.index("# 14")) + 5,
        "between-events": text.index("[[events]]  # 12"),
        "in-the-setup": text.index("[[tracker.actions]]"),
        "in-the-end-table": text.index("undone = 2"),
    }[cut]
    bridge.write_text(text[:at], encoding="utf-8")
    error = read_error(bridge)
    if cut == "in-the-end-table":
        assert problem_lines(error) == [
            f"{bridge} is not a complete battle",
            f"  {bridge}:{line_of(bridge, '[end]')}: end.undone: required but missing; "
            "add undone = 2",
            NO_BACKUP,
        ]
        return
    assert error.title == f"{bridge} is incomplete: it was cut short"
    assert str(error.problems[-2]) == (
        f"{bridge}: the file ends before its [end] table, which warband writes last: "
        "it was cut short; its last events may be lost"
    )
    assert str(error.problems[-1]) == NO_BACKUP.strip()
    if cut == "mid-event":
        assert error.problems[0].line == text[:at].count("\n") + 1
        assert str(error.problems[0]) == (
            f"{bridge}:{error.problems[0].line}: unterminated string at the end of the file; "
            "a string is not closed; add the closing quote"
        )


def test_an_edited_event_count_is_caught(bridge: Path) -> None:
    text = bridge.read_text(encoding="utf-8")
    start = text.index("[[events]]  # 18")
    end = text.index("[[events]]  # 19")
    bridge.write_text(text[:start] + text[end:], encoding="utf-8")  # one event removed
    line = line_of(bridge, "events = 21")
    assert problem_lines(read_error(bridge)) == [
        f"{bridge} is not a complete battle",
        f"  {bridge}:{line}: end.events: says 21 but the file holds 20 [[events]]; the file "
        "was cut short or edited; if you removed or added [[events]] yourself, set events = 20",
        NO_BACKUP,
    ]


def test_a_schema_error_in_the_second_side_points_at_its_line(bridge: Path) -> None:
    """Models are a top-level array of tables, so the line of a key in side B is exact."""
    text = bridge.read_text(encoding="utf-8")
    cost = text.index("cost = 38", text.index('id = "B12"'))
    bridge.write_text(text[:cost] + 'cots = "38"' + text[cost + 9 :], "utf-8")
    line = text[:cost].count("\n") + 1
    assert problem_lines(read_error(bridge)) == [
        f"{bridge} is not a valid battle",
        f"  {bridge}:{line}: models[20].cots: unknown key; did you mean 'cost'?",
        NO_BACKUP,
    ]


def test_models_must_belong_to_their_side(bridge: Path) -> None:
    replace(bridge, 'id = "A2"\nactor = "A2"\nside = 0', 'id = "A2"\nactor = "A2"\nside = 1')
    line = line_of(bridge, 'id = "A2"')
    assert problem_lines(read_error(bridge)) == [
        f"{bridge} is not a valid battle",
        f"  {bridge}:{line}: models[2].id: 'A2' is not a model id of side B; "
        "ids of side 1 are B1, B2 ...",
        NO_BACKUP,
    ]


def test_a_model_acts_with_a_model_of_its_own_side(bridge: Path) -> None:
    replace(bridge, 'id = "A1"\nactor = "A1"', 'id = "A1"\nactor = "B14"')
    line = line_of(bridge, 'actor = "B14"')
    assert problem_lines(read_error(bridge)) == [
        f"{bridge} is not a valid battle",
        f"  {bridge}:{line}: models[1].actor: B14 is not a model of its side that activates; "
        'a model activates on its own (actor = "A1") or with the first model of its pack or unit',
        NO_BACKUP,
    ]


def test_a_roster_is_not_a_battle(tmp_path: Path) -> None:
    path = tmp_path / "rats.toml"
    path.write_bytes(ROSTERS[0].read_bytes())
    assert problem_lines(read_error(path)) == [
        f"{path} is not a warband battle",
        f"  {path}:12: format: 'warband.roster/1' is not a battle format; this is a roster "
        "(a list); start a battle with: warband battle new",
        "  there is no backup (rats.toml.bak) next to it",
    ]


def test_an_empty_file(bridge: Path) -> None:
    bridge.write_bytes(b"")
    assert problem_lines(read_error(bridge)) == [
        f"{bridge} is not a warband battle",
        f"  {bridge}: the file is empty; warband battle new ROSTER ROSTER -o FILE starts a battle",
        NO_BACKUP,
    ]


def test_a_huge_file_is_refused_unread(bridge: Path) -> None:
    bridge.write_bytes(b"#" * (MAX_BYTES + 1))
    error = read_error(bridge)
    assert error.title == f"{bridge} is too large to read"
    assert "it is over 2,000,000 bytes, the most warband reads" in error.render()


def test_a_missing_file_mentions_its_backup_only_when_there_is_one(bridge: Path) -> None:
    missing = bridge.with_name("gone.toml")
    assert problem_lines(read_error(missing)) == [
        f"cannot read {missing}",
        f"  {missing}: no such file; check the folder and the file name",
    ]
    missing.with_name("gone.toml.bak").write_bytes(BRIDGE.read_bytes())
    assert problem_lines(read_error(missing))[-1] == (
        f"  a backup from the previous save is at {missing}.bak; see it with: "
        f"warband battle show {missing}.bak; go on from it with: "
        f"warband battle resume --use-backup {missing}"
    )


def test_every_damaged_file_names_the_backup(tmp_path: Path) -> None:
    """The app saves after every event, so a backup is usually there: every message
    about a damaged file says where it is and how to open it, and it opens."""
    path = tmp_path / "game.toml"
    battle = play(fresh_battle(), 30, seed=1)
    write_battle(path, battle.undo())
    write_battle(path, battle)
    backup = tmp_path / "game.toml.bak"
    note = (
        f"  a backup from the previous save is at {backup}; see it with: "
        f"warband battle show {backup}; go on from it with: "
        f"warband battle resume --use-backup {path}"
    )
    good = path.read_text(encoding="utf-8")
    damages = {
        "syntax": good.replace('kind = "', "kind = ", 1),
        "schema": good.replace("turn_limit = 6", "turn_limit = 0"),
        "kind": good.replace('kind = "activate"', 'kind = "activat"', 1),
        "refused": good.replace('kind = "end-activation"', 'kind = "end-turn"', 1),
        "truncated": good[: len(good) // 2],
        "not-utf8": good.replace("Ann", "\udcff", 1),
        "empty": "",
    }
    for name, text in damages.items():
        path.write_bytes(text.encode("utf-8", "surrogateescape"))
        error = read_error(path)
        assert error.render().splitlines()[-1] == note, name
        assert isinstance(error, BattleFileError)
        assert error.backup == backup
    assert read_battle(backup) == battle.undo()


def test_refused_event_in_the_middle_of_a_long_log(tmp_path: Path) -> None:
    path = tmp_path / "long.toml"
    battle = play(fresh_battle(turn_limit=100), 600, seed=5)
    text = battle_to_toml(battle)
    # the 400th event becomes an activation of a model that does not exist
    block = text.index("[[events]]  # 400\n")
    body_end = text.index("\n\n", block)
    path.write_text(
        text[:block] + '[[events]]  # 400\nkind = "activate"\nactor = "A99"' + text[body_end:],
        encoding="utf-8",
    )
    error = read_error(path)
    assert error.title == f"{path}: the rules refuse event 400 (activate)"
    assert error.problems[0].path == ("events", 400)
    assert error.problems[0].message == "A99 is not a model that activates"
    assert error.problems[0].line == line_of(path, "[[events]]  # 400")


MUTATIONS = st.lists(
    st.tuples(
        st.sampled_from(["cut", "drop", "dup", "swap", "byte"]),
        st.integers(0, 10**6),
        st.integers(0, 255),
    ),
    min_size=1,
    max_size=3,
)


@settings(max_examples=60)
@given(mutations=MUTATIONS)
def test_mutated_battle_files_only_raise_battle_errors(
    mutations: list[tuple[str, int, int]],
) -> None:
    data = bytearray(BRIDGE.read_bytes())
    for op, where, value in mutations:
        lines = bytes(data).split(b"\n")
        i = where % len(lines)
        if op == "cut":
            data = data[: where % (len(data) + 1)]
        elif op == "drop":
            del lines[i]
            data = bytearray(b"\n".join(lines))
        elif op == "dup":
            lines.insert(i, lines[i])
            data = bytearray(b"\n".join(lines))
        elif op == "swap":
            j = (where // 7) % len(lines)
            lines[i], lines[j] = lines[j], lines[i]
            data = bytearray(b"\n".join(lines))
        elif data:
            data[where % len(data)] = value
    try:
        battle_from_bytes(bytes(data), "mutated.toml")
    except BattleError as exc:
        assert exc.render()


# --- a process killed while it saves -----------------------------------------------------------

ZYGOTE = textwrap.dedent(
    """
    import os, sys
    sys.path.insert(0, os.getcwd())
    from saves.battle_file import write_battle
    from saves.battle_read import read_battle
    from tests.saves.test_battle_file import step
    import random

    start = read_battle(sys.argv[1])
    print("ready", flush=True)
    for line in sys.stdin:
        path, seed = line.split()
        pid = os.fork()
        if pid == 0:
            # the saving child: record an event, save, and again, until it is killed
            battle = start
            rng = random.Random(int(seed))
            for _ in range(100000):
                battle = step(battle, rng)
                write_battle(path, battle)
            os._exit(0)
        print(pid, flush=True)
        _, status = os.waitpid(pid, 0)
        print(status, flush=True)
    """
)

KILLS = 40


@pytest.mark.skipif(
    not hasattr(os, "fork") or not hasattr(signal, "SIGKILL"), reason="needs fork and SIGKILL"
)
@pytest.mark.parametrize("lists", ["own", "battlescribe"])
def test_a_save_loop_killed_at_random_moments_always_leaves_a_whole_battle(
    tmp_path: Path, lists: str
) -> None:
    """A child records events and saves after each; it is killed with SIGKILL at a random
    moment, many times. Every time the file (and its backup) reads back as a complete battle
    whose events are a prefix of what the child recorded: a battle between lists of our own
    catalogs, and one between Gaslands teams over BattleScribe data, whose setup holds the
    lists, the cars' profiles and the players' choices.

    Children are forked from one prepared process, so a run costs only its random wait.

    History: the BattleScribe battle came with issue 34.
    """
    if lists == "own":
        start = fresh_battle(turn_limit=1000)
    else:
        start = gaslands_battle(tmp_path / "lists", turn_limit=1000)
    start_path = saved(tmp_path / "start.toml", start)
    zygote = subprocess.Popen(
        [sys.executable, "-c", ZYGOTE, str(start_path)],
        cwd=ROOT,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    assert zygote.stdin is not None and zygote.stdout is not None
    rng = random.Random(20261122)
    saved_counts: list[int] = []
    caught_between = 0  # killed after the backup was brought up to date, before the file
    leftovers = 0  # killed while writing: a hidden temporary file or a journal stays
    completions = 0  # killed while the file's end was rewritten: completed from its journal
    expected = play(start, 3000, seed=0).events  # longer than any run gets
    try:
        assert zygote.stdout.readline().strip() == "ready", zygote.stderr
        for run in range(KILLS):
            folder = tmp_path / f"run-{run}"
            folder.mkdir()
            path = folder / "battle.toml"
            zygote.stdin.write(f"{path} 0\n")
            zygote.stdin.flush()
            pid = int(zygote.stdout.readline())
            deadline = time.monotonic() + 20
            while not path.exists():  # the first save is made
                assert time.monotonic() < deadline, "the child never saved"
                time.sleep(0.001)
            time.sleep(rng.uniform(0, 0.12))
            os.kill(pid, signal.SIGKILL)
            status = int(zygote.stdout.readline())
            assert os.WIFSIGNALED(status) and os.WTERMSIG(status) == signal.SIGKILL
            try:
                battle_from_bytes(path.read_bytes(), str(path))
            except BattleError:
                completions += 1
            battle = read_battle(path)
            count = len(battle.events)
            assert count >= 1
            assert battle.setup == start.setup
            assert battle.events == expected[:count]
            assert battle.undone == ()
            backup = folder / "battle.toml.bak"
            if not backup.exists():
                assert count == 1  # only the first save has no file to keep
            else:
                # killed after the backup was brought up to the file and before the file
                # changed, the two are the same battle (CI once caught it in a second save)
                older = read_battle(backup)
                assert older.events == expected[: len(older.events)]
                assert len(older.events) in (count - 1, count)
                caught_between += len(older.events) == count
            names = [p.name for p in folder.iterdir()]
            strays = [n for n in names if n not in ("battle.toml", "battle.toml.bak")]
            # a save killed mid-way leaves its hidden temporary file, or the journal of
            # the end it was rewriting (of the file or of its backup)
            assert all(
                re.fullmatch(rf"\.battle\.toml(\.bak)?\.{pid}-[0-9a-f]{{8}}\.(bak\.)?tmp", n)
                or n in (".battle.toml.tail", ".battle.toml.bak.tail")
                for n in strays
            )
            leftovers += bool(strays)
            if strays:  # the next save of the file sweeps what the killed one left
                write_battle(path, battle)
                assert sorted(p.name for p in folder.iterdir()) == [
                    "battle.toml",
                    "battle.toml.bak",
                ]
            saved_counts.append(count)
    finally:
        zygote.stdin.close()
        zygote.wait(timeout=30)
        zygote.stdout.close()
        if zygote.stderr is not None:
            zygote.stderr.close()
    print(
        f"\n{KILLS} kills: {min(saved_counts)} to {max(saved_counts)} events saved; "
        f"killed mid-write {leftovers} times, between backup and file {caught_between} times, "
        f"{completions} files completed from their journal"
    )
    assert len(saved_counts) == KILLS
