"""Games from the BSData gallery: listed, installed, updated and removed in the user catalog
folder, so a player never fetches BattleScribe files by hand.

A game is installed as a folder of the user catalog folder named by the gallery's
``name`` for it (``gaslands``), which is what ``catalogs.library`` takes as its id,
holding its data files as the gallery serves them (``.gstz``/``.catz``, read zipped
by ``catalogs.bsdata``) and ``warband-gallery.toml``, the record of what was installed:
the gallery, the release, each file's id, revision and SHA-256. ``available`` reads
the record to mark a game installed or out of date, and ``update`` to download only
the files whose revision changed (the others are copied from the installed folder).

Installing is atomic, with the previous version whole until the new one is complete
and checked: everything is downloaded into a new folder under ``.warband-downloads`` in
the catalog folder itself (the same disk, so a rename moves it), each file under a
size cap (and the whole game under another), a zipped file inflated under the cap
that ``model.parse.xml_guard`` holds every zipped file to, its content checked against
``sourceSha256`` when the package gives one; then the folder is loaded and checked as
any game is (``catalogs.bsdata.check_battlescribe``: the XML or JSON guards, one game
system, every catalogue readable) and refused, with the problems, if the game could
not be used. Only then is the installed folder renamed aside, the new one renamed in
and the old one deleted. A download cut, refused or interrupted (Ctrl+C, a closed app)
leaves the previous version as it was; if warband is killed between the two renames,
the next gallery command puts the old folder back (``recover``).

A folder of the same name that warband did not install (a player's own copy) is never
replaced unless asked (``replace_own``), and ``remove`` removes only what the gallery
installed. Lists built on an older version still open over the new data, and are
checked against it like any list (their findings say what changed).

Not guarded against: two warbands installing the same game at the same moment. Each
swap is two renames of whole folders, so the game folder is always one version whole,
the last to finish.

History: issue 35.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import shutil
import tempfile
import time
import tomllib
from collections.abc import Callable
from pathlib import Path
from typing import Any

from catalogs.bsdata import check_battlescribe
from catalogs.download import TIMEOUT, Progress, fetch
from model.bsdata.catpkg import (
    DataFile,
    Gallery,
    GalleryError,
    GalleryGame,
    Package,
    game_name_problem,
    read_gallery,
    read_package,
)
from model.core.problems import Problem
from model.core.value import frozen_value
from model.parse.json_guard import parse_json
from model.parse.xml_guard import MAX_XML_BYTES, XmlRefused, unzip_one

GALLERY_URL = (
    "https://github.com/BSData/gallery/releases/latest/download/bsdata.catpkg-gallery.json"
)
"""BSData's gallery: the "repository source" BattleScribe users add."""

GALLERY_ENV = "WARBAND_GALLERY_URL"
"""Environment variable naming another gallery (a mirror, the tests' local server)."""

RECORD = "warband-gallery.toml"
"""The record of an installed game, in its folder."""

RECORD_FORMAT = "warband.gallery/1"

WORK = ".warband-downloads"
"""Where a game is put together before it is swapped in (hidden, and holding no game
file at its top, so the library never lists it)."""

MAX_GALLERY_BYTES = 10_000_000
"""The largest gallery read (BSData's is about 150 KB)."""

MAX_PACKAGE_BYTES = 5_000_000
"""The largest ``catpkg.json`` read (the biggest game's is about 30 KB)."""

MAX_FILE_BYTES = MAX_XML_BYTES
"""The largest data file downloaded, as served (zipped or not)."""

MAX_GAME_BYTES = 150_000_000
"""The most bytes downloaded for one game (the biggest BSData game is about 5 MB
zipped, 25 MB unzipped)."""

MAX_RECORD_BYTES = 200_000
"""The largest record read back."""

STALE_WORK = 3600.0
"""Seconds after which a half-made folder under ``WORK`` is left by a dead process
(a live install in another warband is younger) and is deleted."""


def gallery_url(override: str | None = None) -> str:
    """The gallery's address: the option, else ``WARBAND_GALLERY_URL``, else BSData's."""
    return override or os.environ.get(GALLERY_ENV) or GALLERY_URL


