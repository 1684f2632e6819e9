"""Load a game-system folder into a ``Catalog``, reporting every problem at once.

A folder with three mistakes reports all three: each file is parsed and
schema-checked on its own (a broken faction file does not hide the others), then
the files are checked against each other. Every problem names its file, the
dotted key path, and the line where the key is written.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar

from pydantic import BaseModel, ValidationError

from model.base import FrozenMap
from model.catalog import Catalog, FactionFile, HouseFile, SystemFile
from model.catalog_check import check_catalog
from model.problems import CatalogError, Problem, sorted_problems
from model.schema_errors import problems_from
from model.toml_text import MAX_BYTES, KeyLines, parse

M = TypeVar("M", bound=BaseModel)


def _error(title: str, problems: list[Problem]) -> CatalogError:
    return CatalogError(title, problems)


@dataclass
class _Read:
    """One catalog file as read: its display name, text index and model (if valid)."""

    name: str
    lines: KeyLines | None = None
    problems: list[Problem] = field(default_factory=list)


def _read(path: Path, name: str, model: type[M]) -> tuple[M | None, _Read]:
    read = _Read(name)
    try:
        with path.open("rb") as stream:
            data = stream.read(MAX_BYTES + 1)  # a huge file is refused by parse, not read
    except OSError as exc:
        read.problems.append(Problem(f"cannot be read: {exc.strerror or exc}", name))
        return None, read
    try:
        raw: dict[str, Any] = parse(data, name, _error)
    except CatalogError as exc:
        read.problems.extend(exc.problems)
        return None, read
    read.lines = KeyLines(data.decode("utf-8-sig"))
    fmt = raw.get("format")
    if fmt != "warband.catalog/1":
        hint = 'add format = "warband.catalog/1" as the first line'
        if isinstance(fmt, str) and fmt.startswith("warband.catalog/"):
            hint = "this warband reads warband.catalog/1; update warband to read newer catalogs"
        read.problems.append(
            Problem(
                f"unsupported catalog format {fmt!r}" if fmt else "no format key",
                name,
                ("format",),
                line=read.lines.line_of(("format",)),
                hint=hint,
            )
        )
        return None, read
    try:
        return model.model_validate(raw), read
    except ValidationError as exc:
        read.problems.extend(
            p.at(line=read.lines.line_of(p.path)) for p in problems_from(exc, raw, model, name)
        )
        return None, read
    except RecursionError:
        read.problems.append(Problem("values are nested too deeply", name))
        return None, read


def load_system(folder: Path, origin: str = "bundled", house: Path | None = None) -> Catalog:
    """Load one game-system folder, or raise ``CatalogError`` listing every problem.

    ``house`` is a user's ``house.toml`` for the system: its base-cost table replaces
    the system's and its cards are added; its problems are reported with the rest.
    """
    folder = Path(folder)
    label = str(folder)
    if not (folder / "system.toml").is_file():
        raise CatalogError(
            f"{label} is not a catalog folder",
            [
                Problem(
                    "no system.toml",
                    label,
                    hint="a catalog folder holds system.toml and factions/<faction-id>.toml",
                )
            ],
        )
    system, system_read = _read(folder / "system.toml", f"{label}/system.toml", SystemFile)
    reads = {"system": system_read}
    factions: dict[str, FactionFile] = {}
    for path in sorted((folder / "factions").glob("*.toml")):
        faction, read = _read(path, f"{label}/factions/{path.name}", FactionFile)
        reads[path.stem] = read
        if faction is not None:
            factions[path.stem] = faction
    problems = [p for r in reads.values() for p in r.problems]
    if system is not None and system.system.id != folder.name and origin != "check":
        problems.append(
            Problem(
                f"the system id '{system.system.id}' differs from its folder '{folder.name}'",
                system_read.name,
                ("system", "id"),
                line=system_read.lines.line_of(("system", "id")) if system_read.lines else None,
                hint=f"rename the folder to {system.system.id}",
            )
        )
    catalog = None
    if system is not None:
        catalog = Catalog(system, factions, origin)
        files = {key: r.name for key, r in reads.items()}
        by_name = {r.name: r for r in reads.values()}
        complete = all(not r.problems for key, r in reads.items() if key != "system")
        for p in check_catalog(catalog, files, complete):
            lines = by_name[p.file].lines if p.file in by_name else None
            problems.append(p.at(line=lines.line_of(p.path)) if lines else p)
    if system is not None and house is not None and not problems:
        system, house_problems = _with_house(system, factions, house)
        problems.extend(house_problems)
        catalog = Catalog(system, factions, origin)
    if problems:
        count = len(problems)
        raise CatalogError(
            f"{label}: {count} problem{'s' if count != 1 else ''} in the catalog",
            sorted_problems(problems),
        )
    # the catalog checked is the one returned: views its check worked out are kept
    assert catalog is not None
    return catalog


def _with_house(
    system: SystemFile, factions: dict[str, FactionFile], path: Path
) -> tuple[SystemFile, list[Problem]]:
    """The system with a user's house file laid over it, and the file's problems."""
    house, read = _read(path, str(path), HouseFile)
    if house is None:
        return system, read.problems
    merged = system.model_copy(
        update={
            "design": house.design or system.design,
            "cards": FrozenMap({**system.cards, **house.cards}),
        }
    )
    problems: list[Problem] = []
    if house.cards and merged.design is None:
        problems.append(
            Problem(
                "this game system has no unit designer",
                str(path),
                ("cards",),
                hint="cards belong to systems whose catalog has a [design] table",
            )
        )
    elif factions:
        view = Catalog(merged, factions).view(next(iter(factions)))
        for cid in house.cards:
            for p in view.designs[cid].problems:
                found = p.problem(cid)
                line = read.lines.line_of(found.path) if read.lines else None
                problems.append(found.at(file=str(path), line=line))
    return merged, problems
