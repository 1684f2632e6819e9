"""Roster files of BattleScribe game systems (``warband.bsroster/1``): read with every
problem placed at its line, written atomically as TOML a person can edit.

The document's meaning is ``model.bsdata.roster_toml`` (pure); this module is the file
boundary, as ``saves.roster_file`` is for rosters of warband's own catalogs, and reports
the same way: the bytes must be UTF-8 TOML under the size and shape guards
(``model.parse.toml_text``), the ``format`` must be one this warband reads, and every
problem of the content comes at once with its key path and line.

The text is laid out for people: the roster's keys, then one ``[[cost_limits]]`` block
per limit, then each force as a ``[[forces]]`` block followed by its selections, each
selection's own selections right after it (``[[forces.selections.selections]]``), in
the order of the list; a note over several lines is written as a multi-line string.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

import tomli_w

from model.bsdata.roster_toml import BsRosterFile, check_format, roster_from_data, roster_to_data
from model.core.problems import Problem, RosterError, SaveError, sorted_problems
from model.parse import toml_guard
from model.parse.toml_text import MAX_BYTES, KeyLines, parse
from saves.roster_source import RosterSource


def read_bs_roster(path: Path | str) -> tuple[BsRosterFile, RosterSource]:
    """Read a BattleScribe game system's roster file, or raise ``RosterError`` with every
    problem (file, line, key path, fix)."""
    return bs_roster_from_bytes(read_capped(path, MAX_BYTES), str(path))


def read_capped(path: Path | str, limit: int) -> bytes:
    """A file's bytes, at most ``limit`` and one more (so a larger file is told as
    such, and /dev/zero is not read for ever), or ``RosterError`` saying why not."""
    name = str(path)
    try:
        with Path(path).open("rb") as stream:
            return stream.read(limit + 1)
    except FileNotFoundError:
        problem = Problem("no such file", name, hint="check the folder and the file name")
    except IsADirectoryError:
        problem = Problem("that is a folder", name, hint="give the path of a roster file in it")
    except PermissionError:
        problem = Problem("permission denied", name, hint="check that your user may read the file")
    except OSError as exc:
        problem = Problem(exc.strerror or str(exc), name)
    raise RosterError(f"cannot read {name}", [problem])


def bs_roster_from_bytes(data: bytes, name: str) -> tuple[BsRosterFile, RosterSource]:
    """Parse and check the bytes of a roster file; ``name`` labels the messages."""
    raw = parse(data, name, lambda title, problems: RosterError(title, problems))
    source = RosterSource(name, KeyLines(data.decode("utf-8-sig")))
    refused = check_format(raw, name)
    if refused is not None:
        raise RosterError(refused.title, source.place([refused.problem]))
    found = roster_from_data(raw, name)
    if isinstance(found, list):
        raise RosterError(f"{name} is not a valid roster", sorted_problems(source.place(found)))
    return found, source


def bs_roster_to_toml(saved: BsRosterFile, cost_names: Mapping[str, str] | None = None) -> str:
    """The roster as a person would write it (``cost_names``: cost type id to name, from
    the game system, to name the cost limits)."""
    return render(roster_to_data(saved, cost_names))


def render(doc: Mapping[str, Any], table: str = "") -> str:
    """A document of keys and arrays of tables as TOML, each table as a ``[[...]]``
    block right after the one holding it (``tomli_w`` would write short arrays of
    tables inline, on lines a person cannot follow)."""
    plain = {k: v for k, v in doc.items() if not _tables(v)}
    out = tomli_w.dumps(plain, multiline_strings=True) if plain else ""
    for key, value in doc.items():
        if _tables(value):
            name = f"{table}.{_key(key)}" if table else _key(key)
            for item in value:
                out += f"\n[[{name}]]\n" + render(item, name)
    return out


def _tables(value: Any) -> bool:
    return isinstance(value, list) and bool(value) and all(isinstance(v, dict) for v in value)


def _key(key: str) -> str:
    return tomli_w.dumps({key: 0}).strip()[: -len(" = 0")]


def write_bs_roster(
    path: Path | str,
    saved: BsRosterFile,
    cost_names: Mapping[str, str] | None = None,
    *,
    replace: bool = False,
) -> None:
    """Save a roster atomically; raises ``SaveError`` and leaves any old file whole if it
    fails. An existing file is replaced only with ``replace=True`` (the caller asked the
    user, or it is the file the roster was opened from)."""
    from saves.atomic import write_atomic

    refuse_existing(path, replace)
    text = bs_roster_to_toml(saved, cost_names)
    data = text.encode("utf-8")
    too_much = toml_guard.check(text, str(path))
    if len(data) > MAX_BYTES or too_much is not None:
        # a file warband wrote always opens: refuse what the reader would refuse
        raise SaveError(
            f"could not save {path}",
            [
                Problem(
                    f"the roster would be {len(data):,} bytes of TOML, more than warband reads back"
                    if too_much is None
                    else f"the roster is larger than warband reads back ({too_much.message})",
                    str(path),
                    hint="split the list, or shorten its notes",
                )
            ],
        )
    write_atomic(path, data)


def refuse_existing(path: Path | str, replace: bool) -> None:
    """``SaveError`` if ``path`` exists and the caller did not say to replace it."""
    if not replace and (Path(path).exists() or Path(path).is_symlink()):
        raise SaveError(
            f"could not save {path}",
            [
                Problem(
                    "the file exists and was not overwritten",
                    str(path),
                    hint="choose another name, or say to replace it (--force)",
                )
            ],
        )
