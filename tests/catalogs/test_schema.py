"""The published catalog schema matches the models."""

from __future__ import annotations

from catalogs.schema import SCHEMA_PATH, schema_text


def test_schema_json_is_up_to_date() -> None:
    assert SCHEMA_PATH.read_text(encoding="utf-8") == schema_text(), (
        "catalogs/schema.json is stale: run python -m catalogs.schema"
    )


def test_the_schema_gives_catalog_authors_every_range() -> None:
    """The ranges of ``model.core.bounds`` reach editors through the published schema: every
    number a catalog can hold has a minimum and a maximum there."""
    import json

    from model.core.bounds import MAX_MODELS, MAX_POINTS
    from tests.model.test_bounds import unbounded

    schema = json.loads(SCHEMA_PATH.read_text(encoding="utf-8"))
    assert unbounded(schema) == []
    defs = schema["$defs"]
    assert defs["ModelRange"]["properties"]["max"] | {"default": None} == {
        "default": None,
        "maximum": MAX_MODELS,
        "minimum": 1,
        "title": "Max",
        "type": "integer",
    }
    cost = defs["Unit"]["properties"]["cost"]
    assert (cost["minimum"], cost["maximum"]) == (0, MAX_POINTS)
    dice = defs["TableSpec"]["properties"]["dice"]["anyOf"][0]
    assert dice["pattern"] == "^([1-9][0-9]?)?[dD][1-9][0-9]{0,2}([+-][0-9]{1,3})?$"
