"""XML from strangers (``model.parse.xml_guard``): every hostile shape refused with a
message a person can act on, never an exception, in bounded time and memory.

Each shape is parsed in-process for its message, and again in a fresh interpreter
under a 300 MB address-space limit and a 20 s timeout, written as a ``.cat`` beside a
valid game system and loaded the way ``warband catalogs --check`` loads a folder, so
the problem names the file. The limit and the timeout catch a blow-up (an entity
expanded, a file read whole, a recursion); each shape takes well under a second.
"""

from __future__ import annotations

import io
import subprocess
import sys
import zipfile
from collections.abc import Callable
from pathlib import Path

import pytest

from model.bsdata.read import read_catalogue
from model.parse.xml_guard import (
    MAX_DEPTH,
    MAX_ELEMENTS,
    MAX_XML_BYTES,
    XmlRefused,
    parse_xml,
    unzip_one,
)

ROOT = Path(__file__).resolve().parents[3]
CAT_HEAD = b'<?xml version="1.0" encoding="UTF-8"?>\n'
GOOD_CAT = CAT_HEAD + b'<catalogue id="c" name="C" gameSystemId="gs"/>'

LAUGHS = (
    CAT_HEAD + b'<!DOCTYPE lolz [<!ENTITY lol "lol">'
    + b"".join(
        f'<!ENTITY lol{n} "{f"&lol{n - 1};" * 10 if n > 1 else "&lol;" * 10}">'.encode()
        for n in range(1, 10)
    )
    + b']>\n<catalogue id="c" name="&lol9;"/>'
)  # fmt: skip
"""The billion laughs: ten to the ninth "lol"s if the entity were expanded."""


def _zip(members: dict[str, bytes | Callable[[zipfile.ZipFile], None]]) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, data in members.items():
            if callable(data):
                data(archive)
            else:
                archive.writestr(name, data)
    return buffer.getvalue()


