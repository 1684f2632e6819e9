"""A force's entry as a roster shows it: its hidden flag as its modifiers leave it, and
the book and page it cites (specs ``force-entry-with-modifier``, ``force-entry-hidden``,
``force-entry-publication``)."""

from __future__ import annotations

from model.bsdata.engine import run_engine
from model.bsdata.evaluate import evaluate
from model.bsdata.ros_content import ros_content
from model.bsdata.roster import Force, Selection
from model.bsdata.system import GameSystem
from tests.model.bsdata.xml_fixtures import cat, entry, gst, roster, sel, system

HIDE_WHEN_BLOCKER = (
    '<modifiers><modifier type="set" field="hidden" value="true"><conditions>'
    '<condition type="atLeast" value="1" field="selections" scope="roster" '
    'childId="blocker" shared="true"/></conditions></modifier></modifiers>'
)


def game(special: str = HIDE_WHEN_BLOCKER, hidden: str = "false") -> GameSystem:
    forces = (
        '<forceEntries><forceEntry id="patrol" name="Patrol" publicationId="core" page="42"/>'
        f'<forceEntry id="special" name="Special" hidden="{hidden}">{special}</forceEntry>'
        "</forceEntries>"
    )
    books = '<publications><publication id="core" name="Core Rulebook"/></publications>'
    roots = entry("blocker", "Blocker", kind="unit")
    return system(gst(books + forces), cat(f"<selectionEntries>{roots}</selectionEntries>"))


def forces(*patrol: Selection) -> tuple[Force, ...]:
    return (
        Force("p", "patrol", "cat", "Patrol", selections=patrol),
        Force("s", "special", "cat", "Special"),
    )


def test_a_force_entrys_hidden_flag_is_as_its_modifiers_leave_it() -> None:
    """Special is hidden once the roster holds a Blocker (its modifier's condition, asked
    from the force); a force of a hidden entry is shown hidden, never a finding (as
    BattleScribe: it reports hidden selections and categories, not forces)."""
    g = game()
    before = run_engine(g, roster(forces=forces()))
    assert [before.force_hidden(i) for i in range(2)] == [False, False]
    after_roster = roster(forces=forces(sel("b", "blocker")))
    after = run_engine(g, after_roster)
    assert [after.force_hidden(i) for i in range(2)] == [False, True]
    assert evaluate(g, after_roster).valid


def test_a_force_entry_written_hidden_is_hidden_unless_a_modifier_shows_it() -> None:
    shown = '<modifiers><modifier type="set" field="hidden" value="false"/></modifiers>'
    assert run_engine(game("", hidden="true"), roster(forces=forces())).force_hidden(1)
    assert not run_engine(game(shown, hidden="true"), roster(forces=forces())).force_hidden(1)


def test_a_force_entry_keeps_the_book_and_page_it_cites() -> None:
    """Read from the force entry, and given to its forces (the ``.ros`` writes them)."""
    patrol = game().system.forces[0]
    assert (patrol.publication_id, patrol.page) == ("core", "42")
    special = game().system.forces[1]
    assert (special.publication_id, special.page) == (None, "")
    written = ros_content(game(), roster(forces=forces())).forces
    assert (written["p"].publication_id, written["p"].page) == ("core", "42")
    assert (written["s"].publication_id, written["s"].page) == ("", "")
