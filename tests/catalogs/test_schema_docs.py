"""Field descriptions of the published schema come from attribute docstrings, read from
the source only when the schema is made (the models are built without reading it)."""

from __future__ import annotations

from pydantic import TypeAdapter

from catalogs.schema import AttributeDocsSchema, attribute_docstrings
from model.core.base import Frozen, Text


class Base(Frozen):
    name: Text
    """The name."""
    note: str = ""
    """A note."""


class Child(Base):
    note: str = "x"
    extra: int = 0
    """Something else."""


def test_a_field_annotated_again_keeps_only_its_own_docstring() -> None:
    assert attribute_docstrings(Child) == {"name": "The name.", "extra": "Something else."}


def test_the_schema_describes_fields_and_the_models_are_left_alone() -> None:
    schema = TypeAdapter(Child).json_schema(schema_generator=AttributeDocsSchema)
    properties = schema["properties"]
    assert properties["name"]["description"] == "The name."
    assert "description" not in properties["note"]
    assert properties["extra"]["description"] == "Something else."
    assert Child.model_fields["name"].description is None
    assert "description" not in TypeAdapter(Child).json_schema()["properties"]["name"]
