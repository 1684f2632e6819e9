"""What the commands open and refuse to overwrite: the catalog library of
``--catalog-dir``, a roster file resolved against it and checked, a faction by id (with
"did you mean"), and an output file that exists without ``--force``.

Apart because the roster, sharing, catalog and battle commands all start this way.
"""

from __future__ import annotations

import argparse
import gc
import os
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from catalogs.library import Library
    from model.catalog.schema import Catalog, FactionView
    from model.core.problems import WarbandError
    from model.roster.roster import Roster
    from model.rules.findings import Report


def open_library(args: argparse.Namespace) -> Library:
    from catalogs.library import Library

    return Library(args.catalog_dir)


def open_roster(args: argparse.Namespace) -> tuple[Roster, FactionView, Report]:
    """The roster file of ``args``, the faction it is built from and its report.

    Python's cyclic garbage collector is switched off from here to the end of the command
    (``tui.cli.main`` switches it back on as it returns). Opening a list is most of a
    ``warband validate``: importing the models, defining some fifty pydantic models and as
    many dataclasses, unpickling the catalog and building the roster's validator. All of
    that lives until the process ends, and the collector walked it again and again as it
    was made (some eighty collections, a tenth of the command, issue 33) and freed
    nothing; switched back on within the command, its first collection walked it all once
    more. What a command over one of our lists makes is bounded by the size caps of the
    files it reads, so no garbage piles up without bound meanwhile."""
    gc.disable()
    from model.roster.validate import validate
    from saves.roster_file import read_roster, resolve

    roster, source = read_roster(args.file)
    view = resolve(roster, source, open_library(args).load)
    return roster, view, validate(view, roster)


def find_faction(catalog: Catalog, faction_id: str) -> FactionView:
    """A faction of a catalog, or a ``CatalogError`` with "did you mean"."""
    from model.core.problems import CatalogError, Problem, did_you_mean

    if faction_id not in catalog.factions:
        raise CatalogError(
            f"no faction '{faction_id}' in {catalog.system.name}",
            [
                Problem(
                    f"unknown faction '{faction_id}'",
                    hint=did_you_mean(faction_id, catalog.factions)
                    or "factions: " + ", ".join(catalog.factions),
                )
            ],
        )
    return catalog.view(faction_id)


def refuse_overwrite(path: Path, force: bool, error: type[WarbandError] | None = None) -> None:
    """Refuse (``error``, a ``RosterError`` by default) to write over anything at ``path``
    without ``--force``: a file, and a link too, even one to nothing, since the write
    would land wherever the link points."""
    from model.core.problems import Problem, RosterError

    if force or not os.path.lexists(path):
        return
    said = "not overwritten"
    if path.is_symlink():
        said += f": it is a link (to {path.readlink()}), and writing would follow it"
    raise (error or RosterError)(
        f"{path} already exists", [Problem(said, str(path), hint="pass --force to replace it")]
    )
