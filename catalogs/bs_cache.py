"""BattleScribe games loaded fast and lean: read with the garbage collector held off,
kept in the user's cache folder once checked, and only the files a list needs read.

**The collector.**
A big game (Warhammer 40,000: 46 files, 25 MB of XML) reads into a few million frozen
values. Python's collector starts a collection every few hundred new objects and its
older generations rescan what is already alive, so the longer the read runs, the more of
the growing graph each pass walks for nothing: none of it is garbage (frozen values in
a tree hold no cycles to free). Measured on that game (``check_battlescribe``): 3.0 s
with the collector, 2.4 s without; and a full collection after the load then costs
0.23 s each time one comes, for the rest of the run.

So a game is read with the collector off (``collector_held``: disabled in a
``try``/``finally``, its state before put back, so a caller that had it off keeps it
off), and what was read is then frozen (``gc.freeze``: moved to a generation later
collections skip). Both are needed. Disabling alone only puts the passes off: every
object made while it was off is still in the youngest generation, so the first
collection after walks the whole game, and each older generation's once more as they
move up (a full one: 0.23 s). Freezing alone would not help the read itself. Together
the game is walked by no pass at all (a full collection after: 0.00 s). The price: a
cycle of garbage alive at the freeze is kept until ``gc.unfreeze``; a load makes
almost none (frozen values hold no cycles), and a process loads a game a few times at
most. Objects made after the freeze are collected as usual; the app's screens freeze
and unfreeze the process's objects as they open and close (``tui.collector``), which
this does not get in the way of.

**The cache.** Reading and checking that game costs seconds; its values pickled are 6 MB
and come back in 0.15 s (``catalogs.bs_pickle``: each equal string and each value equal
to the bit written once; a Space Marines list's 7 files, 1.4 MB in 35 ms). So a checked
game is kept in the user's cache folder (``catalogs.locations.cache_dir``, sub-folder
``bsdata``) with the machinery of our TOML catalogs' cache (``catalogs.cache``: the key
digest, the header and payload digest, the atomic write, the size cap, the least
recently used deleted past ``MAX_ENTRIES``), and the next run that reads the same files
gets it back. The key is a digest of every byte and name of every file read, the folder
as given, and warband's code that reads and checks a game
(``catalogs.cache.source_digest``: ``model`` and ``catalogs``, and the Python version);
so any change to any of them is a miss, never a stale game.

What is kept is the whole ``BsCheck``: the game system and catalogues read, and the
errors and warnings found (``GameSystem.build``, 10 ms, indexes them again on the way
out: an index holds read-only mappings pickle cannot write). So ``warband catalogs
--check`` says the same with the cache as without, and a game with warnings or errors
is kept like any other (its errors still stop a load: ``load_game``). A game with a
file that cannot be read at all is never kept: what is wrong is then the folder, which
a run reads anew each time until it is put right.

Trust is as ``catalogs.cache``'s: the folder is the user's own, and an entry is read by
an unpickler that makes only the frozen values of ``model.bsdata`` and ``Problem``
(``catalogs.bs_pickle``), so a hostile file can at worst describe a wrong game, never
run anything; what comes out must still be a game of the files read. Failure is never an
error: an entry missing, damaged or of another shape means the game is read from its
files; one that cannot be written is not kept; neither says anything.

**Only what a list needs.** A catalogue sees only itself, the catalogues it links
(``catalogueLinks``, followed on through theirs) and the game system, as BattleScribe
has it (``model.bsdata.system``). So a list is evaluated the same over those files alone
as over the whole folder, and a list of Space Marines reads 7 of Warhammer 40,000's 46
files (``list_files``): the ``.gst``, the catalogues its forces name and their links'
closure, found from each file's root element and its ``catalogueLink`` elements without
reading the rest. Each such set of files is an entry of its own in the cache. What needs
the whole game reads the whole folder: the catalogues a player may start a force from
(``GameSystem.factions``: ``new``, ``add-force --catalogue``, the app's pickers and
builder), ``warband catalogs`` and its ``--check``.

The problems of the files read are those a whole-folder read finds in them (unreadable,
errors, and warnings), but for the warnings that are about the rest of the folder: an
id or a link "not found in this folder", a cost type "which no file declares", a game
system's link to an element of a catalogue not read. Those are true of the folder, so
``--check`` (whole) says them; none changes what a list of these catalogues evaluates
to. ``tests/catalogs/test_bs_cache.py`` checks both on the shared games.
"""

from __future__ import annotations

