"""The order BattleScribe shows a roster in: forces and selections by name.

BattleScribe keeps a roster in two orders (the BattleScribe-spec project's reading of its
Java engine, ``docs/nr-ordering-analysis.md``, and its ``ordering`` specs):

- its data, and so the ``.ros`` it saves, in the order things were added (every list is
  appended to; a real BattleScribe 2.03 save lists "Cadre Fireblade" before "Aun'Shi");
- what it shows, prints and validates against: every list sorted by name, ignoring
  case (Java's ``compareToIgnoreCase``), an entry with no name first, entries of equal
  names in the order they were added (Java's sort is stable). Top-level selections,
  the selections inside each selection, the forces and the forces inside each force
  alike. The name is the one modifiers leave (a "Zulu" renamed "Bravo" sorts as
  "Bravo"), not a custom name.

warband's roster, like BattleScribe's data, is in the order things were added, and so is
the ``.ros`` it writes (``model.bsdata.ros_write``); ``in_battlescribe_order`` is the
second order, for whatever compares or shows a roster as BattleScribe does (the
conformance runner's expected states are in it). A force added inside a force is the one
exception: ``building`` puts it where ``name_key`` orders it among the others, as the
spec suite's ``ordering-nested-forces`` asks. New Recruit sorts top-level selections
the same way but keeps child forces in the order their force entries are written, and
sorts a selection's children by the data's ``sortIndex`` first (``SEMANTICS.md``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import replace
from typing import TYPE_CHECKING, TypeVar

if TYPE_CHECKING:
    from model.bsdata.roster import BsRoster, Force, Selection

T = TypeVar("T")


def name_key(name: str) -> tuple[bool, bytes]:
    """A sort key comparing names as Java's ``String.compareToIgnoreCase`` does, with an
    empty name first: each UTF-16 unit mapped to upper case and then to lower case (one
    character for one, as Java's ``Character`` does: "ß" stays "ß"), then compared unit
    by unit."""
    folded = "".join(_fold(ch) for ch in name)
    return (bool(name), folded.encode("utf-16-be", "surrogatepass"))


def _fold(ch: str) -> str:
    upper = ch.upper()
    if len(upper) != 1:
        upper = ch
    lower = upper.lower()
    return lower if len(lower) == 1 else upper


def in_battlescribe_order(roster: BsRoster, names: Mapping[str, str] | None = None) -> BsRoster:
    """``roster`` with its forces and selections, at every depth, in the order BattleScribe
    shows them. ``names`` gives a selection's name as modified, by selection id (the
    engine's ``Evaluation.names``); a selection it lacks sorts by its own ``name``."""
    known = names or {}

    def selection_name(selection: Selection) -> str:
        return known.get(selection.id, selection.name)

    def sort_selections(selections: tuple[Selection, ...]) -> tuple[Selection, ...]:
        return _sorted(
            tuple(replace(s, selections=sort_selections(s.selections)) for s in selections),
            selection_name,
        )

    def sort_forces(forces: tuple[Force, ...]) -> tuple[Force, ...]:
        return _sorted(
            tuple(
                replace(f, selections=sort_selections(f.selections), forces=sort_forces(f.forces))
                for f in forces
            ),
            lambda f: f.name,
        )

    return replace(roster, forces=sort_forces(roster.forces))


def _sorted(items: tuple[T, ...], name: Callable[[T], str]) -> tuple[T, ...]:
    if len(items) < 2:
        return items
    return tuple(sorted(items, key=lambda item: name_key(name(item))))
