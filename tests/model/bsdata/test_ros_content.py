"""What a ``.ros`` says beyond the player's choices, as BattleScribe saves it: each
selection's name as modified, page and publication, costs and categories (primary
marked, in the order the entry links them); each force's publications and categories
("Uncategorised" first). A small game written here, its roster written and parsed back
element by element, and checked against BattleScribe's own schema."""

from __future__ import annotations

from dataclasses import replace
from xml.etree.ElementTree import Element

import xmlschema

from model.bsdata.ros_content import ros_content
from model.bsdata.ros_read import NAMESPACE, read_ros
from model.bsdata.ros_write import ros_bytes
from model.bsdata.roster import BsRoster, CustomCategory, Force, Selection
from tests.model.bsdata.shared_data import BSDATA
from tests.model.bsdata.test_ros_write import parsed
from tests.model.bsdata.xml_fixtures import cat, cost, gst, system

NS = "{" + NAMESPACE + "}"

GAME = gst(
    '<publications><publication id="pub-core" name="Core Rules"/></publications>'
    "<categoryEntries>"
    '<categoryEntry id="hq" name="HQ"/><categoryEntry id="troops" name="Troops"/>'
    '<categoryEntry id="vehicle" name="Vehicle"/>'
    "</categoryEntries>"
    '<forceEntries><forceEntry id="army" name="Army">'
    '<forceEntries><forceEntry id="wing" name="Wing"><categoryLinks>'
    '<categoryLink id="w-veh" targetId="vehicle"/></categoryLinks></forceEntry></forceEntries>'
    "<categoryLinks>"
    '<categoryLink id="a-tr" targetId="troops"/><categoryLink id="a-hq" targetId="hq"/>'
    '<categoryLink id="a-tr2" targetId="troops"/>'
    "</categoryLinks></forceEntry></forceEntries>"
)
TANKS = '<condition type="{}" value="1" field="selections" scope="force" childId="tank"/>'
"""A condition on how many tanks the force holds (one: ``atLeast`` holds, ``lessThan``
does not)."""
FACTION = cat(
    '<publications><publication id="pub-codex" name="Codex" shortName="Cdx"/></publications>'
    "<selectionEntries>"
    '<selectionEntry id="tank" name="Zulu Tank" type="unit" publicationId="pub-codex" page="12">'
    '<modifiers><modifier type="set" field="name" value="Bravo Tank"/></modifiers>'
    "<categoryLinks>"
    '<categoryLink id="t-veh" targetId="vehicle"/>'
    '<categoryLink id="t-hq" targetId="hq" primary="true"/>'
    "</categoryLinks>"
    '<selectionEntries><selectionEntry id="crew" name="Crew" type="model">'
    f"{cost(5)}</selectionEntry></selectionEntries>"
    '<entryLinks><entryLink id="gun-link" name="Gun" targetId="gun" type="selectionEntry" '
    'page="7"/></entryLinks>'
    f"{cost(20)}</selectionEntry>"
    '<selectionEntry id="scout" name="Scout" type="unit" page="5">'
    '<modifiers><modifier type="add" field="category" value="vehicle"/></modifiers>'
    "<modifierGroups><modifierGroup>"
    f"<conditions>{TANKS.format('atLeast')}</conditions>"
    '<modifiers><modifier type="set" field="page" value="50"/>'
    '<modifier type="append" field="page" value="(errata)">'
    f"<conditions>{TANKS.format('lessThan')}</conditions></modifier></modifiers>"
    "</modifierGroup><modifierGroup>"
    f"<conditions>{TANKS.format('lessThan')}</conditions>"
    '<modifiers><modifier type="set" field="page" value="999"/></modifiers>'
    "</modifierGroup></modifierGroups>"
    '<categoryLinks><categoryLink id="s-tr" targetId="troops" primary="true"/></categoryLinks>'
    f"{cost(10)}</selectionEntry>"
    "</selectionEntries>"
    "<sharedSelectionEntries>"
    '<selectionEntry id="gun" name="Gun" type="upgrade" publicationId="pub-core" page="3">'
    f"{cost(2.5)}</selectionEntry>"
    "</sharedSelectionEntries>"
)

