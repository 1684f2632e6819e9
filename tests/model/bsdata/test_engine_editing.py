"""The edits the command line and the conformance suite's actions make beyond adding and
removing: a force inside a force, a copy of a selection, notes of one's own, an entry the
builder hides selected anyway, and which of two entries of one name a player means
(``model/bsdata/building.py``, ``roster_edits.py``, ``picking.py``)."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from model.bsdata.building import (
    add_selection,
    child_force_kinds,
    choices,
    duplicate_selection,
    new_force,
    remove_selection,
    set_custom_name,
    set_custom_notes,
    set_number,
)
from model.bsdata.evaluate import evaluate
from model.bsdata.order import in_battlescribe_order
from model.bsdata.picking import meant, path_of
from model.bsdata.roster import BsRoster, Force, all_forces, all_selections
from model.bsdata.roster_bounds import MAX_FORCE_DEPTH, MAX_SELECTIONS, MAX_TEXT
from model.bsdata.system import GameSystem
from model.core.problems import RosterError
from tests.model.bsdata.xml_fixtures import (
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

NESTED = (
    '<forceEntries><forceEntry id="army" name="Army"><forceEntries>'
    '<forceEntry id="zulu" name="Zulu Wing"/><forceEntry id="alpha" name="alpha Wing"/>'
    '<forceEntry id="mike" name="Mike Wing"/>'
    "</forceEntries></forceEntry></forceEntries>"
)
LEADER = entry("lead", "Leader", cost(10) + constraint("lead-min", "min", 1, scope="force"))
GAME = system(gst(NESTED), cat(f"<selectionEntries>{LEADER}</selectionEntries>"))


def empty() -> BsRoster:
    return BsRoster("r", "R", "gs")


def test_a_force_inside_a_force_is_of_a_kind_its_parent_holds() -> None:
    """An Army holds three kinds of wing: one added inside it sits in ``Force.forces``,
    selects its own Leader (min 1 per force) as a top force does, and the wings are
    kept in the order of their names, case aside, as BattleScribe lists them."""
    army = new_force(GAME, empty(), "cat", "army")
    top = army.forces[0]
    assert [k.name for k in child_force_kinds(GAME, army, top.id)] == [
        "Zulu Wing",
        "alpha Wing",
        "Mike Wing",
    ]
    built = army
    for kind in ("mike", "zulu", "alpha"):
        built = new_force(GAME, built, "cat", kind, parent_force_id=top.id)
    (outer,) = built.forces
    assert [f.name for f in outer.forces] == ["alpha Wing", "Mike Wing", "Zulu Wing"]
    assert [[s.name for s in f.selections] for f in outer.forces] == [["Leader"]] * 3
    assert outer.selections == top.selections
    assert len({f.id for f in outer.forces} | {outer.id}) == 4
    result = evaluate(GAME, built)
    assert result.valid
    assert result.totals[0].value == 40


def test_a_force_its_parent_cannot_hold_is_refused() -> None:
    """A wing is no kind of force at the top of an Army's wing; an Army is not one a
    wing holds, nor one the Army holds; an unknown parent is refused too."""
    army = new_force(GAME, empty(), "cat", "army")
    wing = new_force(GAME, army, "cat", "mike", parent_force_id="f1")
    wing_id = wing.forces[0].forces[0].id
    with pytest.raises(RosterError, match="Not a force here") as refused:
        new_force(GAME, wing, "cat", "army", parent_force_id="f1")
    assert "Zulu Wing" in str(refused.value.problems[0].hint)
    with pytest.raises(RosterError, match="Not a force here"):
        new_force(GAME, wing, "cat", "zulu", parent_force_id=wing_id)
    with pytest.raises(RosterError, match="No such force"):
        new_force(GAME, wing, "cat", "zulu", parent_force_id="nope")


def test_forces_nest_no_deeper_than_a_roster_file_holds() -> None:
    """A kind that holds itself could nest without end: at ``MAX_FORCE_DEPTH`` nothing
    more is offered inside, and adding one is refused, so the file reads back."""
    looped = (
        '<forceEntries><forceEntry id="cell" name="Cell"><forceEntries>'
        '<forceEntry id="cell" name="Cell"/></forceEntries></forceEntry></forceEntries>'
    )
    game = system(gst(looped), cat(""))
    built = new_force(game, empty(), "cat", "cell")
    parent = built.forces[0].id
    for _ in range(MAX_FORCE_DEPTH - 1):
        built = new_force(game, built, "cat", "cell", parent_force_id=parent)
        inner = built.forces[0]
        while inner.forces:
            inner = inner.forces[0]
        parent = inner.id
    assert child_force_kinds(game, built, parent) == ()
    with pytest.raises(RosterError, match="Not a force here") as refused:
        new_force(game, built, "cat", "cell", parent_force_id=parent)
    assert f"{MAX_FORCE_DEPTH} deep" in str(refused.value.problems[0].hint)


SQUAD = entry(
    "squad",
    "Squad",
    cost(50)
    + constraint("squad-max", "max", 1, scope="force", shared="true")
    + "<selectionEntries>"
    + entry("gun", "Gun", cost(5))
    + "</selectionEntries>",
    kind="unit",
)
TEAM = '<forceEntries><forceEntry id="team" name="Team"/></forceEntries>'
TANK = entry("tank", "Tank", cost(90), kind="unit")
ARMS = system(gst(TEAM), cat(f"<selectionEntries>{SQUAD}{TANK}</selectionEntries>"))


def test_a_duplicate_is_a_deep_copy_right_after_the_original_with_new_ids() -> None:
    """A Squad holding a Gun (and a custom name) is copied whole, new ids throughout,
    right after it and before the Tank; the copy breaks the Squad's ``max 1``, which the
    evaluation reports rather than the edit refusing it (as BattleScribe does)."""
    start = roster(sel("a", "squad", sel("a1", "gun", number=2)), sel("t", "tank"))
    start = set_custom_name(start, "f1", "a", "Red")
    copied, new_id = duplicate_selection(ARMS, start, "a")
    top = copied.forces[0].selections
    assert [s.id for s in top] == ["a", new_id, "t"]
    original, copy = top[0], top[1]
    assert (copy.entry_id, copy.custom_name, copy.number) == ("squad", "Red", 1)
    assert [(s.entry_id, s.number) for s in copy.selections] == [("gun", 2)]
    assert copy.selections[0].id not in {"a", "a1", "t", new_id}
    assert original == start.forces[0].selections[0]
    result = evaluate(ARMS, copied)
    assert result.totals[0].value == 2 * (50 + 10) + 90
    assert [f.code for f in result.findings] == ["bs-too-many"]


def test_a_nested_selection_is_copied_among_its_siblings() -> None:
    """The Gun inside the Squad is copied inside the Squad, after the Gun."""
    start = roster(sel("a", "squad", sel("a1", "gun"), sel("a2", "gun", name="Other")))
    copied, new_id = duplicate_selection(ARMS, start, "a1")
    inner = copied.forces[0].selections[0].selections
    assert [s.id for s in inner] == ["a1", new_id, "a2"]


def test_a_duplicate_of_nothing_or_past_a_files_limit_is_refused() -> None:
    """A Squad holding guns, ``MAX_SELECTIONS`` in all: one more copy is refused (the
    file would not read back); with one gun fewer, the copy makes exactly that many."""
    guns = (sel(f"g{n}", "gun") for n in range(MAX_SELECTIONS - 1))
    full = roster(sel("a", "squad", *guns))
    with pytest.raises(RosterError, match="No such selection"):
        duplicate_selection(ARMS, full, "nope")
    with pytest.raises(RosterError, match="Too many selections"):
        duplicate_selection(ARMS, full, "g1")
    copied, _ = duplicate_selection(ARMS, remove_selection(full, "g0"), "g1")
    assert len(copied.forces[0].selections[0].selections) == MAX_SELECTIONS - 1


def test_notes_of_ones_own_on_a_selection_or_a_force() -> None:
    """Notes keep their lines but lose control characters and the blanks around them;
    empty notes take them away; notes too long for a file are refused."""
    start = roster(sel("a", "squad"), sel("t", "tank"))
    noted = set_custom_notes(start, "f1", "a", "  Paint\x1b[0m red\nfirst \x07")
    assert [s.note for s in noted.forces[0].selections] == ["Paint[0m red\nfirst", ""]
    assert noted.forces[0].note == ""
    forced = set_custom_notes(noted, "f1", None, "Main battle group")
    assert forced.forces[0].note == "Main battle group"
    assert set_custom_notes(noted, "f1", "a", "  ") == start
    with pytest.raises(RosterError, match="Note too long"):
        set_custom_notes(start, "f1", "a", "x" * (MAX_TEXT + 1))


def test_an_edit_of_an_id_the_roster_lacks_is_refused() -> None:
    """Not silently nothing: a stale id is said."""
    start = roster(sel("a", "squad"))
    edits: list[Callable[[], object]] = [
        lambda: set_number(start, "nope", 2),
        lambda: set_custom_name(start, "f1", "nope", "X"),
        lambda: set_custom_notes(start, "f1", "nope", "X"),
        lambda: remove_selection(start, "nope"),
    ]
    for edit in edits:
        with pytest.raises(RosterError, match="No such selection"):
            edit()
    with pytest.raises(RosterError, match="No such force"):
        set_custom_name(start, "f9", None, "X")


PRIMARY = '<categoryLinks><categoryLink id="p" targetId="spies" primary="true"/></categoryLinks>'
HIDDEN = system(
    gst('<categoryEntries><categoryEntry id="spies" name="Spies"/></categoryEntries>' + TEAM),
    cat(
        "<selectionEntries>"
        + entry("v", "Scout", cost(3))
        + entry("h", "Scout", cost(4)).replace('name="Scout"', 'name="Scout" hidden="true"')
        + entry("x", "Secret", cost(6) + PRIMARY).replace(
            'name="Secret"', 'name="Secret" hidden="true"'
        )
        + "</selectionEntries>"
    ),
)
"""Scout, a hidden Scout and the hidden Secret (in the primary category Spies, so that
BattleScribe reports it at a force's top: ``SEMANTICS.md`` rule 24)."""


def test_a_hidden_entry_is_selected_when_asked_and_reported() -> None:
    """The builder leaves the hidden Secret out; asked for it, ``add_selection`` selects
    it, as BattleScribe does, and the evaluation reports it (``bs-hidden``)."""
    assert [c.name for c in choices(HIDDEN, roster(), "f1")] == ["Scout"]
    every = choices(HIDDEN, roster(), "f1", every=True)
    assert [(c.entry_id, c.offered) for c in every] == [("v", True), ("h", False), ("x", False)]
    added = add_selection(HIDDEN, roster(), "f1", None, "x")
    (secret,) = added.forces[0].selections
    assert secret.name == "Secret"
    assert [(f.code, f.where.selection) for f in evaluate(HIDDEN, added).findings] == [
        ("bs-hidden", secret.id)
    ]


def test_a_number_a_player_asks_for_is_held_only_by_what_a_file_holds() -> None:
    added = add_selection(HIDDEN, roster(), "f1", None, "v", 5000)
    assert added.forces[0].selections[0].number == 5000


def test_a_name_means_the_offered_entry_and_a_hidden_one_only_when_alone() -> None:
    every = choices(HIDDEN, roster(), "f1", every=True)
    assert [c.entry_id for c in meant(every, "scout")] == ["v"]
    assert [c.entry_id for c in meant(every, " SECRET ")] == ["x"]
    assert meant(every, "Nothing") == ()


GROUPS = system(
    gst(TEAM),
    cat(
        "<selectionEntries>"
        + entry(
            "hero",
            "Hero",
            "<selectionEntryGroups>"
            + entry(
                "melee",
                "Melee",
                "<selectionEntries>" + entry("sw1", "Sword") + "</selectionEntries>",
                tag="selectionEntryGroup",
            )
            + entry(
                "gifts",
                "Gifts",
                "<selectionEntryGroups>"
                + entry(
                    "relics",
                    "Relics",
                    "<selectionEntries>" + entry("sw2", "Sword") + "</selectionEntries>",
                    tag="selectionEntryGroup",
                )
                + "</selectionEntryGroups>",
                tag="selectionEntryGroup",
            )
            + "</selectionEntryGroups>"
            + "<entryLinks>"
            + link("l1", "shield")
            + link("l2", "shield")
            + "</entryLinks>",
        )
        + "</selectionEntries><sharedSelectionEntries>"
        + entry("shield", "Shield")
        + "</sharedSelectionEntries>"
    ),
)


def test_two_of_one_name_are_told_apart_by_path_or_by_id() -> None:
    """Two Swords, one in Melee and one in Gifts/Relics: the name means both, a path
    (its innermost groups, an outer one left out or not) one; two links to one Shield
    share the entry's id, and the link's id or the whole chain tells them apart."""
    place = choices(GROUPS, roster(sel("h", "hero")), "f1", "h")
    assert [path_of(c) for c in place] == [
        "Melee/Sword",
        "Gifts/Relics/Sword",
        "Shield",
        "Shield",
    ]
    assert len(meant(place, "Sword")) == 2
    assert [c.entry_id for c in meant(place, "melee/sword")] == ["sw1"]
    assert [c.entry_id for c in meant(place, "Relics/Sword")] == ["sw2"]
    assert [c.entry_id for c in meant(place, "Gifts/Relics/Sword")] == ["sw2"]
    assert meant(place, "Gifts/Sword") == ()
    assert meant(place, "Melee/") == ()
    assert [c.entry_id for c in meant(place, "sw2", by_id=True)] == ["sw2"]
    assert len(meant(place, "shield", by_id=True)) == 2
    assert [c.entry_id for c in meant(place, "l2", by_id=True)] == ["l2::shield"]
    assert [c.entry_id for c in meant(place, "l1::shield", by_id=True)] == ["l1::shield"]
    assert meant(place, "Sword", by_id=True) == ()


def test_a_force_is_named_for_the_kind_it_is_in_a_two_level_list() -> None:
    """Renaming and noting a force inside a force reaches it at its depth."""
    army = new_force(GAME, empty(), "cat", "army")
    built = new_force(GAME, army, "cat", "mike", parent_force_id="f1")
    wing: Force = built.forces[0].forces[0]
    renamed = set_custom_notes(set_custom_name(built, wing.id, None, "Left"), wing.id, None, "n")
    inner = renamed.forces[0].forces[0]
    assert (inner.custom_name, inner.note) == ("Left", "n")
    assert renamed.forces[0].custom_name == ""


def _fanning(levels: int, fan: int) -> GameSystem:
    """A game whose Top must hold ``fan`` of a Middle (one link each, ``min 1``), each of
    which must hold ``fan`` of the next, ``levels`` deep: a few lines of data asking for
    ``fan ** levels`` selections."""
    shared = ""
    for level in range(levels):
        links = "".join(
            link(f"l{level}-{k}", f"e{level + 1}", constraint(f"m{level}-{k}", "min", 1))
            for k in range(fan)
        )
        inner = f"<entryLinks>{links}</entryLinks>" if level < levels - 1 else ""
        shared += entry(f"e{level}", f"Level {level}", inner)
    return system(
        gst(TEAM),
        cat(
            f"<sharedSelectionEntries>{shared}</sharedSelectionEntries>"
            f"<entryLinks>{link('top', 'e0')}</entryLinks>"
        ),
    )


def test_defaults_that_fan_out_past_a_files_limit_are_refused_as_they_are_made() -> None:
    """Three levels of 71 are 1 + 71 + 71 ** 2 = 5,113 selections, past what a roster
    file holds (ten levels would be 71 ** 9: the edit must stop at the cap, not when the
    data runs out); three levels of 70 are 4,971, made."""
    with pytest.raises(RosterError, match="what it must hold would take the list past 5,000"):
        add_selection(_fanning(3, 71), roster(), "f1", None, "top")
    made = add_selection(_fanning(3, 70), roster(), "f1", None, "top")
    assert sum(1 for _ in all_selections(made.forces[0].selections)) == 1 + 70 + 70**2


def test_an_entry_added_to_a_full_roster_is_refused() -> None:
    """A roster of ``MAX_SELECTIONS`` takes no more at its top level either."""
    full = roster(*(sel(f"t{n}", "tank") for n in range(MAX_SELECTIONS)))
    with pytest.raises(RosterError, match="another selection would take the list past"):
        add_selection(ARMS, full, "f1", None, "tank")
    assert add_selection(ARMS, remove_selection(full, "t0"), "f1", None, "tank") != full


def test_a_force_inside_a_force_sits_where_battlescribes_order_puts_it() -> None:
    """The wings are kept in the order ``model.bsdata.order`` shows them, whatever the
    names: Java compares "ß" as one letter after "s", where ``casefold`` reads "ss"."""
    kinds = '<forceEntry id="sz" name="Sz Wing"/><forceEntry id="eszett" name="ß Wing"/>'
    game = system(
        gst(
            '<forceEntries><forceEntry id="army" name="Army"><forceEntries>'
            f"{kinds}</forceEntries></forceEntry></forceEntries>"
        ),
        cat(""),
    )
    built = new_force(game, empty(), "cat", "army")
    for kind in ("sz", "eszett"):
        built = new_force(game, built, "cat", kind, parent_force_id="f1")
    assert [f.name for f in built.forces[0].forces] == ["Sz Wing", "ß Wing"]
    assert in_battlescribe_order(built) == built


def test_every_selection_and_force_is_walked_in_the_order_the_list_holds_them() -> None:
    """Each before what it holds, siblings in order: the order a message listing what a
    name could mean gives them in, as the file and ``show`` do."""
    squads = (sel("a", "squad", sel("a1", "gun"), sel("a2", "gun")), sel("b", "tank"))
    assert [s.id for s in all_selections(squads)] == ["a", "a1", "a2", "b"]
    inner = (Force("w1", "wing", "cat", "Wing"), Force("w2", "wing", "cat", "Wing"))
    outer = (Force("f1", "army", "cat", "Army", forces=inner), Force("f2", "army", "cat", "Army"))
    assert [f.id for f in all_forces(outer)] == ["f1", "w1", "w2", "f2"]
