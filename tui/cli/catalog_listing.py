"""``warband catalogs``: the game systems found, a system's factions, a faction's units,
or ``--check`` a catalog folder (or a house file) and report every problem in it.

Apart from the roster commands: it reads catalogs, not lists. Folders of BattleScribe
data are listed and checked by ``tui.cli.bsdata_listing``, after our own catalogs.
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import TextIO

from tui.cli.exits import EXIT_INVALID, EXIT_OK, EXIT_UNREADABLE
from tui.cli.files import find_faction, open_library


def cmd_catalogs(args: argparse.Namespace, out: TextIO) -> int:
    """``warband catalogs [--check PATH]``; with --check, exits 1 when problems are found,
    2 when PATH holds neither a catalog nor BattleScribe data."""
    from catalogs.loader import load_system
    from model.core.problems import CatalogError, WarbandError

    if args.check is not None and _battlescribe(Path(args.check)):
        from tui.cli.bsdata_listing import check_folder

        folder = Path(args.check)
        return check_folder(folder if folder.is_dir() else folder.parent, out)
    if args.check is not None:
        check, house = Path(args.check), None
        if check.is_file() and check.name == "house.toml":
            check = check.parent
        if not (check / "system.toml").is_file() and (check / "house.toml").is_file():
            # a house file: checked laid over the bundled system it is named after
            entry = open_library(args).entries().get(check.name)
            bundled = open_library(args).bundled_dir / check.name
            house = check / "house.toml"
            check = entry.folder if entry and entry.folder != check else bundled
        try:
            catalog = load_system(check, origin="check", house=house)
        except CatalogError as exc:
            print(exc.render(), file=out)
            # a folder that holds no catalog at all cannot be read as one; a catalog with
            # problems breaks the rules a catalog keeps
            return EXIT_INVALID if (check / "system.toml").is_file() else EXIT_UNREADABLE
        units = sum(len(f.units) for f in catalog.factions.values()) + len(
            catalog.system_file.units
        )
        items = sum(len(f.items) for f in catalog.factions.values()) + len(
            catalog.system_file.items
        )
        cards = len(catalog.system_file.cards) + sum(
            len(f.cards) for f in catalog.factions.values()
        )
        print(
            f"{args.check}: no problems: {catalog.system.name} ({catalog.system.id}), "
            f"{len(catalog.factions)} factions, {units} units, {items} items"
            + (f", {cards} cards" if cards else ""),
            file=out,
        )
        return EXIT_OK
    library = open_library(args)
    bs_ids = library.battlescribe_entries() if args.system else {}
    if args.system in bs_ids and args.system not in library.entries():
        from tui.cli.bsdata_listing import list_battlescribe

        return list_battlescribe(library, args.system, args.faction, out)
    if args.system:
        from tui.listing import faction_listing, system_listing

        catalog = library.load(args.system)
        if args.faction is None:
            print(system_listing(catalog), file=out)
            return EXIT_OK
        print(faction_listing(find_faction(catalog, args.faction)), file=out)
        return EXIT_OK
    entries = library.entries()
    battlescribe = library.battlescribe_entries()
    if not entries and not battlescribe:
        print("no catalogs found", file=out)
        for problem in library.passed_over():
            print(f"note: {problem}", file=out)
        return EXIT_OK
    for entry in entries.values():
        try:
            catalog = library.load(entry.id)
        except WarbandError as exc:
            print(
                f"{entry.id} ({entry.origin}, {entry.folder}): cannot be loaded, "
                f"{len(exc.problems)} problems; run: warband catalogs --check {entry.folder}",
                file=out,
            )
            continue
        s = catalog.system
        print(f"{s.id}: {s.name}, {s.edition} (catalog {s.version}, {entry.origin})", file=out)
        for fid, faction in catalog.factions.items():
            mark = "" if faction.faction.data == "published" else f" [{faction.faction.data}]"
            print(f"  {fid}: {faction.faction.name}{mark}", file=out)
    if battlescribe:
        from tui.cli.bsdata_listing import overview

        for entry in battlescribe.values():
            overview(library, entry, out)
    for problem in library.passed_over():
        print(f"note: {problem}", file=out)
    return EXIT_OK


def _battlescribe(path: Path) -> bool:
    """Whether ``--check PATH`` names BattleScribe data: a folder holding a game system or
    catalogue file and no ``system.toml`` or ``house.toml``, or one such file."""
    from catalogs.bsdata import file_kind

    if path.is_file():
        return file_kind(path) is not None
    if not path.is_dir() or any((path / n).is_file() for n in ("system.toml", "house.toml")):
        return False
    try:
        return any(file_kind(p) is not None for p in path.iterdir() if p.is_file())
    except OSError:
        return False
