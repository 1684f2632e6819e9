"""The cross-file check of a BattleScribe game system (``model.bsdata.check``): each kind
of problem on a small game system written for the test, with its message, file and
place, and whether it is an error or a warning.

The fixture: a game system ``test.gst`` ("Test", revision 2) with one cost type ``pts``,
a profile type "Unit" (one characteristic, Move ``m``), a category "Troops", a force
"Band", a shared entry "Car" (10 pts, at most 2 in the roster: constraint ``car-max``), a
shared group "Weapons" (default "Gun"), a shared rule and profile; and a catalogue
``faction.cat`` that links to "Car". Each test adds one mistake to either file.

BattleScribe's look-up (research ``anchors_builders.md`` section 3): a link in a
catalogue finds its target in its own file, the catalogues it links to, then the game
system; a catalogue never sees another catalogue's entries unless it links to it.
"""

from __future__ import annotations

from model.bsdata.check import Findings, check_system, foreign_catalogue
from model.bsdata.data import Catalogue
from model.bsdata.read import read_catalogue
from model.bsdata.system import GameSystem
from model.parse.xml_guard import XmlRefused, parse_xml

GST = """<gameSystem id="gs" name="Test" revision="2" battleScribeVersion="2.03">
  <costTypes><costType id="pts" name="pts"/></costTypes>
  <profileTypes><profileType id="pt" name="Unit">
    <characteristicTypes><characteristicType id="m" name="Move"/></characteristicTypes>
  </profileType></profileTypes>
  <categoryEntries><categoryEntry id="troops" name="Troops"/></categoryEntries>
  <forceEntries><forceEntry id="band" name="Band">
    <categoryLinks><categoryLink id="band-troops" name="Troops" targetId="troops"/>
    </categoryLinks>
  </forceEntry></forceEntries>
  <sharedSelectionEntries>
    <selectionEntry id="car" name="Car" type="model">
      <costs><cost name="pts" typeId="pts" value="10"/></costs>
      <constraints>
        <constraint id="car-max" type="max" value="2" field="selections" scope="roster"/>
      </constraints>
    </selectionEntry>
    {gst}
  </sharedSelectionEntries>
  <sharedSelectionEntryGroups>
    <selectionEntryGroup id="weapons" name="Weapons" defaultSelectionEntryId="gun">
      <selectionEntries><selectionEntry id="gun" name="Gun" type="upgrade"/></selectionEntries>
    </selectionEntryGroup>
  </sharedSelectionEntryGroups>
  <sharedRules><rule id="fast" name="Fast"/></sharedRules>
  <sharedProfiles>
    <profile id="car-profile" name="Car" typeId="pt" typeName="Unit">
      <characteristics><characteristic name="Move" typeId="m">6</characteristic>
      </characteristics>
    </profile>
  </sharedProfiles>
</gameSystem>"""

CAT = """<catalogue id="faction" name="Faction" revision="1" battleScribeVersion="2.03"
    gameSystemId="{system_id}" gameSystemRevision="{revision}">
  {head}
  <entryLinks>
    <entryLink id="l-car" name="Car" targetId="car" type="selectionEntry"/>
    {links}
  </entryLinks>
  <sharedSelectionEntries>{cat}</sharedSelectionEntries>
</catalogue>"""

OTHER = """<catalogue id="other" name="Other" revision="1" gameSystemId="gs" library="true">
  {other}
  <sharedSelectionEntries>
    <selectionEntry id="tank" name="Tank" type="model"/>
  </sharedSelectionEntries>
</catalogue>"""


def _read(text: str, file: str) -> Catalogue:
    root = parse_xml(text.encode())
    assert not isinstance(root, XmlRefused), root
    catalogue, problems = read_catalogue(root, file)
    assert problems == []
    assert catalogue is not None
    return catalogue


