"""Every kind of list rule is registered, runs where its shape says, and speaks only in
the placeholders its schema lets a catalog use (issue 36: one module per kind, one
registry; ``mypy`` checks the dispatches are complete, these check what they give)."""

from __future__ import annotations

from typing import get_args

import pytest

from model.catalog.constraints import (
    Constraint,
    CountRule,
    PointsLimit,
    RatioRule,
    RuleBase,
    SameStatRule,
    Term,
)
from model.catalog.selectors import Selector
from model.core.messages import placeholders
from model.roster.rules import count, points_limit, ratio, same_stat
from model.roster.rules.kind import EntryRule, ListRule
from model.roster.rules.kinds import planned

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


@pytest.mark.parametrize(
    ("rule", "shape"),
    [case for cases in EXAMPLES.values() for case in cases],
    ids=lambda v: str(getattr(v, "id", "")),
)
def test_the_registry_plans_each_kind_in_its_shape(
    rule: Constraint, shape: type[EntryRule | ListRule]
) -> None:
    run = planned(rule)
    assert isinstance(run, shape)
    assert rule in vars(run).values()


@pytest.mark.parametrize("kind", sorted(kinds(), key=str), ids=str)
def test_default_messages_use_only_the_kinds_placeholders(kind: type[RuleBase]) -> None:
    for template in DEFAULTS[kind]:
        assert placeholders(template) <= kind.placeholders, template
