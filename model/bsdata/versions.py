"""Which BattleScribe data versions warband reads, and the upgrade of older 2.x files.

A file says which BattleScribe wrote it (``battleScribeVersion``). BSData keeps XSL
transforms that upgrade a file one version at a time (``schemas/src/xml/transform``);
warband does in Python what each of them changes that ``model.bsdata.read`` reads:

- **1.x** (up to 1.15): refused. 2.00 rewrote the whole format (``entries`` became
  ``selectionEntries``, ``links`` split into entry and info links, costs, constraints
  and repeats became elements instead of attributes); upgrading it is BattleScribe's
  job, and no BSData repository still ships it. The message says to open and save the
  file in BattleScribe 2.x, or to ask the data's authors.
- **2.00 -> 2.01**: categories declared inside a force entry move to the file's root
  (once per id, without their constraints and modifiers), and the force links to each
  with a ``categoryLink`` (id ``force-id-category-id``) that keeps them; an entry or a
  link's ``categoryEntryId`` becomes a primary ``categoryLink``; a ``scope`` of
  ``category`` becomes ``primary-category``.
- **2.01 -> 2.02**: ``book`` names become publications (one per name, id from the
  file's id and their order) that elements cite by ``publicationId``; a cost's
  ``costTypeId`` becomes ``typeId``; a profile's ``profileTypeId``/``profileTypeName``
  become ``typeId``/``typeName``; a characteristic's ``characteristicTypeId`` becomes
  ``typeId`` and its ``value`` attribute its text.
- **2.02 -> 2.03**: every catalogue link imports root entries (``importRootEntries``)
  and every entry, group and link is ``import``-able, as they were before 2.03 made
  both opt-in.
- **2.03**: read as it is. A file with no version is read as 2.03 (the schema makes
  the attribute optional).
- **newer 2.x** (2.04 ...): read as 2.03, with a warning (``version_warning``). The
  schema of the next version (``vNext``, also ``latest``) is 2.03's with a new comment:
  BattleScribe has only ever added to 2.x, so refusing would lose every such file for
  nothing, while anything new in it is at worst not used, and the warning says so.
- **3 and later**: refused, naming the version: a new major version is what 2.00 was to
  1.15, a new layout that read as 2.03 would be read wrongly without a word.

The upgrade rewrites the parsed tree in place (the caller's own, just parsed) and sets
its version to 2.03, as the transforms do, so upgrading twice changes nothing.
"""

from __future__ import annotations

import re
from copy import deepcopy
from xml.etree.ElementTree import Element, SubElement

from model.core.problems import Problem
from model.parse.xml_guard import local_name

CURRENT = (2, 3)
"""The version whose layout ``model.bsdata.read`` reads."""

_VERSION = re.compile(r"\s*(\d{1,4})\.(\d{1,4})\s*")
_NO_CATEGORY = ("", "(No Category)")


def parse_version(text: str) -> tuple[int, int] | None:
    """``"2.03"`` -> ``(2, 3)``; None for anything that is not ``major.minor``."""
    found = _VERSION.fullmatch(text)
    return (int(found[1]), int(found[2])) if found else None


def _shown(version: tuple[int, int]) -> str:
    return f"{version[0]}.{version[1]:02d}"


def upgrade(root: Element, file: str) -> list[Problem]:
    """Bring ``root`` (a ``gameSystem`` or ``catalogue``) to the 2.03 layout in place.

    Returns why the file cannot be read (its version is refused), or nothing."""
    text = root.get("battleScribeVersion")
    if text is None:
        return []
    version = parse_version(text)
    if version is None:
        return [
            Problem(
                f'battleScribeVersion is "{text[:40]}", not a version like 2.03',
                file,
                hint="open and save it in BattleScribe 2.x, or ask the data's authors",
            )
        ]
    if version[0] < 2:
        return [
            Problem(
                f"written for BattleScribe {_shown(version)}, whose format warband does not "
                "read (2.00 changed it throughout)",
                file,
                hint="open and save it in BattleScribe 2.x, or ask the data's authors "
                "for a current version",
            )
        ]
    if version[0] > CURRENT[0]:
        return [
            Problem(
                f"written for BattleScribe {_shown(version)}, newer than the "
                f"{_shown(CURRENT)} warband reads",
                file,
                hint="update warband, or ask the data's authors for a 2.x version",
            )
        ]
    if version >= CURRENT:
        return []
    namespace = root.tag[: root.tag.index("}") + 1] if root.tag.startswith("{") else ""
    if version < (2, 1):
        _to_2_01(root, namespace)
    if version < (2, 2):
        _to_2_02(root, namespace)
    _to_2_03(root)
    root.set("battleScribeVersion", _shown(CURRENT))
    return []


