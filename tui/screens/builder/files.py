"""Saving the list: to its file, to another one, asking where, and settling unsaved
changes before the list closes or the app quits.

Apart from the edits because files are about where the list lives, not what it
holds; ``sharing`` builds on the file questions asked here.
"""

from __future__ import annotations

from pathlib import Path

from textual import work

from model.core.problems import WarbandError
from saves.recovery import discard_recovery
from saves.roster_file import write_roster
from tui.dialogs.choice import may_write
from tui.dialogs.message import MessageDialog
from tui.flows.share_text import ask_file, free_default
from tui.screens.builder.editing import ListEditing


class FileKeys(ListEditing):
    """Keys and steps that save the list and close it."""

    # --- files --------------------------------------------------------------------------------

    def save_to(self, path: Path) -> bool:
        """Write the roster to ``path``; True when it worked (errors are shown)."""
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            write_roster(path, self.roster)
        except (WarbandError, OSError) as exc:
            body = exc.render() if isinstance(exc, WarbandError) else str(exc)
            self.app.push_screen(MessageDialog("Not saved", body, error=True))
            return False
        old_recovery = self.recovery
        self.path, self.saved = path, self.roster
        discard_recovery(old_recovery)
        self.recovery = self._recovery_path()
        self.warband.remember(path)
        self.refresh_view()
        self.notify(f"Saved {path}", timeout=3)
        return True

    async def ask_path(self) -> Path | None:
        """Ask where to save: this list's own file, or else a name in the saves folder
        that replaces nothing (``gangers-2.toml`` when ``gangers.toml`` is another list).
        A name typed or accepted that is another file is written over only if the player
        answers Replace; None when they cancel either question."""
        default = self.path or self._free_default(".toml")
        path = await self._ask_file("Save as", "File to save the list to:", default, ".toml")
        if path is None:
            return None
        if self.path is not None and _same_file(path, self.path):
            return path  # the list's own file: saving again replaces only itself
        return path if await may_write(self.app, path) else None

    def _free_default(self, suffix: str) -> Path:
        """The first free ``<list name>[-n]<suffix>`` in the saves folder."""
        return free_default(self.warband.locations.saves_dir, self.roster.name, suffix)

    async def _ask_file(
        self, title: str, prompt: str, default: Path, suffix: str | None
    ) -> Path | None:
        """A file name from the player: relative to the saves folder, given ``suffix`` when
        it has none (None: taken as typed)."""
        folder = self.warband.locations.saves_dir
        return await ask_file(self.app, folder, title, prompt, default, suffix)

    async def save(self) -> bool:
        """Save, asking for a file when there is none; True when saved."""
        path = self.path or await self.ask_path()
        return path is not None and self.save_to(path)

    @work
    async def action_save(self) -> None:
        await self.save()

    @work
    async def action_save_as(self) -> None:
        path = await self.ask_path()
        if path is not None:
            self.save_to(path)


def _same_file(a: Path, b: Path) -> bool:
    """Whether two paths name one file (through links, ``..``, or a case-blind disk)."""
    try:
        return a.samefile(b)
    except OSError:  # one of them is not there (yet): compare the names
        return a.resolve() == b.resolve()
