"""The JSON Schema of catalog files, for editor completion and checks.

``catalogs/schema.json`` is generated from the pydantic models, so it can never
say something the loader does not accept; a test fails when it is stale. Every
bundled catalog file starts with ``#:schema`` pointing at it, which TOML editors
(Taplo, Even Better TOML) use for completion and inline errors.

Regenerate with ``python -m catalogs.schema``.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from pydantic import TypeAdapter

from model.catalog import FactionFile, SystemFile

SCHEMA_PATH = Path(__file__).resolve().parent / "schema.json"


def catalog_schema() -> dict[str, Any]:
    """One schema accepting a system file or a faction file."""
    schema = TypeAdapter(SystemFile | FactionFile).json_schema()
    schema["$schema"] = "https://json-schema.org/draft/2020-12/schema"
    schema["title"] = "warband catalog file (warband.catalog/1)"
    schema["description"] = (
        "A game system's system.toml, or one of its factions/<id>.toml files. "
        "Generated from the pydantic models in model/; do not edit by hand."
    )
    return schema


def schema_text() -> str:
    """The schema as the file holds it."""
    return json.dumps(catalog_schema(), indent=2, sort_keys=True) + "\n"


if __name__ == "__main__":
    SCHEMA_PATH.write_text(schema_text(), encoding="utf-8")
    print(f"wrote {SCHEMA_PATH}")
