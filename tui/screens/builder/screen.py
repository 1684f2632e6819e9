"""The list builder: pick units, equip them, and see every rule checked as you go.

The screen holds the state (the undo history of rosters, the file, what was last
saved) and hands data down to its widgets after every change: the status line,
the unit picker, the roster tree and the findings. Every edit is a pure roster
operation pushed on the history, re-validated, and copied to the recovery file
while unsaved, so a crash or a killed terminal loses nothing.

The screen's own module holds its commands, help, layout, lifetime and which keys
can be used now; the list's state and each group of keys are in the modules beside
it (see the package).
"""

from __future__ import annotations

import asyncio
from typing import ClassVar

from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.widgets import Label

from saves.recovery import KEEPER
from tui import collector
from tui.commands import Command, bindings
from tui.screens.builder.editing import DESIGN_ACTIONS
from tui.screens.builder.entries import EntryKeys
from tui.screens.builder.looking import LookKeys
from tui.screens.builder.sharing import ShareKeys
from tui.widgets.findings_list import FindingsList
from tui.widgets.roster_tree import RosterTree
from tui.widgets.safe_header import SafeHeader
from tui.widgets.status_line import StatusLine
from tui.widgets.steady_footer import SteadyFooter
from tui.widgets.unit_picker import UnitPicker

NEEDS_ENTRY = frozenset(
    {"equip", "rename", "set_models", "duplicate", "remove", "move_up", "move_down"}
)


