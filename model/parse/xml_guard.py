"""XML from strangers, parsed safely: no DTD, no entities, under size and depth caps.

BattleScribe files (``.gst``, ``.cat``, ``.ros`` and their zipped ``z`` forms) come from
the internet. XML can ask a parser to expand entities a billion times (the "billion
laughs"), to read a file or a URL (external entities), or nest a million elements deep.
BSData files need none of it: they never declare a DTD. So a document that declares
one is refused before it is parsed, and the standard library's C parser (fast: a 3 MB
catalogue in well under a second) reads the rest; the element tree is then walked once
for its depth and size, iteratively, before any code of ours recurses into it.

BattleScribe writes UTF-8. A document declaring another encoding is read when the
parser can (Latin-1, Windows-1252: one byte a character), and refused by name when it
cannot: pyexpat raises ``LookupError`` for a name Python does not know (``"foo"``) and
``ValueError`` for a multi-byte one (Shift-JIS, GBK, Big5, UTF-7, UTF-32), which are
not syntax errors and would otherwise escape as a bug.

A zipped file is one XML file in a zip archive; it is inflated with a cap, so a small
archive that inflates to gigabytes is refused after ``MAX_XML_BYTES``. ``zipfile``
raises many kinds of exception on a damaged archive (``EOFError`` for a member shorter
than its header says, ``RuntimeError`` for an encrypted one, ``LZMAError``,
``IndexError`` and ``NotImplementedError`` on garbled headers); each is a reason the
file cannot be read, never a bug, so each becomes a refusal. An LZMA member is refused
unread: its header names the dictionary the decompressor allocates before a byte comes
out, up to 4 GB (BattleScribe zips with deflate).
"""

from __future__ import annotations

import codecs
import io
import re
import struct
import zlib
from xml.etree import ElementTree
from xml.parsers import expat

from model.core.value import frozen_value

MAX_XML_BYTES = 40_000_000
"""The largest XML document read (the biggest BSData catalogues are about 10 MB)."""

MAX_DEPTH = 400
"""The deepest element nesting read (real catalogues nest entries about 40 deep)."""

MAX_ELEMENTS = 600_000
"""The most elements in one document (a 10 MB catalogue has about 150,000). Counted
before parsing as an upper bound (every element starts with ``<``), so a file of
millions of tiny elements never becomes millions of objects in memory."""

_DTD = re.compile(rb"<!(DOCTYPE|ENTITY)", re.IGNORECASE)

_DECLARED = re.compile(
    rb"""\A(?:\xef\xbb\xbf)?<\?xml[^>]{0,200}?encoding\s*=\s*["']([^"'>]{0,200})"""
)
"""The encoding an XML declaration names (it is the first thing in a document)."""

_ENCODING_NAME = re.compile(r"[A-Za-z][A-Za-z0-9._-]{0,39}")
"""An encoding name as XML spells one, at most 40 characters: all of a name that is
echoed back in a message (a file's own text, so nothing else of it is)."""

_INCORRECT_ENCODING = expat.errors.codes[expat.errors.XML_ERROR_INCORRECT_ENCODING]
"""expat's code for a declared encoding its bytes do not match."""


def _unzip_errors() -> tuple[type[Exception], ...]:
    """What ``zipfile`` raises on a damaged archive, found by fuzzing it
    (``tests/model/bsdata/test_xml_guard.py``). ``zipfile`` and ``lzma`` are imported
    here, by the first archive read: a game of plain XML files, read from the cache
    by ``warband validate``, never needs them."""
    import lzma
    import zipfile

    return (
        zipfile.BadZipFile,
        OSError,
        ValueError,
        IndexError,
        struct.error,
        NotImplementedError,
        RuntimeError,
        zlib.error,
        lzma.LZMAError,
    )


@frozen_value
class XmlRefused:
    """Why a document was not read: a message a person can act on, and a line if known."""

    message: str
    line: int | None = None


def unzip_one(data: bytes, limit: int = MAX_XML_BYTES) -> bytes | XmlRefused:
    """The one file inside a ``.catz``/``.gstz``/``.rosz`` archive, inflated under ``limit``."""
    import zipfile

    errors = _unzip_errors()
    try:
        archive = zipfile.ZipFile(io.BytesIO(data))
        members = [m for m in archive.infolist() if not m.is_dir()]
    except EOFError:
        return XmlRefused(_CUT_SHORT)
    except errors as exc:
        return XmlRefused(f"not a zip archive ({_said(exc)})")
    if len(members) != 1:
        return XmlRefused(
            f"a zipped BattleScribe file holds one file; this one holds {len(members)}"
        )
    if members[0].flag_bits & 0x1:
        return XmlRefused(
            "the zip archive is encrypted, and warband asks for no password: "
            "zip the file again without one"
        )
    if members[0].compress_type == zipfile.ZIP_LZMA:
        return XmlRefused(
            "the zip archive is compressed with LZMA, which warband does not read: "
            "zip the file again with the usual compression (deflate)"
        )
    try:
        with archive.open(members[0]) as stream:
            out = stream.read(limit + 1)
    except EOFError:
        return XmlRefused(_CUT_SHORT)
    except errors as exc:
        return XmlRefused(f"the zip archive is damaged ({_said(exc)})")
    if len(out) > limit:
        return XmlRefused(f"it inflates to over {limit:,} bytes, the most warband reads")
    return out


_CUT_SHORT = "the zip archive is cut short: its file ends before the size its header gives"


