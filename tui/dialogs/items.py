"""The items dialog: choose weapons, abilities or weapon rules from a list you can type
into, each with its cost and its details.

Apart from the unit designer that opens it: a dialog of its own, which knows nothing of
cards.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Label, OptionList, Static
from textual.widgets.option_list import Option as ListOption

from model.core.value import frozen_value
from tui.widgets.type_ahead_list import TypeAheadList


@frozen_value(slots=False)
class Choice:
    """One thing the items dialog offers."""

    id: str
    name: str
    cost: str
    detail: Text


class ItemsDialog(ModalScreen[tuple[str, ...] | None]):
    """Choose weapons, abilities or weapon rules from a list you can type into.

    Returns the chosen ids in order (Escape: done), so the designer can put them on
    the group; weapons may be taken twice, abilities and rules once."""

    BINDINGS = [
        Binding("plus,equals_sign,right", "change(1)", "Add one", id="items-add"),
        Binding("minus,backspace,delete,left", "change(-1)", "Remove one", id="items-remove"),
        Binding("escape", "done", "Done", id="items-done"),
    ]

    def __init__(
        self, title: str, choices: Sequence[Choice], chosen: Sequence[str], repeat: bool = False
    ) -> None:
        super().__init__()
        self.title_text = title
        self.choices = list(choices)
        self.chosen = list(chosen)
        self.repeat = repeat

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog wide tall"):
            yield Label(self.title_text, classes="dialog-title")
            yield TypeAheadList(id="items-options")
            yield Static("", id="items-detail")
            yield Label(
                "Type a name to jump · Enter "
                + ("/+ add · -/Backspace remove" if self.repeat else "takes or drops")
                + " · Escape done",
                classes="dialog-hint",
            )

    def on_mount(self) -> None:
        self.refill()
        self.query_one("#items-options", OptionList).focus()

    def refill(self) -> None:
        listing = self.query_one("#items-options", TypeAheadList)
        keep = listing.highlighted
        listing.clear_options()
        listing.names = []
        for n, c in enumerate(self.choices):
            count = self.chosen.count(c.id)
            label = Text(f"[{count}] " if count else "[ ] ")
            label.append(c.name, style="bold" if count else "")
            label.append(f"  {c.cost}", style="cyan")
            listing.add_option(ListOption(label, id=str(n)))
            listing.names.append(c.name)
        listing.highlighted = keep if keep is not None else 0
        self._detail()

    def _current(self) -> Choice | None:
        listing = self.query_one("#items-options", OptionList)
        if listing.highlighted is None:
            return None
        return self.choices[listing.highlighted]

    @on(OptionList.OptionHighlighted)
    def _detail(self) -> None:
        c = self._current()
        self.query_one("#items-detail", Static).update(c.detail if c else "")

    @on(OptionList.OptionSelected)
    def _selected(self) -> None:
        c = self._current()
        if c is not None and not self.repeat and c.id in self.chosen:
            self.action_change(-1)
        else:
            self.action_change(1)

    def action_change(self, delta: int) -> None:
        c = self._current()
        if c is None:
            return
        if delta > 0 and (self.repeat or c.id not in self.chosen):
            self.chosen.append(c.id)
        elif delta < 0 and c.id in self.chosen:
            at = len(self.chosen) - 1 - self.chosen[::-1].index(c.id)
            del self.chosen[at]
        self.query_one("#items-options", TypeAheadList).reset_typing()
        self.refill()

    def action_done(self) -> None:
        self.dismiss(tuple(self.chosen))
