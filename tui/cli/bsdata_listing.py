"""``warband catalogs`` over BattleScribe data: a game system among the others, its
catalogues and force entries, a catalogue's root entries and their costs, and
``--check`` of a BattleScribe folder.

Apart from ``catalog_listing`` (our own TOML catalogs) because what is listed differs:
a BattleScribe system has catalogues (some of them libraries, not factions) and force
entries, and its entries have costs in the system's cost types. Every text from the
files is shown on one line through ``terminal_safe``.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, TextIO

from model.core.messages import counted
from model.core.safe_text import one_line
from tui.cli.exits import EXIT_INVALID, EXIT_OK, EXIT_UNREADABLE

if TYPE_CHECKING:
    from catalogs.bsdata import BsCheck
    from catalogs.library import Library, SystemEntry
    from model.bsdata.data import Catalogue, Entry
    from model.bsdata.system import GameSystem


def overview(library: Library, entry: SystemEntry, out: TextIO) -> None:
    """One system in ``warband catalogs``: its name and id and how many warnings its
    check finds, then its factions. The names come from the root elements of its files;
    the count needs the whole game checked, which is done once after its files change
    and then kept (``catalogs.bs_cache.game_counts``)."""
    from catalogs.bs_cache import game_counts

    heads = library.heads(entry)
    head = heads.system
    counts = game_counts(entry.folder) if head is not None and heads.usable else None
    if head is None or counts is None or counts.unreadable:
        problems = len(heads.unreadable) or (counts.unreadable if counts else 0)
        print(
            f"{entry.id} ({entry.origin}, {entry.folder}): BattleScribe data that cannot be "
            f"used, {counted(problems, 'problem')}; run: warband catalogs --check "
            f"{entry.folder}",
            file=out,
        )
        return
    folder = f", folder {one_line(entry.folder.name)}" if entry.folder.name != entry.id else ""
    # a usable game with errors is listed as usable, its errors counted (SEMANTICS.md F1)
    said = [counted(counts.errors, "error")] if counts.errors else []
    if counts.warnings:
        said.append(f"{counts.warnings:,} {'warning' if counts.warnings == 1 else 'warnings'}")
    check = f": warband catalogs --check {entry.folder}" if counts.errors else ""
    print(
        f"{entry.id}: {one_line(head.name)} (revision {head.revision}, BattleScribe data, "
        f"{entry.origin}{folder}{'; ' if said else ''}{', '.join(said)}{check})",
        file=out,
    )
    for catalogue in heads.factions:
        print(f"  {one_line(catalogue.name)} ({one_line(catalogue.file)})", file=out)


def list_battlescribe(library: Library, system_id: str, wanted: str | None, out: TextIO) -> int:
    """``warband catalogs SYSTEM [CATALOGUE]`` for a BattleScribe system."""
    system = library.load_battlescribe(system_id)
    if wanted is None:
        print(system_listing(system_id, system), file=out)
    else:
        print(catalogue_listing(system, find_catalogue(system, wanted)), file=out)
    return EXIT_OK


def system_listing(system_id: str, system: GameSystem) -> str:
    """``warband catalogs SYSTEM``: the catalogues (factions, then libraries) and the
    force entries each offers."""
    head = system.system
    lines = [
        f"{one_line(head.name)} ({system_id}), revision {head.revision}, BattleScribe data",
        "cost types: "
        + (", ".join(one_line(c.name) for c in head.cost_types if not c.hidden) or "none"),
        "forces of every catalogue: "
        + (", ".join(one_line(f.name) for f in head.forces if not f.hidden) or "none"),
        "catalogues (give one's name or file to list its entries):",
    ]
    ordered = system.factions + tuple(c for c in system.catalogues if c.library)
    for catalogue in ordered:
        mark = " [library]" if catalogue.library else ""
        lines.append(
            f"  {one_line(catalogue.name)}{mark}: {one_line(catalogue.file)}, revision "
            f"{catalogue.revision}, id {one_line(catalogue.id)}"
        )
        own = ", ".join(one_line(f.name) for f in catalogue.forces if not f.hidden)
        if own:
            lines.append(f"    forces: {own}")
    return "\n".join(lines)


def find_catalogue(system: GameSystem, wanted: str) -> Catalogue:
    """A catalogue by id, file name, file stem or name (case aside), or ``CatalogError``."""
    from model.core.problems import CatalogError, Problem, did_you_mean

    folded = wanted.casefold()
    for catalogue in system.catalogues:
        names = (catalogue.id, catalogue.file, Path(catalogue.file).stem, catalogue.name)
        if any(n.casefold() == folded for n in names):
            return catalogue
    choices = [c.name for c in system.catalogues]
    raise CatalogError(
        f"no catalogue '{wanted}' in {system.name}",
        [
            Problem(
                f"unknown catalogue '{wanted}'",
                hint=did_you_mean(wanted, choices) or "catalogues: " + ", ".join(choices),
            )
        ],
    )


def catalogue_listing(system: GameSystem, catalogue: Catalogue) -> str:
    """``warband catalogs SYSTEM CATALOGUE``: the root entries a force of it may select
    (its own, then those it imports), each with its kind and base cost."""
    origin = {id(e): c.file for c in (system.system, *system.catalogues) for e in c.root_entries}
    roots = system.imported_roots(catalogue.id)
    lines = [
        f"{one_line(catalogue.name)} ({one_line(system.name)}), revision {catalogue.revision}: "
        f"{counted(len(roots), 'root entry', 'root entries')}"
    ]
    width = max((len(one_line(e.name)) for e in roots), default=0)
    for entry in roots:
        target = _target(system, catalogue, entry)
        kind = "group" if target.tag == "selectionEntryGroup" else target.type
        notes = " [hidden]" if entry.hidden or target.hidden else ""
        if origin.get(id(entry), catalogue.file) != catalogue.file:
            notes += f" [from {one_line(origin[id(entry)])}]"
        cost = _costs(system, _base_costs(entry, target))
        lines.append(f"  {one_line(entry.name):<{width}}  {kind:<7} {cost}{notes}")
    return "\n".join(lines)


def _target(system: GameSystem, catalogue: Catalogue, entry: Entry) -> Entry:
    """The entry a link stands for (the link itself when it leads nowhere)."""
    from model.bsdata.data import Entry

    if entry.tag != "entryLink" or entry.target_id is None:
        return entry
    found = system.find(entry.target_id, catalogue.id)
    return found if isinstance(found, Entry) else entry


def _base_costs(entry: Entry, target: Entry) -> dict[str, float]:
    """The target's costs with the link's own laid over them, by cost type."""
    costs: dict[str, float] = {}
    for cost in (*target.costs, *(entry.costs if entry is not target else ())):
        costs[cost.type_id] = cost.value
    return costs


def _costs(system: GameSystem, costs: dict[str, float]) -> str:
    names = {c.id: c.name for c in system.cost_types() if not c.hidden}
    shown = [f"{v:g} {one_line(names[k])}" for k, v in costs.items() if v and k in names]
    if shown:
        return ", ".join(shown)
    first = next(iter(names.values()), "")
    return f"0 {one_line(first)}".strip()


def check_folder(folder: Path, out: TextIO) -> int:
    """``warband catalogs --check DIR`` on BattleScribe data: every problem, then a line
    to sum up. Exits 2 when nothing can be built (the game is refused), 1 on errors (the
    game still loads: a list may be costed or checked otherwise than the data means), else
    0 (warnings too); ``SEMANTICS.md``, "Faults in the data"."""
    from catalogs.bs_cache import check_game

    found = check_game(folder)
    problems = (*found.unreadable, *found.errors)
    for problem in found.unreadable:
        print(f"unreadable: {problem}", file=out)
    for problem in found.errors:
        print(f"error: {problem}", file=out)
    for problem in found.warnings:
        print(f"warning: {problem}", file=out)
    warned = f"; {counted(len(found.warnings), 'warning')}" if found.warnings else ""
    if not found.ok:
        print(f"{folder}: cannot be read: {counted(len(problems), 'problem')}{warned}", file=out)
        return EXIT_UNREADABLE
    if found.errors:
        print(
            f"{folder}: usable, with {counted(len(found.errors), 'error')}{warned}: "
            f"{_summary(found)}",
            file=out,
        )
        return EXIT_INVALID
    print(f"{folder}: no problems: {_summary(found)}{warned}", file=out)
    return EXIT_OK


def _summary(found: BsCheck) -> str:
    system = found.system
    if system is None:
        return "nothing read"
    files = (system.system, *system.catalogues)
    libraries = sum(c.library for c in system.catalogues)
    kept = f" ({libraries} library)" if libraries else ""
    return ", ".join(
        (
            f"{one_line(system.name)} (revision {system.system.revision})",
            counted(len(system.catalogues), "catalogue") + kept,
            counted(sum(len(c.root_entries) for c in files), "root entry", "root entries"),
            counted(sum(len(c.shared_entries) for c in files), "shared entry", "shared entries"),
            counted(sum(len(c.forces) for c in files), "force entry", "force entries"),
        )
    )
