"""JSON from strangers, parsed under the caps XML from strangers is held to.

New Recruit writes BattleScribe data as JSON (``{"gameSystem": {...}}``), and BSData's
biggest games are now kept that way. JSON has no entities and no DTD, so the dangers are
size and shape: a file of gigabytes, millions of tiny values, or arrays nested a million
deep. The same caps as ``model.parse.xml_guard`` apply: the bytes are capped before
parsing, the containers counted before parsing (every object or array starts with ``{``
or ``[``, so their count bounds the values made), and nesting is refused past
``MAX_DEPTH`` (the standard library's parser raises ``RecursionError`` long before it
could exhaust the stack; that is caught here and said).

Everything the parser can raise on a stranger's bytes is a refusal with the line where
it stopped, never an exception: broken JSON, text that is not UTF-8, the
non-standard ``NaN``/``Infinity`` (BattleScribe data has no use for them), and an
integer of more digits than Python converts. A number with a fraction or an exponent is
kept as the text written, as XML keeps an attribute: ``1e400`` would be a float of
infinity, and the reader must see (and name in its message) what the file says.
Refusals are ``XmlRefused`` values, so a
JSON file and an XML file fail the same way in every message.
"""

from __future__ import annotations

import json
from typing import Any

from model.parse.xml_guard import MAX_DEPTH, MAX_ELEMENTS, MAX_XML_BYTES, XmlRefused


def _constant(name: str) -> Any:
    raise ValueError(f"{name} is not a number JSON allows")


def parse_json(data: bytes, limit: int = MAX_XML_BYTES) -> Any | XmlRefused:
    """The value ``data`` holds, or why it was refused (never an exception)."""
    if len(data) > limit:
        return XmlRefused(f"it is over {limit:,} bytes, the most warband reads")
    containers = data.count(b"{") + data.count(b"[")
    if containers > MAX_ELEMENTS:
        return XmlRefused(f"it has over {MAX_ELEMENTS:,} objects, the most warband reads")
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        return XmlRefused("it is not UTF-8 text (BattleScribe files are UTF-8)", line)
    try:
        value = json.loads(text, parse_constant=_constant, parse_float=str)
    except json.JSONDecodeError as exc:
        return XmlRefused(f"not well-formed JSON ({exc.msg})", exc.lineno)
    except RecursionError:
        return XmlRefused(f"its values nest over {MAX_DEPTH} deep, deeper than any real file")
    except ValueError as exc:
        return XmlRefused(f"not well-formed JSON ({str(exc)[:120]})")
    if _deeper_than(value, MAX_DEPTH):
        return XmlRefused(f"its values nest over {MAX_DEPTH} deep, deeper than any real file")
    return value


def _deeper_than(value: Any, most: int) -> bool:
    """Whether ``value`` nests more than ``most`` objects and arrays deep (walked once,
    without recursion, so the walk itself cannot run out of stack)."""
    stack: list[tuple[Any, int]] = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        if depth > most:
            return True
        if isinstance(item, dict):
            stack.extend((v, depth + 1) for v in item.values() if isinstance(v, dict | list))
        elif isinstance(item, list):
            stack.extend((v, depth + 1) for v in item if isinstance(v, dict | list))
    return False
