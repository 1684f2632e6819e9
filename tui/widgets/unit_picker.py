"""The faction's units, searchable, with a preview of the highlighted one."""

from __future__ import annotations

from contextlib import suppress
from typing import TYPE_CHECKING

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.message import Message
from textual.widgets import Input, OptionList, Static
from textual.widgets.option_list import Option, OptionDoesNotExist

from model.roster.describe import rules_text, stat_line, unit_mark

if TYPE_CHECKING:
    from model.catalog.schema import FactionView


class UnitPicker(Vertical):
    """Search box, list of units with their cost, and the highlighted unit's card."""

    class Chosen(Message):
        """The player asked to add a unit."""

        def __init__(self, unit_id: str) -> None:
            super().__init__()
            self.unit_id = unit_id

    def __init__(self, view: FactionView, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.view = view
        self._query = ""

    def compose(self) -> ComposeResult:
        yield Input(placeholder="/ search, Enter adds", id="unit-search", compact=True)
        yield OptionList(id="unit-list")
        yield Static(id="unit-preview")

    def on_mount(self) -> None:
        self._fill("")

    def use_view(self, view: FactionView) -> None:
        """Offer the units of ``view`` (the list's cards changed: a new design is offered
        at once), keeping the search and the highlighted unit."""
        if view is self.view:
            return
        self.view = view
        options = self.query_one("#unit-list", OptionList)
        index = options.highlighted
        current = options.get_option_at_index(index).id if index is not None else None
        self._fill(self._query)
        if current is not None:
            with suppress(OptionDoesNotExist):  # gone with its card: keep the first
                options.highlighted = options.get_option_index(current)

    def _fill(self, query: str) -> None:
        self._query = query
        options = self.query_one("#unit-list", OptionList)
        options.clear_options()
        q = query.strip().lower()
        for uid, unit in self.view.iter_units():
            if q and q not in unit.name.lower() and q not in uid:
                continue
            mark = "*" if unit_mark(unit) else " "
            cost = str(unit.cost) if self.view.system.priced else ""
            label = Text(unit.name[: 26 - len(cost)].ljust(27 - len(cost)))
            label.append(mark, style="yellow")
            label.append(cost, style="dim")
            options.add_option(Option(label, id=uid))
        if options.option_count:
            options.highlighted = 0
        else:
            self.query_one("#unit-preview", Static).update(Text("No unit matches.", "dim"))

    @on(Input.Changed, "#unit-search")
    def _search(self, event: Input.Changed) -> None:
        if event.value != self._query:
            self._fill(event.value)

    @on(Input.Submitted, "#unit-search")
    def _submit(self) -> None:
        """Enter in the search box adds the best match and goes back to the list."""
        options = self.query_one("#unit-list", OptionList)
        chosen = None
        if options.highlighted is not None:
            chosen = options.get_option_at_index(options.highlighted).id
        self.query_one("#unit-search", Input).value = ""
        self._fill("")
        options.focus()
        if chosen is not None:
            self._choose(chosen)
            self._highlight(chosen)

    def _highlight(self, unit_id: str) -> None:
        options = self.query_one("#unit-list", OptionList)
        for index in range(options.option_count):
            if options.get_option_at_index(index).id == unit_id:
                options.highlighted = index
                return

    @on(OptionList.OptionSelected, "#unit-list")
    def _selected(self, event: OptionList.OptionSelected) -> None:
        self._choose(event.option.id)

    def _choose(self, unit_id: str | None) -> None:
        if unit_id is not None:
            self.post_message(self.Chosen(unit_id))

    @on(OptionList.OptionHighlighted, "#unit-list")
    def _preview(self, event: OptionList.OptionHighlighted) -> None:
        uid = event.option.id
        unit = None if uid is None else self.view.units.get(uid)
        if uid is None or unit is None:  # a designed unit an undo took away meanwhile
            return
        system = self.view.system
        card = Text()
        card.append(
            f"{unit.name}, {unit.cost} {system.points}" if system.priced else unit.name,
            style="bold",
        )
        design = self.view.designs.get(uid)
        if design is not None:  # a card: the whole unit's cost, and who carries what
            n = design.card.model_count
            card.append(f" a unit of {n} model{'s' if n != 1 else ''}", style="bold")
            for g in design.card.models:
                gear = ", ".join(
                    self.view.items[i].name
                    for i in (*g.weapons, *g.abilities)
                    if i in self.view.items
                )
                card.append(f"\n{g.count} {g.name or design.card.name}: {gear or 'nothing'}")
        elif unit.models.max > 1:
            card.append(f" each, {unit.models.min}-{unit.models.max}", style="bold")
        card.append("\n" + stat_line(unit, system))
        if unit.base:
            card.append("\nHas: " + ", ".join(self.view.items[i].name for i in unit.base))
        if unit.rules:
            card.append("\nRules: " + rules_text(self.view, unit.rules))
        groups = [g.name for g in self.view.option_groups(uid)]
        if groups:
            card.append("\nOptions: " + ", ".join(groups), style="dim")
        mark = unit_mark(unit)
        if mark:
            card.append(f"\n* {mark}: {unit.gaps or 'not published figures'}", style="yellow")
        self.query_one("#unit-preview", Static).update(card)

    def focus_search(self) -> None:
        """Put the cursor in the search box."""
        self.query_one("#unit-search", Input).focus()

    def focus_list(self) -> None:
        """Put the cursor on the list of units."""
        self.query_one("#unit-list", OptionList).focus()
