"""How a BattleScribe game is written to a cache entry and read back
(``catalogs.bs_cache``): pickle, with each frozen value written as its class called with
its fields, each equal string and each value equal to the bit written once, and read
back by an unpickler that makes only ``model.bsdata``'s frozen values and ``Problem``.

Apart from the cache's files and keys because it is what decides how fast a cached game
comes back (a Space Marines list's 7 files: 1.4 MB, read in 35 ms), and how safely: an
entry is the user's own file, but whatever it holds, reading it runs nothing.
"""

from __future__ import annotations

import dataclasses
import io
import pickle
from typing import Any, cast


class GamePickler(pickle.Pickler):
    """A pickler that writes each frozen value as its class called with its fields.

    The dataclasses module pickles a frozen value with slots through its own
    ``__setstate__``, which looks the class's fields up again for every value: 0.31 s of
    the 0.36 s a Space Marines list's game took to unpickle. Called with its fields, the
    class's own ``__init__`` sets them, in half the time.

    And a value equal to one written before, of the kinds of ``SHARED``, is written as
    ``shared(that one)``: read back, it is that one object, not one more made by its
    ``__init__``. A Space Marines list's game holds 9,253 characteristics, 8,212 queries
    and 3,711 conditions, of which 1,080, 498 and 546 differ: of its 43,941 values,
    about half are made when read. Equal means equal to the bit (``_key``: of the same
    types, ``-0.0`` apart from ``0.0``), and no kind whose identity the engine asks
    (``model.bsdata.origins.holder_id`` tells a link's constraints from its target's by
    identity, so ``Constraint`` is not one)."""

    def __init__(self, file: io.BytesIO, protocol: int) -> None:
        from model.bsdata import data

        super().__init__(file, protocol=protocol)
        self._strings: dict[str, str] = {}
        self._shareable: frozenset[type] = frozenset(
            (
                data.Characteristic,
                data.Condition,
                data.ConditionGroup,
                data.Cost,
                data.LocalConditionGroup,
                data.Modifier,
                data.ModifierGroup,
                data.Query,
                data.Repeat,
            )
        )
        self._firsts: dict[object, object] = {}
        self._seen: dict[int, tuple[object, object]] = {}

    def reducer_override(self, obj: Any) -> Any:
        kind = type(obj)
        shape = _shape(kind)
        if shape is None:
            return NotImplemented
        if kind in self._shareable:
            try:
                first = self._first(obj, shape)
            except RecursionError:  # conditions nested past Python's stack: not shared
                first = obj
            if first is not obj:
                return shared, (first,)
        names, defaults = shape
        values = [getattr(obj, name) for name in names]
        while values and _is_default(values[-1], defaults[len(values) - 1]):
            values.pop()
        return kind, tuple(self._shared(value) for value in values)

    def _first(self, value: object, shape: tuple[tuple[str, ...], tuple[object, ...]]) -> object:
        """The first value written equal to ``value`` to the bit (``value`` itself when
        none was), worked out once for each value (kept with it, so its ``id`` is not
        another's while the entry is written)."""
        held = self._seen.get(id(value))
        if held is None:
            fields = [getattr(value, name) for name in shape[0]]
            key = (type(value), *map(self._key, fields))
            held = self._seen[id(value)] = (value, self._firsts.setdefault(key, value))
        return held[1]

    def _key(self, value: object) -> object:
        """What tells a field's value from every value not equal to it to the bit: a
        float by its bits and a bool apart from an int (``0.0 == -0.0`` and
        ``1 == 1.0 == True`` for ``==``, not here); a value that may be shared by the
        first one equal to it, any other by itself."""
        kind = type(value)
        if kind is str or kind is int or value is None:
            return value
        if kind is float:
            return float, cast(float, value).hex()
        if kind is bool:
            return bool, value
        if kind is tuple:
            return tuple, *map(self._key, cast(tuple[object, ...], value))
        shape = _shape(kind) if kind in self._shareable else None
        return object, id(value if shape is None else self._first(value, shape))

    def _shared(self, value: Any) -> Any:
        """One string object for every equal string of a field (or of a tuple of them):
        pickle writes an object it has written once as a reference to it, so each id,
        name and type id is written once and made once when read back."""
        kind = type(value)
        if kind is str:
            return self._strings.setdefault(value, value)
        if kind is tuple and value and type(value[0]) is str:
            return tuple(self._strings.setdefault(v, v) if type(v) is str else v for v in value)
        return value


def shared(value: object) -> object:
    """``value`` itself: how an entry writes a value equal to one written before it
    (``GamePickler``), so that reading it back gives that one object again."""
    return value


_SHAPES: dict[type, tuple[tuple[str, ...], tuple[object, ...]] | None] = {}
"""Each class pickled to the fields its ``__init__`` takes and their defaults
(``_init_fields``)."""

_NO_DEFAULT = object()
"""A field's default when it has none (or a factory): never equal to a value."""


def _shape(kind: type) -> tuple[tuple[str, ...], tuple[object, ...]] | None:
    """``_init_fields`` of a class, worked out once."""
    try:
        return _SHAPES[kind]
    except KeyError:
        found = _SHAPES[kind] = _init_fields(kind)
        return found


def _init_fields(kind: type) -> tuple[tuple[str, ...], tuple[object, ...]] | None:
    """The fields of a dataclass its ``__init__`` takes in order, with their plain
    defaults, or None when it is not a dataclass or one is not taken so (``init=False``,
    keyword-only): then it is pickled as usual."""
    if not dataclasses.is_dataclass(kind):
        return None
    found = dataclasses.fields(kind)
    if not all(f.init and not f.kw_only for f in found):
        return None
    defaults = tuple(_NO_DEFAULT if f.default is dataclasses.MISSING else f.default for f in found)
    return tuple(f.name for f in found), defaults


def _is_default(value: object, default: object) -> bool:
    """Whether a field holds its default, so its value need not be written: the
    trailing fields at their defaults are left out (a third of a game's values are
    ``()``, ``False`` or ``None``), and ``__init__`` puts them back. Of the same type
    as well as equal, so ``0`` is never read back as ``False``, and of the same bits
    (of a plain value: a default of another kind is never left out), so ``-0.0`` is
    never read back as ``0.0``."""
    kind = type(value)
    if kind is not type(default):
        return False
    if kind is float:
        return cast(float, value).hex() == cast(float, default).hex()
    if kind is tuple:
        return value == () == default
    return kind in _PLAIN and value == default


_PLAIN = frozenset((str, int, bool, type(None)))
"""The kinds of default ``_is_default`` compares with ``==``: those it tells apart
exactly once their types are the same (a tuple only when empty)."""


class GameUnpickler(pickle.Unpickler):
    """An unpickler that makes nothing but ``model.bsdata``'s frozen values and
    ``Problem`` (and calls ``shared``, which makes nothing)."""

    def find_class(self, module: str, name: str) -> Any:
        if module == __name__ and name == "shared":
            return shared
        allowed = module.startswith("model.bsdata.") or (
            module == "model.core.problems" and name == "Problem"
        )
        if not allowed or name.startswith("_"):
            raise pickle.UnpicklingError(f"{module}.{name} is not a BattleScribe value")
        found = getattr(__import__(module, fromlist=[name]), name, None)
        if isinstance(found, type) and dataclasses.is_dataclass(found):
            return found
        raise pickle.UnpicklingError(f"{module}.{name} is not a BattleScribe value")

    def persistent_load(self, pid: Any) -> Any:
        raise pickle.UnpicklingError("no persistent ids")
