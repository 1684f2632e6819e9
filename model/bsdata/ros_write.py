"""A ``BsRoster`` as BattleScribe's own roster file (``.ros`` XML), for BattleScribe,
New Recruit and the tools that print or show their rosters.

What is written is what BattleScribe 2.03 saves, element by element and attribute by
attribute in its schema's order (``Roster``, ``Force``, ``Selection`` and ``Category`` in
``Catalogue.xsd``; a roster BattleScribe saved for the layout): the roster's ids and game
system, its total ``costs`` and ``costLimits``; each force with its catalogue and
revision, custom name and notes, its selections, the ``publications`` its catalogue
cites and its ``categories`` ("Uncategorised" first, each with the custom name and
notes the player gave it); each selection with its entry, group, name as modifiers
leave it, custom name and notes, page and publication, number and type, its own
selections, its ``costs`` (every cost type, its number times one's cost) and its
``categories`` (the primary marked). So a roster printer, which
reads only the file, shows what BattleScribe shows.

Forces and selections are written in the roster's order, the order they were added,
as BattleScribe saves its own (it sorts them by name only to show them:
``model.bsdata.order``). ``ros_read.read_ros`` reads the file back as the same roster,
each selection under the name it was written with.

What the data makes of the roster is the engine's, not this module's: the caller
passes a ``RosContent`` (``model.bsdata.ros_content.ros_content``), so this module needs
no game system and the file says what warband shows. Without one, only the choices
are written (ids, names, numbers, custom names and notes, a force's categories only
where the player named them), which is all a ``.ros`` must hold: BattleScribe and New
Recruit work the rest out again from the data.

Each force's and selection's ``rules`` and ``profiles`` are written as BattleScribe
writes them (from ``model.bsdata.infos``, through the content): the ones the list shows,
hidden ones left out, every modifier applied (a Toughness raised by armour is written
raised), so a tool that prints a roster without its game data prints the stats the list
makes.
"""

from __future__ import annotations

import math
import re
from collections.abc import Sequence
from decimal import Decimal
from typing import TYPE_CHECKING
from xml.etree import ElementTree
from xml.etree.ElementTree import Element, SubElement

from model.bsdata.categories import WrittenCategory
from model.bsdata.data import Cost
from model.bsdata.ros_content import RosContent, SelectionFacts
from model.bsdata.ros_read import NAMESPACE

if TYPE_CHECKING:
    from model.bsdata.infos import Infos
    from model.bsdata.roster import BsRoster, CustomCategory, Force, Selection

BATTLESCRIBE_VERSION = "2.03"

_NOT_XML = re.compile("[^\t\n\r\x20-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]")
"""Characters XML 1.0 cannot hold at all (control characters, lone surrogates, U+FFFE):
texts reach the writer clean (``model.core.safe_text``), but a file must be well formed
whatever a caller passes."""

_NO_CONTENT = RosContent(cost_names={})


def ros_bytes(roster: BsRoster, content: RosContent | None = None) -> bytes:
    """The roster as a ``.ros`` document (UTF-8 XML), indented as BattleScribe writes it,
    with what the engine made of it (``content``; without it, the choices only)."""
    writer = _Writer(content or _NO_CONTENT)
    root = Element(
        "roster",
        _attributes(
            xmlns=NAMESPACE,
            id=roster.id,
            name=roster.name,
            battleScribeVersion=BATTLESCRIBE_VERSION,
            gameSystemId=roster.game_system_id,
            gameSystemName=roster.game_system_name,
            gameSystemRevision=str(roster.game_system_revision),
        ),
    )
    writer.costs(root, "costs", "cost", writer.content.totals)
    writer.costs(
        root, "costLimits", "costLimit", [Cost(c.type_id, c.value) for c in roster.cost_limits]
    )
    if roster.forces:
        holder = SubElement(root, "forces")
        for force in roster.forces:
            writer.force(holder, force)
    _notes(root, roster.custom_notes)
    ElementTree.indent(root, space="  ")
    body = ElementTree.tostring(root, encoding="unicode")
    return ('<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n' + body + "\n").encode()


