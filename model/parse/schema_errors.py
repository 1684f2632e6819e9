"""Pydantic validation errors, retold as TOML problems a person can act on.

Pydantic reports ``('items', 'mace', 'weapon', 'strenght')`` and "Extra inputs are
not permitted". A catalog author needs ``items.mace.strenght: unknown key; did
you mean 'strength'?``. This module walks each error's location alongside the
data (dropping the union tags and validator names pydantic inserts, counting
array positions from 1) and rewrites the message in TOML's vocabulary.

A number out of its range (``model.core.bounds``) is told with the whole range, found in
the schema at the value's key path, whatever bound it broke: "must be a number from 1
to 200, got 500". A number too long to read is told by its length ("a 400-digit
number"), so a hostile file never fills the screen with digits.
"""

from __future__ import annotations

import types
import typing
from collections.abc import Mapping, Sequence
from typing import Any

from pydantic import BaseModel, ValidationError
from pydantic.fields import FieldInfo

from model.core.bounds import DICE_PATTERN
from model.core.problems import KeyPath, Problem, close_matches, did_you_mean

_RANGE_ERRORS = frozenset({"greater_than_equal", "greater_than", "less_than_equal", "less_than"})
_OTHER_MEMBER_ERRORS = frozenset(
    {"literal_error", "string_type", "string_pattern_mismatch", "float_type", "int_type"}
)
_ID_PATTERN_HINT = "use lowercase words joined by hyphens, e.g. 'medium-blade'"
_MISSING = "required but missing"


MAX_TOLD = 50
"""Problems told of one file: a reader fixes the first few and checks again, and each
costs a "did you mean" search, so a file of 100,000 unknown keys must not cost 100,000."""


def problems_from(
    error: ValidationError, data: Any, root: type[BaseModel], file: str | None = None
) -> list[Problem]:
    """One problem per pydantic error, with a TOML key path and a plain message."""
    out: list[Problem] = []
    seen: set[tuple[KeyPath, str]] = set()
    missing: list[KeyPath] = []
    misspelt: set[KeyPath] = set()
    errors = error.errors(include_url=False)
    # a number out of range in a union (a stat is a number or "-") also fails the union's
    # other members; the value had the right type for one, so only its range is told
    ranged = {_walk(data, e["loc"])[0] for e in errors if e["type"] in _RANGE_ERRORS}
    for told, err in enumerate(errors):
        if len(out) >= MAX_TOLD:
            out.append(
                Problem(
                    f"{len(errors) - told:,} more problems are not listed",
                    file,
                    hint="fix those above and check the file again",
                )
            )
            break
        path, _ = _walk(data, err["loc"])
        if path in ranged and err["type"] in _OTHER_MEMBER_ERRORS:
            continue
        message, hint = _describe(err, path, root, data)
        if (path, message) in seen:
            continue
        seen.add((path, message))
        if err["type"] == "missing":
            missing.append(path)
        elif err["type"] == "extra_forbidden" and path:
            allowed = _allowed_keys(root, data, path[:-1])
            misspelt.update((*path[:-1], key) for key in close_matches(str(path[-1]), allowed))
        out.append(Problem(message, file, path, hint=hint))
    # "point_limit: unknown key; did you mean 'points_limit'?" already says what to do
    # about the missing points_limit: one typo is one problem, not two
    dropped = {p for p in missing if p in misspelt}
    return [p for p in out if not (p.path in dropped and p.message == _MISSING)]


def _walk(data: Any, loc: Sequence[int | str]) -> tuple[KeyPath, Any]:
    """Follow a pydantic location through the data, keeping only real keys and positions."""
    path: list[str | int] = []
    node = data
    for i, seg in enumerate(loc):
        last = i == len(loc) - 1
        if seg == "[key]":
            continue
        if isinstance(node, Mapping):
            if seg in node:
                path.append(seg)
                node = node[seg]
            elif last and isinstance(seg, str):
                path.append(seg)
                node = None
        elif isinstance(node, list | tuple) and isinstance(seg, int):
            path.append(seg + 1)
            node = node[seg] if seg < len(node) else None
    return tuple(path), node


