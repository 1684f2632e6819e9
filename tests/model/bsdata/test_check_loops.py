"""Loops of entry links are told by the catalogue check as warnings, once each, from the
entry of the loop written first (``model/bsdata/check_loops.py``)."""

from __future__ import annotations

from model.bsdata.check import check_system
from tests.model.bsdata.xml_fixtures import cat, gst, system

A_B_A = """<sharedSelectionEntries>
  <selectionEntry id="a" name="Bodyguard" type="model">
    <entryLinks><entryLink id="la" name="Charge" targetId="b" type="selectionEntry"/></entryLinks>
  </selectionEntry>
  <selectionEntry id="b" name="Charge" type="model">
    <selectionEntryGroups><selectionEntryGroup id="g" name="Escort">
      <entryLinks>
        <entryLink id="lb" name="Bodyguard" targetId="a" type="selectionEntry"/>
      </entryLinks>
    </selectionEntryGroup></selectionEntryGroups>
  </selectionEntry>
  <selectionEntry id="c" name="Rifle" type="upgrade"/>
</sharedSelectionEntries>"""


def test_a_loop_of_two_entries_is_told_once() -> None:
    """Bodyguard offers a Charge, whose Escort group offers a Bodyguard: one loop, told
    from Bodyguard (written first), whatever entry the walk starts from."""
    found = check_system(system(gst(A_B_A)))
    assert found.errors == ()
    assert [p.message for p in found.warnings] == [
        'selectionEntry "Bodyguard": entry links loop (Bodyguard → Charge → Bodyguard)'
    ]
    assert found.warnings[0].file == "test.gst"


def test_an_entry_offered_inside_itself_is_a_loop() -> None:
    own = """<sharedSelectionEntries><selectionEntry id="a" name="Drone" type="model">
      <entryLinks><entryLink id="l" name="Drone" targetId="a" type="selectionEntry"/></entryLinks>
    </selectionEntry></sharedSelectionEntries>"""
    found = check_system(system(gst(own)))
    assert [p.message for p in found.warnings] == [
        'selectionEntry "Drone": entry links loop (Drone → Drone)'
    ]


def test_links_without_a_loop_are_not_told() -> None:
    """A links to B and C, B to C: a diamond, no loop."""
    diamond = """<sharedSelectionEntries>
      <selectionEntry id="a" name="A" type="unit"><entryLinks>
        <entryLink id="l1" name="B" targetId="b" type="selectionEntry"/>
        <entryLink id="l2" name="C" targetId="c" type="selectionEntry"/>
      </entryLinks></selectionEntry>
      <selectionEntry id="b" name="B" type="upgrade"><entryLinks>
        <entryLink id="l3" name="C" targetId="c" type="selectionEntry"/>
      </entryLinks></selectionEntry>
      <selectionEntry id="c" name="C" type="upgrade"/>
    </sharedSelectionEntries>"""
    assert check_system(system(gst(diamond), cat(""))).warnings == ()
