"""``read_battle`` checks the file in steps,
each with its own message: UTF-8 TOML (line and column), the format version
(newer ones are refused, never misread), the schema (key path, line, "did you
mean"), the ``[end]`` table, and finally the rules themselves: every event is
replayed and the first one the rules refuse is named. Every message about a
damaged file also says whether ``<name>.bak`` exists and how to open it.

This module opens the file and goes through those steps in order (``battle_from_bytes``),
and goes on from the backup of a damaged file (``restore_backup``). The checks after
parsing are in ``saves.battle_checks``, the error and its backup note in
``saves.battle_errors``.
"""

from __future__ import annotations

import contextlib
import gc
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import replace
from pathlib import Path

from pydantic import ValidationError

from model.battle.battle import Battle
from model.core.bounds import MAX_BATTLE_BYTES
from model.core.problems import BattleError, Problem, SaveError, sorted_problems
from model.parse.schema_errors import problems_from
from model.parse.toml_text import MAX_BYTES
from saves.atomic import backup_path, write_atomic
from saves.battle_checks import check_end, checked_setup, replay, upgrade
from saves.battle_document import END_RE, FORMAT_RE, BattleDocument
from saves.battle_errors import BattleFileError, FileLines, backup_of, cut_short, file_error
from saves.battle_file import _parse_battle
from saves.end_rewrite import CAN_REWRITE, Changed, Stamp, completed, rewrite_end


def restore_backup(path: Path | str) -> tuple[Battle, Path]:
    """Go on from ``<name>.bak`` after ``path`` proved damaged: the damaged file is kept as
    ``<name>.damaged`` (nothing is thrown away), the backup is copied back to ``path``, and
    the battle read from it is returned with where the damaged copy went. Raises
    ``BattleFileError`` if the backup cannot be read either (then nothing is moved) and
    ``SaveError`` if the files cannot be moved."""
    path = Path(path)
    backup = backup_path(path)
    data = _read_bytes(backup)
    found = _completed(backup, data, str(backup))  # a backup whose own save was cut short
    battle, data = found or (battle_from_bytes(data, str(backup), path=backup), data)
    damaged = path.with_name(path.name + ".damaged")
    try:
        if path.exists():
            path.replace(damaged)
    except OSError as exc:
        raise SaveError(
            f"could not set aside {path}",
            [Problem(exc.strerror or str(exc), str(path), hint="move it away yourself")],
        ) from None
    write_atomic(path, data)
    return battle, damaged


def _read_bytes(path: Path) -> bytes:
    try:
        return path.read_bytes()
    except OSError as exc:
        raise BattleFileError(
            f"cannot read {path}", [Problem(exc.strerror or str(exc), str(path))], backup=None
        ) from None


def read_battle(path: Path | str) -> Battle:
    """Read a battle file and replay its events, or raise ``BattleFileError`` (a
    ``BattleError``) saying what is wrong, where, and whether a backup exists."""
    name = str(path)
    path = Path(path)
    backup = backup_of(path)
    try:
        with path.open("rb") as stream:
            # never more than the size limit: a huge file (or /dev/zero) is refused, not read
            data = stream.read(MAX_BATTLE_BYTES + 1)
    except FileNotFoundError:
        raise file_error(
            f"cannot read {name}",
            [Problem("no such file", name, hint="check the folder and the file name")],
            path,
            backup,
            damaged=backup is not None,
        ) from None
    except IsADirectoryError:
        raise file_error(
            f"cannot read {name}",
            [Problem("that is a folder", name, hint="give the path of a battle file in it")],
            path,
            backup,
            damaged=False,
        ) from None
    except PermissionError:
        raise file_error(
            f"cannot read {name}",
            [Problem("permission denied", name, hint="check that your user may read the file")],
            path,
            backup,
            damaged=False,
        ) from None
    except OSError as exc:
        raise file_error(
            f"cannot read {name}", [Problem(exc.strerror or str(exc), name)], path, backup
        ) from None
    found = _completed(path, data, name)
    return found[0] if found else battle_from_bytes(data, name, backup=backup, path=path)


