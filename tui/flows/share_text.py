"""Where a list's text goes once it is made: copied (through the terminal) or saved to a
file the player names, relative to the saves folder. Both builders share lists this way,
warband's own and those over BattleScribe data, and warband's builder asks for the
file of Save as the same way.

Apart from the builders because it is the same questions whatever the list is; the
formats and their text are each builder's.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from textual.app import App
from textual.screen import Screen

from model.core.problems import WarbandError
from saves.atomic import write_atomic
from saves.free_name import NoFreeName, free_path, slug
from tui.dialogs.choice import ChoiceDialog, may_write
from tui.dialogs.message import MessageDialog
from tui.dialogs.prompt import PromptDialog


def free_default(folder: Path, name: str, suffix: str) -> Path:
    """The first free ``<name>[-n]<suffix>`` in ``folder`` (the name made a file name)."""
    try:
        return free_path(folder, slug(name), suffix)
    except NoFreeName:  # proposed anyway: writing over it asks first
        return folder / (slug(name) + suffix)


async def ask_file(
    app: App[Any], folder: Path, title: str, prompt: str, default: Path, suffix: str | None
) -> Path | None:
    """A file name from the player: relative to ``folder``, given ``suffix`` when it has
    none (None: taken as typed); None when they cancel."""
    text = await app.push_screen_wait(PromptDialog(title, prompt, str(default), _not_blank))
    if text is None:
        return None
    path = Path(text.strip()).expanduser()
    if not path.is_absolute():
        path = folder / path
    return path.with_suffix(suffix) if suffix is not None and not path.suffix else path


async def share_text(screen: Screen[Any], text: str, folder: Path, name: str, suffix: str) -> None:
    """Copy ``text`` or save it to a file (by default a free ``<name>[-n]<suffix>`` in
    ``folder``), as the player chooses. A file already there is written over only if the
    player answers Replace: an export is a copy, never the list's own file unasked."""
    app = screen.app
    where = await app.push_screen_wait(
        ChoiceDialog(
            "Share the list",
            f"{len(text):,} characters. Copy them, or save them to a file?",
            [
                ("Copy", "copy", "primary"),
                ("Save to a file", "file", "default"),
                ("Cancel", "cancel", "default"),
            ],
        )
    )
    if where == "copy":
        app.copy_to_clipboard(text)
        screen.notify(
            "Copied (through the terminal: if pasting gives nothing, save to a file)",
            timeout=4,
        )
    elif where == "file":
        default = free_default(folder, name, suffix)
        path = await ask_file(app, folder, "Save the export", "File:", default, None)
        if path is None or not await may_write(app, path):
            return
        try:
            write_atomic(path, text.encode("utf-8"))
        except WarbandError as exc:
            app.push_screen(MessageDialog("Not saved", exc.render(), error=True))
            return
        screen.notify(f"Saved {path}", timeout=3)


def _not_blank(text: str) -> str | None:
    return None if text.strip() else "Type a file name."