def check(
    gst: str = "",
    cat: str = "",
    links: str = "",
    head: str = "",
    system_id: str = "gs",
    revision: int = 2,
    other: str = "",
) -> Findings:
    """The findings for the fixture with ``gst`` added to the game system's shared
    entries, ``cat`` to the catalogue's, ``links`` to its root entry links, ``head`` at
    the top of the catalogue and ``other`` at the top of other.cat."""
    system = _read(GST.format(gst=gst), "test.gst")
    text = CAT.format(system_id=system_id, revision=revision, head=head, links=links, cat=cat)
    catalogues = (_read(text, "faction.cat"), _read(OTHER.format(other=other), "other.cat"))
    return check_system(GameSystem.build(system, catalogues))


def errors(findings: Findings) -> list[str]:
    return [str(p) for p in findings.errors]


def warnings(findings: Findings) -> list[str]:
    return [str(p) for p in findings.warnings]


def test_the_fixture_has_no_problem() -> None:
    assert check() == Findings((), ())


# --- links ----------------------------------------------------------------------------


def test_an_entry_link_to_nothing_is_a_warning() -> None:
    """BattleScribe builds lists without it: not offered. History: issue 33, a user who
    copied part of a game, 11th edition 40k's catalogues linking catalogues that are not
    there."""
    link = '<entryLink id="l-truck" name="Truck" targetId="truck" type="selectionEntry"/>'
    found = check(links=link)
    assert found.errors == ()
    assert warnings(found) == [
        'faction.cat: entryLink "Truck": links to "truck", which is not found, so it is not '
        "offered; no entry or group has that id in this file, the catalogues it links to or "
        "the game system (a list is built and checked without it, as BattleScribe does)"
    ]


def test_an_entry_in_a_catalogue_not_linked_to_is_not_found_and_the_hint_says_where() -> None:
    """ "Tank" is in other.cat; faction.cat does not link to it, so cannot see it."""
    link = '<entryLink id="l-tank" name="Tank" targetId="tank" type="selectionEntry"/>'
    assert warnings(check(links=link)) == [
        'faction.cat: entryLink "Tank": links to "tank", which is not found, so it is not '
        "offered; it is in other.cat, which this file does not link to: add a catalogueLink"
    ]
    linked = (
        '<catalogueLinks><catalogueLink id="cl" name="Other" targetId="other" '
        'type="catalogue"/></catalogueLinks>'
    )
    assert check(links=link, head=linked) == Findings((), ())


def test_the_game_systems_link_to_a_catalogues_element_is_a_warning() -> None:
    """BattleScribe looks an id up from the force it is used in (its catalogue, those it
    links to, the game system), so the game system's link to a category or a rule of
    one catalogue is found in that catalogue's forces (spec ``modifier-set-hidden-true``):
    a warning with its file and place, the game still loads; a link of the wrong kind
    there is still an error, and one to nothing stays an error."""
    other = (
        '<categoryEntries><categoryEntry id="elite" name="Elite"/></categoryEntries>'
        '<sharedRules><rule id="brave" name="Brave"/></sharedRules>'
    )
    inside = (
        '<selectionEntry id="van" name="Van" type="model">'
        '<categoryLinks><categoryLink id="van-elite" name="Elite" targetId="elite"/>'
        "</categoryLinks>"
        '<infoLinks><infoLink id="van-brave" name="Brave" targetId="brave" type="rule"/>'
        "</infoLinks></selectionEntry>"
    )
    found = check(gst=inside, other=other)
    assert found.errors == ()
    assert warnings(found) == [
        f'test.gst: selectionEntry "Van"/{place}: links to "{target}", which is in '
        "other.cat: it is found only in forces of other.cat and of the catalogues that "
        "link to it; if only those forces use it, nothing is wrong; else move what it "
        "links to into the game system"
        for place, target in (('categoryLink "Elite"', "elite"), ('infoLink "Brave"', "brave"))
    ]
    wrong = inside.replace('targetId="brave" type="rule"', 'targetId="brave" type="profile"')
    mistyped = check(gst=wrong, other=other)
    assert mistyped.errors == ()
    assert warnings(mistyped)[-1] == (
        'test.gst: selectionEntry "Van"/infoLink "Brave": is of type "profile", but '
        '"brave" is a rule, so it shows nothing (a link to nothing); set its type to what the '
        "target is, or link to another"
    )
    alone = check(gst=inside)
    assert alone.errors == ()
    assert [w.split(";")[0] for w in warnings(alone)] == [
        'test.gst: selectionEntry "Van"/categoryLink "Elite": links to "elite", which is not'
        " found, so nothing is put in that category",
        'test.gst: selectionEntry "Van"/infoLink "Brave": links to "brave", which is not found,'
        " so it shows nothing",
    ]