def _said(exc: BaseException) -> str:
    """An exception's own words for a message, kept short (they may quote a member's
    name, which comes from the file): its first 120 characters, or its type's name."""
    text = " ".join(str(exc).split())
    if not text:
        return type(exc).__name__
    return text if len(text) <= 120 else text[:119] + "…"


def refused_unparsed(data: bytes) -> XmlRefused | None:
    """Why the bytes of a document (or its first bytes) are refused before any parser
    sees them: UTF-16 or NULs, or a DTD or an entity declared. Shared by the whole
    document's reader here and the root's reader (``model.parse.xml_head``)."""
    head = data[:4]
    if head.startswith((b"\xff\xfe", b"\xfe\xff")) or b"\x00" in head:
        return XmlRefused("it is not UTF-8 text (BattleScribe files are UTF-8)")
    found = _DTD.search(data)
    if found is None:
        return None
    return XmlRefused(
        "it declares a DTD or an entity, which BattleScribe files never do "
        "(refused: entities can expand without end or read other files)",
        data.count(b"\n", 0, found.start()) + 1,
    )


def parse_xml(data: bytes, limit: int = MAX_XML_BYTES) -> ElementTree.Element | XmlRefused:
    """The root element of ``data``, or why it was refused (never an exception)."""
    if len(data) > limit:
        return XmlRefused(f"it is over {limit:,} bytes, the most warband reads")
    refused = refused_unparsed(data)
    if refused is not None:
        return refused
    if data.count(b"<") > MAX_ELEMENTS:
        return XmlRefused(f"it has over {MAX_ELEMENTS:,} elements, the most warband reads")
    contradicted = _contradicted(data)
    if contradicted is not None:
        return contradicted
    # expat knows UTF-8 by that spelling only, and would read a file declared "UTF8"
    # one byte at a time, refusing its first accent: such a file is read as UTF-8
    utf_8 = ElementTree.XMLParser(encoding="utf-8") if _utf_8(_declared_name(data)) else None
    try:
        root = ElementTree.fromstring(data, parser=utf_8)
    except LookupError:  # pyexpat looked the declared encoding up: Python has no such codec
        return XmlRefused(_declared(data, "which warband does not know"), 1)
    except ValueError:  # pyexpat reads one-byte encodings only ("multi-byte ... not supported")
        return XmlRefused(_declared(data, "which warband cannot read"), 1)
    except ElementTree.ParseError as exc:
        line = exc.position[0] if exc.position else None
        if exc.code == _INCORRECT_ENCODING:  # declared UTF-16 say, and written in bytes
            return XmlRefused(_declared(data, "but is not written in it"), 1)
        try:  # only when it failed: is it the encoding? (Latin-1 saved as a .cat)
            data.decode("utf-8")
        except UnicodeDecodeError as bad:
            line = data.count(b"\n", 0, bad.start) + 1
            return XmlRefused("it is not UTF-8 text (BattleScribe files are UTF-8)", line)
        return XmlRefused(f"not well-formed XML ({_reason(exc)})", line)
    return _checked(root)


def _declared_name(data: bytes) -> str | None:
    """The encoding a document's declaration names, if it reads as an encoding name."""
    found = _DECLARED.match(data)
    name = _ENCODING_NAME.fullmatch(found.group(1).decode("latin-1").strip()) if found else None
    return name.group() if name else None


def _declared(data: bytes, why: str) -> str:
    """Why a document's declared encoding was refused, naming it when it reads as a name."""
    name = _declared_name(data)
    named = f'the encoding "{name}"' if name else "an encoding"
    return f"it declares {named}, {why} (BattleScribe files are UTF-8: save it as UTF-8)"


def _utf_8(name: str | None) -> bool:
    """Whether ``name`` is a name of UTF-8 (``UTF8``, ``utf_8``, ``U8``)."""
    try:
        return name is not None and codecs.lookup(name).name == "utf-8"
    except LookupError:
        return False


def _contradicted(data: bytes) -> XmlRefused | None:
    """A document that starts with UTF-8's byte order mark but declares another encoding.

    expat believes the declaration, so a UTF-8 file declared Latin-1 would be read with
    every accented name garbled ("Légion" as "LÃ©gion"); which of the two is wrong
    cannot be known, so it is refused rather than guessed."""
    if not data.startswith(codecs.BOM_UTF8) or _DECLARED.match(data) is None:
        return None
    if _utf_8(_declared_name(data)):
        return None
    return XmlRefused(
        _declared(
            data, "but starts with the byte order mark of UTF-8: which is right cannot be known"
        ),
        1,
    )


def _reason(exc: ElementTree.ParseError) -> str:
    """expat's reason without its own place (the problem gives the line)."""
    return str(exc).split(": line ")[0]


def _checked(root: ElementTree.Element) -> ElementTree.Element | XmlRefused:
    """The root again if its elements nest no deeper than ``MAX_DEPTH``: walked a level
    at a time (each level one list comprehension, not a Python step per element: a
    quarter of the time of parsing a big catalogue went to this walk), never deeper
    than ``MAX_DEPTH`` levels."""
    level = [root]
    depth = 1
    while level:
        if depth > MAX_DEPTH:
            return XmlRefused(f"elements nest over {MAX_DEPTH} deep, deeper than any real file")
        level = [child for element in level for child in element]
        depth += 1
    return root


def local_name(tag: str) -> str:
    """An element's name without its namespace: ``{http://...}selectionEntry`` ->
    ``selectionEntry``."""
    return tag.rpartition("}")[2]
