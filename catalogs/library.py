"""The game systems warband can see, found by folder and loaded on first use.

Listing systems only looks at folders, so the app's home screen and ``warband
catalogs`` start without building the catalog schema; a catalog is parsed and
checked the first time it is asked for, and kept.

Two kinds of folder are systems: our own TOML catalogs (``system.toml``), and folders of
BattleScribe data (a ``.gst`` or ``.gstz`` and its catalogues, ``catalogs.bsdata``), whose
id is the folder's name. They are listed and loaded apart (``entries``/``load`` and
``battlescribe_entries``/``load_battlescribe``) because they load into different things
(a ``Catalog``, a ``GameSystem``): every caller of ``entries`` and ``load`` builds lists
over a ``Catalog`` and stays as it was.

A BattleScribe game is listed from the root elements of its files (``heads``), and a
roster's game is found by the id its ``.gst`` declares (``battlescribe_for``) without
loading the others. A catalog folder holding more than ``MAX_GAME_FOLDERS`` folders has
only the first that many (by name) read, and ``passed_over`` says so.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Literal

from catalogs.folder_limits import MAX_GAME_FOLDERS
from catalogs.locations import bundled_dir, user_catalog_dir
from model.core.value import frozen_value

HOUSE_FILE = "house.toml"
"""A user's additions to a system (cards, a base-cost table), in a user catalog folder
named like the system; see ``model.catalog.HouseFile``."""

BS_SUFFIX = "-bsdata"
"""Added to a BattleScribe folder's name for its id when a TOML system has that name."""

if TYPE_CHECKING:
    from catalogs.bsdata import BsHeads
    from model.bsdata.system import GameSystem
    from model.catalog.schema import Catalog
    from model.core.problems import Problem


@frozen_value(slots=False)
class SystemEntry:
    """A game-system folder found on disk, not yet loaded."""

    id: str
    folder: Path
    origin: str
    """``bundled`` or ``user``."""
    house: Path | None = None
    """A user's ``house.toml`` for this system (own cards, own base-cost table)."""
    kind: Literal["warband", "battlescribe"] = "warband"
    """Our own TOML catalog, or a folder of BattleScribe data."""


