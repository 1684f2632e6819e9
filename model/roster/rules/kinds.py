"""Which kinds of list rule there are: each catalog rule handed to its kind's module.

The validator and the edit check ask this module, never a rule's kind: ``planned`` turns
a catalog's rule (``model.catalog.constraints.Constraint``) into an ``EntryRule`` or a
``ListRule`` (``model.roster.rules.kind``) by its kind. The ``match`` over the kinds ends
in ``assert_never``, so a kind added to ``Constraint`` and not here fails ``mypy``.

A new kind of list rule: its schema in ``model/catalog/constraints.py`` (with the
placeholders its messages may use), its catalog check in
``model/catalog/list_rule_check.py``, a module beside these that makes the rule an
``EntryRule`` or a ``ListRule``, and one line here. It is apart from the kinds because it
is the one place that knows them all.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, assert_never

from model.catalog.constraints import Constraint, CountRule, PointsLimit, RatioRule, SameStatRule
from model.roster.rules import count, points_limit, ratio, same_stat

if TYPE_CHECKING:
    from model.roster.rules.kind import EntryRule, ListRule


def planned(rule: Constraint) -> EntryRule | ListRule:
    """The rule as the validator runs it: entry by entry, or over the whole list."""
    match rule:
        case PointsLimit():
            return points_limit.planned(rule)
        case CountRule():
            return count.planned(rule)
        case RatioRule():
            return ratio.planned(rule)
        case SameStatRule():
            return same_stat.planned(rule)
        case _:
            assert_never(rule)