def test_a_cost_of_a_type_this_file_does_not_see_is_a_warning() -> None:
    """A roster counts the cost types its forces' catalogues see (``SEMANTICS.md`` rule
    6): a cost of a type declared in a catalogue this file does not link to is counted
    only where a force sees it, and one of a type no file declares never; the game is
    usable either way (Warhammer 40,000's catalogues cost T'au Empire.cat's "Diplomatic
    Power", and an old "pl" no file declares)."""
    other = '<costTypes><costType id="dp" name="Diplomatic Power"/></costTypes>'
    costs = '<costs><cost name="DP" typeId="dp" value="1"/><cost name="pl" typeId="pl" value="2"/>'
    inside = f'<selectionEntry id="van" name="Van" type="model">{costs}</costs></selectionEntry>'
    found = check(cat=inside, other=other)
    assert found.errors == ()
    assert warnings(found) == [
        'faction.cat: selectionEntry "Van": a cost of typeId "dp", declared in other.cat, which '
        "this file does not link to: it is counted only in a roster with a force of other.cat "
        "or of a catalogue linking to it; link to other.cat, or declare the cost type in the "
        "game system",
        'faction.cat: selectionEntry "Van": a cost of typeId "pl", which no file declares: it '
        'is not counted; cost types: "pts" (pts)',
    ]


def test_a_category_link_with_no_id_is_read_and_warned_of() -> None:
    """BattleScribe loads a categoryLink with no id (nothing links to one; specs
    ``constraint-entry-link-shared-counting`` and ``-target`` write them): a warning
    with its place, not an error refusing the game."""
    inside = (
        '<selectionEntry id="van" name="Van" type="model"><categoryLinks>'
        '<categoryLink targetId="troops" primary="true"/></categoryLinks></selectionEntry>'
    )
    found = check(gst=inside)
    assert found.errors == ()
    assert warnings(found) == [
        'test.gst: selectionEntry "Van"/categoryLink "troops": has no id (BattleScribe '
        "loads it, and nothing links to it); give it an id, as BattleScribe's editor does"
    ]


def test_an_entry_link_whose_type_disagrees_with_its_target_is_a_warning() -> None:
    """The engine follows the target as it is (``resolve``): nothing a list holds changes,
    so nothing is touched."""
    link = '<entryLink id="l-w" name="Arms" targetId="weapons" type="selectionEntry"/>'
    found = check(links=link)
    assert found.errors == ()
    assert warnings(found) == [
        'faction.cat: entryLink "Arms": is of type "selectionEntry", but "Weapons" (weapons) '
        'is a group: it is followed as what it links to is; set type="selectionEntryGroup"'
    ]
    assert found.touched == ()


def test_an_entry_link_to_a_rule_is_a_warning_touching_the_entry_holding_it() -> None:
    """A link to nothing, as a missing target is; the entry it is written in offers less
    than the data means, so a list holding that entry is told (``touched``)."""
    link = '<entryLink id="l-r" name="Speed" targetId="fast" type="selectionEntry"/>'
    found = check(links=link)
    assert found.errors == ()
    assert warnings(found) == [
        'faction.cat: entryLink "Speed": links to "fast", a rule, not an entry or group, so '
        "it is not offered (a link to nothing); an entryLink's targetId names a "
        "selectionEntry or selectionEntryGroup"
    ]
    assert found.touched == ()  # at a file's root: no entry holds it
    inside = (
        '<selectionEntry id="boss" name="Boss" type="model"><entryLinks>'
        f"{link}</entryLinks></selectionEntry>"
    )
    held = check(cat=inside)
    assert [(id_, p.message.split(":")[0]) for id_, p in held.touched] == [
        ("boss", 'selectionEntry "Boss"/entryLink "Speed"')
    ]


