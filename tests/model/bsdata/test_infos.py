"""A selection's profiles and rules as the list makes them (``model.bsdata.infos``), each
modifier kind on a small game written for the test (BattleScribe's behaviour, as the
BattleScribe-spec suite measured it, in each docstring).

The game: a Marine (unit) with a Stats profile (Wounds 2, Save 3+) and a rule; it may
take a Power Armour upgrade, which the modifiers' conditions count.
"""

from __future__ import annotations

from model.bsdata.engine import run_engine
from model.bsdata.infos import (
    MAX_INFO_DEPTH,
    MAX_INFOS,
    MAX_TEXT,
    Infos,
    category_infos,
    force_infos,
    roster_infos,
)
from model.bsdata.modifiers import CUT, MAX_NAME
from model.bsdata.roster import Selection
from tests.model.bsdata.xml_fixtures import cat, entry, gst, link, roster, sel, system

PROFILE_TYPES = (
    '<profileTypes><profileType id="stats" name="Unit Stats"><characteristicTypes>'
    '<characteristicType id="w" name="W"/><characteristicType id="sv" name="Sv"/>'
    "</characteristicTypes></profileType></profileTypes>"
)
HIDDEN = ' hidden="true"'
CORE_PAGE_12 = ' publicationId="core" page="12"'
FORCE = '<forceEntries><forceEntry id="team" name="Team"/></forceEntries>'
ARMOUR = entry("armour", "Power Armour")
HAS_ARMOUR = (
    '<conditions><condition type="atLeast" value="1" field="selections" scope="self" '
    'childId="armour" includeChildSelections="true"/></conditions>'
)


def modifier(kind: str, field: str, value: str, conditions: str = "") -> str:
    return f'<modifier type="{kind}" field="{field}" value="{value}">{conditions}</modifier>'


def profile(modifiers: str = "", pid: str = "p1", name: str = "Marine", extra: str = "") -> str:
    return (
        f'<profile id="{pid}" name="{name}" typeId="stats" typeName="Unit Stats"{extra}>'
        '<characteristics><characteristic name="W" typeId="w">2</characteristic>'
        '<characteristic name="Sv" typeId="sv">3+</characteristic></characteristics>'
        f"<modifiers>{modifiers}</modifiers></profile>"
    )


def rule(modifiers: str = "", rid: str = "r1", name: str = "Steady", extra: str = "") -> str:
    return (
        f'<rule id="{rid}" name="{name}"{extra}><modifiers>{modifiers}</modifiers>'
        "<description>Never falls back.</description></rule>"
    )


def infos_of(info: str, *inside: Selection, shared: str = "", gst_inner: str = "") -> Infos:
    """The Marine's infos, with ``info`` (its profiles, rules ...) and ``inside`` it."""
    marine = entry(
        "marine", "Marine", info + f"<selectionEntries>{ARMOUR}</selectionEntries>", kind="unit"
    )
    game = system(
        gst(PROFILE_TYPES + FORCE + gst_inner),
        cat(shared + f"<selectionEntries>{marine}</selectionEntries>"),
    )
    return roster_infos(game, roster(sel("m", "marine", *inside))).of("m")


def values(infos: Infos) -> list[tuple[str, str, bool]]:
    return [(c.name, c.value, c.changed) for p in infos.profiles for c in p.characteristics]


def test_a_profile_as_written_is_shown_unchanged() -> None:
    """No modifier: the profile's characteristics as the data writes them, none marked."""
    infos = infos_of(f"<profiles>{profile()}</profiles>")
    assert values(infos) == [("W", "2", False), ("Sv", "3+", False)]
    shown = infos.profiles[0]
    assert (shown.name, shown.type_id, shown.type_name, shown.hidden) == (
        "Marine",
        "stats",
        "Unit Stats",
        False,
    )
    assert not shown.any_changed


def test_set_on_a_characteristic() -> None:
    """``set`` on a characteristic type id replaces the value (modifier-characteristic-value)."""
    infos = infos_of(f"<profiles>{profile(modifier('set', 'w', '3'))}</profiles>")
    assert values(infos) == [("W", "3", True), ("Sv", "3+", False)]
    assert infos.profiles[0].any_changed


def test_increment_and_decrement_a_number_and_a_stat_with_a_suffix() -> None:
    """``increment`` adds to a number (modifier-on-profile: Attacks 1 to 2), once per
    repeat; a stat written "3+" is changed in its number, as New Recruit does (the 40k
    data decrements Ballistic Skill so)."""
    repeat = (
        '<repeats><repeat value="1" repeats="1" field="selections" scope="self" '
        'childId="armour" includeChildSelections="true"/></repeats>'
    )
    mods = f'<modifier type="increment" field="w" value="1">{repeat}</modifier>' + modifier(
        "decrement", "sv", "1"
    )
    armour = sel("a", "armour", number=3)
    assert values(infos_of(f"<profiles>{profile(mods)}</profiles>", armour)) == [
        ("W", "5", True),
        ("Sv", "2+", True),
    ]


