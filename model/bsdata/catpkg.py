"""The BSData gallery, read: the catpkg format's JSON as frozen values.

A gallery (BattleScribe's "repository source",
``bsdata.catpkg-gallery.json``) lists games, one repository each, with a short
identifier-like ``name``, a display name (``description``), a release ``version``, a
``lastUpdated`` date and the address of the repository's own ``catpkg.json``
(``repositoryUrl``); that file lists the game's data files, each with its ``id``,
``type``, ``revision``, the address of its ``.gstz``/``.catz`` (``fileUrl``) and, when
given, the SHA-256 of its unzipped content (``sourceSha256``). The format's JSON Schema
is ``bsdata/schemas/src/catpkg.schema.json``.

Apart from the downloading (``catalogs.gallery``) because it is pure: the values come
from JSON already parsed under the caps of ``model.parse.json_guard``, and everything
here is checked without I/O. The JSON comes from the internet, so every text is cleaned
of control characters and capped in length as it is read, a game's ``name`` must be
fit to be a folder's name (it becomes the game's id in warband), a file's local name
is taken from the last part of its address only if it is a plain file name ending in a
suffix warband reads (``.gst``, ``.gstz``, ``.cat``, ``.catz``, ``.json``), and the
number of games and files is bounded. A game that breaks one of these is left out of
the gallery with a problem saying why, so one bad entry never hides the rest; a
repository file that breaks one refuses the whole game (installing part of a game would
give a different game). Roster files, which a repository may list, are passed over.

History: written for installing games from the gallery (issue 35).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any, Literal
from urllib.parse import unquote, urlsplit

from model.core.problems import Problem, WarbandError
from model.core.safe_text import one_line
from model.core.value import frozen_value

MAX_GAMES = 2_000
"""The most games read from one gallery (BSData's lists about 150)."""

MAX_FILES = 500
"""The most data files in one game (the biggest BSData game has under 50; the same
bound as a game folder, ``catalogs.folder_limits.MAX_GAME_FILES``)."""

MAX_TEXT = 300
"""The most characters kept of a name, description, version or date."""

MAX_URL = 2_000
"""The longest address read."""

MAX_REVISION = 2**31 - 1
"""The largest revision read (BattleScribe's own is a 32-bit number)."""

DATA_SUFFIXES = (".gst", ".gstz", ".cat", ".catz", ".json")
"""The suffixes of data files warband reads (``catalogs.bsdata``)."""

_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]{0,99}")
"""A game's name as a folder's name: letters, digits, ``.``, ``_`` and ``-``, starting
with a letter or digit (so never ``.`` or ``..``, never hidden, never a path)."""

_RESERVED = frozenset(
    {"con", "prn", "aux", "nul"} | {f"{d}{n}" for d in ("com", "lpt") for n in range(1, 10)}
)
"""Names Windows will not give a folder, whatever follows a dot."""

_FILE_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9 ._()'&,+!-]{0,150}")
"""A data file's local name: the characters BSData's file names use."""

_SHA256 = re.compile(r"[0-9A-Fa-f]{64}")


class GalleryError(WarbandError):
    """A gallery, a game's package or a download that cannot be used; what is installed
    is untouched."""


@frozen_value(slots=False)
class GalleryGame:
    """One game of the gallery: a BSData repository."""

    name: str
    """Identifier-like (``gaslands``): the game's folder and id in warband."""
    title: str
    """The name players know (the gallery's ``description``), or ``name``."""
    version: str
    """The release, as the gallery spells it (``v1.2.0``), or empty."""
    updated: str
    """When it was last released (``lastUpdated``, an ISO date and time), or empty."""
    url: str
    """Where its ``catpkg.json`` is (``repositoryUrl``)."""
    note: str = ""
    """What its last release changed (``lastUpdateDescription``)."""
    archived: bool = False
    """No longer kept up by anyone."""

    @property
    def date(self) -> str:
        """The day of its last release (``2024-05-01``), or empty."""
        return self.updated[:10] if re.match(r"\d{4}-\d\d-\d\d", self.updated) else ""

    def matches(self, words: Iterable[str]) -> bool:
        """Whether every word is in its name or title (any case)."""
        text = f"{self.name} {self.title}".casefold()
        return all(word.casefold() in text for word in words)