def test_info_links_must_find_what_their_type_says() -> None:
    """One to a profile typed as a rule, one to nothing; the place is the entry's, then
    the link's (named by its name)."""
    boss = """<selectionEntry id="boss" name="Boss" type="model"><infoLinks>
      <infoLink id="i1" name="Fast" targetId="car-profile" type="rule"/>
      <infoLink id="i2" name="Slow" targetId="slow" type="rule"/>
    </infoLinks></selectionEntry>"""
    found = check(cat=boss)
    assert found.errors == ()
    # a link that only shows text, to nothing: the list is built without it (40k 10th)
    assert warnings(found) == [
        'faction.cat: selectionEntry "Boss"/infoLink "Fast": is of type "rule", but '
        '"car-profile" is a profile, so it shows nothing (a link to nothing); set its type '
        "to what the target is, or link to another",
        'faction.cat: selectionEntry "Boss"/infoLink "Slow": links to "slow", which is not '
        "found, so it shows nothing; no rule has that id in this file, the catalogues it "
        "links to or the game system (a list is built and checked without it, as "
        "BattleScribe does)",
    ]


def test_a_category_link_to_nothing_or_to_an_entry_is_a_warning() -> None:
    """To an entry it is passed over as a link to nothing (``resolve``), and touches the
    entry it is in: the entry's categories are not what the data means."""
    boss = """<selectionEntry id="boss" name="Boss" type="model"><categoryLinks>
      <categoryLink id="c1" name="Elite" targetId="elite"/>
      <categoryLink id="c2" name="Cars" targetId="car"/>
    </categoryLinks></selectionEntry>"""
    found = check(cat=boss)
    assert warnings(found) == [
        'faction.cat: selectionEntry "Boss"/categoryLink "Elite": links to "elite", which is '
        "not found, so nothing is put in that category; no category has that id in this "
        "file, the catalogues it links to or the game system (a list is built and checked "
        "without it, as BattleScribe does)",
        'faction.cat: selectionEntry "Boss"/categoryLink "Cars": links to "car", an entry, '
        "not a category, so it puts nothing in a category (a link to nothing); a "
        "categoryLink's targetId names a categoryEntry",
    ]
    assert found.errors == ()
    assert [id_ for id_, _ in found.touched] == ["boss"]


def test_a_catalogue_link_to_a_missing_catalogue_is_a_warning() -> None:
    """A user who copied part of a game (wh40k-11e here lacks four catalogues): the game
    opens without what the missing one would lend."""
    head = (
        '<catalogueLinks><catalogueLink id="cl" name="Lib" targetId="lib" type="catalogue"/>'
        "</catalogueLinks>"
    )
    found = check(head=head)
    assert found.errors == ()
    assert warnings(found) == [
        'faction.cat: catalogueLink "Lib": links to the catalogue "lib", which is not in this '
        "folder, so what it would lend is left out; add that catalogue's file to the "
        "folder, or remove the link"
    ]


# --- types ----------------------------------------------------------------------------


def test_a_profile_of_an_unknown_type_and_a_foreign_characteristic_are_warnings() -> None:
    """Shown under their own names (``infos``): no total or finding depends on them."""
    boss = """<selectionEntry id="boss" name="Boss" type="model"><profiles>
      <profile id="p1" name="Boss" typeId="weapon"/>
      <profile id="p2" name="Boss 2" typeId="pt"><characteristics>
        <characteristic name="Range" typeId="range">12"</characteristic>
      </characteristics></profile>
    </profiles></selectionEntry>"""
    found = check(cat=boss)
    assert found.errors == ()
    assert found.touched == ()
    assert warnings(found) == [
        'faction.cat: selectionEntry "Boss"/profile "Boss": is of typeId "weapon", which is '
        "not a profile type: it is shown with its characteristics' own names; profile "
        'types: "Unit" (pt)',
        'faction.cat: selectionEntry "Boss"/profile "Boss 2": the characteristic "Range" is '
        'of typeId "range", which is not a characteristic of the profile type "Unit": it is '
        'shown under its own name; its characteristics: "Move" (m)',
    ]


