"""Roster files of BattleScribe game systems: the text a person reads, problems at their
lines, and saves that never replace a file unasked and always open again."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from model.bsdata.roster import BsRoster, CostLimit, CustomCategory, Force, Selection
from model.bsdata.roster_toml import BsRosterFile
from model.core.problems import RosterError, SaveError
from model.core.safe_text import terminal_safe
from saves.bs_roster_file import (
    bs_roster_from_bytes,
    bs_roster_to_toml,
    read_bs_roster,
    write_bs_roster,
)
from tests.model.bsdata.test_ros_read import EXPECTED

SMALL = BsRosterFile(
    "scrap-derby",
    BsRoster(
        id="r1",
        name="Road Hogs",
        game_system_id="gs1",
        game_system_revision=7,
        cost_limits=(CostLimit("pts", 50.0),),
        forces=(
            Force(
                "f1",
                "fe1",
                "cat1",
                "Team",
                note="first line\nsecond line",
                selections=(
                    Selection(
                        "s1",
                        "link::car",
                        "Car",
                        type="unit",
                        selections=(Selection("s2", "gun", "Gun", number=2),),
                    ),
                    Selection("s3", "bike", "Bike", type="unit"),
                ),
            ),
            Force("f2", "fe1", "cat1", "Team", selections=(Selection("s4", "van", "Van"),)),
        ),
    ),
)

SMALL_TEXT = '''\
format = "warband.bsroster/1"
system = "scrap-derby"
name = "Road Hogs"
id = "r1"
game_system_id = "gs1"
game_system_revision = 7

[[cost_limits]]
type_id = "pts"
name = "Scrap"
value = 50

[[forces]]
id = "f1"
entry_id = "fe1"
name = "Team"
catalogue_id = "cat1"
note = """
first line
second line"""

[[forces.selections]]
id = "s1"
entry_id = "link::car"
name = "Car"
type = "unit"

[[forces.selections.selections]]
id = "s2"
entry_id = "gun"
name = "Gun"
number = 2

[[forces.selections]]
id = "s3"
entry_id = "bike"
name = "Bike"
type = "unit"

[[forces]]
id = "f2"
entry_id = "fe1"
name = "Team"
catalogue_id = "cat1"

[[forces.selections]]
id = "s4"
entry_id = "van"
name = "Van"
'''


def test_the_file_reads_as_a_person_would_write_it() -> None:
    """Each selection's block comes right after the one it was made in; a note over two
    lines is a multi-line string (TOML drops the newline right after its opening)."""
    assert bs_roster_to_toml(SMALL, {"pts": "Scrap"}) == SMALL_TEXT
    assert bs_roster_from_bytes(SMALL_TEXT.encode(), "list.toml")[0] == SMALL


def test_a_saved_roster_opens_again(tmp_path: Path) -> None:
    path = tmp_path / "hogs.toml"
    for saved in (SMALL, BsRosterFile("scrap-derby", EXPECTED)):
        write_bs_roster(path, saved, replace=True)
        assert read_bs_roster(path)[0] == saved
    assert sorted(p.name for p in tmp_path.iterdir()) == ["hogs.toml"]  # no temporary file


def test_a_problem_in_the_second_force_is_told_at_its_line() -> None:
    """Lines are counted in each force's own selections: the van is the second force's
    first selection (``forces[2].selections[1]``), its number on line 50 of the text
    (after the van's name on line 49)."""
    broken = SMALL_TEXT.replace('name = "Van"', 'name = "Van"\nnumber = 0')
    with pytest.raises(RosterError) as caught:
        bs_roster_from_bytes(broken.encode(), "list.toml")
    assert str(caught.value) == (
        "list.toml is not a valid roster\n"
        "  list.toml:50: forces[2].selections[1].number: must be a number from 1 to "
        "1000000, got 0"
    )


def test_every_problem_of_a_file_is_told_in_reading_order() -> None:
    broken = (
        SMALL_TEXT.replace(
            'type = "unit"\n\n[[forces.selections.selections]]',
            'type = "tank"\n\n[[forces.selections.selections]]',
        )
        .replace("number = 2", "numbr = 2")
        .replace("value = 50", "value = -3")
    )
    with pytest.raises(RosterError) as caught:
        bs_roster_from_bytes(broken.encode(), "list.toml")
    assert [(p.line, p.message) for p in caught.value.problems] == [
        (11, "must be a number from -1 to 1000000000, got -3"),
        (26, "expected 'unit', 'model' or 'upgrade', got 'tank'"),
        (32, "unknown key"),
    ]


def test_a_roster_of_warbands_own_catalogs_is_sent_the_right_way() -> None:
    text = 'format = "warband.roster/1"\nsystem = "punkapocalyptic"\n'
    with pytest.raises(RosterError) as caught:
        bs_roster_from_bytes(text.encode(), "list.toml")
    assert str(caught.value) == (
        "list.toml is not a roster of a BattleScribe game system\n"
        "  list.toml:1: format: 'warband.roster/1' is not a BattleScribe roster format; it "
        "is a roster of one of warband's own catalogs; open it as such"
    )


def test_broken_toml_is_told_with_line_and_column() -> None:
    with pytest.raises(RosterError) as caught:
        bs_roster_from_bytes(b'format = "warband.bsroster/1"\nname = "Hogs\n', "list.toml")
    (problem,) = caught.value.problems
    assert (problem.line, problem.message) == (2, "the string is not closed on this line")


def test_an_unreadable_file_is_told(tmp_path: Path) -> None:
    with pytest.raises(RosterError) as caught:
        read_bs_roster(tmp_path / "missing.toml")
    assert caught.value.problems[0].message == "no such file"
    with pytest.raises(RosterError) as caught:
        read_bs_roster(tmp_path)
    assert caught.value.problems[0].message == "that is a folder"


def test_an_existing_file_is_replaced_only_when_asked(tmp_path: Path) -> None:
    path = tmp_path / "hogs.toml"
    path.write_text("mine")
    with pytest.raises(SaveError) as caught:
        write_bs_roster(path, SMALL)
    assert caught.value.problems[0].message == "the file exists and was not overwritten"
    assert path.read_text() == "mine"
    write_bs_roster(path, SMALL, replace=True)
    assert read_bs_roster(path)[0] == SMALL


def test_a_roster_too_large_to_open_again_is_not_saved(tmp_path: Path) -> None:
    """30 notes of 100,000 characters make 3 MB, past the 2 MB a roster file may have:
    saved, it would not open, so it is refused and nothing is written."""
    note = "x" * 100_000
    selections = tuple(Selection(f"s{n}", "e", "E", note=note) for n in range(30))
    big = BsRosterFile(
        "s", BsRoster("r", "n", "g", forces=(Force("f", "fe", "c", "F", selections=selections),))
    )
    path = tmp_path / "big.toml"
    with pytest.raises(SaveError) as caught:
        write_bs_roster(path, big)
    assert caught.value.problems[0].message.startswith("the roster would be 3,00")
    assert not path.exists()


def test_escaped_control_characters_never_reach_a_terminal() -> None:
    text = SMALL_TEXT.replace('name = "Road Hogs"', 'name = "Road\\u001b[2JHogs"')
    saved, _ = bs_roster_from_bytes(text.encode(), "list.toml")
    assert saved.roster.name == "Road[2JHogs"


# -- any roster ------------------------------------------------------------------------------

texts = st.text(max_size=30).map(terminal_safe)
ids = st.text("abcdef0123456789-:", min_size=1, max_size=12)


def selections(depth: int) -> st.SearchStrategy[tuple[Selection, ...]]:
    inner = st.just(()) if depth == 0 else selections(depth - 1)
    one = st.builds(
        Selection,
        id=st.just(""),  # made unique below
        entry_id=ids,
        name=texts,
        number=st.integers(1, 1_000_000),
        entry_group_id=st.none() | ids,
        type=st.sampled_from(["unit", "model", "upgrade"]),
        custom_name=texts,
        note=texts,
        selections=inner,
    )
    return st.lists(one, max_size=3).map(tuple)


def numbered(roster: BsRoster) -> BsRoster:
    """Every force and selection given its own id, in order."""
    count = iter(range(10**6))

    def sel(s: Selection) -> Selection:
        return replace(s, id=f"s{next(count)}", selections=tuple(map(sel, s.selections)))

    def frc(f: Force) -> Force:
        return replace(
            f,
            id=f"f{next(count)}",
            selections=tuple(map(sel, f.selections)),
            forces=tuple(map(frc, f.forces)),
        )

    return replace(roster, forces=tuple(map(frc, roster.forces)))


forces = st.builds(
    Force,
    id=st.just(""),
    entry_id=ids,
    catalogue_id=ids,
    name=texts,
    catalogue_name=texts,
    custom_name=texts,
    note=texts,
    selections=selections(3),
    custom_categories=st.lists(
        st.builds(CustomCategory, entry_id=ids, custom_name=texts, note=texts).filter(
            lambda c: bool(c.custom_name or c.note)
        ),
        max_size=3,
        unique_by=lambda c: c.entry_id,
    ).map(tuple),
    forces=st.lists(
        st.builds(
            Force,
            id=st.just(""),
            entry_id=ids,
            catalogue_id=ids,
            name=texts,
            selections=selections(1),
        ),
        max_size=2,
    ).map(tuple),
)
rosters = st.builds(
    BsRoster,
    id=ids,
    name=texts.filter(bool),
    game_system_id=ids,
    game_system_name=texts,
    game_system_revision=st.integers(0, 10**9),
    cost_limits=st.lists(
        st.builds(CostLimit, type_id=ids, value=st.just(-1.0) | st.floats(0, 1e9)),
        max_size=3,
        unique_by=lambda c: c.type_id,
    ).map(tuple),
    forces=st.lists(forces, max_size=2).map(tuple),
    custom_notes=texts,
).map(numbered)


@settings(max_examples=150)
@given(rosters)
def test_any_roster_reads_back_the_same_from_its_file(roster: BsRoster) -> None:
    """Texts with any characters a terminal may show (quotes, backslashes, line breaks,
    ``\"\"\"``), decimals of any size, nesting, empty names: all come back exact."""
    saved = BsRosterFile("scrap-derby", roster)
    text = bs_roster_to_toml(saved)
    assert bs_roster_from_bytes(text.encode(), "any.toml")[0] == saved
