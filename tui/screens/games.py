"""The Games screen: the BSData gallery's games, found by typing, installed, updated and
removed from inside the app; ``catalogs.gallery`` does the work, as it does for
``warband games``.

The gallery is read, and a game downloaded, in a thread worker, so the screen keeps
answering keys while the network is slow: typing still filters, Escape stops a download
(what was installed stays as it was), and a progress bar shows how far it has come,
file by file. Typing goes to a filter shown above the list, not to an input field, so
Enter (install or update) and Delete (remove) are the screen's own keys and the footer
shows them. A removal asks first. After an install, update or removal the library
forgets what it had read of the game, so the home screen's New list sees the change.

History: issue 35.
"""

from __future__ import annotations

import threading
from typing import TYPE_CHECKING, ClassVar

from rich.text import Text
from textual import events, on, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.widgets import Label, OptionList, ProgressBar, Static
from textual.widgets.option_list import Option

from model.core.safe_text import one_line, terminal_safe
from tui.commands import Command, bindings
from tui.screens.base import CommandScreen
from tui.widgets.safe_header import SafeHeader
from tui.widgets.steady_footer import SteadyFooter

if TYPE_CHECKING:
    from catalogs.gallery import Installed, InstallResult, Step
    from model.bsdata.catpkg import Gallery, GalleryGame


class Stopped(Exception):
    """A download stopped by the player (raised in the worker from its progress)."""


class GameList(OptionList, inherit_bindings=False):
    """The games; printable keys and Backspace edit the screen's filter, and Enter is
    left to the screen (its Install, shown in the footer)."""

    BINDINGS: ClassVar[list[Binding]] = [  # type: ignore[assignment]
        Binding("down", "cursor_down", "Down", show=False),
        Binding("up", "cursor_up", "Up", show=False),
        Binding("pagedown", "page_down", "Page down", show=False),
        Binding("pageup", "page_up", "Page up", show=False),
        Binding("home", "first", "First", show=False),
        Binding("end", "last", "Last", show=False),
    ]

    def check_consume_key(self, key: str, character: str | None = None) -> bool:
        return character is not None and character.isprintable()

    async def _on_key(self, event: events.Key) -> None:
        screen = self.screen
        if not isinstance(screen, GamesScreen):
            return
        if event.key == "backspace":
            event.stop()
            screen.filter_text = screen.filter_text[:-1]
        elif event.character is not None and event.character.isprintable() and event.is_printable:
            event.stop()
            event.prevent_default()
            screen.filter_text += event.character
        else:
            return
        screen.show_games()