def test_a_condition_is_asked_from_the_selection() -> None:
    """A modifier applies only when its conditions hold where the selection is: the
    Save improves when the Marine holds Power Armour."""
    mods = modifier("set", "sv", "2+", HAS_ARMOUR)
    info = f"<profiles>{profile(mods)}</profiles>"
    assert values(infos_of(info)) == [("W", "2", False), ("Sv", "3+", False)]
    assert values(infos_of(info, sel("a", "armour"))) == [("W", "2", False), ("Sv", "2+", True)]


def test_name_set_and_append() -> None:
    """``name``: ``set`` replaces it, ``append`` adds a space and the text."""
    mods = modifier("set", "name", "Veteran") + modifier("append", "name", "(Armoured)")
    shown = infos_of(f"<profiles>{profile(mods)}</profiles>").profiles[0]
    assert shown.name == "Veteran (Armoured)"
    assert "name" in shown.changed and shown.any_changed


def test_append_once_per_repeat_as_on_an_entrys_name() -> None:
    """A profile's name and characteristic take BattleScribe's string modifier as an
    entry's name does (``modifiers.text_changed``, SEMANTICS.md rule 18): ``append``
    repeated once per Armour held, 3 Armour, is three appends."""
    repeat = (
        '<repeats><repeat value="1" repeats="1" field="selections" scope="self" '
        'childId="armour" includeChildSelections="true"/></repeats>'
    )
    mods = f'<modifier type="append" field="name" value="+">{repeat}</modifier>'
    mods += f'<modifier type="append" field="sv" value="*">{repeat}</modifier>'
    shown = infos_of(f"<profiles>{profile(mods)}</profiles>", sel("a", "armour", number=3))
    assert shown.profiles[0].name == "Marine + + +"
    assert values(shown)[1] == ("Sv", "3+ * * *", True)


def test_hidden_by_a_modifier() -> None:
    """``set hidden`` hides a profile or a rule; ``visible()`` leaves it out, as
    BattleScribe does (profile-hidden, rule-hidden)."""
    mods = modifier("set", "hidden", "true", HAS_ARMOUR)
    info = f"<profiles>{profile(mods)}</profiles><rules>{rule(mods)}</rules>"
    plain = infos_of(info)
    assert len(plain.visible().profiles) == 1 and len(plain.visible().rules) == 1
    armoured = infos_of(info, sel("a", "armour"))
    assert armoured.profiles[0].hidden and "hidden" in armoured.profiles[0].changed
    assert armoured.visible() == Infos()


def test_hidden_as_written_and_shown_again_by_a_modifier() -> None:
    hidden = profile(modifier("set", "hidden", "false", HAS_ARMOUR), extra=HIDDEN)
    info = f"<profiles>{hidden}</profiles>"
    assert infos_of(info).visible().profiles == ()
    assert len(infos_of(info, sel("a", "armour")).visible().profiles) == 1


def test_description_set_and_append() -> None:
    """A rule's ``description``: ``set`` (modifier-rule-description) and ``append`` with a
    space (modifier-on-profile: "Base description (enhanced)")."""
    shown = infos_of(f"<rules>{rule(modifier('append', 'description', '(enhanced)'))}</rules>")
    assert shown.rules[0].description == "Never falls back. (enhanced)"
    assert shown.rules[0].changed == frozenset({"description"})
    replaced = infos_of(f"<rules>{rule(modifier('set', 'description', 'Holds.'))}</rules>")
    assert replaced.rules[0].description == "Holds."


def test_modifier_groups_on_a_profile_and_a_rule() -> None:
    """A modifier group's modifiers apply when its conditions hold (modifier-group-on-*)."""
    group = (
        f"<modifierGroups><modifierGroup>{HAS_ARMOUR}"
        f"<modifiers>{modifier('set', 'w', '4')}</modifiers></modifierGroup></modifierGroups>"
    )
    text = profile().replace("<modifiers></modifiers>", group)
    assert values(infos_of(f"<profiles>{text}</profiles>"))[0] == ("W", "2", False)
    assert values(infos_of(f"<profiles>{text}</profiles>", sel("a", "armour")))[0] == (
        "W",
        "4",
        True,
    )


