"""BattleScribe data versions: 2.03 read as it is, older 2.x upgraded as BSData's XSL
transforms do (``schemas/src/xml/transform/Catalogue_2_0x.xsl``), 1.x and 3.x refused
with the version named, newer 2.x read with a warning.

The fixtures are written for these tests in each version's layout, as the transforms
read it: in 2.00 a force declares its categories inside itself and an entry names its
category by ``categoryEntryId``; in 2.01 a cost has ``costTypeId``, a profile
``profileTypeId`` and a characteristic a ``value`` attribute, and books are names; in
2.02 every catalogue link imports root entries.
"""

from __future__ import annotations

from xml.etree import ElementTree

import pytest

from model.bsdata.check import check_system
from model.bsdata.data import (
    Catalogue,
    CategoryLink,
    Characteristic,
    Cost,
    Modifier,
    Publication,
)
from model.bsdata.read import read_catalogue
from model.bsdata.system import GameSystem
from model.bsdata.versions import parse_version, upgrade, version_warning
from model.parse.xml_guard import XmlRefused, parse_xml

NS = "http://www.battlescribe.net/schema/gameSystemSchema"

GST_2_00 = f"""<?xml version="1.0" encoding="UTF-8"?>
<gameSystem id="gs-old-system" name="Old" revision="3" battleScribeVersion="2.00"
    book="Core Book" page="1" xmlns="{NS}">
  <costTypes><costType id="pts" name="pts" defaultCostLimit="-1"/></costTypes>
  <profileTypes>
    <profileType id="pt" name="Unit">
      <characteristicTypes><characteristicType id="m" name="Move"/></characteristicTypes>
    </profileType>
  </profileTypes>
  <forceEntries>
    <forceEntry id="f1" name="Patrol">
      <categoryEntries>
        <categoryEntry id="hq" name="HQ">
          <constraints>
            <constraint id="hq-min" type="min" value="1" field="selections" scope="parent"/>
          </constraints>
        </categoryEntry>
      </categoryEntries>
    </forceEntry>
  </forceEntries>
  <entryLinks>
    <entryLink id="l1" name="Boss" targetId="e1" type="selectionEntry"
        categoryEntryId="(No Category)"/>
  </entryLinks>
  <sharedSelectionEntries>
    <selectionEntry id="e1" name="Boss" type="unit" categoryEntryId="hq" book="Core Book"
        page="12">
      <costs><cost costTypeId="pts" name="pts" value="40"/></costs>
      <profiles>
        <profile id="p1" name="Boss" profileTypeId="pt" profileTypeName="Unit" book="Companion">
          <characteristics>
            <characteristic characteristicTypeId="m" name="Move" value="6"/>
          </characteristics>
        </profile>
      </profiles>
      <modifiers>
        <modifier type="increment" field="pts" value="5">
          <conditions>
            <condition type="atLeast" value="1" field="selections" scope="category"
                childId="hq"/>
          </conditions>
        </modifier>
      </modifiers>
    </selectionEntry>
  </sharedSelectionEntries>
</gameSystem>
"""


def _read(text: str, file: str = "old.gst") -> tuple[Catalogue | None, list[str]]:
    root = parse_xml(text.encode())
    assert not isinstance(root, XmlRefused), root
    catalogue, problems = read_catalogue(root, file)
    return catalogue, [str(p) for p in problems]


def test_versions_are_read_as_major_and_minor() -> None:
    assert parse_version("2.03") == (2, 3)
    assert parse_version(" 1.15 ") == (1, 15)
    assert parse_version("2") is None
    assert parse_version("two.three") is None