ROSTER = BsRoster(
    "r1",
    "Steel Rain",
    "gs",
    "Test Game",
    1,
    forces=(
        Force(
            "f1",
            "army",
            "cat",
            "Army",
            "Faction",
            custom_name="First Wave",
            note="deploys left",
            selections=(
                Selection(
                    "s1",
                    "tank",
                    "Zulu Tank",
                    type="unit",
                    selections=(
                        Selection("s2", "crew", "Crew", number=3, type="model"),
                        Selection("s3", "gun-link::gun", "Gun", number=2),
                    ),
                ),
                Selection("s4", "scout", "Scout", type="unit", custom_name="Ghost", note="quiet"),
            ),
            forces=(Force("f2", "wing", "cat", "Wing", "Faction"),),
            custom_categories=(
                CustomCategory("(No Category)", "", "odds and ends"),
                CustomCategory("hq", "Command HQ", "Deployment zone alpha"),
            ),
        ),
    ),
)


def written() -> Element:
    game = system(GAME, FACTION)
    return parsed(ros_bytes(ROSTER, ros_content(game, ROSTER)))


def selection(root: Element, sid: str) -> Element:
    (found,) = (s for s in root.iter(NS + "selection") if s.get("id") == sid)
    return found


def categories(element: Element) -> list[tuple[str | None, ...]]:
    holder = element.find(NS + "categories")
    assert holder is not None
    return [
        (c.get("id"), c.get("name"), c.get("entryId"), c.get("primary"))
        for c in holder.findall(NS + "category")
    ]


def costs(element: Element) -> list[dict[str, str]]:
    holder = element.find(NS + "costs")
    assert holder is not None
    return [dict(c.attrib) for c in holder]


def test_a_selection_is_written_under_its_name_as_modified_with_its_page_and_publication() -> None:
    tank = selection(written(), "s1")
    assert list(tank.attrib.items()) == [
        ("id", "s1"),
        ("name", "Bravo Tank"),
        ("entryId", "tank"),
        ("publicationId", "pub-codex"),
        ("page", "12"),
        ("number", "1"),
        ("type", "unit"),
    ]
    assert [child.tag for child in tank] == [NS + "selections", NS + "costs", NS + "categories"]


def test_a_link_cites_its_own_page_and_its_targets_publication() -> None:
    gun = selection(written(), "s3")
    assert (gun.get("entryId"), gun.get("page"), gun.get("publicationId")) == (
        "gun-link::gun",
        "7",
        "pub-core",
    )


def test_costs_are_the_number_times_one_and_the_roster_total_adds_them() -> None:
    """Crew 3 x 5 = 15, guns 2 x 2.5 = 5, written as Java writes a double."""
    root = written()
    each = {sid: costs(selection(root, sid)) for sid in ("s1", "s2", "s3", "s4")}
    assert each == {
        "s1": [{"name": "pts", "typeId": "pts", "value": "20.0"}],
        "s2": [{"name": "pts", "typeId": "pts", "value": "15.0"}],
        "s3": [{"name": "pts", "typeId": "pts", "value": "5.0"}],
        "s4": [{"name": "pts", "typeId": "pts", "value": "10.0"}],
    }
    assert costs(root) == [{"name": "pts", "typeId": "pts", "value": "50.0"}]


def test_categories_are_in_the_order_linked_with_the_primary_marked() -> None:
    """The tank links Vehicle, then HQ (primary): BattleScribe lists them so, not primary
    first. A category a modifier adds (the scout's Vehicle) comes after those linked."""
    root = written()
    assert categories(selection(root, "s1")) == [
        ("s1::vehicle", "Vehicle", "vehicle", "false"),
        ("s1::hq", "HQ", "hq", "true"),
    ]
    assert categories(selection(root, "s4")) == [
        ("s4::troops", "Troops", "troops", "true"),
        ("s4::vehicle", "Vehicle", "vehicle", "false"),
    ]
    # a selection with no category has no <categories>
    assert selection(root, "s2").find(NS + "categories") is None


def test_a_force_holds_its_publications_and_categories_uncategorised_first() -> None:
    """The army links Troops, HQ and Troops again: each category once, as first linked."""
    root = written()
    outer, inner = root.iter(NS + "force")
    assert list(outer.attrib.items()) == [
        ("id", "f1"),
        ("name", "Army"),
        ("entryId", "army"),
        ("customName", "First Wave"),
        ("catalogueId", "cat"),
        ("catalogueRevision", "1"),
        ("catalogueName", "Faction"),
    ]
    assert [child.tag for child in outer] == [
        NS + "customNotes",
        NS + "selections",
        NS + "publications",
        NS + "categories",
        NS + "forces",
    ]
    publications = outer.find(NS + "publications")
    assert publications is not None
    assert [dict(p.attrib) for p in publications] == [
        {"id": "pub-codex", "name": "Codex", "shortName": "Cdx"},
        {"id": "pub-core", "name": "Core Rules"},
    ]
    assert categories(outer) == [
        ("f1::(No Category)", "Uncategorised", "(No Category)", "false"),
        ("f1::troops", "Troops", "troops", "false"),
        ("f1::hq", "HQ", "hq", "false"),
    ]
    assert categories(inner) == [
        ("f2::(No Category)", "Uncategorised", "(No Category)", "false"),
        ("f2::vehicle", "Vehicle", "vehicle", "false"),
    ]


