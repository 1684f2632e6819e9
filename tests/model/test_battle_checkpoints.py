"""Undo, redo and recording cost the same at any length of the log.

Not timed: the work is counted as events applied by the fold (``BattleState._apply``),
which is what a long log would multiply. Every state reached through checkpoints is
also compared with a fold of the whole log from the start: the shortcut never changes
what the battle is.

History: issue 15.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from model.battle.battle import CHECKPOINT_EVERY, Battle, events_in_common
from model.battle.events import Event, Note, Score
from model.battle.refused import Refused
from model.battle.state import BattleState
from tests.saves.test_battle_file import fresh_battle, play

_PLAYED: dict[int, Battle] = {}

SHORT = 1000 - 1000 % CHECKPOINT_EVERY + 5
LONG = 10_000 - 10_000 % CHECKPOINT_EVERY + 5
"""About 1,000 and 10,000 events, both 5 past a checkpoint: the same steps at their
ends fold the same events."""


def long_battle(events: int) -> Battle:
    """A legal game of 300 events, then notes up to ``events`` (a note is always legal)."""
    if events not in _PLAYED:
        battle = play(fresh_battle(turn_limit=100), 300, seed=5)
        notes = tuple(Note(kind="note", text=f"note {n}") for n in range(events - 300))
        _PLAYED[events] = Battle(battle.setup, (*battle.events, *notes))
    return _PLAYED[events]


def counted(monkeypatch: pytest.MonkeyPatch) -> list[Event]:
    """The events the fold applies from now on, in order (the tracker's tests count
    them too)."""
    seen: list[Event] = []
    real = BattleState._apply

    def counting(state: BattleState, event: Event) -> None:
        seen.append(event)
        real(state, event)

    monkeypatch.setattr(BattleState, "_apply", counting)
    return seen


@pytest.fixture
def applied(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[Event]]:
    yield counted(monkeypatch)


def from_scratch(battle: Battle) -> BattleState:
    return BattleState.after(battle.setup, battle.events)


def work(battle: Battle, applied: list[Event]) -> dict[str, int]:
    """Events applied by each step the tracker takes on a battle whose state is known."""
    battle.state  # noqa: B018 - known, as in the tracker
    counts: dict[str, int] = {}
    steps = (
        ("record", lambda b: b.record(Score(kind="score", side=0, points=1))),
        ("undo", Battle.undo),
        ("undo again", Battle.undo),
        ("redo", Battle.redo),
        ("record after undo", lambda b: b.record(Note(kind="note", text="x"))),
    )
    for name, step in steps:
        applied.clear()
        battle = step(battle)
        battle.state  # noqa: B018 - the tracker shows it at once
        counts[name] = len(applied)
    return counts


@pytest.mark.parametrize("length", [SHORT, LONG])
def test_each_step_applies_at_most_a_checkpoint_of_events(
    length: int, applied: list[Event]
) -> None:
    battle = long_battle(length)
    counts = work(battle, applied)
    assert counts["record"] == 1
    assert counts["redo"] == 1
    assert counts["record after undo"] == 1
    assert counts["undo"] < CHECKPOINT_EVERY
    assert counts["undo again"] < CHECKPOINT_EVERY


def test_the_work_is_the_same_at_1000_and_10000_events(applied: list[Event]) -> None:
    """Both logs end on the same events, so the same steps do the same work."""
    short, long = long_battle(SHORT), long_battle(LONG)
    assert len(short.events) % CHECKPOINT_EVERY == len(long.events) % CHECKPOINT_EVERY
    assert work(short, applied) == work(long, applied)


def test_undo_after_opening_folds_no_more_than_a_checkpoint(applied: list[Event]) -> None:
    """A battle read from a file has no checkpoints yet: the fold that computes its state
    keeps them, so the first undo after opening is as cheap as any other."""
    battle = long_battle(LONG)
    applied.clear()  # what making the battle folded, when this test is the first to need it
    opened = Battle(battle.setup, battle.events)
    opened.state  # noqa: B018 - opening folds the log once
    assert len(applied) == len(battle.events)
    applied.clear()
    opened.undo().state  # noqa: B018
    assert len(applied) < CHECKPOINT_EVERY


def test_a_state_after_undo_is_the_state_of_the_shorter_log() -> None:
    battle = long_battle(SHORT)
    back = battle
    for steps in range(1, 3 * CHECKPOINT_EVERY + 2):
        back = back.undo()
        if steps in (1, CHECKPOINT_EVERY - 1, CHECKPOINT_EVERY, CHECKPOINT_EVERY + 1, 150):
            assert back.state == from_scratch(back)
    again = back
    for _ in range(3 * CHECKPOINT_EVERY + 1):
        again = again.redo()
    assert again == battle
    assert again.state == battle.state


def test_a_new_branch_after_undo_never_uses_the_old_branchs_checkpoints() -> None:
    """Undo past a checkpoint, then record other events: the state is that of the new log,
    not one kept for the events that were undone."""
    battle = play(fresh_battle(turn_limit=50), 3 * CHECKPOINT_EVERY, seed=8)
    back = battle
    for _ in range(CHECKPOINT_EVERY + 10):
        back = back.undo()
    branch = back
    for n in range(CHECKPOINT_EVERY + 20):
        branch = branch.record(Score(kind="score", side=n % 2, points=1))
    assert branch.state == from_scratch(branch)
    for _ in range(30):
        branch = branch.undo()
    assert branch.state == from_scratch(branch)
    assert branch.state.vp != battle.state.vp


def test_state_after_any_count_is_the_fold_of_that_many_events() -> None:
    battle = long_battle(SHORT)
    for count in (0, 1, CHECKPOINT_EVERY - 1, CHECKPOINT_EVERY, 299, 300, 777, SHORT):
        shorter = Battle(battle.setup, battle.events[:count])
        assert battle.state_after(count) == from_scratch(shorter)


def test_a_refused_event_is_named_by_its_number_in_the_whole_log() -> None:
    """Folding from a checkpoint still counts the events from the start of the log."""
    battle = long_battle(SHORT)
    bad = Battle(battle.setup, (*battle.events, Score(kind="score", side=3, points=1)))
    with pytest.raises(Refused, match=rf"^event {SHORT + 1} \(score\)"):
        bad.state  # noqa: B018
    via_checkpoints = Battle(bad.setup, bad.events, (), None, battle.checkpoint)
    with pytest.raises(Refused, match=rf"^event {SHORT + 1} \(score\)"):
        via_checkpoints.state  # noqa: B018


def test_recording_keeps_checkpoints_for_the_undo_that_follows(applied: list[Event]) -> None:
    """Events recorded one by one in the tracker leave checkpoints behind them: undoing
    after a long evening of recording folds no more than after opening the file."""
    battle = long_battle(SHORT)
    for n in range(2 * CHECKPOINT_EVERY):
        battle = battle.record(Note(kind="note", text=f"later {n}"))
    applied.clear()
    back = battle.undo().undo()
    back.state  # noqa: B018
    assert len(applied) < CHECKPOINT_EVERY
    assert back.state == from_scratch(back)


def test_events_in_common_after_each_step_and_when_asked_again() -> None:
    """What a save and the log ask after every key: how many first events the last log
    and the new one share (after a record, an undo, a redo, a branch, another battle).
    Asked again of the same two logs, it answers alike; asked of other logs, it does not
    answer from the last question."""
    battle = long_battle(SHORT)
    note = Note(kind="note", text="new")
    n = len(battle.events)
    steps = [
        (battle, battle.record(note), n),
        (battle, battle.undo(), n - 1),
        (battle.undo(), battle.undo().redo(), n - 1),
        (battle.undo().record(note), battle, n - 1),
        (battle, battle, n),
        (battle, fresh_battle(), 0),
        (battle, Battle(battle.setup, (note, *battle.events[1:])), 0),
        (battle, Battle(battle.setup, (*battle.events[:10], note)), 10),
    ]
    for before, after, same in steps:
        for _ in range(2):
            assert events_in_common(before.events, after.events) == same
            assert events_in_common(after.events, before.events) == same
