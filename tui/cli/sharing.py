"""The sharing commands: ``export`` (a roster as text, Markdown, JSON, HTML or a share
code) and ``import`` (a share code, or a file holding one, back to a roster file).

Apart from the other roster commands because they speak the formats of ``saves``'
exports and share codes.
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import TextIO

from saves.peek import is_bs_roster
from tui.cli.bs_rosters import BS_FORMATS, bs_export, bs_import, is_ros
from tui.cli.exits import EXIT_INVALID, EXIT_OK
from tui.cli.files import open_library, open_roster, refuse_overwrite
from tui.cli.lists import summary_text


def cmd_export(args: argparse.Namespace, out: TextIO) -> int:
    """``warband export FILE [--format F] [-o OUT]``: the roster to share."""
    from saves.atomic import write_atomic
    from saves.export_formats import to_json, to_markdown, to_text
    from saves.export_html import to_html
    from saves.list_export import build_export
    from saves.share_code import encode

    if is_bs_roster(args.file):
        return bs_export(args, out)
    if args.format in BS_FORMATS:
        from model.core.problems import Problem, RosterError

        raise RosterError(
            f"cannot export {args.file} as .{args.format}",
            [
                Problem(
                    f".{args.format} is BattleScribe's roster format, for lists over "
                    "BattleScribe data",
                    str(args.file),
                    hint="choose text, markdown, json, html or code",
                )
            ],
        )
    roster, view, report = open_roster(args)
    code = encode(roster)
    if args.format == "code":
        text = code
    else:
        doc = build_export(roster, view, report)
        if args.format == "json":
            text = to_json(doc).rstrip("\n")
        elif args.format == "html":
            text = to_html(doc, code).rstrip("\n")
        elif args.format == "markdown":
            text = to_markdown(doc, code).rstrip("\n")
        else:
            text = to_text(doc, code).rstrip("\n")
    if args.output is None:
        print(text, file=out)
        return EXIT_OK
    refuse_overwrite(args.output, args.force)
    write_atomic(args.output, (text + "\n").encode("utf-8"))
    verdict = "valid" if report.valid else f"NOT VALID ({len(report.errors)} errors)"
    print(
        f"wrote {args.output}: {roster.name}, {report.points} {view.system.points}, {verdict}",
        file=out,
    )
    return EXIT_OK


def cmd_import(args: argparse.Namespace, out: TextIO) -> int:
    """``warband import CODE|FILE -o FILE``: a share code back to a roster file, checked
    against the catalog and reported like ``validate``. A BattleScribe roster or code
    goes to ``bs_import`` before warband's own roster schema is imported: it needs none
    of it (a fifth of a whole ``import`` of one, issue 33)."""
    from saves.bs_share_code import contains_bs_code

    if is_ros(args.code) or contains_bs_code(args.code):
        return bs_import(args, out)
    from model.parse.toml_text import KeyLines
    from model.roster.validate import validate
    from saves.roster_file import RosterSource, resolve, write_roster
    from saves.share_code import contains_code, decode

    text = args.code
    if not contains_code(text):  # not a code, so a path: a file holding one
        text = _read_code_file(Path(args.code))
    roster = decode(text)
    refuse_overwrite(args.output, args.force)
    view = resolve(roster, RosterSource("<share code>", KeyLines("")), open_library(args).load)
    report = validate(view, roster)
    write_roster(args.output, roster)
    print(f"wrote {args.output}", file=out)
    print(summary_text(roster, view, report), file=out)
    return EXIT_OK if report.valid else EXIT_INVALID


def _read_code_file(path: Path) -> str:
    """The text of a file said to hold a share code; a ``ShareCodeError`` naming it when
    it cannot be read. Only its start is read: a code is small, the file may not be."""
    from model.core.problems import Problem
    from saves.share_code import MAX_FILE, ShareCodeError

    try:
        with path.open("rb") as handle:
            return handle.read(MAX_FILE).decode("utf-8", errors="replace")
    except OSError as exc:
        reason = exc.strerror or str(exc)
        raise ShareCodeError(
            f"cannot read {path}",
            [
                Problem(
                    f"{reason[:1].lower()}{reason[1:]}",
                    str(path),
                    hint="give a share code (WB1-...) or a file that holds one",
                )
            ],
        ) from None
