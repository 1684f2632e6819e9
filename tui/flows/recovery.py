"""Offering back lists left unsaved by a crash or a killed terminal, one question each:
recover, discard or later.

Apart from the app because reading recovery files needs the roster schema, imported
only when there is something to offer; the app opens the list chosen in its builder:
warband's own lists in the builder, lists over BattleScribe data in theirs, both offered
in the same dialog, newest first.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any, NamedTuple

if TYPE_CHECKING:
    from textual.app import App

    from catalogs.library import Library
    from model.bsdata.roster import BsRoster
    from model.bsdata.roster_toml import BsRosterFile
    from model.bsdata.system import GameSystem
    from model.catalog.schema import FactionView
    from model.roster.roster import Roster
    from saves import recovery


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


class BsRecovered(NamedTuple):
    """A list over BattleScribe data to open in its builder, as its recovery file holds it."""

    system: GameSystem
    listed: BsRosterFile
    """The list and the library folder of its game system."""
    source: Path
    """The list's own file, which saving writes."""
    saved: BsRoster | None
    """That file's list, when it can be read."""
    file: Path
    """The recovery file."""


async def recovered_list(
    app: App[Any], library: Library, recovery_dir: Path
) -> Recovered | BsRecovered | None:
    """Offer back lists left unsaved by a crash or a killed terminal: the one the player
    chose to recover, None when none was. A list that cannot be opened now (its game
    is gone) is said so, and its copy kept for a later start."""
    from model.bsdata.roster_toml import BsRosterFile
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
                f"warband closed with unsaved changes to '{_name(roster)}' "
                f"({_what(roster)}; file: {where}).",
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
        if answer != "recover":
            continue
        if isinstance(roster, BsRosterFile):
            bs = _bs_recovered(app, library, item, roster)
            if bs is not None:
                return bs
        else:
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


def _name(roster: Roster | BsRosterFile) -> str:
    """The list's name, as the dialog shows it."""
    from model.bsdata.roster_toml import BsRosterFile
    from model.core.safe_text import terminal_safe

    return terminal_safe(roster.roster.name if isinstance(roster, BsRosterFile) else roster.name)


def _what(roster: Roster | BsRosterFile) -> str:
    """What the list is, in a few words: its faction or game, and how big it is."""
    from model.bsdata.roster_toml import BsRosterFile
    from model.core.safe_text import terminal_safe

    if not isinstance(roster, BsRosterFile):
        return f"{roster.faction}, {len(roster.units)} entries"
    forces = list(roster.roster.forces)
    selections = 0
    while forces:
        force = forces.pop()
        forces += force.forces
        held = list(force.selections)
        while held:
            selections += 1
            held += held.pop().selections
    return f"{terminal_safe(roster.system)}, BattleScribe data, {selections} selections"


def _bs_recovered(
    app: App[Any], library: Library, item: recovery.Recovered, listed: BsRosterFile
) -> BsRecovered | None:
    """The recovered list over BattleScribe data ready for its builder, or None when its
    game system cannot be loaded now: then that is said, and the copy is kept (not
    deleted) so a later start, with the data back, offers it again."""
    from model.core.problems import WarbandError
    from saves.bs_roster_file import read_bs_roster

    name = _name(listed)
    if item.source is None:  # the BattleScribe builder always has a file; keep it anyway
        app.notify(
            f"Cannot recover '{name}': its copy names no file; it was kept", severity="error"
        )
        return None
    try:
        system = library.load_battlescribe(listed.system)
    except WarbandError as exc:
        app.notify(
            f"Cannot recover '{name}' now: {exc}. Its copy was kept: it is offered again "
            "at the next start.",
            severity="error",
            markup=False,
        )
        return None
    saved = None
    if item.source.is_file():
        try:
            saved = read_bs_roster(item.source)[0].roster
        except WarbandError:
            saved = None
    return BsRecovered(system, listed, item.source, saved, item.file)