import contextlib
import dataclasses
import gc
import hashlib
import io
import re
import struct
from collections.abc import Collection, Iterator, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from catalogs.bs_pickle import GamePickler, GameUnpickler
from model.core.value import frozen_value

if TYPE_CHECKING:
    from catalogs.bsdata import BsCheck
    from model.bsdata.data import Catalogue
    from model.bsdata.roster import BsRoster
    from model.bsdata.system import GameSystem
    from model.core.problems import Problem

MAGIC = b"warband bsdata cache 1\n"
"""The first line of every entry; another line is another format, never read."""
SUBFOLDER = "bsdata"
"""The entries' folder inside the cache folder (the TOML catalogs' are beside it)."""
MAX_ENTRIES = 16
"""Entries kept at most: one per game and set of files read, up to 10 MB each."""
SIZE_FACTOR = 2
"""An entry may be at most this many times the bytes of the files it was read from
(plus ``catalogs.cache.SIZE_SLACK``): a game's pickle is about half its XML."""
_PROTOCOL = 5


@contextlib.contextmanager
def collector_held() -> Iterator[None]:
    """No collection pass while the body runs; what it made is frozen after (above)."""
    was_on = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_on:
            gc.enable()
    gc.freeze()


def check_game(
    folder: Path,
    only: Sequence[Path] | None = None,
    cache: bool = True,
    known: Mapping[Path, bytes] | None = None,
) -> BsCheck:
    """``catalogs.bsdata.check_battlescribe`` of ``folder`` (of ``only`` its files, when
    given), from the cache when it holds these very files, else read with the collector
    held off and kept. ``known``: bytes of some of the files, already read by
    ``list_files``, so the cache's key does not read them again."""
    return _check(folder, only, _entry(folder, only, known) if cache else None)


def _check(folder: Path, only: Sequence[Path] | None, entry: _Entry | None) -> BsCheck:
    from catalogs.bsdata import check_battlescribe

    if entry is not None:
        kept = _read(entry, folder)
        if kept is not None:
            return kept
    with collector_held():
        found = check_battlescribe(folder, only)
    if entry is not None and found.system is not None and not found.unreadable:
        _write(entry, found)
    return found


@frozen_value(slots=False)
class GameCounts:
    """How many problems of each severity the check of a whole game folder found."""

    unreadable: int
    errors: int
    warnings: int


COUNTS = "counts"
"""The folder of the entries of counts, inside ``SUBFOLDER``: pruned apart, as they are
many times smaller than a game's (a catalog folder of 30 games lists in one run)."""
MAX_COUNTS = 256
"""Entries of counts kept at most (24 bytes each, and a header)."""
COUNTS_MAGIC = b"warband bsdata counts 1\n"
"""The first line of an entry of counts (``game_counts``)."""
_COUNTS = struct.Struct("<3Q")


def game_counts(folder: Path) -> GameCounts:
    """The counts of ``check_game(folder)``, for ``warband catalogs`` to say in a line.

    They need the whole game checked, so they are kept in an entry of their own
    (``COUNTS``), under the game's key (24 bytes, not the game's megabytes to unpickle): the
    first listing after a game's files change checks it once, the next read the counts
    alone."""
    from catalogs.cache import prune, read_entry, touch, write_entry

    entry = _entry(folder, None)
    path = entry.path.parent / COUNTS / entry.path.name if entry else None
    if entry is not None and path is not None:
        payload = read_entry(path, COUNTS_MAGIC, entry.key, _COUNTS.size)
        if payload is not None and len(payload) == _COUNTS.size:
            touch(path)
            return GameCounts(*_COUNTS.unpack(payload))
    found = _check(folder, None, entry)
    counts = GameCounts(len(found.unreadable), len(found.errors), len(found.warnings))
    if entry is not None and path is not None and not found.unreadable:
        write_entry(path, COUNTS_MAGIC, entry.key, _COUNTS.pack(*dataclasses.astuple(counts)))
        prune(path.parent, MAX_COUNTS, keep=path)
    return counts


def load_game(folder: Path, catalogues: Collection[str] | None = None) -> GameSystem:
    """A folder's game system, as ``catalogs.bsdata.load_battlescribe`` gives it (a
    ``CatalogError`` with every problem that stops it), through ``check_game``; with
    ``catalogues`` (ids), only the files a list of them needs (``list_files``)."""
    from model.core.problems import CatalogError

    known: dict[Path, bytes] = {}
    only = None if catalogues is None else list_files(folder, catalogues, known)
    found = check_game(folder, only, known=known)
    if found.system is None or not found.ok:
        raise CatalogError(
            f"the BattleScribe data in {folder} cannot be used",
            found.unreadable + found.errors,
        )
    return found.system


