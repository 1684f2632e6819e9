"""A ``.ros`` holds each selection's rules and profiles as the list makes them
(``model.bsdata.ros_write.write_infos``): in the schema's place, hidden ones left out,
characteristics as modified; read back, the roster is the same."""

from __future__ import annotations

from model.bsdata.ros_content import ros_content
from model.bsdata.ros_read import NAMESPACE, read_ros
from model.bsdata.ros_write import ros_bytes
from model.parse.xml_guard import XmlRefused, parse_xml
from tests.model.bsdata.test_infos import (
    ARMOUR,
    FORCE,
    HAS_ARMOUR,
    PROFILE_TYPES,
    modifier,
    profile,
    rule,
)
from tests.model.bsdata.xml_fixtures import cat, entry, gst, roster, sel, system

NS = "{" + NAMESPACE + "}"


def test_a_selection_holds_its_rules_and_profiles_as_modified() -> None:
    shown = rule(rid="r1", name="Steady", extra=' page="7" publicationId="core"')
    secret = rule(rid="r2", name="Secret", extra=' hidden="true"')
    info = (
        f"<profiles>{profile(modifier('set', 'sv', '2+', HAS_ARMOUR))}</profiles>"
        f"<rules>{shown}{secret}</rules>"
    )
    marine = entry(
        "marine", "Marine", info + f"<selectionEntries>{ARMOUR}</selectionEntries>", kind="unit"
    )
    game = system(gst(PROFILE_TYPES + FORCE), cat(f"<selectionEntries>{marine}</selectionEntries>"))
    written = roster(sel("m", "marine", sel("a", "armour", name="Power Armour"), name="Marine"))
    data = ros_bytes(written, ros_content(game, written))
    root = parse_xml(data)
    assert not isinstance(root, XmlRefused)
    marine_element = next(root.iter(NS + "selection"))
    assert [child.tag.removeprefix(NS) for child in marine_element] == [
        "rules",
        "profiles",
        "selections",
        "costs",
    ]
    rules = marine_element.findall(f"{NS}rules/{NS}rule")
    assert [
        (r.get("name"), r.get("page"), r.get("publicationId"), r.get("hidden")) for r in rules
    ] == [("Steady", "7", "core", "false")]
    assert rules[0].findtext(NS + "description") == "Never falls back."
    (written_profile,) = marine_element.findall(f"{NS}profiles/{NS}profile")
    assert (written_profile.get("typeId"), written_profile.get("typeName")) == (
        "stats",
        "Unit Stats",
    )
    assert [
        (c.get("name"), c.get("typeId"), c.text)
        for c in written_profile.iter(NS + "characteristic")
    ] == [("W", "w", "2"), ("Sv", "sv", "2+")]
    assert read_ros(root, "m.ros") == written


def test_a_force_holds_its_force_entrys_rules_and_profiles() -> None:
    """A force's own rules (its force entry's: a detachment rule) are written on the force,
    in the schema's place (after its notes, before its selections), as BattleScribe saves
    them; a hidden one is left out."""
    rules = (
        "<rules>"
        + rule(rid="fr", name="Oath of Moment", extra=' page="12"')
        + rule(rid="fh", name="Secret Orders", extra=' hidden="true"')
        + "</rules>"
    )
    force = f'<forceEntries><forceEntry id="team" name="Team">{rules}</forceEntry></forceEntries>'
    marine = entry("marine", "Marine", "", kind="unit")
    game = system(gst(PROFILE_TYPES + force), cat(f"<selectionEntries>{marine}</selectionEntries>"))
    written = roster(sel("m", "marine", name="Marine"))
    root = parse_xml(ros_bytes(written, ros_content(game, written)))
    assert not isinstance(root, XmlRefused)
    force_element = next(root.iter(NS + "force"))
    assert [child.tag.removeprefix(NS) for child in force_element][:2] == ["rules", "selections"]
    assert [
        (r.get("name"), r.get("page")) for r in force_element.findall(f"{NS}rules/{NS}rule")
    ] == [("Oath of Moment", "12")]
    assert read_ros(root, "m.ros") == written
