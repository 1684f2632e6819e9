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
        if isinstance(child.tag, str) and local_name(child.tag) == name:
            yield child


class PlacedReader:
    """One file's read: its name, where the walk is, and the problems found so far."""

    def __init__(self, file: str) -> None:
        self.file = file
        self.place: list[str] = []
        self.problems: list[Problem] = []

    def problem(self, message: str, hint: str | None = None) -> None:
        """A problem at the current place."""
        where = "/".join(self.place)
        self.problems.append(
            Problem(f"{where}: {message}" if where else message, self.file, hint=hint)
        )

    def enter(self, element: Element) -> str:
        """Step into ``element`` for the places of what is found inside; its tag."""
        tag = local_name(element.tag)
        self.place.append(
            step(tag, element.get("name"), element.get("id"), element.get("targetId"))
        )
        return tag

    def leave(self) -> None:
        self.place.pop()

    def each(
        self, parent: Element, container: str, kind: str, read: Callable[[Element], T]
    ) -> tuple[T, ...]:
        """Read every ``<kind>`` inside ``parent``'s ``<container>`` elements, each at its
        own place."""
        out: list[T] = []
        for holder in children(parent, container):
            for element in children(holder, kind):
                self.enter(element)
                try:
                    out.append(read(element))
                finally:
                    self.leave()
        return tuple(out)
