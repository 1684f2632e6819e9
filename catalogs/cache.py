"""A cache of loaded, checked catalogs, so a run does not parse and check TOML again.

Parsing a game system's TOML, validating it and checking its files against each other
costs more than reading it; building the validators of the ~50 catalog models costs more
again. A catalog that loaded without a single problem is therefore kept, as the objects
the loader returned, in the user's cache folder (``catalogs.locations.cache_dir``), and
the next run that loads the same folder gets them back without parsing or validating.

When an entry is used: only when everything that decided the load is the same, down to
the byte. The entry's key is a digest (SHA-256) of

- the exact bytes and names of every file of the system (``system.toml``, each
  ``factions/*.toml``, the user's ``house.toml``), which the loader reads in any case;
- the folder's name and the origin the catalog was loaded as (``check`` skips the
  folder-name rule, so it has entries of its own);
- warband's own code that defines and checks a catalog: the bytes of every module of
  ``model`` and ``catalogs`` (so a development checkout whose version number does not
  change still never reads objects of an older schema), and the versions of Python,
  pydantic and pydantic-core.

A catalog with a problem is never written, so ``warband catalogs --check`` reports every
problem of a file as before; a cached catalog is one that passed that very check.

Format and trust. An entry is a header (a magic line, the key, a digest of the payload)
and a pickle of the validated models. Pickle is what lets a hit skip validation entirely:
the objects come back as they were built, so the catalog models never build their
validators in a run that only reads catalogs (they are ``defer_build``, see
``model.core.base``). A JSON or marshal copy of the data would need pydantic's validators
to turn it back into models (``model_construct`` does not build nested models). Pickle
can run code named by its input, so this one is read by an unpickler that can only make
warband's own catalog models and ``FrozenMap`` (``_Unpickler.find_class``): a hostile
file can at worst describe a wrong catalog, never run anything. That folder is the
user's own and only warband writes it; anyone who can write there can already change
the user's files, so the cache adds no new way in. What is read is still checked as far
as it can be without trust: the key and the payload digest must match (a truncated,
damaged or older file does not), and the result must be a system and exactly the
factions the folder holds.

Failure is never an error. Any problem reading an entry (missing, unreadable, truncated,
garbage, another version, another shape) means the catalog is loaded from its TOML;
any problem writing one (a read-only or full disk) means it is not kept. Neither prints
anything. Entries are written whole or not at all (a temporary file renamed over the
old one; no fsync: a torn entry fails its digest and is only rebuilt). There is one
entry per catalog folder, replaced when its files change; past ``MAX_ENTRIES`` the
least recently used are deleted. Deleting the folder clears the cache.
"""

from __future__ import annotations

import contextlib
import functools
import hashlib
import io
import os
import pickle
import sys
import threading
import time
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from model.catalog.files import FactionFile, SystemFile

MAGIC = b"warband catalog cache 1\n"
"""The first line of every entry; another line is another format, never read."""
_DIGEST = 32
"""Bytes in each SHA-256 digest of the header."""
_PROTOCOL = 5
SIZE_FACTOR = 16
"""An entry may be at most this many times its TOML's size (plus ``SIZE_SLACK``): a
catalog's pickle is about as large as its TOML, so a larger file is refused unread."""
SIZE_SLACK = 1 << 20
MAX_ENTRIES = 32
"""Entries kept at most (one per catalog folder loaded): about 100 KB each."""
STALE_SECONDS = 60.0
"""A temporary file older than this was left by a writer that died; it is deleted."""


def _digest(*parts: bytes | memoryview) -> bytes:
    """SHA-256, not BLAKE2b: CPUs of the last years hash it in their own instructions,
    twice BLAKE2b's speed (3 ms against 7 for the 5.6 MB a Space Marines list's game
    is keyed on, every ``warband validate``)."""
    h = hashlib.sha256()
    for part in parts:
        # each part's length first, so two different lists of parts never read alike
        h.update(len(part).to_bytes(8, "little"))
        h.update(part)
    return h.digest()


def digest(*parts: bytes | memoryview) -> bytes:
    """The digest an entry's key is: of ``parts`` in order, each one's length first."""
    return _digest(*parts)


