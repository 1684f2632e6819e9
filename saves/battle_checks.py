"""The checks of a battle file's data once it parses: its format version (upgraded or
refused), the ``[end]`` table counting what the file holds, the models belonging to their
sides, and the replay of every event by the rules, the first refused one named with its
number and line.

Apart so that the reader (``saves.battle_read``) reads as the order of its steps; each
check raises ``BattleFileError`` with the backup note (``saves.battle_errors``).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from model.battle.battle import Battle
from model.battle.events import Event
from model.battle.forces import SIDE_LETTERS, SideHead, SideSetup
from model.battle.refused import Refused
from model.battle.setup import BattleSetup, SetupHead
from model.core.base import field_values
from model.core.problems import KeyPath, Problem
from model.parse.schema_errors import number_text
from saves.battle_document import CURRENT_VERSION, FORMAT, FORMAT_RE, MIGRATIONS, BattleDocument
from saves.battle_errors import BattleFileError, FileLines, cut_short, file_error
from saves.battle_toml import toml_string


def upgrade(
    raw: dict[str, Any], name: str, lines: FileLines, path: Path, backup: Path | None
) -> dict[str, Any]:
    fmt = raw.get("format")
    if not raw:
        raise file_error(
            f"{name} is not a warband battle",
            [
                Problem(
                    "the file is empty",
                    name,
                    hint="warband battle new ROSTER ROSTER -o FILE starts a battle",
                )
            ],
            path,
            backup,
        )
    if fmt is None:
        raise file_error(
            f"{name} is not a warband battle",
            [
                Problem(
                    "required but missing",
                    name,
                    ("format",),
                    hint=f'a battle file starts with format = "{FORMAT}"',
                )
            ],
            path,
            backup,
        )
    found = FORMAT_RE.fullmatch(fmt) if isinstance(fmt, str) else None
    if found is None:
        hint = f'a battle file has format = "{FORMAT}"'
        if isinstance(fmt, str) and fmt.startswith("warband.roster/"):
            hint = "this is a roster (a list); start a battle with: warband battle new"
        raise file_error(
            f"{name} is not a warband battle",
            [
                Problem(
                    f"{_shorten(repr(fmt))} is not a battle format",
                    name,
                    ("format",),
                    lines.line_of(("format",)),
                    hint=hint,
                )
            ],
            path,
            backup,
        )
    version = int(found.group(1))
    if version > CURRENT_VERSION:
        raise file_error(
            f"{name} was saved by a newer warband",
            [
                Problem(
                    f"{fmt} is newer than this warband reads ({FORMAT})",
                    name,
                    ("format",),
                    lines.line_of(("format",)),
                    hint="update warband to open it; the file is unchanged",
                )
            ],
            path,
            backup,
            damaged=False,
        )
    while version < CURRENT_VERSION:
        migrate = MIGRATIONS.get(version)
        if migrate is None:
            raise file_error(
                f"{name} uses an unknown old format",
                [
                    Problem(
                        f"format {fmt} cannot be upgraded",
                        name,
                        ("format",),
                        lines.line_of(("format",)),
                    )
                ],
                path,
                backup,
                damaged=False,
            )
        raw = migrate(raw)
        version += 1
    return raw


def _said(value: Any) -> str:
    """A value of the file in a message: a number by its length when it is long, any
    other value cut short, so a hostile file never fills the screen."""
    if isinstance(value, int) and not isinstance(value, bool):
        return number_text(value)
    return _shorten(repr(value))


def _shorten(text: str, width: int = 40) -> str:
    return text if len(text) <= width else text[: width - 3] + "..."


def check_end(
    end: Any, doc: BattleDocument, name: str, lines: FileLines, path: Path, backup: Path | None
) -> None:
    """The ``[end]`` table is there and counts what the file holds."""
    if end is None:
        raise file_error(f"{name} is incomplete: it was cut short", [cut_short(name)], path, backup)
    problems: list[Problem] = []
    if not isinstance(end, dict):
        problems.append(Problem("expected a table", name, ("end",), lines.line_of(("end",))))
    else:
        for key in end:
            if key not in ("events", "undone"):
                problems.append(
                    Problem(
                        "unknown key",
                        name,
                        ("end", key),
                        lines.line_of(("end", key)),
                        hint="the keys here are events, undone",
                    )
                )
        for key, held in (("events", len(doc.events)), ("undone", len(doc.undone))):
            count = end.get(key)
            if count is None:
                problems.append(
                    Problem(
                        "required but missing",
                        name,
                        ("end", key),
                        lines.line_of(("end",)),
                        hint=f"add {key} = {held}",
                    )
                )
            elif type(count) is not int or count != held:
                problems.append(
                    Problem(
                        f"says {_said(count)} but the file holds {held} [[{key}]]",
                        name,
                        ("end", key),
                        lines.line_of(("end", key)),
                        hint="the file was cut short or edited; if you removed or added "
                        f"[[{key}]] yourself, set {key} = {held}",
                    )
                )
    if problems:
        raise file_error(f"{name} is not a complete battle", problems, path, backup)


def checked_setup(
    doc: BattleDocument, name: str, lines: FileLines, path: Path, backup: Path | None
) -> BattleSetup:
    """The battle's setup, after checking that the models belong to the sides."""
    problems: list[Problem] = []
    if len(doc.sides) != 2:
        problems.append(
            Problem(
                f"a battle has two sides; this file has {len(doc.sides)}",
                name,
                ("sides",),
                lines.line_of(("sides",)),
            )
        )
    seen: set[str] = set()
    actors = {m.id: m.actor for m in doc.models}
    for n, model in enumerate(doc.models, start=1):
        at: KeyPath = ("models", n)
        if not 0 <= model.side < len(doc.sides):
            problems.append(
                Problem(
                    f"there is no side {model.side}",
                    name,
                    (*at, "side"),
                    lines.line_of((*at, "side")),
                    hint="sides count from 0: 0 is A, 1 is B",
                )
            )
        elif not model.id.startswith(SIDE_LETTERS[model.side]) or not model.id[1:].isdigit():
            problems.append(
                Problem(
                    f"'{model.id}' is not a model id of side {SIDE_LETTERS[model.side]}",
                    name,
                    (*at, "id"),
                    lines.line_of((*at, "id")),
                    hint=f"ids of side {model.side} are {SIDE_LETTERS[model.side]}1, "
                    f"{SIDE_LETTERS[model.side]}2 ...",
                )
            )
        if model.id in seen:
            problems.append(
                Problem(
                    f"a second model with the id {model.id}",
                    name,
                    (*at, "id"),
                    lines.line_of((*at, "id")),
                    hint="each model has its own id",
                )
            )
        seen.add(model.id)
        if actors.get(model.actor) != model.actor or model.actor[:1] != model.id[:1]:
            problems.append(
                Problem(
                    f"{model.actor} is not a model of its side that activates",
                    name,
                    (*at, "actor"),
                    lines.line_of((*at, "actor")),
                    hint=f"a model activates on its own (actor = {toml_string(model.id)}) or "
                    "with the first model of its pack or unit",
                )
            )
    if problems:
        raise file_error(f"{name} is not a valid battle", problems, path, backup)
    sides = tuple(
        SideSetup(
            **field_values(side, SideHead),
            models=tuple(m for m in doc.models if m.side == index),
        )
        for index, side in enumerate(doc.sides)
    )
    return BattleSetup(**field_values(doc, SetupHead), sides=sides)