class GamesScreen(CommandScreen):
    """The gallery's games: Enter installs or updates, Delete removes, Escape goes back
    (or stops a download)."""

    COMMAND_LIST: ClassVar[tuple[Command, ...]] = (
        Command(
            "install",
            "enter",
            "Install/update",
            "Download the highlighted game, or its update, into your catalog folder.",
        ),
        Command("remove", "delete", "Remove", "Remove the highlighted game (asks first)."),
        Command("reload", "f5", "Reload", "Read the gallery again."),
        Command("back", "escape", "Back", "Stop a download; else back to the home screen."),
    )
    BINDINGS = bindings(COMMAND_LIST)
    NAME = "Games"
    HELP = """\
## Games from the BSData gallery

The BattleScribe games of the BSData gallery, as BattleScribe and New Recruit list
them: each with its release and date, and **installed** or **update** where you have
it. Type to filter the list by name (Backspace takes a letter back). **Enter**
downloads the highlighted game into your catalog folder, or its update; a bar shows
how far it has come, and **Escape** stops it (what you had stays as it was).
**Delete** removes a game installed from here, after asking. The gallery is BSData's,
or the one `warband --gallery URL` or `WARBAND_GALLERY_URL` names.
"""

    def __init__(self) -> None:
        super().__init__()
        self.gallery: Gallery | None = None
        self.installed: dict[str, Installed] = {}
        self.filter_text = ""
        self.busy: str | None = None
        """The name of the game being downloaded, or None."""
        self.stop = threading.Event()
        self.error: str | None = None

    def compose(self) -> ComposeResult:
        yield SafeHeader()
        with Vertical(id="games"):
            yield Static("", id="games-filter")
            yield GameList(id="games-list")
            yield Static("", id="games-about")
            yield ProgressBar(total=100, show_eta=False, id="games-progress")
            yield Label("Reading the gallery...", id="games-status")
        yield SteadyFooter()

    def on_mount(self) -> None:
        self.title = "Games from the BSData gallery"
        self.sub_title = ""
        self.query_one("#games-progress", ProgressBar).display = False
        self.query_one(GameList).focus()
        self.show_filter()
        self.read_gallery()

    # --- the gallery ---------------------------------------------------------------------

    @work(thread=True, exclusive=True, group="gallery-read")
    def read_gallery(self) -> None:
        """Read the gallery off the event loop; the screen shows it, or why not."""
        from catalogs.gallery import gallery_url, installed_games, load_gallery
        from model.core.problems import WarbandError

        user_dir = self.warband.library.user_dir
        try:
            gallery = load_gallery(gallery_url(self.warband.gallery))
        except WarbandError as exc:
            self.app.call_from_thread(self._unread, exc.render())
            return
        installed = installed_games(user_dir)
        self.app.call_from_thread(self._read, gallery, installed)

    def _read(self, gallery: Gallery, installed: dict[str, Installed]) -> None:
        if not self.is_attached:  # left before the gallery came
            return
        self.gallery, self.installed, self.error = gallery, installed, None
        self.show_games()
        self.set_status(self.summary())

    def _unread(self, said: str) -> None:
        if not self.is_attached:
            return
        self.error = said
        self.show_games()
        self.set_status(Text(said, style="red"))

    def summary(self) -> str:
        if self.gallery is None:
            return ""
        games = self.gallery.games
        have = sum(g.name.casefold() in self.installed for g in games)
        stale = sum(self.mark(g).startswith("update") for g in games)
        told = f"{len(games)} games in {self.gallery.title}: {have} installed"
        return told + (f", {stale} with an update" if stale else "")

    def mark(self, game: GalleryGame) -> str:
        """``installed``, ``update`` (with the version installed) or empty."""
        from catalogs.gallery import mark

        return mark(game, self.installed)

    def shown(self) -> tuple[GalleryGame, ...]:
        """The games the filter lets through."""
        if self.gallery is None:
            return ()
        return self.gallery.search(self.filter_text.split())

    def show_filter(self) -> None:
        said = self.filter_text or "type to filter"
        style = "" if self.filter_text else "dim"
        self.query_one("#games-filter", Static).update(
            Text.assemble(("Filter: ", "bold"), (terminal_safe(said), style))
        )

    def show_games(self) -> None:
        """The list, as the filter and the installed games make it; the highlight kept
        on the same game where it is still shown."""
        self.show_filter()
        listing = self.query_one(GameList)
        kept = self.highlighted_game()
        listing.clear_options()
        games = self.shown()
        for game in games:
            label = Text(one_line(game.title), style="bold")
            about = "  ".join(p for p in (game.version, game.date) if p)
            label.append(f"  {game.name}  {about}", style="dim")
            said = self.mark(game)
            if said:
                style = "yellow" if said.startswith("update") else "green"
                label.append(f"  [{said}]", style=style)
            listing.add_option(Option(label, id=game.name))
        if not games and self.gallery is not None:
            said = f"No game matches '{self.filter_text}'." if self.filter_text else "No games."
            listing.add_option(Option(Text(said, style="dim"), disabled=True))
        names = [g.name for g in games]
        if names:
            listing.highlighted = names.index(kept.name) if kept and kept.name in names else 0
        self.show_about()
        self.sync_bindings()

    def highlighted_game(self) -> GalleryGame | None:
        listing = self.query_one(GameList)
        if self.gallery is None or listing.highlighted is None:
            return None
        option = listing.get_option_at_index(listing.highlighted)
        return self.gallery.find(option.id) if option.id is not None else None

    @on(OptionList.OptionHighlighted, "#games-list")
    def show_about(self) -> None:
        game = self.highlighted_game()
        about = self.query_one("#games-about", Static)
        if game is None:
            about.update("")
            return
        text = Text.assemble((one_line(game.title), "bold"), f" ({game.name})")
        if game.version:
            text.append(f", {game.version}")
        if game.date:
            text.append(f" of {game.date}")
        if game.archived:
            text.append(", archived: no longer kept up", style="italic")
        record = self.installed.get(game.name.casefold())
        if record is not None:
            text.append(f"\ninstalled: {record.version or 'an unknown version'}")
        if game.note:
            text.append(f"\n{game.note}", style="dim")
        about.update(text)
        self.sync_bindings()

    def set_status(self, said: str | Text) -> None:
        self.query_one("#games-status", Label).update(said)

    # --- install, update, remove ---------------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "reload":
            return self.busy is None or None
        if action in ("install", "remove"):
            game = self.highlighted_game()
            if self.busy is not None or game is None:
                return None
            if action == "remove":
                return game.name.casefold() in self.installed or None
            return not self.current(game) or None
        return True

    def current(self, game: GalleryGame) -> bool:
        """Whether the release the gallery lists is the one installed."""
        record = self.installed.get(game.name.casefold())
        return record is not None and record.is_current(game)

    def action_install(self) -> None:
        game = self.highlighted_game()
        if game is None or self.busy is not None:
            return
        if self.current(game):
            self.set_status(f"{one_line(game.title)} {game.version} is up to date.")
            return
        self.busy = game.name
        self.stop.clear()
        bar = self.query_one("#games-progress", ProgressBar)
        bar.update(total=100, progress=0)
        bar.display = True
        self.set_status(f"Downloading {one_line(game.title)} {game.version}... (Escape stops)")
        self.sync_bindings()
        self.download(game)

    @work(thread=True, exclusive=True, group="gallery-install")
    def download(self, game: GalleryGame) -> None:
        """The install, off the event loop; its progress and end told to the screen."""
        from catalogs.gallery import gallery_url, install, installed_games
        from model.core.problems import WarbandError

        user_dir = self.warband.library.user_dir

        def told(step: Step) -> None:
            if self.stop.is_set():
                raise Stopped
            self.app.call_from_thread(self._progress, step)

        try:
            result = install(
                game, user_dir, gallery=gallery_url(self.warband.gallery), progress=told
            )
        except Stopped:
            self.app.call_from_thread(self._failed, "Stopped: nothing was changed.", None)
            return
        except WarbandError as exc:
            self.app.call_from_thread(self._failed, "Not installed", exc.render())
            return
        installed = installed_games(user_dir)
        self.app.call_from_thread(self._installed, result, installed)

    def _progress(self, step: Step) -> None:
        if not self.is_attached:
            return
        self.query_one("#games-progress", ProgressBar).update(progress=step.fraction * 100)
        if step.file != "catpkg.json":
            self.set_status(
                f"Downloading {terminal_safe(step.file)} ({step.index} of {step.count - 1})"
                if step.file != "checking"
                else "Checking the game..."
            )

    def _installed(self, result: InstallResult, installed: dict[str, Installed]) -> None:
        self._forget(result.game.name)
        if not self.is_attached:
            return
        self.busy = None
        self.installed = installed
        game = result.game
        done = "Updated" if result.previous is not None else "Installed"
        self.query_one("#games-progress", ProgressBar).update(progress=100)
        self.set_status(f"{done} {one_line(game.title)} {game.version}.")
        self.show_games()

    def _failed(self, said: str, why: str | None) -> None:
        """A download stopped (``why`` None) or refused: nothing changed, and why."""
        from tui.dialogs.message import MessageDialog

        if not self.is_attached:
            return
        self.busy = None
        self.query_one("#games-progress", ProgressBar).display = False
        self.set_status(Text(said if why is None else f"{said}: {why}", style="red"))
        self.show_games()
        if why is not None:
            self.app.push_screen(MessageDialog(said, why, error=True))

    def _forget(self, name: str) -> None:
        """The library reads the game again next time (its id may carry ``-bsdata``)."""
        from catalogs.library import BS_SUFFIX

        for system_id in (name, name + BS_SUFFIX):
            self.warband.library.forget(system_id)

    @work(exclusive=True, group="gallery-remove")
    async def action_remove(self) -> None:
        from tui.dialogs.choice import ChoiceDialog

        game = self.highlighted_game()
        if game is None or self.busy is not None or game.name.casefold() not in self.installed:
            return
        title = one_line(game.title)
        answer = await self.app.push_screen_wait(
            ChoiceDialog(
                f"Remove {title}?",
                f"Its folder in your catalog folder is deleted; lists over it will not open "
                f"until it is installed again.\n{self.installed[game.name.casefold()].folder}",
                [("Remove", "remove", "error"), ("Keep it", "cancel", "default")],
            )
        )
        if answer != "remove":
            return
        from catalogs.gallery import installed_games, remove
        from model.core.problems import WarbandError

        user_dir = self.warband.library.user_dir
        try:
            remove(game.name, user_dir)
        except WarbandError as exc:
            self.set_status(Text(exc.render(), style="red"))
            return
        self._forget(game.name)
        self.installed = installed_games(user_dir)
        self.set_status(f"Removed {title}.")
        self.show_games()

    def on_unmount(self) -> None:
        """The app quitting mid-download: the download stops at its next piece, and
        what was installed stays as it was."""
        self.stop.set()

    def action_reload(self) -> None:
        if self.busy is None:
            self.set_status("Reading the gallery...")
            self.read_gallery()

    def action_back(self) -> None:
        if self.busy is not None:
            self.stop.set()
            self.set_status("Stopping...")
            return
        self.app.pop_screen()
