"""Starting a new battle: pick side A's list, side B's list (of the same game), and
the battle file, then write the battle.

Apart from the app because it is a sequence of questions of its own (each step asked
again, with the reason, when its answer cannot be used); the app only opens the
battle it wrote.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from textual.app import App

    from catalogs.library import Library
    from model.catalog.schema import FactionView
    from model.roster.roster import Roster


NOT_YET = (
    "a list over BattleScribe data: the tracker does not take these yet. Choose a list of "
    "one of warband's own games (build one with n on the home screen)."
)
"""Why a list over BattleScribe data cannot be a side, said in plain words."""


def playable(library: Library) -> str:
    """Which lists can be played, said before any is picked: those of warband's own games,
    by name, and not yet those over BattleScribe data."""
    from tui.titles import system_names

    games = ", ".join(system_names(library)) or "none found"
    return (
        f"A battle is between two lists of one of warband's own games ({games}). "
        "Lists over BattleScribe data cannot be played yet: the tracker does not take "
        "them."
    )


async def new_battle_file(app: App[Any], library: Library, root: Path) -> Path | None:
    """Pick two list files, then start a battle file between them in ``root``: the file
    written, or None when the player stopped or it could not be written (explained)."""
    import random

    from model.battle.battle import new_battle
    from model.core.problems import WarbandError
    from model.core.safe_text import terminal_safe
    from saves.battle_file import write_battle
    from saves.free_name import NoFreeName, free_path, slug
    from saves.peek import is_bs_roster
    from saves.roster_file import read_roster, resolve
    from tui.dialogs.choice import may_write
    from tui.dialogs.message import MessageDialog
    from tui.dialogs.open_file import Kind, OpenFileDialog, problem_text
    from tui.dialogs.prompt import PromptDialog

    root.mkdir(parents=True, exist_ok=True)
    note = playable(library)
    players: list[tuple[str, Roster, FactionView]] = []
    shown = root  # side B's picker opens beside side A's file
    for side in ("A", "B"):
        error: str | None = None
        typed = ""
        while True:  # a list that cannot be used: the same step again, with the reason
            path = await app.push_screen_wait(
                OpenFileDialog(
                    shown,
                    f"Side {side}'s list",
                    kind=Kind.ROSTER,
                    error=error,
                    typed=typed,
                    note=note if not players else None,
                )
            )
            if path is None:
                return None
            typed = str(path)
            if is_bs_roster(path):
                error = f"{terminal_safe(str(path))}: {NOT_YET}"
                continue
            try:
                roster, source = read_roster(path)
                view = resolve(roster, source, library.load)
            except WarbandError as exc:
                error = problem_text(exc)
                continue
            if players and roster.system != players[0][1].system:
                error = (
                    f"{path}: a {roster.system} list; side A plays {players[0][1].system}: "
                    "choose a list of the same game"
                )
                continue
            break
        players.append((roster.name, roster, view))
        shown = path.parent
    catalog = library.load(players[0][1].system)
    stem = f"{slug(players[0][0])}-vs-{slug(players[1][0])}"
    try:
        default = free_path(root, stem, ".battle.toml")
    except NoFreeName:
        default = root / f"{stem}.battle.toml"
    text = await app.push_screen_wait(
        PromptDialog(
            "New battle",
            "Battle file:",
            str(default),
            lambda t: None if t.strip() else "Type a file name.",
        )
    )
    if text is None:
        return None
    target = Path(text.strip()).expanduser()
    target = target if target.is_absolute() else root / target
    if not await may_write(app, target):  # a battle in progress is never replaced unasked
        return None
    try:
        battle = new_battle(catalog, players, seed=random.randrange(1_000_000))
        write_battle(target, battle)
    except (WarbandError, ValueError) as exc:
        body = exc.render() if isinstance(exc, WarbandError) else str(exc)
        app.push_screen(MessageDialog("Cannot start the battle", body, error=True))
        return None
    return target
