"""Every kind of list rule is registered, is whole in its own module, runs where its shape
says, and speaks only in the placeholders its schema lets a catalog use (one module per
kind, one registry line; ``mypy`` checks each kind has the methods called on the union,
these check what they give). History: issue 36."""

from __future__ import annotations

import importlib
import pkgutil
import sys
from collections.abc import Mapping
from types import ModuleType
from typing import get_args

import pytest

import model.rules
from model.core.messages import placeholders, render
from model.roster.validate import validate
from model.rules import count, points_limit, ratio, same_stat
from model.rules.count import CountRule
from model.rules.kind import EntryRule, ListRule, RuleBase
from model.rules.kinds import Constraint
from model.rules.match import Term
from model.rules.points_limit import PointsLimit
from model.rules.ratio import RatioRule
from model.rules.same_stat import SameStatRule
from model.rules.selectors import Selector
from saves.roster_file import read_roster
from tests.conftest import FIXTURES
from tests.helpers import bundled
from tests.model import test_design

ANY = Selector()

EXAMPLES: dict[type[RuleBase], list[tuple[Constraint, type[EntryRule | ListRule]]]] = {
    PointsLimit: [(PointsLimit(id="p", kind="points-limit"), ListRule)],
    CountRule: [
        (CountRule(id="c", kind="count", max=1), ListRule),
        (CountRule(id="u", kind="count", scope="unit", max=1), EntryRule),
    ],
    RatioRule: [
        (RatioRule(id="r", kind="ratio", numerator=Term(), denominator=Term(), max=1), ListRule)
    ],
    SameStatRule: [
        (SameStatRule(id="s", kind="same-stat", select=ANY, like=ANY, stats=("W",)), EntryRule)
    ],
}
"""A rule of every kind, and the shape it runs as: a count within each unit entry by
entry, a list-wide one over the list."""

DEFAULTS: dict[type[RuleBase], tuple[str, ...]] = {
    PointsLimit: (points_limit.DEFAULT, points_limit.DEFAULT_TOLERANCE),
    CountRule: (count.DEFAULT_MAX, count.DEFAULT_MIN),
    RatioRule: (ratio.DEFAULT,),
    SameStatRule: (same_stat.DEFAULT,),
}
"""Each kind's default messages, by its schema."""


def kinds() -> set[type[RuleBase]]:
    """The kinds a catalog may write: the members of ``Constraint``."""
    union = get_args(Constraint)[0]
    return set(get_args(union))


def test_every_kind_has_an_example_and_defaults() -> None:
    assert set(EXAMPLES) == kinds()
    assert set(DEFAULTS) == kinds()


def defined_kinds() -> set[type[RuleBase]]:
    """Every kind of rule a module of ``model.rules`` defines (a ``RuleBase`` with a
    ``kind``), whether or not the registry lists it."""
    found: set[type[RuleBase]] = set()
    for info in pkgutil.iter_modules(model.rules.__path__, "model.rules."):
        module = importlib.import_module(info.name)
        for value in vars(module).values():
            if (
                isinstance(value, type)
                and issubclass(value, RuleBase)
                and value.__module__ == info.name
                and "kind" in value.model_fields
            ):
                found.add(value)
    return found


def test_every_kind_module_is_in_the_registry() -> None:
    """A kind's module left off the registry line would parse no catalog's rule of it."""
    assert defined_kinds() == kinds()


def test_the_registry_check_finds_a_kind_left_off(monkeypatch: pytest.MonkeyPatch) -> None:
    """The check above, shown failing: a kind module the registry does not list."""
    source = (
        "from typing import Literal\n"
        "from model.rules.kind import RuleBase\n"
        "class Stray(RuleBase):\n"
        "    kind: Literal['stray']\n"
    )
    stray = ModuleType("model.rules.stray")
    exec(compile(source, "stray.py", "exec"), stray.__dict__)
    monkeypatch.setitem(sys.modules, "model.rules.stray", stray)
    real = pkgutil.iter_modules

    def with_stray(path: object, prefix: str = "") -> object:
        yield from real(path, prefix)  # type: ignore[arg-type]
        yield pkgutil.ModuleInfo(None, "model.rules.stray", False)  # type: ignore[arg-type]

    monkeypatch.setattr(pkgutil, "iter_modules", with_stray)
    assert defined_kinds() - kinds() == {vars(stray)["Stray"]}


@pytest.mark.parametrize("kind", sorted(kinds(), key=str), ids=str)
def test_each_kind_is_whole_in_its_module(kind: type[RuleBase]) -> None:
    """Its schema, its catalog check and how it checks a list are one module's."""
    module = sys.modules[kind.__module__]
    assert MODULES[kind] is module
    example = EXAMPLES[kind][0][0]
    assert type(example.planned()).__module__ == module.__name__
    assert "check" in vars(kind) and "planned" in vars(kind)


@pytest.mark.parametrize(
    ("rule", "shape"),
    [case for cases in EXAMPLES.values() for case in cases],
    ids=lambda v: str(getattr(v, "id", "")),
)
def test_the_registry_plans_each_kind_in_its_shape(
    rule: Constraint, shape: type[EntryRule | ListRule]
) -> None:
    run = rule.planned()
    assert isinstance(run, shape)
    assert rule in vars(run).values()


@pytest.mark.parametrize("kind", sorted(kinds(), key=str), ids=str)
def test_default_messages_use_only_the_kinds_placeholders(kind: type[RuleBase]) -> None:
    for template in DEFAULTS[kind]:
        assert placeholders(template) <= kind.placeholders, template


MODULES: dict[type[RuleBase], ModuleType] = {
    PointsLimit: points_limit,
    CountRule: count,
    RatioRule: ratio,
    SameStatRule: same_stat,
}
"""Each kind's module, by its schema."""


def test_each_kind_fills_the_placeholders_its_schema_allows(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """What the catalog check lets a message say (the schema's ``placeholders``) is what
    the kind's module fills in: every fixture list validated, and a designed unit whose
    drone has another RES than its unit (no fixture list breaks a same-stat rule), each
    kind's messages caught as they are rendered."""
    filled: dict[type[RuleBase], set[str]] = {kind: set() for kind in MODULES}
    for kind, module in MODULES.items():

        def caught(template: str, values: Mapping[str, object], kind: type = kind) -> str:
            filled[kind] |= set(values)
            return render(template, values)

        monkeypatch.setattr(module, "render", caught)
    for path in sorted((FIXTURES / "rosters").glob("*/*.toml")):
        listed, _ = read_roster(path)
        view = bundled(listed.system).view(listed.faction).with_cards(listed.cards)
        validate(view, listed)
    plain = test_design.card("troops", 4, 1, {"count": 2})
    odd = test_design.card("troops", 4, 1, {"count": 4}, {"abilities": ["drone"], "res": 5})
    designed = test_design.roster(plain, odd)
    validate(test_design.view().with_cards(designed.cards), designed)
    assert {kind: frozenset(names) for kind, names in filled.items()} == {
        kind: kind.placeholders for kind in MODULES
    }