class Library:
    """Every game system warband can see: bundled, and the user's (which replace bundled
    ones with the same id). Catalogs load on first use and are kept."""

    def __init__(self, user_dir: str | Path | None = None, bundled: Path | None = None) -> None:
        self.bundled_dir = bundled or bundled_dir()
        self.user_dir = user_catalog_dir(user_dir)
        self._cache: dict[str, Catalog] = {}
        self._bs_cache: dict[str, GameSystem] = {}
        self._bs_heads: dict[str, BsHeads] = {}
        self._bs_parts: dict[tuple[str, frozenset[str]], GameSystem] = {}
        """Games read for lists of some catalogues only (``load_battlescribe``)."""

    def _roots(self) -> list[tuple[str, Path, list[Path]]]:
        """Each catalog folder (bundled, then the user's) with its first
        ``MAX_GAME_FOLDERS`` folders, sorted by name."""
        found: list[tuple[str, Path, list[Path]]] = []
        for origin, root in (("bundled", self.bundled_dir), ("user", self.user_dir)):
            try:
                folders = sorted(p for p in root.iterdir() if p.is_dir()) if root.is_dir() else []
            except OSError:
                folders = []
            found.append((origin, root, folders[:MAX_GAME_FOLDERS]))
        return found

    def passed_over(self) -> list[Problem]:
        """What of the catalog folders is not read as a game, said with why: a catalog
        folder holding more game folders than are read (with the limit), and a folder of
        BattleScribe catalogues without their game system file (a user who copied part of
        a release would otherwise see the game missing from the list, and nothing said)."""
        from catalogs.bsdata import is_battlescribe_folder
        from model.core.problems import Problem

        out = []
        for _, root, held in self._roots():
            for folder in held:
                if (
                    not any((folder / n).is_file() for n in ("system.toml", HOUSE_FILE))
                    and not is_battlescribe_folder(folder)
                    and _any_catalogue(folder)
                ):
                    out.append(
                        Problem(
                            "holds BattleScribe catalogues but no game system file, so "
                            "warband cannot use them",
                            str(folder),
                            hint="copy the game system's file of the same release (its .gst, "
                            ".gstz or .json) into this folder",
                        )
                    )
            try:
                count = sum(p.is_dir() for p in root.iterdir()) if root.is_dir() else 0
            except OSError:
                continue
            if count > MAX_GAME_FOLDERS:
                out.append(
                    Problem(
                        f"holds {count:,} folders, over the {MAX_GAME_FOLDERS:,} game folders "
                        f"warband reads: only the first {MAX_GAME_FOLDERS:,} by name are read",
                        str(root),
                        hint="move the games you do not play out of the catalog folder",
                    )
                )
        return out

    def entries(self) -> dict[str, SystemEntry]:
        """Systems by id, user folders replacing bundled ones."""
        found: dict[str, SystemEntry] = {}
        for origin, _, held in self._roots():
            for folder in held:
                house = folder / HOUSE_FILE if origin == "user" else None
                if house is not None and not house.is_file():
                    house = None
                if (folder / "system.toml").is_file():
                    found[folder.name] = SystemEntry(folder.name, folder, origin, house)
                elif house is not None and folder.name in found:
                    found[folder.name] = replace(found[folder.name], house=house)
        return found

    def battlescribe_entries(self) -> dict[str, SystemEntry]:
        """BattleScribe game systems by id, user folders replacing bundled ones.

        The id is the folder's name, unless one of our TOML systems has that id (a
        ``punkapocalyptic`` folder of BSData beside the bundled Punkapocalyptic): then it
        is the name with ``-bsdata`` after it, so both stay usable and a roster over the
        TOML system never silently opens over the other. A folder holding a
        ``system.toml`` is a TOML system, listed by ``entries`` only."""
        from catalogs.bsdata import is_battlescribe_folder

        taken = self.entries()
        found: dict[str, SystemEntry] = {}
        for origin, _, held in self._roots():
            for folder in held:
                if folder.is_dir() and is_battlescribe_folder(folder):
                    name = folder.name + BS_SUFFIX if folder.name in taken else folder.name
                    found[name] = SystemEntry(name, folder, origin, kind="battlescribe")
        return found

    def load_battlescribe(
        self, system_id: str, catalogues: Collection[str] | None = None
    ) -> GameSystem:
        """The BattleScribe game system of a folder id, or ``CatalogError`` (unknown id,
        or data that cannot be used: every problem). With ``catalogues`` (ids: those a
        list's forces name), only the files such a list needs are read
        (``catalogs.bs_cache.list_files``): enough to evaluate, show, edit and export the
        list, not to offer a force of another catalogue (``GameSystem.factions``)."""
        from catalogs.bs_cache import load_game
        from model.core.problems import CatalogError, Problem, did_you_mean

        if system_id in self._bs_cache:
            return self._bs_cache[system_id]
        wanted = None if catalogues is None else frozenset(catalogues)
        if wanted is not None and (system_id, wanted) in self._bs_parts:
            return self._bs_parts[system_id, wanted]
        entries = self.battlescribe_entries()
        entry = entries.get(system_id)
        if entry is None:
            raise CatalogError(
                f"no BattleScribe data for the game system '{system_id}'",
                [
                    Problem(
                        f"unknown system '{system_id}'",
                        hint=did_you_mean(system_id, entries)
                        or "BattleScribe systems: " + (", ".join(sorted(entries)) or "none"),
                    )
                ],
            )
        system = load_game(entry.folder, wanted)
        if wanted is None:
            self._bs_cache[system_id] = system
        else:
            self._bs_parts[system_id, wanted] = system
        return system

    def heads(self, entry: SystemEntry) -> BsHeads:
        """A BattleScribe folder as the root elements of its files say (its game's id,
        name and revision, its catalogues' names), read once: enough to list it."""
        if entry.id not in self._bs_heads:
            from catalogs.bsdata import read_heads

            self._bs_heads[entry.id] = read_heads(entry.folder)
        return self._bs_heads[entry.id]

    def battlescribe_for(
        self, game_system_id: str, catalogues: Collection[str] | None = None
    ) -> tuple[str, GameSystem] | None:
        """The BattleScribe system whose game system has the id ``game_system_id`` (a
        roster's ``gameSystemId``), with its folder id; found by the head of each
        folder's ``.gst``, so only that folder is loaded (with ``catalogues``, only what
        a list of them needs: ``load_battlescribe``). None when no folder has it;
        ``CatalogError`` when the folders that have it cannot be used (the first one's
        problems)."""
        from catalogs.bsdata import read_heads
        from model.core.problems import CatalogError

        failed: CatalogError | None = None
        for system_id, entry in self.battlescribe_entries().items():
            heads = self._bs_heads.get(system_id) or read_heads(entry.folder, catalogues=False)
            if heads.system is None or heads.system.id != game_system_id:
                continue
            try:
                return system_id, self.load_battlescribe(system_id, catalogues)
            except CatalogError as exc:
                failed = failed or exc
        if failed is not None:
            raise failed
        return None

    def battlescribe_game_of(
        self, game_system_id: str, file: str, catalogues: Collection[str] | None = None
    ) -> tuple[str, GameSystem]:
        """``battlescribe_for``, or ``CatalogError`` naming ``file`` (the roster being
        read) and where the game's files go when no folder has that game (what
        ``warband import`` says; the app's Import names the folder path instead)."""
        from model.core.problems import CatalogError, Problem

        found = self.battlescribe_for(game_system_id, catalogues)
        if found is not None:
            return found
        raise CatalogError(
            f"cannot import {file}",
            [
                Problem(
                    f"no BattleScribe game system with the id '{game_system_id}' in the "
                    "catalog folder",
                    file,
                    hint="put the game's .gst and .cat files in a folder of the catalog folder "
                    "(--catalog-dir), then import again",
                ),
                *self.passed_over(),
            ],
        )

    def forget(self, system_id: str) -> None:
        """Load a system again next time it is asked for (its house file changed)."""
        self._cache.pop(system_id, None)
        self._bs_cache.pop(system_id, None)
        self._bs_heads.pop(system_id, None)
        for key in [k for k in self._bs_parts if k[0] == system_id]:
            del self._bs_parts[key]

    def load(self, system_id: str) -> Catalog:
        """The catalog of a system id, or ``CatalogError`` (unknown id, or broken catalog)."""
        if system_id not in self._cache:
            from catalogs.loader import load_system
            from model.core.problems import CatalogError, Problem, did_you_mean

            entries = self.entries()
            entry = entries.get(system_id)
            if entry is None:
                others = self.battlescribe_entries()
                battlescribe = system_id in others
                known = {**others, **entries}
                raise CatalogError(
                    f"no catalog for the game system '{system_id}'",
                    [
                        Problem(
                            f"'{system_id}' is BattleScribe data, not a warband catalog"
                            if battlescribe
                            else f"unknown system '{system_id}'",
                            hint=f"list it with: warband catalogs {system_id}"
                            if battlescribe
                            else did_you_mean(system_id, known)
                            or "known systems: " + ", ".join(sorted(known)),
                        )
                    ],
                )
            self._cache[system_id] = load_system(entry.folder, entry.origin, entry.house)
        return self._cache[system_id]


def _any_catalogue(folder: Path) -> bool:
    """Whether ``folder`` holds a BattleScribe catalogue file."""
    from catalogs.bsdata import file_kind

    try:
        return any(p.is_file() and file_kind(p) == "catalogue" for p in folder.iterdir())
    except OSError:
        return False
