"""Roster files: what is saved reads back the same, and looks like a hand-written list.

DESIGN §4 shows a roster a person could write by hand; the saved file must look
like it (header keys, one ``[[units]]`` block per entry, items as a one-line
table) so that it stays readable and diff-friendly. ``warband new`` starts such a
file and never overwrites one by accident.
"""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any

import pytest

from model.core.base import FrozenMap
from model.core.kept import KeptByIdentity
from model.core.problems import RosterError
from model.roster.roster import Roster, RosterUnit
from saves.roster_file import read_roster, roster_from_bytes, roster_to_toml, write_roster
from tui.cli import main

RUST_RATS = Roster(
    system="punkapocalyptic",
    faction="gangers",
    name="Rust Rats",
    points_limit=500,
    units=(
        RosterUnit(
            unit="chief",
            name="Big Joe",
            items=FrozenMap({"rifle": 1, "bullet": 2, "metallic-armor": 1}),
        ),
        RosterUnit(unit="addler", models=5),
    ),
)

DESIGN_EXAMPLE = """\
format = "warband.roster/1"
system = "punkapocalyptic"
faction = "gangers"
name = "Rust Rats"
points_limit = 500

[[units]]
unit = "chief"
name = "Big Joe"
items = { rifle = 1, bullet = 2, metallic-armor = 1 }

[[units]]
unit = "addler"
models = 5
"""


def round_trip(roster: Roster, folder: Path) -> Roster:
    path = folder / "list.toml"
    write_roster(path, roster)
    back, _ = read_roster(path)
    return back


def test_saved_text_looks_like_the_design_example() -> None:
    assert roster_to_toml(RUST_RATS) == DESIGN_EXAMPLE


def test_the_hand_written_design_example_reads(tmp_path: Path) -> None:
    """The example as DESIGN §4 writes it, with comments and a quoted key, is the same list."""
    path = tmp_path / "hand.toml"
    path.write_text(
        DESIGN_EXAMPLE.replace('unit = "chief"', 'unit = "chief"    # unit id from the faction')
        .replace("metallic-armor = 1", '"metallic-armor" = 1')
        .replace("models = 5", "models = 5         # miniatures in this entry"),
        encoding="utf-8",
    )
    assert read_roster(path)[0] == RUST_RATS


@pytest.mark.parametrize(
    "name",
    [
        'The "Rust" Rats',
        "It's Joe's",
        "Los Ratones de Óxido ☢",
        "Ржавые крысы",
        "錆びたネズミ",
        "back\\slash and 'single' \"double\"",
        "tab\there",
        "emoji 🐀🔥",
        "''' and \"\"\"",
        "# not a comment",
        "[[units]]",
        "a = 1",
    ],
)
def test_names_round_trip(tmp_path: Path, name: str) -> None:
    roster = RUST_RATS.model_copy(update={"name": name}).replace_unit(
        0, RUST_RATS.units[0].model_copy(update={"name": name})
    )
    assert round_trip(roster, tmp_path) == roster


def test_notes_with_newlines_round_trip(tmp_path: Path) -> None:
    notes = 'Line one.\nLine "two" with quotes.\n\n\tIndented\r\nWindows line\n'
    roster = RUST_RATS.model_copy(update={"notes": notes}).replace_unit(
        1, RUST_RATS.units[1].model_copy(update={"notes": notes})
    )
    back = round_trip(roster, tmp_path)
    # a carriage return is dropped on reading, as every control character is (alone it
    # lets a note overwrite its own line on a terminal): a Windows line end reads as \n
    kept = notes.replace("\r", "")
    assert back == roster.model_copy(update={"notes": kept}).replace_unit(
        1, roster.units[1].model_copy(update={"notes": kept})
    )
    assert back.notes == kept


def test_empty_notes_are_kept(tmp_path: Path) -> None:
    """An empty note is not the same as no note. History: it used to be dropped on save."""
    roster = RUST_RATS.model_copy(update={"notes": ""})
    assert round_trip(roster, tmp_path).notes == ""


def test_item_ids_that_look_like_other_toml_round_trip(tmp_path: Path) -> None:
    """Ids are kebab-case, but some read like numbers, booleans or dates to a TOML eye."""
    items = {"true": 1, "inf": 2, "nan": 3, "1234": 4, "2-handed": 5, "1979-05-27": 6, "e": 7}
    roster = RUST_RATS.replace_unit(0, RosterUnit(unit="chief", items=FrozenMap(items)))
    back = round_trip(roster, tmp_path)
    assert back == roster
    assert list(back.units[0].items) == list(items)  # the order is kept too


def test_many_units_round_trip(tmp_path: Path) -> None:
    units = tuple(
        RosterUnit(
            unit=f"unit-{n % 7}",
            name=f"Trooper {n}" if n % 3 else None,
            models=1 + n % 2,  # 750 models in all: within a list's 1000
            items=FrozenMap({f"item-{k}": 1 + k for k in range(n % 4)}),
        )
        for n in range(500)
    )
    roster = RUST_RATS.model_copy(update={"units": units})
    back = round_trip(roster, tmp_path)
    assert back == roster
    assert (tmp_path / "list.toml").read_text(encoding="utf-8").count("\n[[units]]\n") == 500


