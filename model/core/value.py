"""``frozen_value``: a frozen dataclass, made for less at import.

Every warband command starts by importing the models, and a model here is a frozen
dataclass: some seventy of them before ``warband validate`` of a BattleScribe list can
read a line. For each, ``dataclasses`` writes six methods as source text and compiles
them (``__init__``, ``__repr__``, ``__eq__``, ``__hash__`` and the two guards that make
it frozen): 30 ms, a quarter of that command (issue 33). ``frozen_value`` has
``dataclasses`` make only what differs in kind from class to class (``__init__`` and
the frozen guards), and gives ``__eq__``, ``__hash__`` and ``__repr__`` as one
implementation over the class's fields, read by ``operator.attrgetter``: the same
answers as the made ones (equal when of the same class with equal compared fields, the
hash of those fields, ``Name(a=1)``), made in microseconds. A method the class writes
itself is kept, as ``dataclass`` keeps it. Type checkers see a frozen dataclass
(``dataclass_transform``). Use it for every frozen value; ``dataclass`` itself for
what it takes other options for (``kw_only``, ``eq=False`` ...).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from operator import attrgetter
from typing import Any, TypeVar, dataclass_transform, overload

T = TypeVar("T")


@overload
def frozen_value(cls: type[T], /) -> type[T]: ...


@overload
def frozen_value(*, slots: bool = True) -> Callable[[type[T]], type[T]]: ...


@dataclass_transform(frozen_default=True)
def frozen_value(cls: type[T] | None = None, /, *, slots: bool = True) -> Any:
    """``dataclass(frozen=True, slots=slots)`` (``slots`` unless a class needs a
    ``__dict__``, as ``functools.cached_property`` does), with ``__eq__``, ``__hash__``
    and ``__repr__`` given rather than compiled (this module's docstring)."""

    def make(one: type[T]) -> type[T]:
        own = dict(one.__dict__)
        made = dataclasses.dataclass(one, frozen=True, slots=slots, eq=False, repr=False)
        _give(made, own)
        return made

    return make if cls is None else make(cls)


def _give(cls: type[Any], own: dict[str, Any]) -> None:
    """Put ``__eq__``, ``__hash__`` and ``__repr__`` on a class ``dataclass`` made with
    neither, each unless the class body (``own``) wrote its own: what ``dataclass``
    itself would have added (a body that writes ``__eq__`` alone has a ``__hash__`` of
    None, which is not one of its own)."""
    found = dataclasses.fields(cls)
    compared = _tuple_of([f.name for f in found if f.compare])
    hashed = _tuple_of([f.name for f in found if (f.compare if f.hash is None else f.hash)])
    shown = tuple(f.name for f in found if f.repr)

    def __eq__(self: object, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        return compared(self) == compared(other)

    def __hash__(self: object) -> int:
        return hash(hashed(self))

    def __repr__(self: object) -> str:
        inside = ", ".join(f"{name}={getattr(self, name)!r}" for name in shown)
        return f"{self.__class__.__qualname__}({inside})"

    if "__eq__" not in own:
        cls.__eq__ = __eq__  # type: ignore[assignment]
    own_hash = own.get("__hash__", dataclasses.MISSING)
    if own_hash is dataclasses.MISSING or (own_hash is None and "__eq__" in own):
        cls.__hash__ = __hash__  # type: ignore[assignment]
    if "__repr__" not in own:
        cls.__repr__ = __repr__  # type: ignore[assignment]


def _tuple_of(names: list[str]) -> Callable[[object], tuple[Any, ...]]:
    """What reads ``names`` of a value as one tuple, as ``dataclass`` compares and
    hashes them (a tuple of one too: ``(nan,) == (nan,)`` for the same ``nan``, which
    ``nan == nan`` is not)."""
    if len(names) > 1:
        return attrgetter(*names)
    if names:
        one = attrgetter(names[0])
        return lambda value: (one(value),)
    return lambda value: ()