_LINK = re.compile(
    rb"""<(?:[A-Za-z_][\w.-]*:)?catalogueLink\b[^>]*?\btargetId\s*=\s*(?:"([^"]*)"|'([^']*)')"""
)
"""A ``catalogueLink`` element's ``targetId``, found in a file's bytes without parsing it."""


def _links(data: bytes) -> list[tuple[bytes, bytes]]:
    """``_LINK.findall(data)``, in a fifth of the time: the regular expression is tried
    only at the ``<`` before each ``catalogueLink`` that ``bytes.find`` finds (a literal
    search), not at every ``<`` of a 5 MB file. A match's ``<`` is the last one before
    its ``catalogueLink`` (a prefix holds none), and a name inside a match already found
    is passed over, as ``findall``'s matches do not overlap."""
    found: list[tuple[bytes, bytes]] = []
    done = 0
    at = data.find(b"catalogueLink")
    while at >= 0:
        start = data.rfind(b"<", done, at)
        match = _LINK.match(data, start) if start >= 0 else None
        if match is not None:
            found.append((match.group(1) or b"", match.group(2) or b""))
            done = match.end()
        at = data.find(b"catalogueLink", max(at + 1, done))
    return found


def list_files(
    folder: Path, catalogues: Collection[str], known: dict[Path, bytes] | None = None
) -> list[Path] | None:
    """The files a list of forces of ``catalogues`` (ids) needs: the game system, those
    catalogues and every catalogue they link to, on through the links of those, in the
    folder's order (``catalogs.bsdata.data_files``). A file two catalogues share the id
    of comes with it, so the load reports the clash as a whole-folder load does. None
    (read the whole folder) when a file's root element cannot be read or the folder is
    not one game system: the whole read says what is wrong. The bytes of each file read
    for its links go in ``known`` when given (for the cache's key: ``check_game``)."""
    from catalogs.bsdata import data_files, read_heads

    heads = read_heads(folder)
    if heads.problems or heads.system is None:
        return None
    try:
        files = data_files(folder)
    except OSError:
        return None
    paths: dict[str, list[Path]] = {}
    for head in heads.catalogues:
        paths.setdefault(head.id, []).append(folder / head.file)
    wanted = {heads.system.file}
    queue = [c for c in catalogues if c in paths]
    seen = set(queue)
    while queue:
        for path in paths[queue.pop()]:
            wanted.add(path.name)
            for target in _link_targets(path, known):
                if target in paths and target not in seen:
                    seen.add(target)
                    queue.append(target)
    return [p for p in files if p.name in wanted]


def _link_targets(path: Path, known: dict[Path, bytes] | None) -> list[str]:
    """The ids a file's ``catalogueLink`` elements name. XML is searched as bytes (a
    link anywhere, even in a comment, only reads one file more than needed); a zipped
    file is inflated first, and New Recruit's JSON is read whole. A file that cannot be
    read names none: reading it for the load says why. Its bytes as read go in
    ``known``."""
    from catalogs.bsdata import JSON, ZIPPED, parse_data
    from model.parse.xml_guard import XmlRefused, unzip_one
    from model.parse.xml_places import children

    try:
        raw = _capped(path)
    except (OSError, _TooBig):
        return []
    if known is not None:
        known[path] = raw
    suffix = path.suffix.lower()
    data = unzip_one(raw) if suffix in ZIPPED else raw
    if isinstance(data, XmlRefused):
        return []
    if suffix != JSON:
        return [_unescaped((a or b).decode("utf-8", "replace")) for a, b in _links(data)]
    root = parse_data(path, data)
    if isinstance(root, XmlRefused):
        return []
    return [
        link.get("targetId", "")
        for holder in children(root, "catalogueLinks")
        for link in children(holder, "catalogueLink")
    ]


def _unescaped(text: str) -> str:
    """An attribute's text with its character references read; ``html`` (and its table
    of entities) is imported only for one that has any, which an id seldom does."""
    if "&" not in text:
        return text
    import html

    return html.unescape(text)


@frozen_value(slots=False)
class _Entry:
    """Where a game's entry is, its key, and the bytes of the files it was read from."""

    path: Path
    key: bytes
    size: int
    names: frozenset[str]


