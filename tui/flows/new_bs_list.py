"""Starting a list over BattleScribe data from the app's New list: the list ``warband new``
makes, written at once to a free name in the saves folder.

Apart from the app (which only opens the file written) because it is files and data, not
wiring; written at once rather than left unsaved because the builder of these lists
opens files (its Save has no Save as), and a free name never replaces another list.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from tui.app_protocol import WarbandHost

if TYPE_CHECKING:
    from textual.app import App

    from catalogs.library import Library
    from tui.dialogs.new_list import NewBsList

SUFFIX = ".toml"
"""What ``warband new -o team.toml`` writes too: the file says it is a ``bsroster``."""


def start_bs_list(app: App[Any], choice: NewBsList) -> None:
    """Write the list chosen in the saves folder and open it in its builder; what stops
    it (broken data, a full disk) is explained in the error dialog, and nothing opens."""
    from model.core.problems import WarbandError
    from tui.dialogs.message import MessageDialog

    assert isinstance(app, WarbandHost)
    try:
        path = write_new_bs_list(app.library, choice, app.locations.saves_dir)
    except WarbandError as exc:
        app.push_screen(MessageDialog("Cannot start the list", exc.render(), error=True))
        return
    app.open_any(path)


def write_new_bs_list(library: Library, choice: NewBsList, folder: Path) -> Path:
    """Write the list chosen to the first free ``<name>[-n].toml`` in ``folder`` and give
    back its path; a ``WarbandError`` (data that cannot be used, a catalogue with no
    force, a file that cannot be written) says why nothing was written."""
    from model.bsdata.new_list import playable_forces, started_roster
    from model.bsdata.roster_toml import BsRosterFile
    from model.core.problems import Problem, RosterError, SaveError
    from model.core.safe_text import terminal_safe
    from saves.bs_roster_file import write_bs_roster
    from saves.free_name import NoFreeName, free_path, slug

    system = library.load_battlescribe(choice.system)
    catalogue = system.catalogue(choice.catalogue)
    if catalogue is None or catalogue not in system.factions:
        raise RosterError(
            "cannot start the list",
            [Problem(terminal_safe(f"{system.name} has no catalogue {choice.catalogue!r}"))],
        )
    forces = playable_forces(system, catalogue)
    roster = started_roster(system, catalogue, forces[0], choice.limit, choice.name)
    try:
        folder.mkdir(parents=True, exist_ok=True)
        path = free_path(folder, slug(choice.name), SUFFIX)
    except (OSError, NoFreeName) as exc:
        raise SaveError(f"could not save the list in {folder}", [Problem(str(exc))]) from exc
    # replace=False: a file that appeared since the name was chosen is refused, not replaced
    write_bs_roster(path, BsRosterFile(choice.system, roster), system.cost_names())
    return path