_EVENT_NUMBER = re.compile(r"event (\d+) \([a-z-]+\): ")


def replay(battle: Battle, name: str, lines: FileLines, path: Path, backup: Path | None) -> None:
    """Fold the events (and then the undone ones, which once followed them): the first
    event the rules refuse is reported with its number and line."""
    try:
        state = battle.state
    except Refused as exc:
        found = _EVENT_NUMBER.match(exc.reason)
        number = int(found.group(1)) if found else None
        reason = exc.reason[found.end() :] if found else exc.reason
        raise _refused(name, "events", number, battle.events, reason, lines, path, backup) from None
    except Exception as exc:  # a setup edited by hand that the rules cannot run with
        raise file_error(
            f"{name}: the events cannot be replayed",
            [
                Problem(
                    f"the tracker rules or the models do not fit together ({type(exc).__name__}: "
                    f"{_shorten(str(exc), 80)})",
                    name,
                    hint="was the setup edited by hand?",
                )
            ],
            path,
            backup,
        ) from None
    for n, event in enumerate(battle.undone, start=1):
        try:
            state = state.then(event)
        except Refused as exc:
            raise _refused(
                name, "undone", n, battle.undone, exc.reason, lines, path, backup
            ) from None
        except Exception as exc:
            raise file_error(
                f"{name}: the undone events cannot be replayed",
                [Problem(f"{type(exc).__name__}: {_shorten(str(exc), 80)}", name, ("undone", n))],
                path,
                backup,
            ) from None


def _refused(
    name: str,
    key: str,
    number: int | None,
    events: Sequence[Event],
    reason: str,
    lines: FileLines,
    path: Path,
    backup: Path | None,
) -> BattleFileError:
    what = "event" if key == "events" else "undone event"
    if number is None or not 0 < number <= len(events):
        return file_error(
            f"{name}: the rules refuse an event", [Problem(reason, name, (key,))], path, backup
        )
    kind = events[number - 1].kind
    at: KeyPath = (key, number)
    return file_error(
        f"{name}: the rules refuse {what} {number} ({kind})",
        [
            Problem(
                reason,
                name,
                at,
                lines.line_of(at),
                hint="the events after it cannot be replayed; was the file edited by hand?",
            )
        ],
        path,
        backup,
    )
