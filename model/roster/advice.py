"""What the builder tells a player before they choose: can this unit take this item,
and if the rules say no right now, why.

The answer comes from the same engine that checks the list: the item is added to
a copy of the roster, and any rule that the copy breaks but the list did not is
the reason. So the explanation can never disagree with the verdict.
"""

from __future__ import annotations

from dataclasses import dataclass

from model.catalog.schema import FactionView
from model.roster.edit_check import edit_errors_each
from model.roster.findings import Finding, Report
from model.roster.roster import Roster
from model.roster.validate import validate


@dataclass(frozen=True, slots=True)
class Option:
    """One item a roster entry may take, as the builder shows it."""

    item_id: str
    group_name: str
    cost: int
    """The price for this unit."""
    count: int
    """How many the entry has now (bought)."""
    limit: int | None
    """How many one model may take; None for no limit."""
    blocked_by: tuple[Finding, ...]
    """Errors one more would cause (empty when it can be taken)."""

    @property
    def allowed(self) -> bool:
        return not self.blocked_by


def options_for(
    view: FactionView, roster: Roster, index: int, report: Report | None = None
) -> tuple[Option, ...]:
    """Every option of one entry, with its price, count and what would forbid one more.

    One more of an option changes only this entry: the other entries' own findings stay
    as they are (and are in ``before``), so only the list-wide rules and this entry are
    checked per option (``edit_errors_each``, which counts the other entries once).
    ``report``: ``validate``'s for ``roster``, where the caller has it (the builder checks
    the list after every edit), so it is not worked out twice."""
    entry = roster.units[index]
    report = validate(view, roster) if report is None else report
    before = {(f.code, f.message) for f in report.errors}
    offered = [
        (group, item_id, choice)
        for group in view.option_groups(entry.unit)
        for item_id, choice in group.choices.items()
    ]
    trials = [
        entry.with_item(item_id, entry.items.get(item_id, 0) + 1) for _, item_id, _ in offered
    ]
    out: list[Option] = []
    for (group, item_id, choice), errors in zip(
        offered, edit_errors_each(view, roster, index, trials), strict=True
    ):
        new = tuple(
            f for f in errors if (f.code, f.message) not in before and f.code != "points-limit"
        )
        limit = None if choice.limit is None else choice.limit * entry.models
        count = entry.items.get(item_id, 0)
        out.append(Option(item_id, group.name, view.choice_cost(group, item_id), count, limit, new))
    return tuple(out)
