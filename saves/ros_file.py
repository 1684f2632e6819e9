"""BattleScribe roster files (``.ros``, and ``.rosz`` zipped): import and export.

Reading trusts nothing: the file is read under a size cap, a zipped one is inflated
under a cap (``model.parse.xml_guard.unzip_one``), and the XML is refused if it declares
a DTD or entities or nests too deep (``parse_xml``), before ``model.bsdata.ros_read``
reads the roster, telling every problem with the element's place. Whether a file is
zipped is told by its first bytes, not its name: a ``.rosz`` renamed ``.ros`` still opens.

Writing is atomic (``saves.atomic``) and replaces an existing file only when the caller
says so; ``.rosz`` (by the name, or ``zipped=True``) is the ``.ros`` in a zip archive of
one file, as BattleScribe writes it.
"""

from __future__ import annotations

import io
import zipfile
from pathlib import Path
from typing import TYPE_CHECKING

from model.bsdata.ros_read import read_ros
from model.bsdata.ros_write import ros_bytes
from model.core.problems import Problem, RosterError
from model.parse.xml_guard import MAX_XML_BYTES, XmlRefused, parse_xml, unzip_one
from saves.bs_roster_file import read_capped, refuse_existing

if TYPE_CHECKING:
    from model.bsdata.ros_content import RosContent
    from model.bsdata.roster import BsRoster

_ZIP_MAGIC = b"PK\x03\x04"


def read_ros_file(path: Path | str) -> BsRoster:
    """The roster in a ``.ros`` or ``.rosz`` file, or ``RosterError`` with every problem."""
    return ros_from_bytes(read_capped(path, MAX_XML_BYTES), str(path))


def ros_from_bytes(data: bytes, name: str) -> BsRoster:
    """The roster in the bytes of a ``.ros`` or ``.rosz`` file; ``name`` labels messages."""
    if data.startswith(_ZIP_MAGIC):
        inflated = unzip_one(data)
        if isinstance(inflated, XmlRefused):
            raise RosterError(f"cannot read {name}", [Problem(inflated.message, name)])
        data = inflated
    root = parse_xml(data)
    if isinstance(root, XmlRefused):
        raise RosterError(f"cannot read {name}", [Problem(root.message, name, line=root.line)])
    found = read_ros(root, name)
    if isinstance(found, list):
        raise RosterError(f"{name} is not a BattleScribe roster warband can read", found)
    return found


def ros_file_bytes(
    roster: BsRoster,
    *,
    zipped: bool,
    member: str = "roster.ros",
    content: RosContent | None = None,
) -> bytes:
    """The bytes of a ``.ros`` file, or of a ``.rosz`` (``zipped``) holding it as
    ``member``; ``content`` is what the engine made of the roster
    (``model.bsdata.ros_content.ros_content``), as ``model.bsdata.ros_write.ros_bytes``
    takes it."""
    xml = ros_bytes(roster, content)
    if not zipped:
        return xml
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr(member, xml)
    return out.getvalue()


def write_ros_file(
    path: Path | str,
    roster: BsRoster,
    *,
    content: RosContent | None = None,
    zipped: bool | None = None,
    replace: bool = False,
) -> None:
    """Export a roster as ``path`` atomically: zipped when ``zipped`` says so or, left
    None, when the name ends in ``.rosz``. Raises ``SaveError`` (the file exists and
    ``replace`` is False, or the write failed, leaving any old file whole)."""
    from saves.atomic import write_atomic

    target = Path(path)
    refuse_existing(target, replace)
    packed = target.suffix.lower() == ".rosz" if zipped is None else zipped
    data = ros_file_bytes(
        roster,
        zipped=packed,
        member=(target.stem or "roster") + ".ros",
        content=content,
    )
    write_atomic(target, data)