def test_a_2_00_game_system_is_upgraded_as_the_transforms_do() -> None:
    """2.00 -> 2.01: the force's category moves to the root (without its constraint,
    which stays on the force's new link ``f1-hq``); ``categoryEntryId="hq"`` becomes the
    primary link ``e1-hq`` and ``(No Category)`` nothing; scope ``category`` becomes
    ``primary-category``. 2.01 -> 2.02: the two book names become publications 1 and 2
    (first seen first: the root's "Core Book", then the profile's "Companion"), ids
    from the first 9 characters of the file's id; the renamed type ids and the value as
    text. 2.02 -> 2.03: entries stay importable."""
    catalogue, problems = _read(GST_2_00)
    assert problems == []
    assert catalogue is not None
    assert catalogue.battlescribe_version == "2.03"
    assert [(c.id, c.name, c.constraints) for c in catalogue.categories] == [("hq", "HQ", ())]
    (link,) = catalogue.forces[0].category_links
    assert (link.id, link.target_id, link.name, link.primary) == ("f1-hq", "hq", "HQ", False)
    assert [c.id for c in link.constraints] == ["hq-min"]
    assert catalogue.publications == (
        Publication("gs-old-sy-pub1", "Core Book"),
        Publication("gs-old-sy-pub2", "Companion"),
    )
    (boss,) = catalogue.shared_entries
    assert boss.category_links == (CategoryLink("e1-hq", "hq", primary=True),)
    assert boss.costs == (Cost("pts", 40.0),)
    assert (boss.publication_id, boss.page, boss.imported) == ("gs-old-sy-pub1", "12", True)
    (profile,) = boss.info.profiles
    assert (profile.type_id, profile.type_name, profile.publication_id) == (
        "pt",
        "Unit",
        "gs-old-sy-pub2",
    )
    assert profile.characteristics == (Characteristic("Move", "m", "6"),)
    (modifier,) = boss.modifiers
    assert isinstance(modifier, Modifier)
    assert modifier.conditions[0].query.scope == "primary-category"
    assert catalogue.root_entries[0].category_links == ()
    system = GameSystem.build(catalogue, ())
    assert check_system(system).errors == ()


def test_upgrading_twice_changes_nothing() -> None:
    root = parse_xml(GST_2_00.encode())
    assert not isinstance(root, XmlRefused)
    assert upgrade(root, "old.gst") == []
    once = ElementTree.tostring(root)
    assert upgrade(root, "old.gst") == []
    assert ElementTree.tostring(root) == once


CAT_2_02 = """<catalogue id="c" name="Faction" battleScribeVersion="{version}"
    gameSystemId="gs" xmlns="http://www.battlescribe.net/schema/catalogueSchema">
  <catalogueLinks><catalogueLink id="cl" name="Lib" targetId="lib" type="catalogue"/>
  </catalogueLinks>
</catalogue>"""


@pytest.mark.parametrize(("version", "imports"), [("2.02", True), ("2.03", False)])
def test_catalogue_links_import_root_entries_before_2_03(version: str, imports: bool) -> None:
    """2.03 made importing a linked catalogue's root entries opt-in (default false); a
    2.02 link imported them, so the upgrade says so."""
    catalogue, problems = _read(CAT_2_02.format(version=version), "faction.cat")
    assert problems == []
    assert catalogue is not None
    assert catalogue.catalogue_links[0].import_root_entries is imports


@pytest.mark.parametrize(
    ("version", "said"),
    [
        ("1.15", "faction.cat: written for BattleScribe 1.15, whose format warband does not"),
        ("1.0", "faction.cat: written for BattleScribe 1.00"),
        ("3.00", "faction.cat: written for BattleScribe 3.00, newer than the 2.03 warband"),
        ("abc", 'faction.cat: battleScribeVersion is "abc", not a version like 2.03'),
    ],
)
def test_versions_warband_cannot_read_are_refused_by_name(version: str, said: str) -> None:
    catalogue, problems = _read(CAT_2_02.format(version=version), "faction.cat")
    assert catalogue is None
    assert len(problems) == 1
    assert problems[0].startswith(said)
    if version.startswith("1"):
        assert "open and save it in BattleScribe 2.x, or ask the data's authors" in problems[0]


def test_a_newer_2_x_is_read_with_a_warning() -> None:
    text = CAT_2_02.format(version="2.04")
    catalogue, problems = _read(text, "faction.cat")
    assert problems == []
    assert catalogue is not None
    root = parse_xml(text.encode())
    assert not isinstance(root, XmlRefused)
    warning = version_warning(root, "faction.cat")
    assert warning is not None
    assert str(warning).startswith(
        "faction.cat: written for BattleScribe 2.04, newer than the 2.03 warband knows: "
        "read as 2.03"
    )
    for current in ("2.03", "2.01"):
        root = parse_xml(CAT_2_02.format(version=current).encode())
        assert not isinstance(root, XmlRefused)
        assert version_warning(root, "faction.cat") is None


def test_a_file_with_no_version_is_read_as_2_03() -> None:
    text = CAT_2_02.replace('battleScribeVersion="{version}"', "")
    catalogue, problems = _read(text, "faction.cat")
    assert problems == []
    assert catalogue is not None
    assert catalogue.catalogue_links[0].import_root_entries is False