class _Writer:
    def __init__(self, content: RosContent) -> None:
        self.content = content

    def costs(self, parent: Element, container: str, kind: str, costs: Sequence[Cost]) -> None:
        """``<costs>`` (or ``<costLimits>``) with one element per finite cost."""
        shown = [c for c in costs if math.isfinite(c.value)]
        if not shown:
            return
        holder = SubElement(parent, container)
        for cost in shown:
            name = self.content.cost_names.get(cost.type_id, cost.type_id)
            SubElement(
                holder,
                kind,
                _attributes(name=name, typeId=cost.type_id, value=java_double(cost.value)),
            )

    def force(self, parent: Element, force: Force) -> None:
        facts = self.content.forces.get(force.id)
        revision = facts.catalogue_revision if facts is not None else None
        element = SubElement(
            parent,
            "force",
            _attributes(
                id=force.id,
                name=force.name,
                entryId=force.entry_id,
                customName=force.custom_name,
                publicationId=facts.publication_id if facts is not None else "",
                page=facts.page if facts is not None else "",
                catalogueId=force.catalogue_id,
                catalogueRevision=str(revision) if revision is not None else "",
                catalogueName=force.catalogue_name,
            ),
        )
        _notes(element, force.note)
        if facts is not None and facts.infos is not None:
            write_infos(element, facts.infos)
        if force.selections:
            holder = SubElement(element, "selections")
            for selection in force.selections:
                self.selection(holder, selection)
        if facts is not None and facts.publications:
            holder = SubElement(element, "publications")
            for publication in facts.publications:
                SubElement(
                    holder,
                    "publication",
                    _attributes(
                        id=publication.id,
                        name=publication.name,
                        shortName=publication.short_name,
                    ),
                )
        if facts is not None:
            _categories(element, facts.categories)
        else:  # the names the player gave its categories are choices: kept without data
            _categories(element, [_custom_only(force.id, c) for c in force.custom_categories])
        if force.forces:
            holder = SubElement(element, "forces")
            for inner in force.forces:
                self.force(holder, inner)

    def selection(self, parent: Element, selection: Selection) -> None:
        facts = self.content.selections.get(selection.id) or SelectionFacts(selection.name)
        element = SubElement(
            parent,
            "selection",
            _attributes(
                id=selection.id,
                name=facts.name,
                entryId=selection.entry_id,
                entryGroupId=selection.entry_group_id or "",
                customName=selection.custom_name,
                publicationId=facts.publication_id,
                page=facts.page,
                number=str(selection.number),
                type=selection.type,
            ),
        )
        _notes(element, selection.note)
        if facts.infos is not None:
            write_infos(element, facts.infos)
        if selection.selections:
            holder = SubElement(element, "selections")
            for inner in selection.selections:
                self.selection(holder, inner)
        self.costs(element, "costs", "cost", facts.costs)
        _categories(element, facts.categories)


def write_infos(element: Element, infos: Infos) -> None:
    """A force's or a selection's ``<rules>`` and ``<profiles>`` (after its notes, before
    its selections, as the schema orders them), the ones it shows, as BattleScribe writes
    them: each profile's characteristics with their values as modified."""
    shown = infos.visible()
    if shown.rules:
        holder = SubElement(element, "rules")
        for rule in shown.rules:
            one = SubElement(
                holder,
                "rule",
                _attributes(
                    id=rule.id,
                    name=rule.name,
                    publicationId=rule.publication_id or "",
                    page=rule.page,
                    hidden="false",
                ),
            )
            SubElement(one, "description").text = _NOT_XML.sub("", rule.description)
    if shown.profiles:
        holder = SubElement(element, "profiles")
        for profile in shown.profiles:
            one = SubElement(
                holder,
                "profile",
                _attributes(
                    id=profile.id,
                    name=profile.name,
                    publicationId=profile.publication_id or "",
                    page=profile.page,
                    hidden="false",
                    typeId=profile.type_id,
                    typeName=profile.type_name,
                ),
            )
            if profile.characteristics:
                values = SubElement(one, "characteristics")
                for c in profile.characteristics:
                    attributes = _attributes(name=c.name, typeId=c.type_id)
                    SubElement(values, "characteristic", attributes).text = _NOT_XML.sub(
                        "", c.value
                    )


_REQUIRED = frozenset(
    ("id", "name", "entryId", "catalogueId", "gameSystemId", "typeId", "number", "type")
)
"""Attributes the schema requires: written even when empty."""


def _attributes(**values: str) -> dict[str, str]:
    """XML-safe attributes in the order given, optional ones left out when empty."""
    return {k: _NOT_XML.sub("", v) for k, v in values.items() if v or k in _REQUIRED}


def _notes(element: Element, text: str) -> None:
    if text:
        SubElement(element, "customNotes").text = _NOT_XML.sub("", text)


def _categories(element: Element, categories: Sequence[WrittenCategory]) -> None:
    if not categories:
        return
    holder = SubElement(element, "categories")
    for category in categories:
        written = SubElement(
            holder,
            "category",
            _attributes(
                id=category.id,
                name=category.name,
                entryId=category.entry_id,
                customName=category.custom_name,
                primary="true" if category.primary else "false",
            ),
        )
        _notes(written, category.note)


def _custom_only(force_id: str, custom: CustomCategory) -> WrittenCategory:
    """A force's category the player named, written without the game data: its name
    is not known here, so it is written empty (the schema's ``name`` is required; what
    reads it back keeps the custom name and notes, by the entry id)."""
    return WrittenCategory(
        id=f"{force_id}::{custom.entry_id}",
        entry_id=custom.entry_id,
        name="",
        custom_name=custom.custom_name,
        note=custom.note,
    )


def java_double(value: float) -> str:
    """A number as BattleScribe (Java's ``Double.toString``) writes it: the fewest digits
    that read back as the same double, ``10.0``, ``2.5``, ``-1.0``, and from 10^7 up or
    below 10^-3 in Java's scientific form, ``1.0E7``, ``2.5E-4``."""
    value = float(value)
    if value == 0 or 1e-3 <= abs(value) < 1e7:
        return repr(value)
    sign, digits, exponent = Decimal(repr(value)).normalize().as_tuple()
    assert isinstance(exponent, int)
    shown = "".join(map(str, digits))
    power = exponent + len(shown) - 1
    return f"{'-' if sign else ''}{shown[0]}.{shown[1:] or '0'}E{power}"
