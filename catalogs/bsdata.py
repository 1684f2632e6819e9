"""Load a folder of BattleScribe data: one game system (``.gst``/``.gstz``) and its
catalogues (``.cat``/``.catz``), read, checked and indexed, every problem at once.

The folder is the unit, as it is for our own TOML catalogs: its name is the system's id
in warband (``Library``), and ``warband catalogs --check DIR`` reports on it. Each file
is read with its size capped before a byte is read (``MAX_XML_BYTES``: a 10 GB file is
never read whole), inflated under the same cap if zipped, parsed safely
(``model.parse.xml_guard``: no DTD, no entities, depth and element caps), upgraded or
refused by version (``model.bsdata.versions``), read (``model.bsdata.read``), and then the
whole system is built (``GameSystem.build``) and checked across files
(``model.bsdata.check``).

Three severities come out (``BsCheck``): **unreadable** (a file that cannot be read at
all, or a folder that is not one game system: no ``.gst``, two of them, a ``.cat``
holding a game system), **errors** (the files read, but the data cannot be used as
written) and **warnings**. A folder loads when it has neither of the first two.

Choices about the folder. Two game systems in one folder are refused rather than one
picked: which catalogues belong to which is then a guess. A catalogue whose
``gameSystemId`` names another game system is an error naming both (it is usually a
catalogue copied into the wrong folder). Two catalogues with one id (a ``.cat`` beside
its own ``.catz``) are an error: the second is not used. Library catalogues load like
any other; ``GameSystem.factions`` leaves them out. Files with other names (README,
``index.bsi``) and sub-folders are not BattleScribe data and are passed over.

No cache, by measurement (``tests/benchmarks/test_bsdata_load.py``): Zone Raiders (eight
files, 0.7 MB) loads in about 56 ms against 11 ms for the standard library only parsing
it, and a 3 MB catalogue with its game system in about 350 ms against 120 ms, well
under the issue's 0.5 s and 1 s. A cache file would save a few tens of milliseconds per
run at the price of trusting, hashing and invalidating what it reads back.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from model.bsdata.check import check_system
from model.bsdata.data import Catalogue
from model.bsdata.read import read_catalogue
from model.bsdata.system import GameSystem
from model.bsdata.versions import version_warning
from model.core.problems import CatalogError, Problem
from model.parse.xml_guard import MAX_XML_BYTES, XmlRefused, parse_xml, unzip_one

SYSTEM_SUFFIXES = (".gst", ".gstz")
CATALOGUE_SUFFIXES = (".cat", ".catz")
ZIPPED = (".gstz", ".catz")


@dataclass(frozen=True)
class BsCheck:
    """A folder's load: the system built (None when it could not be), and what was found."""

    folder: Path
    system: GameSystem | None
    unreadable: tuple[Problem, ...] = ()
    errors: tuple[Problem, ...] = ()
    warnings: tuple[Problem, ...] = ()

    @property
    def ok(self) -> bool:
        """Usable as written: built, with no error (warnings allowed)."""
        return self.system is not None and not self.unreadable and not self.errors


def is_battlescribe_folder(folder: Path) -> bool:
    """Whether ``folder`` holds a BattleScribe game system file (and is not one of our
    TOML catalogs, which wins when a folder has both)."""
    try:
        return not (folder / "system.toml").is_file() and any(
            p.suffix.lower() in SYSTEM_SUFFIXES and p.is_file() for p in folder.iterdir()
        )
    except OSError:
        return False


def data_files(folder: Path) -> list[Path]:
    """The BattleScribe files of a folder, game systems first, each group by name."""
    suffixes = SYSTEM_SUFFIXES + CATALOGUE_SUFFIXES
    files = [p for p in folder.iterdir() if p.suffix.lower() in suffixes and p.is_file()]
    return sorted(files, key=lambda p: (p.suffix.lower() not in SYSTEM_SUFFIXES, p.name))


