"""XML from strangers, parsed safely: no DTD, no entities, under size and depth caps.

BattleScribe files (``.gst``, ``.cat``, ``.ros`` and their zipped ``z`` forms) come from
the internet. XML can ask a parser to expand entities a billion times (the "billion
laughs"), to read a file or a URL (external entities), or nest a million elements deep.
BSData files need none of it: they never declare a DTD. So a document that declares
one is refused before it is parsed, and the standard library's C parser (fast: a 3 MB
catalogue in well under a second) reads the rest; the element tree is then walked once
for its depth and size, iteratively, before any code of ours recurses into it.

A zipped file is one XML file in a zip archive; it is inflated with a cap, so a small
archive that inflates to gigabytes is refused after ``MAX_XML_BYTES``.
"""

from __future__ import annotations

import io
import re
import zipfile
import zlib
from dataclasses import dataclass
from xml.etree import ElementTree

MAX_XML_BYTES = 40_000_000
"""The largest XML document read (the biggest BSData catalogues are about 10 MB)."""

MAX_DEPTH = 400
"""The deepest element nesting read (real catalogues nest entries about 40 deep)."""

MAX_ELEMENTS = 600_000
"""The most elements in one document (a 10 MB catalogue has about 150,000). Counted
before parsing as an upper bound (every element starts with ``<``), so a file of
millions of tiny elements never becomes millions of objects in memory."""

_DTD = re.compile(rb"<!(DOCTYPE|ENTITY)", re.IGNORECASE)


@dataclass(frozen=True, slots=True)
class XmlRefused:
    """Why a document was not read: a message a person can act on, and a line if known."""

    message: str
    line: int | None = None


def unzip_one(data: bytes, limit: int = MAX_XML_BYTES) -> bytes | XmlRefused:
    """The one file inside a ``.catz``/``.gstz``/``.rosz`` archive, inflated under ``limit``."""
    try:
        archive = zipfile.ZipFile(io.BytesIO(data))
        members = [m for m in archive.infolist() if not m.is_dir()]
    except (zipfile.BadZipFile, OSError, ValueError) as exc:
        return XmlRefused(f"not a zip archive ({exc})")
    if len(members) != 1:
        return XmlRefused(
            f"a zipped BattleScribe file holds one file; this one holds {len(members)}"
        )
    try:
        with archive.open(members[0]) as stream:
            out = stream.read(limit + 1)
    except (zipfile.BadZipFile, OSError, ValueError, NotImplementedError, zlib.error) as exc:
        return XmlRefused(f"the zip archive is damaged ({exc})")
    if len(out) > limit:
        return XmlRefused(f"it inflates to over {limit:,} bytes, the most warband reads")
    return out


def parse_xml(data: bytes, limit: int = MAX_XML_BYTES) -> ElementTree.Element | XmlRefused:
    """The root element of ``data``, or why it was refused (never an exception)."""
    if len(data) > limit:
        return XmlRefused(f"it is over {limit:,} bytes, the most warband reads")
    head = data[:4]
    if head.startswith((b"\xff\xfe", b"\xfe\xff")) or b"\x00" in head:
        return XmlRefused("it is not UTF-8 text (BattleScribe files are UTF-8)")
    found = _DTD.search(data)
    if found is not None:
        line = data.count(b"\n", 0, found.start()) + 1
        return XmlRefused(
            "it declares a DTD or an entity, which BattleScribe files never do "
            "(refused: entities can expand without end or read other files)",
            line,
        )
    if data.count(b"<") > MAX_ELEMENTS:
        return XmlRefused(f"it has over {MAX_ELEMENTS:,} elements, the most warband reads")
    try:
        root = ElementTree.fromstring(data)
    except ElementTree.ParseError as exc:
        line = exc.position[0] if exc.position else None
        try:  # only when it failed: is it the encoding? (Latin-1 saved as a .cat)
            data.decode("utf-8")
        except UnicodeDecodeError as bad:
            line = data.count(b"\n", 0, bad.start) + 1
            return XmlRefused("it is not UTF-8 text (BattleScribe files are UTF-8)", line)
        return XmlRefused(f"not well-formed XML ({_reason(exc)})", line)
    return _checked(root)


def _reason(exc: ElementTree.ParseError) -> str:
    """expat's reason without its own place (the problem gives the line)."""
    return str(exc).split(": line ")[0]


def _checked(root: ElementTree.Element) -> ElementTree.Element | XmlRefused:
    """The root again if its elements nest no deeper than ``MAX_DEPTH``."""
    stack: list[tuple[ElementTree.Element, int]] = [(root, 1)]
    while stack:
        element, depth = stack.pop()
        if depth > MAX_DEPTH:
            return XmlRefused(f"elements nest over {MAX_DEPTH} deep, deeper than any real file")
        stack.extend((child, depth + 1) for child in element)
    return root


def local_name(tag: str) -> str:
    """An element's name without its namespace: ``{http://...}selectionEntry`` ->
    ``selectionEntry``."""
    return tag.rpartition("}")[2]
