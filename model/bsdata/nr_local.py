"""New Recruit's local condition groups (``localConditionGroups``): a count of the
selections for which conditions hold, each asked from that selection (``SEMANTICS.md``
rule 41), e.g. "the second Bloodthirster onwards" in the 11th edition data.

Kept apart from ``model.bsdata.nr_extensions`` (which ``model.bsdata.queries`` uses, so
it cannot use the queries itself) and from ``model.bsdata.conditions`` (which passes its
own ``condition_holds``/``group_holds`` in, as a local group nests ordinary ones).
"""

from __future__ import annotations

from collections.abc import Callable

from model.bsdata.data import COMPARISONS, Condition, ConditionGroup, LocalConditionGroup
from model.bsdata.queries import Counts, Ctx


def local_holds(
    local: LocalConditionGroup,
    ctx: Ctx,
    counts: Counts,
    holds: Callable[[Condition, Ctx, Counts], bool],
    group_holds: Callable[[ConditionGroup, Ctx, Counts], bool],
) -> bool:
    """Whether a New Recruit local condition group holds asked from ``ctx``: of the
    selections its query's scope holds (all below it with ``includeChildSelections``),
    those for which its conditions hold asked from each are counted (their numbers),
    and the count compared to its value; ``before`` holds for a selection that stands
    before the place asking (every one, for an entry not selected yet). One pass over
    the scope's members: never more than the roster holds."""
    compare = COMPARISONS.get(local.type)
    if compare is None:
        return False
    rows = counts.tree.selections
    asker = ctx.self_sel
    deep = local.query.include_child_selections
    for root in counts.roots(local.query, ctx):
        total = 0.0
        for at in counts.members(root, deep):
            place = Ctx(rows[at].force, at, rows[at].parent, node=rows[at].node)
            if all(
                (asker is None or at < asker) if c.type == "before" else holds(c, place, counts)
                for c in local.conditions
            ) and all(group_holds(g, place, counts) for g in local.groups):
                total += counts.numbers[at]
        if compare(total, local.value):
            return True
    return False