@frozen_value(slots=False)
class Gallery:
    """A gallery's games, by name, and the entries left out with why."""

    title: str
    games: tuple[GalleryGame, ...]
    skipped: tuple[Problem, ...] = ()

    def find(self, name: str) -> GalleryGame | None:
        """The game of this name (any case), or None."""
        wanted = name.casefold()
        return next((g for g in self.games if g.name.casefold() == wanted), None)

    def search(self, words: Iterable[str]) -> tuple[GalleryGame, ...]:
        """The games whose name or title holds every word."""
        listed = tuple(words)
        return tuple(g for g in self.games if g.matches(listed))


@frozen_value(slots=False)
class DataFile:
    """One data file of a game, as its package lists it."""

    id: str
    name: str
    kind: Literal["gamesystem", "catalogue"]
    revision: int
    url: str
    file: str
    """Its name in the game's folder: the last part of its address."""
    sha256: str | None = None
    """The SHA-256 of its content unzipped, upper case hex, when the package gives one."""

    @property
    def zipped(self) -> bool:
        return self.file.lower().endswith(("gstz", "catz"))


@frozen_value(slots=False)
class Package:
    """A game's ``catpkg.json``: its release and its data files."""

    name: str
    version: str
    files: tuple[DataFile, ...]


def game_name_problem(name: str) -> str | None:
    """Why ``name`` cannot be a game's folder, or None when it can."""
    if not _NAME.fullmatch(name):
        return (
            "is not a name warband gives a folder (letters, digits, '.', '_' and '-', "
            "starting with a letter or digit, at most 100)"
        )
    if name.split(".")[0].lower() in _RESERVED:
        return "is a name some systems will not give a folder"
    return None


def read_gallery(document: Any, where: str) -> Gallery:
    """The games a gallery lists, or ``GalleryError`` when it is not a gallery at all."""
    if not isinstance(document, dict):
        raise _not_a(where, "gallery", "it is not a JSON object", _GALLERY_HINT)
    repositories = document.get("repositories", [])
    if not isinstance(repositories, list):
        raise _not_a(where, "gallery", 'its "repositories" is not a list', _GALLERY_HINT)
    title = _text(document.get("name")) or "gallery"
    skipped: list[Problem] = []
    if len(repositories) > MAX_GAMES:
        skipped.append(
            Problem(
                f"lists {len(repositories):,} games: only the first {MAX_GAMES:,} are read",
                where,
            )
        )
    games: dict[str, GalleryGame] = {}
    for index, entry in enumerate(repositories[:MAX_GAMES], start=1):
        found = _game(entry)
        if isinstance(found, str):
            skipped.append(Problem(found, where, ("repositories", index)))
        elif found.name.casefold() in games:
            said = f"repeats the game '{found.name}': the first is kept"
            skipped.append(Problem(said, where, ("repositories", index)))
        else:
            games[found.name.casefold()] = found
    ordered = sorted(games.values(), key=lambda g: (g.title.casefold(), g.name))
    return Gallery(title, tuple(ordered), tuple(skipped))


def _game(entry: Any) -> GalleryGame | str:
    """One repository of a gallery, or why it is left out."""
    if not isinstance(entry, dict):
        return "is not a JSON object"
    name = entry.get("name")
    if not isinstance(name, str) or not name:
        return 'has no "name"'
    refused = game_name_problem(name)
    if refused is not None:
        return f"name '{one_line(name)[:MAX_TEXT]}' {refused}"
    url = _url(entry.get("repositoryUrl"))
    if url is None:
        return f"'{name}' has no address of its catpkg.json (\"repositoryUrl\")"
    return GalleryGame(
        name=name,
        title=_text(entry.get("description")) or name,
        version=_text(entry.get("version")),
        updated=_text(entry.get("lastUpdated")),
        url=url,
        note=_text(entry.get("lastUpdateDescription")),
        archived=entry.get("archived") is True,
    )


