"""Load a game-system folder into a ``Catalog``, reporting every problem at once.

A folder with three mistakes reports all three: each file is parsed and
schema-checked on its own (a broken faction file does not hide the others), then
the files are checked against each other. Every problem names its file, the
dotted key path, and the line where the key is written.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

from pydantic import BaseModel, ValidationError

from model.catalog.files import FactionFile, HouseFile, SystemFile
from model.catalog.schema import Catalog
from model.core.base import FrozenMap
from model.core.problems import CatalogError, Problem, sorted_problems
from model.parse.schema_errors import problems_from
from model.parse.toml_text import MAX_BYTES, KeyLines, parse

if TYPE_CHECKING:
    from catalogs.cache import CatalogCache

M = TypeVar("M", bound=BaseModel)


def _error(title: str, problems: list[Problem]) -> CatalogError:
    return CatalogError(title, problems)


@dataclass
class _Read:
    """One catalog file as read: its display name, text index and model (if valid)."""

    name: str
    lines: KeyLines | None = None
    problems: list[Problem] = field(default_factory=list)


def _bytes(path: Path) -> bytes | OSError:
    """A file's bytes (never more than parse reads), or the error that stopped reading."""
    try:
        with path.open("rb") as stream:
            return stream.read(MAX_BYTES + 1)  # a huge file is refused by parse, not read
    except OSError as exc:
        return exc


def _read(
    path: Path, name: str, model: type[M], data: bytes | OSError | None = None
) -> tuple[M | None, _Read]:
    read = _Read(name)
    if data is None:
        data = _bytes(path)
    if isinstance(data, OSError):
        read.problems.append(Problem(f"cannot be read: {data.strerror or data}", name))
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


def load_system(
    folder: Path, origin: str = "bundled", house: Path | None = None, *, cache: bool = True
) -> Catalog:
    """Load one game-system folder, or raise ``CatalogError`` listing every problem.

    ``house`` is a user's ``house.toml`` for the system: its base-cost table replaces
    the system's and its cards are added; its problems are reported with the rest.

    With ``cache`` (the default), a catalog whose files, origin and warband code are
    byte for byte those of one loaded before comes from the user's cache folder without
    parsing or checking, and one that loads without problems is kept there
    (``catalogs.cache``); the result is the same catalog either way.
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
    paths = sorted((folder / "factions").glob("*.toml"))
    texts = {path: _bytes(path) for path in (folder / "system.toml", *paths)}
    house_text = _bytes(house) if house is not None else None
    kept = _cache_entry(folder, origin, house, texts, house_text) if cache else None
    if kept is not None:
        store, entry, key = kept
        found = store.get(entry, key, [p.stem for p in paths], _size(texts, house_text))
        if found is not None:
            return Catalog(found[0], found[1], origin)
    catalog = _load(folder, origin, house, paths, texts, house_text)
    if kept is not None:
        store.put(entry, key, catalog.system_file, dict(catalog.factions))
    return catalog


def _size(texts: dict[Path, bytes | OSError], house: bytes | OSError | None) -> int:
    return sum(len(t) for t in (*texts.values(), house) if isinstance(t, bytes))


def _cache_entry(
    folder: Path,
    origin: str,
    house: Path | None,
    texts: dict[Path, bytes | OSError],
    house_text: bytes | OSError | None,
) -> tuple[CatalogCache, Path, bytes] | None:
    """The cache, this catalog's entry in it and its key; None when it cannot be cached
    (a file that cannot be read is a problem the load reports, never a cached catalog)."""
    from catalogs.cache import CatalogCache, entry_key
    from catalogs.locations import cache_dir

    files: list[tuple[str, bytes]] = []
    for path, data in texts.items():
        if not isinstance(data, bytes):
            return None
        files.append((str(path.relative_to(folder)), data))
    if house is not None:
        if not isinstance(house_text, bytes):
            return None
        files.append(("house", house_text))
    key = entry_key(folder.name, origin, files)
    if key is None:
        return None
    store = CatalogCache(cache_dir())
    return store, store.entry_path(folder, origin, house), key


def _load(
    folder: Path,
    origin: str,
    house: Path | None,
    paths: list[Path],
    texts: dict[Path, bytes | OSError],
    house_text: bytes | OSError | None,
) -> Catalog:
    """Parse, validate and check a catalog's files (already read), or raise
    ``CatalogError`` listing every problem."""
    label = str(folder)
    system_path = folder / "system.toml"
    system, system_read = _read(system_path, f"{label}/system.toml", SystemFile, texts[system_path])
    reads = {"system": system_read}
    factions: dict[str, FactionFile] = {}
    for path in paths:
        faction, read = _read(path, f"{label}/factions/{path.name}", FactionFile, texts[path])
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
        from model.catalog.check import check_catalog  # not needed by a cached catalog

        for p in check_catalog(catalog, files, complete):
            lines = by_name[p.file].lines if p.file in by_name else None
            problems.append(p.at(line=lines.line_of(p.path)) if lines else p)
    if system is not None and house is not None and not problems:
        system, house_problems = _with_house(system, factions, house, house_text)
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
    system: SystemFile,
    factions: dict[str, FactionFile],
    path: Path,
    data: bytes | OSError | None = None,
) -> tuple[SystemFile, list[Problem]]:
    """The system with a user's house file laid over it, and the file's problems."""
    house, read = _read(path, str(path), HouseFile, data)
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
