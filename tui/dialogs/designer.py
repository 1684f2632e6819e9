"""Design a unit card, seeing its cost and its findings change with every key.

Steam Wars publishes no cost for a model, so its players compose their units from
priced weapons, weapon rules and abilities. This dialog edits one ``UnitCard``: a
list of rows (the card's name, type, RES and wounds, then each group of models with
its count, its own profile if it differs, its weapons, abilities and the rules added
to each weapon), Enter edits the row at the cursor. Beside it, the card's cost is
worked out line by line (``Costing.lines()``) and the roster is validated with the
card in it, so a rule the card breaks shows before it is saved. Nothing reaches the
roster until the card is saved; Escape asks before dropping changes.

A system whose cards give their stats and points (``profile = "entered"``:
Steampocalypse 1909 prints a PV on each unit card but publishes no cards) gets a
form instead of the rows: the card's name, one field per stat of its ``[design]``,
the points, the special ability's text, the catalog's abilities it has (Reach) and a
"named unit" box. Each key rebuilds the card,
so the panel beside it shows the points, the list's total and the rules the card
breaks (two officers of one rank), and a field the card gets wrong says so beside it.

This module is the dialog screen itself (its layout, keys, saving and cancelling); its
parts live apart: the card's state and cost panel (``tui.dialogs.designer_panel``), the
rows of a derived card (``tui.dialogs.designer_rows``), the form of an entered card
(``tui.dialogs.designer_form``) and the items dialog (``tui.dialogs.items``).
"""

from __future__ import annotations

from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.widgets import Input, Label, OptionList, Static

from tui.dialogs.choice import ChoiceDialog
from tui.dialogs.designer_form import DesignerForm
from tui.dialogs.designer_rows import DesignerRows

GROUP_ACTIONS = frozenset({"add_group", "copy_group", "remove_group", "pick", "step"})
"""What only the rows of a derived card do; the form of an entered card has none."""


class DesignerDialog(DesignerForm, DesignerRows):
    """Returns the designed card, or None when the player drops it."""

    DEFAULT_CSS = """
    #design-form {
        width: 1.5fr;
        height: 1fr;
        padding: 0 1 0 0;
    }
    #design-form .field {
        height: auto;
    }
    #design-form .field-label {
        width: 21;
        padding: 0 1 0 0;
    }
    #design-form .field-number {
        width: 8;
    }
    #design-form .field-text {
        width: 1fr;
    }
    #design-form .field-error {
        padding: 0 0 0 22;
        color: $error;
    }
    #design-form .field-note {
        width: 1fr;
        padding: 0 0 0 1;
        color: $text-muted;
    }
    #design-form Button {
        width: auto;
        min-width: 8;
    }
    #design-form .field-note.error {
        color: $error;
    }

    """

    BINDINGS = [
        Binding("s,ctrl+s", "save", "Save card", id="design-save"),
        Binding("escape", "cancel", "Cancel", id="design-cancel"),
        Binding("n", "add_group", "New group", id="design-new-group"),
        Binding("c", "copy_group", "Copy group", id="design-copy-group"),
        Binding("x,delete", "remove_group", "Remove group", id="design-remove-group"),
        Binding("w", "pick('weapons')", "Weapons", id="design-weapons"),
        Binding("b", "pick('abilities')", "Abilities", id="design-abilities"),
        Binding("plus,equals_sign,right", "step(1)", "More", id="design-more"),
        Binding("minus,left", "step(-1)", "Fewer", id="design-fewer"),
    ]

    # --- layout ---------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        if self.entered:
            yield from self._compose_form()
            return
        with Vertical(classes="dialog wide tall", id="designer"):
            yield Label(self.title_text, classes="dialog-title", id="design-title")
            with Horizontal(id="design-body"):
                yield OptionList(id="design-rows")
                with VerticalScroll(id="design-cost-scroll"):
                    yield Static("", id="design-cost")
            yield Static(
                "Enter edit · w weapons · b abilities · +/- count · n new group · c copy "
                "group · x remove group · s save · Esc cancel",
                classes="dialog-hint",
            )

    def on_mount(self) -> None:
        if self.entered:
            self.redraw_form()
            self.query_one("#design-name", Input).focus()
            return
        self.redraw()
        self.query_one("#design-rows", OptionList).focus()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """An entered card's form has no groups to add, copy, remove, equip or count."""
        return not (self.entered and action in GROUP_ACTIONS)

    # --- closing --------------------------------------------------------------------------

    def action_save(self) -> None:
        if self.form_errors:
            message = next(iter(self.form_errors.values()))
            self.notify(message, title="Not saved", severity="error")
            return
        design = self.view.with_cards({self.card_id: self.card}).designs[self.card_id]
        if design.problems:
            self.notify(design.problems[0].message, title="Not saved", severity="error")
            return
        self.dismiss(self.card)

    @work
    async def action_cancel(self) -> None:
        if self.card == self.original and not self.form_errors:
            self.dismiss(None)
            return
        answer = await self.app.push_screen_wait(
            ChoiceDialog(
                "Drop the changes?",
                f"The changes to {self.card.name} are not saved.",
                [
                    ("Save", "save", "primary"),
                    ("Drop them", "drop", "error"),
                    ("Keep editing", "keep", "default"),
                ],
                cancel="keep",
            )
        )
        if answer == "drop":
            self.dismiss(None)
        elif answer == "save":
            self.action_save()
