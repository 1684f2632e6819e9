"""The event log behaves as the tuple of its events, whatever the chunks it is made of, and
a record or an undo shares the chunks of the log it came from. History: issue 15."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from model.battle.battle import events_in_common
from model.battle.events import Event, Note
from model.battle.log import CHUNK, EventLog

NOTES = [Note(kind="note", text=f"n{n}") for n in range(3 * CHUNK + 7)]

lengths = st.integers(min_value=0, max_value=len(NOTES))
indexes = st.integers(min_value=-len(NOTES) - 2, max_value=len(NOTES) + 2)
steps = st.sampled_from([None, 1, 2, 3, -1, -2])
bounds = st.one_of(st.none(), indexes)


def built(count: int) -> EventLog:
    """A log made event by event, as the tracker makes it."""
    log = EventLog()
    for event in NOTES[:count]:
        log = log.then(event)
    return log


@given(lengths, bounds, bounds, steps)
def test_a_log_reads_as_its_tuple(
    count: int, start: int | None, stop: int | None, step: int | None
) -> None:
    events = tuple(NOTES[:count])
    for log in (EventLog(events), built(count)):
        assert len(log) == count and bool(log) == bool(events)
        assert tuple(log) == events and tuple(reversed(log)) == events[::-1]
        assert log == events and events == log and log == list(events)
        assert hash(log) == hash(EventLog(events))
        assert tuple(log[start:stop:step]) == events[start:stop:step]
        assert log[start:stop:step] == events[start:stop:step]
        for n in (0, count // 2, count - 1, -1, -count):
            if -count <= n < count:
                assert log[n] is events[n]


@given(lengths, indexes)
def test_an_index_outside_the_log_is_an_index_error(count: int, index: int) -> None:
    log = built(count)
    try:
        expected: Event | None = NOTES[:count][index]
    except IndexError:
        expected = None
    try:
        got: Event | None = log[index]
    except IndexError:
        got = None
    assert got is expected


@given(lengths, lengths)
def test_logs_in_common(first: int, second: int) -> None:
    """Two logs of one battle, and two logs made apart, share as many first events."""
    log = built(max(first, second))
    assert log.first(first).in_common(log.first(second)) == min(first, second)
    apart = EventLog(NOTES[:second])
    assert events_in_common(log.first(first), apart) == min(first, second)
    other = (*NOTES[: first // 2], Note(kind="note", text="other"), *NOTES[first // 2 + 1 : first])
    assert events_in_common(EventLog(other), log.first(first)) == (first // 2 if first else 0)
    assert events_in_common(other, tuple(log.first(first))) == (first // 2 if first else 0)


def test_a_record_and_an_undo_share_the_chunks() -> None:
    """Adding an event copies only the tail (and the list of chunks when the tail fills
    a chunk); dropping one shares every full chunk before it."""
    log = built(3 * CHUNK + 5)
    more = log.then(Note(kind="note", text="more"))
    assert more._chunks is log._chunks and len(more._tail) == 6
    fewer = log[:-1]
    assert all(a is b for a, b in zip(fewer._chunks, log._chunks, strict=True))
    full = built(CHUNK - 1).then(Note(kind="note", text="fills"))
    assert len(full._chunks) == 1 and full._tail == ()
    assert full[:-1] == NOTES[: CHUNK - 1]
    assert log.first(len(log)) is log
