"""Importing a list from the home screen's ``i``, as ``warband import`` does: a share code
of warband's own games (``WB1-``) opens unsaved in the builder; a share code of a list
over BattleScribe data (``WBS1-``) or the path of a BattleScribe roster (``.ros``,
``.rosz``) is written to a free name in the saves folder and opened in its builder.

Apart from the app because it is reading and writing files, not wiring. Also here, what
the app says about BattleScribe files it cannot open as they are: a ``.ros`` opened as a
list (import it), and a list whose game is not in the catalog folder (where its folder
goes), so the answers are the same wherever they are asked.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from tui.app_protocol import WarbandHost

if TYPE_CHECKING:
    from textual.app import App

    from catalogs.library import Library
    from model.bsdata.roster import BsRoster
    from model.bsdata.roster_toml import BsRosterFile
    from model.bsdata.system import GameSystem
    from model.core.problems import WarbandError

ROS_SUFFIXES = (".ros", ".rosz")
SUFFIX = ".toml"
"""What ``warband import -o team.toml`` writes too: the file says it is a ``bsroster``."""

_XML_OR_ZIP = (b"<?xml", b"<roster", b"PK\x03\x04")
"""How a BattleScribe roster starts: XML, or the zip archive of a ``.rosz``."""


def import_text(app: App[Any], text: str) -> None:
    """Open what ``text`` holds (a code, a message holding one, a roster's path) in its
    builder; what stops it is explained in the error dialog, and nothing opens."""
    from model.core.problems import WarbandError
    from saves.bs_share_code import contains_bs_code
    from tui.dialogs.message import MessageDialog

    assert isinstance(app, WarbandHost)
    try:
        if contains_bs_code(text) or ros_path(text) is not None:
            path, saved, system = write_bs_import(app.library, text, app.locations.saves_dir)
        else:
            _open_code(app, app, text)
            return
    except WarbandError as exc:
        app.push_screen(MessageDialog("Cannot import the list", exc.render(), error=True))
        return
    from model.bsdata.evaluate import evaluate
    from model.core.safe_text import terminal_safe

    app.open_any(path)
    findings = evaluate(system, saved.roster).findings
    errors = sum(1 for f in findings if f.severity == "error")
    verdict = "valid" if not errors else f"NOT VALID: {errors} error(s)"
    app.notify(
        f"Imported {terminal_safe(saved.roster.name)} ({verdict}), saved as {path}",
        timeout=6,
        markup=False,
    )


def _open_code(app: App[Any], host: WarbandHost, text: str) -> None:
    """A ``WB1-`` code: the list opens in the builder unsaved, with every finding."""
    from model.parse.toml_text import KeyLines
    from model.roster.validate import validate
    from saves.roster_file import RosterSource, resolve
    from saves.share_code import decode

    roster = decode(text)
    view = resolve(roster, RosterSource("<share code>", KeyLines("")), host.library.load)
    host.push_builder(view, roster, path=None, saved=None)
    report = validate(view, roster)  # the verdict the builder's status line shows
    verdict = "valid" if report.valid else f"NOT VALID: {len(report.errors)} error(s)"
    app.notify(f"Imported {roster.name} ({verdict}); Ctrl+S saves it", timeout=6)


def ros_path(text: str) -> Path | None:
    """The BattleScribe roster file ``text`` names (one line ending in ``.ros`` or
    ``.rosz``, quoted or not, as a terminal drops a file's path), else None. A relative
    path is read from the folder warband was started in, as the file picker does."""
    line = text.strip()
    if "\n" in line or len(line) < 2:
        return None
    if line[0] == line[-1] and line[0] in "'\"":
        line = line[1:-1]
    if not line.lower().endswith(ROS_SUFFIXES):
        return None
    return Path(line).expanduser().absolute()


def write_bs_import(
    library: Library, text: str, folder: Path
) -> tuple[Path, BsRosterFile, GameSystem]:
    """Read the list ``text`` holds (a ``WBS1-`` code, or a ``.ros``/``.rosz`` path), write
    it to the first free ``<name>[-n].toml`` in ``folder``, and give back the file, the
    list and its game; a ``WarbandError`` says why nothing was written."""
    from model.bsdata.roster_toml import BsRosterFile
    from model.core.problems import Problem, SaveError
    from saves.bs_roster_file import write_bs_roster
    from saves.bs_share_code import contains_bs_code, decode_bs
    from saves.free_name import NoFreeName, free_path, slug
    from saves.ros_file import read_ros_file

    path = ros_path(text)
    if contains_bs_code(text) or path is None:
        saved = decode_bs(text)
        system = game(library, saved.system, "<share code>")
    else:
        roster = read_ros_file(path)
        system_id, system = _system_of(library, roster, str(path))
        saved = BsRosterFile(system_id, roster)
    try:
        folder.mkdir(parents=True, exist_ok=True)
        target = free_path(folder, slug(saved.roster.name or "imported"), SUFFIX)
    except (OSError, NoFreeName) as exc:
        raise SaveError(f"could not save the list in {folder}", [Problem(str(exc))]) from exc
    # replace=False: a file that appeared since the name was chosen is refused, not replaced
    write_bs_roster(target, saved, system.cost_names())
    return target, saved, system


def _system_of(library: Library, roster: BsRoster, file: str) -> tuple[str, GameSystem]:
    """The catalog folder whose game a roster was built with, found by its game system's
    id as ``warband import`` finds it; when no folder has it, where the game's folder
    goes (named as the roster names it). A folder that has it but cannot be used says
    its own problems (``CatalogError`` from ``Library.battlescribe_for``)."""
    found = library.battlescribe_for(roster.game_system_id)
    if found is None:
        raise missing_game(library, roster.game_system_name or None, file)
    return found


def game(library: Library, system_id: str, file: str) -> GameSystem:
    """The game of a list over BattleScribe data by its folder's id; when it is not in
    the catalog folder, where its folder goes."""
    if system_id not in library.battlescribe_entries():
        raise missing_game(library, system_id, file)
    return library.load_battlescribe(system_id)


def missing_game(library: Library, system_id: str | None, file: str | None) -> WarbandError:
    """A list's game that is not in the catalog folder: where to put the game's folder,
    or how to start warband with another catalog folder (after a "did you mean" when
    the id is close to a game that is there: a list edited by hand)."""
    from model.core.problems import CatalogError, Problem, did_you_mean
    from model.core.safe_text import terminal_safe

    shown = terminal_safe(system_id) if system_id else None
    named = f"'{shown}'" if shown else "of this roster"
    folder = library.user_dir / (shown or "GAME")
    where = (
        f"put the game's folder (its .gst and .cat files) at {folder}, "
        "or start warband with --catalog-dir FOLDER, a folder that holds it"
    )
    close = did_you_mean(shown, library.battlescribe_entries()) if shown else None
    return CatalogError(
        f"the game {named} is not in the catalog folder",
        [
            Problem(
                f"unknown system {named}"
                if close
                else f"no BattleScribe data for the game {named} in {library.user_dir}",
                file,
                hint=f"{close} Otherwise {where}" if close else where,
            )
        ],
    )


def absent_game(library: Library, path: Path) -> WarbandError | None:
    """Where the game of the list over BattleScribe data at ``path`` goes, when it is not
    in the catalog folder; None when it is there (or the file is left to its reader)."""
    from saves.peek import PeekError, peek

    try:
        system_id = peek(path).system
    except PeekError:
        return None
    if system_id in library.battlescribe_entries():
        return None
    return missing_game(library, system_id, str(path))


def missing_game_note(library: Library, system_id: str) -> str:
    """The same, in a line of the recent files."""
    from model.core.safe_text import terminal_safe

    return (
        f"game not in the catalog folder: put its folder at "
        f"{library.user_dir / terminal_safe(system_id)}, or start with --catalog-dir"
    )


def ros_refusal(path: Path) -> WarbandError | None:
    """A BattleScribe roster opened as a list (by its name, or by its first bytes): say
    to import it, instead of the TOML reader's complaint about its first line."""
    from model.core.problems import Problem, RosterError
    from model.core.safe_text import terminal_safe

    if not path.name.lower().endswith(ROS_SUFFIXES):
        try:
            with path.open("rb") as stream:
                head = stream.read(64).lstrip(b"\xef\xbb\xbf \t\r\n")
        except OSError:
            return None
        if not head.startswith(_XML_OR_ZIP):
            return None
    shown = terminal_safe(str(path))
    return RosterError(
        f"cannot open {shown}",
        [
            Problem(
                "a BattleScribe roster: import it",
                shown,
                hint="press i on the home screen and type its path (or run warband import "
                f"{shown} -o LIST.toml); the list is then saved as warband's and opens",
            )
        ],
    )
