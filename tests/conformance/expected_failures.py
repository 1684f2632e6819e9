"""The conformance specs warband does not pass yet, each with the behaviour it lacks.

One place for the whole list: ``test_specs.py`` marks each of these a strict ``xfail``
(so a spec that starts passing fails the run until its line here is removed), and
``model/bsdata/SEMANTICS.md`` lists the same reasons. Keyed by spec id; the items named
are those of issue 32.
"""

from __future__ import annotations

ONE_FINDING = (
    "Choice: one finding per broken constraint, where BattleScribe gives the same error once per"
    " force of the entry (SEMANTICS.md rule 23)."
)
LINK_CONSTRAINT = (
    "Choice (New Recruit's, whose expectations warband meets): a link's own constraint broken is"
    " named by the link, where BattleScribe names the target's, which is not broken"
    " (SEMANTICS.md rule 23)."
)
EDIT_ORDER = (
    "BattleScribe's costs here depend on the order and number of edits made (one pass per"
    " edit, reading costs the last edit left: the same roster built in another order costs"
    " otherwise); warband's are worked out from the roster alone (SEMANTICS.md rule 19)."
)

FAILING: dict[str, str] = {
    "constraint-entry-link-merged": LINK_CONSTRAINT,
    "constraint-forces-field-on-forceentry": ONE_FINDING,
    "modifier-repeat-cost-self-reference": EDIT_ORDER,
}
