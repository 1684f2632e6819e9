"""Small BattleScribe game systems for engine tests, written inline as XML.

``system(gst, *cats)`` parses the XML strings the way real files are read
(``parse_xml``, ``read_catalogue``, ``GameSystem.build``) and fails the test on any
problem, so a fixture is valid data before the engine sees it. ``gst``/``cat`` wrap
the inner XML of a game system or catalogue with the root element and its ids.
"""

from __future__ import annotations

from model.bsdata.data import Catalogue
from model.bsdata.read import read_catalogue
from model.bsdata.roster import BsRoster, CostLimit, Force, Selection
from model.bsdata.system import GameSystem
from model.parse.xml_guard import XmlRefused, parse_xml

GST_ID = "gs"
CAT_ID = "cat"
PTS = "pts"

COST_TYPES = '<costTypes><costType id="pts" name="pts" defaultCostLimit="-1"/></costTypes>'


def gst(inner: str, cost_types: str = COST_TYPES) -> str:
    """A game system ``gs`` holding ``inner`` after its cost types."""
    return (
        f'<gameSystem id="{GST_ID}" name="Test Game" revision="1" battleScribeVersion="2.03" '
        f'xmlns="http://www.battlescribe.net/schema/gameSystemSchema">{cost_types}{inner}'
        "</gameSystem>"
    )


def cat(inner: str, cat_id: str = CAT_ID, name: str = "Faction") -> str:
    """A catalogue of ``gs`` holding ``inner``."""
    return (
        f'<catalogue id="{cat_id}" name="{name}" revision="1" battleScribeVersion="2.03" '
        f'gameSystemId="{GST_ID}" gameSystemRevision="1" '
        f'xmlns="http://www.battlescribe.net/schema/catalogueSchema">{inner}</catalogue>'
    )


def read(text: str, file: str) -> Catalogue:
    root = parse_xml(text.encode())
    assert not isinstance(root, XmlRefused), root
    catalogue, problems = read_catalogue(root, file)
    assert problems == [], problems
    assert catalogue is not None
    return catalogue


def system(game: str, *catalogues: str) -> GameSystem:
    """A ``GameSystem`` from the XML of a game system and its catalogues."""
    return GameSystem.build(
        read(game, "test.gst"),
        tuple(read(c, f"test{i}.cat") for i, c in enumerate(catalogues)),
    )


FORCE = '<forceEntries><forceEntry id="team" name="Team"/></forceEntries>'
"""A game system's one force entry, with no categories."""


def sel(
    sid: str, entry_id: str, *children: Selection, number: int = 1, name: str = ""
) -> Selection:
    """A selection ``sid`` of ``entry_id`` (its name defaults to the id)."""
    return Selection(sid, entry_id, name or entry_id, number=number, selections=children)


def roster(
    *selections: Selection,
    limit: float | None = None,
    forces: tuple[Force, ...] = (),
    catalogue_id: str = CAT_ID,
    force_entry: str = "team",
) -> BsRoster:
    """A roster of one force of ``force_entry`` from ``catalogue_id`` holding
    ``selections`` (or of ``forces``), with a pts limit if given."""
    limits = (CostLimit(PTS, limit),) if limit is not None else ()
    if not forces:
        forces = (Force("f1", force_entry, catalogue_id, "Team", selections=selections),)
    return BsRoster("r", "Test roster", GST_ID, cost_limits=limits, forces=forces)


def cost(value: float) -> str:
    """A ``pts`` cost of ``value``."""
    return f'<costs><cost name="pts" typeId="pts" value="{value}"/></costs>'


def constraint(
    cid: str,
    kind: str,
    value: float,
    scope: str = "parent",
    field: str = "selections",
    **flags: str,
) -> str:
    """One constraint element (``flags``: shared, includeChildSelections, percentValue ...)."""
    more = "".join(f' {k}="{v}"' for k, v in flags.items())
    return (
        f'<constraints><constraint id="{cid}" type="{kind}" value="{value}" field="{field}" '
        f'scope="{scope}"{more}/></constraints>'
    )


def entry(
    eid: str, name: str, inner: str = "", kind: str = "upgrade", tag: str = "selectionEntry"
) -> str:
    """A selection entry (or, with ``tag``, a group) holding ``inner``."""
    type_attr = f' type="{kind}"' if tag == "selectionEntry" else ""
    return f'<{tag} id="{eid}" name="{name}"{type_attr}>{inner}</{tag}>'


def link(lid: str, target: str, inner: str = "", kind: str = "selectionEntry") -> str:
    """An entry link to ``target`` (an entry, or a group with ``kind``)."""
    return (
        f'<entryLink id="{lid}" name="{lid}" targetId="{target}" type="{kind}">{inner}</entryLink>'
    )
