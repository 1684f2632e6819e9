"""Data that loops or names huge numbers: cut or bounded, never a hang, a blown stack or a
traceback (XML from strangers; a roster from anyone).

BattleScribe data may be wrong in ways the schema allows: an entry link whose target
holds a link back to it, a group that links to itself, a repeat every 1e-300 of a
count. The engine's bounds: links are followed only as deep as the roster nests (a
place's options are worked out when a selection is there), groups are expanded inline
at most ``MAX_GROUP_DEPTH`` deep and never into a group they are already in, defaults
stop where they would nest an entry in itself, and a modifier applies at most
``MAX_TIMES`` times (arithmetic, never a loop).

History: issue 18.
"""

from __future__ import annotations

import time

from model.bsdata.building import add_selection, choices, new_force
from model.bsdata.evaluate import evaluate
from model.bsdata.roster import BsRoster, Selection
from model.bsdata.system import GameSystem
from tests.model.bsdata.xml_fixtures import (
    FORCE,
    cat,
    constraint,
    cost,
    entry,
    gst,
    link,
    roster,
    sel,
    system,
)

# A holds a link to B, B a link back to A; each must hold one of the other.
LOOP = (
    "<sharedSelectionEntries>"
    + entry(
        "a",
        "A",
        cost(1) + constraint("a-min", "min", 1) + f"<entryLinks>{link('lb', 'b')}</entryLinks>",
    )
    + entry(
        "b",
        "B",
        cost(1) + constraint("b-min", "min", 1) + f"<entryLinks>{link('la', 'a')}</entryLinks>",
    )
    + "</sharedSelectionEntries>"
)


def loop_game() -> GameSystem:
    return system(gst(FORCE + LOOP), cat(f"<entryLinks>{link('top', 'a')}</entryLinks>"))


def depth(selection: Selection) -> int:
    return 1 + max((depth(s) for s in selection.selections), default=0)


def test_defaults_stop_where_a_loop_of_links_would_nest_an_entry_in_itself() -> None:
    """BattleScribe would select A, in it B (its min 1), in it A again, without end. A
    new force holds A, in it B, and stops there: B's minimum of one A is reported as a
    loop of the data's links (``bs-link-loop``), on the B that lacks it."""
    built = new_force(loop_game(), BsRoster("r", "R", "gs"), "cat", "team")
    top = built.forces[0].selections[0]
    assert depth(top) == 2
    assert [(top.entry_id, top.selections[0].entry_id)] == [("top::a", "top::lb::b")]
    result = evaluate(loop_game(), built)
    assert [(f.code, f.where.selection) for f in result.findings] == [
        ("bs-link-loop", top.selections[0].id)
    ]
    assert result.findings[0].message.startswith("B has 0 As, at least 1: add 1 A, though A is")


def test_a_loop_of_links_is_followed_only_as_deep_as_the_roster_nests() -> None:
    """A roster may nest A, B, A ... as deep as it likes (the reader bounds it): each
    level is resolved through the link chain (``top::lb::la::lb::b``), costed, and
    the innermost one's missing B is a plain shortfall (B is not around it)."""
    inner = sel("s20", "b")
    for i in range(19, 0, -1):
        inner = sel(f"s{i}", "top::a" if i % 2 else "b", inner)
    result = evaluate(loop_game(), roster(inner))
    assert result.totals[0].value == 20
    assert result.findings[0].code == "bs-link-loop"
    assert [s.name for s in choices(loop_game(), roster(inner), "f1", "s19")] == ["B"]


def test_a_group_that_links_to_itself_offers_its_entries_once() -> None:
    """A group holding a link to itself is expanded once: the link back is cut (a group
    is never expanded inside itself), so its one entry is offered once and counts once
    for the group's ``min 1``."""
    group = entry(
        "grp",
        "Grp",
        constraint("g-min", "min", 1)
        + "<selectionEntries>"
        + entry("x", "X", cost(1))
        + "</selectionEntries><entryLinks>"
        + link("back", "grp", kind="selectionEntryGroup")
        + "</entryLinks>",
        tag="selectionEntryGroup",
    )
    unit = entry(
        "u", "U", f"<entryLinks>{link('lg', 'grp', kind='selectionEntryGroup')}</entryLinks>"
    )
    g = system(
        gst(FORCE + f"<sharedSelectionEntryGroups>{group}</sharedSelectionEntryGroups>"),
        cat(f"<selectionEntries>{unit}</selectionEntries>"),
    )
    assert [c.entry_id for c in choices(g, roster(sel("u", "u")), "f1", "u")] == ["lg::x"]
    assert evaluate(g, roster(sel("u", "u", sel("x", "lg::x")))).valid
    built = add_selection(g, roster(), "f1", None, "u")
    assert [s.entry_id for s in built.forces[0].selections[0].selections] == ["lg::x"]


