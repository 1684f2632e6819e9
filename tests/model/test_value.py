"""``model.core.value.frozen_value`` answers as ``dataclass(frozen=True)`` does: equality, hashing,
``repr``, the frozen guards, slots, ``replace`` and pickling, compared class by class
with the same class made by ``dataclasses``; and a method the class writes is kept."""

from __future__ import annotations

import dataclasses
import math
import pickle
from dataclasses import dataclass, field
from typing import Any

import pytest

from model.core.value import frozen_value


def both(body: type[Any], *, slots: bool = True) -> tuple[type[Any], type[Any]]:
    """The class ``body`` made by ``frozen_value`` and by ``dataclass``, each from a copy of it."""
    own = {k: v for k, v in body.__dict__.items() if k not in ("__dict__", "__weakref__")}
    ours: type[Any] = frozen_value(slots=slots)(type(body.__name__, body.__bases__, dict(own)))
    theirs: type[Any] = dataclass(frozen=True, slots=slots)(
        type(body.__name__, body.__bases__, dict(own))
    )
    return ours, theirs


class Plain:
    __annotations__ = {"a": "int", "b": "str", "c": "tuple[int, ...]"}
    b = ""
    c: tuple[int, ...] = ()


class Hidden:
    __annotations__ = {"a": "int", "note": "str", "kept": "float"}
    note = field(default="", compare=False, repr=False)
    kept = field(default=0.0, hash=False)


class One:
    __annotations__ = {"x": "float"}


class Empty:
    pass


@pytest.mark.parametrize("slots", [True, False])
@pytest.mark.parametrize(
    ("body", "values"),
    [
        (Plain, [(1,), (1, "b"), (1, "b", (2, 3)), (2, "b", (2, 3))]),
        (Hidden, [(1,), (1, "note"), (1, "", 2.0), (2, "note", 2.0)]),
        (One, [(1.0,), (2.0,), (math.nan,), (-0.0,)]),
        (Empty, [()]),
    ],
)
def test_it_answers_as_a_frozen_dataclass(
    body: type[Any], values: list[tuple[Any, ...]], slots: bool
) -> None:
    ours, theirs = both(body, slots=slots)
    made = [(ours(*v), theirs(*v)) for v in values]
    for a, a_ in made:
        assert repr(a) == repr(a_)
        assert hash(a) == hash(a_)
        for b, b_ in made:
            assert (a == b) == (a_ == b_)
            assert (a != b) == (a_ != b_)
        assert dataclasses.replace(a) == a
        assert (a == a_) is False  # another class
        for name in (f.name for f in dataclasses.fields(a)):
            with pytest.raises(dataclasses.FrozenInstanceError):
                setattr(a, name, 1)
    assert hasattr(ours, "__slots__") == hasattr(theirs, "__slots__") == slots


def test_the_same_nan_is_equal_to_itself_as_in_a_dataclass() -> None:
    ours, theirs = both(One)
    nan = math.nan
    assert ours(nan) == ours(nan)
    assert (ours(nan) == ours(float("nan"))) == (theirs(nan) == theirs(float("nan")))


def test_what_the_class_writes_is_kept() -> None:
    @frozen_value
    class Written:
        a: int

        def __eq__(self, other: object) -> bool:
            return True

        def __repr__(self) -> str:
            return "written"

    @frozen_value
    class Hashed:
        a: int

        def __hash__(self) -> int:
            return 7

    assert Written(1) == Written(2) and repr(Written(1)) == "written"
    assert hash(Written(1)) == hash(Written(1))  # a body's __eq__ alone: hashed as made
    assert hash(Hashed(1)) == 7 and Hashed(1) == Hashed(1) != Hashed(2)


def test_a_subclass_compares_its_own_fields_and_never_equals_its_base() -> None:
    @frozen_value
    class Base:
        a: int

    @frozen_value
    class More(Base):
        b: int = 0

    assert More(1, 2) == More(1, 2) != More(1, 3)
    assert Base(1) != More(1) and repr(More(1, 2)).endswith(".<locals>.More(a=1, b=2)")


@frozen_value
class Stored:
    a: int
    b: tuple[str, ...] = ()


@frozen_value(slots=False)
class StoredOpen:
    a: float


def test_a_value_is_pickled_and_read_back_equal() -> None:
    for one in (Stored(1, ("x",)), Stored(2), StoredOpen(1.5)):
        back = pickle.loads(pickle.dumps(one))
        assert back == one and hash(back) == hash(one) and back is not one
