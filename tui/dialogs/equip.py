"""Equip one entry through its option groups, at that troop's prices.

Every option the unit is offered is listed, with what it costs this unit, how
many it has, and, when the rules would forbid one more right now, the reason:
nothing is hidden. Changes apply at once (each is one undo step).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Label, OptionList, Static
from textual.widgets.option_list import Option as ListOption

from model.roster.advice import Option
from model.roster.describe import profile_text, rules_text
from tui.opening import LaidOutOnce
from tui.widgets.steady_layout import update_static
from tui.widgets.type_ahead_list import TypeAheadList

if TYPE_CHECKING:
    from model.catalog.schema import FactionView

OptionsSource = Callable[[], tuple[str, tuple[Option, ...]]]
"""Returns the dialog's title line and the entry's options as they are now."""


class EquipDialog(ModalScreen[None], LaidOutOnce[None]):
    """Add with Enter or +, remove with - or Backspace, close with Escape."""

    BINDINGS = [
        Binding("plus,equals_sign,right", "change(1)", "Add one", id="equip-add"),
        Binding("minus,backspace,delete,left", "change(-1)", "Remove one", id="equip-remove"),
        Binding("escape", "close", "Done", id="equip-close"),
    ]

    def __init__(
        self, view: FactionView, source: OptionsSource, change: Callable[[str, int], None]
    ) -> None:
        super().__init__()
        self.view = view
        self.source = source
        self.change = change
        self.options: tuple[Option, ...] = ()
        self._labels: list[Text] = []
        """Each option's label as shown, in the order of ``options``."""

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog wide tall"):
            yield Label("", id="equip-title", classes="dialog-title")
            yield TypeAheadList(id="equip-options")
            yield Static("", id="equip-detail")
            yield Label(
                "Type a name to jump · Enter/+ add · -/Backspace remove · Escape done",
                classes="dialog-hint",
            )

    def on_mount(self) -> None:
        self.refill()
        self.query_one("#equip-options", OptionList).focus()

    def refill(self) -> None:
        """Redraw from the entry as it is now, keeping the highlighted option.

        After a change the options are the same ones, only their counts and reasons
        differ: the labels that changed are replaced in place. Building the list again (and
        laying out the dialog for it) took most of a key press; replacing every option whose
        reasons changed (adding a weapon changes every weapon's "would make N"), though its
        label stays the same, drew nine options again where one had changed."""
        shown = self.options
        title, self.options = self.source()
        update_static(self.query_one("#equip-title", Label), title)
        listing = self.query_one("#equip-options", TypeAheadList)
        if shown and [(o.item_id, o.group_name) for o in shown] == [
            (o.item_id, o.group_name) for o in self.options
        ]:
            for n, (was, opt) in enumerate(zip(shown, self.options, strict=True)):
                if opt != was:
                    label = self._label(opt)
                    if label != self._labels[n]:
                        self._labels[n] = label
                        listing.replace_option_prompt(str(n), label)
            listing.reset_typing()
            self._detail()
            return
        keep = listing.highlighted
        listing.clear_options()
        listing.names = []
        listing.reset_typing()
        group = None
        self._labels = [self._label(opt) for opt in self.options]
        for n, opt in enumerate(self.options):
            if opt.group_name != group:
                group = opt.group_name
                heading = Text(group, style="bold underline")
                if opt.group_max is not None:  # the limit of this entry, not of one item
                    heading.append(f"  at most {opt.group_max} in all", style="dim")
                listing.add_option(ListOption(heading, disabled=True))
                listing.names.append(None)
            listing.add_option(ListOption(self._labels[n], id=str(n)))
            listing.names.append(self.view.items[opt.item_id].name)
        if keep is not None and keep < listing.option_count:
            listing.highlighted = keep
        else:
            listing.action_first()
        self._detail()

    def _label(self, opt: Option) -> Text:
        label = Text(f"[{opt.count}] " if opt.count else "[ ] ")
        struck = not opt.allowed and not opt.count
        label.append(self.view.items[opt.item_id].name, style="dim strike" if struck else "")
        label.append(f"  {opt.cost}", style="cyan")
        if opt.limit is not None and opt.limit > 1:
            label.append(f"  (up to {opt.limit})", style="dim")
        if not opt.allowed:
            # an item taken as often as it may be is not an error: it says so plainly
            label.append(
                "  · no more" if opt.count else "  ✗ not now", "dim" if opt.count else "red"
            )
        return label

    def _current(self) -> Option | None:
        listing = self.query_one("#equip-options", OptionList)
        if listing.highlighted is None:
            return None
        option_id = listing.get_option_at_index(listing.highlighted).id
        return None if option_id is None else self.options[int(option_id)]

    @on(OptionList.OptionHighlighted)
    def _detail(self) -> None:
        opt = self._current()
        detail = self.query_one("#equip-detail", Static)
        if opt is None:
            update_static(detail, "")
            return
        item = self.view.items[opt.item_id]
        text = Text(profile_text(item, self.view.system))
        if item.rules:
            text.append(("\n" if text else "") + rules_text(self.view, item.rules), "italic")
        if item.summary:
            text.append(("\n" if text else "") + item.summary)
        if opt.limit is not None and opt.count >= opt.limit:
            text.append(f"\nAt its maximum: {opt.limit} per model.", style="dim")
        else:
            for reason in opt.reasons:  # told before adding, not as the list after it
                text.append(f"\n✗ {reason}", style="red")
        if update_static(detail, text):
            # The detail's height sets the list's: a taller one shrinks the list after it
            # has scrolled to the highlighted row, which a jump by typing then left below
            # the list's bottom edge (issue 31). Scrolled again once the layout is done;
            # a detail of as many lines as before leaves the list as it was, and waiting
            # for a refresh to scroll nowhere was a part of each item added (issue 33).
            listing = self.query_one("#equip-options", OptionList)
            listing.call_after_refresh(listing.scroll_to_highlight)

    @on(OptionList.OptionSelected)
    def _selected(self) -> None:
        self.action_change(1)

    def action_change(self, delta: int) -> None:
        opt = self._current()
        if opt is None or (delta < 0 and opt.count == 0):
            return
        self.change(opt.item_id, opt.count + delta)
        self.refill()

    def action_close(self) -> None:
        self.dismiss(None)
