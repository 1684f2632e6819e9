"""Faults in BattleScribe data, each loaded, built through and evaluated
(``model/bsdata/SEMANTICS.md``, "Faults in the data", rules F1 to F7).

Each case writes a small game folder at test time (a game system ``test.gst`` with a force
"Team" and a rule "Fast", a catalogue ``faction.cat`` with a Boss of 10 pts and a shared
Car of 15 pts) with one fault, loads it (``catalogs.bsdata.check_battlescribe``), builds a
list through the faulty element (``model.bsdata.building``), evaluates it and works out
its profiles and rules. None may raise; each fault is an error or a warning as the rules
say; what it touches is passed over, and a list holding it is told (``bs-data-fault``,
naming the file and the place) when the fault can change its total or its findings.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from pathlib import Path

import pytest

from catalogs.bsdata import BsCheck, check_battlescribe, load_battlescribe
from model.bsdata.building import add_selection, choices, new_force
from model.bsdata.evaluate import Evaluation, evaluate
from model.bsdata.infos import roster_infos
from model.bsdata.roster import BsRoster
from model.bsdata.system import GameSystem

GST = """<gameSystem id="gs" name="Test Game" revision="1" battleScribeVersion="2.03"
    xmlns="http://www.battlescribe.net/schema/gameSystemSchema">
  <costTypes><costType id="pts" name="pts" defaultCostLimit="-1"/></costTypes>
  <profileTypes><profileType id="pt" name="Unit"><characteristicTypes>
    <characteristicType id="m" name="Move"/></characteristicTypes></profileType></profileTypes>
  <categoryEntries><categoryEntry id="troops" name="Troops"/></categoryEntries>
  <forceEntries><forceEntry id="team" name="Team">{force}</forceEntry></forceEntries>
  <sharedRules><rule id="fast" name="Fast"><description>Quick.</description></rule></sharedRules>
</gameSystem>"""

CAT = """<catalogue id="cat" name="Faction" revision="1" battleScribeVersion="2.03"
    gameSystemId="gs" gameSystemRevision="1"
    xmlns="http://www.battlescribe.net/schema/catalogueSchema">
  <selectionEntries>
    <selectionEntry id="boss" name="Boss" type="model">{boss}</selectionEntry>
  </selectionEntries>
  <entryLinks>{links}</entryLinks>
  <sharedSelectionEntries>
    <selectionEntry id="car" name="Car" type="model">
      <costs><cost name="pts" typeId="pts" value="15"/></costs>
    </selectionEntry>
  </sharedSelectionEntries>
</catalogue>"""

TEN = '<costs><cost name="pts" typeId="pts" value="10"/></costs>'


@dataclass(frozen=True)
class Case:
    """One fault: where it is written, what the check says, what a list is told."""

    severity: str
    said: str
    """A piece of the check's message."""
    boss: str = TEN
    links: str = ""
    force: str = ""
    add: str = "boss"
    """What the list selects (an entry id, or a link's)."""
    told: bool = True
    """Whether a list holding it gets ``bs-data-fault``."""
    total: float = 10.0
    others: tuple[str, ...] = ()
    """The list's other findings' codes (none: the fault is passed over)."""


