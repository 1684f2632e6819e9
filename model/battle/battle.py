"""A battle: its starting point and its event log, with undo and redo.

``Battle`` is a value: recording an event, undoing or redoing gives a new battle
and leaves the old one as it was. The state is the fold of the log
(``model.battle.state``). It is computed at most once per battle value and carried
forward when an event is added, so recording costs one event however long the game.

Undo must not replay the log from the start (a 10,000-event log took 0.4 s): every
``CHECKPOINT_EVERY`` events the state is kept as a checkpoint, in a chain shared by
the battles that have those events in common. The state after an undo is the nearest
checkpoint at or before it plus at most ``CHECKPOINT_EVERY - 1`` events, whatever
the length of the log; redo adds one event to the state it is redone from.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from functools import cached_property

from pydantic import ValidationError

from model.battle.events import Activate, EndActivation, EndTurn, Event
from model.battle.forces import build_side
from model.battle.log import EventLog
from model.battle.refused import Refused
from model.battle.setup import BattleSetup
from model.battle.state import BattleState
from model.catalog.schema import Catalog, FactionView
from model.core.bounds import MAX_EVENTS
from model.core.value import frozen_value
from model.parse.schema_errors import problems_from
from model.roster.roster import Roster

CHECKPOINT_EVERY = 64
"""Events between two kept states: an undo folds at most this many events (about a
millisecond), and a 100,000-event battle keeps about 1,600 states."""


@frozen_value(slots=False)
class Checkpoint:
    """The state after the first ``count`` events of a log, and the checkpoint before it.

    The states in a chain are never changed (the fold works on copies), so battles that
    share the first events of their logs share their checkpoints too."""

    count: int
    state: BattleState
    before: Checkpoint | None


@dataclass(frozen=True, init=False)
class Battle:
    """A battle's setup, the events so far, and the events undone (to redo, next first).

    The events are an ``EventLog`` (given as any sequence), which the battles made from
    one another share: recording or undoing copies no more than a chunk of it."""

    setup: BattleSetup
    events: EventLog
    undone: tuple[Event, ...]
    _known: BattleState | None = field(compare=False, repr=False)
    _marks: Checkpoint | None = field(compare=False, repr=False)
    """The newest checkpoint of ``events`` known when this value was made (never one
    past its events); more are added by the fold that computes ``state``."""

    def __init__(
        self,
        setup: BattleSetup,
        events: Iterable[Event] = (),
        undone: Iterable[Event] = (),
        _known: BattleState | None = None,
        _marks: Checkpoint | None = None,
    ) -> None:
        log = events if isinstance(events, EventLog) else EventLog(events)
        for name, value in (
            ("setup", setup),
            ("events", log),
            ("undone", tuple(undone)),
            ("_known", _known),
            ("_marks", _marks),
        ):
            object.__setattr__(self, name, value)

    @cached_property
    def _fold(self) -> tuple[BattleState, Checkpoint | None]:
        """The state after every event and the newest checkpoint within the events."""
        if self._known is not None:
            return self._known, self._marks
        mark = self._marks
        while mark is not None and mark.count > len(self.events):
            mark = mark.before
        state, marks = BattleState.fold(
            self.setup,
            self.events,
            mark.state if mark is not None else None,
            mark.count if mark is not None else 0,
            CHECKPOINT_EVERY,
        )
        for count, kept in marks:
            mark = Checkpoint(count, kept, mark)
        return state, mark

    @property
    def state(self) -> BattleState:
        """The state after every event (raises ``Refused`` for a log the rules refuse)."""
        return self._fold[0]

    @property
    def checkpoint(self) -> Checkpoint | None:
        """The newest kept state within the events (computing the state if need be)."""
        return self._fold[1]

    def state_after(self, count: int) -> BattleState:
        """The state after the first ``count`` events, folded from the nearest checkpoint
        (at most ``CHECKPOINT_EVERY - 1`` events, for any ``count``)."""
        if count >= len(self.events):
            return self.state
        return Battle(self.setup, self.events[:count], (), None, self.checkpoint).state

    def record(self, event: Event) -> Battle:
        """The battle with one more event; ``Refused`` when the rules do not allow it now,
        or when the log is full (``MAX_EVENTS``: a longer battle could not be opened).
        Whatever was undone can no longer be redone."""
        if len(self.events) >= MAX_EVENTS:
            raise Refused(
                f"the battle's log is full ({MAX_EVENTS:,} events): end the game, "
                "or go on in a new battle"
            )
        return self._then(event, ())

    def _then(self, event: Event, undone: tuple[Event, ...]) -> Battle:
        state, mark = self._fold
        after = state.then(event)
        count = len(self.events) + 1
        if count % CHECKPOINT_EVERY == 0:
            mark = Checkpoint(count, after, mark)  # ``after`` is this battle's own: never changed
        return Battle(self.setup, self.events.then(event), undone, after, mark)

    @property
    def can_undo(self) -> bool:
        return bool(self.events)

    @property
    def can_redo(self) -> bool:
        return bool(self.undone)

    def undo(self) -> Battle:
        """The battle without its last event (unchanged when there is none); its state is
        folded, when asked for, from the checkpoint before it."""
        if not self.events:
            return self
        mark = self.__dict__["_fold"][1] if "_fold" in self.__dict__ else self._marks
        last = (self.events[-1],)
        return Battle(self.setup, self.events[:-1], last + self.undone, None, mark)

    def redo(self) -> Battle:
        """The battle with the last undone event back (unchanged when there is none)."""
        if not self.undone:
            return self
        return self._then(self.undone[0], self.undone[1:])

    def undo_step(self) -> Battle:
        """The battle before its last step: its last event, or an end of turn with the
        idle turns recorded with it (``EndTurn.passed``), which one key recorded and one
        undo takes back."""
        battle = self
        for _ in range(self.undo_count()):
            battle = battle.undo()
        return battle

    def redo_step(self) -> Battle:
        """The battle with the next undone step back (``undo_step`` in reverse)."""
        battle = self
        for _ in range(self.redo_count()):
            battle = battle.redo()
        return battle

    def undo_count(self) -> int:
        """The events the next undo takes back (0 when there is none)."""
        if not self.events:
            return 0
        last = self.events[-1]
        if isinstance(last, EndTurn) and last.passed is not None:
            return min(last.passed, len(self.events) - 1) + 1
        return 1

    def redo_count(self) -> int:
        """The events the next redo puts back: the idle turns and the end of turn that
        recorded them, when the undone events start with them; else one."""
        for count, event in enumerate(self.undone):
            if isinstance(event, EndTurn):
                return count + 1 if event.passed == count else 1
            if not isinstance(event, Activate | EndActivation):
                break
        return min(1, len(self.undone))


def events_in_common(known: Sequence[Event], events: Sequence[Event]) -> int:
    """How many first events two logs have in common (``EventLog.in_common``: for the
    logs of one battle, each chunk's identity and the last one's events)."""
    mine = known if isinstance(known, EventLog) else EventLog(known)
    return mine.in_common(events if isinstance(events, EventLog) else EventLog(events))


Player = tuple[str, Roster, FactionView]
"""A player's name, their list, and the faction it is built with."""