def _describe(err: Any, path: KeyPath, root: type[BaseModel], data: Any) -> tuple[str, str | None]:
    kind: str = err["type"]
    given = err.get("input")
    ctx = err.get("ctx") or {}
    shown = _show(given)
    if "[key]" in err["loc"]:
        key = err["loc"][-2] if err["loc"][-1] == "[key]" else given
        return f"'{key}' is not a valid id", _ID_PATTERN_HINT
    if kind == "missing":
        return _MISSING, f"add {path[-1]} = ..." if path else None
    if kind == "extra_forbidden":
        allowed = _allowed_keys(root, data, path[:-1])
        if not allowed:
            return "unknown key", None
        return "unknown key", did_you_mean(str(path[-1]), allowed) or (
            "the keys here are " + ", ".join(allowed)
        )
    if kind in ("int_type", "int_parsing", "int_from_float"):
        hint = None
        if isinstance(given, str):
            hint = (
                f"remove the quotes: {given.strip()}"
                if _is_int(given)
                else "write a number, without quotes"
            )
        return f"expected a whole number, got {shown}", hint
    if kind in ("float_type", "float_parsing"):
        return f"expected a number, got {shown}", None
    if kind == "string_type":
        return f"expected text in quotes, got {shown}", None
    if kind == "bool_type":
        return f"expected true or false, got {shown}", None
    if kind in ("dict_type", "model_type", "model_attributes_type", "mapping_type"):
        return f"expected a table, got {shown}", None
    if kind in ("tuple_type", "list_type", "frozen_set_type", "set_type", "iterable_type"):
        return f"expected a list in [ ], got {shown}", None
    if kind == "string_pattern_mismatch":
        pattern = str(ctx.get("pattern", ""))
        if pattern == DICE_PATTERN:
            return f"{shown} is not dice", (
                "write dice like d6, 2d6 or d10+1: at most 99 dice of at most 999 sides"
            )
        if pattern.startswith("^[a-z0-9]+(-[a-z0-9]+)*$"):
            return f"{shown} is not a valid id", _ID_PATTERN_HINT
        if "stat:" in pattern:
            return f"{shown} is not a measure", (
                "use entries, models, items, item-points, unit-points or stat:NAME"
            )
        if "\\(" in pattern:
            return f"{shown} is not a rule reference", "use an id, e.g. 'rare', or 'poison(2)'"
        return f"{shown} is not allowed here", None
    if kind == "string_too_short":
        return "must not be empty", "write some text between the quotes"
    if kind == "string_too_long":
        return f"is too long (at most {ctx.get('max_length')} characters)", None
    if kind in ("greater_than_equal", "greater_than", "less_than_equal", "less_than"):
        ranged = _range_text(*_range_at(root, data, path))
        if ranged is not None:
            return f"must be {ranged}, got {shown}", None
    if kind in ("greater_than_equal", "greater_than"):
        bound = ctx.get("ge", ctx.get("gt"))
        word = "at least" if kind == "greater_than_equal" else "more than"
        return f"must be {word} {bound}, got {shown}", None
    if kind in ("less_than_equal", "less_than"):
        bound = ctx.get("le", ctx.get("lt"))
        return f"must be at most {bound}, got {shown}", None
    if kind == "literal_error":
        expected = str(ctx.get("expected", ""))
        options = [o.strip().strip("'") for o in expected.replace(" or ", ",").split(",")]
        hint = did_you_mean(str(given), options) if isinstance(given, str) else None
        return f"expected {expected}, got {shown}", hint
    if kind == "union_tag_invalid":
        expected = str(ctx.get("expected_tags", ""))
        options = [o.strip().strip("'") for o in expected.split(",")]
        tag = str(ctx.get("tag", given))
        return f"unknown kind '{tag}'; expected {expected}", did_you_mean(tag, options)
    if kind == "union_tag_not_found":
        return "required key 'kind' is missing", 'add kind = "..." naming what this entry is'
    if kind == "value_error":
        return str(ctx.get("error", err["msg"])), None
    if kind == "too_long":
        return f"has too many entries (at most {ctx.get('max_length')})", None
    msg = str(err["msg"])
    return msg[0].lower() + msg[1:], None


def _is_int(text: str) -> bool:
    try:
        int(text.strip())
    except ValueError:
        return False
    return True


SHOWN_DIGITS = 24
"""Numbers with more digits than this are told by their length, not written out."""