def test_info_links_carry_their_own_modifiers_after_the_targets() -> None:
    """An infoLink's modifiers change its target (info-link-with-modifiers,
    modifier-group-on-infolink), after the target's own; the target's publication stays
    (infolink-publication-override: BattleScribe's, not New Recruit's)."""
    shared = (
        f"<sharedProfiles>{profile(modifier('set', 'w', '5'), pid='sp')}</sharedProfiles>"
        f"<sharedRules>{rule(rid='sr', extra=CORE_PAGE_12)}</sharedRules>"
    )
    links = (
        '<infoLinks><infoLink id="l1" name="x" targetId="sp" type="profile"><modifiers>'
        + modifier("increment", "w", "1")
        + '</modifiers></infoLink><infoLink id="l2" name="x" targetId="sr" type="rule" '
        'publicationId="faq"><modifiers>'
        + modifier("set", "description", "Linked.")
        + "</modifiers></infoLink></infoLinks>"
    )
    infos = infos_of(links, shared=shared)
    assert values(infos)[0] == ("W", "6", True)
    assert infos.rules[0].description == "Linked."
    assert (infos.rules[0].publication_id, infos.rules[0].page) == ("core", "12")


def test_info_groups_in_order_and_hidden_with_their_contents() -> None:
    """An info group gives its profiles, then its nested groups' (infogroup-nested); a
    group hidden by its modifier hides all it holds; a linked group too."""
    inner_profile = profile(pid="p2", name="Inner")
    outer_profile = profile(pid="p1", name="Outer")
    inner = (
        '<infoGroups><infoGroup id="ig2" name="Inner">'
        f"<profiles>{inner_profile}</profiles></infoGroup></infoGroups>"
    )
    outer = (
        '<infoGroups><infoGroup id="ig1" name="Outer">'
        f"<profiles>{outer_profile}</profiles>{inner}</infoGroup></infoGroups>"
    )
    assert [p.name for p in infos_of(outer).profiles] == ["Outer", "Inner"]
    hiding = outer.replace(
        '<infoGroup id="ig1" name="Outer">',
        '<infoGroup id="ig1" name="Outer"><modifiers>'
        + modifier("set", "hidden", "true", HAS_ARMOUR)
        + "</modifiers>",
    )
    assert len(infos_of(hiding).visible().profiles) == 2
    assert infos_of(hiding, sel("a", "armour")).visible().profiles == ()
    shared = (
        '<sharedInfoGroups><infoGroup id="sg" name="Weapons">'
        f"<rules>{rule()}</rules></infoGroup></sharedInfoGroups>"
    )
    linked = (
        '<infoLinks><infoLink id="l" name="W" targetId="sg" type="infoGroup" hidden="true"/>'
        "</infoLinks>"
    )
    found = infos_of(linked, shared=shared)
    assert [r.name for r in found.rules] == ["Steady"] and found.rules[0].hidden


def test_order_is_profiles_rules_groups_links_and_a_links_info_after_its_targets() -> None:
    """Within a holder: its profiles, its info groups', then its info links'; an entry
    reached through an entry link shows the target's, then the link's own."""
    shared = f"<sharedProfiles>{profile(pid='sp', name='Linked')}</sharedProfiles>"
    info = (
        f"<profiles>{profile(name='Own')}</profiles>"
        '<infoLinks><infoLink id="l" name="x" targetId="sp" type="profile"/></infoLinks>'
        f'<infoGroups><infoGroup id="g" name="G"><profiles>{profile(pid="gp", name="Grouped")}'
        "</profiles></infoGroup></infoGroups>"
    )
    assert [p.name for p in infos_of(info, shared=shared).profiles] == [
        "Own",
        "Grouped",
        "Linked",
    ]
    target = entry("blade", "Blade", f"<profiles>{profile(name='Target')}</profiles>")
    entry_link = link("bl", "blade", f"<profiles>{profile(pid='lp', name='Link')}</profiles>")
    game = system(
        gst(PROFILE_TYPES + FORCE),
        cat(
            f"<sharedSelectionEntries>{target}</sharedSelectionEntries>"
            f"<entryLinks>{entry_link}</entryLinks>"
        ),
    )
    got = roster_infos(game, roster(sel("b", "bl::blade"))).of("b")
    assert [p.name for p in got.profiles] == ["Target", "Link"]


def test_a_link_to_a_rule_at_a_catalogues_root() -> None:
    """A rule written at a catalogue's root (not shared) may be linked (catalogue-root-rules)."""
    marine = entry(
        "marine",
        "Marine",
        '<infoLinks><infoLink id="l" name="x" targetId="root" type="rule"/></infoLinks>',
        kind="unit",
    )
    game = system(
        gst(FORCE),
        cat(
            f"<rules>{rule(rid='root', name='Root')}</rules>"
            f"<selectionEntries>{marine}</selectionEntries>"
        ),
    )
    assert [r.name for r in roster_infos(game, roster(sel("m", "marine"))).of("m").rules] == [
        "Root"
    ]