def _bomb(archive: zipfile.ZipFile) -> None:
    """A member inflating past the cap, written a megabyte at a time (about 40 KB zipped)."""
    chunk = b" " * 2**20
    with archive.open("bomb.cat", "w") as member:
        member.write(GOOD_CAT[:-2] + b">")
        for _ in range(MAX_XML_BYTES // len(chunk) + 1):
            member.write(chunk)


HOSTILE: dict[str, tuple[Callable[[], bytes], str]] = {
    # name: (the file's bytes, the start of the message)
    "billion laughs": (lambda: LAUGHS, "it declares a DTD or an entity"),
    "external entity, a file": (
        lambda: (
            CAT_HEAD
            + b'<!DOCTYPE c [<!ENTITY x SYSTEM "file:///etc/passwd">]><catalogue id="&x;"/>'
        ),
        "it declares a DTD or an entity",
    ),
    "external entity, a URL": (
        lambda: (
            CAT_HEAD
            + b'<!DOCTYPE c [<!ENTITY x SYSTEM "http://example.com/x">]><catalogue id="&x;"/>'
        ),
        "it declares a DTD or an entity",
    ),
    "a file over the cap": (
        lambda: GOOD_CAT[:-2] + b">" + b" " * MAX_XML_BYTES + b"</catalogue>",
        f"it is over {MAX_XML_BYTES:,} bytes",
    ),
    "deep nesting (10^5 levels)": (
        lambda: CAT_HEAD + b"<catalogue>" + b"<a>" * 100_000 + b"</a>" * 100_000 + b"</catalogue>",
        f"elements nest over {MAX_DEPTH} deep",
    ),
    "many tiny elements": (
        lambda: CAT_HEAD + b"<catalogue>" + b"<a/>" * (MAX_ELEMENTS + 1) + b"</catalogue>",
        f"it has over {MAX_ELEMENTS:,} elements",
    ),
    "UTF-16": (
        lambda: '<?xml version="1.0" encoding="UTF-16"?><catalogue/>'.encode("utf-16"),
        "it is not UTF-8 text",
    ),
    "Latin-1 bytes in a UTF-8 file": (
        lambda: CAT_HEAD + '<catalogue id="c" name="Légion"/>'.encode("latin-1"),
        "it is not UTF-8 text (BattleScribe files are UTF-8)",
    ),
    "not XML at all": (lambda: b"PK\x03\x04 garbage", "not well-formed XML"),
}

ZIPPED: dict[str, tuple[Callable[[], bytes], str]] = {
    "a zip bomb": (lambda: _zip({"bomb.cat": _bomb}), f"it inflates to over {MAX_XML_BYTES:,}"),
    "a zip of two files": (
        lambda: _zip({"a.cat": GOOD_CAT, "b.cat": GOOD_CAT}),
        "a zipped BattleScribe file holds one file; this one holds 2",
    ),
    "a zip of nothing": (
        lambda: _zip({}),
        "a zipped BattleScribe file holds one file; this one holds 0",
    ),
    "not a zip": (lambda: b"<catalogue/>", "not a zip archive"),
}


@pytest.mark.parametrize("shape", list(HOSTILE))
def test_hostile_xml_is_refused_with_a_reason(shape: str) -> None:
    make, said = HOSTILE[shape]
    refused = parse_xml(make())
    assert isinstance(refused, XmlRefused)
    assert refused.message.startswith(said), refused.message


@pytest.mark.parametrize("shape", list(ZIPPED))
def test_hostile_zips_are_refused_with_a_reason(shape: str) -> None:
    make, said = ZIPPED[shape]
    refused = unzip_one(make())
    assert isinstance(refused, XmlRefused)
    assert refused.message.startswith(said), refused.message


def test_the_line_of_a_dtd_is_given() -> None:
    refused = parse_xml(LAUGHS)
    assert isinstance(refused, XmlRefused)
    assert refused.line == 2  # the declaration line is 1, the DOCTYPE starts line 2


def test_the_line_of_a_byte_not_utf_8_is_given() -> None:
    refused = parse_xml(CAT_HEAD + b"<catalogue>\n<a/>\n<b name='\xe9'/></catalogue>")
    # line 1 the declaration, 2 <catalogue>, 3 <a/>, 4 the Latin-1 e-acute
    assert refused == XmlRefused("it is not UTF-8 text (BattleScribe files are UTF-8)", 4)


def test_a_zip_of_one_file_is_inflated() -> None:
    assert unzip_one(_zip({"c.cat": GOOD_CAT})) == GOOD_CAT


def test_an_unknown_root_element_is_not_read() -> None:
    root = parse_xml(CAT_HEAD + b"<roster id='r'/>")
    assert not isinstance(root, XmlRefused)
    catalogue, problems = read_catalogue(root, "list.cat")
    assert catalogue is None
    assert [str(p) for p in problems] == [
        "list.cat: the root element is <roster>, not <gameSystem> or <catalogue>; is this a "
        "BattleScribe .gst or .cat file?"
    ]


_RUN = """
import resource, sys
from pathlib import Path
resource.setrlimit(resource.RLIMIT_AS, (300 * 2**20, 300 * 2**20))
from catalogs.bsdata import check_battlescribe
found = check_battlescribe(Path(sys.argv[1]))
for problem in found.unreadable + found.errors:
    print(problem)
"""

GST = b'<gameSystem id="gs" name="Test" revision="1"/>'


@pytest.mark.parametrize("shape", [*HOSTILE, *ZIPPED])
def test_hostile_files_in_a_folder_are_refused_by_name_under_limits(
    shape: str, tmp_path: Path
) -> None:
    zipped = shape in ZIPPED
    make, said = (ZIPPED if zipped else HOSTILE)[shape]
    (tmp_path / "test.gst").write_bytes(GST)
    (tmp_path / ("hostile.catz" if zipped else "hostile.cat")).write_bytes(make())
    done = subprocess.run(
        [sys.executable, "-c", _RUN, str(tmp_path)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=20,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    name = "hostile.catz" if zipped else "hostile.cat"
    lines = done.stdout.splitlines()
    assert len(lines) == 1, lines
    assert lines[0].startswith(name), lines
    assert said in lines[0]


def test_a_10_gb_file_is_never_read_whole(tmp_path: Path) -> None:
    """A sparse 10 GB ``.cat`` (no disk used): refused after reading the cap plus one
    byte, under the same 300 MB limit."""
    (tmp_path / "test.gst").write_bytes(GST)
    with (tmp_path / "huge.cat").open("wb") as stream:
        stream.truncate(10 * 2**30)
    done = subprocess.run(
        [sys.executable, "-c", _RUN, str(tmp_path)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=20,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    assert (
        done.stdout.strip()
        == f"huge.cat: it is over {MAX_XML_BYTES:,} bytes, the most warband reads"
    )
