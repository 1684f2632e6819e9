"""The warband app: screens, app-wide keys, the palette, settings and recovery.

The App only wires things: it owns the catalog library, the folders, the
settings (theme, recent files), and the flows that cross screens (new list, open,
quit with unsaved work, recovery at start). Each screen owns its own state and
commands. Build it with ``make_app`` so tests and the command line configure it
the same way.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar

from textual import events, work
from textual.app import App, SystemCommand
from textual.binding import Binding, BindingType
from textual.driver import Driver
from textual.screen import Screen

from catalogs.library import Library
from saves.settings import Settings, load_settings, save_settings
from tui.screens.base import CommandScreen
from tui.screens.home import HomeScreen

if TYPE_CHECKING:
    from model.battle.battle import Battle
    from model.catalog.schema import FactionView
    from model.core.problems import WarbandError
    from model.roster.roster import Roster
    from saves.locations import Locations
    from tui.app_protocol import WarbandHost
    from tui.screens.builder.screen import BuilderScreen

DEFAULT_THEME = "textual-dark"


class WarbandApp(App[None]):
    """Build, check and share lists."""

    CSS_PATH = "app.tcss"
    TITLE = "warband"
    ENABLE_COMMAND_PALETTE = True
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("f1", "help", "Help", id="help", tooltip="Help for this screen"),
        Binding(
            "ctrl+q",
            "quit",
            "Quit",
            id="quit",
            priority=True,
            show=False,
            tooltip="Quit (asks about unsaved changes)",
        ),
    ]

    def __init__(
        self,
        library: Library,
        locations: Locations,
        *,
        open_path: Path | None = None,
        battle_path: Path | None = None,
        theme: str | None = None,
        offer_recovery: bool = True,
        gallery: str | None = None,
    ) -> None:
        super().__init__()
        self.library = library
        self.locations = locations
        self.gallery = gallery
        self.open_path = open_path
        self.battle_path = battle_path
        self.fixed_theme = theme
        self.offer_recovery = offer_recovery
        self.settings, self.settings_note = load_settings(locations.settings_file)
        self._started = False
        self.crash: str | None = None
        """The one line to show after a bug ended the app (``warband`` exits 3)."""

    def get_driver_class(self) -> type[Driver]:
        """Textual's driver for this terminal (or the browser's), writing no bidirectional
        controls (``tui.terminal_driver``)."""
        from tui.terminal_driver import without_bidi_driver

        return without_bidi_driver(super().get_driver_class())

    # --- a bug ------------------------------------------------------------------------------

    def _handle_exception(self, error: Exception) -> None:
        """A bug ends the app as Textual does, but the traceback goes to a crash log and
        the screen gets one line (``crash``), printed once the terminal is restored.

        Nothing is discarded on the way out: a list with unsaved changes keeps its
        recovery copy, which the next start offers back. Under Pilot the error is kept
        for the test runner to raise, as Textual does."""
        from saves.crash_log import crash_line, write_crash_log

        self._return_code = 3
        if self._exception is None:
            self._exception = error
            self._exception_event.set()
        if self.crash is None:
            self.crash = crash_line(error, write_crash_log(error, self.locations.crash_dir))
        self._close_messages_no_wait()

    # --- start ---------------------------------------------------------------------------------

    def get_default_screen(self) -> Screen[Any]:
        """The home screen is the app's base screen, composed in the app's first paint
        rather than pushed over an empty default screen (two screens laid out and styled
        before anything shows). The theme is chosen first, so it is styled once."""
        self.theme = self._start_theme()
        return HomeScreen()

    def on_mount(self) -> None:
        self._started = True
        if self.settings_note:
            self.notify(self.settings_note, severity="warning")
        if self.open_path is not None:
            self.open_roster(self.open_path)
        elif self.battle_path is not None:
            self.open_battle(self.battle_path)
        elif self.offer_recovery and self.recoveries_waiting():
            # reading them imports the roster schema: the home screen shows first
            self.call_after_refresh(self.offer_recoveries)
        self.call_after_refresh(self.sweep_leftovers)

    def on_descendant_focus(self, event: events.DescendantFocus) -> None:
        """A drop-down's list, opened, stays inside its dialog (``drop_down_room``)."""
        from tui.textual_private import SelectOverlay
        from tui.widgets.drop_down_room import keep_inside

        if isinstance(event.widget, SelectOverlay):
            keep_inside(event.widget)

    def recoveries_waiting(self) -> bool:
        """Whether the recovery folder holds any file to offer back, found by listing it.

        Reading recovery files needs the roster schema (pydantic and every model: about
        200 ms and 15 MiB), so an empty folder, the usual case, must not pay for it
        before the first screen; ``find_recoveries`` reads the same ``*.toml`` files."""
        folder = self.locations.recovery_dir
        try:
            return any(folder.glob("*.toml"))
        except OSError:
            return True  # let find_recoveries meet the problem and explain it

    @work(thread=True, group="sweep")
    def sweep_leftovers(self) -> None:
        """Remove what killed saves left in the saves and recovery folders (hidden
        temporary files), off the first paint: no file of the player's is touched."""
        from saves.atomic import sweep_folder

        for folder in (self.locations.saves_dir, self.locations.recovery_dir):
            sweep_folder(folder)

    def _start_theme(self) -> str:
        wanted = self.fixed_theme or self.settings.theme or DEFAULT_THEME
        if wanted in self.available_themes:
            return wanted
        self.notify(f"Unknown theme '{wanted}'; using {DEFAULT_THEME}", severity="warning")
        return DEFAULT_THEME

    def watch_theme(self, theme: str) -> None:
        """Remember the theme the player picks (not one fixed from outside)."""
        if self.fixed_theme is None and theme != self.settings.theme and self._started:
            self._store(self.settings.with_theme(theme))

    def _store(self, settings: Settings) -> None:
        self.settings = settings
        try:
            save_settings(self.locations.settings_file, settings)
        except Exception as exc:
            self.notify(f"Settings not saved: {exc}", severity="warning")

    def remember(self, path: Path) -> None:
        """Put a file first among the recent files."""
        self._store(self.settings.with_recent(path))

    # --- palette and help -------------------------------------------------------------------

    def get_system_commands(self, screen: Screen[object]) -> Iterable[SystemCommand]:
        """The app's commands plus every command the current screen can run now."""
        yield from super().get_system_commands(screen)
        yield SystemCommand("Help", "Help for this screen (F1)", self.action_help)
        if isinstance(screen, CommandScreen):
            for command in screen.commands:
                if screen.can_run(command.action):
                    yield SystemCommand(
                        f"{command.title} ({command.shown_key})",
                        command.help,
                        lambda action=command.action: screen.run_action(action),
                    )

    def action_help(self) -> None:
        """F1: help for the screen under any dialog."""
        from tui.screens.help import HelpScreen

        for screen in reversed(self.screen_stack):
            if isinstance(screen, HelpScreen):
                return
            if isinstance(screen, CommandScreen):
                self.push_screen(HelpScreen(screen))
                return

    # --- flows across screens ---------------------------------------------------------------

    def new_list(self) -> None:
        """Ask for system, faction, limit and name, then open an empty list."""
        from model.roster.roster import Roster
        from tui.dialogs.new_list import MoreGames, NewBsList, NewList, NewListDialog
        from tui.flows.new_bs_list import start_bs_list

        def start(choice: NewList | NewBsList | MoreGames | None) -> None:
            if isinstance(choice, MoreGames):
                self.open_games()
            if isinstance(choice, NewBsList):
                start_bs_list(self, choice)
            if not isinstance(choice, NewList):
                return
            view = self.library.load(choice.system).view(choice.faction)
            roster = Roster(
                system=choice.system,
                faction=choice.faction,
                name=choice.name,
                points_limit=choice.points_limit,
            )
            self.push_builder(view, roster, path=None, saved=roster)

        self.push_screen(NewListDialog(self.library), start)

    def open_games(self) -> None:
        """The Games screen (``tui/screens/games.py``), over the home screen."""
        from tui.screens.games import GamesScreen

        self._push_over_home(GamesScreen())

    @work(exclusive=True, group="import")
    async def import_code(self) -> None:
        """Ask for a share code (or a message holding one) or a BattleScribe roster's
        path, and open the list in its builder (``tui/flows/import_list.py``)."""
        from tui.dialogs.import_code import ImportDialog
        from tui.flows.import_list import import_text

        text = await self.push_screen_wait(ImportDialog())
        if text and text.strip():
            import_text(self, text)

    def push_builder(
        self,
        view: FactionView,
        roster: Roster,
        path: Path | None,
        saved: Roster | None,
        recovery: Path | None = None,
    ) -> BuilderScreen:
        """Open the builder on a roster, above the home screen."""
        from tui.screens.builder.screen import BuilderScreen

        builder = BuilderScreen(
            view,
            roster,
            recovery_dir=self.locations.recovery_dir,
            path=path,
            saved=saved,
            recovery=recovery,
        )
        self._push_over_home(builder)
        return builder

    @work(exclusive=True, group="pick")
    async def pick_file(self, resume: bool = False) -> None:
        """The file picker (``o``: lists and battles; ``resume``: battles only), rooted at
        the saves folder; what is picked opens where it belongs, a list in the builder,
        a battle in the tracker. A file that cannot be opened brings the picker back
        with the reason and the path as typed."""
        from tui.dialogs.open_file import Kind, OpenFileDialog, problem_text

        root = self.locations.saves_dir
        root.mkdir(parents=True, exist_ok=True)
        error: str | None = None
        typed = ""
        while True:
            path = await self.push_screen_wait(
                OpenFileDialog(
                    root,
                    "Resume a battle" if resume else "Open a list or a battle",
                    kind=Kind.BATTLE if resume else Kind.ANY,
                    example=self._last_battle() if resume else None,
                    error=error,
                    typed=typed,
                )
            )
            if path is None:
                return
            failed = self.try_open(path)
            if failed is None:
                return
            error, typed = problem_text(failed), str(path)

    def _last_battle(self) -> Path | None:
        """The battle opened last, if the recent files hold one: the example path of the
        resume picker (a list's name, such as band.toml, would mislead)."""
        return next(
            (Path(name) for name in self.settings.recent if _looks_like_battle(Path(name))),
            None,
        )

    def try_open(self, path: Path) -> WarbandError | None:
        """Open a list in the builder or a battle in the tracker, whichever ``path`` is,
        or give back why it cannot be."""
        return self._open_battle(path) if _looks_like_battle(path) else self._open_list(path)

    def _open_list(self, path: Path) -> WarbandError | None:
        from model.core.problems import WarbandError
        from saves.peek import is_bs_roster
        from saves.roster_file import read_roster, resolve
        from tui.flows.import_list import ros_refusal

        if is_bs_roster(path):
            return self._open_bs_list(path)
        refused = ros_refusal(path)  # a .ros: import it, not a TOML error about its line 1
        if refused is not None:
            return refused
        try:
            roster, source = read_roster(path)
            view = resolve(roster, source, self.library.load)
        except WarbandError as exc:
            return exc
        self.remember(path)
        self.push_builder(view, roster, path=path, saved=roster)
        return None

    def _open_bs_list(self, path: Path) -> WarbandError | None:
        """A list over BattleScribe data opens in a builder of its own (the tracker takes
        warband's own lists only)."""
        from model.core.problems import WarbandError
        from tui.flows.import_list import absent_game
        from tui.screens.bsbuilder.screen import BsBuilderScreen

        absent = absent_game(self.library, path)  # its game not there: where it goes
        if absent is not None:
            return absent
        try:
            builder = BsBuilderScreen.opened(path, self.library, self.locations.recovery_dir)
        except WarbandError as exc:
            return exc
        self.remember(path)
        self._push_over_home(builder)
        return None

    def _push_over_home(self, screen: Screen[Any]) -> None:
        """Open a list's screen right over the home screen, never over another list."""
        while len(self.screen_stack) > 1:  # down to the home screen
            self.pop_screen()
        self.push_screen(screen)

    def _open_battle(self, path: Path) -> WarbandError | None:
        """A damaged battle with a backup is explained and offered its backup here."""
        from model.core.problems import WarbandError
        from saves.battle_errors import BattleFileError
        from saves.battle_read import read_battle

        try:
            battle = read_battle(path)
        except BattleFileError as exc:
            if exc.backup is None:
                return exc
            self.offer_backup(path, exc)
            return None
        except WarbandError as exc:
            return exc
        self.show_battle(path, battle)
        return None

    def open_roster(self, path: Path) -> None:
        """Open a roster file in the builder; a bad file is explained, nothing else changes."""
        self._explain(self._open_list(path), "list")

    def open_any(self, path: Path) -> None:
        """Open a recent file: a battle in the tracker, a list in the builder; one that
        cannot be opened is explained."""
        self._explain(self.try_open(path), "battle" if _looks_like_battle(path) else "list")

    def open_battle(self, path: Path) -> None:
        """Resume a battle in the tracker; a damaged file is explained (with its backup)."""
        self._explain(self._open_battle(path), "battle")

    def _explain(self, failed: WarbandError | None, what: str) -> None:
        from tui.dialogs.message import MessageDialog

        if failed is not None:
            self.push_screen(MessageDialog(f"Cannot open the {what}", failed.render(), error=True))

    def show_battle(self, path: Path, battle: Battle) -> None:
        """The tracker on ``battle``, saving to ``path``, over the home screen."""
        from model.roster.roster import Roster
        from saves.battle_file import write_battle
        from tui.screens.tracker.screen import TrackerScreen

        self.remember(path)
        rosters = [side.roster for side in battle.setup.sides if isinstance(side.roster, Roster)]

        def views() -> tuple[FactionView, ...]:
            catalog = self.library.load(battle.setup.system)
            return tuple(catalog.view(r.faction).with_cards(r.cards) for r in rosters)

        # lists over BattleScribe data have no catalog of ours: the tracker reads the
        # profiles each model keeps (``ModelSnap.profiles``) instead
        ours = len(rosters) == len(battle.setup.sides)
        self._push_over_home(TrackerScreen(battle, path, write_battle, views if ours else None))

    @work(exclusive=True, group="backup")
    async def offer_backup(self, path: Path, error: WarbandError) -> None:
        """A damaged battle with a backup: explain, and offer to go on from the backup
        (the damaged file is kept beside it as ``<name>.damaged``)."""
        from tui.flows.backup import restored_battle

        battle = await restored_battle(self, path, error)
        if battle is not None:
            self.show_battle(path, battle)

    def pick_battle(self) -> None:
        """The file picker, to resume a battle: battles only."""
        self.pick_file(resume=True)

    @work(exclusive=True, group="new-battle")
    async def new_battle(self) -> None:
        """Pick two list files, then start a battle file between them."""
        from tui.flows.new_battle import new_battle_file

        target = await new_battle_file(
            self, self.library, self.locations.saves_dir, self.locations.config_dir
        )
        if target is not None:
            self.open_battle(target)

    @work(exclusive=True, group="recovery")
    async def offer_recoveries(self) -> None:
        """Offer back lists left unsaved by a crash or a killed terminal."""
        from tui.flows.recovery import BsRecovered, recovered_list

        folder = self.locations.recovery_dir
        found = await recovered_list(self, self.library, folder)
        if isinstance(found, BsRecovered):  # a list over BattleScribe data: its own builder
            from tui.screens.bsbuilder.screen import BsBuilderScreen

            self._push_over_home(
                BsBuilderScreen(
                    found.system,
                    found.listed,
                    found.source,
                    recovery_dir=folder,
                    saved=found.saved,
                    recovery=found.file,
                )
            )
        elif found is not None:
            self.push_builder(
                found.view, found.roster, path=found.source, saved=found.saved, recovery=found.file
            )

    async def action_quit(self) -> None:
        self.quit_safely()

    @work(exclusive=True, group="quit")
    async def quit_safely(self) -> None:
        """Quit, first letting the player save or discard unsaved work (every screen
        settles; only the builder has anything to settle, and its module is not
        imported just to ask whether one is open)."""
        for screen in reversed(self.screen_stack):
            if isinstance(screen, CommandScreen) and not await screen.settle():
                return
        self.exit()