def version_warning(root: Element, file: str) -> Problem | None:
    """A warning for a 2.x file newer than 2.03: read as 2.03, anything new not used."""
    version = parse_version(root.get("battleScribeVersion") or "")
    if version is None or version[0] != CURRENT[0] or version <= CURRENT:
        return None
    return Problem(
        f"written for BattleScribe {_shown(version)}, newer than the {_shown(CURRENT)} "
        "warband knows: read as 2.03, so anything new in it is not used",
        file,
        hint="if a list looks wrong, tell warband's authors which file it was",
    )


def _named(parent: Element, name: str) -> list[Element]:
    return [c for c in parent if isinstance(c.tag, str) and local_name(c.tag) == name]


def _everything(root: Element, name: str) -> list[Element]:
    """Every element named ``name`` in the tree (a list: the tree is changed after)."""
    return [e for e in root.iter() if isinstance(e.tag, str) and local_name(e.tag) == name]


def _container(parent: Element, namespace: str, name: str, first: bool = False) -> Element:
    """A new ``<name>`` container in ``parent``: first, or last."""
    holder = Element(namespace + name)
    if first:
        parent.insert(0, holder)
    else:
        parent.append(holder)
    return holder


def _to_2_01(root: Element, ns: str) -> None:
    """Categories out of force entries into the root; ``categoryEntryId`` as links;
    ``scope="category"`` as ``primary-category`` (``Catalogue_2_01.xsl``)."""
    seen = {c.get("id") for h in _named(root, "categoryEntries") for c in h}
    moved: list[Element] = []
    for force in _everything(root, "forceEntry"):
        holders = _named(force, "categoryEntries")
        if not holders:
            continue
        links = _container(force, ns, "categoryLinks", first=True)
        for holder in holders:
            force.remove(holder)
            for category in _named(holder, "categoryEntry"):
                category_id = category.get("id", "")
                link = SubElement(links, ns + "categoryLink")
                link.set("id", f"{force.get('id', '')}-{category_id}")
                link.set("targetId", category_id)
                for key, value in category.attrib.items():
                    if key != "id":
                        link.set(key, value)
                link.extend(list(category))
                if category_id not in seen:
                    seen.add(category_id)
                    kept = Element(category.tag, dict(category.attrib))
                    kept.extend(
                        deepcopy(c)
                        for c in category
                        if local_name(str(c.tag)) not in ("constraints", "modifiers")
                    )
                    moved.append(kept)
    if moved:
        _container(root, ns, "categoryEntries", first=True).extend(moved)
    for entry in _everything(root, "selectionEntry") + _everything(root, "entryLink"):
        category_id = entry.attrib.pop("categoryEntryId", "")
        if category_id in _NO_CATEGORY:
            continue
        link = SubElement(_container(entry, ns, "categoryLinks"), ns + "categoryLink")
        link.set("id", f"{entry.get('id', '')}-{category_id}")
        link.set("targetId", category_id)
        link.set("primary", "true")
    for element in root.iter():
        if element.get("scope") == "category":
            element.set("scope", "primary-category")


def _to_2_02(root: Element, ns: str) -> None:
    """Books as publications; the renamed type ids; a characteristic's value as its
    text (``Catalogue_2_02.xsl``)."""
    prefix = root.get("id", "")[:9]
    publications: dict[str, str] = {}
    for element in root.iter():
        book = element.attrib.pop("book", "")
        if book:
            publication_id = publications.setdefault(book, f"{prefix}-pub{len(publications) + 1}")
            if element is not root:
                element.set("publicationId", publication_id)
    root.attrib.pop("page", "")
    if publications:
        holder = _container(root, ns, "publications", first=True)
        for name, publication_id in publications.items():
            SubElement(holder, ns + "publication", {"id": publication_id, "name": name})
    renames = {
        "cost": (("costTypeId", "typeId"),),
        "profile": (("profileTypeId", "typeId"), ("profileTypeName", "typeName")),
        "characteristic": (("characteristicTypeId", "typeId"),),
    }
    for element in root.iter():
        tag = local_name(str(element.tag))
        for old, new in renames.get(tag, ()):
            value = element.attrib.pop(old, None)
            if value is not None and new not in element.attrib:
                element.set(new, value)
        if tag == "characteristic" and "value" in element.attrib:
            element.text = element.attrib.pop("value")


def _to_2_03(root: Element) -> None:
    """Import everything, as before 2.03 made it opt-in (``Catalogue_2_03.xsl``)."""
    for element in root.iter():
        tag = local_name(str(element.tag))
        if tag == "catalogueLink":
            element.attrib.setdefault("importRootEntries", "true")
        elif tag in ("entryLink", "selectionEntry", "selectionEntryGroup"):
            element.attrib.setdefault("import", "true")
