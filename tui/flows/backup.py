"""A damaged battle with a backup: explain, and offer to go on from the backup.

Apart from the app because it is a question and a restore of its own; the app shows
the battle restored in the tracker.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from textual.app import App

    from model.battle.battle import Battle
    from model.core.problems import WarbandError


async def restored_battle(app: App[Any], path: Path, error: WarbandError) -> Battle | None:
    """Explain why the battle at ``path`` cannot be opened and offer its backup: the
    battle restored from it (the damaged file is kept beside it as ``<name>.damaged``),
    None when the player declined or the backup cannot be used (explained)."""
    from model.core.problems import WarbandError
    from saves.battle_read import restore_backup
    from tui.dialogs.choice import ChoiceDialog
    from tui.dialogs.message import MessageDialog

    answer = await app.push_screen_wait(
        ChoiceDialog(
            "Cannot open the battle",
            error.render(),
            [("Go on from the backup", "backup", "primary"), ("Close", "cancel", "default")],
        )
    )
    if answer != "backup":
        return None
    try:
        battle, damaged = restore_backup(path)
    except WarbandError as exc:
        app.push_screen(MessageDialog("Cannot use the backup", exc.render(), error=True))
        return None
    app.notify(f"Going on from the backup; the damaged file is kept as {damaged.name}")
    return battle
