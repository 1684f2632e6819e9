"""What every warband screen shares: commands, help and availability."""

from __future__ import annotations

from typing import ClassVar

from textual.screen import Screen

from tui.app_protocol import WarbandHost
from tui.commands import Command


class CommandScreen(Screen[None]):
    """A screen whose keys, palette entries and help come from ``COMMAND_LIST``."""

    COMMAND_LIST: ClassVar[tuple[Command, ...]] = ()
    """The screen's commands; subclasses set ``BINDINGS = bindings(COMMAND_LIST)``."""
    HELP: ClassVar[str] = ""
    """Markdown shown by F1 above the list of keys."""
    NAME: ClassVar[str] = "warband"
    """What the screen is, for the help title."""

    _availability: tuple[bool | None, ...] = ()
    _commands: tuple[Command, ...] | None = None

    @property
    def warband(self) -> WarbandHost:
        """The app as its screens see it (``tui.app_protocol``): typed by the protocol, so
        no screen imports ``tui.app``, which imports the screens."""
        assert isinstance(self.app, WarbandHost)
        return self.app

    @property
    def commands(self) -> tuple[Command, ...]:
        """This screen's commands as help, the palette and the footer list them: the
        class's, unless the screen narrowed them (a builder without a unit designer)."""
        return self.COMMAND_LIST if self._commands is None else self._commands

    def sync_bindings(self) -> None:
        """Refresh the footer and palette only when a command's availability changed
        (the footer redraws itself on every refresh, which is slow on every key)."""
        now = tuple(self.check_action(c.action, ()) for c in self.commands)
        if now != self._availability:
            self._availability = now
            self.refresh_bindings()

    def help_text(self) -> str:
        """Markdown shown by F1 above the keys (a screen may say more than ``HELP``)."""
        return self.HELP

    async def settle(self) -> bool:
        """Before the app quits: True when nothing is unsaved or the player has decided
        (the builder asks about unsaved changes; other screens hold nothing unsaved)."""
        return True

    def can_run(self, action: str) -> bool:
        """Whether a command of this screen can run now (palette entries follow this)."""
        return self.check_action(action, ()) is True
