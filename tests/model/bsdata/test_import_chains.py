"""Root entries imported down a chain of catalogues (``SEMANTICS.md`` rule 1).

Built like BSData's Warcry files: a warband's catalogue imports the root entries of a
library ("Agents of Chaos"), which imports those of another ("Chaotic Beasts"), whose
entries link to shared entries of their own file and of a third library the beasts'
file links to. BattleScribe offers and prices the beasts in the warband's force.
"""

from __future__ import annotations

from model.bsdata.building import add_selection, choices
from model.bsdata.check import check_system
from model.bsdata.data import Rule
from model.bsdata.evaluate import evaluate
from model.bsdata.roster import BsRoster, Force, Selection
from model.bsdata.system import GameSystem
from tests.model.bsdata.xml_fixtures import FORCE, cat, cost, entry, gst, roster, sel, system


def imports(*targets: str, lends: tuple[str, ...] = ()) -> str:
    """Catalogue links importing the root entries of ``targets``, and links to ``lends``
    without ``importRootEntries`` (their shared entries only)."""
    links = [(t, ' importRootEntries="true"') for t in targets] + [(t, "") for t in lends]
    return (
        "<catalogueLinks>"
        + "".join(
            f'<catalogueLink id="to-{t}" name="{t}" targetId="{t}" type="catalogue"{flag}/>'
            for t, flag in links
        )
        + "</catalogueLinks>"
    )


def imported(xml: str) -> str:
    """An entry or link marked ``import="true"`` (the schema's default is false)."""
    return xml.replace(" name=", ' import="true" name=', 1)


def library(cat_id: str, name: str, inner: str) -> str:
    return cat(inner, cat_id=cat_id, name=name).replace("<catalogue ", '<catalogue library="true" ')


def elink(lid: str, target: str) -> str:
    return f'<entryLink id="{lid}" name="{lid}" targetId="{target}" type="selectionEntry"/>'


CHIEFTAIN = entry("chief", "Chieftain", cost(20), "model")
WARBAND = cat(
    imports("agents") + f"<selectionEntries>{CHIEFTAIN}</selectionEntries>",
    cat_id="warband",
    name="Warband",
)
AGENTS = library(
    "agents",
    "Agents of Chaos",
    imports("beasts", "warband")  # back to the warband: a cycle
    + "<selectionEntries>"
    + imported(entry("agent", "Agent", cost(5), "model"))
    + entry("secret", "Secret", cost(1), "model")  # not marked import: stays home
    + "</selectionEntries>",
)
BEASTS = library(
    "beasts",
    "Chaotic Beasts",
    imports("agents", lends=("kennel",))  # a cycle again; the Kennel lends shared entries
    + "<selectionEntries>"
    + imported(
        entry("beast", "Beast", cost(12) + f"<entryLinks>{elink('cl', 'claws')}</entryLinks>")
    )
    + "</selectionEntries><entryLinks>"
    + imported(elink("hl", "hound"))
    + "</entryLinks><sharedSelectionEntries>"
    + entry("claws", "Claws", cost(3))
    + entry(
        "hound", "Hound", cost(8) + f"<entryLinks>{elink('col', 'collar')}</entryLinks>", "model"
    )
    + "</sharedSelectionEntries>",
)
KENNEL = library(
    "kennel",
    "Kennel",
    "<selectionEntries>"
    + imported(entry("master", "Kennel Master", cost(30), "model"))  # not imported: no chain
    + "</selectionEntries><sharedSelectionEntries>"
    + entry("collar", "Collar", cost(1))
    + "</sharedSelectionEntries>",
)
GAME = system(gst(FORCE), WARBAND, AGENTS, BEASTS, KENNEL)


def warband(*selections: Selection) -> BsRoster:
    return roster(*selections, catalogue_id="warband")


def test_the_chain_of_imports_is_offered_to_the_force() -> None:
    """The warband's own entry, then the Agents', then the Beasts' (each library once,
    though they import each other back); not the Agents' entry left unmarked, nor the
    Kennel's, which the Beasts link to without importing its root entries."""
    names = [c.name for c in choices(GAME, warband(), "f1")]
    assert names == ["Chieftain", "Agent", "Beast", "Hound"]


def test_entries_from_the_end_of_the_chain_are_priced_with_their_links() -> None:
    """A Beast (12) with its Claws (3, a shared entry of the Beasts' file) and a Hound
    (8, through a root link of the Beasts' file) with its Collar (1, from the Kennel the
    Beasts link to): 24 pts beside a Chieftain (20), every entry found."""
    built = add_selection(GAME, warband(), "f1", None, "beast")
    built = add_selection(GAME, built, "f1", None, "hl::hound")
    beast, hound = built.forces[0].selections
    built = add_selection(GAME, built, "f1", beast.id, "cl::claws")
    built = add_selection(GAME, built, "f1", hound.id, "hl::col::collar")
    built = add_selection(GAME, built, "f1", None, "chief")
    result = evaluate(GAME, built)
    assert result.valid, result.findings
    assert result.totals[0].value == 20 + 12 + 3 + 8 + 1
    inside = [s.entry_id for s in built.forces[0].selections[0].selections]
    assert inside == ["cl::claws"]


def test_a_roster_naming_an_entry_outside_the_chain_is_told_so() -> None:
    """The Kennel Master is not imported (the Beasts link the Kennel without
    ``importRootEntries``): a roster holding one is an unknown entry, as is the Agents'
    unmarked Secret."""
    result = evaluate(GAME, warband(sel("k", "master"), sel("s", "secret")))
    assert [(f.code, f.where.selection) for f in result.findings] == [
        ("bs-unknown-entry", "k"),
        ("bs-unknown-entry", "s"),
    ]


def test_a_long_ring_of_imports_is_followed_once_per_catalogue() -> None:
    """300 libraries each importing the next and the first (a ring with a chord at every
    step): the faction gets every library's entry once, in the chain's order."""
    count = 300
    libraries = [
        library(
            f"lib{i}",
            f"Lib {i}",
            imports(f"lib{(i + 1) % count}", "lib0", "faction")
            + "<selectionEntries>"
            + imported(entry(f"e{i}", f"E{i}", cost(1)))
            + "</selectionEntries>",
        )
        for i in range(count)
    ]
    faction = cat(imports("lib0"), cat_id="faction", name="Faction")
    game: GameSystem = system(gst(FORCE), faction, *libraries)
    roots = game.imported_roots("faction")
    assert [e.id for e in roots] == [f"e{i}" for i in range(count)]
    force = Force("f1", "team", "faction", "Team", selections=(sel("a", "e299"),))
    assert evaluate(game, roster(forces=(force,))).totals[0].value == 1


def test_an_info_link_finds_a_rule_at_its_catalogues_root() -> None:
    """A rule written at a catalogue's root (not shared) is a target for that file's
    info links, as BattleScribe reads it (spec ``catalogue/catalogue-root-rules``): the
    catalogue check finds nothing wrong, and the look-up finds the rule."""
    unit = entry(
        "unit",
        "Unit",
        '<infoLinks><infoLink id="il" name="Rule" targetId="rule-cat" type="rule"/></infoLinks>',
    )
    faction = cat(
        '<rules><rule id="rule-cat" name="Catalogue Rule"><description>Hold fast.</description>'
        f"</rule></rules><selectionEntries>{unit}</selectionEntries>"
    )
    game = system(gst(FORCE), faction)
    assert check_system(game).errors == ()
    found = game.find("rule-cat", "cat")
    assert isinstance(found, Rule) and found.name == "Catalogue Rule"
