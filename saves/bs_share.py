"""A list over BattleScribe data as the text of each format it is shared in: what
``warband export`` prints and what the builder's Share copies or saves, made in one place
so the two never differ.

Chat text, Markdown, JSON and the printable sheet come from the same ``ListExport`` our
own lists make (``saves.bs_export``); the share code is ``saves.bs_share_code``'s; the
``.ros`` is BattleScribe's own XML, as BattleScribe and New Recruit read it
(``saves.ros_file``). The zipped ``.rosz`` is not text, and is only ever written to a file.
"""

from __future__ import annotations

from model.bsdata.evaluate import Evaluation
from model.bsdata.roster_toml import BsRosterFile
from model.bsdata.system import GameSystem

SHARE_FORMATS = ("text", "markdown", "json", "html", "code", "ros")
"""The formats that are text, as ``warband export --format`` names them."""


def bs_share_text(fmt: str, system: GameSystem, saved: BsRosterFile, evaluation: Evaluation) -> str:
    """The list ``saved`` (over ``system``, evaluated as ``evaluation``) in the format
    ``fmt``, one of ``SHARE_FORMATS``, ending with one newline."""
    from model.bsdata.ros_content import ros_content
    from saves.bs_export import build_bs_export
    from saves.bs_share_code import encode_bs
    from saves.export_formats import to_json, to_markdown, to_text
    from saves.export_html import to_html
    from saves.ros_file import ros_file_bytes

    if fmt == "ros":
        data = ros_file_bytes(saved.roster, zipped=False, content=ros_content(system, saved.roster))
        return data.decode("utf-8").rstrip("\n") + "\n"
    code = encode_bs(saved)
    if fmt == "code":
        return code + "\n"
    doc = build_bs_export(system, saved.system, saved.roster, evaluation)
    writers = {
        "json": lambda: to_json(doc),
        "html": lambda: to_html(doc, code),
        "markdown": lambda: to_markdown(doc, code),
        "text": lambda: to_text(doc, code),
    }
    if fmt not in writers:
        raise ValueError(f"not a text format: {fmt!r} (one of {', '.join(SHARE_FORMATS)})")
    return writers[fmt]().rstrip("\n") + "\n"
