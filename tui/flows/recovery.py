"""Offering back lists left unsaved by a crash or a killed terminal, one question each:
recover, discard or later.

Apart from the app because reading recovery files needs the roster schema, imported
only when there is something to offer; the app opens the list chosen in the builder.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any, NamedTuple

if TYPE_CHECKING:
    from textual.app import App

    from catalogs.library import Library
    from model.catalog.schema import FactionView
    from model.roster.roster import Roster


class Recovered(NamedTuple):
    """A list to open in the builder, as its recovery file holds it."""

    view: FactionView
    roster: Roster
    source: Path | None
    """The list's own file (None when it was never saved)."""
    saved: Roster | None
    """That file's list, when it can be read."""
    file: Path
    """The recovery file."""


async def recovered_list(app: App[Any], library: Library, recovery_dir: Path) -> Recovered | None:
    """Offer back lists left unsaved by a crash or a killed terminal: the one the player
    chose to recover, None when none was."""
    from model.core.problems import WarbandError
    from saves.recovery import discard_recovery, find_recoveries
    from saves.roster_file import read_roster
    from tui.dialogs.choice import ChoiceDialog

    found, notes = find_recoveries(recovery_dir)
    for note in notes:
        app.notify(note, severity="warning")
    for item in found:
        roster = item.roster
        where = str(item.source) if item.source else "never saved"
        answer = await app.push_screen_wait(
            ChoiceDialog(
                "Recover unsaved work?",
                f"warband closed with unsaved changes to '{roster.name}' "
                f"({roster.faction}, {len(roster.units)} entries; file: {where}).",
                [
                    ("Recover", "recover", "primary"),
                    ("Discard", "discard", "error"),
                    ("Later", "later", "default"),
                ],
                cancel="later",
            )
        )
        if answer == "discard":
            discard_recovery(item.file)
        elif answer == "recover":
            try:
                catalog = library.load(roster.system)
                view = catalog.view(roster.faction).with_cards(roster.cards)
            except (WarbandError, KeyError) as exc:
                app.notify(f"Cannot recover '{roster.name}': {exc}", severity="error")
                continue
            saved = None
            if item.source is not None and item.source.is_file():
                try:
                    saved = read_roster(item.source)[0]
                except WarbandError:
                    saved = None
            return Recovered(view, roster, item.source, saved, item.file)
    return None
