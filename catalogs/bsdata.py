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

Three severities come out (``BsCheck``; ``model/bsdata/SEMANTICS.md``, "Faults in the
data", rules F1 to F7). **unreadable**: nothing can be built, so the game is refused (a
folder that cannot be read or is past the limits, no game system file or two, a game
system file that is not data at all). **errors**: the game loads, but a list built from
it may be costed or checked otherwise than the data means (a value read as its default,
a count of a field that is not one) or a whole catalogue is lost (a file that is not
data, which BattleScribe would not load either). **warnings**: the game loads, and
BattleScribe or New Recruit would load it the same way. ``catalogs --check`` exits 2, 1
or 0 by the worst; every game with no unreadable file loads (``BsCheck.ok``), and what a
fault touches is passed over and told to each list that uses it (``bs-data-fault``).

Choices about the folder. Two game systems in one folder are refused rather than one
picked: which catalogues belong to which is then a guess; but one game system twice (a
``.gst`` beside its ``.gstz``, one id) is one game, kept as two catalogues with one id
are. A catalogue whose ``gameSystemId`` names another game system is not used, with a
warning naming both (it is usually a catalogue copied into the wrong folder;
BattleScribe offers a catalogue only with the game system it names). Two catalogues with
one id (a ``.cat`` beside its own ``.catz``, or BSData's Blood Bowl, whose copy of a
team marked "not yet implemented" shares the team's id) are a warning: the higher
revision is kept, at equal revisions the one holding more entries, then the first by
file name, and the warning names both files and why (``_one_of``). A catalogue with the
game system's id is not used (the game system is kept: every catalogue needs it). A file
whose content is not what its name says (a ``.cat`` holding a game system) is not used,
an error. Library catalogues load like any other; ``GameSystem.factions`` leaves them
out. Files with other names (README, ``index.bsi``) and sub-folders are not BattleScribe
data and are passed over.

A folder past the limits of ``catalogs.folder_limits`` (files in one game, their bytes)
is refused before any file is read, with a message naming the limit. Listing games
reads only the root element of each file (``read_heads``: the game's id, name and
revision, each catalogue's name and whether it is a library), through
``model.parse.xml_head``, under the same guards; a file whose root reads but whose body
is broken is found by a load or by ``warband catalogs --check``.

Loading fast and lean is ``catalogs.bs_cache``'s: a game read with the garbage collector
held off, kept checked in the user's cache folder, and for a list only the files its
forces need (``check_battlescribe``'s ``only``).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import replace
from pathlib import Path
from typing import Literal
from xml.etree.ElementTree import Element

from catalogs.folder_limits import MAX_GAME_BYTES, MAX_GAME_FILES
from model.bsdata.data import Catalogue
from model.bsdata.nr_extensions import unevaluated_warning
from model.bsdata.read import read_catalogue
from model.bsdata.system import GameSystem
from model.bsdata.versions import version_warning
from model.core.problems import CatalogError, Problem
from model.core.value import frozen_value
from model.parse.xml_guard import MAX_XML_BYTES, XmlRefused, parse_xml, unzip_one
from model.parse.xml_head import read_head

SYSTEM_SUFFIXES = (".gst", ".gstz")
CATALOGUE_SUFFIXES = (".cat", ".catz")
ZIPPED = (".gstz", ".catz")
JSON = ".json"
"""New Recruit's format: a ``.json`` file holding ``{"gameSystem": ...}`` or
``{"catalogue": ...}`` (its first bytes say which: ``file_kind``)."""

JSON_SNIFF = 256
"""How much of a ``.json`` file is read to tell game data from other JSON."""


def file_kind(path: Path) -> Literal["system", "catalogue"] | None:
    """What a file in a game folder holds by its name, or, for a ``.json`` file, by its
    first bytes: a game system, a catalogue, or neither (not BattleScribe data, passed
    over like a README: a gallery's ``catpkg.json`` sits beside the data)."""
    suffix = path.suffix.lower()
    if suffix in SYSTEM_SUFFIXES:
        return "system"
    if suffix in CATALOGUE_SUFFIXES:
        return "catalogue"
    if suffix != JSON:
        return None
    from model.bsdata.json_data import json_root

    try:
        with path.open("rb") as stream:
            root = json_root(stream.read(JSON_SNIFF))
    except OSError:
        return None
    if root is None:
        return None
    return "system" if root == "gameSystem" else "catalogue"


@frozen_value(slots=False)
class BsCheck:
    """A folder's load: the system built (None when it could not be), and what was found."""

    folder: Path
    system: GameSystem | None
    unreadable: tuple[Problem, ...] = ()
    errors: tuple[Problem, ...] = ()
    warnings: tuple[Problem, ...] = ()

    @property
    def ok(self) -> bool:
        """Usable: built, so a game opens (errors and warnings allowed: what a fault
        touches is passed over, and a list using it is told, ``bs-data-fault``)."""
        return self.system is not None and not self.unreadable

    @property
    def clean(self) -> bool:
        """Usable with no error (warnings allowed): ``catalogs --check`` exits 0."""
        return self.ok and not self.errors


def is_battlescribe_folder(folder: Path) -> bool:
    """Whether ``folder`` holds a BattleScribe game system file (and is not one of our
    TOML catalogs, which wins when a folder has both)."""
    try:
        return not (folder / "system.toml").is_file() and any(
            p.is_file() and file_kind(p) == "system" for p in folder.iterdir()
        )
    except OSError:
        return False


def data_files(folder: Path) -> list[Path]:
    """The BattleScribe files of a folder (XML, zipped or JSON), game systems first, each
    group by name."""
    kinds = {p: file_kind(p) for p in folder.iterdir() if p.is_file()}
    files = [p for p, kind in kinds.items() if kind is not None]
    return sorted(files, key=lambda p: (kinds[p] != "system", p.name))


def over_limits(folder: Path, files: list[Path]) -> Problem | None:
    """Why a game folder holding ``files`` is refused before any is read: more files or
    more bytes than ``catalogs.folder_limits`` allows; None when it is within both."""
    if len(files) > MAX_GAME_FILES:
        return Problem(
            f"holds {len(files):,} BattleScribe files, over the {MAX_GAME_FILES:,} warband "
            "reads in one game (the biggest real game has under 50)",
            str(folder),
            hint="keep one game system and its catalogues in a folder of its own",
        )
    size = 0
    for path in files:
        try:  # a file over the cap of one file is refused on its own, saying so
            size += min(path.stat().st_size, MAX_XML_BYTES + 1)
        except OSError:
            continue  # reading it says why
    if size > MAX_GAME_BYTES:
        return Problem(
            f"holds {size:,} bytes of BattleScribe files, over the {MAX_GAME_BYTES:,} "
            "warband reads in one game (the biggest real game has about 25 MB)",
            str(folder),
            hint="keep one game system and its catalogues in a folder of its own",
        )
    return None


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


def parse_data(path: Path, data: bytes, head: bool = False) -> Element | XmlRefused:
    """A data file's root element, from XML or (a ``.json`` file) from New Recruit's JSON;
    with ``head``, a JSON file's root without its children."""
    if path.suffix.lower() != JSON:
        return parse_xml(data)
    from model.bsdata.json_data import element_of
    from model.parse.json_guard import parse_json

    document = parse_json(data)
    return document if isinstance(document, XmlRefused) else element_of(document, head)


def read_file(path: Path) -> tuple[Catalogue | None, list[Problem], list[Problem]]:
    """One file: the catalogue read (None if it could not be), its problems and warnings."""
    name = path.name
    data = read_bytes(path)
    root = data if isinstance(data, XmlRefused) else parse_data(path, data)
    if isinstance(root, XmlRefused):
        return None, [Problem(root.message, name, line=root.line)], []
    catalogue, problems = read_catalogue(root, name)
    warnings = (version_warning(root, name), unevaluated_warning(catalogue, name))
    return catalogue, problems, [w for w in warnings if w is not None]


def check_battlescribe(folder: Path, only: Sequence[Path] | None = None) -> BsCheck:
    """Read, build and check a BattleScribe folder; every problem at once, never raised.
    With ``only``, just those of its files are read (a list's game system and the
    catalogues it needs, in ``data_files`` order: ``catalogs.bs_cache.list_files``).
    The checks are imported here, where a game is read from its files: one read from the
    cache was checked when it was kept."""
    from model.bsdata.check import check_system, foreign_catalogue

    try:
        files = data_files(folder) if only is None else list(only)
    except OSError as exc:
        reason = exc.strerror or str(exc)
        return BsCheck(
            folder, None, (Problem(f"cannot be read as a folder ({reason})", str(folder)),)
        )
    refused = over_limits(folder, files)
    if refused is not None:
        return BsCheck(folder, None, (refused,))
    unreadable: list[Problem] = []
    errors: list[Problem] = []
    warnings: list[Problem] = []
    systems: list[Catalogue] = []
    catalogues: dict[str, Catalogue] = {}
    left_out: list[Problem] = []  # the files not used: errors or warnings, each once
    for path in files:
        catalogue, problems, said = read_file(path)
        warnings.extend(said)
        named_system = file_kind(path) == "system"
        if catalogue is None:  # the game refused without its system; else only the file
            if named_system:
                unreadable.extend(problems)
            else:
                lost = [replace(p, message=f"{p.message}; it is not used") for p in problems]
                errors.extend(lost)
                left_out.extend(lost[:1])
            continue
        errors.extend(problems)
        if catalogue.is_game_system != named_system:
            holds, suffix = (
                ("a game system", ".gst") if catalogue.is_game_system else ("a catalogue", ".cat")
            )
            errors.append(
                Problem(
                    f"holds {holds}, not what its name ends in says, so it is not used",
                    path.name,
                    hint=f"rename it to end in {suffix}",
                )
            )
            left_out.append(errors[-1])
        elif named_system:
            systems.append(catalogue)
        elif catalogue.id in catalogues:
            kept, dropped = _one_of(catalogues[catalogue.id], catalogue)
            catalogues[catalogue.id] = kept
            warnings.append(_duplicate(kept, dropped))
            left_out.append(warnings[-1])
        else:
            catalogues[catalogue.id] = catalogue
    while len(systems) > 1 and systems[1].id == systems[0].id:  # one game twice (.gst, .gstz)
        kept, dropped = _one_of(systems[0], systems.pop(1))
        systems[0] = kept
        warnings.append(_duplicate(kept, dropped))
    if len(systems) != 1:
        unreadable.append(_not_one_system(folder, systems))
        return BsCheck(folder, None, tuple(unreadable), tuple(errors), tuple(warnings))
    head = systems[0]
    if head.id in catalogues:
        clash = catalogues.pop(head.id)
        warnings.append(
            Problem(
                f'has the id "{head.id}" of the game system {head.file}, so it is not used '
                "(the game system is kept: every catalogue needs it)",
                clash.file,
                hint="a catalogue needs an id of its own",
            )
        )
        left_out.append(warnings[-1])
    for catalogue in list(catalogues.values()):
        foreign = foreign_catalogue(head, catalogue)
        if foreign is not None:
            del catalogues[catalogue.id]
            warnings.append(foreign)
            left_out.append(foreign)
    system = GameSystem.build(head, tuple(catalogues.values()), str(folder))
    found = check_system(system)
    return BsCheck(
        folder,
        system.with_faults(found.touched, tuple(left_out)),
        tuple(unreadable),
        tuple(errors) + found.errors,
        tuple(warnings) + found.warnings,
    )


def _one_of(first: Catalogue, second: Catalogue) -> tuple[Catalogue, Catalogue]:
    """Of two catalogues with one id, the one kept and the one not used: the higher
    revision (its author's newer copy); at equal revisions the one holding more entries
    (BSData's Blood Bowl keeps a team's placeholder, named "not yet implemented", beside
    the team under its id); then the first by file name (files are read in that order),
    so the choice never depends on the disk's order."""
    if (second.revision, _size(second)) > (first.revision, _size(first)):
        return second, first
    return first, second


def _size(catalogue: Catalogue) -> int:
    """How many entries and force entries a catalogue writes at its top (what a player
    can select from it)."""
    return len(catalogue.root_entries) + len(catalogue.shared_entries) + len(catalogue.forces)


def _duplicate(kept: Catalogue, dropped: Catalogue) -> Problem:
    if kept.revision != dropped.revision:
        why = f"its revision {kept.revision} is higher than {dropped.revision}"
    elif _size(kept) != _size(dropped):
        why = (
            f"both are revision {kept.revision}, and it holds more entries ({_size(kept)} "
            f"to {_size(dropped)})"
        )
    else:
        why = f"both are revision {kept.revision} and of one size, and its file name comes first"
    return Problem(
        f'has the id "{kept.id}" of {kept.file} ("{kept.name}"), so it is not used: '
        f"{kept.file} is kept, as {why}",
        dropped.file,
        hint="keep one copy of each catalogue in the folder (or give this one an id of its own)",
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


@frozen_value(slots=False)
class BsHeads:
    """A folder's files as their root elements say, to list it without loading it: the
    game system and the catalogues, each with no entries, and every problem the heads
    show; ``unreadable`` those that refuse the game (a folder past the limits, not one
    game system, a game system's head that cannot be read), the others leave it usable
    (a catalogue's head that cannot be read, a bad attribute: errors of a load)."""

    folder: Path
    system: Catalogue | None
    catalogues: tuple[Catalogue, ...] = ()
    problems: tuple[Problem, ...] = ()
    unreadable: tuple[Problem, ...] = ()

    @property
    def usable(self) -> bool:
        """Whether the game loads (``BsCheck.ok``), as far as the heads tell."""
        return self.system is not None and not self.unreadable

    @property
    def factions(self) -> tuple[Catalogue, ...]:
        """The catalogues a player may build a force from: every one but libraries."""
        return tuple(c for c in self.catalogues if not c.library)


def read_heads(folder: Path, catalogues: bool = True) -> BsHeads:
    """The root elements of a folder's files (only its game system's, without
    ``catalogues`` or past the limits): never the whole of a file, never raised."""
    try:
        files = data_files(folder)
    except OSError as exc:
        reason = exc.strerror or str(exc)
        cannot = (Problem(f"cannot be read as a folder ({reason})", str(folder)),)
        return BsHeads(folder, None, (), cannot, cannot)
    refused = over_limits(folder, files)
    problems: list[Problem] = [] if refused is None else [refused]
    unreadable = list(problems)
    systems: list[Catalogue] = []
    found: list[Catalogue] = []
    for path in files:
        named_system = file_kind(path) == "system"
        if not named_system and (refused is not None or not catalogues):
            continue  # a folder past the limits still says which game it holds
        head = _head(path)
        if isinstance(head, XmlRefused):
            problems.append(Problem(head.message, path.name, line=head.line))
            if named_system:
                unreadable.append(problems[-1])
            continue
        catalogue, said = read_catalogue(head, path.name)
        problems.extend(said)
        if catalogue is None:
            unreadable.extend(said if named_system else ())
            continue
        if catalogue.is_game_system != named_system:
            holds = "a game system" if catalogue.is_game_system else "a catalogue"
            problems.append(Problem(f"holds {holds}, not what its name ends in says", path.name))
        else:
            (systems if named_system else found).append(catalogue)
    while len(systems) > 1 and systems[1].id == systems[0].id:  # as a load keeps one
        systems[0] = _one_of(systems[0], systems.pop(1))[0]
    if len(systems) != 1:
        problems.append(_not_one_system(folder, systems))
        unreadable.append(problems[-1])
    system = systems[0] if len(systems) == 1 else None
    return BsHeads(folder, system, tuple(found), tuple(problems), tuple(unreadable))


HEAD_PIECE = 4096
"""How much of a file is read at a time for its root element (BSData's fit in one)."""


def _head(path: Path) -> Element | XmlRefused:
    """A file's root element alone. An XML file is read no further than its start tag; a
    JSON file is parsed whole (New Recruit writes the root's own fields after all its
    entries), under the same caps as a load."""
    if path.suffix.lower() != JSON:
        return read_head(_pieces(path))
    data = read_bytes(path)
    return data if isinstance(data, XmlRefused) else parse_data(path, data, head=True)


def _pieces(path: Path) -> Iterator[bytes]:
    """A file's bytes a piece at a time, for ``read_head``, which stops when it has the
    root; a zipped file inflated first (under the size cap), a file that cannot be
    read giving nothing (``read_head`` then says it ended before a root)."""
    if path.suffix.lower() in ZIPPED:
        data = read_bytes(path)
        if not isinstance(data, XmlRefused):
            yield data
        return
    try:
        with path.open("rb") as stream:
            while piece := stream.read(HEAD_PIECE):
                yield piece
    except OSError:
        return


def load_battlescribe(folder: Path) -> GameSystem:
    """A folder's game system, errors and warnings or not, or ``CatalogError`` with what
    makes it unreadable (nothing can be built: no game system, a game system file that
    is not data) and the errors found beside."""
    found = check_battlescribe(folder)
    if found.system is None or not found.ok:
        raise CatalogError(
            f"the BattleScribe data in {folder} cannot be used",
            found.unreadable + found.errors,
        )
    return found.system
