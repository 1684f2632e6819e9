"""The published catalog schema matches the models."""

from __future__ import annotations

from catalogs.schema import SCHEMA_PATH, schema_text


def test_schema_json_is_up_to_date() -> None:
    assert SCHEMA_PATH.read_text(encoding="utf-8") == schema_text(), (
        "catalogs/schema.json is stale: run python -m catalogs.schema"
    )