def test_two_groups_that_link_to_each_other_are_expanded_once_each() -> None:
    """Group GA links to GB, GB back to GA: GA's X and GB's Y are offered once each."""
    ga = entry(
        "ga",
        "GA",
        "<selectionEntries>"
        + entry("x", "X")
        + f"</selectionEntries><entryLinks>{link('lgb', 'gb', kind='selectionEntryGroup')}"
        + "</entryLinks>",
        tag="selectionEntryGroup",
    )
    gb = entry(
        "gb",
        "GB",
        "<selectionEntries>"
        + entry("y", "Y")
        + f"</selectionEntries><entryLinks>{link('lga', 'ga', kind='selectionEntryGroup')}"
        + "</entryLinks>",
        tag="selectionEntryGroup",
    )
    g = system(
        gst(FORCE + f"<sharedSelectionEntryGroups>{ga}{gb}</sharedSelectionEntryGroups>"),
        cat(f"<entryLinks>{link('top', 'ga', kind='selectionEntryGroup')}</entryLinks>"),
    )
    assert [c.entry_id for c in choices(g, roster(), "f1")] == ["top::x", "top::lgb::y"]


def test_a_repeat_every_tiny_part_is_capped_not_an_overflow() -> None:
    """A repeat every 1e-300 pts of the roster (a million Units of 10 pts: 1e307
    buckets, more than a float holds as an integer) applies its modifier at most 10^9
    times: 10 + 10^9 pts each, no ``OverflowError``."""
    every_bit = (
        '<modifiers><modifier type="increment" field="pts" value="1"><repeats>'
        '<repeat value="1e-300" repeats="1000" roundUp="false" field="pts" scope="roster" '
        'childId="any" includeChildSelections="true"/></repeats></modifier></modifiers>'
    )
    g = system(
        gst(FORCE),
        cat(f"<selectionEntries>{entry('u', 'U', cost(10) + every_bit)}</selectionEntries>"),
    )
    result = evaluate(g, roster(sel("a", "u", number=10**6)))
    assert result.selection_costs["a"][0].value == 10**6 * (10 + 10**9)


def test_nested_modifier_groups_with_repeats_stay_bounded() -> None:
    """Forty modifier groups nested, each repeated 1000 times per Unit, over a million
    Units: 10^360 times in arithmetic, more than a float holds; capped at 10^9 at each
    level, then the cost at 1e12, quickly and with no ``OverflowError``."""
    repeat = (
        '<repeats><repeat value="1" repeats="1000" roundUp="false" field="selections" '
        'scope="roster" childId="any"/></repeats>'
    )
    inner = '<modifiers><modifier type="increment" field="pts" value="1000000"/></modifiers>'
    for _ in range(40):
        inner = f"<modifierGroups><modifierGroup>{repeat}{inner}</modifierGroup></modifierGroups>"
    g = system(gst(FORCE), cat(f"<selectionEntries>{entry('u', 'U', inner)}</selectionEntries>"))
    start = time.perf_counter()
    result = evaluate(g, roster(sel("a", "u", number=10**6)))
    assert time.perf_counter() - start < 1.0
    assert result.selection_costs["a"][0].value == 10**6 * 1e12


def test_condition_and_modifier_groups_as_deep_as_a_file_may_nest() -> None:
    """The XML reader refuses files nested over 400 deep; 190 condition groups (380
    elements) and 190 modifier groups inside one entry are read and evaluated without
    exhausting the stack."""
    groups = (
        '<conditions><condition type="atLeast" value="0" field="selections" scope="self" '
        'childId="any"/></conditions>'
    )
    for _ in range(190):
        groups = (
            f'<conditionGroups><conditionGroup type="and">{groups}</conditionGroup>'
            "</conditionGroups>"
        )
    named = (
        f'<modifiers><modifier type="set" field="name" value="Deep">{groups}</modifier></modifiers>'
    )
    nested = '<modifiers><modifier type="increment" field="pts" value="1"/></modifiers>'
    for _ in range(190):
        nested = f"<modifierGroups><modifierGroup>{nested}</modifierGroup></modifierGroups>"
    g = system(
        gst(FORCE),
        cat(
            "<selectionEntries>"
            + entry("u", "U", named)
            + entry("v", "V", nested)
            + "</selectionEntries>"
        ),
    )
    result = evaluate(g, roster(sel("a", "u"), sel("b", "v")))
    assert result.names["a"] == "Deep"
    assert result.selection_costs["b"][0].value == 1
