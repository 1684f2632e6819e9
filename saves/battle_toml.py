"""TOML as warband writes battle files: a battle's setup rendered once and kept (its sides,
models and tracker rules), small tables inline, keys and strings quoted and escaped as
TOML wants, defaults and ``None`` left out.

Apart from the battle file (``saves.battle_file``) because it is the general writer
under it: the file's events are written with its keys and values too.
"""

from __future__ import annotations

import math
import re
from collections.abc import Mapping
from typing import Any

from model.battle.forces import SideHead
from model.battle.setup import BattleSetup, SetupHead
from model.core.base import Frozen, field_values
from saves.battle_document import FORMAT

_SETUP_CACHE: list[tuple[BattleSetup, str]] = []
"""The rendered setup of the battles saved last, by identity: a battle saved after every
event keeps its setup object, so only its events are rendered again."""


def setup_text(setup: BattleSetup) -> str:
    for known, text in _SETUP_CACHE:
        if known is setup:
            return text
    text = _render_setup(setup)
    _SETUP_CACHE[:] = [(setup, text), *_SETUP_CACHE[:3]]
    return text


_WITH_CHOICES = {
    "tracker": "The tracker rules the players' choices (below) make, copied at the start."
}
"""Comments that read otherwise in a battle with the players' choices (``[choices]``)."""


def _render_setup(setup: BattleSetup) -> str:
    """The file's head, from the setup's fields (``SetupHead`` and ``SideHead``, their one
    definition): its plain values as the first keys, then the sides and every model, then
    its tables, each under its field's description; a None is not written."""
    out: list[str] = [f"format = {toml_string(FORMAT)}\n"]
    tables: list[tuple[str, dict[str, Any]]] = []
    for name, value in field_values(setup, SetupHead).items():
        data = plain(value)
        if isinstance(data, dict):
            tables.append((name, data))
        elif data is not None:
            out.append(f"{toml_key(name)} = {toml_literal(data)}\n")
    out.append("\n# The players and their lists as the battle started.\n")
    for side in setup.sides:
        _table(out, "sides", plain(field_values(side, SideHead)), aot=True, in_aot=False)
    out.append("\n# Every model on the table: profile, gear and points, copied at the start.\n")
    for side in setup.sides:
        for model in side.models:
            _table(out, "models", plain(model), aot=True, in_aot=False)
    for name, data in tables:
        comment = (setup.choices is not None and _WITH_CHOICES.get(name)) or (
            SetupHead.model_fields[name].description
        )
        if comment:
            out.append(f"\n# {comment}\n")
        _table(out, name, data, aot=False, in_aot=False)
    return "".join(out)


def plain(value: Any) -> Any:
    """A model as plain TOML data: ``None`` and defaults dropped, sets sorted."""
    if isinstance(value, Frozen):
        return plain(value.model_dump(exclude_none=True, exclude_defaults=True))
    if isinstance(value, Mapping):
        return {str(k): plain(v) for k, v in value.items() if v is not None}
    if isinstance(value, list | tuple):
        return [plain(v) for v in value]
    if isinstance(value, set | frozenset):
        return sorted(plain(v) for v in value)
    return value


_INLINE_WIDTH = 100
_ROW_WIDTH = 120


def _table(out: list[str], name: str, table: dict[str, Any], *, aot: bool, in_aot: bool) -> None:
    """Write a table: its header, its plain keys, then its sub-tables.

    Small tables are written inline, and lists of tables as one inline table a line.
    A list of long tables becomes ``[[...]]`` blocks only outside other arrays of
    tables: nested ones would make the line of a key ambiguous for error messages.
    """
    inside = in_aot or aot
    keys: list[str] = []
    tables: list[tuple[str, dict[str, Any]]] = []
    arrays: list[tuple[str, list[dict[str, Any]]]] = []
    for key, value in table.items():
        line = f"{toml_key(key)} = "
        if isinstance(value, dict):
            inline = _inline(value)
            if len(line) + len(inline) <= _INLINE_WIDTH:
                keys.append(line + inline)
            else:
                tables.append((key, value))
        elif isinstance(value, list) and value and all(isinstance(v, dict) for v in value):
            rows = [_inline(v) for v in value]
            if not inside and any(len(r) > _ROW_WIDTH for r in rows):
                arrays.append((key, value))
            elif len(rows) == 1 and len(line) + len(rows[0]) + 2 <= _INLINE_WIDTH:
                keys.append(f"{line}[{rows[0]}]")
            else:
                keys.append(line + "[\n" + "".join(f"    {r},\n" for r in rows) + "]")
        else:
            keys.append(line + toml_literal(value))
    out.append(f"\n[[{name}]]\n" if aot else f"\n[{name}]\n")
    out.extend(k + "\n" for k in keys)
    for key, sub in tables:
        _table(out, f"{name}.{toml_key(key)}", sub, aot=False, in_aot=inside)
    for key, items in arrays:
        for item in items:
            _table(out, f"{name}.{toml_key(key)}", item, aot=True, in_aot=inside)


def _inline(table: Mapping[str, Any]) -> str:
    if not table:
        return "{}"
    return "{ " + ", ".join(f"{toml_key(k)} = {toml_literal(v)}" for k, v in table.items()) + " }"


def toml_literal(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        if math.isfinite(value):
            return repr(value)
        return "nan" if math.isnan(value) else ("inf" if value > 0 else "-inf")
    if isinstance(value, str):
        return toml_string(value)
    if isinstance(value, list | tuple):
        return "[" + ", ".join(toml_literal(v) for v in value) + "]"
    if isinstance(value, Mapping):
        return _inline(value)
    raise TypeError(f"cannot write {type(value).__name__} to a battle file")


_BARE_KEY = re.compile(r"[A-Za-z0-9_-]+")
_ESCAPE = re.compile(r'[\x00-\x08\x0a-\x1f\x7f"\\]')
_ESCAPES = {"\b": "\\b", "\n": "\\n", "\f": "\\f", "\r": "\\r", '"': '\\"', "\\": "\\\\"}


def toml_key(key: str) -> str:
    return key if _BARE_KEY.fullmatch(key) else toml_string(key)


def toml_string(text: str) -> str:
    """A TOML basic string: quotes, backslashes and control characters escaped."""
    return '"' + _ESCAPE.sub(_escape, text) + '"'


def _escape(found: re.Match[str]) -> str:
    char = found.group()
    return _ESCAPES.get(char) or f"\\u{ord(char):04x}"