def read_package(document: Any, where: str) -> Package:
    """A game's data files, or ``GalleryError`` with every problem that stops it."""
    if not isinstance(document, dict):
        raise _not_a(where, "game's package", "it is not a JSON object")
    listed = document.get("repositoryFiles")
    if not isinstance(listed, list):
        raise _not_a(where, "game's package", 'it has no list of files ("repositoryFiles")')
    if len(listed) > MAX_FILES:
        raise GalleryError(
            f"cannot use {where}",
            [Problem(f"lists {len(listed):,} files, over the {MAX_FILES} warband reads", where)],
        )
    problems: list[Problem] = []
    files: list[DataFile] = []
    for index, entry in enumerate(listed, start=1):
        found = _data_file(entry)
        if isinstance(found, str):
            problems.append(Problem(found, where, ("repositoryFiles", index)))
        elif found is not None:
            files.append(found)
    names = [f.file.casefold() for f in files]
    for file in files:
        if names.count(file.file.casefold()) > 1:
            said = f"two files are named {file.file}"
            problems.append(Problem(said, where, hint="the package lists one file twice"))
            break
    if not problems and not any(f.kind == "gamesystem" for f in files):
        problems.append(Problem("lists no game system file", where))
    if problems:
        raise GalleryError(f"cannot use {where}", problems)
    name = _text(document.get("name"))
    return Package(name, _text(document.get("version")), tuple(files))


def _data_file(entry: Any) -> DataFile | str | None:
    """One file of a package; None for a roster (not game data); why it is refused."""
    if not isinstance(entry, dict):
        return "is not a JSON object"
    kind = entry.get("type", "catalogue")
    if kind == "roster":
        return None
    if kind not in ("gamesystem", "catalogue"):
        return f"has the type '{_text(kind)}', not gamesystem or catalogue"
    file_id = entry.get("id")
    if not isinstance(file_id, str) or not file_id or len(file_id) > MAX_TEXT:
        return 'has no "id"'
    revision = entry.get("revision", 1)
    if isinstance(revision, bool) or not isinstance(revision, int):
        return f"revision of '{one_line(file_id)}' is not a whole number"
    if not 0 <= revision <= MAX_REVISION:
        return f"revision {revision} of '{one_line(file_id)}' is out of range"
    url = _url(entry.get("fileUrl"))
    if url is None:
        return f"'{one_line(file_id)}' has no address (\"fileUrl\")"
    file = unquote(urlsplit(url).path.rsplit("/", 1)[-1])
    if not _FILE_NAME.fullmatch(file) or not file.lower().endswith(DATA_SUFFIXES):
        return (
            f"the address of '{one_line(file_id)}' does not end in a plain file name with "
            "one of " + ", ".join(DATA_SUFFIXES)
        )
    sha = entry.get("sourceSha256")
    if sha is not None and not (isinstance(sha, str) and _SHA256.fullmatch(sha)):
        return f"\"sourceSha256\" of '{one_line(file_id)}' is not a SHA-256 in hex"
    return DataFile(
        id=file_id,
        name=_text(entry.get("name")) or file,
        kind=kind,
        revision=revision,
        url=url,
        file=file,
        sha256=sha.upper() if isinstance(sha, str) else None,
    )


def _text(value: Any) -> str:
    """A text from the gallery as one clean line, capped; empty when not a text."""
    if not isinstance(value, str):
        return ""
    return one_line(value)[:MAX_TEXT]


def _url(value: Any) -> str | None:
    """An address from the gallery: text with no spaces or controls, capped."""
    if not isinstance(value, str) or not value or len(value) > MAX_URL:
        return None
    if one_line(value) != value or " " in value:
        return None
    return value


_GALLERY_HINT = "check the gallery's address (--gallery or WARBAND_GALLERY_URL)"


def _not_a(where: str, what: str, why: str, hint: str | None = None) -> GalleryError:
    """One sentence: which address, and why it is not what was asked for."""
    said = f"cannot use the {what} at {where}: {why}"
    return GalleryError(f"{said}; {hint}" if hint else said)
