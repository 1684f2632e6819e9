"""Cost types a catalogue declares, and the books entries cite (specs
``catalogue-cost-types``, ``cost-type-hidden``, ``gamesystem-publication``,
``publication-on-catalogue``; ``SEMANTICS.md`` rules 6 and 1)."""

from __future__ import annotations

from model.bsdata.engine import roster_limits
from model.bsdata.evaluate import evaluate
from model.bsdata.ros_content import ros_content
from model.bsdata.roster import BsRoster, CostLimit, Force
from model.bsdata.system import GameSystem
from tests.model.bsdata.xml_fixtures import cat, entry, gst, roster, sel, system

FORCE = '<forceEntries><forceEntry id="team" name="Team"/></forceEntries>'
EMPTY = BsRoster("r", "No forces", "gs")
GST_TYPES = (
    '<costTypes><costType id="pts" name="pts" defaultCostLimit="-1"/>'
    '<costType id="cp" name="CP" defaultCostLimit="-1" hidden="true"/></costTypes>'
)


def game() -> GameSystem:
    """A game system of pts and (hidden) CP citing its Core Rulebook; a catalogue
    declaring its own cost type "cat pts" (and pts again, named otherwise) and its own
    book, linking to a library with a third book."""
    books = '<publications><publication id="core" name="Core Rulebook"/></publications>'
    marine = entry(
        "marine",
        "Marine",
        '<costs><cost name="cat pts" typeId="cat-pts" value="50"/>'
        '<cost name="CP" typeId="cp" value="1"/></costs>',
        "unit",
    ).replace('name="Marine"', 'name="Marine" publicationId="codex" page="7"')
    inner = (
        '<publications><publication id="codex" name="Codex"/></publications>'
        '<costTypes><costType id="cat-pts" name="cat pts" defaultCostLimit="500"/>'
        '<costType id="pts" name="points" defaultCostLimit="-1"/></costTypes>'
        '<catalogueLinks><catalogueLink id="l" targetId="lib" type="catalogue"/>'
        "</catalogueLinks>"
        f"<selectionEntries>{marine}</selectionEntries>"
    )
    library = '<publications><publication id="annual" name="Annual"/></publications>'
    return system(
        gst(books + FORCE, GST_TYPES),
        cat(inner),
        cat(library, "lib", "Library").replace("<catalogue ", '<catalogue library="true" '),
    )


def test_a_catalogues_own_cost_types_are_costed_in_its_forces() -> None:
    """The game system's cost types first, then those of the files a force's catalogue
    looks ids up in (an id declared again keeps its first declaration); a selection
    costs and totals in every one of them. A roster of no such force has the game
    system's alone; every cost type's name is known."""
    g = game()
    assert [(c.id, c.name, c.hidden) for c in g.cost_types(["cat"])] == [
        ("pts", "pts", False),
        ("cp", "CP", True),
        ("cat-pts", "cat pts", False),
    ]
    assert [c.id for c in g.cost_types()] == [c.id for c in g.cost_types(["lib"])] == ["pts", "cp"]
    assert g.cost_names() == {"pts": "pts", "cp": "CP", "cat-pts": "cat pts"}
    result = evaluate(g, roster(sel("m", "marine", number=2)))
    assert [(c.type_id, c.value) for c in result.selection_costs["m"]] == [
        ("pts", 0),
        ("cp", 2),
        ("cat-pts", 100),
    ]
    assert [(c.type_id, c.value) for c in result.totals] == [
        ("pts", 0),
        ("cp", 2),
        ("cat-pts", 100),
    ]
    assert [c.type_id for c in evaluate(g, EMPTY).totals] == ["pts", "cp"]


def test_a_catalogues_cost_type_has_its_default_limit() -> None:
    """A cost type's default limit is in force where the type is: in a roster of a force
    of the catalogue declaring it."""
    g = game()
    assert roster_limits(g, roster(sel("m", "marine"))) == (CostLimit("cat-pts", 500),)
    assert roster_limits(g, EMPTY) == ()


def test_a_force_cites_the_books_its_catalogue_can_see() -> None:
    """Its catalogue's, those of the catalogues it links to, then the game system's
    (``ros_content``): the book a selection cites is among them, though the citing
    entry's file does not declare it."""
    written = ros_content(game(), roster(sel("m", "marine")))
    assert [p.name for p in written.forces["f1"].publications] == [
        "Codex",
        "Annual",
        "Core Rulebook",
    ]
    facts = written.selections["m"]
    assert (facts.publication_id, facts.page) == ("codex", "7")


def test_a_catalogues_cost_type_over_its_default_limit_is_named() -> None:
    result = evaluate(game(), roster(sel("m", "marine", number=11)))
    assert [f.message for f in result.findings] == [
        "The roster costs 550 cat pts, over the limit of 500: remove 50 cat pts or raise the "
        "limit to 550"
    ]


def test_a_cost_of_a_type_no_force_sees_is_not_counted() -> None:
    """A faction's cost of a type only another catalogue declares (40k's "Diplomatic
    Power", declared in T'au Empire.cat) is counted in a roster with a force that sees
    the type, and left out of one without: the roster's cost types are its forces'."""
    unit = entry(
        "u",
        "Unit",
        '<costs><cost name="pts" typeId="pts" value="5"/><cost name="DP" typeId="dp" value="1"/>'
        "</costs>",
        "unit",
    )
    tau = '<costTypes><costType id="dp" name="Diplomatic Power" defaultCostLimit="-1"/></costTypes>'
    g = system(
        gst(FORCE),
        cat(f"<selectionEntries>{unit}</selectionEntries>"),
        cat(tau, "tau", "T'au Empire"),
    )
    alone = evaluate(g, roster(sel("a", "u")))
    assert [(c.type_id, c.value) for c in alone.totals] == [("pts", 5)]
    with_tau = roster(
        forces=(
            Force("f1", "team", "cat", "Team", selections=(sel("a", "u"),)),
            Force("f2", "team", "tau", "Team"),
        )
    )
    assert [(c.type_id, c.value) for c in evaluate(g, with_tau).totals] == [("pts", 5), ("dp", 1)]