def load_gallery(url: str, *, timeout: float = TIMEOUT) -> Gallery:
    """The games the gallery at ``url`` lists, or ``GalleryError`` in one sentence."""
    document = _json(fetch(url, MAX_GALLERY_BYTES, timeout=timeout), url, "gallery")
    return read_gallery(document, url)


def _json(data: bytes, url: str, what: str) -> Any:
    document = parse_json(data)
    if isinstance(document, XmlRefused):
        raise GalleryError(f"cannot use the {what} at {url}: {document.message}")
    return document


@frozen_value(slots=False)
class InstalledFile:
    """One data file as installed."""

    id: str
    file: str
    revision: int
    sha256: str
    """Of its content unzipped, upper case hex (as ``sourceSha256`` is written)."""


@frozen_value(slots=False)
class Installed:
    """A game the gallery installed, as its record says."""

    name: str
    folder: Path
    title: str = ""
    version: str = ""
    gallery: str = ""
    files: tuple[InstalledFile, ...] = ()

    def is_current(self, game: GalleryGame) -> bool:
        """Whether it is the release the gallery lists now."""
        return bool(self.version) and self.version == game.version


def read_record(folder: Path) -> Installed | None:
    """The record in a game's folder; None when there is none (not from the gallery). A
    record that cannot be read still says the game came from the gallery (with no
    version, so it is offered an update)."""
    path = folder / RECORD
    try:
        with path.open("rb") as stream:
            data = stream.read(MAX_RECORD_BYTES + 1)
    except FileNotFoundError:
        return None
    except OSError:
        return Installed(folder.name, folder)
    try:
        document = tomllib.loads(data.decode("utf-8")) if len(data) <= MAX_RECORD_BYTES else {}
    except (UnicodeDecodeError, tomllib.TOMLDecodeError):
        document = {}
    files = []
    for entry in document.get("files", []) if isinstance(document.get("files"), list) else []:
        try:
            files.append(
                InstalledFile(
                    str(entry["id"]),
                    str(entry["file"]),
                    int(entry["revision"]),
                    str(entry["sha256"]),
                )
            )
        except (KeyError, TypeError, ValueError):
            continue
    return Installed(
        name=folder.name,
        folder=folder,
        title=_said(document.get("title")),
        version=_said(document.get("version")),
        gallery=_said(document.get("gallery")),
        files=tuple(files),
    )


def _said(value: Any) -> str:
    from model.core.safe_text import one_line

    return one_line(value)[:300] if isinstance(value, str) else ""


def installed_games(user_dir: Path) -> dict[str, Installed]:
    """The games the gallery installed in the catalog folder, by name in lower case (an
    install that was killed half-way is put right first: ``recover``)."""
    recover(user_dir)
    try:
        folders = sorted(p for p in user_dir.iterdir() if p.is_dir() and p.name[:1] != ".")
    except OSError:
        return {}
    found = {}
    for folder in folders:
        record = read_record(folder)
        if record is not None:
            found[folder.name.casefold()] = record
    return found


def mark(game: GalleryGame, installed: dict[str, Installed]) -> str:
    """Whether a game is installed, and current: ``installed``, ``update: v1 installed``
    or empty; ``archived`` added for a game no one keeps up any more."""
    record = installed.get(game.name.casefold())
    marks = []
    if record is not None:
        current = record.is_current(game)
        marks.append("installed" if current else f"update: {record.version or '?'} installed")
    if game.archived:
        marks.append("archived")
    return ", ".join(marks)


@frozen_value(slots=False)
class Step:
    """How far an install has come: file ``index`` of ``count`` (the package first),
    ``got`` of its ``size`` bytes (None when the server does not say)."""

    file: str
    index: int
    count: int
    got: int = 0
    size: int | None = None

    @property
    def fraction(self) -> float:
        """The whole install's share done, 0 to 1."""
        part = min(self.got / self.size, 1.0) if self.size else 0.0
        return min((self.index + part) / self.count, 1.0) if self.count else 1.0


@frozen_value(slots=False)
class InstallResult:
    """What an install did."""

    game: GalleryGame
    folder: Path
    previous: Installed | None
    downloaded: tuple[str, ...]
    kept: tuple[str, ...]
    """Files copied from the installed version (same id, revision and content)."""
    bytes: int
    warnings: tuple[Problem, ...] = ()


