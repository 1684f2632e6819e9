"""A spec's ``setup`` written out as the ``.gst`` and ``.cat`` files BattleScribe reads.

The suite's YAML mirrors BattleScribe's XML as New Recruit's JSON does, so the names come
from warband's reader of that JSON (``model.bsdata.json_data``): a key holding a list is a
container element of items named in the singular (``selectionEntries`` holds
``selectionEntry``; ``sharedRules`` holds ``rule``), a key holding a plain value is an
attribute, and the few values BattleScribe writes as text (a rule's ``description``, a
characteristic's value) become element text. The defaults are those of the upstream generator
(``reference/src/BattleScribeSpec.XmlGen/CatXmlGenerator.cs``) and of its loader: a game
system without an id or name is named after the spec, a catalogue without a name after the
spec (numbered when there are several), and a cost type without a default limit has none
(-1).

The files are written to a folder and read by warband as any user's game is
(``catalogs.bsdata.check_battlescribe``): the runner never builds warband's values by hand,
so every check a real file goes through, the spec's data goes through too.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any
from xml.sax.saxutils import escape, quoteattr

from model.bsdata.json_data import TEXT_CHILDREN, singular

GST_NS = "http://www.battlescribe.net/schema/gameSystemSchema"
CAT_NS = "http://www.battlescribe.net/schema/catalogueSchema"


def _value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


def element(name: str, fields: Mapping[str, Any], text: str | None = None) -> str:
    """``<name ...>`` with ``fields`` as attributes, child elements and text."""
    attributes: list[str] = []
    children: list[str] = []
    for key, value in fields.items():
        if value is None:
            continue
        if isinstance(value, list):
            items = "".join(_item(singular(key), item) for item in value)
            children.append(f"<{key}>{items}</{key}>")
        elif isinstance(value, dict):
            children.append(element(key, value))
        elif key in TEXT_CHILDREN:
            children.append(f"<{key}>{escape(_value(value))}</{key}>")
        else:
            attributes.append(f" {key}={quoteattr(_value(value))}")
    body = "".join(children) + (escape(text) if text is not None else "")
    return f"<{name}{''.join(attributes)}>{body}</{name}>"


def _item(name: str, item: Any) -> str:
    if not isinstance(item, dict):
        return f"<{name}>{escape(_value(item))}</{name}>"
    if name == "characteristic":
        fields = {k: v for k, v in item.items() if k != "value"}
        value = item.get("value")
        return element(name, fields, "" if value is None else _value(value))
    if name == "costType":
        item = {"defaultCostLimit": -1, **item}
    return element(name, item)


def game_system_xml(setup: Mapping[str, Any], spec_id: str) -> str:
    """The ``.gst`` of a spec's ``setup``."""
    system = dict(setup.get("gameSystem") or {})
    system.setdefault("id", spec_id)
    system.setdefault("name", spec_id)
    head = {"id": system.pop("id"), "name": system.pop("name"), "revision": 1}
    head["battleScribeVersion"] = "2.03"
    head["xmlns"] = GST_NS
    return element("gameSystem", {**head, **system})


def catalogue_xmls(setup: Mapping[str, Any], spec_id: str) -> list[tuple[str, str]]:
    """Each catalogue of a spec's ``setup``: its id and its ``.cat``."""
    system = setup.get("gameSystem") or {}
    system_id = system.get("id") or spec_id
    catalogues = list(setup.get("catalogues") or [])
    out: list[tuple[str, str]] = []
    for number, given in enumerate(catalogues, start=1):
        catalogue = dict(given)
        name = catalogue.pop("name", None) or (
            f"{spec_id}-{number}" if len(catalogues) > 1 else spec_id
        )
        head = {
            "id": catalogue.pop("id"),
            "name": name,
            "revision": 1,
            "battleScribeVersion": "2.03",
            "gameSystemId": catalogue.pop("gameSystemId", None) or system_id,
            "gameSystemRevision": 1,
            "library": catalogue.pop("library", None),
            "xmlns": CAT_NS,
        }
        out.append((str(head["id"]), element("catalogue", {**head, **catalogue})))
    return out


def write_setup(setup: Mapping[str, Any], spec_id: str, folder: Path) -> list[str]:
    """Write the game system and catalogues into ``folder``; the catalogue ids in order."""
    (folder / "game.gst").write_text(game_system_xml(setup, spec_id), encoding="utf-8")
    ids: list[str] = []
    for number, (catalogue_id, xml) in enumerate(catalogue_xmls(setup, spec_id)):
        (folder / f"catalogue-{number}.cat").write_text(xml, encoding="utf-8")
        ids.append(catalogue_id)
    return ids