# --- the catalogue's game system ------------------------------------------------------


def test_a_catalogue_of_another_game_system_is_not_used() -> None:
    """Told by ``foreign_catalogue`` (``catalogs.bsdata`` leaves the catalogue out before
    the system is built, ``test_bsdata_loading``); ``check_system`` does not ask again."""
    system = _read(GST.format(gst=""), "test.gst")
    text = CAT.format(system_id="gaslands", revision=2, head="", links="", cat="")
    faction = _read(text, "faction.cat")
    problem = foreign_catalogue(system, faction)
    assert str(problem) == (
        'faction.cat: gameSystemId is "gaslands", not the id of the game system "Test" (gs), '
        "so the catalogue is not used; this catalogue belongs to another game system: keep "
        "it in that system's folder"
    )
    assert foreign_catalogue(system, _read(OTHER.format(other=""), "other.cat")) is None


def test_a_catalogue_for_a_newer_game_system_revision_is_a_warning() -> None:
    found = check(revision=3)
    assert found.errors == ()
    assert warnings(found) == [
        'faction.cat: written for revision 3 of "Test", newer than the revision 2 in this '
        "folder; update the game system file to its latest revision"
    ]


# --- what constraints, conditions and repeats count ------------------------------------


def test_a_count_of_an_unknown_field_is_an_error() -> None:
    """``selections``, ``pts`` (a cost type) and ``limit::pts`` are fields; ``points``
    and ``limit::cans`` are not."""
    boss = """<selectionEntry id="boss" name="Boss" type="model"><constraints>
      <constraint id="a" type="max" value="1" field="selections" scope="parent"/>
      <constraint id="b" type="max" value="50" field="pts" scope="parent"/>
      <constraint id="c" type="max" value="1" field="limit::pts" scope="roster"/>
      <constraint id="d" type="max" value="50" field="points" scope="parent"/>
      <constraint id="e" type="max" value="1" field="limit::cans" scope="roster"/>
    </constraints></selectionEntry>"""
    found = check(cat=boss)
    assert errors(found) == [
        f'faction.cat: selectionEntry "Boss"/constraint "{c}": counts the field "{f}", which '
        "is not selections, forces, a cost type or limit::<cost type>: it counts nothing (a "
        'constraint of it is not checked); cost types: "pts" (pts)'
        for c, f in (("d", "points"), ("e", "limit::cans"))
    ]
    # a list holding a Boss is told (bs-data-fault): the first fault is named
    assert [(id_, p) for id_, p in found.touched] == [("boss", found.errors[0])]


def test_conditions_and_repeats_inside_modifiers_are_checked_with_their_place() -> None:
    boss = """<selectionEntry id="boss" name="Boss" type="model"><modifiers>
      <modifier type="increment" field="pts" value="1">
        <repeats><repeat field="models" scope="parent" value="1" repeats="1"/></repeats>
        <conditionGroups><conditionGroup type="or"><conditions>
          <condition type="atLeast" value="1" field="kills" scope="roster" childId="any"/>
        </conditions></conditionGroup></conditionGroups>
      </modifier>
    </modifiers></selectionEntry>"""
    assert [e.split(": counts")[0] for e in errors(check(cat=boss))] == [
        'faction.cat: selectionEntry "Boss"/modifier/conditionGroup/condition',
        'faction.cat: selectionEntry "Boss"/modifier/repeat',
    ]


def test_a_scope_or_child_id_naming_nothing_is_a_warning() -> None:
    """It counts nothing, which may be meant (a catalogue not installed); ``car`` (an
    entry) and ``troops`` (a category) are found."""
    boss = """<selectionEntry id="boss" name="Boss" type="model"><modifiers>
      <modifier type="set" field="hidden" value="true"><conditions>
        <condition type="atLeast" value="1" field="selections" scope="car" childId="troops"/>
        <condition type="atLeast" value="1" field="selections" scope="lorry" childId="x9"/>
      </conditions></modifier>
    </modifiers></selectionEntry>"""
    found = check(cat=boss)
    assert found.errors == ()
    place = 'faction.cat: selectionEntry "Boss"/modifier/condition: '
    assert warnings(found) == [
        place + 'has the scope "lorry", which names nothing in this folder; a scope is self, '
        "parent, ancestor, force, roster, primary-category, primary-catalogue or the id of "
        "an entry or force entry",
        place + 'has the childId "x9", which names nothing in this folder; a childId is any, '
        "unit, model, upgrade or the id of an entry, a category, a force entry or a catalogue",
    ]