def read_bytes(path: Path, limit: int = MAX_XML_BYTES) -> bytes | XmlRefused:
    """A data file's XML, its size capped before reading and, zipped, after inflating."""
    try:
        with path.open("rb") as stream:
            data = stream.read(limit + 1)
    except OSError as exc:
        return XmlRefused(f"cannot be read ({exc.strerror or exc})")
    if len(data) > limit:
        return XmlRefused(f"it is over {limit:,} bytes, the most warband reads")
    if path.suffix.lower() in ZIPPED:
        return unzip_one(data, limit)
    return data


def read_file(path: Path) -> tuple[Catalogue | None, list[Problem], list[Problem]]:
    """One file: the catalogue read (None if it could not be), its problems and warnings."""
    name = path.name
    data = read_bytes(path)
    root = data if isinstance(data, XmlRefused) else parse_xml(data)
    if isinstance(root, XmlRefused):
        return None, [Problem(root.message, name, line=root.line)], []
    catalogue, problems = read_catalogue(root, name)
    warning = version_warning(root, name)
    return catalogue, problems, [warning] if warning else []


def check_battlescribe(folder: Path) -> BsCheck:
    """Read, build and check a BattleScribe folder; every problem at once, never raised."""
    try:
        files = data_files(folder)
    except OSError as exc:
        reason = exc.strerror or str(exc)
        return BsCheck(
            folder, None, (Problem(f"cannot be read as a folder ({reason})", str(folder)),)
        )
    unreadable: list[Problem] = []
    errors: list[Problem] = []
    warnings: list[Problem] = []
    systems: list[Catalogue] = []
    catalogues: dict[str, Catalogue] = {}
    for path in files:
        catalogue, problems, said = read_file(path)
        warnings.extend(said)
        if catalogue is None:
            unreadable.extend(problems)
            continue
        errors.extend(problems)
        named_system = path.suffix.lower() in SYSTEM_SUFFIXES
        if catalogue.is_game_system != named_system:
            holds, suffix = (
                ("a game system", ".gst") if catalogue.is_game_system else ("a catalogue", ".cat")
            )
            unreadable.append(
                Problem(
                    f"holds {holds}, not what its name ends in says",
                    path.name,
                    hint=f"rename it to end in {suffix}",
                )
            )
        elif named_system:
            systems.append(catalogue)
        elif catalogue.id in catalogues:
            errors.append(
                Problem(
                    f'has the id "{catalogue.id}" of {catalogues[catalogue.id].file}, so it is '
                    "not used",
                    path.name,
                    hint="keep one copy of each catalogue in the folder",
                )
            )
        else:
            catalogues[catalogue.id] = catalogue
    if len(systems) != 1:
        unreadable.append(_not_one_system(folder, systems))
        return BsCheck(folder, None, tuple(unreadable), tuple(errors), tuple(warnings))
    head = systems[0]
    if head.id in catalogues:
        clash = catalogues.pop(head.id)
        errors.append(
            Problem(
                f'has the id "{head.id}" of the game system, so it is not used',
                clash.file,
                hint="a catalogue needs an id of its own",
            )
        )
    system = GameSystem.build(head, tuple(catalogues.values()), str(folder))
    found = check_system(system)
    return BsCheck(
        folder,
        system,
        tuple(unreadable),
        tuple(errors) + found.errors,
        tuple(warnings) + found.warnings,
    )


def _not_one_system(folder: Path, systems: list[Catalogue]) -> Problem:
    if not systems:
        return Problem(
            "holds no BattleScribe game system (a .gst or .gstz file)",
            str(folder),
            hint="put the game system's file beside its catalogues",
        )
    return Problem(
        "holds more than one game system: " + ", ".join(s.file for s in systems),
        str(folder),
        hint="keep each game system, with its catalogues, in a folder of its own",
    )


def load_battlescribe(folder: Path) -> GameSystem:
    """A folder's game system, or ``CatalogError`` with every problem that stops it (the
    unreadable files and the errors; warnings do not)."""
    found = check_battlescribe(folder)
    if found.system is None or not found.ok:
        raise CatalogError(
            f"the BattleScribe data in {folder} cannot be used",
            found.unreadable + found.errors,
        )
    return found.system
