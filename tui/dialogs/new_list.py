"""Start a list: game system, then faction, then points limit, then a name.

The game systems are warband's own and the folders of BattleScribe data; for one of
those the factions are its catalogues and the limit, which may be left empty (the
game's own default then applies), is on its main cost type. Last comes "More
games...", which closes the dialog for the Games screen (the BSData gallery), where a
game is installed and then offered here.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Input, Label, Select, Static

from model.core.bounds import MAX_POINTS
from model.core.problems import Problem, WarbandError
from model.core.safe_text import one_line
from model.core.value import frozen_value
from tui.numbers import whole
from tui.titles import battlescribe_titles, system_titles

if TYPE_CHECKING:
    from catalogs.library import Library
    from model.bsdata.system import GameSystem
    from model.catalog.schema import Catalog

POINTS_LABEL = "Points limit"


@frozen_value(slots=False)
class NewList:
    """What the player chose."""

    system: str
    faction: str
    points_limit: int
    name: str


@frozen_value(slots=False)
class NewBsList:
    """What the player chose over BattleScribe data: ``catalogue`` is the faction's id,
    and ``limit`` None leaves the limit to the game (``warband new`` without
    ``--points``)."""

    system: str
    catalogue: str
    limit: int | None
    name: str


@frozen_value(slots=False)
class MoreGames:
    """The player chose "More games...": the Games screen, to install one."""


MORE_GAMES = "\x00more-games"
"""The system choice "More games..." (no system id can be this: ids are folder names)."""


class NewListDialog(ModalScreen[NewList | NewBsList | MoreGames | None]):
    """Four fields in order; the limit and the name default to the system's and the
    faction's, so Enter through the dialog starts a usual game."""

    BINDINGS = [Binding("escape", "cancel", "Cancel", id="cancel")]

    def __init__(self, library: Library) -> None:
        super().__init__()
        self.library = library
        self.catalog: Catalog | None = None
        self.bs_system: GameSystem | None = None
        """The BattleScribe system chosen, when it is one (then ``catalog`` is None)."""
        self.bs_id = ""
        """Its id in the library (its folder's name, not the id inside its files)."""
        self.bs_ids: frozenset[str] = frozenset()
        """Which ids in the system choice are BattleScribe data (the library keeps
        them apart from our own ids)."""

    def compose(self) -> ComposeResult:
        # names, not ids: "Steam Wars, 2.1 (World War Zero)", not "steam-wars"
        systems: list[tuple[str | Text, str]] = [
            (title, sid) for sid, title in system_titles(self.library).items()
        ]
        bs_titles = battlescribe_titles(self.library)
        self.bs_ids = frozenset(bs_titles)
        systems += [(Text(title), sid) for sid, title in bs_titles.items()]
        first = systems[0][1] if systems else Select.BLANK
        systems.append((Text("More games... (the BSData gallery)", style="italic"), MORE_GAMES))
        with Vertical(classes="dialog"):
            yield Label("New list", classes="dialog-title")
            yield Label("Game system")
            yield Select(
                systems, value=first, allow_blank=first is Select.BLANK, id="system", compact=True
            )
            yield Label("Faction")
            yield Select([], id="faction", allow_blank=True, compact=True)
            yield Label(POINTS_LABEL, id="points-label")
            yield Input(id="points", type="integer", compact=True)
            yield Label("Name")
            yield Input(id="name", compact=True)
            yield Static(
                "Tab moves between fields; Enter on the name creates the list",
                id="new-error",
                classes="dialog-hint",
            )
            with Horizontal(classes="dialog-buttons"):
                yield Button("Create", id="create", variant="primary", compact=True)
                yield Button("Cancel", id="cancel", compact=True)

    def on_mount(self) -> None:
        system = self.query_one("#system", Select)
        if system.value is not Select.BLANK:
            self._load(str(system.value))
        self.query_one("#faction", Select).focus()

    def _load(self, system_id: str) -> None:
        if system_id in self.bs_ids:
            self._load_bs(system_id)
            return
        error = self.query_one("#new-error", Static)
        self.bs_system = None
        self.query_one("#points-label", Label).update(POINTS_LABEL)
        try:
            self.catalog = self.library.load(system_id)
        except WarbandError as exc:
            self.catalog = None
            error.update(exc.render())
            return
        factions = [(f.faction.name, fid) for fid, f in self.catalog.factions.items()]
        select = self.query_one("#faction", Select)
        select.set_options(factions)
        if factions:
            select.value = factions[0][1]
        select.prompt = "Choose a faction"
        self.query_one("#points", Input).value = str(self.catalog.system.default_points_limit)

    def _load_bs(self, system_id: str) -> None:
        """Its catalogues as the factions, and the limit named by its main cost type and
        left empty (BattleScribe data rarely gives a usual size; the game's default
        applies to a list without one)."""
        from model.bsdata.roster import BsRoster
        from saves.bs_export import main_cost

        self.catalog = None
        self.bs_id = system_id
        select = self.query_one("#faction", Select)
        try:
            self.bs_system = system = self.library.load_battlescribe(system_id)
        except WarbandError as exc:
            self.bs_system = None
            select.set_options([])
            self.query_one("#new-error", Static).update(Text(exc.render()))
            return
        self.query_one("#new-error", Static).update(_left_out(system.left_out))
        factions = [(Text(one_line(c.name)), c.id) for c in system.factions]
        select.set_options(factions)
        if factions:
            select.value = factions[0][1]
        select.prompt = "Choose a faction"
        main = main_cost(system, BsRoster(id="", name="", game_system_id=system.id))
        names = {t.id: one_line(t.name) for t in system.cost_types()}
        label = f"Limit in {names[main]} (empty: the game's own)" if main else "Limit"
        self.query_one("#points-label", Label).update(Text(label))
        self.query_one("#points", Input).value = ""

    @on(Select.Changed, "#system")
    def _system(self, event: Select.Changed) -> None:
        if event.value == MORE_GAMES:
            self.dismiss(MoreGames())
        elif event.value is not Select.BLANK:
            self._load(str(event.value))

    @on(Select.Changed, "#faction")
    def _faction(self, event: Select.Changed) -> None:
        if self.bs_system is not None:
            catalogue = self.bs_system.catalogue(str(event.value))
            if catalogue is not None:
                self.query_one("#name", Input).value = one_line(catalogue.name)
        elif self.catalog is not None and event.value in self.catalog.factions:
            self.query_one("#name", Input).value = self.catalog.factions[
                str(event.value)
            ].faction.name

    @on(Input.Submitted)
    def _enter(self, event: Input.Submitted) -> None:
        if event.input.id == "points":
            self.query_one("#name", Input).focus()
        else:
            self._create()

    @on(Button.Pressed, "#create")
    def _create(self) -> None:
        error = self.query_one("#new-error", Static)
        faction = self.query_one("#faction", Select).value
        points = self.query_one("#points", Input).value.strip()
        name = self.query_one("#name", Input).value.strip()
        if self.bs_system is not None:
            self._create_bs(self.bs_system, faction, points, name)
            return
        if self.catalog is None or faction is Select.BLANK:
            error.update("Choose a game system and a faction.")
            return
        limit = whole(points, 1, MAX_POINTS)
        if limit is None:
            error.update(f"The points limit must be a whole number from 1 to {MAX_POINTS:,}.")
            return
        self.dismiss(
            NewList(
                self.catalog.system.id,
                str(faction),
                limit,
                name or self.catalog.factions[str(faction)].faction.name,
            )
        )

    def _create_bs(self, system: GameSystem, faction: object, points: str, name: str) -> None:
        error = self.query_one("#new-error", Static)
        catalogue = system.catalogue(str(faction)) if faction is not Select.BLANK else None
        if catalogue is None:
            error.update("Choose a game system and a faction.")
            return
        limit = whole(points, 1, MAX_POINTS) if points else None
        if points and limit is None:
            error.update(f"The limit must be empty or a whole number from 1 to {MAX_POINTS:,}.")
            return
        self.dismiss(NewBsList(self.bs_id, catalogue.id, limit, name or one_line(catalogue.name)))

    @on(Button.Pressed, "#cancel")
    def action_cancel(self) -> None:
        self.dismiss(None)


def _left_out(files: tuple[Problem, ...]) -> Text:
    """What the new list cannot take from a game that loaded without some of its files
    (``SEMANTICS.md`` rule F1: a file that is not data is left out, the game still
    loads): each file with why, so a faction missing from the list is explained."""
    if not files:
        return Text("")
    shown = "; ".join(one_line(str(problem)) for problem in files[:3])
    more = f" and {len(files) - 3} more" if len(files) > 3 else ""
    return Text(
        f"Left out of this game: {shown}{more} (warband catalogs --check lists every fault)",
        style="yellow",
    )