@functools.cache
def source_digest() -> bytes | None:
    """A digest of warband's own code that reads, checks and holds game data: every
    module of ``model`` and ``catalogs``, subpackages included, with the version of
    Python (whose pickle and objects an entry holds). Worked out once per process (the
    code a process runs does not change under it). None where the sources are not there
    to read: then nothing is cached. ``catalogs.bs_cache`` keys BattleScribe games on
    this alone (they are plain dataclasses: no pydantic, which a run that only reads a
    BattleScribe game never imports)."""
    import model

    parts = [sys.version.encode()]
    count = 0
    for package in (Path(model.__file__).parent, Path(__file__).parent):
        try:
            for name, path in _modules(package):
                parts += [name.encode(), path.read_bytes()]
                count += 1
        except OSError:
            return None
    return _digest(*parts) if count else None


def _modules(package: Path, inside: str = "") -> list[tuple[str, Path]]:
    """Every module of ``package``, subpackages included, as (its path inside the
    package, ``/``-joined; its path), sorted by the first. With ``os.scandir``, not
    ``Path.rglob``: a digest is worked out at every command's start, and the 167
    modules' ``Path`` objects were 1.5 of its 5 ms."""
    found: list[tuple[str, Path]] = []
    with os.scandir(package) as entries:
        for entry in entries:
            if entry.is_dir(follow_symlinks=False):
                if entry.name != "__pycache__":
                    found += _modules(package / entry.name, f"{inside}{entry.name}/")
            elif entry.name.endswith(".py"):
                found.append((inside + entry.name, package / entry.name))
    return sorted(found, key=lambda module: module[0])


@functools.cache
def code_digest() -> bytes | None:
    """A digest of the code that decides what a valid catalog is and what it loads into:
    ``source_digest`` with the versions of pydantic and pydantic-core. None where the
    sources are not there to read: then nothing is cached."""
    import pydantic_core
    from pydantic.version import VERSION

    source = source_digest()
    if source is None:
        return None
    return _digest(source, VERSION.encode(), pydantic_core.__version__.encode())


def entry_key(folder_name: str, origin: str, files: Sequence[tuple[str, bytes]]) -> bytes | None:
    """The key of a catalog: its files' names and exact bytes, its folder's name, its
    origin and warband's code (see the module docstring); None when it cannot be cached."""
    code = code_digest()
    if code is None:
        return None
    parts = [MAGIC, code, folder_name.encode(), origin.encode()]
    for name, data in files:
        parts += [name.encode(), data]
    return _digest(*parts)


class _Unpickler(pickle.Unpickler):
    """An unpickler that makes nothing but warband's catalog models and ``FrozenMap``."""

    def find_class(self, module: str, name: str) -> Any:
        if module.split(".")[0] != "model" or name.startswith("_"):
            raise pickle.UnpicklingError(f"{module}.{name} is not a catalog class")
        from model.core.base import Frozen, FrozenMap

        found = getattr(__import__(module, fromlist=[name]), name, None)
        if isinstance(found, type) and (issubclass(found, Frozen) or issubclass(found, FrozenMap)):
            return found
        raise pickle.UnpicklingError(f"{module}.{name} is not a catalog class")

    def persistent_load(self, pid: Any) -> Any:
        raise pickle.UnpicklingError("no persistent ids")


