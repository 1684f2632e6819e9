"""The ``same-stat`` kind of list rule: within each unit, some models share a stat with
others ("a drone has its unit's RES and wounds").

All there is of it: its schema (``SameStatRule``, with the placeholders its message may
use), its catalog check, its check entry by entry (models are matched group by group by
``model.rules.match``, so an edit of one entry checks that entry alone), and its default
message.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, ClassVar, Literal

from pydantic import Field

from model.core.base import StatId
from model.core.messages import render
from model.core.value import frozen_value
from model.rules.findings import Finding, Where
from model.rules.kind import Context, EntryRule, RuleBase
from model.rules.match import group_matches
from model.rules.selectors import Selector

if TYPE_CHECKING:
    from model.core.problems import KeyPath
    from model.rules.entry import Entry
    from model.rules.kind import CatalogCheck

DEFAULT = "{unit}: {model} has {stat} {value}; it must have {expected}, as the others"
"""The finding's message when the rule gives none."""


class SameStatRule(RuleBase):
    """Within each unit, some models must share a stat with others (a drone has its
    unit's RES and wounds; a sidekick has its hero's RES)."""

    kind: Literal["same-stat"]
    placeholders: ClassVar[frozenset[str]] = frozenset(
        {"unit", "stat", "value", "expected", "model"}
    )
    """What its message may say."""
    select: Selector
    """The models that must match (matched model by model: those carrying a drone)."""
    like: Selector
    """The models they must match (the rest of the unit, the hero)."""
    stats: tuple[StatId, ...] = Field(min_length=1)

    def check(
        self, catalog: CatalogCheck, file: str, here: KeyPath, units: set[str], items: set[str]
    ) -> None:
        """Its selectors name what exists, and its stats the system's."""
        for key, sel in (("select", self.select), ("like", self.like)):
            catalog.check_selector(file, (*here, key), sel, units, items)
        for stat in self.stats:
            if stat not in catalog.stats:
                catalog.unknown(file, (*here, "stats"), "stat", stat, catalog.stats)

    def planned(self) -> SameStat:
        """The rule as the validator runs it."""
        return SameStat(self)


@frozen_value(slots=False)
class SameStat(EntryRule):
    """A same-stat rule, checked entry by entry."""

    rule: SameStatRule

    def findings(self, ctx: Context, lo: Entry) -> Iterator[Finding]:
        """Models matching ``select`` must have the stats of the models matching ``like``."""
        rule = self.rule
        targets = [g for g in lo.groups if group_matches(rule.select, lo, g)]
        refs = [g for g in lo.groups if g not in targets and group_matches(rule.like, lo, g)]
        if not targets or not refs:
            return
        for stat in rule.stats:
            expected = refs[0].stats.get(stat)
            for g in targets:
                value = g.stats.get(stat)
                if value != expected:
                    values = {
                        "unit": lo.label,
                        "model": g.name,
                        "stat": stat,
                        "value": value,
                        "expected": expected,
                    }
                    text = render(rule.message or DEFAULT, values)
                    yield Finding(rule.severity, rule.id, text, Where(lo.index))
