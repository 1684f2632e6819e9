"""Building blocks shared by every schema: frozen models, strict scalars, ids.

Catalogs and rosters come from TOML that people write by hand, so the schema is
strict where a silent coercion would hide a mistake (``"3"`` is not a number,
``true`` is not 1) and immutable so that a validated object can be shared by the
screens, the validator and the exports without anyone changing it underneath.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Annotated, Any, Generic, TypeVar, get_args, overload

from pydantic import BaseModel, ConfigDict, Field, GetCoreSchemaHandler, Strict
from pydantic_core import core_schema

K = TypeVar("K")
V = TypeVar("V")
T = TypeVar("T")

Bool = Annotated[bool, Strict()]
"""A TOML boolean; the strings "yes" and "true" are refused."""

Text = Annotated[str, Strict(), Field(min_length=1)]
"""Non-empty text."""

Id = Annotated[str, Strict(), Field(pattern=r"^[a-z0-9]+(-[a-z0-9]+)*$", max_length=64)]
"""A catalog id: the English name in lowercase kebab-case, e.g. ``medium-blade``."""

Tag = Annotated[str, Strict(), Field(pattern=r"^[a-z0-9]+([-:][a-z0-9+-]+)*$", max_length=64)]
"""A mechanical tag read by the validator or the tracker, e.g. ``two-handed``, ``reload:2``."""

StatId = Annotated[str, Strict(), Field(pattern=r"^[A-Za-z][A-Za-z0-9_]*$", max_length=16)]
"""A stat's short name as printed on a profile, e.g. ``Ag`` or ``Pen``."""


class Frozen(BaseModel):
    """Base of every schema model: immutable, and unknown keys are an error.

    Attribute docstrings are for people and for the published catalog schema, which
    reads them from the source when it is generated (``catalogs/schema.py``); the
    models do not (``use_attribute_docstrings`` would parse each model's source at
    every start).

    Validators are built on first use (``defer_build``): a run that reads its catalog from
    the cache never needs them. So a default that is itself a model is written
    ``Selector.model_construct()``, not ``Selector()``, which would build the validator as
    the module is imported."""

    model_config = ConfigDict(
        frozen=True,
        extra="forbid",
        hide_input_in_errors=False,
        defer_build=True,
    )


class FrozenMap(Mapping[K, V], Generic[K, V]):
    """An immutable, hashable, insertion-ordered mapping.

    TOML tables (a unit's items, a profile) are mappings, and a frozen pydantic
    model only freezes its own attributes; a plain ``dict`` inside it could still
    be changed. This mapping cannot, and it hashes, so models holding it do too.
    """

    __slots__ = ("_data", "_hash")

    def __init__(self, data: Mapping[K, V] | None = None) -> None:
        self._data: dict[K, V] = dict(data or {})
        self._hash: int | None = None

    def __getitem__(self, key: K) -> V:
        return self._data[key]

    def __iter__(self) -> Iterator[K]:
        return iter(self._data)

    def __len__(self) -> int:
        return len(self._data)

    # The three below are what ``Mapping`` would derive from the methods above; given
    # straight from the dict, because stats and counters are read in every replayed event.
    @overload
    def get(self, key: K, /) -> V | None: ...
    @overload
    def get(self, key: K, /, default: V | T) -> V | T: ...
    def get(self, key: K, /, default: object = None) -> object:
        return self._data.get(key, default)

    def __contains__(self, key: object) -> bool:
        return key in self._data

    def __bool__(self) -> bool:
        return bool(self._data)

    def __hash__(self) -> int:
        if self._hash is None:
            self._hash = hash(tuple(self._data.items()))
        return self._hash

    def __eq__(self, other: object) -> bool:
        if isinstance(other, FrozenMap):
            return self._data == other._data
        if isinstance(other, Mapping):
            return self._data == dict(other)
        return NotImplemented

    def __repr__(self) -> str:
        return f"FrozenMap({self._data!r})"

    def __reduce__(self) -> tuple[type[FrozenMap[K, V]], tuple[dict[K, V]]]:
        """Pickled as its data alone: the cached hash is of this process's string hashes
        (randomised per process), so a copy read by another process works out its own."""
        return (FrozenMap, (self._data,))

    def set(self, key: K, value: V) -> FrozenMap[K, V]:
        """A copy with ``key`` set to ``value`` (kept in place if it was there)."""
        data = dict(self._data)
        data[key] = value
        return FrozenMap(data)

    def without(self, key: K) -> FrozenMap[K, V]:
        """A copy without ``key``."""
        return FrozenMap({k: v for k, v in self._data.items() if k != key})

    @classmethod
    def __get_pydantic_core_schema__(
        cls, source: Any, handler: GetCoreSchemaHandler
    ) -> core_schema.CoreSchema:
        args = get_args(source)
        key_type, value_type = args if len(args) == 2 else (Any, Any)
        dict_schema = handler.generate_schema(dict[key_type, value_type])  # type: ignore[valid-type]
        return core_schema.no_info_after_validator_function(
            cls,
            dict_schema,
            serialization=core_schema.plain_serializer_function_ser_schema(
                lambda m: dict(m), info_arg=False
            ),
        )


def empty_map() -> FrozenMap[Any, Any]:
    """Default factory for mapping fields."""
    return FrozenMap()


def field_values(value: BaseModel, schema: type[BaseModel]) -> dict[str, Any]:
    """The values ``value`` holds for each field of ``schema`` (a class it shares those
    fields with, such as its base), in the schema's order, as they are: no copy, no dump.

    How one model is made from another's fields without naming them (a battle's setup
    from its file's document, ``saves.battle_checks``), so that a field added to the
    schema they share is added once."""
    return {name: getattr(value, name) for name in schema.model_fields}
