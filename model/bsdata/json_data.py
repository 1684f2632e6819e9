"""BattleScribe data written as JSON (New Recruit's format) as the elements XML gives.

New Recruit's JSON mirrors BattleScribe's XML one for one: the document is
``{"gameSystem": {...}}`` or ``{"catalogue": {...}}``; a key holding a list is a
container element whose items are named in the singular (``selectionEntries`` holds
``selectionEntry``, ``sharedRules`` holds ``rule``); a key holding a plain value is an
attribute, except the few BattleScribe writes as text elements (``description``,
``readme``, ``comment``); and ``$text`` is an element's own text (a characteristic's
value). So the JSON is turned into the element tree the XML would have parsed to, and
read by ``model.bsdata.read`` with every check a ``.gst`` or ``.cat`` goes through: one
reader, one set of problems, whatever the file's format.

The walk is iterative and the values already capped (``model.parse.json_guard``), and
the elements made are counted against the cap XML is held to (``MAX_ELEMENTS``): a list
of plain values or nulls is one element per item, and ``"a",`` is four bytes where
``<a/>`` is four too, but the guard's count of containers does not see them. So a
stranger's file costs no more than its XML would. ``head`` gives the root element alone (its
attributes), for listing a folder without reading every entry.
"""

from __future__ import annotations

import re
from typing import Any, Literal
from xml.etree.ElementTree import Element

from model.parse.xml_guard import MAX_ELEMENTS, XmlRefused

ROOTS = ("gameSystem", "catalogue")

TEXT_CHILDREN = frozenset({"description", "readme", "comment"})
"""Keys BattleScribe writes as elements holding text, not as attributes."""

SHARED = {
    "sharedSelectionEntries": "selectionEntry",
    "sharedSelectionEntryGroups": "selectionEntryGroup",
    "sharedRules": "rule",
    "sharedProfiles": "profile",
    "sharedInfoGroups": "infoGroup",
}

_ROOT_KEY = re.compile(rb'\A(?:\xef\xbb\xbf)?\s*\{\s*"(gameSystem|catalogue)"\s*:')


def json_root(first_bytes: bytes) -> Literal["gameSystem", "catalogue"] | None:
    """What a JSON file holds, from its first bytes: a game system, a catalogue, or
    neither (another JSON file, such as a gallery's ``catpkg.json``, is not game data)."""
    found = _ROOT_KEY.match(first_bytes)
    if found is None:
        return None
    return "gameSystem" if found.group(1) == b"gameSystem" else "catalogue"


def singular(key: str) -> str:
    """The element name of one item of the list ``key`` holds."""
    if key in SHARED:
        return SHARED[key]
    if key.endswith("ies"):
        return key[:-3] + "y"
    if key.endswith("s"):
        return key[:-1]
    return key


def _kind(value: Any) -> str:
    """What a JSON value is, in a message's words."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true or false"
    if isinstance(value, list):
        return "a list"
    return "text" if isinstance(value, str) else "a number"


def _text(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def element_of(document: Any, head: bool = False, most: int = MAX_ELEMENTS) -> Element | XmlRefused:
    """The root element of a parsed JSON document (with no children when ``head``), or
    why it is not BattleScribe data or is refused (over ``most`` elements)."""
    if not isinstance(document, dict) or len(document) != 1:
        return XmlRefused(
            'not BattleScribe data: it is not {"gameSystem": ...} or {"catalogue": ...}'
        )
    ((tag, body),) = document.items()
    if tag not in ROOTS:
        return XmlRefused(
            f'not BattleScribe data: its root is "{str(tag)[:40]}", not gameSystem or catalogue'
        )
    if not isinstance(body, dict):
        return XmlRefused(f'not BattleScribe data: its "{tag}" is {_kind(body)}, not an object')
    root = Element(tag)
    stack: list[tuple[Element, dict[str, Any]]] = [(root, body)]
    made = 1
    while stack:
        element, fields = stack.pop()
        for key, value in fields.items():
            if key == "$text":
                element.text = _text(value)
            elif isinstance(value, list):
                if head and element is root:
                    continue
                made += len(value) + 1
                if made > most:  # counted before any is made
                    return XmlRefused(f"it has over {most:,} elements, the most warband reads")
                _items(element, key, value, stack)
            elif isinstance(value, dict):
                if head and element is root:
                    continue
                made += 1
                child = Element(key)
                element.append(child)
                stack.append((child, value))
            elif value is None:
                continue
            elif key in TEXT_CHILDREN:
                if head and element is root:
                    continue
                made += 1
                child = Element(key)
                child.text = _text(value)
                element.append(child)
            else:
                element.set(key, _text(value))
    return root


def _items(
    parent: Element, key: str, items: list[Any], stack: list[tuple[Element, dict[str, Any]]]
) -> None:
    """A list: objects as a container of singular elements; plain values (an entry's
    ``alias`` names) as repeated elements of the key's name."""
    if items and not isinstance(items[0], dict):
        for value in items:
            child = Element(key)
            child.text = _text(value)
            parent.append(child)
        return
    container = Element(key)
    parent.append(container)
    name = singular(key)
    for item in items:
        child = Element(name)
        container.append(child)
        if isinstance(item, dict):
            stack.append((child, item))
        elif item is not None:
            child.text = _text(item)