def test_info_groups_linking_themselves_are_followed_a_bounded_depth() -> None:
    """A group linking to itself is not entered again; a chain of groups is followed
    ``MAX_INFO_DEPTH`` deep, and a holder shows at most ``MAX_INFOS`` items."""
    loop = (
        '<sharedInfoGroups><infoGroup id="sg" name="Loop">'
        f"<rules>{rule()}</rules>"
        '<infoLinks><infoLink id="back" name="x" targetId="sg" type="infoGroup"/></infoLinks>'
        "</infoGroup></sharedInfoGroups>"
    )
    linked = '<infoLinks><infoLink id="l" name="x" targetId="sg" type="infoGroup"/></infoLinks>'
    assert len(infos_of(linked, shared=loop).rules) == 1
    chain = "".join(
        f'<infoGroup id="g{i}" name="G"><rules>{rule(rid=f"r{i}")}</rules>'
        f'<infoLinks><infoLink id="l{i}" name="x" targetId="g{i + 1}" type="infoGroup"/>'
        "</infoLinks></infoGroup>"
        for i in range(MAX_INFO_DEPTH + 5)
    )
    start = '<infoLinks><infoLink id="l" name="x" targetId="g0" type="infoGroup"/></infoLinks>'
    deep = infos_of(start, shared=f"<sharedInfoGroups>{chain}</sharedInfoGroups>")
    assert len(deep.rules) == MAX_INFO_DEPTH
    # each group links the next twice: 2^12 paths, cut at MAX_INFOS
    fan = "".join(
        f'<infoGroup id="g{i}" name="G"><rules>{rule(rid=f"r{i}")}</rules><infoLinks>'
        f'<infoLink id="a{i}" name="x" targetId="g{i + 1}" type="infoGroup"/>'
        f'<infoLink id="b{i}" name="x" targetId="g{i + 1}" type="infoGroup"/>'
        "</infoLinks></infoGroup>"
        for i in range(12)
    )
    wide = infos_of(start, shared=f"<sharedInfoGroups>{fan}</sharedInfoGroups>")
    assert len(wide.rules) == MAX_INFOS


def test_appended_text_is_bounded() -> None:
    """``append`` grows a name to ``MAX_NAME`` and a description to ``MAX_TEXT``, each
    cut with an ellipsis, however many modifiers there are."""
    many = (
        modifier("append", "name", "x" * 150) * 50
        + modifier("append", "description", "y" * 5000) * 50
    )
    shown = infos_of(f"<rules>{rule(many)}</rules>").rules[0]
    assert len(shown.name) == MAX_NAME and shown.name.endswith(CUT)
    assert len(shown.description) == MAX_TEXT and shown.description.endswith(CUT)


def test_a_force_and_a_category_have_their_own() -> None:
    """A force entry's rules (force-entry-with-rule) and a category's profiles, their
    modifiers asked from the force and from the selection."""
    categories = (
        '<categoryEntries><categoryEntry id="troops" name="Troops">'
        f"<profiles>{profile(modifier('set', 'w', '9', HAS_ARMOUR), pid='cp')}</profiles>"
        "</categoryEntry></categoryEntries>"
    )
    force = (
        '<forceEntries><forceEntry id="team" name="Team">'
        f"<rules>{rule(name='Doctrine')}</rules></forceEntry></forceEntries>"
    )
    marine = entry(
        "marine", "Marine", f"<selectionEntries>{ARMOUR}</selectionEntries>", kind="unit"
    )
    game = system(
        gst(PROFILE_TYPES + categories + force),
        cat(f"<selectionEntries>{marine}</selectionEntries>"),
    )
    engine = run_engine(game, roster(sel("m", "marine", sel("a", "armour"))))
    assert [r.name for r in force_infos(engine, 0).rules] == ["Doctrine"]
    category = category_infos(engine, 0, "troops")
    assert category.profiles[0].characteristics[0].value == "9"
    assert category_infos(engine, 0, "nothing") == Infos()


def test_many_links_to_empty_groups_cost_a_bounded_walk() -> None:
    """Groups holding nothing but 50 links each to the next, 12 deep, are 50^10 paths:
    the walk stops after ``MAX_INFOS`` groups entered, not after every path."""
    groups = "".join(
        f'<infoGroup id="g{i}" name="G"><infoLinks>'
        + "".join(
            f'<infoLink id="l{i}-{k}" name="x" targetId="g{i + 1}" type="infoGroup"/>'
            for k in range(50)
        )
        + "</infoLinks></infoGroup>"
        for i in range(12)
    )
    start = '<infoLinks><infoLink id="l" name="x" targetId="g0" type="infoGroup"/></infoLinks>'
    found = infos_of(start, shared=f"<sharedInfoGroups>{groups}</sharedInfoGroups>")
    assert found == Infos()