def test_a_forces_categories_carry_the_names_and_notes_the_player_gave_them() -> None:
    """BattleScribe writes a force category's custom name as an attribute after its
    ``entryId`` and its notes as a ``<customNotes>`` inside it (``Category`` is a
    ``RosterElementBase``); those the player did not name carry neither."""
    outer = next(written().iter(NS + "force"))
    holder = outer.find(NS + "categories")
    assert holder is not None
    shown = [
        (c.get("entryId"), c.get("customName"), c.findtext(NS + "customNotes"))
        for c in holder.findall(NS + "category")
    ]
    assert shown == [
        ("(No Category)", None, "odds and ends"),
        ("troops", None, None),
        ("hq", "Command HQ", "Deployment zone alpha"),
    ]
    hq = holder.findall(NS + "category")[2]
    assert list(hq.attrib) == ["id", "name", "entryId", "customName", "primary"]


def test_a_named_category_the_force_has_not_is_not_written_with_the_data() -> None:
    """With the game data, a force's categories are the data's: a name kept for a
    category its force entry no longer links (the data changed) is not written as one;
    without the data, the named categories are all the file can say, and are written."""
    (force,) = ROSTER.forces
    gone = replace(force, custom_categories=(CustomCategory("gone", "Lost"),))
    roster = replace(ROSTER, forces=(gone,))
    with_data = parsed(ros_bytes(roster, ros_content(system(GAME, FACTION), roster)))
    assert "gone" not in [c.get("entryId") for c in with_data.iter(NS + "category")]
    without = parsed(ros_bytes(roster))
    assert [(c.get("entryId"), c.get("customName")) for c in without.iter(NS + "category")] == [
        ("gone", "Lost")
    ]
    back = read_ros(without, "out.ros")
    assert not isinstance(back, list)
    assert back.forces[0].custom_categories == (CustomCategory("gone", "Lost"),)


def test_a_page_is_written_as_its_modifiers_leave_it() -> None:
    """BattleScribe applies modifiers of ``page`` (the spec ``modifier-entry-page``): the
    scout's page 5 is set to 50 by a group whose condition holds (the force holds a
    tank); in it, an append whose condition fails adds nothing, and a second group whose
    condition fails sets nothing."""
    assert selection(written(), "s4").get("page") == "50"


def test_custom_names_and_notes_are_kept() -> None:
    scout = selection(written(), "s4")
    assert scout.get("customName") == "Ghost"
    assert scout.findtext(NS + "customNotes") == "quiet"
    assert [child.tag for child in scout] == [NS + "customNotes", NS + "costs", NS + "categories"]


def test_it_reads_back_as_the_roster_with_its_names_as_modified() -> None:
    (force,) = ROSTER.forces
    tank, scout = force.selections
    renamed = Selection("s1", "tank", "Bravo Tank", type="unit", selections=tank.selections)
    expected = BsRoster(
        ROSTER.id,
        ROSTER.name,
        ROSTER.game_system_id,
        ROSTER.game_system_name,
        ROSTER.game_system_revision,
        forces=(
            Force(
                force.id,
                force.entry_id,
                force.catalogue_id,
                force.name,
                force.catalogue_name,
                force.custom_name,
                force.note,
                (renamed, scout),
                force.forces,
                force.custom_categories,
            ),
        ),
    )
    assert read_ros(written(), "out.ros") == expected


SCHEMA = BSDATA / "schemas" / "src" / "xml" / "schema" / "v2_03" / "Catalogue.xsd"


def test_the_file_is_valid_against_battlescribes_roster_schema() -> None:
    """BattleScribe's schema (``Catalogue.xsd`` 2.03, in the shared BSData schemas): one
    file for game systems, catalogues and rosters, each in its namespace, as its own
    comment says."""
    text = SCHEMA.read_text(encoding="utf-8").replace(
        "http://www.battlescribe.net/schema/catalogueSchema", NAMESPACE
    )
    schema = xmlschema.XMLSchema(text)
    game = system(GAME, FACTION)
    schema.validate(ros_bytes(ROSTER, ros_content(game, ROSTER)).decode())
