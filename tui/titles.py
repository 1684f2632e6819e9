"""Names for ids, read cheaply: a game system's name and edition, a faction's name.

The new-list dialog lists every game system, and the home screen names the faction of
each recent list: loading whole catalogs for that (pydantic, every unit and rule) would
cost far more than the screen it serves. Only the ``[system]`` or ``[faction]`` table at
the head of the catalog file is read; an id stays an id where that fails (the catalog
itself reports its problems when it is loaded).

Choice: this reads catalog files, which is ``catalogs/``' business; it lives here until
``catalogs.library.SystemEntry`` can give a title itself.
"""

from __future__ import annotations

import html
import re
from collections.abc import Mapping
from pathlib import Path

from catalogs.library import Library, SystemEntry
from model.core.safe_text import terminal_safe
from model.roster.describe import system_title
from saves.peek import PeekError, toml_head


def system_titles(library: Library) -> dict[str, str]:
    """Every system the library sees, by id, named with its edition."""
    titles = {}
    for system_id, entry in library.entries().items():
        table = _table(entry.folder / "system.toml", "system")
        name, edition = table.get("name"), table.get("edition")
        titles[system_id] = (
            system_title(_one_line(name), _one_line(edition))
            if isinstance(name, str) and name.strip()
            else system_id
        )
    return titles


def system_names(library: Library) -> list[str]:
    """Every system the library sees, by its game's name alone ("Steam Wars"): where a
    sentence names them all, the editions and sources would drown it."""
    names = []
    for system_id, entry in library.entries().items():
        name = _table(entry.folder / "system.toml", "system").get("name")
        names.append(_one_line(name) if isinstance(name, str) and name.strip() else system_id)
    return names


BS_HEAD_BYTES = 4096
"""How much of a ``.gst`` is read for its name: the root element's attributes come first."""

_GAME_NAME = re.compile(r'<gameSystem\b[^>]*?\sname="([^"]*)"')


def battlescribe_titles(library: Library) -> dict[str, str]:
    """Every BattleScribe system the library sees, by id, named by its game's name and
    marked as BattleScribe data ("Gaslands (BattleScribe data)"), so it is told apart
    from a TOML system of the same game. Only the head of the ``.gst`` is read (a
    catalogue of thousands of entries is loaded when chosen, not to be listed); a zipped
    or unreadable one is named by its id."""
    return {
        system_id: f"{_game_name(entry.folder) or system_id} (BattleScribe data)"
        for system_id, entry in library.battlescribe_entries().items()
    }


def _game_name(folder: Path) -> str:
    """The game's name from the head of its ``.gst`` (a regular expression over its first
    bytes, the quick way for the usual file), or else from its root as
    ``catalogs.bsdata.read_heads`` reads it (a zipped ``.gstz``, New Recruit's JSON)."""
    try:
        head = next((p for p in sorted(folder.iterdir()) if p.suffix.lower() == ".gst"), None)
        if head is not None:
            with head.open("rb") as stream:
                text = stream.read(BS_HEAD_BYTES).decode("utf-8", "replace")
            found = _GAME_NAME.search(text)
            return terminal_safe(_one_line(html.unescape(found.group(1)))) if found else ""
    except OSError:
        return ""
    from catalogs.bsdata import read_heads

    system = read_heads(folder, catalogues=False).system
    return terminal_safe(_one_line(system.name)) if system is not None else ""


def faction_title(entries: Mapping[str, SystemEntry], system_id: str, faction_id: str) -> str:
    """A faction's name, or its id when the catalog does not give one (``entries``:
    ``Library.entries()``, listed once for many names)."""
    entry = entries.get(system_id)
    if entry is None or not faction_id or "/" in faction_id or faction_id.startswith("."):
        return faction_id
    name = _table(entry.folder / "factions" / f"{faction_id}.toml", "faction").get("name")
    return _one_line(name) if isinstance(name, str) and name.strip() else faction_id


def _table(path: Path, table: str) -> dict[str, object]:
    try:
        found = toml_head(path, lambda name: name == table).get(table)
    except PeekError:
        return {}
    return found if isinstance(found, dict) else {}


def _one_line(text: object) -> str:
    return " ".join(text.split()) if isinstance(text, str) else ""
