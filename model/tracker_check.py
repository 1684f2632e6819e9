"""Cross-reference checks of a catalog's ``[tracker]`` section.

The schema checks each counter, action and table on its own; these checks make
sure the parts agree: every counter an action needs or changes exists, every
``stat:X`` names one of the system's stats, ids and action keys are not used
twice. Without them a misspelt counter id would load fine and only fail when
someone pressed the key at the table.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence

from model.problems import KeyPath, Problem, did_you_mean
from model.tracker import Tracker, Value

ROOT: KeyPath = ("tracker",)


def check_tracker(
    tracker: Tracker, stats: Iterable[str], tags: Iterable[str] | None, file: str
) -> list[Problem]:
    """Every problem of a tracker section, each with its key path (1-based indexes).

    ``tags`` are the tags the catalog's units, items and rules carry; None when some
    faction files failed to load, so a tag only they give is not called unknown."""
    known_tags = None if tags is None else frozenset(tags)
    return list(_problems(tracker, frozenset(stats), known_tags, file))


def _problems(
    tracker: Tracker, stats: frozenset[str], tags: frozenset[str] | None, file: str
) -> Iterator[Problem]:
    counters = [c.id for c in tracker.counters]
    known = frozenset(counters)

    def counter(path: KeyPath, counter_id: str) -> Iterator[Problem]:
        if counter_id not in known:
            hint = did_you_mean(counter_id, known) or "define it under [[tracker.counters]]"
            yield Problem(f"unknown counter '{counter_id}'", file, (*ROOT, *path), hint=hint)

    def stat(path: KeyPath, stat_id: str) -> Iterator[Problem]:
        if stat_id not in stats:
            hint = did_you_mean(stat_id, stats) or f"the stats are {', '.join(sorted(stats))}"
            yield Problem(f"unknown stat '{stat_id}'", file, (*ROOT, *path), hint=hint)

    def value(path: KeyPath, given: Value | None) -> Iterator[Problem]:
        if isinstance(given, str) and given.startswith("stat:"):
            yield from stat(path, given.removeprefix("stat:"))

    for part, ids in (
        ("counters", counters),
        ("actions", [a.id for a in tracker.actions]),
        ("markers", [m.id for m in tracker.markers]),
        ("tables", [t.id for t in tracker.tables]),
        ("grids", [g.id for g in tracker.grids]),
        ("modifiers", [m.id for m in tracker.modifiers]),
    ):
        yield from _twice(file, part, "id", ids)
    yield from _twice(file, "actions", "key", [a.key for a in tracker.actions])

    yield from value(("action_points",), tracker.action_points)
    yield from counter(("used_counter",), tracker.used_counter)
    if tracker.turns.stat is not None:
        yield from stat(("turns", "stat"), tracker.turns.stat)
    yield from value(("damage", "wounds"), tracker.damage.wounds)
    yield from counter(("damage", "out_counter"), tracker.damage.out_counter)
    fight_on = tracker.damage.fight_on
    if fight_on is not None and tags is not None and fight_on not in tags:
        yield Problem(
            f"no unit, item or rule carries the tag '{fight_on}'",
            file,
            (*ROOT, "damage", "fight_on"),
            hint=did_you_mean(fight_on, tags)
            or "give the tag to the rule that lets a model fight on after going out",
        )
    for n, destroyed in enumerate(tracker.victory.destroyed, start=1):
        # an entry may name tags a catalog has no unit for yet (ships); one that names
        # only such tags can never score, which is a typo far more often than not
        if tags is not None and not destroyed.tags & tags:
            named = ", ".join(f"'{t}'" for t in sorted(destroyed.tags))
            hint = next((h for t in sorted(destroyed.tags) if (h := did_you_mean(t, tags))), None)
            yield Problem(
                f"no unit, item or rule carries any of the tags {named}: it never scores",
                file,
                (*ROOT, "victory", "destroyed", n, "tags"),
                hint=hint or "give the tags to the units it scores for",
            )
    for n, spec in enumerate(tracker.counters, start=1):
        yield from value(("counters", n, "start"), spec.start)
        yield from value(("counters", n, "max"), spec.max)
        for stat_id in spec.modifiers:
            yield from stat(("counters", n, "modifiers", stat_id), stat_id)
    for n, action in enumerate(tracker.actions, start=1):
        for m, needed in enumerate(action.needs, start=1):
            yield from counter(("actions", n, "needs", m), needed)
        for m, effect in enumerate(action.effects, start=1):
            where: KeyPath = ("actions", n, "effects", m)
            yield from counter((*where, "counter"), effect.counter)
            yield from value((*where, "value"), effect.value)
            yield from value((*where, "repeat"), effect.repeat)
            if effect.on == "item" and action.item is None:
                yield Problem(
                    f"the action '{action.id}' changes a counter of its item but uses none",
                    file,
                    (*ROOT, *where, "on"),
                    hint="give the action an item selector, or put the effect on the model",
                )


def _twice(file: str, part: str, key: str, values: Sequence[str | None]) -> Iterator[Problem]:
    """A problem at each value already used earlier in the same list."""
    seen: set[str] = set()
    for n, given in enumerate(values, start=1):
        if given is None:
            continue
        if given in seen:
            yield Problem(
                f"the {key} '{given}' is used twice in [[tracker.{part}]]",
                file,
                (*ROOT, part, n, key),
                hint=f"give each one its own {key}",
            )
        seen.add(given)
