"""The ``same-stat`` kind of list rule: within each unit, some models share a stat with
others ("a drone has its unit's RES and wounds").

Everything the validator needs of it: it is checked entry by entry (models are matched
group by group by ``model.roster.rules.match``), so an edit of one entry checks that entry
alone, and its default message (the placeholders it may use are the schema's,
``SameStatRule.placeholders``).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING

from model.core.messages import render
from model.roster.findings import Finding, Where
from model.roster.rules.kind import Context, EntryRule
from model.roster.rules.match import group_matches

if TYPE_CHECKING:
    from model.catalog.constraints import SameStatRule
    from model.roster.loadout import Loadout

DEFAULT = "{unit}: {model} has {stat} {value}; it must have {expected}, as the others"
"""The finding's message when the rule gives none."""


@dataclass(frozen=True)
class SameStat(EntryRule):
    """A same-stat rule, checked entry by entry."""

    rule: SameStatRule

    def findings(self, ctx: Context, lo: Loadout) -> Iterator[Finding]:
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


def planned(rule: SameStatRule) -> SameStat:
    """The rule as the validator runs it."""
    return SameStat(rule)
