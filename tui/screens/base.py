"""What every warband screen shares: commands, help and availability."""

from __future__ import annotations

from typing import ClassVar

from textual.screen import Screen

from tui.commands import Command


class CommandScreen(Screen[None]):
    """A screen whose keys, palette entries and help come from ``COMMAND_LIST``."""

    COMMAND_LIST: ClassVar[tuple[Command, ...]] = ()
    """The screen's commands; subclasses set ``BINDINGS = bindings(COMMAND_LIST)``."""
    HELP: ClassVar[str] = ""
    """Markdown shown by F1 above the list of keys."""
    NAME: ClassVar[str] = "warband"
    """What the screen is, for the help title."""

    def can_run(self, action: str) -> bool:
        """Whether a command of this screen can run now (palette entries follow this)."""
        return self.check_action(action, ()) is True
