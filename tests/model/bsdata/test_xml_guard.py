"""XML from strangers (``model.parse.xml_guard``): every hostile shape refused with a
message a person can act on, never an exception, in bounded time and memory.

Each shape is parsed in-process for its message, and again in a fresh interpreter
under a 300 MB address-space limit and a 20 s timeout, written as a ``.cat`` beside a
valid game system and loaded the way ``warband catalogs --check`` loads a folder, so
the problem names the file. The limit and the timeout catch a blow-up (an entity
expanded, a file read whole, a recursion); each shape takes well under a second.
"""

from __future__ import annotations

import codecs
import encodings.aliases
import io
import struct
import subprocess
import sys
import zipfile
from collections.abc import Callable
from pathlib import Path
from xml.etree import ElementTree

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

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


def _declaring(encoding: str) -> bytes:
    return f'<?xml version="1.0" encoding="{encoding}"?>\n'.encode() + GOOD_CAT[len(CAT_HEAD) :]


def _zip(members: dict[str, bytes | Callable[[zipfile.ZipFile], None]]) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, data in members.items():
            if callable(data):
                data(archive)
            else:
                archive.writestr(name, data)
    return buffer.getvalue()


def _zip_as(method: int, data: bytes) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", method) as archive:
        archive.writestr("c.cat", data)
    return buffer.getvalue()


def _central(data: bytes, offset: int, value: bytes, local: int | None = None) -> bytes:
    """``data`` with ``value`` written at ``offset`` of the central directory's (first)
    entry, and at ``local`` of the local header's when given."""
    out = bytearray(data)
    at = out.find(b"PK\x01\x02") + offset
    out[at : at + len(value)] = value
    if local is not None:
        at = out.find(b"PK\x03\x04") + local
        out[at : at + len(value)] = value
    return bytes(out)


def _encrypted(data: bytes) -> bytes:
    """The archive with its member flagged encrypted (bit 0 of the general flags), as a
    password-protected zip is: ``zipfile`` raises ``RuntimeError`` opening it."""
    return _central(data, 8, b"\x01", local=6)


def _cut_short(member: bytes) -> bytes:
    """A stored member whose headers give 1,000 bytes more than it holds: ``zipfile``
    raises ``EOFError`` reading it."""
    size = struct.pack("<I", len(member) + 1000)
    data = _zip_as(zipfile.ZIP_STORED, member)
    for central, local in ((20, 18), (24, 22)):  # compressed and uncompressed sizes
        data = _central(data, central, size, local=local)
    return data


def _garbled(data: bytes) -> bytes:
    """The archive with 32 bytes of its member's compressed data inverted."""
    out = bytearray(data)
    start = out.find(b"PK\x03\x04") + 30 + len("c.cat") + 8
    out[start : start + 32] = bytes(b ^ 0xFF for b in out[start : start + 32])
    return bytes(out)


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
    **{
        f"declared {name}": (
            lambda name=name: _declaring(name),  # type: ignore[misc]
            f'it declares the encoding "{name}", which warband cannot read',
        )
        for name in ("shift_jis", "gbk", "big5", "utf-7", "UTF-32")
    },
    "declared an unknown encoding": (
        lambda: _declaring("foo"),
        'it declares the encoding "foo", which warband does not know',
    ),
    "declared an encoding too long to name": (
        lambda: _declaring("x" * 5000),
        "it declares an encoding, which warband does not know",
    ),
    "declared UTF-16, written in bytes": (
        lambda: _declaring("UTF-16"),
        'it declares the encoding "UTF-16", but is not written in it',
    ),
    "UTF-16 without a byte order mark": (
        lambda: '<?xml version="1.0" encoding="UTF-16"?><catalogue/>'.encode("utf-16-le"),
        "it is not UTF-8 text",
    ),
    "UTF-8's byte order mark, declared Latin-1": (
        lambda: codecs.BOM_UTF8 + _declaring("ISO-8859-1"),
        'it declares the encoding "ISO-8859-1", but starts with the byte order mark of UTF-8',
    ),
    "UTF-8's byte order mark, declared Shift-JIS": (
        lambda: codecs.BOM_UTF8 + _declaring("shift_jis"),
        'it declares the encoding "shift_jis", but starts with the byte order mark of UTF-8',
    ),
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
    "an encrypted zip": (
        lambda: _encrypted(_zip({"c.cat": GOOD_CAT})),
        "the zip archive is encrypted, and warband asks for no password",
    ),
    "a zip's file shorter than its header says": (
        lambda: _cut_short(GOOD_CAT),
        "the zip archive is cut short: its file ends before the size its header gives",
    ),
    "an LZMA zip (its dictionary may be 4 GB)": (
        lambda: _garbled(_zip_as(zipfile.ZIP_LZMA, GOOD_CAT * 50)),
        "the zip archive is compressed with LZMA, which warband does not read",
    ),
    "a damaged deflate zip": (
        lambda: _garbled(_zip({"c.cat": GOOD_CAT * 50})),
        "the zip archive is damaged (Error -3 while decompressing data",
    ),
    "a zip of a newer version": (
        lambda: _central(_zip({"c.cat": GOOD_CAT}), 6, b"\x40"),
        "not a zip archive (zip file version 6.4)",
    ),
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