def _entry(
    folder: Path, only: Sequence[Path] | None, known: Mapping[Path, bytes] | None = None
) -> _Entry | None:
    """The entry of ``folder`` read from ``only`` (or all its files), with its key; None
    when it cannot be cached: a folder or file that cannot be read, or past the limits
    (the load then reports it; it is never kept). A file's bytes in ``known`` are not
    read again."""
    from catalogs.bsdata import data_files, over_limits
    from catalogs.cache import digest, source_digest
    from catalogs.locations import cache_dir

    code = source_digest()
    if code is None:
        return None
    try:
        files = data_files(folder) if only is None else list(only)
        if over_limits(folder, files) is not None:
            return None
        known = known or {}
        texts = [(p.name, known[p] if p in known else _capped(p)) for p in files]
    except (OSError, _TooBig):
        return None
    parts: list[bytes] = [MAGIC, code, str(folder).encode(), str(folder.absolute()).encode()]
    for name, data in texts:
        parts += [name.encode(), data]
    where = "\0".join([str(folder.absolute()), *(name for name, _ in texts)])
    path = (
        cache_dir()
        / SUBFOLDER
        / (hashlib.blake2b(where.encode(), digest_size=16).hexdigest() + ".pickle")
    )
    size = sum(len(data) for _, data in texts)
    return _Entry(path, digest(*parts), size, frozenset(name for name, _ in texts))


class _TooBig(Exception):
    """A file over the size of one file warband reads: the load refuses it, unkept."""


def _capped(path: Path) -> bytes:
    """A file's bytes, never more than ``MAX_XML_BYTES`` of them read (a 10 GB file
    passes the folder's limits, which count each file at most that size)."""
    from model.parse.xml_guard import MAX_XML_BYTES

    with path.open("rb") as stream:
        data = stream.read(MAX_XML_BYTES + 1)
    if len(data) > MAX_XML_BYTES:
        raise _TooBig(path.name)
    return data


def _read(entry: _Entry, folder: Path) -> BsCheck | None:
    """The check kept in ``entry``, for ``folder``; None for any reason at all."""
    from catalogs.bsdata import BsCheck
    from catalogs.cache import SIZE_SLACK, read_entry, touch
    from model.bsdata.system import GameSystem

    payload = read_entry(entry.path, MAGIC, entry.key, SIZE_FACTOR * entry.size + SIZE_SLACK)
    if payload is None:
        return None
    try:
        with collector_held():
            loaded = GameUnpickler(io.BytesIO(payload)).load()
    except Exception:  # whatever a damaged or hostile pickle raises: read the files
        return None
    found = _checked(loaded, entry.names)
    if found is None:
        return None
    head, catalogues, errors, warnings = found
    touch(entry.path)
    system = GameSystem.build(head, catalogues, str(folder))
    return BsCheck(folder, system, (), errors, warnings)


def _write(entry: _Entry, found: BsCheck) -> None:
    """Keep a check in ``entry``; a failure only means it is not kept."""
    from catalogs.cache import prune, write_entry

    system = found.system
    if system is None:
        return
    value = (system.system, system.catalogues, found.errors, found.warnings)
    stream = io.BytesIO()
    try:
        GamePickler(stream, protocol=_PROTOCOL).dump(value)
    except Exception:  # a value pickle cannot write: the game is just not kept
        return
    payload = stream.getvalue()
    write_entry(entry.path, MAGIC, entry.key, payload)
    prune(entry.path.parent, MAX_ENTRIES, keep=entry.path)


def _checked(
    loaded: object, names: frozenset[str]
) -> tuple[Catalogue, tuple[Catalogue, ...], tuple[Problem, ...], tuple[Problem, ...]] | None:
    """The unpickled value if it is a game read from the files named ``names``: a game
    system, catalogues, and two tuples of problems."""
    from model.bsdata.data import Catalogue
    from model.core.problems import Problem

    if not (isinstance(loaded, tuple) and len(loaded) == 4):
        return None
    head, catalogues, errors, warnings = loaded
    if not isinstance(head, Catalogue) or not head.is_game_system:
        return None
    if not (isinstance(catalogues, tuple) and all(isinstance(c, Catalogue) for c in catalogues)):
        return None
    if any(c.file not in names for c in (head, *catalogues)):
        return None
    for problems in (errors, warnings):
        if not (isinstance(problems, tuple) and all(isinstance(p, Problem) for p in problems)):
            return None
    return head, catalogues, errors, warnings


def roster_catalogues(roster: BsRoster) -> frozenset[str]:
    """The ids of the catalogues a list's forces (and their forces) are of: what
    ``load_game`` reads for it."""
    found: set[str] = set()
    stack = list(roster.forces)
    while stack:
        force = stack.pop()
        found.add(force.catalogue_id)
        stack.extend(force.forces)
    return frozenset(found)
