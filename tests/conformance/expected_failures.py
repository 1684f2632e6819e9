"""The conformance specs warband does not pass yet, each with the behaviour it lacks.

One place for the whole list: ``test_specs.py`` marks each of these a strict ``xfail``
(so a spec that starts passing fails the run until its line here is removed), and
``model/bsdata/SEMANTICS.md`` lists the same reasons. Keyed by spec id; the items named
are those of issue 32.
"""

from __future__ import annotations

ORIGIN = (
    "A finding does not yet say which roster element it is on and which constraint it comes"
    " from (item 4)."
)
INFOS = "A selection's profiles and rules, as modified, are not in warband's state yet (item 3)."
EDITS = "The building API has no child forces, duplicates or custom notes yet (item 6)."
COLLECTIVE = "Collective entries are not yet kept to one number per model as BattleScribe does."
ORDER = "Selections are not yet in BattleScribe's order (by effective name)."
FORCE_ORDER = "Forces are not yet listed in BattleScribe's order (by name)."
FAULTS = "A small fault in the data refuses the whole game, where BattleScribe loads it."
NEW_RECRUIT = (
    "The data uses New Recruit's extensions to the format (modifier type replace), which"
    " warband refuses (issue 33)."
)
UNKNOWN = "Not diagnosed yet: see the first difference `python -m tests.conformance` prints."

FAILING: dict[str, str] = {
    "auto-select-field-forces-skipped": ORIGIN,
    "catalogue-root-rules": FAULTS,
    "condition-instance-of-by-category": UNKNOWN,
    "condition-instance-of-by-type": UNKNOWN,
    "condition-not-instance-of": UNKNOWN,
    "constraint-cost-limit-linked": ORIGIN,
    "constraint-cost-max-linked": ORIGIN,
    "constraint-cost-min-linked": ORIGIN,
    "constraint-entry-link-merged": ORIGIN,
    "constraint-entry-link-shared-counting": ORIGIN,
    "constraint-entry-link-shared-target": ORIGIN,
    "constraint-errors-contain": ORIGIN,
    "constraint-forces-field-min-error": ORIGIN,
    "constraint-forces-field-on-forceentry": ORIGIN,
    "constraint-forces-field": ORIGIN,
    "constraint-hidden-violation-linked": ORIGIN,
    "constraint-include-child-forces": EDITS,
    "constraint-max-violation-linked": ORIGIN,
    "constraint-max-violation": UNKNOWN,
    "constraint-min-violation-linked": ORIGIN,
    "constraint-min-violation": ORIGIN,
    "constraint-multiple-errors-linked": UNKNOWN,
    "constraint-percent-value-at-limit": ORIGIN,
    "constraint-shared-flag": ORIGIN,
    "constraint-shared-linked": ORIGIN,
    "cost-default-limit-positive": ORIGIN,
    "cost-default-limit-zero": ORIGIN,
    "cost-hidden-limit-validation": ORIGIN,
    "customization-category": EDITS,
    "customization-force": EDITS,
    "entry-group-collective": COLLECTIVE,
    "force-add-and-remove-all": FORCE_ORDER,
    "force-entry-hidden": FORCE_ORDER,
    "force-nested-deep-selections": EDITS,
    "force-nested-multi-catalogue": EDITS,
    "force-nested-multiple-children": EDITS,
    "force-nested-parent-child-selections": EDITS,
    "gamesystem-root-rule": INFOS,
    "infogroup-with-modifiers": INFOS,
    "modifier-append-after-numeric-set": UNKNOWN,
    "modifier-characteristic-value": INFOS,
    "modifier-decrement-name": UNKNOWN,
    "modifier-entry-page": UNKNOWN,
    "modifier-group-on-infolink": INFOS,
    "modifier-group-on-profile": INFOS,
    "modifier-group-on-rule": INFOS,
    "modifier-group-with-repeat": UNKNOWN,
    "modifier-numeric-on-name": UNKNOWN,
    "modifier-on-profile": INFOS,
    "modifier-repeat-cost-self-reference": UNKNOWN,
    "modifier-repeat-include-child-forces": EDITS,
    "modifier-repeat-shared-flag": UNKNOWN,
    "modifier-rule-description": INFOS,
    "modifier-set-hidden-true": ORIGIN,
    "modifier-string-increment-numeric": UNKNOWN,
    "ordering-modifier-changed-name": ORDER,
    "ordering-nested-forces": EDITS,
    "ordering-nested-selections": ORDER,
    "wh40k-10e-create-army": NEW_RECRUIT,
    "wh40k-10e-space-marines-army": NEW_RECRUIT,
    "roundtrip-reload-roster": UNKNOWN,
    "scope-child-id-filter": UNKNOWN,
    "scope-include-child-forces-nested": EDITS,
    "scope-include-child-forces": EDITS,
    "scope-parent": UNKNOWN,
    "scope-primary-catalogue": UNKNOWN,
    "scope-self": UNKNOWN,
    "collective-child-inherits-number": COLLECTIVE,
    "collective-constraint-per-model": COLLECTIVE,
    "collective-group-constraint-per-model": COLLECTIVE,
    "collective-group-default-scaling": COLLECTIVE,
    "collective-instance-amount": COLLECTIVE,
    "collective-is-duplicate": COLLECTIVE,
    "collective-per-model-operations": COLLECTIVE,
    "force-entry-with-profile": INFOS,
    "force-entry-with-rule": INFOS,
    "import-false-entry-direct-use": UNKNOWN,
    "info-link-to-infogroup": INFOS,
    "info-link-to-profile": INFOS,
    "info-link-with-modifiers": INFOS,
    "infogroup-multiple-profiles": INFOS,
    "infogroup-nested": INFOS,
    "infolink-publication-not-inherited": INFOS,
    "infolink-publication-override": INFOS,
    "profile-hidden": INFOS,
    "profile-inherited-from-link": INFOS,
    "profile-multiple-on-entry": INFOS,
    "profile-with-page": INFOS,
    "rule-hidden": INFOS,
    "rule-multiple-on-entry": INFOS,
    "rule-publication": INFOS,
    "rule-with-page": INFOS,
    "selection-collective-create": COLLECTIVE,
    "selection-collective-deselect": COLLECTIVE,
    "selection-deselect-then-reselect": UNKNOWN,
    "selection-duplicate": EDITS,
    "selection-entry-group-basic": ORDER,
    "selection-entry-group-constraint": ORDER,
    "selection-entry-group-default-with-max": ORIGIN,
    "selection-multiple-types": ORDER,
}
