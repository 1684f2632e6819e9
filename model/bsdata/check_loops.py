"""Loops of entry links in BattleScribe data: found once, told as a warning.

A shared entry may hold a link to another that holds a link back (A offers a B, which
offers an A). BattleScribe data sometimes does this on purpose (an upgrade offered on
itself is rare but a bodyguard and its charge offering each other happens), and the
engine follows such a loop only as deep as a list nests, cutting a group that contains
itself (``model/bsdata/SEMANTICS.md`` rule 4). So a loop is not an error; but it is
usually a slip, and a player who finds an entry offered inside itself deserves the data's
author hearing of it: ``catalogs --check`` warns, naming the loop.

Each shared entry or group is a node; its edges are the links written inside it (not
inside the entries those links reach). Loops are found with one iterative depth-first
walk per file (no recursion a file could drive deep), and each loop is told once, from
the node of it written first.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from model.bsdata.data import Catalogue, Entry
from model.core.problems import Problem
from model.parse.xml_places import step

if TYPE_CHECKING:
    from model.bsdata.system import GameSystem

MAX_TOLD = 20
"""The most loops told per file: a folder with hundreds says so in one more line."""


def _links(entry: Entry) -> Iterator[str]:
    """The targets of the links written inside ``entry``, at any depth of entries and
    groups written in place, but not through another link."""
    stack = list(entry.children)
    while stack:
        child = stack.pop()
        if child.tag == "entryLink":
            if child.target_id:
                yield child.target_id
        else:
            stack.extend(child.children)


def _name(system: GameSystem, catalogue: Catalogue, target_id: str) -> str:
    found = system.find(target_id, catalogue.id)
    return found.name if isinstance(found, Entry) and found.name else target_id


def link_loops(system: GameSystem, catalogue: Catalogue) -> list[Problem]:
    """A warning for each loop of entry links among ``catalogue``'s shared entries."""
    nodes = {e.id: e for e in catalogue.shared_entries}
    edges = {node_id: [t for t in _links(e) if t in nodes] for node_id, e in nodes.items()}
    state: dict[str, int] = {}  # 1: on the current path, 2: done
    told: list[Problem] = []
    seen_loops: set[frozenset[str]] = set()
    for start in nodes:
        if start in state:
            continue
        path: list[str] = [start]
        todo: list[Iterator[str]] = [iter(edges[start])]
        state[start] = 1
        while todo:
            nxt = next(todo[-1], None)
            if nxt is None:
                state[path.pop()] = 2
                todo.pop()
                continue
            if state.get(nxt) == 1:
                loop = path[path.index(nxt) :]
                key = frozenset(loop)
                if key not in seen_loops and len(told) < MAX_TOLD:
                    seen_loops.add(key)
                    told.append(_problem(system, catalogue, nodes[loop[0]], loop))
            elif nxt not in state:
                state[nxt] = 1
                path.append(nxt)
                todo.append(iter(edges[nxt]))
    if len(seen_loops) >= MAX_TOLD:
        told.append(
            Problem(
                f"more loops of entry links than the {MAX_TOLD} told",
                catalogue.file,
                hint="fix these and check again",
            )
        )
    return told


def _problem(system: GameSystem, catalogue: Catalogue, first: Entry, loop: list[str]) -> Problem:
    names = " → ".join(_name(system, catalogue, node) for node in [*loop, loop[0]])
    place = step(first.tag, first.name, first.id)
    return Problem(
        f"{place}: entry links loop ({names})",
        catalogue.file,
        hint="an entry is offered inside itself; warband follows the loop only as deep as a "
        "list nests, but it is likely a slip in the data",
    )