CASES = {
    "a cost that is not a number": Case(
        "error",
        'value is "lots", not a number',
        boss='<costs><cost name="pts" typeId="pts" value="lots"/></costs>',
        total=0.0,
    ),
    "a constraint counting an unknown field": Case(
        "error",
        'counts the field "kills"',
        boss=TEN + '<constraints><constraint id="k" type="min" value="1" field="kills" '
        'scope="roster"/></constraints>',
    ),
    "a condition counting an unknown field": Case(
        "error",
        'counts the field "kills"',
        boss=TEN + '<modifiers><modifier type="set" field="pts" value="99"><conditions>'
        '<condition type="lessThan" value="1" field="kills" scope="roster" childId="any"/>'
        "</conditions></modifier></modifiers>",
        total=99.0,
    ),
    "an entry link to a rule": Case(
        "warning",
        'links to "fast", a rule, not an entry or group',
        boss=TEN + '<entryLinks><entryLink id="l-fast" name="Fast" targetId="fast" '
        'type="selectionEntry"/></entryLinks>',
    ),
    "an entry link whose type disagrees": Case(
        "warning",
        'is of type "selectionEntryGroup", but "Car" (car) is an entry',
        links='<entryLink id="l-car" name="Car" targetId="car" type="selectionEntryGroup"/>',
        add="l-car",
        told=False,
        total=15.0,
    ),
    "a category link to an entry": Case(
        "warning",
        'links to "car", an entry, not a category',
        boss=TEN + '<categoryLinks><categoryLink id="b-car" name="Car" targetId="car" '
        'primary="true"/></categoryLinks>',
    ),
    "an info link of the wrong kind": Case(
        "warning",
        'is of type "profile", but "fast" is a rule',
        boss=TEN + '<infoLinks><infoLink id="i-fast" name="Fast" targetId="fast" '
        'type="profile"/></infoLinks>',
        told=False,
    ),
    "a profile of an unknown type": Case(
        "warning",
        'is of typeId "weapon", which is not a profile type',
        boss=TEN + '<profiles><profile id="p" name="Boss" typeId="weapon"><characteristics>'
        '<characteristic name="Range" typeId="r">12"</characteristic></characteristics>'
        "</profile></profiles>",
        told=False,
    ),
    "a cost of a type no file declares": Case(
        "warning",
        'a cost of typeId "pl", which no file declares',
        boss=TEN + '<costs><cost name="pl" typeId="pl" value="3"/></costs>',
        told=False,
    ),
    "a force entry's constraint that is not a number": Case(
        "error",
        'value is "many", not a number',
        force='<constraints><constraint id="tc" type="max" value="many" field="selections" '
        'scope="force"/></constraints>',
        others=("bs-too-many",),
    ),
    "a force's category link to an entry": Case(
        "warning",
        'links to "car", an entry, not a category',
        force='<categoryLinks><categoryLink id="t-car" name="Car" targetId="car"><constraints>'
        '<constraint id="tcm" type="min" value="1" field="selections" scope="parent"/>'
        "</constraints></categoryLink></categoryLinks>",
    ),
}


def write_game(folder: Path, case: Case) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "test.gst").write_text(GST.format(force=case.force), encoding="utf-8")
    (folder / "faction.cat").write_text(
        CAT.format(boss=case.boss, links=case.links), encoding="utf-8"
    )
    return folder


def build(system: GameSystem, entry_id: str) -> BsRoster:
    """A list of one Team of the Faction holding ``entry_id``, built as the app builds."""
    roster = new_force(system, BsRoster("r", "Faulty", system.id), "cat", "team")
    force_id = roster.forces[0].id
    return add_selection(system, roster, force_id, None, entry_id)


def loaded(tmp_path: Path, case: Case) -> tuple[BsCheck, GameSystem]:
    found = check_battlescribe(write_game(tmp_path / "game", case))
    assert found.ok, found.unreadable
    assert found.system is not None
    return found, found.system


def codes(evaluation: Evaluation) -> list[str]:
    return [f.code for f in evaluation.findings]


@pytest.mark.parametrize("name", list(CASES))
def test_each_fault_loads_builds_and_evaluates(name: str, tmp_path: Path) -> None:
    case = CASES[name]
    found, system = loaded(tmp_path, case)
    errors = [str(p) for p in found.errors]
    warnings = [str(p) for p in found.warnings]
    said = errors if case.severity == "error" else warnings
    assert [m for m in said if case.said in m], (errors, warnings)
    assert found.clean == (case.severity == "warning")
    roster = build(system, case.add)
    evaluation = evaluate(system, roster)
    infos = roster_infos(system, roster)
    assert [c.value for c in evaluation.totals if c.type_id == "pts"] == [case.total]
    faults = [f for f in evaluation.findings if f.code == "bs-data-fault"]
    assert [c for c in codes(evaluation) if c != "bs-data-fault"] == list(case.others)
    assert roster.forces[0].id in infos.forces  # profiles and rules worked out, no raise
    if not case.told:
        assert faults == []
        return
    assert len(faults) == 1
    fault = faults[0]
    assert fault.severity == "warning"
    assert "uses data with a fault" in fault.message
    assert "may be incomplete" in fault.message
    assert case.said in fault.message
    assert ("test.gst: " if case.force else "faction.cat: ") in fault.message