_SCREENS_SEE: type[WarbandHost] = WarbandApp
"""The app gives its screens everything ``WarbandHost`` names (mypy checks this line)."""


def _looks_like_battle(path: Path) -> bool:
    """Whether a file says it is a battle in its first bytes: a damaged one too, so that
    its backup can be offered (a list that cannot be read is a list)."""
    try:
        with path.open("rb") as stream:
            return b"warband.battle/" in stream.read(4096)
    except OSError:
        return False


def make_app(
    *,
    catalog_dir: str | Path | None = None,
    saves_dir: str | Path | None = None,
    config_dir: str | Path | None = None,
    bundled_dir: Path | None = None,
    open_path: Path | None = None,
    battle_path: Path | None = None,
    theme: str | None = None,
    offer_recovery: bool = True,
    gallery: str | None = None,
) -> WarbandApp:
    """The app, with every folder injectable (the command line and tests both use this),
    and the BSData gallery's address (None: ``WARBAND_GALLERY_URL``'s, else BSData's)."""
    from saves.locations import locations

    return WarbandApp(
        Library(catalog_dir, bundled=bundled_dir),
        locations(saves_dir, config_dir),
        open_path=open_path,
        battle_path=battle_path,
        theme=theme,
        offer_recovery=offer_recovery,
        gallery=gallery,
    )