def test_each_entry_is_one_block_and_items_one_line() -> None:
    text = roster_to_toml(RUST_RATS)
    blocks = text.split("\n[[units]]\n")
    assert len(blocks) == 1 + len(RUST_RATS.units)
    items = [line for line in text.splitlines() if line.startswith("items")]
    assert items == ["items = { rifle = 1, bullet = 2, metallic-armor = 1 }"]
    assert "models" not in blocks[1]  # the default of one model is not written


def test_a_list_one_edit_apart_is_written_as_from_nothing() -> None:
    """An edit's list shares the last one's entries but one: the blocks kept of the last
    list (by each entry's identity) never stand in for an entry that changed, moved or
    went, and the text is the one written with nothing kept."""
    import saves.roster_file as writing

    first = RUST_RATS.model_copy(
        update={"units": tuple(RosterUnit(unit="rat", name=f"Rat {n}") for n in range(6))}
    )
    edits = [
        first.replace_unit(2, RosterUnit(unit="rat", name="Rat 2", models=3)),
        first.model_copy(update={"units": first.units[:3] + first.units[4:]}),
        first.model_copy(update={"units": first.units[1:] + first.units[:1]}),
        first,
    ]
    roster_to_toml(first)
    for roster in edits:
        text = roster_to_toml(roster)
        kept = writing._BLOCKS
        writing._BLOCKS = KeptByIdentity()  # nothing kept: every block written afresh
        assert text == roster_to_toml(roster)
        writing._BLOCKS = kept
        assert roster_from_bytes(text.encode(), "list.toml")[0] == roster


def test_saving_replaces_the_file_and_leaves_nothing_else(tmp_path: Path) -> None:
    path = tmp_path / "list.toml"
    write_roster(path, RUST_RATS)
    write_roster(path, RUST_RATS.model_copy(update={"name": "Renamed"}))
    assert read_roster(path)[0].name == "Renamed"
    assert [p.name for p in tmp_path.iterdir()] == ["list.toml"]


# --- warband new ---------------------------------------------------------------------------------


def run(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = main(list(argv), out=out, err=err)
    return code, out.getvalue(), err.getvalue()


def test_new_writes_a_list_validate_accepts(tmp_path: Path) -> None:
    path = tmp_path / "new.toml"
    code, out, err = run(
        "new", "punkapocalyptic", "gangers", "--name", 'The "New" Rats', "-o", str(path)
    )
    assert (code, err) == (0, "")
    assert out == f"wrote {path}: an empty Gangers list of 500 points\n"
    assert path.read_text(encoding="utf-8") == (
        'format = "warband.roster/1"\nsystem = "punkapocalyptic"\nfaction = "gangers"\n'
        'name = "The \\"New\\" Rats"\npoints_limit = 500\n'
    )
    code, out, err = run("validate", str(path))
    assert (code, err) == (0, "")
    assert "valid" in out


def test_new_refuses_to_overwrite_without_force(tmp_path: Path) -> None:
    path = tmp_path / "mine.toml"
    path.write_bytes(b"my precious list\n")
    code, out, err = run("new", "punkapocalyptic", "gangers", "-o", str(path))
    assert (code, out) == (2, "")
    assert err == (
        f"{path} already exists\n  {path}: not overwritten; pass --force to replace it\n"
    )
    assert path.read_bytes() == b"my precious list\n"

    code, _, err = run("new", "punkapocalyptic", "gangers", "--points", "350", "-o", str(path))
    assert code == 2
    assert path.read_bytes() == b"my precious list\n"

    code, _, err = run("new", "punkapocalyptic", "gangers", "--force", "-o", str(path))
    assert (code, err) == (0, "")
    assert read_roster(path)[0].faction == "gangers"


def test_new_into_a_folder_is_a_clear_error(tmp_path: Path) -> None:
    code, out, err = run("new", "punkapocalyptic", "gangers", "--force", "-o", str(tmp_path))
    assert (code, out) == (2, "")
    assert err == f"could not save {tmp_path}\n  {tmp_path}: that is a folder; give a file name\n"


def test_new_with_an_unknown_faction(tmp_path: Path) -> None:
    path = tmp_path / "new.toml"
    code, out, err = run("new", "punkapocalyptic", "ganger", "-o", str(path))
    assert (code, out) == (2, "")
    assert "did you mean 'gangers'?" in err
    assert not path.exists()


def test_an_older_format_is_migrated_step_by_step(monkeypatch: pytest.MonkeyPatch) -> None:
    """The upgrade path: with a (pretend) version 2 current, a version-1 file still loads
    through its migration, and a version-0 file with no migration is refused clearly."""
    from saves import roster_file

    def rename_title(doc: dict[str, Any]) -> dict[str, Any]:
        return {**doc, "name": doc["name"] + " (migrated)"}

    monkeypatch.setattr(roster_file, "CURRENT_VERSION", 2)
    monkeypatch.setattr(roster_file, "MIGRATIONS", {1: rename_title})
    text = b'format = "warband.roster/1"\nsystem = "punkapocalyptic"\nfaction = "gangers"\n'
    text += b'name = "Old"\npoints_limit = 500\n'
    roster, _ = roster_file.roster_from_bytes(text, "old.toml")
    assert roster.name == "Old (migrated)"
    with pytest.raises(RosterError) as caught:
        roster_file.roster_from_bytes(text.replace(b"roster/1", b"roster/0"), "older.toml")
    assert "cannot be upgraded" in str(caught.value)
