"""The order BattleScribe shows a roster in: by name ignoring case as Java compares it,
an empty name first, equal names as added, at every depth, forces too; the name as
modified. The cases of the BattleScribe-spec ``ordering`` specs, and the corners of
Java's ``compareToIgnoreCase``."""

from __future__ import annotations

from model.bsdata.order import in_battlescribe_order, name_key
from model.bsdata.roster import BsRoster, Force, Selection


def names(selections: tuple[Selection, ...]) -> list[str]:
    return [s.name for s in selections]


def one_force(*selections: Selection, forces: tuple[Force, ...] = ()) -> BsRoster:
    return BsRoster(
        "r", "R", "gs", forces=(Force("f", "fe", "cat", "Army", "", "", "", selections, forces),)
    )


def test_top_level_selections_sort_by_name_ignoring_case_equal_names_as_added() -> None:
    roster = one_force(
        Selection("s1", "e", "charlie"),
        Selection("s2", "e", "Drop Pod"),
        Selection("s3", "e", "Alpha"),
        Selection("s4", "e", "drop pod"),
        Selection("s5", "e", "beta"),
        Selection("s6", "e", "Drop Pod"),
    )
    (force,) = in_battlescribe_order(roster).forces
    assert [(s.id, s.name) for s in force.selections] == [
        ("s3", "Alpha"),
        ("s5", "beta"),
        ("s1", "charlie"),
        ("s2", "Drop Pod"),
        ("s4", "drop pod"),
        ("s6", "Drop Pod"),
    ]


def test_a_selection_sorts_by_its_name_as_modified() -> None:
    """``ordering-modifier-changed-name``: "Zulu Renamed", renamed "Bravo Renamed" by a
    modifier, sorts between Alpha and Charlie."""
    roster = one_force(
        Selection("s1", "se-charlie", "Charlie Static"),
        Selection("s2", "se-renamed", "Zulu Renamed"),
        Selection("s3", "se-alpha", "Alpha Static"),
    )
    (force,) = in_battlescribe_order(roster, {"s2": "Bravo Renamed"}).forces
    assert [s.id for s in force.selections] == ["s3", "s2", "s1"]
    (unmodified,) = in_battlescribe_order(roster).forces
    assert [s.id for s in unmodified.selections] == ["s3", "s1", "s2"]


def test_the_selections_inside_a_selection_sort_too_at_every_depth() -> None:
    """``ordering-nested-selections``: Zulu Banner, Mike Scope, Alpha Blade taken in that
    order are shown Alpha, Mike, Zulu; and so inside them."""
    inner = (Selection("c2", "e", "b"), Selection("c1", "e", "A"))
    roster = one_force(
        Selection(
            "p",
            "se-parent",
            "Command Squad",
            selections=(
                Selection("z", "e", "Zulu Banner", selections=inner),
                Selection("m", "e", "Mike Scope"),
                Selection("a", "e", "Alpha Blade"),
            ),
        )
    )
    (force,) = in_battlescribe_order(roster).forces
    (squad,) = force.selections
    assert names(squad.selections) == ["Alpha Blade", "Mike Scope", "Zulu Banner"]
    assert names(squad.selections[2].selections) == ["A", "b"]


def test_forces_and_the_forces_inside_them_sort_by_name() -> None:
    """``ordering-nested-forces`` (BattleScribe's expectation): Mike, Zulu, Alpha Wing
    added in that order are shown Alpha, Mike, Zulu. Their selections sort as well."""
    wings = tuple(
        Force(
            f"w{n}",
            "fe",
            "cat",
            name,
            selections=(Selection(f"s{n}", "e", "z"), Selection(f"t{n}", "e", "a")),
        )
        for n, name in enumerate(("Mike Wing", "Zulu Wing", "Alpha Wing"))
    )
    roster = BsRoster(
        "r",
        "R",
        "gs",
        forces=(
            Force("f2", "fe", "cat", "patrol", forces=wings),
            Force("f1", "fe", "cat", "Army"),
        ),
    )
    ordered = in_battlescribe_order(roster)
    assert [f.name for f in ordered.forces] == ["Army", "patrol"]
    assert [f.name for f in ordered.forces[1].forces] == ["Alpha Wing", "Mike Wing", "Zulu Wing"]
    assert names(ordered.forces[1].forces[0].selections) == ["a", "z"]


def test_nothing_else_changes_and_the_roster_given_is_left_as_it_was() -> None:
    roster = one_force(
        Selection("s1", "e", "b", number=3, custom_name="B!"), Selection("s2", "e", "a")
    )
    ordered = in_battlescribe_order(roster)
    assert ordered.forces[0].selections[1] == roster.forces[0].selections[0]
    assert names(roster.forces[0].selections) == ["b", "a"]
    assert in_battlescribe_order(ordered) == ordered


def test_names_compare_as_javas_compare_to_ignore_case() -> None:
    """An empty name first; digits compared one by one ("Unit 10" before "Unit 2", where
    New Recruit compares numbers); each character folded alone ("ß" is not "ss", and
    sorts after "z" as its code does); "_" (0x5F) after letters folded to lower case
    would be before them in ``str.upper``'s order, so the fold is to lower case."""
    given = ["Unit 2", "", "ß", "Unit 10", "zed", "a_b", "ab", "ABC", "Äpfel"]
    assert sorted(given, key=name_key) == [
        "",
        "a_b",
        "ab",
        "ABC",
        "Unit 10",
        "Unit 2",
        "zed",
        "ß",
        "Äpfel",
    ]
