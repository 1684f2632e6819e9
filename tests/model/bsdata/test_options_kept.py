"""What a place keeps of its entries, worked out once (``model.bsdata.resolve.Options``),
is what working it out at each evaluation gave:

- the modifiers kept per entry for the values of its minimums (``touching``,
  ``Minimums.modifiers``) give the values that the whole of its modifiers, walked for
  those values alone, gives: cut as written (groups kept with only what changes one of
  the values inside them), and over the real list equal for every entry with a minimum
  in every place;
- the entries of each group (``Options.in_groups``) are those of the place that name
  the group, in the order written;
- an entry passed over where nothing of it is selected (``Minimums.short_unselected``
  False, ``lacks_unselected``) is one whose minimums could not be short there: over
  the real list the check of its minimums finds nothing short in every place.

The real list is the 2,000-point Space Marines one (``../shared/bsdata/wh40k-10e``);
those tests are marked ``real_data`` and skipped without the data."""

from __future__ import annotations

from pathlib import Path

import pytest

from catalogs.library import Library
from model.bsdata.constraints import Checker
from model.bsdata.data import Constraint, Modifier, ModifierGroup, Query, Repeat
from model.bsdata.engine import Engine, run_engine
from model.bsdata.modifiers import values_only
from model.bsdata.queries import Ctx
from model.bsdata.resolve import Options, lacks_unselected, touching
from tests.tui.real_lists import TENTH, games_folder, has_data, space_marines


def test_only_what_changes_the_fields_is_kept_in_the_order_written() -> None:
    a, b, a2 = (
        Modifier("set", "a", "1"),
        Modifier("set", "b", "2"),
        Modifier("increment", "a2", "1"),
    )
    only_b = ModifierGroup(modifiers=(b,))
    inner = ModifierGroup(modifiers=(b, a2), nested=(only_b,))
    outer = ModifierGroup(modifiers=(b,), nested=(only_b, inner))
    kept = touching((a, b, inner, outer, a), frozenset({"a", "a2"}))
    cut = ModifierGroup(modifiers=(a2,))
    assert kept == (a, cut, ModifierGroup(modifiers=(), nested=(cut,)), a)
    assert touching((b, only_b), frozenset({"a"})) == ()


def _every_place(tmp_path: Path) -> tuple[Engine, list[tuple[int, int | None, Options]]]:
    """The engine of the real list, and each place of it: (force, the selection it is
    inside or None at the force's top, what the place offers)."""
    system = Library(games_folder(tmp_path)).load_battlescribe(TENTH)
    engine = run_engine(system, space_marines(system))
    tree = engine.tree
    places: list[tuple[int, int | None, Options]] = [
        (at, None, engine.index.root_options(placed.catalogue.id))
        for at, placed in enumerate(tree.forces)
        if placed.catalogue is not None
    ]
    for at, row in enumerate(tree.selections):
        catalogue = tree.forces[row.force].catalogue
        if row.node is not None and catalogue is not None:
            places.append((row.force, at, engine.index.child_options(row.node, catalogue.id)))
    return engine, places


@pytest.mark.real_data
@pytest.mark.skipif(not has_data(TENTH), reason=f"no {TENTH} in ../shared/bsdata")
def test_the_values_of_minimums_are_those_of_all_the_modifiers(tmp_path: Path) -> None:
    engine, places = _every_place(tmp_path)
    compared, modified = 0, 0
    for force, parent, options in places:
        for node, minimums in options.constrained:
            if not minimums.constraints:
                continue
            ctx = Ctx(force, None, parent, node=node)
            whole = values_only(node, ctx, engine.counts, minimums.ids)
            assert values_only(node, ctx, engine.counts, minimums.ids, minimums.modifiers) == whole
            compared += 1
            modified += whole != {c.id: c.value for c in minimums.constraints}
    assert compared > 200 and modified  # some minimums are changed by modifiers


@pytest.mark.real_data
@pytest.mark.skipif(not has_data(TENTH), reason=f"no {TENTH} in ../shared/bsdata")
def test_the_entries_of_each_group_are_those_naming_it(tmp_path: Path) -> None:
    system = Library(games_folder(tmp_path)).load_battlescribe(TENTH)
    engine = run_engine(system, space_marines(system))
    tree = engine.tree
    groups = 0
    for at, row in enumerate(tree.selections):
        catalogue = tree.forces[row.force].catalogue
        if row.node is None or catalogue is None:
            continue
        options = engine.index.child_options(row.node, catalogue.id)
        for group in options.groups:
            named = [n for n in options.entries if any(g is group for g in n.groups)]
            assert list(options.in_groups.get(group, ())) == named, (at, group.key)
            groups += len(named) > 1
    assert groups  # some groups hold several entries


def _min(value: float, scope: str = "self", field: str = "selections") -> Constraint:
    return Constraint("c", "min", value, Query(field, scope))


def _per(scope: str, field: str = "selections") -> Repeat:
    return Repeat(1.0, 1, False, Query(field, scope, child_id="x"))


def test_a_minimum_nothing_can_raise_where_unselected_is_passed_over() -> None:
    raised = Modifier("increment", "c", "2", repeats=(_per("self"),))
    assert not lacks_unselected(False, (_min(0),), ())
    assert not lacks_unselected(False, (_min(0),), (raised,))
    assert not lacks_unselected(False, (_min(-1), _min(0, field="pts")), (raised, raised))
    # a group whose repeats count in "self" applies nothing, whatever it holds
    assert not lacks_unselected(
        False,
        (_min(0),),
        (ModifierGroup(modifiers=(Modifier("set", "c", "1"),), repeats=(_per("self"),)),),
    )
    assert not lacks_unselected(False, (_min(0),), (ModifierGroup(modifiers=(raised,)),))


def test_a_minimum_that_could_be_short_where_unselected_is_checked() -> None:
    raised = Modifier("increment", "c", "2", repeats=(_per("self"),))
    assert lacks_unselected(False, (_min(1),), ())  # short of 1 with none there
    assert lacks_unselected(True, (_min(0),), ())  # a group's self is where its members are
    assert lacks_unselected(False, (_min(0, "parent"),), ())
    assert lacks_unselected(False, (_min(0, field="limit::pts"),), ())
    # a condition alone may hold with nothing counted; a repeat elsewhere may count
    assert lacks_unselected(False, (_min(0),), (Modifier("set", "c", "1"),))
    assert lacks_unselected(
        False, (_min(0),), (Modifier("increment", "c", "1", repeats=(_per("self"), _per("force"))),)
    )
    assert lacks_unselected(
        False, (_min(0),), (Modifier("increment", "c", "1", repeats=(_per("self", "limit::pts"),)),)
    )
    assert lacks_unselected(
        False,
        (_min(0),),
        (
            ModifierGroup(
                modifiers=(raised,), nested=(ModifierGroup(modifiers=(Modifier("set", "c", "1"),)),)
            ),
        ),
    )


@pytest.mark.real_data
@pytest.mark.skipif(not has_data(TENTH), reason=f"no {TENTH} in ../shared/bsdata")
def test_what_is_passed_over_unselected_is_never_short_there(tmp_path: Path) -> None:
    engine, places = _every_place(tmp_path)
    checker = Checker(engine)
    passed = 0
    for force, parent, options in places:
        for node, minimums in options.constrained:
            if minimums.constraints and not minimums.short_unselected:
                assert not checker._may_lack(node, force, parent, minimums), node.key
                passed += 1
    assert passed > 150  # every unit of the force's top level, at least
