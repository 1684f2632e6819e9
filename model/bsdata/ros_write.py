"""A ``BsRoster`` as BattleScribe's own roster file (``.ros`` XML), for BattleScribe,
New Recruit and the tools that read their rosters.

What is written is what BattleScribe 2.03 writes, in its schema's order (``Roster``,
``Force`` and ``Selection`` in ``Catalogue.xsd``): the roster's ids and game system, its
total ``costs`` and ``costLimits``, each force with its catalogue and revision, and each
selection with its entry, group, number, type, custom name, notes, its own selections
and its ``costs``. ``ros_read.read_ros`` reads it back as the same roster.

Costs are the engine's, not this module's: the caller passes the roster's ``totals``
and each selection's costs by selection id (``model.bsdata.evaluate``), with the names
of the cost types and the catalogues' revisions from the game system
(``GameSystem.cost_names``, ``GameSystem.revisions``). So the writer needs no game
system, and the costs in the file are the ones warband shows.

Each selection's ``rules`` and ``profiles`` are written as BattleScribe writes them,
when the caller passes them (``selection_infos``, from ``model.bsdata.infos``): the ones
the list shows, hidden ones left out, every modifier applied (a Toughness raised by
armour is written raised), so a tool that prints a roster without its game data prints
the stats the list makes.

Not written: each selection's ``categories``, and each force's
``categories`` and ``publications``. The schema makes them optional, they are all read
from the game data (which a ``.ros`` names by id and revision), and BattleScribe and New
Recruit work them out again from the data when they open a roster, as warband's importer
does. Writing them would copy the catalogue's text into every list, and a category
written here could only disagree with the engine's (categories change with modifiers).
Tools that print a roster without its game data (roster viewers, table-top simulators)
would want them; they can be added as another argument when such a use comes.
"""

from __future__ import annotations

import math
import re
from collections.abc import Mapping, Sequence
from xml.etree import ElementTree
from xml.etree.ElementTree import Element, SubElement

from model.bsdata.data import Cost
from model.bsdata.infos import Infos
from model.bsdata.ros_read import NAMESPACE
from model.bsdata.roster import BsRoster, Force, Selection

BATTLESCRIBE_VERSION = "2.03"
GENERATED_BY = "warband"

_NOT_XML = re.compile("[^\t\n\r\x20-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]")
"""Characters XML 1.0 cannot hold at all (control characters, lone surrogates, U+FFFE):
texts reach the writer clean (``model.core.safe_text``), but a file must be well formed
whatever a caller passes."""


def ros_bytes(
    roster: BsRoster,
    *,
    cost_names: Mapping[str, str],
    catalogue_revisions: Mapping[str, int] | None = None,
    totals: Sequence[Cost] = (),
    selection_costs: Mapping[str, Sequence[Cost]] | None = None,
    selection_infos: Mapping[str, Infos] | None = None,
) -> bytes:
    """The roster as a ``.ros`` document (UTF-8 XML), indented as BattleScribe writes it.

    ``cost_names`` names each cost type (a cost type it lacks is named by its id);
    ``catalogue_revisions`` gives each force's ``catalogueRevision`` (left out where
    unknown); ``totals`` are the roster's costs and ``selection_costs`` each selection's
    (by selection id; a selection missing from it gets no ``costs``); ``selection_infos``
    each selection's profiles and rules (by selection id; none written where missing)."""
    writer = _Writer(cost_names, catalogue_revisions or {}, selection_costs or {})
    writer.infos = selection_infos or {}
    root = Element(
        "roster",
        _attributes(
            xmlns=NAMESPACE,
            id=roster.id,
            name=roster.name,
            battleScribeVersion=BATTLESCRIBE_VERSION,
            generatedBy=GENERATED_BY,
            gameSystemId=roster.game_system_id,
            gameSystemName=roster.game_system_name,
            gameSystemRevision=str(roster.game_system_revision),
        ),
    )
    writer.costs(root, "costs", "cost", totals)
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
    def __init__(
        self,
        cost_names: Mapping[str, str],
        revisions: Mapping[str, int],
        selection_costs: Mapping[str, Sequence[Cost]],
    ) -> None:
        self.cost_names = cost_names
        self.revisions = revisions
        self.selection_costs = selection_costs
        self.infos: Mapping[str, Infos] = {}

    def costs(self, parent: Element, container: str, kind: str, costs: Sequence[Cost]) -> None:
        """``<costs>`` (or ``<costLimits>``) with one element per finite cost."""
        shown = [c for c in costs if math.isfinite(c.value)]
        if not shown:
            return
        holder = SubElement(parent, container)
        for cost in shown:
            name = self.cost_names.get(cost.type_id, cost.type_id)
            SubElement(
                holder, kind, _attributes(name=name, typeId=cost.type_id, value=_number(cost.value))
            )

    def force(self, parent: Element, force: Force) -> None:
        revision = self.revisions.get(force.catalogue_id)
        element = SubElement(
            parent,
            "force",
            _attributes(
                id=force.id,
                name=force.name,
                entryId=force.entry_id,
                catalogueId=force.catalogue_id,
                catalogueRevision=str(revision) if revision is not None else "",
                catalogueName=force.catalogue_name,
                customName=force.custom_name,
            ),
        )
        _notes(element, force.note)
        if force.selections:
            holder = SubElement(element, "selections")
            for selection in force.selections:
                self.selection(holder, selection)
        if force.forces:
            holder = SubElement(element, "forces")
            for inner in force.forces:
                self.force(holder, inner)

    def selection(self, parent: Element, selection: Selection) -> None:
        element = SubElement(
            parent,
            "selection",
            _attributes(
                id=selection.id,
                name=selection.name,
                entryId=selection.entry_id,
                entryGroupId=selection.entry_group_id or "",
                number=str(selection.number),
                type=selection.type,
                customName=selection.custom_name,
            ),
        )
        _notes(element, selection.note)
        infos = self.infos.get(selection.id)
        if infos is not None:
            write_infos(element, infos)
        if selection.selections:
            holder = SubElement(element, "selections")
            for inner in selection.selections:
                self.selection(holder, inner)
        self.costs(element, "costs", "cost", self.selection_costs.get(selection.id, ()))


def write_infos(element: Element, infos: Infos) -> None:
    """A selection's ``<rules>`` and ``<profiles>`` (after its notes, before its
    selections, as the schema orders them), the ones it shows, as BattleScribe writes
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


_REQUIRED = frozenset(("id", "name", "entryId", "catalogueId", "gameSystemId", "typeId"))
"""Attributes the schema requires: written even when empty."""


def _attributes(**values: str) -> dict[str, str]:
    """XML-safe attributes in the order given, optional ones left out when empty."""
    return {k: _NOT_XML.sub("", v) for k, v in values.items() if v or k in _REQUIRED}


def _notes(element: Element, text: str) -> None:
    if text:
        SubElement(element, "customNotes").text = _NOT_XML.sub("", text)


def _number(value: float) -> str:
    """A decimal as BattleScribe writes it: ``10.0``, ``2.5``, ``-1.0``."""
    return repr(float(value))
