"""Driving the app like a person: keys and typed words, in isolated folders."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from textual.pilot import Pilot

from saves.battle_file import write_battle
from tests.saves.test_battle_file import fresh_battle, play
from tui.app import WarbandApp, make_app
from tui.screens.builder.screen import BuilderScreen

NAMED_KEYS = frozenset(
    {
        "enter",
        "escape",
        "tab",
        "up",
        "down",
        "left",
        "right",
        "slash",
        "backspace",
        "delete",
        "plus",
        "minus",
        "home",
        "end",
        "f1",
    }
)


@dataclass(frozen=True)
class Folders:
    """Every folder the app may touch, inside a test's temporary folder."""

    root: Path

    @property
    def saves(self) -> Path:
        return self.root / "saves"

    @property
    def config(self) -> Path:
        return self.root / "config"

    @property
    def catalogs(self) -> Path:
        """The user catalog folder (left empty: only bundled or fixture catalogs are seen)."""
        return self.root / "user-catalogs"

    def roster(self, name: str, text: str) -> Path:
        """Write a roster file into the saves folder."""
        path = self.saves / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
        return path

    def battle(self, name: str, events: int, seed: int) -> Path:
        """Write a battle file into the saves folder: a legal game of ``events`` events,
        played by the engine (``tests/saves/test_battle_file.py`` ``play``) from ``seed``."""
        path = self.saves / name
        path.parent.mkdir(parents=True, exist_ok=True)
        write_battle(path, play(fresh_battle(turn_limit=100), events, seed=seed))
        return path


def app_in(
    folders: Folders,
    *,
    open_path: Path | None = None,
    battle_path: Path | None = None,
    theme: str | None = "textual-dark",
    offer_recovery: bool = True,
) -> WarbandApp:
    """The app with all its folders in ``folders`` and a pinned theme (None: not pinned)."""
    return make_app(
        catalog_dir=folders.catalogs,
        saves_dir=folders.saves,
        config_dir=folders.config,
        open_path=open_path,
        battle_path=battle_path,
        theme=theme,
        offer_recovery=offer_recovery,
    )


async def keys(pilot: Pilot[None], *sequence: str) -> None:
    """Press keys: named keys as they are, any other word typed letter by letter."""
    for key in sequence:
        if key in NAMED_KEYS or len(key) == 1 or "+" in key:  # ctrl+z, shift+tab
            await pilot.press(key)
        else:
            await pilot.press(*key)
    await pilot.pause()


async def new_list(pilot: Pilot[None], faction_letter: str) -> None:
    """Home -> new list: the faction whose name starts with a letter, usual limit and name."""
    await keys(pilot, "n", "enter", faction_letter, "enter", "tab", "enter", "enter")


async def pick(pilot: Pilot[None], label: str) -> None:
    """In an open pick list, take the line starting with ``label``."""
    from tui.dialogs.pick import PickDialog

    dialog = pilot.app.screen
    assert isinstance(dialog, PickDialog), dialog
    wanted = [n for n, (text, _, _) in enumerate(dialog.choices) if text.startswith(label)]
    assert wanted, [c[0] for c in dialog.choices]
    listing = dialog.query_one("#pick")
    while getattr(listing, "highlighted", None) != wanted[0]:
        await pilot.press("down")
    await keys(pilot, "enter")


def builder_of(app: object) -> BuilderScreen:
    """The list builder, which must be the screen shown (no dialog open over it)."""
    screen = getattr(app, "screen", None)
    assert isinstance(screen, BuilderScreen), screen
    return screen