class BuilderScreen(EntryKeys, LookKeys, ShareKeys):
    """Build one roster."""

    COMMAND_LIST: ClassVar[tuple[Command, ...]] = (
        Command("add_unit", "a", "Add", "Add the unit highlighted in the unit list."),
        Command("equip", "e", "Equip", "Choose the selected entry's weapons and gear."),
        Command(
            "design",
            "u",
            "Design",
            "Design a unit: its models, weapons and abilities, with its cost worked out "
            "as you go; it is added to the list (systems whose players design units).",
        ),
        Command(
            "design_from",
            "U",
            "Design from this",
            "Copy the designed or example unit at the cursor into a new card to edit.",
            footer=False,
            key_display="Shift+U",
        ),
        Command(
            "details",
            "i",
            "Details",
            "Show everything about the unit or item at the "
            "cursor: profile, gear, rules with summaries, options.",
            footer=False,
        ),
        Command(
            "remove",
            "x,delete",
            "Remove",
            "Remove the selected entry from the list.",
            key_display="x",
        ),
        Command("undo", "ctrl+z", "Undo", "Undo the last change."),
        Command("redo", "ctrl+y", "Redo", "Redo what was undone.", footer=False),
        Command(
            "save", "ctrl+s", "Save", "Save the list to its file (asks for a file the first time)."
        ),
        Command("save_as", "ctrl+w", "Save as", "Save the list to another file.", footer=False),
        Command("sheet", "v", "Sheet", "Show the whole list as an army sheet."),
        Command(
            "share",
            "s",
            "Share",
            "Export the list as chat text, Markdown, JSON or a share code, to the "
            "clipboard or a file.",
        ),
        Command(
            "findings",
            "f",
            "Findings",
            "Go to the findings; Enter on one jumps to its unit.",
            footer=False,
        ),
        Command(
            "search",
            "slash",
            "Search",
            "Search the faction's units.",
            footer=False,
            key_display="/",
        ),
        Command("rename", "r", "Rename", "Give the selected entry its own name.", footer=False),
        Command(
            "set_models",
            "m",
            "Models",
            "Set how many models the selected entry has (packs).",
            footer=False,
        ),
        Command(
            "duplicate", "c", "Copy", "Add a copy of the selected entry below it.", footer=False
        ),
        Command(
            "move_up",
            "ctrl+up,u",
            "Move up",
            "Move the selected entry up the list.",
            footer=False,
            key_display="u",
        ),
        Command(
            "move_down",
            "ctrl+down,n",
            "Move down",
            "Move the selected entry down the list.",
            footer=False,
            key_display="n",
        ),
        Command("points_limit", "l", "Limit", "Change the list's points limit.", footer=False),
        Command(
            "settings",
            "g",
            "Settings",
            "See and change the numbers this game asks the players to agree for a list "
            "(a strategy rating, a vehicle limit), each with its range.",
            footer=False,
        ),
        Command(
            "keep_card",
            "k",
            "Keep card",
            "Save the selected designed unit to your own catalog (house.toml), so every "
            "new list of this system can field it.",
            footer=False,
        ),
        Command(
            "close",
            "escape",
            "Home",
            "Close the list and go back to the home screen (asks about unsaved changes).",
            footer=False,
        ),
    )
    BINDINGS = bindings(COMMAND_LIST)
    NAME = "List builder"
    HELP = """\
## Building a list

On the left are the faction's units: type to search, move with the arrow keys and
press **Enter** (or **a**) to add the highlighted unit to your list. On the right is
your list; the cursor there selects an entry. A unit you add goes in just after the
selected entry (at the end when none is selected) and becomes the selected one, so
units added one after another stay in the order you added them, next to the entry you
chose; **u** and **n** move an entry up or down. Press **e** to equip it: its
option groups are listed with this troop's own prices, and anything the rules
forbid right now is shown struck through, with the reason.

The line at the top says whether the list is legal and counts its points and
whatever else the game limits (miniatures, rare weapons ...). Below the list,
each finding says what is wrong and how to fix it: press **f**, choose one and
press **Enter** to jump to the unit.

Every change can be undone. Unsaved work is copied to a recovery file after each
change; if warband or the terminal dies, the next start offers it back.

**s** shares the list: chat text, Markdown, JSON or a share code, copied to the
clipboard or saved to a file.
"""

    # --- layout -------------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        yield SafeHeader()
        yield StatusLine(id="status")
        with Horizontal(id="builder-main"):
            yield UnitPicker(self.view, id="picker")
            with Vertical(id="list-pane"):
                yield RosterTree(id="roster")
                yield Label(
                    "Your list is empty.\n\nPick a unit on the left (arrow keys, or type to "
                    "search) and press Enter to add it. Then press e to equip it.",
                    id="empty-hint",
                )
        yield FindingsList(id="findings")
        yield SteadyFooter(compact=True)  # the keys of a build fit in 80 columns

    def on_mount(self) -> None:
        """Shows the list, then keeps the collector off all that is alive until the list
        closes (``tui.collector``): a full collection walking the catalog, the list and
        the screen came on a key now and then, about 40 ms in a 200-entry list."""
        self._loop = asyncio.get_running_loop()
        self.refresh_view()
        if self.roster.units:
            self.query_one(RosterTree).focus()
        else:
            self.query_one(UnitPicker).focus_list()
        collector.hold()

    def on_unmount(self) -> None:
        # The list is closed or the app is ending (quit, or a bug): what the writer has
        # not written yet is written now.
        KEEPER.flush()
        collector.release()
        self._toasts.clear(self.app)

    def on_screen_suspend(self) -> None:
        """A dialog over the builder: its toasts would cover what the dialog shows."""
        self._toasts.clear(self.app)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "settings":
            return bool(self.base_view.system.settings)
        if action == "keep_card":
            if self.base_view.design_spec is None:
                return False
            entry = self._selected_entry()
            return (entry is not None and entry.unit in self.roster.cards) or None
        if action in DESIGN_ACTIONS:
            return self.base_view.design_spec is not None
        entry = self._selected_entry()
        if action in NEEDS_ENTRY and entry is None:
            return None
        if action == "set_models" and entry is not None:
            # usable on any entry: one of a fixed size says why there is nothing to set
            # (it did nothing, issue 31), and a card says where its models are set
            return True
        if action == "move_up" and self.selected == 0:
            return None
        if action == "move_down" and self.selected == len(self.roster.units) - 1:
            return None
        if action == "undo":
            return True if self.history.can_undo else None
        if action == "redo":
            return True if self.history.can_redo else None
        if action == "save":
            return True if self.dirty or self.path is None else None
        return True
