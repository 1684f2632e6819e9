"""Roster files (``warband.roster/1``): read with precise errors, write atomically.

Reading happens in three steps, each with its own kind of message:

1. the bytes must be UTF-8 TOML (errors carry the parser's line and column);
2. the ``format`` must be one this warband reads: older versions are migrated,
   newer ones are refused with "update warband", never misread;
3. the content must match the roster schema (errors carry the key path, the
   line where the key is written, and "did you mean" for unknown keys).

Checking ids against a catalog (``resolve``) is a separate step so that a roster
can be read before its catalog is known, e.g. to say which system it needs.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

import tomli_w
from pydantic import ValidationError

from model.catalog.design import UnitCard
from model.catalog.schema import Catalog, FactionView
from model.core.kept import KeptByIdentity
from model.core.problems import Problem, RosterError, WarbandError, did_you_mean, sorted_problems
from model.parse.schema_errors import problems_from
from model.parse.toml_text import MAX_BYTES, KeyLines, parse
from model.roster.roster import Roster, RosterUnit
from saves.roster_source import RosterSource as RosterSource

FORMAT = "warband.roster/1"
CURRENT_VERSION = 1
_FORMAT_RE = re.compile(r"warband\.roster/([0-9]{1,9})")

Migration = Callable[[dict[str, Any]], dict[str, Any]]
MIGRATIONS: Mapping[int, Migration] = {}
"""Migrations by the version they upgrade from: ``MIGRATIONS[n]`` turns a version-n
document into version n+1. Version 1 is the first, so there are none yet; a
future format change adds one here and a test with a file of the old version."""


def read_roster(path: Path | str) -> tuple[Roster, RosterSource]:
    """Read and schema-check a roster file, or raise ``RosterError``."""
    name = str(path)
    try:
        with Path(path).open("rb") as stream:
            # never more than the size limit: a huge file (or /dev/zero) is refused, not read
            data = stream.read(MAX_BYTES + 1)
    except FileNotFoundError:
        problem = Problem("no such file", name, hint="check the folder and the file name")
        raise RosterError(f"cannot read {name}", [problem]) from None
    except IsADirectoryError:
        problem = Problem("that is a folder", name, hint="give the path of a roster file in it")
        raise RosterError(f"cannot read {name}", [problem]) from None
    except PermissionError:
        problem = Problem("permission denied", name, hint="check that your user may read the file")
        raise RosterError(f"cannot read {name}", [problem]) from None
    except OSError as exc:
        raise RosterError(
            f"cannot read {name}", [Problem(exc.strerror or str(exc), name)]
        ) from None
    return roster_from_bytes(data, name)


def roster_from_bytes(data: bytes, name: str) -> tuple[Roster, RosterSource]:
    """Parse, migrate and schema-check roster bytes; ``name`` labels the messages."""
    raw = parse(data, name, lambda title, problems: RosterError(title, problems))
    source = RosterSource(name, KeyLines(data.decode("utf-8-sig")))
    raw = _upgrade(raw, source)
    raw.pop("format", None)
    try:
        return Roster.model_validate(raw), source
    except ValidationError as exc:
        problems = sorted_problems(source.place(problems_from(exc, raw, Roster, name)))
        raise RosterError(f"{name} is not a valid roster", problems) from None
    except RecursionError:
        raise RosterError(
            f"{name} is not a valid roster", [Problem("values are nested too deeply", name)]
        ) from None


def _upgrade(raw: dict[str, Any], source: RosterSource) -> dict[str, Any]:
    fmt = raw.get("format")
    line = source.lines.line_of(("format",))
    if not raw:
        raise RosterError(
            f"{source.name} is not a warband roster",
            [
                Problem(
                    "the file is empty",
                    source.name,
                    hint=f'a roster starts with format = "{FORMAT}"; '
                    "warband new SYSTEM FACTION -o FILE writes one to start from",
                )
            ],
        )
    if fmt is None:
        raise RosterError(
            f"{source.name} is not a warband roster",
            [
                Problem(
                    "required but missing",
                    source.name,
                    ("format",),
                    hint=f'add format = "{FORMAT}" as the first line',
                )
            ],
        )
    found = _FORMAT_RE.fullmatch(fmt) if isinstance(fmt, str) else None
    if isinstance(fmt, str) and fmt.startswith("warband.bsroster/"):
        raise RosterError(
            f"{source.name} is a list over BattleScribe data",
            [
                Problem(
                    "designed cards take warband's own lists only, for now",
                    source.name,
                    ("format",),
                    line,
                    hint="build it in the app (warband open); check, print or share it with "
                    "warband validate, show or export; edit it with warband add and remove; "
                    "take it to the table with warband battle new",
                )
            ],
        )
    if found is None:
        raise RosterError(
            f"{source.name} is not a warband roster",
            [
                Problem(
                    f"{_shorten(repr(fmt))} is not a roster format",
                    source.name,
                    ("format",),
                    line,
                    hint=f'a roster has format = "{FORMAT}"',
                )
            ],
        )
    version = int(found.group(1))
    if version > CURRENT_VERSION:
        raise RosterError(
            f"{source.name} was saved by a newer warband",
            [
                Problem(
                    f"{fmt} is newer than this warband reads ({FORMAT})",
                    source.name,
                    ("format",),
                    line,
                    hint="update warband to open it; the file is unchanged",
                )
            ],
        )
    while version < CURRENT_VERSION:
        migrate = MIGRATIONS.get(version)
        if migrate is None:
            raise RosterError(
                f"{source.name} uses an unknown old format",
                [Problem(f"format {fmt} cannot be upgraded", source.name, ("format",), line)],
            )
        raw = migrate(raw)
        version += 1
    return raw


def _shorten(text: str, width: int = 40) -> str:
    return text if len(text) <= width else text[: width - 3] + "..."


def resolve(
    roster: Roster, source: RosterSource, catalog_for: Callable[[str], Catalog]
) -> FactionView:
    """The faction a roster is built with, after checking every id it names.

    Raises ``RosterError`` listing every unknown system, faction, unit or item, with
    lines and "did you mean". Whether the list is *legal* is ``model.roster.validate``'s job.
    """
    try:
        catalog = catalog_for(roster.system)
    except WarbandError as exc:
        hint = exc.problems[0].hint if exc.problems else None
        if "no catalog" not in exc.title:
            raise
        raise RosterError(
            f"{source.name}: unknown game system",
            source.place(
                [Problem(f"no catalog for '{roster.system}'", path=("system",), hint=hint)]
            ),
        ) from None
    if roster.faction not in catalog.factions:
        raise RosterError(
            f"{source.name}: unknown faction",
            source.place(
                [
                    Problem(
                        f"'{roster.faction}' is not a faction of {catalog.system.name}",
                        path=("faction",),
                        hint=did_you_mean(roster.faction, catalog.factions)
                        or "factions: " + ", ".join(catalog.factions),
                    )
                ]
            ),
        )
    view = catalog.view(roster.faction).with_cards(roster.cards)
    problems: list[Problem] = []
    for cid in roster.cards:
        problems.extend(p.problem(cid) for p in view.designs[cid].problems)
    for n, entry in enumerate(roster.units, start=1):
        if entry.unit not in view.units:
            problems.append(
                Problem(
                    f"unknown unit '{entry.unit}' for {view.faction.name}",
                    path=("units", n, "unit"),
                    hint=did_you_mean(entry.unit, view.units)
                    or f"units of {view.faction.name}: " + ", ".join(view.units),
                )
            )
            continue
        for item_id in entry.items:
            if item_id not in view.items:
                offered = {i for g in view.option_groups(entry.unit) for i in g.choices}
                problems.append(
                    Problem(
                        f"unknown item '{item_id}'",
                        path=("units", n, "items", item_id),
                        hint=did_you_mean(item_id, offered)
                        or did_you_mean(item_id, view.items)
                        or (f"it may take: {', '.join(sorted(offered))}" if offered else None),
                    )
                )
    if problems:
        raise RosterError(f"{source.name}: unknown ids", source.place(problems))
    return view


def roster_to_toml(roster: Roster) -> str:
    """The roster as readable TOML: header keys, then one ``[[units]]`` block per entry,
    with items as a one-line table, as a person would write it."""
    head: dict[str, Any] = {
        "format": FORMAT,
        "system": roster.system,
        "faction": roster.faction,
        "name": roster.name,
        "points_limit": roster.points_limit,
    }
    if roster.notes is not None:
        head["notes"] = roster.notes
    parts = [tomli_w.dumps(head)]
    if roster.settings:
        parts.append("\n" + tomli_w.dumps({"settings": dict(roster.settings)}))
    for cid, card in roster.cards.items():
        parts.append("\n" + card_to_toml(cid, card))
    parts.extend(_BLOCKS.each(roster.units, _entry_block))
    return "".join(parts)


_BLOCKS: KeptByIdentity[RosterUnit, str] = KeptByIdentity()
"""The ``[[units]]`` block of each entry of the last roster written: an edit makes a roster
holding the very entries of the last one but the one it changed, and writing a thousand
entries' blocks afresh on each save cost a key 14 to 16 ms of CPU."""