def new_battle(
    catalog: Catalog,
    players: Sequence[Player],
    *,
    scenario: str = "",
    turn_limit: int | None = None,
    seed: int = 0,
) -> Battle:
    """A battle between lists of one system, ready for its first event.

    Raises ``ValueError`` when the system has no tracker section, the lists are of
    another system, or the turn limit or the seed is outside its range (``model.core.bounds``).
    """
    tracker = catalog.system_file.tracker
    if tracker is None:
        raise ValueError(f"{catalog.system.name} has no battle tracker rules yet")
    if len(players) != 2:
        raise ValueError("a battle has two sides")
    for _, roster, _ in players:
        if roster.system != catalog.system.id:
            raise ValueError(f"'{roster.name}' is a {roster.system} list, not {catalog.system.id}")
    sides = tuple(
        build_side(i, name, roster, view, tracker) for i, (name, roster, view) in enumerate(players)
    )
    given = {"turn_limit": turn_limit or tracker.turns.turn_limit, "seed": seed}
    try:
        setup = BattleSetup(
            system=catalog.system.id,
            system_name=catalog.system.name,
            catalog_version=catalog.system.version,
            scenario=scenario,
            tracker=tracker,
            sides=sides,
            turn_limit=given["turn_limit"],
            seed=given["seed"],
        )
    except ValidationError as exc:  # a number the player gave, told as a file's would be
        problems = problems_from(exc, given, BattleSetup)
        raise ValueError("; ".join(str(p) for p in problems)) from None
    return Battle(setup)
