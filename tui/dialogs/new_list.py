"""Start a list: game system, then faction, then points limit, then a name."""

from __future__ import annotations

from dataclasses import dataclass

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Input, Label, Select, Static

from catalogs.library import Library
from model.catalog.schema import Catalog
from model.core.bounds import MAX_POINTS
from model.core.problems import WarbandError
from tui.numbers import whole
from tui.titles import system_titles


@dataclass(frozen=True)
class NewList:
    """What the player chose."""

    system: str
    faction: str
    points_limit: int
    name: str


class NewListDialog(ModalScreen[NewList | None]):
    """Four fields in order; the limit and the name default to the system's and the
    faction's, so Enter through the dialog starts a usual game."""

    BINDINGS = [Binding("escape", "cancel", "Cancel", id="cancel")]

    def __init__(self, library: Library) -> None:
        super().__init__()
        self.library = library
        self.catalog: Catalog | None = None

    def compose(self) -> ComposeResult:
        # names, not ids: "Steam Wars, 2.1 (World War Zero)", not "steam-wars"
        systems = [(title, sid) for sid, title in system_titles(self.library).items()]
        first = systems[0][1] if systems else Select.BLANK
        with Vertical(classes="dialog"):
            yield Label("New list", classes="dialog-title")
            yield Label("Game system")
            yield Select(systems, value=first, allow_blank=not systems, id="system", compact=True)
            yield Label("Faction")
            yield Select([], id="faction", allow_blank=True, compact=True)
            yield Label("Points limit")
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
        error = self.query_one("#new-error", Static)
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

    @on(Select.Changed, "#system")
    def _system(self, event: Select.Changed) -> None:
        if event.value is not Select.BLANK:
            self._load(str(event.value))

    @on(Select.Changed, "#faction")
    def _faction(self, event: Select.Changed) -> None:
        if self.catalog is not None and event.value in self.catalog.factions:
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

    @on(Button.Pressed, "#cancel")
    def action_cancel(self) -> None:
        self.dismiss(None)
