"""Pick a file: a folder tree (the saves folder, or beside the last file picked), or a
typed path.

A typed relative path is read from the folder warband was started in, as a shell
would (``tests/fixtures/rosters/gangers/legal-500.toml`` from the project folder); a
name that is not there but is in the folder the tree shows is taken from there, so a
name read off the tree can be typed too. A file that could not be used comes back
with its reason under the path, the path still typed, so the player fixes it where
they are instead of starting over.
"""

from __future__ import annotations

from collections.abc import Iterable
from enum import Enum
from pathlib import Path
from typing import TYPE_CHECKING

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import DirectoryTree, Input, Label, Static

from model.core.safe_text import terminal_safe

if TYPE_CHECKING:
    from model.core.problems import WarbandError


class Kind(Enum):
    """Which files a picker lists."""

    ANY = "any"
    """Lists and battles (``o`` opens either)."""
    ROSTER = "roster"
    """Lists only (a side of a new battle)."""
    BATTLE = "battle"
    """Battles only (``r`` resumes one)."""


class RosterFiles(DirectoryTree):
    """Folders and ``.toml`` files of one kind; hidden ones (recovery copies) are left
    out. Telling a battle from a list reads the head of each file, which DirectoryTree
    does in a thread, off the screen's loop."""

    def __init__(self, path: Path, kind: Kind = Kind.ANY, *, id: str | None = None) -> None:
        super().__init__(path, id=id)
        self.kind = kind

    def filter_paths(self, paths: Iterable[Path]) -> Iterable[Path]:
        shown = []
        for p in paths:
            if p.name.startswith("."):
                continue
            if p.is_dir() or (p.suffix == ".toml" and self._wanted(p)):
                shown.append(p)
        return shown

    def _wanted(self, path: Path) -> bool:
        from saves.peek import is_battle

        return self.kind is Kind.ANY or is_battle(path) == (self.kind is Kind.BATTLE)


def typed_path(text: str, shown: Path, start: Path | None = None) -> Path:
    """The file a typed path names: as it is when absolute (or ``~``), else from the
    folder warband was started in (``start``, the current folder by default), else from
    the folder ``shown`` when only there is such a file."""
    path = Path(text.strip()).expanduser()
    if path.is_absolute():
        return path
    here = (start or Path.cwd()) / path
    if not here.exists() and (shown / path).exists():
        return shown / path
    return here


def problem_text(error: WarbandError) -> str:
    """An error about a file for one dialog: its problems, each naming the file, without
    a title that only repeats the path ("cannot read X" over "X: no such file")."""
    text = error.render()
    files = {p.file for p in error.problems}
    if len(files) == 1 and None not in files and error.title.endswith(str(next(iter(files)))):
        return "\n".join(terminal_safe(str(p)) for p in error.problems)
    return text


class OpenFileDialog(ModalScreen[Path | None]):
    """Returns the chosen file, or None on Escape.

    ``error`` and ``typed`` reopen the dialog on a file that could not be used: the
    reason shows under the path, and the path stays typed, ready to be fixed."""

    BINDINGS = [Binding("escape", "cancel", "Cancel", id="cancel")]

    def __init__(
        self,
        root: Path,
        title: str = "Open a list",
        *,
        kind: Kind = Kind.ANY,
        example: Path | None = None,
        error: str | None = None,
        typed: str = "",
        note: str | None = None,
    ) -> None:
        """``note`` says, above the files, which of them can be used here."""
        super().__init__()
        self.root = root
        self.title_text = title
        self.kind = kind
        self.example = example
        """The path shown greyed in the empty path box."""
        self.error = error
        self.typed = typed
        self.note = note

    def compose(self) -> ComposeResult:
        start = Path.cwd()
        with Vertical(classes="dialog tall"):
            yield Label(self.title_text, classes="dialog-title")
            if self.note:
                yield Static(self.note, id="open-note", markup=False)
            yield RosterFiles(self.root, self.kind, id="files")
            yield Label("or type a path:")
            example = self.example or self.root / (
                "band.battle.toml" if self.kind is Kind.BATTLE else "band.toml"
            )
            yield Input(self.typed, placeholder=terminal_safe(str(example)), id="path")
            yield Static(
                self.error or terminal_safe(f"A relative path starts in {start}. Escape cancels."),
                id="open-hint",
                classes="dialog-hint error" if self.error else "dialog-hint",
                markup=False,
            )

    def on_mount(self) -> None:
        if self.error or self.typed:  # back to fix the path: the cursor where it was typed
            self.query_one("#path", Input).focus()

    @on(DirectoryTree.FileSelected)
    def _file(self, event: DirectoryTree.FileSelected) -> None:
        if self.is_active:
            self.dismiss(Path(event.path))

    @on(Input.Submitted, "#path")
    def _typed(self, event: Input.Submitted) -> None:
        if event.value.strip() and self.is_active:
            self.dismiss(typed_path(event.value, self.root))

    def action_cancel(self) -> None:
        self.dismiss(None)
