"""A roster laid out flat for the engine: every selection with its node, parent and force.

The engine counts what queries ask for many times per evaluation; walking a nested
roster each time would cost a walk per query. So the roster is walked once, depth
first, into a flat table: selection ``i``'s descendants are exactly the indices from
``i + 1`` to ``end[i]``, a force's selections one range too, and every count becomes a
loop over a range or a list (``model.bsdata.queries``).

Each selection's entry is found here (``model.bsdata.resolve``), from the options of its
parent's node, or of its force's catalogue at the top. A selection whose entry is not
found, a force whose force entry or catalogue is not in the game system, become
findings; what is under an unknown entry cannot be resolved and is kept only for its
place (its ``node`` is None).
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import TYPE_CHECKING

from model.bsdata.resolve import NO_OPTIONS, Index, Node, Options
from model.core.safe_text import terminal_safe
from model.core.value import frozen_value
from model.rules.findings import Finding, Origin, Where

if TYPE_CHECKING:
    from model.bsdata.data import Catalogue, ForceEntry
    from model.bsdata.roster import BsRoster, Force, Selection
    from model.bsdata.system import GameSystem


@frozen_value
class Placed:
    """One selection in place."""

    selection: Selection
    node: Node | None
    parent: int | None
    """The index of the selection it is inside, None at a force's top level."""
    force: int
    end: int
    """One past its last descendant: descendants are ``index + 1 .. end - 1``."""
    children: tuple[int, ...]
    ancestors: tuple[int, ...]
    """The selections it is inside, nearest first."""


@frozen_value
class PlacedForce:
    """One force in place."""

    force: Force
    entry: ForceEntry | None
    catalogue: Catalogue | None
    parent: int | None
    top: tuple[int, ...]
    """Its top-level selections."""
    start: int
    own_end: int
    """Its own selections are ``start .. own_end - 1``."""
    end: int
    """With those of the forces inside it: ``start .. end - 1``."""
    forces: tuple[int, ...]
    """Every force inside it, at any depth."""


@frozen_value(slots=False)
class Tree:
    """The roster, flat, in depth-first order."""

    selections: tuple[Placed, ...]
    forces: tuple[PlacedForce, ...]
    by_id: Mapping[str, int]
    findings: tuple[Finding, ...]
    top_forces: tuple[int, ...]


def find_force_entry(forces: tuple[ForceEntry, ...], entry_id: str) -> ForceEntry | None:
    stack = list(forces)
    while stack:
        force = stack.pop()
        if force.id == entry_id:
            return force
        stack.extend(force.forces)
    return None


UNKNOWN = "unknown"
"""The pseudo-constraint of a finding that a roster names what the data does not have
(warband's own, as BattleScribe's ``hidden`` is: BattleScribe will not open such a
roster, so it has no name for it)."""
TOO_DEEP = "too-deep"
"""The pseudo-constraint of a selection nested deeper than warband reads."""

MAX_DEPTH = 100
"""The deepest nesting of selections read (real rosters nest a few levels): deeper ones
are a finding, not a crash."""