def test_a_constraint_counting_an_unknown_field_is_not_checked(tmp_path: Path) -> None:
    """A ``min 1`` of "kills" would count nothing and always be short: it is passed over
    (rule F5), the list told why (``bs-data-fault``), never told to add what no roster
    can hold."""
    _, system = loaded(tmp_path, CASES["a constraint counting an unknown field"])
    evaluation = evaluate(system, build(system, "boss"))
    assert codes(evaluation) == ["bs-data-fault"]
    assert evaluation.valid
    finding = evaluation.findings[0]
    assert finding.where.selection == build(system, "boss").forces[0].selections[0].id
    assert finding.message.startswith(
        "Boss uses data with a fault, so its cost and findings may be incomplete: "
        'faction.cat: selectionEntry "Boss"/constraint "k": counts the field "kills"'
    )


def test_an_entry_link_to_a_rule_is_not_offered(tmp_path: Path) -> None:
    """A link to the wrong kind is a link to nothing: inside a Boss nothing is offered."""
    _, system = loaded(tmp_path, CASES["an entry link to a rule"])
    roster = build(system, "boss")
    force = roster.forces[0]
    assert choices(system, roster, force.id, force.selections[0].id) == ()


def test_a_category_link_to_an_entry_is_passed_over(tmp_path: Path) -> None:
    """The Boss is in no category (not in "car"): so it is offered at the Team's top,
    counted in no category, and its list told."""
    _, system = loaded(tmp_path, CASES["a category link to an entry"])
    roster = build(system, "boss")
    evaluation = evaluate(system, roster)
    assert evaluation.categories[roster.forces[0].selections[0].id] == ()


def test_a_profile_of_an_unknown_type_is_shown_with_its_values(tmp_path: Path) -> None:
    _, system = loaded(tmp_path, CASES["a profile of an unknown type"])
    roster = build(system, "boss")
    shown = roster_infos(system, roster).of(roster.forces[0].selections[0].id)
    [profile] = shown.profiles
    assert (profile.name, profile.type_name) == ("Boss", "")
    assert [(c.name, c.value) for c in profile.characteristics] == [("Range", '12"')]


def test_an_info_link_of_the_wrong_kind_shows_nothing(tmp_path: Path) -> None:
    _, system = loaded(tmp_path, CASES["an info link of the wrong kind"])
    roster = build(system, "boss")
    shown = roster_infos(system, roster).of(roster.forces[0].selections[0].id)
    assert (shown.profiles, shown.rules) == ((), ())


def test_a_force_entrys_fault_is_told_on_the_force(tmp_path: Path) -> None:
    """The Team's ``max`` read as 0 (its value is no number) breaks every list: the
    force is told why (the finding has no selection), beside the ``bs-too-many``."""
    _, system = loaded(tmp_path, CASES["a force entry's constraint that is not a number"])
    evaluation = evaluate(system, build(system, "boss"))
    assert codes(evaluation) == ["bs-data-fault", "bs-too-many"]
    fault = evaluation.findings[0]
    assert fault.where.selection is None
    assert fault.message.startswith(
        'Force "Team" uses data with a fault, so its totals and findings may be incomplete: '
        'test.gst: forceEntry "Team"/constraint "tc": value is "many"'
    )


def test_a_list_not_using_a_faulty_element_is_not_told(tmp_path: Path) -> None:
    car = '<entryLink id="l-car" name="Car" targetId="car" type="selectionEntry"/>'
    case = replace(CASES["a cost that is not a number"], links=car)
    _, system = loaded(tmp_path, case)
    assert "boss" in system.faults
    evaluation = evaluate(system, build(system, "l-car"))
    assert codes(evaluation) == []
    assert [c.value for c in evaluation.totals] == [15.0]


def test_load_battlescribe_loads_a_game_with_errors(tmp_path: Path) -> None:
    folder = write_game(tmp_path / "game", CASES["a cost that is not a number"])
    system = load_battlescribe(folder)
    assert [c.file for c in system.catalogues] == ["faction.cat"]
    assert system.faults["boss"].file == "faction.cat"
