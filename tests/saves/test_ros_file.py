"""Import and export of BattleScribe roster files (``.ros``, ``.rosz``): a round trip
keeps the roster, and a hostile file is refused with a reason, never a traceback."""

from __future__ import annotations

import io
import zipfile
from pathlib import Path

import pytest
from hypothesis import assume, given, settings

from model.bsdata.data import Cost
from model.bsdata.ros_content import RosContent
from model.bsdata.roster import BsRoster
from model.core.problems import RosterError, SaveError
from model.parse.xml_guard import MAX_XML_BYTES
from saves.ros_file import read_ros_file, ros_file_bytes, ros_from_bytes, write_ros_file
from tests.model.bsdata.test_ros_read import EXPECTED, SCRAP_DERBY
from tests.saves.test_bs_roster_file import rosters


def zipped(*members: tuple[str, bytes]) -> bytes:
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, data in members:
            archive.writestr(name, data)
    return out.getvalue()


def refusal(data: bytes) -> str:
    with pytest.raises(RosterError) as caught:
        ros_from_bytes(data, "list.ros")
    (problem,) = caught.value.problems
    assert problem.file == "list.ros"
    return problem.message


def test_a_battlescribe_roster_file_imports() -> None:
    assert read_ros_file(SCRAP_DERBY) == EXPECTED


@pytest.mark.parametrize("suffix", [".ros", ".rosz"])
def test_an_exported_roster_imports_back_the_same(tmp_path: Path, suffix: str) -> None:
    """``export --format ros|rosz`` then ``import``: the identical roster. A ``.rosz`` is a
    zip of one ``.ros`` named after the file."""
    path = tmp_path / f"rust-and-ruin{suffix}"
    totals = (Cost("c0a1-scrap", 47.0),)
    write_ros_file(
        path, EXPECTED, content=RosContent(cost_names={"c0a1-scrap": "Scrap"}, totals=totals)
    )
    assert read_ros_file(path) == EXPECTED
    if suffix == ".rosz":
        with zipfile.ZipFile(path) as archive:
            assert archive.namelist() == ["rust-and-ruin.ros"]
            xml = archive.read("rust-and-ruin.ros")
    else:
        xml = path.read_bytes()
    assert xml.startswith(b'<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<roster ')
    assert b'<cost name="Scrap" typeId="c0a1-scrap" value="47.0" />' in xml


def test_a_zipped_roster_is_known_by_its_bytes_not_its_name() -> None:
    """A ``.rosz`` saved as ``.ros`` (mail programs rename attachments) still opens."""
    data = ros_file_bytes(EXPECTED, zipped=True)
    assert data.startswith(b"PK")
    assert ros_from_bytes(data, "renamed.ros") == EXPECTED


def test_an_existing_file_is_replaced_only_when_asked(tmp_path: Path) -> None:
    path = tmp_path / "list.ros"
    path.write_text("mine")
    with pytest.raises(SaveError):
        write_ros_file(path, EXPECTED)
    assert path.read_text() == "mine"
    write_ros_file(path, EXPECTED, replace=True)
    assert read_ros_file(path) == EXPECTED


def test_a_broken_roster_tells_every_problem() -> None:
    data = SCRAP_DERBY.read_bytes().replace(b'number="2"', b'number="two"')
    data = data.replace(b'type="model"/>', b'type="crew"/>')
    with pytest.raises(RosterError) as caught:
        ros_from_bytes(data, "list.ros")
    assert str(caught.value) == (
        "list.ros is not a BattleScribe roster warband can read\n"
        '  list.ros: roster/force "Crew Roster"/selection "War Rig"/selection "Harpoon": '
        'number is "two", not a number from 1 to 1,000,000\n'
        '  list.ros: roster/force "Crew Roster"/force "Pit Crew"/selection "Mechanic": '
        'type is "crew"; a selection\'s type is unit, model or upgrade'
    )


def test_entities_are_refused_before_parsing() -> None:
    """The "billion laughs": ten entities of ten each would expand to 10**9 "lol"s."""
    laughs = '<!ENTITY lol "lol">' + "".join(
        f'<!ENTITY lol{n} "{("&lol" + str(n - 1) + ";") * 10 if n > 1 else "&lol;" * 10}">'
        for n in range(1, 10)
    )
    bomb = f'<?xml version="1.0"?>\n<!DOCTYPE roster [{laughs}]>\n<roster>&lol9;</roster>'
    assert refusal(bomb.encode()).startswith("it declares a DTD or an entity")


def test_an_external_entity_is_refused() -> None:
    xml = b'<!DOCTYPE r [<!ENTITY x SYSTEM "file:///etc/passwd">]><roster name="&x;"/>'
    assert refusal(xml).startswith("it declares a DTD or an entity")


def test_a_zip_bomb_is_refused_after_the_cap() -> None:
    """41 MB of spaces deflate to some 40 KB: inflating stops past the 40 MB cap."""
    bomb = zipped(("list.ros", b" " * (MAX_XML_BYTES + 1_000_000)))
    assert len(bomb) < 200_000
    assert refusal(bomb) == f"it inflates to over {MAX_XML_BYTES:,} bytes, the most warband reads"


def test_a_zip_of_two_files_is_refused() -> None:
    data = zipped(("a.ros", b"<roster/>"), ("b.ros", b"<roster/>"))
    assert refusal(data) == "a zipped BattleScribe file holds one file; this one holds 2"


def test_elements_nested_past_the_cap_are_refused() -> None:
    deep = b"<roster>" + b"<a>" * 500 + b"</a>" * 500 + b"</roster>"
    assert refusal(deep) == "elements nest over 400 deep, deeper than any real file"


def test_text_that_is_not_xml_is_refused_with_its_line() -> None:
    with pytest.raises(RosterError) as caught:
        ros_from_bytes(b"<roster>\n<forces>\n</roster>", "list.ros")
    (problem,) = caught.value.problems
    assert (problem.line, problem.message) == (3, "not well-formed XML (mismatched tag)")


def test_a_missing_file_is_told(tmp_path: Path) -> None:
    with pytest.raises(RosterError) as caught:
        read_ros_file(tmp_path / "none.ros")
    assert caught.value.problems[0].message == "no such file"


@settings(max_examples=150)
@given(rosters)
def test_any_roster_imports_back_the_same_from_its_export(roster: BsRoster) -> None:
    """``read(write(r)) == r`` for any roster: texts with quotes, ``&``, ``<``, tabs and
    line breaks (in attributes too, where XML would fold them into spaces unless
    escaped), decimals of any size, nested forces and selections. Only U+FFFE and
    U+FFFF, which XML cannot hold at all, are left out of the texts tried."""
    assume("\\ufffe" not in repr(roster) and "\\uffff" not in repr(roster))
    data = ros_file_bytes(roster, zipped=False)
    assert ros_from_bytes(data, "any.ros") == roster
