"""What the builder tells a player before they choose: can this unit take this item,
and if the rules say no right now, why.

The answer comes from the same engine that checks the list: the item is added to
a copy of the roster, and any rule that the copy breaks but the list did not is
the reason. So the explanation can never disagree with the verdict.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from model.core.value import frozen_value
from model.roster.validate import edit_errors_each, validate

if TYPE_CHECKING:
    from model.catalog.schema import FactionView
    from model.roster.roster import Roster
    from model.rules.findings import Finding, Report


@frozen_value
class Option:
    """One item a roster entry may take, as the builder shows it."""

    item_id: str
    group_name: str
    cost: int
    """The price for this unit."""
    count: int
    """How many the entry has now (bought)."""
    limit: int | None
    """How many this entry may take, by the item's own limit and its group's, whichever
    is lower (a Mutard's blades: 2 each, but 1 weapon in all); None for no limit."""
    blocked_by: tuple[Finding, ...]
    """Errors one more would cause (empty when it can be taken)."""
    group_max: int | None = None
    """How many this entry may take from the option's group in all; None for no limit."""

    @property
    def allowed(self) -> bool:
        return not self.blocked_by

    @property
    def reasons(self) -> tuple[str, ...]:
        """Why one more is not allowed, told before it is added: "Adding one would make
        2 from Weapons; a Mutard takes at most 1". A rule that cannot say it so (a
        catalog's own message) is told as the list would be, without the fix it gives
        for that list."""
        return tuple(_before_adding(f) for f in self.blocked_by)


FIXES = re.compile(r": (?:remove|drop|add|raise|lower|take|give|set|buy|replace)\b[^:;]*$")
"""The fix at the end of a finding's message ("...: remove 1"), which speaks of the list
after an edit the player has not made."""


def _before_adding(finding: Finding) -> str:
    if finding.if_added is not None:
        text = finding.if_added
    else:
        text = "adding one would break a rule: " + FIXES.sub("", finding.message)
    return text[:1].upper() + text[1:]


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
        group_max = None if group.max is None else group.max * entry.models
        if group_max is not None:
            limit = group_max if limit is None else min(limit, group_max)
        count = entry.items.get(item_id, 0)
        cost = view.choice_cost(group, item_id)
        out.append(Option(item_id, group.name, cost, count, limit, new, group_max))
    return tuple(out)