def _completed(path: Path, data: bytes, name: str) -> tuple[Battle, bytes] | None:
    """The battle a save cut short was writing, and the file's bytes as that save would
    have left them, when the file is what such a save leaves and its journal is whole
    (``saves.end_rewrite``); the file is completed on disk too where it can be (with the
    bytes warband meant to write, nothing of the user's). Asked before the file is read:
    a save cut short can leave a file that reads, as neither the battle before it nor the
    one it saved. ``None`` when there is no such journal, or the file is whole already."""
    end = completed(path, data)
    if end is None:
        return None
    start, new = end
    whole = data[:start] + new
    if whole == data:
        return None  # cut after the file was written: only the journal was left
    try:
        battle = battle_from_bytes(whole, name, path=path)
    except BattleError:
        return None
    if CAN_REWRITE:
        with contextlib.suppress(OSError, Changed):
            rewrite_end(path, Stamp.of(path.stat()), start, new, data[start:])
    return battle, whole


def battle_from_bytes(
    data: bytes, name: str, *, backup: Path | None = None, path: Path | None = None
) -> Battle:
    """Parse, check and replay battle bytes; ``name`` labels the messages."""
    with _no_collections():
        return _battle_from_bytes(data, name, backup, path)


@contextmanager
def _no_collections() -> Iterator[None]:
    """The garbage collector held off while a battle is read, and on again after.
    Reading a long battle makes hundreds of thousands of objects that all stay alive
    (events, states, checkpoints) and none in a cycle, so every collection it set off
    walked them for nothing: in the app, with its own objects alive, about a fifth of
    opening a 10,000-event battle (measured for issue 15)."""
    if not gc.isenabled():  # the caller has its reasons
        yield
        return
    gc.disable()
    try:
        yield
    finally:
        gc.enable()


def _battle_from_bytes(data: bytes, name: str, backup: Path | None, path: Path | None) -> Battle:
    where = path or Path(name)
    if len(data) > MAX_BATTLE_BYTES or (
        len(data) > MAX_BYTES and not FORMAT_RE.search(data[:4096].decode("utf-8", "replace"))
    ):
        most = MAX_BATTLE_BYTES if len(data) > MAX_BATTLE_BYTES else MAX_BYTES
        raise file_error(
            f"{name} is too large to read",
            [
                Problem(
                    f"it is over {most:,} bytes, the most warband reads",
                    name,
                    hint="check that this is the right file: a battle of a few hundred "
                    "events is well under 100 kB",
                )
            ],
            where,
            backup,
        )
    try:
        raw = _parse_battle(data, name)
    except BattleError as exc:
        text = data.decode("utf-8", "replace")
        if FORMAT_RE.search(text[:4096]) and not END_RE.search(text):
            # a battle file whose end is missing: it was cut short, the parse error says where
            last = text.count("\n") + 1
            problems = [
                p.at(line=last) if p.line is None and "end of the file" in p.message else p
                for p in exc.problems
            ]
            raise file_error(
                f"{name} is incomplete: it was cut short",
                [*problems, cut_short(name)],
                where,
                backup,
            ) from None
        raise file_error(exc.title, exc.problems, where, backup) from None
    lines = FileLines(data)
    raw = upgrade(raw, name, lines, where, backup)
    end = raw.pop("end", None)
    raw.pop("format", None)
    try:
        doc = BattleDocument.model_validate(raw)
    except ValidationError as exc:
        problems = [
            p.at(file=name, line=lines.line_of(p.path))
            for p in map(_at_kind, problems_from(exc, raw, BattleDocument, name))
        ]
        title = f"{name} is not a valid battle"
        if end is None:
            problems.append(cut_short(name))
            title = f"{name} is incomplete: it was cut short"
        raise file_error(title, sorted_problems(problems), where, backup) from None
    except RecursionError:
        raise file_error(
            f"{name} is not a valid battle",
            [Problem("values are nested too deeply", name)],
            where,
            backup,
        ) from None
    check_end(end, doc, name, lines, where, backup)
    setup = checked_setup(doc, name, lines, where, backup)
    battle = Battle(setup, doc.events, doc.undone)
    replay(battle, name, lines, where, backup)
    return battle


def _at_kind(problem: Problem) -> Problem:
    """An unknown event kind is placed on its ``kind`` key, not on the whole event."""
    if problem.message.startswith("unknown kind") and problem.path[-1:] != ("kind",):
        return replace(problem, path=(*problem.path, "kind"))
    return problem