class _Builder:
    def __init__(self, index: Index) -> None:
        self.index = index
        self.system = index.system
        self.rows: list[Placed | None] = []
        self.forces: list[PlacedForce | None] = []
        self.findings: list[Finding] = []

    def force(self, force: Force, parent: int | None, depth: int = 0) -> int:
        at = len(self.forces)
        self.forces.append(None)
        catalogue = self.system.catalogue(force.catalogue_id)
        entry = None
        options = NO_OPTIONS
        if catalogue is None:
            self.findings.append(
                Finding(
                    "error",
                    "bs-unknown-catalogue",
                    f'Force "{terminal_safe(force.name)}" is from catalogue '
                    f'"{terminal_safe(force.catalogue_name or force.catalogue_id)}" '
                    f"({terminal_safe(force.catalogue_id)}), which is not in "
                    f"{terminal_safe(self.system.name)}: {_mend_catalogue(self.system)}",
                    origin=Origin("force", force.id, force.entry_id, force.catalogue_id, UNKNOWN),
                )
            )
        else:
            options = self.index.root_options(catalogue.id)
            entry = find_force_entry(self.system.forces(catalogue.id), force.entry_id)
            if entry is None:
                self.findings.append(
                    Finding(
                        "error",
                        "bs-unknown-force",
                        f'Force "{terminal_safe(force.name)}" is a kind of force '
                        f"({terminal_safe(force.entry_id)}) that {terminal_safe(catalogue.name)} "
                        "does not have: remove it, or update the data files",
                        origin=Origin("force", force.id, force.entry_id, force.entry_id, UNKNOWN),
                    )
                )
        start = len(self.rows)
        top = [self.selection(s, None, at, (), options, catalogue) for s in force.selections]
        own_end = len(self.rows)
        inner: list[int] = []
        for sub in force.forces if depth < MAX_DEPTH else ():
            child = self.force(sub, at, depth + 1)
            inner.append(child)
            placed = self.forces[child]
            assert placed is not None
            inner.extend(placed.forces)
        self.forces[at] = PlacedForce(
            force,
            entry,
            catalogue,
            parent,
            tuple(top),
            start,
            own_end,
            len(self.rows),
            tuple(inner),
        )
        return at

    def selection(
        self,
        selection: Selection,
        parent: int | None,
        force: int,
        ancestors: tuple[int, ...],
        options: Options,
        catalogue: Catalogue | None,
    ) -> int:
        at = len(self.rows)
        self.rows.append(None)
        node = options.find(selection.entry_id) if catalogue is not None else None
        if node is None and catalogue is not None:
            self.findings.append(
                Finding(
                    "error",
                    "bs-unknown-entry",
                    f'"{terminal_safe(selection.name)}" ({terminal_safe(selection.entry_id)}) '
                    f"is not an entry {_place_words(parent)} in "
                    f"{terminal_safe(catalogue.name)}: remove it, or update the data files",
                    Where(selection=selection.id),
                    origin=_on(selection, UNKNOWN),
                )
            )
        inner = (
            self.index.child_options(node, catalogue.id)
            if node is not None and catalogue is not None
            else NO_OPTIONS
        )
        within = (at, *ancestors)
        children: tuple[int, ...] = ()
        if len(within) < MAX_DEPTH:
            children = tuple(
                self.selection(s, at, force, within, inner, catalogue if node else None)
                for s in selection.selections
            )
        elif selection.selections:
            self.findings.append(
                Finding(
                    "error",
                    "bs-too-deep",
                    f'"{terminal_safe(selection.name)}" is nested over {MAX_DEPTH} deep: '
                    "what is inside it is not read; remove some of it",
                    Where(selection=selection.id),
                    origin=_on(selection, TOO_DEEP),
                )
            )
        self.rows[at] = Placed(selection, node, parent, force, len(self.rows), children, ancestors)
        return at


def _mend_catalogue(system: GameSystem) -> str:
    """How to mend a force of a catalogue the game lacks: add its file, or, when files of
    the folder were left out as the game loaded (``GameSystem.left_out``), mend those,
    named with why (the catalogue may be one of them)."""
    if not system.left_out:
        return "add the catalogue's file, or remove the force"
    files = "; ".join(f"{p.file}: {p.message}" for p in system.left_out[:3])
    more = f" (and {len(system.left_out) - 3} more)" if len(system.left_out) > 3 else ""
    return terminal_safe(
        f"files of the game were left out as it loaded ({files}{more}): mend them, or "
        "remove the force"
    )


def _on(selection: Selection, constraint_id: str) -> Origin:
    """The origin of a finding about the selection itself (its entry not found, or nested
    too deep): on it, from its entry's own id."""
    own = selection.entry_ids[-1]
    return Origin("selection", selection.id, own, own, constraint_id)


def _place_words(parent: int | None) -> str:
    return "that may be taken there" if parent is not None else "of a force's top level"


def build_tree(index: Index, roster: BsRoster) -> Tree:
    """Lay ``roster`` out flat, finding every selection's entry."""
    builder = _Builder(index)
    top = tuple(builder.force(f, None) for f in roster.forces)
    selections = tuple(p for p in builder.rows if p is not None)
    forces = tuple(f for f in builder.forces if f is not None)
    by_id = {p.selection.id: i for i, p in reversed(list(enumerate(selections)))}
    return Tree(selections, forces, MappingProxyType(by_id), tuple(builder.findings), top)
