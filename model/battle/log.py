"""A battle's event log: an immutable sequence of events that shares its storage with
the logs it was made from.

The tracker makes a new log on every key (a record adds an event, an undo drops one).
As a tuple, each new log copied every event before it, and the garbage collector then
walked the copy: at 100,000 events about 4 ms a key, over the whole frame's budget with
the rest (issue 15). Here the events are kept in chunks of ``CHUNK`` that never change,
and a log is the chunks it shares with its neighbours plus a short tail of its own: adding
or dropping an event copies at most a chunk and the list of chunks, and two logs of one
battle are compared chunk by chunk, mostly by identity.
"""

from __future__ import annotations

import operator
from collections.abc import Iterable, Iterator, Sequence
from itertools import chain, islice
from typing import overload

from model.battle.events import Event

CHUNK = 256
"""Events in a full chunk: a new log copies up to this many events, and a 100,000-event
log holds about 400 chunks."""


class EventLog(Sequence[Event]):
    """Events in order, compared equal to any sequence of the same events."""

    __slots__ = ("_chunks", "_tail")

    _chunks: tuple[tuple[Event, ...], ...]
    _tail: tuple[Event, ...]

    def __init__(self, events: Iterable[Event] = ()) -> None:
        items = tuple(events)
        full = len(items) - len(items) % CHUNK
        self._chunks = tuple(items[n : n + CHUNK] for n in range(0, full, CHUNK))
        self._tail = items[full:]

    @classmethod
    def _made(cls, chunks: tuple[tuple[Event, ...], ...], tail: tuple[Event, ...]) -> EventLog:
        log = cls.__new__(cls)
        log._chunks = chunks
        log._tail = tail
        return log

    def __len__(self) -> int:
        return len(self._chunks) * CHUNK + len(self._tail)

    @overload
    def __getitem__(self, index: int) -> Event: ...

    @overload
    def __getitem__(self, index: slice) -> EventLog: ...

    def __getitem__(self, index: int | slice) -> Event | EventLog:
        if isinstance(index, slice):
            start, stop, step = index.indices(len(self))
            if start == 0 and step == 1:
                return self.first(stop)
            if step > 0:
                return EventLog(islice(self._from(start), 0, max(0, stop - start), step))
            return EventLog(tuple(self)[index])
        n = operator.index(index)
        if n < 0:
            n += len(self)
        if not 0 <= n < len(self):
            raise IndexError("event log index out of range")
        chunk, at = divmod(n, CHUNK)
        return self._chunks[chunk][at] if chunk < len(self._chunks) else self._tail[at]

    def __iter__(self) -> Iterator[Event]:
        return chain(chain.from_iterable(self._chunks), self._tail)

    def _from(self, start: int) -> Iterator[Event]:
        """The events from the ``start``-th on, without walking those before it."""
        chunk, at = divmod(start, CHUNK)
        rest = chain(chain.from_iterable(self._chunks[chunk:]), self._tail)
        return islice(rest, at, None)

    def __reversed__(self) -> Iterator[Event]:
        return chain(reversed(self._tail), *(reversed(c) for c in reversed(self._chunks)))

    def first(self, count: int) -> EventLog:
        """The log of the first ``count`` events (sharing this one's chunks)."""
        count = max(0, min(count, len(self)))
        if count == len(self):
            return self
        full, rest = divmod(count, CHUNK)
        last = self._chunks[full] if full < len(self._chunks) else self._tail
        return EventLog._made(self._chunks[:full], last[:rest])

    def then(self, event: Event) -> EventLog:
        """The log with ``event`` added at its end."""
        tail = (*self._tail, event)
        if len(tail) == CHUNK:
            return EventLog._made((*self._chunks, tail), ())
        return EventLog._made(self._chunks, tail)

    def in_common(self, other: EventLog) -> int:
        """How many first events this log and ``other`` have in common: chunk by chunk,
        which for the logs of one battle is an identity check for all but the last."""
        chunks = 0
        for mine, theirs in zip(self._chunks, other._chunks, strict=False):
            if mine is not theirs and mine != theirs:
                break
            chunks += 1
        same = chunks * CHUNK
        for mine_event, their_event in zip(self._from(same), other._from(same), strict=False):
            if mine_event is not their_event and mine_event != their_event:
                break
            same += 1
        return same

    def __eq__(self, other: object) -> bool:
        if isinstance(other, EventLog):
            return len(self) == len(other) and self.in_common(other) == len(self)
        if isinstance(other, Sequence) and not isinstance(other, str | bytes):
            return len(self) == len(other) and all(a == b for a, b in zip(self, other, strict=True))
        return NotImplemented

    def __hash__(self) -> int:
        return hash(tuple(self))

    def __repr__(self) -> str:
        return f"EventLog({list(self)!r})"
