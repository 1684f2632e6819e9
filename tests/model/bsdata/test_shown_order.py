"""The order BattleScribe shows selections in (``model.bsdata.shown_order``): by effective
name, case ignored as Java's ``compareToIgnoreCase`` ignores it, stable."""

from __future__ import annotations

from model.bsdata.evaluate import evaluate
from model.bsdata.roster import Force, Selection
from model.bsdata.shown_order import forces_in_shown_order, in_shown_order, name_key
from tests.model.bsdata.xml_fixtures import FORCE, cat, entry, gst, roster, sel, system


def _names(selections: tuple[Selection, ...]) -> list[str]:
    return [s.name for s in selections]


def test_by_name_case_ignored_and_stable() -> None:
    """Made in the order Zulu, alpha, Mike, Alpha: shown alpha, Alpha (as made, the same
    name to BattleScribe), Mike, Zulu."""
    made = (
        sel("1", "z", name="Zulu"),
        sel("2", "a", name="alpha"),
        sel("3", "m", name="Mike"),
        sel("4", "a2", name="Alpha"),
    )
    assert _names(in_shown_order(made, {})) == ["alpha", "Alpha", "Mike", "Zulu"]


def test_by_effective_name() -> None:
    """The names modifiers left (``names``) decide, not the names written in the roster
    (spec ``ordering-modifier-changed-name``: Zulu renamed Bravo goes between Alpha and
    Charlie)."""
    made = (sel("c", "c", name="Charlie"), sel("z", "z", name="Zulu"), sel("a", "a", name="Alpha"))
    shown = in_shown_order(made, {"z": "Bravo"})
    assert [s.id for s in shown] == ["a", "z", "c"]


def test_an_empty_name_first_and_plain_character_order() -> None:
    """An empty name comes first; digits compare as characters ("Unit 10" before
    "Unit 2"), and "ß" stays one character (Python's upper case of it is "SS")."""
    assert sorted(["b", "", "A"], key=name_key) == ["", "A", "b"]
    assert sorted(["Unit 2", "Unit 10"], key=name_key) == ["Unit 10", "Unit 2"]
    assert name_key("Straße") == (True, "straße")


def test_with_an_evaluation() -> None:
    """An evaluated roster: a selection renamed by a modifier is shown by its new name."""
    renamed = entry(
        "z",
        "Zulu",
        '<modifiers><modifier type="set" field="name" value="Bravo"/></modifiers>',
        kind="unit",
    )
    entries = renamed + entry("a", "Alpha", kind="unit") + entry("c", "Charlie", kind="unit")
    game = system(gst(FORCE), cat(f"<selectionEntries>{entries}</selectionEntries>"))
    made = roster(sel("1", "c", name="Charlie"), sel("2", "z", name="Zulu"), sel("3", "a"))
    found = evaluate(game, made)
    shown = in_shown_order(made.forces[0].selections, found.names)
    assert [found.names[s.id] for s in shown] == ["Alpha", "Bravo", "Charlie"]


def test_forces_by_name() -> None:
    """Forces added Patrol, then Battalion, then patrol: shown Battalion, Patrol, patrol
    (spec ``force-add-and-remove-all``)."""
    made = (
        Force("f1", "p", "c", "Patrol"),
        Force("f2", "b", "c", "Battalion"),
        Force("f3", "p", "c", "patrol"),
    )
    assert [f.id for f in forces_in_shown_order(made)] == ["f2", "f1", "f3"]