def test_a_file_declaring_utf_8_by_another_name_is_read_as_utf_8() -> None:
    """expat knows UTF-8 by that spelling only, and read "UTF8" one byte at a time."""
    root = parse_xml(_declaring("UTF8").replace(b'name="C"', 'name="Légion"'.encode()))
    assert not isinstance(root, XmlRefused)
    assert root.get("name") == "Légion"


def test_a_file_declaring_latin_1_is_read_as_latin_1() -> None:
    root = parse_xml(_declaring("ISO-8859-1").replace(b'name="C"', b'name="L\xe9gion"'))
    assert not isinstance(root, XmlRefused)
    assert root.get("name") == "Légion"


# --- fuzzed: nothing but a root or a refusal comes out --------------------------------------

ENCODINGS = sorted({*encodings.aliases.aliases, *encodings.aliases.aliases.values()})
"""Every encoding name Python knows, multi-byte, one-byte and not text (``zlib``) alike."""


@st.composite
def documents(draw: st.DrawFn) -> bytes:
    """A catalogue with a byte order mark or not, declaring any encoding Python knows or
    any text, with a few bytes of it changed."""
    bom = draw(st.sampled_from([b"", codecs.BOM_UTF8, codecs.BOM_UTF16_LE, codecs.BOM_UTF32]))
    name = draw(st.sampled_from(ENCODINGS) | st.text(max_size=12))
    body = 'name="Légion"'.encode(draw(st.sampled_from(["utf-8", "latin-1", "utf-16"])))
    data = bytearray(bom + _declaring_bytes(name) + GOOD_CAT[len(CAT_HEAD) :] + body)
    for at, byte in draw(st.lists(st.tuples(st.integers(0, 10**6), st.integers(0, 255)))):
        data[at % len(data)] = byte
    return bytes(data)


def _declaring_bytes(name: str) -> bytes:
    return b'<?xml version="1.0" encoding="' + name.encode("utf-8", "replace") + b'"?>\n'


@settings(max_examples=400)
@given(st.one_of(documents(), st.binary(max_size=300)))
def test_parse_xml_gives_a_root_or_a_refusal_for_any_bytes(data: bytes) -> None:
    assert isinstance(parse_xml(data), ElementTree.Element | XmlRefused)


@st.composite
def archives(draw: st.DrawFn) -> bytes:
    """A zipped catalogue, stored or compressed any way ``zipfile`` can, flagged encrypted
    or not, with bytes changed, cut or added anywhere."""
    method = draw(st.sampled_from([zipfile.ZIP_STORED, zipfile.ZIP_DEFLATED, zipfile.ZIP_BZIP2]))
    data = bytearray(_zip_as(method, GOOD_CAT * 20))
    if draw(st.booleans()):
        data = bytearray(_encrypted(bytes(data)))
    for at, byte in draw(st.lists(st.tuples(st.integers(0, 10**6), st.integers(0, 255)))):
        data[at % len(data)] = byte
    cut = draw(st.integers(0, len(data)))
    return bytes(data[:cut] + draw(st.binary(max_size=40)) + data[cut:])


@settings(max_examples=400)
@given(archives())
def test_unzip_one_gives_bytes_or_a_refusal_for_any_archive(data: bytes) -> None:
    assert isinstance(unzip_one(data), bytes | XmlRefused)


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
        == f"huge.cat: it is over {MAX_XML_BYTES:,} bytes, the most warband reads; it is "
        "not used"
    )
