"""Pick a roster file: a folder tree rooted at the saves folder, or a typed path."""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import DirectoryTree, Input, Label, Static


class RosterFiles(DirectoryTree):
    """Folders and ``.toml`` files only; hidden ones (recovery copies) are left out."""

    def filter_paths(self, paths: Iterable[Path]) -> Iterable[Path]:
        return [
            p for p in paths if not p.name.startswith(".") and (p.is_dir() or p.suffix == ".toml")
        ]


class OpenFileDialog(ModalScreen[Path | None]):
    """Returns the chosen file, or None on Escape."""

    BINDINGS = [Binding("escape", "cancel", "Cancel", id="cancel")]

    def __init__(self, root: Path, title: str = "Open a list") -> None:
        super().__init__()
        self.root = root
        self.title_text = title

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog tall"):
            yield Label(self.title_text, classes="dialog-title")
            yield RosterFiles(self.root, id="files")
            yield Label("or type a path:")
            yield Input(placeholder=str(self.root / "band.toml"), id="path")
            yield Static("Enter opens the file; Escape cancels", classes="dialog-hint")

    @on(DirectoryTree.FileSelected)
    def _file(self, event: DirectoryTree.FileSelected) -> None:
        self.dismiss(Path(event.path))

    @on(Input.Submitted, "#path")
    def _typed(self, event: Input.Submitted) -> None:
        if event.value.strip():
            path = Path(event.value.strip()).expanduser()
            self.dismiss(path if path.is_absolute() else self.root / path)

    def action_cancel(self) -> None:
        self.dismiss(None)
