"""Cross-reference checks of a catalog's ``[tracker]`` section.

The schema checks each counter, action and table on its own; these checks make
sure the parts agree: every counter an action needs or changes exists, every
``stat:X`` names one of the system's stats, ids and action keys are not used
twice. Without them a misspelt counter id would load fine and only fail when
someone pressed the key at the table.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from typing import TYPE_CHECKING

from model.core.problems import KeyPath, Problem, did_you_mean

if TYPE_CHECKING:
    from model.catalog.tracker import Tracker
    from model.catalog.tracker_effects import RowEffect, Value

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
        if isinstance(given, str) and given.startswith(("stat:", "now:")):
            yield from stat(path, given.partition(":")[2])
        if (
            isinstance(given, str)
            and given.startswith("unit:")
            and given not in ("unit:standing", "unit:models")
        ):
            yield Problem(
                f"unknown value '{given}'",
                file,
                (*ROOT, *path),
                hint="unit:standing (figures still in the fight) or unit:models",
            )

    tables = frozenset(t.id for t in tracker.tables)
    tests = frozenset(t.id for t in tracker.tests)

    def defined(
        path: KeyPath, given: str | None, ids: frozenset[str], part: str
    ) -> Iterator[Problem]:
        if given is not None and given not in ids:
            hint = did_you_mean(given, ids) or f"define it under [[tracker.{part}]]"
            yield Problem(f"unknown {part[:-1]} '{given}'", file, (*ROOT, *path), hint=hint)

    def effects(path: KeyPath, given: Sequence[RowEffect]) -> Iterator[Problem]:
        for m, effect in enumerate(given, start=1):
            yield from counter((*path, m, "counter"), effect.counter)
            if effect.if_set is not None:
                yield from counter((*path, m, "if_set"), effect.if_set)

    for part, ids in (
        ("counters", counters),
        ("actions", [a.id for a in tracker.actions]),
        ("markers", [m.id for m in tracker.markers]),
        ("tables", [t.id for t in tracker.tables]),
        ("grids", [g.id for g in tracker.grids]),
        ("modifiers", [m.id for m in tracker.modifiers]),
        ("tests", [t.id for t in tracker.tests]),
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
    yield from effects(("damage", "on_out"), tracker.damage.on_out)
    for n, stat_id in enumerate(tracker.damage.zero_stats, start=1):
        yield from stat(("damage", "zero_stats", n), stat_id)
    phases = frozenset(p.id for p in tracker.turns.phases)
    for n, spec in enumerate(tracker.counters, start=1):
        yield from value(("counters", n, "start"), spec.start)
        yield from value(("counters", n, "max"), spec.max)
        yield from value(("counters", n, "refresh"), spec.refresh)
        yield from defined(("counters", n, "hidden_until"), spec.hidden_until, phases, "phases")
        for stat_id in spec.modifiers:
            yield from stat(("counters", n, "modifiers", stat_id), stat_id)
    for n, action in enumerate(tracker.actions, start=1):
        for m, needed in enumerate(action.needs, start=1):
            yield from counter(("actions", n, "needs", m), needed)
        for m, required in enumerate(action.requires, start=1):
            yield from counter(("actions", n, "requires", m), required)
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

    for n, table in enumerate(tracker.tables, start=1):
        for m, row in enumerate(table.rows, start=1):
            at: KeyPath = ("tables", n, "rows", m)
            yield from effects((*at, "effects"), row.effects)
            for k, row_effect in enumerate(row.effects, start=1):
                if row_effect.value == "given":
                    yield Problem(
                        "a table's result cannot ask for a number",
                        file,
                        (*ROOT, *at, "effects", k, "value"),
                        hint='give a number or dice ("1d10", with divide = 2 for d10 / 2)',
                    )
            yield from defined((*at, "then"), row.then, tables, "tables")
            yield from defined((*at, "test"), row.test, tests, "tests")
    for n, test in enumerate(tracker.tests, start=1):
        at = ("tests", n)
        yield from value((*at, "count"), test.count)
        yield from value((*at, "target"), test.target)
        yield from effects((*at, "on_pass"), test.on_pass)
        yield from effects((*at, "on_fail"), test.on_fail)
        yield from defined((*at, "pass_table"), test.pass_table, tables, "tables")
        yield from defined((*at, "fail_table"), test.fail_table, tables, "tables")
        yield from defined((*at, "defended_by"), test.defended_by, tests, "tests")
        for m, led in enumerate(test.leads_to, start=1):
            yield from defined((*at, "leads_to", m), led, tests, "tests")
        for m, phase in enumerate(test.phases, start=1):
            yield from defined((*at, "phases", m), phase, phases, "phases")
    action_ids = frozenset(a.id for a in tracker.actions)
    for n, modifier in enumerate(tracker.modifiers, start=1):
        for m, counter_id in enumerate(modifier.counters, start=1):
            yield from counter(("modifiers", n, "counters", m), counter_id)
        for m, action_id in enumerate(modifier.actions, start=1):
            yield from defined(("modifiers", n, "actions", m), action_id, action_ids, "actions")
    for n, action in enumerate(tracker.actions, start=1):
        if action.spends_turn_if is not None:
            yield from counter(("actions", n, "spends_turn_if"), action.spends_turn_if)
    lose = tracker.victory.lose_without
    if lose is not None and tags is not None and lose not in tags:
        yield Problem(
            f"no unit carries the tag '{lose}': no side could ever lose by it",
            file,
            (*ROOT, "victory", "lose_without"),
            hint=did_you_mean(lose, tags) or "give the tag to the units a side cannot lose",
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
