"""The JSON Schema of catalog files, for editor completion and checks.

``catalogs/schema.json`` is generated from the pydantic models, so it can never
say something the loader does not accept; a test fails when it is stale. Every
bundled catalog file starts with ``#:schema`` pointing at it, which TOML editors
(Taplo, Even Better TOML) use for completion and inline errors.

Regenerate with ``python -m catalogs.schema``.

Field descriptions come from the attribute docstrings in ``model/``. The models do
not read them as they are built (pydantic's ``use_attribute_docstrings`` parses each
model's source, which cost every start tens of milliseconds); they are read here,
from the source, only when the schema is written or checked.
"""

from __future__ import annotations

import ast
import inspect
import itertools
import json
import textwrap
from pathlib import Path
from typing import Any

from pydantic import BaseModel, TypeAdapter
from pydantic.json_schema import GenerateJsonSchema, JsonSchemaValue
from pydantic_core import core_schema

from model.catalog.files import FactionFile, SystemFile

SCHEMA_PATH = Path(__file__).resolve().parent / "schema.json"


def catalog_schema() -> dict[str, Any]:
    """One schema accepting a system file or a faction file."""
    schema = TypeAdapter(SystemFile | FactionFile).json_schema(schema_generator=AttributeDocsSchema)
    schema["$schema"] = "https://json-schema.org/draft/2020-12/schema"
    schema["title"] = "warband catalog file (warband.catalog/1)"
    schema["description"] = (
        "A game system's system.toml, or one of its factions/<id>.toml files. "
        "Generated from the pydantic models in model/; do not edit by hand."
    )
    return schema


def _own_docstrings(cls: type) -> dict[str, str]:
    """The docstrings written under the attributes a class body annotates itself, as
    ``inspect.cleandoc`` leaves them (what pydantic's ``use_attribute_docstrings`` reads)."""
    try:
        source = textwrap.dedent(inspect.getsource(cls))
    except (OSError, TypeError):
        return {}
    body = next(n for n in ast.parse(source).body if isinstance(n, ast.ClassDef)).body
    docs: dict[str, str] = {}
    for node, after in itertools.pairwise(body):
        if (
            isinstance(node, ast.AnnAssign)
            and isinstance(node.target, ast.Name)
            and isinstance(after, ast.Expr)
            and isinstance(after.value, ast.Constant)
            and isinstance(after.value.value, str)
        ):
            docs[node.target.id] = inspect.cleandoc(after.value.value)
    return docs


def attribute_docstrings(model: type[BaseModel]) -> dict[str, str]:
    """A model's field docstrings, inherited ones included: a field a subclass annotates
    again keeps only its own docstring, as a field's own definition replaces the base's."""
    docs: dict[str, str | None] = {}
    for cls in reversed(model.__mro__):
        if issubclass(cls, BaseModel) and cls is not BaseModel:
            own = _own_docstrings(cls)
            docs.update({name: own.get(name) for name in inspect.get_annotations(cls)})
    return {name: doc for name, doc in docs.items() if doc is not None}


class AttributeDocsSchema(GenerateJsonSchema):
    """JSON Schema with each model field described by its attribute docstring."""

    def model_schema(self, schema: core_schema.ModelSchema) -> JsonSchemaValue:
        model = schema["cls"]
        inner = schema["schema"]
        docs = attribute_docstrings(model)
        if inner["type"] == "model-fields" and docs:
            fields = {}
            for name, field in inner["fields"].items():
                doc = docs.get(name)
                if doc is not None and model.model_fields[name].description is None:
                    metadata = dict(field.get("metadata") or {})
                    updates = {**metadata.get("pydantic_js_updates", {}), "description": doc}
                    metadata["pydantic_js_updates"] = updates
                    field = {**field, "metadata": metadata}  # a copy: the model is untouched
                fields[name] = field
            schema = {**schema, "schema": {**inner, "fields": fields}}
        return super().model_schema(schema)


def schema_text() -> str:
    """The schema as the file holds it."""
    return json.dumps(catalog_schema(), indent=2, sort_keys=True) + "\n"


if __name__ == "__main__":
    SCHEMA_PATH.write_text(schema_text(), encoding="utf-8")
    print(f"wrote {SCHEMA_PATH}")
