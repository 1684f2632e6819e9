"""Reading XML with a place for every problem: the part BattleScribe's two readers share.

The catalogue reader (``model.bsdata.read``) and the roster reader
(``model.bsdata.ros_read``) both walk an element tree, report every problem at once, and
name where each is as a path of steps, ``selectionEntry "Car"/entryLink "Weapons"``; the
catalogue check (``model.bsdata.check_walk``) names places in the same words. A step is
an element's kind and its name, else its id, else the id it links to, cut to
``LABEL_CHARS`` and made safe for a terminal (a name is text from a stranger's file).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import TypeVar
from xml.etree.ElementTree import Element

from model.core.problems import Problem
from model.core.safe_text import terminal_safe
from model.parse.xml_guard import local_name

T = TypeVar("T")

LABEL_CHARS = 60
"""The most of a name shown in a place: enough to find the element, short enough that a
path of them stays one line."""


def step(tag: str, *labels: str | None) -> str:
    """One step of a place: ``selectionEntry "Car"`` (the first label given), or the bare
    tag with none."""
    label = next((text for text in labels if text), None)
    return f'{tag} "{terminal_safe(label[:LABEL_CHARS])}"' if label else tag


def children(parent: Element, name: str) -> Iterator[Element]:
    """``parent``'s direct children named ``name``, whatever their namespace."""
    for child in parent:
        tag = child.tag
        if isinstance(tag, str) and (_LOCAL.get(tag) or _local(tag)) == name:
            yield child


_LOCAL: dict[str, str] = {}
"""Each tag seen (``{namespace}name``) to its local name: a file has a few dozen tags
and a hundred thousand elements, so each is worked out once, not once an element."""


def _local(tag: str) -> str:
    name = _LOCAL[tag] = local_name(tag)
    return name


def _step(element: Element) -> str:
    """The step of an element's place (``step``), worked out only when a problem is told."""
    tag = element.tag
    return step(
        _LOCAL.get(tag) or _local(tag),
        element.get("name"),
        element.get("id"),
        element.get("targetId"),
    )


class PlacedReader:
    """One file's read: its name, where the walk is, and the problems found so far.

    The place is kept as the elements entered (or a step's text, put there by a reader),
    and each element's step is made only when a problem is told: a big catalogue is
    tens of thousands of elements and a handful of problems. The children of an element
    are grouped by name once (``_grouped``), as a reader asks for each of about twenty
    kinds of them in turn, most of which it has none of (read time of a 3 MB catalogue
    0.31 s before, measured in ``tests/benchmarks/test_bsdata_big.py``'s run)."""

    def __init__(self, file: str) -> None:
        self.file = file
        self.place: list[Element | str] = []
        self.problems: list[Problem] = []
        self._groups: dict[Element, dict[str, list[Element]]] = {}

    def where(self) -> str:
        """The current place: ``selectionEntry "Car"/entryLink "Weapons"``."""
        return "/".join(p if isinstance(p, str) else _step(p) for p in self.place)

    def problem(self, message: str, hint: str | None = None) -> None:
        """A problem at the current place."""
        where = self.where()
        self.problems.append(
            Problem(f"{where}: {message}" if where else message, self.file, hint=hint)
        )

    def enter(self, element: Element) -> str:
        """Step into ``element`` for the places of what is found inside; its tag."""
        self.place.append(element)
        tag = element.tag
        return _LOCAL.get(tag) or _local(tag)

    def leave(self) -> None:
        self.place.pop()

    def _grouped(self, parent: Element) -> dict[str, list[Element]]:
        """``parent``'s children by local name, worked out once per element read."""
        found = self._groups.get(parent)
        if found is None:
            found = self._groups[parent] = {}
            for child in parent:
                tag = child.tag
                if isinstance(tag, str):
                    name = _LOCAL.get(tag) or _local(tag)
                    kin = found.get(name)
                    if kin is None:
                        found[name] = [child]
                    else:
                        kin.append(child)
        return found

    def each(
        self, parent: Element, container: str, kind: str, read: Callable[[Element], T]
    ) -> tuple[T, ...]:
        """Read every ``<kind>`` inside ``parent``'s ``<container>`` elements, each at its
        own place."""
        holders = self._grouped(parent).get(container)
        if holders is None:
            return ()
        out: list[T] = []
        place = self.place
        for holder in holders:
            for element in self._grouped(holder).get(kind, ()):
                place.append(element)
                try:
                    out.append(read(element))
                finally:
                    place.pop()
        return tuple(out)
