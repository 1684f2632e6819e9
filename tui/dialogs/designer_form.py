"""The unit designer's form for a card that gives its stats and points (``profile =
"entered"``: Steampocalypse 1909): its name, a field per stat, the points, the special
ability's text, its abilities and the named box, read again at every key, each field
with what is wrong with it beside it.

Apart from the rows of a derived card: a system's cards are one or the other.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from textual import on, work
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.widgets import Button, Checkbox, Input, Label, Static

from model.core.base import FrozenMap
from model.core.bounds import MAX_POINTS, MAX_STAT
from model.roster.cards import NEW_UNIT
from tui.dialogs.designer_panel import FIELD_PATHS, DesignerPanel
from tui.dialogs.items import ItemsDialog
from tui.numbers import whole

if TYPE_CHECKING:
    from model.catalog.card_problems import CardProblem
    from model.catalog.design import CardStat

POINTS_NOTE = "as printed on the card"
"""What the points field's note says while the points are fine."""


def _stat_note(stat: CardStat) -> str:
    """What a stat's field says beside it while its value is fine: the values it takes."""
    return stat.bounds() + (", or empty" if stat.optional else "")


def _field_problem(field_id: str, problems: Sequence[CardProblem]) -> str | None:
    """The first problem of a card that is about one field of the form."""
    if field_id.startswith("stat-"):
        path: tuple[str | int, ...] = ("stats", field_id.removeprefix("stat-"))
    else:
        path = FIELD_PATHS.get(field_id, (field_id,))
    return next((p.message for p in problems if p.path == path), None)


