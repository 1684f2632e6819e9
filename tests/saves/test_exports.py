"""Chat text, Markdown and JSON exports: golden files, the schema, and what each states.

The golden files in ``tests/fixtures/exports`` are the exports of three fixture lists
(a legal band, a band with unpublished figures, an illegal list). After a deliberate
change, rewrite them with ``WARBAND_UPDATE_GOLDEN=1 pytest tests/saves/test_exports.py``
and read the diff.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import jsonschema  # type: ignore[import-untyped]
import pytest

from model.roster.validate import validate
from saves.export_formats import to_json, to_markdown, to_text
from saves.list_export import SCHEMA, ListExport, build_export, export_schema
from saves.roster_file import read_roster, resolve
from saves.share_code import decode, encode
from tests.conftest import FIXTURES
from tests.helpers import bundled

ROSTERS = FIXTURES / "rosters"
GOLDEN = FIXTURES / "exports"
LISTS = {
    "rust-rats": ROSTERS / "gangers" / "legal-500.toml",
    "sewer-choir": ROSTERS / "mutards" / "legal-500.toml",
    "crowd": ROSTERS / "gangers" / "too-big.toml",
}
BANDS = sorted(ROSTERS.glob("*/legal-500.toml"))


def exported(path: Path) -> tuple[ListExport, str]:
    roster, source = read_roster(path)
    view = resolve(roster, source, lambda _: bundled())
    return build_export(roster, view, validate(view, roster)), encode(roster)


def formats(path: Path) -> dict[str, str]:
    doc, code = exported(path)
    return {"txt": to_text(doc, code), "md": to_markdown(doc, code), "json": to_json(doc)}


@pytest.mark.parametrize("name", LISTS)
@pytest.mark.parametrize("ext", ["txt", "md", "json"])
def test_golden_files(name: str, ext: str) -> None:
    text = formats(LISTS[name])[ext]
    golden = GOLDEN / f"{name}.{ext}"
    if os.environ.get("WARBAND_UPDATE_GOLDEN"):
        golden.write_text(text, encoding="utf-8")
    assert text == golden.read_text(encoding="utf-8")


def test_the_published_schema_is_up_to_date() -> None:
    """Regenerate it with ``python -m saves.list_export``."""
    assert json.loads(SCHEMA.read_text(encoding="utf-8")) == export_schema()


@pytest.mark.parametrize("path", BANDS, ids=lambda p: p.parent.name)
def test_every_band_s_json_validates_against_the_schema(path: Path) -> None:
    schema = json.loads(SCHEMA.read_text(encoding="utf-8"))
    jsonschema.Draft202012Validator.check_schema(schema)
    doc = json.loads(formats(path)["json"])
    jsonschema.validate(doc, schema, cls=jsonschema.Draft202012Validator)
    assert ListExport.model_validate(doc) == exported(path)[0]


def test_the_schema_rejects_what_is_not_an_export() -> None:
    schema = json.loads(SCHEMA.read_text(encoding="utf-8"))
    doc = json.loads(formats(LISTS["rust-rats"])["json"])
    doc["points"] = "a lot"
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate(doc, schema, cls=jsonschema.Draft202012Validator)


@pytest.mark.parametrize("path", BANDS, ids=lambda p: p.parent.name)
def test_chat_text_fits_one_message_and_carries_the_list(path: Path) -> None:
    text = formats(path)["txt"]
    assert len(text) <= 2000  # one Discord message
    code = text.rstrip().rsplit(" ", 1)[-1]
    assert decode(code) == read_roster(path)[0]


@pytest.mark.parametrize("path", BANDS, ids=lambda p: p.parent.name)
def test_every_export_states_system_catalog_points_and_verdict(path: Path) -> None:
    doc, _ = exported(path)
    version = bundled().system.version
    for ext, text in formats(path).items():
        assert "Punkapocalyptic" in text, ext
        assert version in text, ext
        assert str(doc.points) in text and str(doc.points_limit) in text, ext
        assert ("valid" in text) or ('"valid": true' in text), ext
        for note in doc.not_published:
            assert note.name in text, (ext, note.name)


def test_markdown_has_a_table_per_entry_and_escapes_markup() -> None:
    doc, code = exported(LISTS["rust-rats"])
    text = to_markdown(doc, code)
    assert text.count("| A | C | P | Ag | S | T | Tc |") == len(doc.entries)
    tricky = doc.model_copy(update={"name": "*Rats* | <b>"})
    assert to_markdown(tricky, code).startswith("# \\*Rats\\* \\| \\<b\\>\n")
