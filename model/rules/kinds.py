"""Which kinds of list rule there are: the one line that lists them.

A few generic kinds cover every supported game: ``points-limit`` (the list's points
against its limit, perhaps with a tolerance), ``count`` (how many of something, within the
list or each unit, between bounds that may scale with the points limit; uniqueness,
requirements and exclusions are counts with a ``when``), ``ratio`` (one count against
another) and ``same-stat`` (some models of a unit share a stat with the others). Each is
whole in its module beside this one.

``Constraint`` is what a catalog file's ``[[constraints]]`` table parses into (told apart
by ``kind``). The catalog check and the validator call each rule's ``check`` and
``planned`` on this union, so a kind listed here without them fails ``mypy`` at those
calls, and ``tests/model/test_list_rule_kinds.py`` fails for a kind module not listed
here. A new kind of list rule is a module beside these (see ``model.rules.kind``) and one
more name on the line below.
"""

from __future__ import annotations

from typing import Annotated

from pydantic import Field

from model.rules.count import CountRule
from model.rules.points_limit import PointsLimit
from model.rules.ratio import RatioRule
from model.rules.same_stat import SameStatRule

Constraint = Annotated[
    PointsLimit | CountRule | RatioRule | SameStatRule, Field(discriminator="kind")
]
"""Any list rule, told apart by its ``kind``."""