def install(
    game: GalleryGame,
    user_dir: Path,
    *,
    gallery: str = "",
    timeout: float = TIMEOUT,
    progress: Callable[[Step], None] | None = None,
    replace_own: bool = False,
    fresh: bool = False,
) -> InstallResult:
    """Install (or update) ``game`` in ``user_dir`` atomically; ``GalleryError`` leaves
    what was there as it was. ``progress`` may raise to stop it. ``fresh`` downloads
    every file, even those the installed version has unchanged (a repair)."""
    refused = game_name_problem(game.name)
    if refused is not None:  # read_gallery never lets one through; a caller might
        raise GalleryError(f"cannot install '{game.name}': its name {refused}")
    recover(user_dir)
    target = user_dir / game.name
    previous = read_record(target)
    if target.exists() and previous is None and not replace_own:
        raise GalleryError(
            f"{target} is not replaced",
            [
                Problem(
                    "it holds a game that was not installed from the gallery",
                    str(target),
                    hint="move it out of the catalog folder, or pass --force to replace it",
                )
            ],
        )
    tell = progress or (lambda step: None)
    tell(Step("catpkg.json", 0, 1))
    package = read_package(
        _json(fetch(game.url, MAX_PACKAGE_BYTES, timeout=timeout), game.url, "package"),
        game.url,
    )
    kept = {f.file: f for f in package.files if not fresh and _unchanged(f, previous)}
    fetched = [f for f in package.files if f.file not in kept]
    count = len(fetched) + 1
    work = user_dir / WORK
    try:
        work.mkdir(parents=True, exist_ok=True)
        staging = Path(tempfile.mkdtemp(prefix=f"{game.name}.new-", dir=work))
    except OSError as exc:
        raise _disk(user_dir, exc) from None
    try:
        shas: dict[str, str] = {}
        for file in kept.values():
            assert previous is not None
            try:
                shutil.copyfile(previous.folder / file.file, staging / file.file)
                shas[file.file] = next(p.sha256 for p in previous.files if p.file == file.file)
            except OSError:
                fetched.append(file)  # gone from the folder since: download it
        count = len(fetched) + 1
        total = 0
        over = f"the files of {game.name} come to over the {MAX_GAME_BYTES:,} bytes warband "
        over += "downloads for one game"
        for index, file in enumerate(fetched, start=1):
            tell(Step(file.file, index, count))
            left = MAX_GAME_BYTES - total
            data = fetch(
                file.url,
                min(MAX_FILE_BYTES, left),
                timeout=timeout,
                progress=_told(tell, file.file, index, count),
                over=over if left < MAX_FILE_BYTES else None,
            )
            total += len(data)
            shas[file.file] = _checked(file, data)
            _write(staging / file.file, data)
        tell(Step("checking", count, count))
        found = check_battlescribe(staging)
        if not found.ok:
            problems = found.unreadable + found.errors
            raise GalleryError(
                f"the data of {game.name} {game.version} cannot be used; nothing was changed",
                [*problems[:10], *_more(len(problems) - 10)],
            )
        _write(staging / RECORD, _record(game, gallery, package, shas))
        _swap(staging, target, work / f"{game.name}.old")
    except OSError as exc:
        raise _disk(user_dir, exc) from None
    finally:
        shutil.rmtree(staging, ignore_errors=True)
        _tidy(work)
    return InstallResult(
        game,
        target,
        previous,
        tuple(f.file for f in fetched),
        tuple(f for f in kept if f not in {g.file for g in fetched}),
        total,
        found.warnings,
    )


def _told(tell: Callable[[Step], None], file: str, index: int, count: int) -> Progress:
    """A download's progress told as the install's step."""

    def told(got: int, size: int | None) -> None:
        tell(Step(file, index, count, got, size))

    return told


def _unchanged(file: DataFile, previous: Installed | None) -> bool:
    """Whether the installed version has this file as the package lists it now."""
    if previous is None:
        return False
    old = next((p for p in previous.files if p.file == file.file and p.id == file.id), None)
    if old is None or old.revision != file.revision:
        return False
    return file.sha256 is None or file.sha256 == old.sha256