def _entry_block(entry: RosterUnit) -> str:
    """One entry as a ``[[units]]`` block, its items as a one-line table."""
    body: dict[str, Any] = {"unit": entry.unit}
    if entry.name:
        body["name"] = entry.name
    if entry.models != 1:
        body["models"] = entry.models
    block = "\n[[units]]\n" + tomli_w.dumps(body)
    if entry.items:
        pairs = ", ".join(tomli_w.dumps({k: v}).strip() for k, v in entry.items.items())
        block += f"items = {{ {pairs} }}\n"
    if entry.notes is not None:
        block += tomli_w.dumps({"notes": entry.notes})
    return block


def _inline(value: Any) -> str:
    """A value on one line, as a person writes it: ``["rifle", "bayonet"]``."""
    if isinstance(value, list | tuple):
        return "[" + ", ".join(_inline(v) for v in value) + "]"
    if isinstance(value, Mapping):
        pairs = ", ".join(f"{_key(k)} = {_inline(v)}" for k, v in value.items())
        return "{ " + pairs + " }" if pairs else "{}"
    return tomli_w.dumps({"v": value}).strip()[4:]


def _key(key: str) -> str:
    return tomli_w.dumps({key: 0}).strip()[: -len(" = 0")]


def card_to_toml(card_id: str, card: UnitCard, table: str = "cards") -> str:
    """A card as readable TOML: its header keys, then one ``[[...models]]`` block per
    group with its lists on one line; what is at its default is left out."""
    head = card.model_dump(mode="python", exclude_defaults=True, exclude={"models"})
    name = f"{table}.{_key(card_id)}"
    lines = [f"[{name}]"] + [f"{_key(k)} = {_inline(v)}" for k, v in head.items()]
    for group in card.models:
        lines += ["", f"[[{name}.models]]"]
        body = group.model_dump(mode="python", exclude_defaults=True)
        lines += [f"{_key(k)} = {_inline(v)}" for k, v in body.items()]
    return "\n".join(lines) + "\n"


def write_roster(path: Path | str, roster: Roster) -> None:
    """Save a roster atomically; raises ``SaveError`` and leaves the old file if it fails.
    (The atomic writer is imported here: reading and checking a list never writes.)"""
    from saves.atomic import write_atomic

    write_atomic(path, roster_to_toml(roster).encode("utf-8"))