class DesignerForm(DesignerPanel):
    """The form of an entered card, read into the card at every key."""

    def _compose_form(self) -> ComposeResult:
        """The entered card's form: name, a field per stat, points, special, named."""
        card, spec = self.card, self.spec
        names = {s.id: s.name for s in self.view.system.stats}
        with Vertical(classes="dialog wide tall", id="designer"):
            yield Label(self.title_text, classes="dialog-title", id="design-title")
            with Horizontal(id="design-body"):
                with VerticalScroll(id="design-form", can_focus=False):
                    with Horizontal(classes="field"):
                        yield Label("Name", classes="field-label")
                        yield Input(
                            "" if card.name == NEW_UNIT else card.name,
                            placeholder=card.name,
                            id="design-name",
                            classes="field-text",
                            compact=True,
                        )
                    yield Static("", id="note-name", classes="field-error")
                    for stat in spec.stats:
                        value = card.stats.get(stat.id)
                        label = f"{names[stat.id]} ({stat.id})" if stat.id in names else stat.id
                        with Horizontal(classes="field"):
                            yield Label(label, classes="field-label")
                            yield Input(
                                "" if value is None else str(value),
                                id=f"design-stat-{stat.id}",
                                classes="field-number",
                                compact=True,
                            )
                            yield Static(
                                _stat_note(stat), id=f"note-stat-{stat.id}", classes="field-note"
                            )
                    with Horizontal(classes="field"):
                        yield Label(self.view.system.points, classes="field-label")
                        yield Input(
                            "" if card.points is None else str(card.points),
                            id="design-points",
                            classes="field-number",
                            compact=True,
                        )
                        yield Static(POINTS_NOTE, id="note-points", classes="field-note")
                    if spec.special is not None:
                        with Horizontal(classes="field"):
                            yield Label(spec.special, classes="field-label")
                            yield Input(
                                card.special or "",
                                id="design-special",
                                classes="field-text",
                                compact=True,
                            )
                        yield Static("", id="note-special", classes="field-error")
                    if self._item_choices("ability", priced=False):
                        with Horizontal(classes="field"):
                            yield Label("Abilities", classes="field-label")
                            yield Button(
                                self._names(card.abilities), id="design-abilities", compact=True
                            )
                            yield Static("Enter picks", classes="field-note")
                        yield Static("", id="note-abilities", classes="field-error")
                    yield Checkbox(
                        "Named unit: one copy per army",
                        card.named,
                        id="design-named",
                        compact=True,
                    )
                with VerticalScroll(id="design-cost-scroll"):
                    yield Static("", id="design-cost")
            yield Static(
                "Tab next field · Shift+Tab back · Space ticks the box · Ctrl+S save · Esc cancel",
                classes="dialog-hint",
            )

    @on(Input.Changed)
    @on(Checkbox.Changed, "#design-named")
    def _form_changed(self) -> None:
        if self.entered:
            self.read_form()

    @on(Input.Submitted)
    def _next_field(self) -> None:
        """Enter in a field goes on to the next, as Tab does."""
        self.focus_next()

    @on(Button.Pressed, "#design-abilities")
    def _abilities_pressed(self) -> None:
        self.pick_abilities()

    @work(exclusive=True, group="design-pick")
    async def pick_abilities(self) -> None:
        """The catalog's abilities the unit has (Reach): their tags and summaries come
        with the card; what has no item goes in the special ability's text."""
        result = await self.app.push_screen_wait(
            ItemsDialog(
                f"Abilities of {self.card.name}",
                self._item_choices("ability", priced=False),
                self.card.abilities,
            )
        )
        if result is None:
            return
        self.card = self.card.model_copy(update={"abilities": result})
        self.query_one("#design-abilities", Button).label = self._names(result)
        self.redraw_form()

    def read_form(self) -> None:
        """The card from the form's fields as they are now; a field whose text is no
        value keeps the card's old value and is named in ``form_errors``."""
        errors: dict[str, str] = {}
        name = self.query_one("#design-name", Input).value.strip()
        if not name:
            errors["name"] = "Type a name."
        stats: dict[str, int] = {}
        for stat in self.spec.stats:
            text = self.query_one(f"#design-stat-{stat.id}", Input).value.strip()
            number = whole(text, -MAX_STAT, MAX_STAT)
            if number is not None:
                stats[stat.id] = number
            elif text:
                errors[f"stat-{stat.id}"] = (
                    f"{stat.id}: type a whole number from {-MAX_STAT:,} to {MAX_STAT:,}"
                )
        points_text = self.query_one("#design-points", Input).value.strip()
        points = whole(points_text, 0, MAX_POINTS)
        if points_text and points is None:
            errors["points"] = (
                f"{self.view.system.points}: type a whole number from 0 to {MAX_POINTS:,}"
            )
        special = None
        if self.spec.special is not None:
            special = self.query_one("#design-special", Input).value.strip() or None
        named = self.query_one("#design-named", Checkbox).value
        self.form_errors = errors
        self.card = self.card.model_copy(
            update={
                "name": name or self.card.name,
                "stats": FrozenMap(stats),
                "points": points,
                "special": special,
                "named": named,
                "type": None,
                "res": None,
                "wounds": 1,
                "models": (),
            }
        )
        self.redraw_form()

    def redraw_form(self) -> None:
        """The panel and, beside each field, what is wrong with what it holds (a field
        still empty is only listed in the panel, so a new card is not all red)."""
        design = self.view.with_cards(self.roster.with_card(self.card_id, self.card).cards)
        problems = design.designs[self.card_id].problems
        blank = {f"stat-{s.id}" for s in self.spec.stats if s.id not in self.card.stats}
        if self.card.points is None:
            blank.add("points")
        notes = {"points": POINTS_NOTE, "name": "", "special": "", "abilities": ""}
        for stat in self.spec.stats:
            notes[f"stat-{stat.id}"] = _stat_note(stat)
        for fid, note in notes.items():
            shown = self.query(f"#note-{fid}")
            if not shown:
                continue
            message = self.form_errors.get(fid)
            if message is None and fid not in blank:
                message = _field_problem(fid, problems)
            widget = shown.first(Static)
            widget.update(message or note)
            widget.set_class(bool(message), "error")
            widget.display = bool(message or note)
        self.query_one("#design-cost", Static).update(self.cost_text())