def _show(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return number_text(value)
    if isinstance(value, str):
        return f"'{value}'" if len(value) < 40 else f"'{value[:37]}...'"
    if isinstance(value, Mapping):
        return "a table"
    if isinstance(value, list | tuple):
        return "a list"
    return repr(value)


def number_text(value: int) -> str:
    """A whole number as a message shows it: written out, or, when it is longer than
    ``SHOWN_DIGITS``, by its length ("a 400-digit number"); never converted to text
    whole, which Python refuses past 4,300 digits."""
    digits = digit_count(value)
    if digits <= SHOWN_DIGITS:
        return str(value)
    return f"a {digits:,}-digit {'negative ' if value < 0 else ''}number"


def digit_count(value: int) -> int:
    """The decimal digits of a whole number, without writing it out."""
    n = abs(value)
    digits = max(1, int(n.bit_length() * 0.30102999566398120))  # log10(2): at most 1 short
    while 10**digits <= n:
        digits += 1
    return digits


def _range_text(low: tuple[float, bool] | None, high: float | None) -> str | None:
    """``a number from 1 to 200``, or None when the schema gives no two-sided range."""
    if low is None or high is None:
        return None
    bound, inclusive = low
    if inclusive:
        return f"a number from {_bound(bound)} to {_bound(high)}"
    return f"more than {_bound(bound)} and at most {_bound(high)}"


def _bound(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else str(value)


def _range_at(
    root: type[BaseModel], data: Any, path: KeyPath
) -> tuple[tuple[float, bool] | None, float | None]:
    """The range the schema gives the value at ``path``: its lower bound (and whether
    the bound itself is allowed) and its upper bound, each None when there is none.

    Walks the schema with the data as ``_allowed_keys`` does, then reads the bounds of
    the field (a model field keeps its own in ``metadata``; a list's or a table's
    values keep theirs in their ``Annotated`` type). Where several apply (an alias's
    range and a field's own ``ge=1``), the narrowest wins, as it does in validation."""
    tp: Any = root
    node = data
    metadata: list[Any] = []
    for seg in path:
        model = _model_of(tp, node)
        if model is not None:
            field = model.model_fields.get(str(seg))
            if field is None:
                return None, None
            tp, metadata = field.annotation, list(field.metadata)
        else:
            inner = _without_none(_unwrap(tp))
            args = typing.get_args(inner)
            if not args:
                return None, None
            tp, metadata = (args[0] if typing.get_origin(inner) is tuple else args[-1]), []
        node = _step(node, seg)
    lows: list[tuple[float, bool]] = []
    highs: list[float] = []

    def take(meta: Any) -> None:
        if isinstance(meta, FieldInfo):
            for inner in meta.metadata:
                take(inner)
            return
        for name, inclusive in (("ge", True), ("gt", False)):
            value = getattr(meta, name, None)
            if isinstance(value, int | float):
                lows.append((value, inclusive))
        for name in ("le", "lt"):
            value = getattr(meta, name, None)
            if isinstance(value, int | float):
                highs.append(value)

    def visit(t: Any) -> None:
        if typing.get_origin(t) is typing.Annotated:
            base, *extra = typing.get_args(t)
            for meta in extra:
                take(meta)
            visit(base)
        elif typing.get_origin(t) in (typing.Union, types.UnionType):
            for arg in typing.get_args(t):
                visit(arg)

    for meta in metadata:
        take(meta)
    visit(tp)
    low = max(lows, key=lambda b: (b[0], not b[1])) if lows else None
    return low, (min(highs) if highs else None)


def _without_none(tp: Any) -> Any:
    """``X | None`` as ``X``: an optional list is walked as the list."""
    if typing.get_origin(tp) in (typing.Union, types.UnionType):
        args = [a for a in typing.get_args(tp) if a is not type(None)]
        if len(args) == 1:
            return _unwrap(args[0])
    return tp


def _allowed_keys(root: type[BaseModel], data: Any, path: KeyPath) -> list[str]:
    """The keys a table at ``path`` may have, found by walking the schema with the data."""
    tp: Any = root
    node = data
    for seg in path:
        model = _model_of(tp, node)
        if model is not None:
            field = model.model_fields.get(str(seg))
            if field is None:
                return []
            tp = field.annotation
        else:
            origin = typing.get_origin(_unwrap(tp))
            args = typing.get_args(_unwrap(tp))
            if args and (isinstance(seg, int) or origin is not None):
                tp = args[-1] if origin is not tuple else args[0]
            else:
                return []
        node = _step(node, seg)
    model = _model_of(tp, node)
    return list(model.model_fields) if model is not None else []


def _unwrap(tp: Any) -> Any:
    while typing.get_origin(tp) is typing.Annotated:
        tp = typing.get_args(tp)[0]
    return tp


def _model_of(tp: Any, node: Any) -> type[BaseModel] | None:
    """The model class ``tp`` stands for, choosing a union member by the data's ``kind``."""
    tp = _unwrap(tp)
    if isinstance(tp, type) and issubclass(tp, BaseModel):
        return tp
    if typing.get_origin(tp) in (typing.Union, types.UnionType):
        models = [m for a in typing.get_args(tp) if (m := _model_of(a, node)) is not None]
        kind = node.get("kind") if isinstance(node, Mapping) else None
        for m in models:
            field = m.model_fields.get("kind")
            if kind is not None and field is not None and kind in typing.get_args(field.annotation):
                return m
        return models[0] if len(models) == 1 else None
    return None


def _step(node: Any, seg: str | int) -> Any:
    """The value under one segment of a key path (positions count from 1), or None."""
    if isinstance(node, Mapping):
        return node.get(seg)
    if isinstance(node, list | tuple) and isinstance(seg, int) and 0 < seg <= len(node):
        return node[seg - 1]
    return None