class CatalogCache:
    """The cache folder: one entry per catalog folder (and origin and house file)."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder

    def entry_path(self, folder: Path, origin: str, house: Path | None) -> Path:
        """The entry of one catalog folder as loaded with this origin and house file."""
        where = "\0".join((str(folder.absolute()), origin, str(house or "")))
        return self.folder / (
            hashlib.blake2b(where.encode(), digest_size=16).hexdigest() + ".pickle"
        )

    def get(
        self, path: Path, key: bytes, factions: Sequence[str], toml_size: int
    ) -> tuple[SystemFile, dict[str, FactionFile]] | None:
        """The system and factions kept under ``key``, or None for any reason at all."""
        limit = SIZE_FACTOR * toml_size + SIZE_SLACK
        payload = read_entry(path, MAGIC, key, limit)
        if payload is None:
            return None
        try:
            loaded = _Unpickler(io.BytesIO(payload)).load()
        except Exception:  # whatever a damaged or hostile pickle raises: load the TOML
            return None
        found = _checked(loaded, factions)
        if found is not None:
            touch(path)
        return found

    def put(
        self, path: Path, key: bytes, system: SystemFile, factions: dict[str, FactionFile]
    ) -> None:
        """Keep a checked catalog under ``key``; a failure only means it is not kept."""
        try:
            payload = pickle.dumps((system, dict(factions)), protocol=_PROTOCOL)
        except Exception:  # a value pickle cannot write: the catalog is just not kept
            return
        write_entry(path, MAGIC, key, payload)
        self.prune(keep=path)

    def prune(self, keep: Path | None = None) -> None:
        """Delete all but the ``MAX_ENTRIES`` entries used last (never ``keep``)."""
        prune(self.folder, MAX_ENTRIES, keep)


def read_entry(path: Path, magic: bytes, key: bytes, limit: int) -> memoryview | None:
    """The payload of the entry at ``path`` if it is one written with ``magic`` under
    ``key``, at most ``limit`` bytes, and whole (its digest matches); None for any
    reason at all (the caller ``touch``es an entry it uses)."""
    head = len(magic) + 2 * _DIGEST
    try:
        with path.open("rb") as stream:
            data = stream.read(head + limit + 1)
    except OSError:
        return None
    if len(data) > head + limit or len(data) <= head or not data.startswith(magic):
        return None
    if data[len(magic) : len(magic) + _DIGEST] != key:
        return None
    payload = memoryview(data)[head:]
    if _digest(payload) != data[len(magic) + _DIGEST : head]:
        return None
    return payload


def write_entry(path: Path, magic: bytes, key: bytes, payload: bytes) -> None:
    """Keep ``payload`` at ``path`` under ``key``, whole or not at all."""
    _write_whole(path, b"".join((magic, key, _digest(payload), payload)))


def prune(folder: Path, most: int, keep: Path | None = None) -> None:
    """Delete all but the ``most`` entries (``*.pickle``) of ``folder`` used last (never
    ``keep``), and temporary files left by a writer killed over ``STALE_SECONDS`` ago;
    done after each write, so a player who loads many folders does not fill the disk."""
    try:
        found = list(os.scandir(folder))
    except OSError:
        return
    now = time.time()
    entries: list[tuple[float, str]] = []
    for item in found:
        try:
            mtime = item.stat(follow_symlinks=False).st_mtime
        except OSError:
            continue
        if item.name.startswith(".") and item.name.endswith(".tmp"):
            if now - mtime > STALE_SECONDS:
                _unlink(item.path)
        elif item.name.endswith(".pickle") and item.path != str(keep):
            entries.append((mtime, item.path))
    entries.sort(reverse=True)
    for _, old in entries[most - (keep is not None) :]:
        _unlink(old)


def touch(path: Path) -> None:
    """Mark an entry used now: the last one ``prune`` would delete."""
    with contextlib.suppress(OSError):
        os.utime(path)


def _unlink(path: str) -> None:
    with contextlib.suppress(OSError):
        Path(path).unlink()


def _checked(
    loaded: object, factions: Sequence[str]
) -> tuple[SystemFile, dict[str, FactionFile]] | None:
    """The unpickled value if it is a system and exactly the folder's factions, in order."""
    from model.catalog.files import FactionFile, SystemFile

    if not (isinstance(loaded, tuple) and len(loaded) == 2):
        return None
    system, found = loaded
    if not isinstance(system, SystemFile) or type(found) is not dict:
        return None
    if list(found) != list(factions):
        return None
    if not all(isinstance(f, FactionFile) for f in found.values()):
        return None
    return system, found


def _write_whole(path: Path, data: bytes) -> None:
    """Write ``data`` to ``path`` through a temporary file renamed over it, or not at all.

    Not ``saves.atomic`` (``catalogs`` builds on ``model`` only) and not fsynced: an entry
    cut short by a crash fails its digest and is rebuilt, which is all a cache needs."""
    tmp = path.with_name(f".{path.name}.{os.getpid()}-{threading.get_ident()}.tmp")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        with tmp.open("wb") as stream:
            stream.write(data)
        tmp.replace(path)
    except OSError:
        pass
    finally:
        with contextlib.suppress(OSError):
            tmp.unlink(missing_ok=True)
