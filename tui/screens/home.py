"""The home screen: start a list, open one, or pick up a recent file."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING, ClassVar

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.widgets import Button, Label, OptionList, Static
from textual.widgets.option_list import Option

from model.core.safe_text import terminal_safe
from tui.commands import Command, bindings
from tui.screens.base import CommandScreen
from tui.widgets.safe_header import SafeHeader
from tui.widgets.steady_footer import SteadyFooter

if TYPE_CHECKING:
    from catalogs.library import SystemEntry


class HomeScreen(CommandScreen):
    """Where warband starts."""

    COMMAND_LIST: ClassVar[tuple[Command, ...]] = (
        Command("new_list", "n", "New list", "Start a list: system, faction, points, name."),
        Command(
            "open_file",
            "o",
            "Open",
            "Open a list (in the builder) or a battle (in the tracker) from a file.",
        ),
        Command(
            "import_list",
            "i",
            "Import",
            "Open a list from a share code (WB1-..., WBS1-...) or a BattleScribe roster "
            "(.ros, .rosz).",
        ),
        Command("new_battle", "b", "New battle", "Start a battle between two list files."),
        Command("resume_battle", "r", "Resume battle", "Resume a saved battle: battle files only."),
        Command(
            "games",
            "g",
            "Games",
            "Find, install and update BattleScribe games from the BSData gallery.",
        ),
        Command(
            "open_recent", "enter", "Open recent", "Open the highlighted recent file.", footer=False
        ),
    )
    BINDINGS = bindings(COMMAND_LIST)
    NAME = "Home"
    HELP = """\
## warband

Build lists for tabletop skirmish games and check them against every
list-building rule as you go.

Press **n** to start a new list: choose the game system, the faction, the points
limit (the system's usual game size is filled in) and a name. Press **o** to open
a file: a list opens in the builder, a battle in the tracker. The file picker
starts in your saves folder; a path you type that does not start with / is read
from the folder warband was started in. Press **i** to import a list: paste a share
code (or the whole message holding one), or type the path of a BattleScribe roster
(.ros, .rosz); a list over BattleScribe data is saved in your saves folder as it
opens. Press **b** for a new battle between two list files of one game (of
warband's own, or over BattleScribe data: the game's choices, such as what a model's
damage counts against, are kept in your config folder's games/ folder) and **r** to
resume one. Press **g** for the games of the BSData gallery: find one, install it,
update it. Recently opened files are listed below, each with its list's name, faction and
game size; highlight one and press **Enter**.
"""

    def compose(self) -> ComposeResult:
        yield SafeHeader()
        with Vertical(id="home"):
            yield Static(
                Text.assemble(
                    ("warband", "bold"),
                    "  build, check and share lists for tabletop skirmish games",
                ),
                id="home-title",
            )
            with Horizontal(id="home-buttons"):
                yield Button("New list (n)", id="new", variant="primary")
                yield Button("Open file (o)", id="open")
                yield Button("New battle (b)", id="battle")
                yield Button("Resume battle (r)", id="resume")
            yield Label("Recent files", classes="section-title")
            yield OptionList(id="recent")
        yield SteadyFooter()

    def on_mount(self) -> None:
        self.title = "warband"
        self.sub_title = ""
        self.show_recent()

    def on_screen_resume(self) -> None:
        self.show_recent()

    def show_recent(self) -> None:
        """List the recent files, newest first: what each holds (read from its head),
        where it is, and why one cannot be opened."""
        recent = self.query_one("#recent", OptionList)
        recent.clear_options()
        entries = self.warband.library.entries()
        for name in self.warband.settings.recent:
            recent.add_option(Option(self.recent_label(Path(name), entries), id=name))
        if not recent.option_count:
            recent.add_option(Option(Text("No recent files yet.", style="dim"), disabled=True))
        else:
            recent.highlighted = 0
            recent.focus()

    def recent_label(self, path: Path, entries: Mapping[str, SystemEntry]) -> Text:
        """One recent file: "Rust Rats  Gangers · 500 points  saves/band.toml"; a list
        whose game is not in the catalog folder says where the game's folder goes."""
        from saves.peek import PeekError, peek
        from tui.flows.import_list import missing_game_note
        from tui.titles import faction_title

        library = self.warband.library

        where = f"{self.folder_text(path.parent)}/{terminal_safe(path.name)}"
        try:
            found = peek(path)
        except PeekError as exc:
            label = Text(terminal_safe(path.name), style="bold")
            label.append(f"  {exc}", style="red")
            label.append(f"  {self.folder_text(path.parent)}", style="dim")
            return label
        if found.kind == "battle":
            # the players, as the tracker's title names them (a list's name is the
            # player's when none was given)
            title = " vs ".join(s.player or s.list_name for s in found.sides) or path.name
            about = ["battle", found.system, found.name]
        elif found.battlescribe:
            title = terminal_safe(found.name) or path.name
            about = [terminal_safe(found.game_name or found.system), "BattleScribe data"]
        else:
            title = found.name or path.name
            points = f"{found.points_limit} points" if found.points_limit is not None else ""
            about = [faction_title(entries, found.system, found.faction), points]
        label = Text(title, style="bold")
        label.append("  " + " · ".join(a for a in about if a))
        label.append(f"  {where}", style="dim")
        if found.battlescribe and found.system not in library.battlescribe_entries():
            label.append(f"  {missing_game_note(library, found.system)}", style="red")
        return label

    def folder_text(self, folder: Path) -> str:
        """Where a file is, briefly: within the saves folder, the home folder, or in full."""
        saves = self.warband.locations.saves_dir.expanduser().resolve()
        for root, shown in ((saves, "saves"), (Path.home().resolve(), "~")):
            if folder == root or folder.is_relative_to(root):
                rest = folder.relative_to(root).as_posix()
                return terminal_safe(shown if rest == "." else f"{shown}/{rest}")
        return terminal_safe(str(folder))

    @on(Button.Pressed, "#new")
    def action_new_list(self) -> None:
        self.warband.new_list()

    @on(Button.Pressed, "#open")
    def action_open_file(self) -> None:
        self.warband.pick_file()

    def action_import_list(self) -> None:
        self.warband.import_code()

    @on(Button.Pressed, "#battle")
    def action_new_battle(self) -> None:
        self.warband.new_battle()

    @on(Button.Pressed, "#resume")
    def action_resume_battle(self) -> None:
        self.warband.pick_battle()

    def action_games(self) -> None:
        self.warband.open_games()

    @on(OptionList.OptionSelected, "#recent")
    def _recent(self, event: OptionList.OptionSelected) -> None:
        if event.option.id is not None:
            self.warband.open_any(Path(event.option.id))

    def action_open_recent(self) -> None:
        recent = self.query_one("#recent", OptionList)
        if recent.highlighted is not None:
            option_id = recent.get_option_at_index(recent.highlighted).id
            if option_id is not None:
                self.warband.open_any(Path(option_id))

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "open_recent":
            return True if self.warband.settings.recent else None
        return True
