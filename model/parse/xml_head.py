"""The root element of an XML document, read without parsing the rest: its name and
attributes (an element with no children), from the bytes up to the end of its start tag.

Listing the games of a catalog folder needs, of each BattleScribe file, only what its
root element says (a game system's id, name and revision; a catalogue's, and whether it
is a library), and the biggest games are tens of megabytes. So the document is fed to
an incremental parser a piece at a time, and reading stops at the root's start tag.
The guards of ``model.parse.xml_guard`` hold for what is read: no DTD or entity (the
bytes before the root are searched for one before they are parsed), UTF-16 refused,
and at most ``MAX_HEAD_BYTES`` read: a root that has not started by then is refused,
as is anything the parser cannot read (a malformed or unknown encoding included).
Apart from ``xml_guard`` because it reads a different thing: a head, given piece by
piece, where that module reads a whole document it is given at once.
"""

from __future__ import annotations

from collections.abc import Iterable
from xml.etree import ElementTree

from model.parse.xml_guard import XmlRefused, refused_unparsed

MAX_HEAD_BYTES = 65_536
"""The most bytes read for a root's start tag (a BSData one, with its namespaces, is
under 500 bytes after the XML declaration; a comment or two before it fits as well)."""


def read_head(pieces: Iterable[bytes]) -> ElementTree.Element | XmlRefused:
    """The root element of the document whose bytes ``pieces`` gives in order, with its
    attributes and without children, read no further than its start tag and
    ``MAX_HEAD_BYTES`` (never an exception)."""
    parser: ElementTree.XMLPullParser[ElementTree.Element] = ElementTree.XMLPullParser(
        events=("start",)
    )
    seen = b""
    for whole in pieces:
        piece = whole[: MAX_HEAD_BYTES - len(seen)]
        seen += piece
        refused = refused_unparsed(seen)
        if refused is not None:
            return refused
        try:
            element = _fed(parser, piece)
            if element is not None:
                return ElementTree.Element(element.tag, dict(element.attrib))
        except ElementTree.ParseError as exc:
            line = exc.position[0] if exc.position else None
            return XmlRefused(f"not well-formed XML ({str(exc).split(': line ')[0]})", line)
        except (LookupError, ValueError) as exc:
            return XmlRefused(f"its encoding cannot be read ({exc})")
        if len(seen) >= MAX_HEAD_BYTES:
            return XmlRefused(
                f"its root element does not start in its first {MAX_HEAD_BYTES:,} bytes"
            )
    return XmlRefused("it ends before its root element starts")


def _fed(
    parser: ElementTree.XMLPullParser[ElementTree.Element], piece: bytes
) -> ElementTree.Element | None:
    """Feed ``piece`` to ``parser`` up to each ``>`` in turn, and give the first element
    started: a start tag ends at a ``>``, and the parser parses all it is given, so a
    piece fed whole parsed some 4 KB of entries past a BSData root's start tag, about
    a tenth of a millisecond a file (a 40k folder holds 46), for nothing."""
    start = 0
    while start < len(piece):
        end = piece.find(b">", start)
        end = len(piece) if end < 0 else end + 1
        parser.feed(piece[start:end])
        for event in parser.read_events():
            element = event[-1]
            if isinstance(element, ElementTree.Element):  # a start event's element
                return element
        start = end
    return None
