"""Each user command defined once: its key, its words and its help.

A screen lists its ``Command``s; from that one list come its key bindings (with
ids, so keys can be remapped), its footer, its command-palette entries (offered
only while the command can run) and its F1 help. Nothing about a command is
written twice.
"""

from __future__ import annotations

from collections.abc import Iterable

from textual.binding import Binding, BindingType

from model.core.value import frozen_value


@frozen_value(slots=False)
class Command:
    """One thing a person can ask a screen to do."""

    action: str
    """The screen's action name (``action_<name>``), also the binding id."""
    key: str
    """Key(s) in Textual's notation, comma-separated for alternatives."""
    title: str
    """Short name: the footer label and the palette entry."""
    help: str
    """One sentence on what it does, for the palette and F1."""
    footer: bool = True
    """Shown in the footer; the rest are in the palette and F1 help."""
    key_display: str | None = None

    def binding(self) -> Binding:
        return Binding(
            self.key,
            self.action,
            self.title,
            show=self.footer,
            key_display=self.key_display,
            tooltip=self.help,
            id=self.action,
        )

    @property
    def shown_key(self) -> str:
        """The key as help pages print it."""
        if self.key_display:
            return self.key_display
        first = self.key.split(",")[0]
        parts = first.split("+")
        if len(parts) > 1:  # a combination reads Ctrl+Z, as the palette and menus print it
            parts[-1] = parts[-1].upper() if len(parts[-1]) == 1 else parts[-1]
        return "+".join(part.capitalize() if len(part) > 1 else part for part in parts)


def bindings(commands: Iterable[Command]) -> list[BindingType]:
    """Key bindings for a list of commands."""
    return [c.binding() for c in commands]