# --- modifiers ------------------------------------------------------------------------


def test_a_modifier_of_no_constraint_of_its_element_is_a_warning() -> None:
    """On the link to "Car", ``car-max`` is the target's constraint: found. ``name`` and
    ``pts`` (a cost type) are fields. ``boss-max`` is nobody's constraint here."""
    links = """<entryLink id="l-car2" name="Car 2" targetId="car" type="selectionEntry">
      <modifiers>
        <modifier type="set" field="car-max" value="3"/>
        <modifier type="set" field="name" value="Fast car"/>
        <modifier type="increment" field="pts" value="2"/>
        <modifier type="set" field="boss-max" value="1"/>
      </modifiers></entryLink>"""
    found = check(links=links)
    assert found.errors == ()
    assert warnings(found) == [
        'faction.cat: entryLink "Car 2"/modifier: changes the field "boss-max", which is not '
        "a field, a cost type or a constraint of this element: it changes nothing; name one "
        "of the element's constraints by id, a cost type, or annotation, category, "
        "description, hidden, name, page, publicationId"
    ]


# --- ids and defaults -----------------------------------------------------------------


def test_an_id_used_twice_in_one_file_is_a_warning() -> None:
    two = """<selectionEntry id="dup" name="First" type="model"/>
      <selectionEntry id="dup" name="Second" type="model"/>"""
    found = check(cat=two)
    assert found.errors == ()
    assert warnings(found) == [
        'faction.cat: selectionEntry "Second": the id "dup" is also the id of selectionEntry '
        '"First"; give each element its own id (BattleScribe\'s editor does)'
    ]


def test_the_same_id_in_two_files_is_not_a_duplicate() -> None:
    """A catalogue's entry may share an id with the game system's (it hides it there)."""
    assert check(cat='<selectionEntry id="car" name="Car" type="model"/>').warnings == ()


def test_a_group_default_that_is_not_one_of_its_entries_is_a_warning() -> None:
    group = """<selectionEntry id="boss" name="Boss" type="model"><selectionEntryGroups>
      <selectionEntryGroup id="g" name="Guns" defaultSelectionEntryId="laser">
        <selectionEntries><selectionEntry id="pistol" name="Pistol" type="upgrade"/>
        </selectionEntries>
        <entryLinks><entryLink id="l-gun" name="Gun" targetId="gun" type="selectionEntry"/>
        </entryLinks>
      </selectionEntryGroup></selectionEntryGroups></selectionEntry>"""
    found = check(cat=group)
    assert found.errors == ()
    assert warnings(found) == [
        'faction.cat: selectionEntry "Boss"/selectionEntryGroup "Guns": the default entry '
        '"laser" is not one of the group\'s entries; name one of its entries in '
        "defaultSelectionEntryId, or none"
    ]
    for default in ("pistol", "l-gun", "gun"):  # an entry, a link, or the link's target
        assert check(cat=group.replace('"laser"', f'"{default}"')).warnings == ()


def test_every_problem_is_found_at_once() -> None:
    """Three mistakes in two files: all three reported, errors apart from warnings."""
    found = check(
        gst='<selectionEntry id="bad" name="Bad" type="model"><constraints>'
        '<constraint id="c" type="max" value="1" field="x" scope="parent"/>'
        "</constraints></selectionEntry>",
        links='<entryLink id="l-x" name="X" targetId="nothing" type="selectionEntry"/>',
        revision=5,
    )
    assert [p.file for p in found.errors] == ["test.gst"]
    assert [p.file for p in found.warnings] == ["faction.cat", "faction.cat"]
