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
HIDDEN = (
    "Choice (New Recruit's, whose expectations warband meets): a hidden entry selected is an"
    " error whatever its categories, where BattleScribe reports none without one (SEMANTICS.md"
    " rule 24)."
)
FAULTS = "A small fault in the data refuses the whole game, where BattleScribe loads it."
NEW_RECRUIT = (
    "The data uses New Recruit's extensions to the format (modifier type replace), which"
    " warband refuses (issue 33)."
)
EDIT_ORDER = (
    "BattleScribe's costs here depend on the order and number of edits made (one pass per"
    " edit, reading costs the last edit left: the same roster built in another order costs"
    " otherwise); warband's are worked out from the roster alone (SEMANTICS.md rule 19)."
)
UNKNOWN = "Not diagnosed yet: see the first difference `python -m tests.conformance` prints."

FAILING: dict[str, str] = {
    "constraint-entry-link-merged": LINK_CONSTRAINT,
    "constraint-entry-link-shared-counting": FAULTS,
    "constraint-entry-link-shared-target": FAULTS,
    "constraint-forces-field-on-forceentry": ONE_FINDING,
    "force-entry-publication": UNKNOWN,
    "gamesystem-publication": UNKNOWN,
    "hidden-cascade-to-children": HIDDEN,
    "modifier-repeat-cost-self-reference": EDIT_ORDER,
    "modifier-set-hidden-no-category": HIDDEN,
    "modifier-set-hidden-true": FAULTS,
    "publication-on-catalogue": UNKNOWN,
    "selection-hidden-entry": HIDDEN,
    "wh40k-10e-create-army": NEW_RECRUIT,
    "wh40k-10e-space-marines-army": NEW_RECRUIT,
}
