"""Where a hidden selection is reported: as BattleScribe checks, category by category
(``SEMANTICS.md`` rule 24; the suite's ``docs/hidden-validation-analysis.md`` and its
specs ``selection-hidden-entry``, ``modifier-set-hidden-no-category``,
``hidden-cascade-to-children``, ``modifier-set-hidden-true``)."""

from __future__ import annotations

from model.bsdata.evaluate import evaluate
from model.bsdata.roster import Selection
from model.bsdata.system import GameSystem
from tests.model.bsdata.xml_fixtures import FORCE, cat, entry, gst, roster, sel, system

CATEGORIES = '<categoryEntries><categoryEntry id="troops" name="Troops"/></categoryEntries>'


def in_troops(primary: bool) -> str:
    flag = "true" if primary else "false"
    return (
        f'<categoryLinks><categoryLink id="cl" targetId="troops" primary="{flag}"/></categoryLinks>'
    )


def hidden(eid: str, name: str, inner: str = "", kind: str = "unit") -> str:
    return entry(eid, name, inner, kind).replace(f'name="{name}"', f'name="{name}" hidden="true"')


def game(roots: str) -> GameSystem:
    return system(gst(CATEGORIES + FORCE), cat(f"<selectionEntries>{roots}</selectionEntries>"))


def hidden_findings(g: GameSystem, *selections: Selection) -> list[str | None]:
    result = evaluate(g, roster(*selections))
    return [f.where.selection for f in result.findings if f.code == "bs-hidden"]


def test_a_hidden_selection_of_no_category_at_a_forces_top_is_not_reported() -> None:
    """BattleScribe finds hidden selections under each of a force's categories; one with
    no primary category is under none ("(No Category)"), so it is never reported."""
    g = game(hidden("u", "Hidden Unit"))
    assert hidden_findings(g, sel("s", "u")) == []


def test_a_hidden_selection_of_a_primary_category_is_reported() -> None:
    g = game(hidden("u", "Hidden Unit", in_troops(primary=True)))
    assert hidden_findings(g, sel("s", "u")) == ["s"]


def test_a_category_that_is_not_primary_does_not_list_the_selection() -> None:
    """A selection is listed under its primary category only: in a category that is not
    primary, it is still in no category BattleScribe checks."""
    g = game(hidden("u", "Hidden Unit", in_troops(primary=False)))
    assert hidden_findings(g, sel("s", "u")) == []


def test_a_primary_category_unset_by_a_modifier_leaves_it_unchecked() -> None:
    """The primary category is the one modifiers leave."""
    unset = (
        '<modifiers><modifier type="unset-primary" field="category" value="troops"/></modifiers>'
    )
    g = game(hidden("u", "Hidden Unit", in_troops(primary=True) + unset))
    assert hidden_findings(g, sel("s", "u")) == []


def test_inside_a_selection_every_hidden_child_is_reported() -> None:
    """Inside a selection BattleScribe checks every child entry, with a category or not;
    a visible child of a hidden (unreported) parent is no error."""
    children = f"<selectionEntries>{hidden('x', 'Secret', kind='upgrade')}"
    children += entry("y", "Soldier", kind="model") + "</selectionEntries>"
    g = game(entry("u", "Squad", children))
    assert hidden_findings(g, sel("s", "u", sel("c", "x"), sel("d", "y"))) == ["c"]
    soldier = "<selectionEntries>" + entry("y", "Soldier", kind="model") + "</selectionEntries>"
    cascade = game(hidden("u", "Hidden Squad", soldier))
    assert hidden_findings(cascade, sel("s", "u", sel("d", "y"))) == []
