"""The order BattleScribe shows a place's selections and forces in: by name.

A roster keeps its selections in the order they were made (as BattleScribe's data layer
and its ``.ros`` files do), but BattleScribe shows them, at a force's top level and
inside every selection, sorted by name as modifiers left it, ignoring case, a selection
without a name first, and selections of the same name in the order they were made
(``Collections.sort`` is stable); forces side by side likewise, by their names. The
conformance suite's expected states are in this order (specs
``ordering-modifier-changed-name``, ``ordering-nested-selections``,
``force-add-and-remove-all``; the suite's ``docs/nr-ordering-analysis.md`` quotes the
comparator). Apart from ``evaluate`` because it changes no cost or finding: it is only
where a selection or force is shown.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from model.bsdata.roster import Force, Selection


def _folded(char: str) -> str:
    """``char`` as Java's ``compareToIgnoreCase`` compares it: upper case, then lower
    case, each only where it stays one character (Java's ``Character`` methods never
    make two, where Python's ``"ß".upper()`` is ``"SS"``)."""
    upper = char.upper()
    if len(upper) != 1:
        upper = char
    lower = upper.lower()
    return lower if len(lower) == 1 else upper


def name_key(name: str) -> tuple[bool, str]:
    """Sorts names as BattleScribe does: an empty name first, then by each character
    with case ignored (plain character order, so "Unit 10" comes before "Unit 2")."""
    return (name != "", "".join(_folded(c) for c in name))


def in_shown_order(
    selections: Sequence[Selection], names: Mapping[str, str]
) -> tuple[Selection, ...]:
    """``selections`` of one place as BattleScribe shows them; ``names`` are the
    effective names by selection id (a selection missing from it goes by its own)."""
    return tuple(sorted(selections, key=lambda s: name_key(names.get(s.id, s.name))))


def forces_in_shown_order(forces: Sequence[Force]) -> tuple[Force, ...]:
    """Forces side by side (the roster's, or those inside one force) as BattleScribe
    shows them: by name, with the same comparator (spec ``force-add-and-remove-all``)."""
    return tuple(sorted(forces, key=lambda f: name_key(f.name)))