def _checked(file: DataFile, data: bytes) -> str:
    """The SHA-256 of a downloaded file's content, once it is inflated under the cap and
    matches the package's ``sourceSha256``; ``GalleryError`` when it does not."""
    content = unzip_one(data) if file.zipped else data
    if isinstance(content, XmlRefused):
        raise GalleryError(f"{file.file} from {file.url} cannot be used: {content.message}")
    sha = hashlib.sha256(content).hexdigest().upper()
    if file.sha256 is not None and sha != file.sha256:
        raise GalleryError(
            f"{file.file} from {file.url} is not the file the package lists: its SHA-256 is "
            f"{sha}, not {file.sha256} (changed or damaged on the way); nothing was changed"
        )
    return sha


def _write(path: Path, data: bytes) -> None:
    """A file of the new folder, on the disk before the folder is swapped in."""
    with path.open("xb") as out:
        out.write(data)
        out.flush()
        os.fsync(out.fileno())


def _record(game: GalleryGame, gallery: str, package: Package, shas: dict[str, str]) -> bytes:
    import tomli_w

    document = {
        "format": RECORD_FORMAT,
        "name": game.name,
        "title": game.title,
        "version": game.version,
        "updated": game.updated,
        "gallery": gallery,
        "package": game.url,
        "files": [
            {
                "id": f.id,
                "file": f.file,
                "type": f.kind,
                "revision": f.revision,
                "sha256": shas[f.file],
            }
            for f in package.files
        ],
    }
    note = "# Written by warband when it installed this game from the gallery: keep it.\n"
    return (note + tomli_w.dumps(document)).encode()


def _swap(new: Path, target: Path, aside: Path) -> None:
    """Put ``new`` where ``target`` is: the old folder renamed aside first, put back if
    the second rename fails, deleted once the new one is in."""
    if aside.exists():
        shutil.rmtree(aside)
    moved = False
    if target.exists():
        target.replace(aside)
        moved = True
    try:
        new.replace(target)
    except BaseException:
        if moved:
            aside.replace(target)
        raise
    shutil.rmtree(aside, ignore_errors=True)


def recover(user_dir: Path) -> None:
    """Finish what a killed install left: an old folder renamed aside with nothing put
    in its place goes back; half-made folders older than ``STALE_WORK`` go."""
    work = user_dir / WORK
    try:
        left = list(work.iterdir())
    except OSError:
        return
    for path in left:
        name, dot, kind = path.name.rpartition(".")
        if dot and kind == "old" and not (user_dir / name).exists():
            try:
                path.replace(user_dir / name)
            except OSError:
                continue
        elif kind in ("old", "removed") or _stale(path):
            shutil.rmtree(path, ignore_errors=True)
    _tidy(work)


def _stale(path: Path) -> bool:
    try:
        return time.time() - path.stat().st_mtime > STALE_WORK
    except OSError:
        return False


def _tidy(work: Path) -> None:
    """Remove the work folder once empty."""
    with contextlib.suppress(OSError):
        work.rmdir()


def remove(name: str, user_dir: Path) -> Installed:
    """Remove a game the gallery installed; ``GalleryError`` for any other folder."""
    recover(user_dir)
    record = installed_games(user_dir).get(name.casefold())
    if record is None:
        raise GalleryError(
            f"no game named '{name}' was installed from the gallery in {user_dir}",
            [
                Problem(
                    "warband removes only the games it installed",
                    str(user_dir / name),
                    hint="see them with: warband games available",
                )
            ],
        )
    work = user_dir / WORK
    aside = work / f"{record.folder.name}.removed"
    try:
        work.mkdir(exist_ok=True)
        if aside.exists():
            shutil.rmtree(aside)
        record.folder.replace(aside)  # gone at once, whole, even if deleting stops
        shutil.rmtree(aside)
    except OSError as exc:
        raise _disk(user_dir, exc) from None
    finally:
        _tidy(work)
    return record


def _more(count: int) -> list[Problem]:
    if count <= 0:
        return []
    return [Problem(f"and {count} more: warband catalogs --check shows them all")]


def _disk(user_dir: Path, exc: OSError) -> GalleryError:
    reason = exc.strerror or str(exc)
    return GalleryError(
        f"could not write in the catalog folder {user_dir}: {reason}; nothing was changed"
    )
