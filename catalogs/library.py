"""The game systems warband can see, found by folder and loaded on first use.

Listing systems only looks at folders, so the app's home screen and ``warband
catalogs`` start without building the catalog schema; a catalog is parsed and
checked the first time it is asked for, and kept.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING

from catalogs.locations import bundled_dir, user_catalog_dir

HOUSE_FILE = "house.toml"
"""A user's additions to a system (cards, a base-cost table), in a user catalog folder
named like the system; see ``model.catalog.HouseFile``."""

if TYPE_CHECKING:
    from model.catalog.schema import Catalog


@dataclass(frozen=True)
class SystemEntry:
    """A game-system folder found on disk, not yet loaded."""

    id: str
    folder: Path
    origin: str
    """``bundled`` or ``user``."""
    house: Path | None = None
    """A user's ``house.toml`` for this system (own cards, own base-cost table)."""


class Library:
    """Every game system warband can see: bundled, and the user's (which replace bundled
    ones with the same id). Catalogs load on first use and are kept."""

    def __init__(self, user_dir: str | Path | None = None, bundled: Path | None = None) -> None:
        self.bundled_dir = bundled or bundled_dir()
        self.user_dir = user_catalog_dir(user_dir)
        self._cache: dict[str, Catalog] = {}

    def entries(self) -> dict[str, SystemEntry]:
        """Systems by id, user folders replacing bundled ones."""
        found: dict[str, SystemEntry] = {}
        for origin, root in (("bundled", self.bundled_dir), ("user", self.user_dir)):
            if not root.is_dir():
                continue
            for folder in sorted(root.iterdir()):
                house = folder / HOUSE_FILE if origin == "user" else None
                if house is not None and not house.is_file():
                    house = None
                if (folder / "system.toml").is_file():
                    found[folder.name] = SystemEntry(folder.name, folder, origin, house)
                elif house is not None and folder.name in found:
                    found[folder.name] = replace(found[folder.name], house=house)
        return found

    def forget(self, system_id: str) -> None:
        """Load a system again next time it is asked for (its house file changed)."""
        self._cache.pop(system_id, None)

    def load(self, system_id: str) -> Catalog:
        """The catalog of a system id, or ``CatalogError`` (unknown id, or broken catalog)."""
        if system_id not in self._cache:
            from catalogs.loader import load_system
            from model.core.problems import CatalogError, Problem, did_you_mean

            entries = self.entries()
            entry = entries.get(system_id)
            if entry is None:
                raise CatalogError(
                    f"no catalog for the game system '{system_id}'",
                    [
                        Problem(
                            f"unknown system '{system_id}'",
                            hint=did_you_mean(system_id, entries)
                            or "known systems: " + ", ".join(sorted(entries)),
                        )
                    ],
                )
            self._cache[system_id] = load_system(entry.folder, entry.origin, entry.house)
        return self._cache[system_id]
