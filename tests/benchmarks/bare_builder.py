"""Textual's own floor for the builder's edit keys: a bare Textual app shaped like the
builder, making the same widget changes as each edit, with none of warband behind them.

The builder's goal rows (issue 15, restated by issue 33) time an edit from key press to
repaint, above an unbound key. Part of that is Textual's: the widgets an edit changes,
changed and repainted. This app makes those changes and only those, with no catalog, no
rules, no findings worked out, no saving, so the difference between a goal row and the
matching floor is what warband itself adds. Each change is made the plain way, through
Textual's public API (``TreeNode.set_label``, ``OptionList.replace_option_prompt_at_index``,
``Static.update``, a screen's ``title``, ``App.refresh_bindings``): the builder's own
shortcuts around Textual's costs (``tui/widgets/roster_tree.py``,
``tui/widgets/in_place_options.py``, ``tui/widgets/steady_footer.py``) are warband's to
earn, not the floor's.

The screen has the builder's widgets, of the same kinds and sizes, at the benchmark's
size: a Header, the status line (a Static), the unit picker (a search Input, an
OptionList of units and a preview Static), the list (a Tree of ``entries`` entry rows, each
with ``ITEMS_PER_ENTRY`` item rows below it, numbered "1. Ganger  56 pts" as the builder
numbers them), the findings (an OptionList of one line) and a Footer. The keys:

- ``c`` copies the entry at the cursor, as the builder's ``c`` does: a row with its item
  rows added below it, every entry row after it renumbered, the cursor moved onto the
  copy, the status line rewritten, the title marked changed (" *") and the footer's keys
  that depend on the list (Undo, Save) made usable;
- ``ctrl+z`` undoes it, as the builder's undo does: that row removed, the rows after it
  renumbered again, the cursor back, the status line, the title and the footer's keys
  back as they were;
- ``a`` and ``d``, for information only: the least of a copy and of its undo, the row
  added or removed and the cursor moved, nothing renumbered, no status, title or footer
  (the floor issue 33 first measured copy and undo against);
- ``m`` opens a one-line prompt whose Enter closes it and relabels the cursor's entry
  (its models and cost), rewriting the status line and the title, as setting a pack's
  models does;
- ``e`` opens a dialog shaped as the equip dialog over a Ganger: its title line, an
  OptionList of ``OPTIONS`` options under ``GROUPS`` headings (disabled options in bold,
  each option a styled label: count, name, cost, limit, "not now"), a detail Static of the
  highlighted option's profile and the reason it is refused (two lines), and a hint line,
  in a dialog as wide and tall as the equip dialog. ``+`` and ``-`` relabel the
  highlighted option, rewrite the detail (same number of lines) and the title line (the
  entry's and the list's points), as adding or removing one item does.
"""

from __future__ import annotations

import statistics
import time
from typing import ClassVar

from rich.text import Text
from textual import work
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.pilot import Pilot
from textual.screen import ModalScreen
from textual.widgets import Footer, Header, Input, Label, OptionList, Static, Tree
from textual.widgets.option_list import Option
from textual.widgets.tree import TreeNode

SIZE = (100, 32)
"""The terminal size the builder benchmarks run at."""
ITEMS_PER_ENTRY = 3
"""Item rows under each entry row: a Ganger of the benchmark's list has three."""
GROUPS = 5
"""Option groups in the equip dialog over a Ganger (Weapons, Armour, Equipment, ...)."""
OPTIONS = 14
"""Options under them: the equip dialog over a Ganger lists 14 items under 5 headings."""
UNITS = 15
"""Units in the picker: about a faction's."""

CSS = """
ModalScreen { align: center middle; background: $background 60%; }
.dialog { width: 64; max-width: 100%; height: auto; max-height: 100%; padding: 0 1;
          border: thick $primary; background: $surface; }
.dialog.wide { width: 90; }
.dialog.tall { height: 90%; }
.dialog-title { text-style: bold; width: 100%; margin-bottom: 1; }
#status { height: auto; max-height: 2; padding: 0 1; background: $boost; }
#builder-main { height: 1fr; }
#picker { width: 34; border-right: solid $panel; }
#unit-list { height: 1fr; border: none; }
#unit-preview { height: auto; max-height: 8; padding: 0 1; border-top: solid $panel; }
#list-pane { width: 1fr; }
#roster { height: 1fr; }
#findings { height: auto; max-height: 8; border-top: solid $panel; }
#equip-options { height: 1fr; }
#equip-detail { height: auto; }
"""


class _Prompt(ModalScreen[str]):
    """One line of text, returned on Enter."""

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Label("Models", classes="dialog-title")
            yield Label("Models in this Addler entry (1 to 5):")
            yield Input("3")

    def on_input_submitted(self, event: Input.Submitted) -> None:
        self.dismiss(event.value)


class _Equip(ModalScreen[None]):
    """Headings and options, a detail of two lines, a title of points; ``+``/``-`` change
    the highlighted option's count."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("plus", "change(1)", "Add"),
        Binding("minus", "change(-1)", "Remove"),
        Binding("escape", "app.pop_screen", "Done"),
    ]

    def __init__(self) -> None:
        super().__init__()
        self.counts = [0] * OPTIONS
        self.points = 56

    def compose(self) -> ComposeResult:
        options: list[Option] = []
        per_group = -(-OPTIONS // GROUPS)
        for n in range(OPTIONS):
            if n % per_group == 0:
                heading = Text(f"Group {n // per_group}", style="bold underline")
                heading.append("  at most 2 in all", style="dim")
                options.append(Option(heading, disabled=True))
            options.append(Option(self._label(n), id=str(n)))
        with Vertical(classes="dialog wide tall"):
            yield Label(self._title(), classes="dialog-title", id="equip-title")
            yield OptionList(*options, id="equip-options")
            yield Static(self._detail(0), id="equip-detail")
            yield Label("Type a name to jump · Enter/+ add · -/Backspace remove · Escape done")

    def on_mount(self) -> None:
        listing = self.query_one(OptionList)
        listing.highlighted = 1
        listing.focus()

    def _title(self) -> str:
        return f"Equip Ganger (4): {self.points} pts · list {self.points + 3679}/6000"

    def _label(self, n: int) -> Text:
        count = self.counts[n]
        label = Text(f"[{count}] " if count else "[ ] ")
        label.append(f"Item {n}", style="" if count else "dim strike")
        label.append(f"  {n % 7 + 3}", style="cyan")
        label.append("  (up to 2)", style="dim")
        label.append("  · no more" if count else "  ✗ not now", "dim" if count else "red")
        return label

    def _detail(self, n: int) -> Text:
        text = Text(f'Range 2/4/6" · Pen 2/1/0 · S S/S-1/S-2 · item {n}')
        text.append(f"\n✗ Adding one would make {self.counts[n] + 3} from Group 0", style="red")
        return text

    def action_change(self, delta: int) -> None:
        listing = self.query_one(OptionList)
        index = listing.highlighted or 1
        n = int(listing.get_option_at_index(index).id or 0)
        self.counts[n] = max(0, self.counts[n] + delta)
        self.points += 3 * delta
        listing.replace_option_prompt_at_index(index, self._label(n))
        self.query_one("#equip-detail", Static).update(self._detail(n))
        self.query_one("#equip-title", Label).update(self._title())


class BareBuilder(App[None]):
    """A builder-shaped screen of ``entries`` entries and nothing behind it."""

    CSS = CSS
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("c", "copy", "Copy"),
        Binding("ctrl+z", "undo", "Undo"),
        Binding("ctrl+s", "save", "Save"),
        Binding("m", "models", "Models"),
        Binding("e", "equip", "Equip"),
        Binding("a", "add_row", "Row", show=False),
        Binding("d", "drop_row", "Drop row", show=False),
    ]

    def __init__(self, entries: int) -> None:
        super().__init__()
        self.entries = entries
        self.copied: TreeNode[None] | None = None
        self.added: TreeNode[None]
        self.points = 56 * entries

    def compose(self) -> ComposeResult:
        yield Header()
        yield Static(self._status(), id="status")
        with Horizontal(id="builder-main"):
            with Vertical(id="picker"):
                yield Input(placeholder="/ search, Enter adds", id="unit-search", compact=True)
                yield OptionList(*(f"Unit {n}  {20 + n} pts" for n in range(UNITS)), id="unit-list")
                yield Static("Unit 0: M 4 · Ag 3 · St 3\nSpecial rules: none", id="unit-preview")
            with Vertical(id="list-pane"):
                yield Tree("List", id="roster")
        yield OptionList(
            Option("No findings: the list follows every rule.", disabled=True), id="findings"
        )
        yield Footer(compact=True)

    def on_mount(self) -> None:
        self.screen.title = "Rust Rats"
        tree: Tree[None] = self.query_one(Tree)
        tree.show_root = False
        tree.guide_depth = 2
        tree.root.expand()
        for n in range(self.entries):
            self._entry(tree.root, n)
        tree.focus()

    def _entry(self, parent: TreeNode[None], n: int, before: int | None = None) -> TreeNode[None]:
        row = parent.add(self._entry_label(n), expand=True, before=before)
        for item in range(ITEMS_PER_ENTRY):
            row.add_leaf(Text.assemble(f"Item {item}", ("  5", "dim")))
        return row

    @staticmethod
    def _entry_label(n: int, models: int = 1) -> Text:
        tail = f" x{models}" if models > 1 else ""
        return Text.assemble((f"{n + 1}. Ganger", "bold"), tail, ("  56 pts", "cyan"))

    def _status(self) -> Text:
        return Text.assemble(
            ("✓ valid", "bold green"),
            " · ",
            (f"{self.points}/{100 * self.entries} points", "bold"),
            f" · Miniatures {self.entries}/1000 · Rare: Shotgun 1/3",
        )

    def _entry_at_cursor(self) -> int:
        tree: Tree[None] = self.query_one(Tree)
        node = tree.cursor_node
        if node is not None and node.parent is not None and node.parent is not tree.root:
            node = node.parent
        rows = list(tree.root.children)
        return rows.index(node) if node is not None and node in rows else 0

    @staticmethod
    def _cursor_to(tree: Tree[None], node: TreeNode[None]) -> None:
        """The cursor onto ``node`` now, as the builder moves it: a new node's line is known
        once the tree's lines are laid out again, which reading ``last_line`` does."""
        if tree.last_line >= 0:
            tree.move_cursor(node)

    def _renumber(self, start: int) -> None:
        for n, row in enumerate(self.query_one(Tree).root.children[start:], start):
            row.set_label(self._entry_label(n))

    def _changed(self, marked: bool) -> None:
        """What every edit changes besides the list: status, title, footer keys."""
        self.query_one("#status", Static).update(self._status())
        self.screen.title = "Rust Rats" + (" *" if marked else "")
        self.refresh_bindings()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in ("undo", "save"):
            return True if self.copied is not None else None
        return True

    def action_copy(self) -> None:
        tree: Tree[None] = self.query_one(Tree)
        at = self._entry_at_cursor() + 1
        self.copied = self._entry(tree.root, at, before=at)
        self._renumber(at + 1)
        self.points += 56
        self._cursor_to(tree, self.copied)
        self._changed(True)

    def action_undo(self) -> None:
        if self.copied is None:
            return
        tree: Tree[None] = self.query_one(Tree)
        at = list(tree.root.children).index(self.copied)
        self.copied.remove()
        self.copied = None
        self._renumber(at)
        self.points -= 56
        self._cursor_to(tree, tree.root.children[at - 1])
        self._changed(False)

    def action_add_row(self) -> None:
        """The least of a copy, for information: the row and its items added below the
        cursor's entry and the cursor moved onto it, nothing renumbered or rewritten."""
        tree: Tree[None] = self.query_one(Tree)
        at = self._entry_at_cursor() + 1
        self.added = self._entry(tree.root, at, before=at)
        self._cursor_to(tree, self.added)

    def action_drop_row(self) -> None:
        """The least of an undo: that row removed and the cursor back, nothing else."""
        tree: Tree[None] = self.query_one(Tree)
        at = list(tree.root.children).index(self.added)
        self.added.remove()
        self._cursor_to(tree, tree.root.children[at - 1])

    def action_save(self) -> None:
        """Bound so that the footer shows it; never pressed here."""

    @work
    async def action_models(self) -> None:
        value = await self.push_screen_wait(_Prompt())
        n = self._entry_at_cursor()
        self.query_one(Tree).root.children[n].set_label(self._entry_label(n, int(value)))
        self.points += 1
        self._changed(True)

    def action_equip(self) -> None:
        self.push_screen(_Equip())


async def _timed(pilot: Pilot[None], times: dict[str, list[float]], name: str, key: str) -> None:
    start = time.process_time()
    await pilot.press(key)
    await pilot.pause()
    times.setdefault(name, []).append(time.process_time() - start)


async def bare_edit_floor(entries: int, rounds: int) -> dict[str, tuple[float, float]]:
    """CPU seconds above the unbound key (f12) of each edit in the bare app, as (min,
    median): ``copy``, ``undo`` (and, for information, ``row alone`` and ``row dropped
    alone``: the least of each, the row and the cursor only), ``models`` (the prompt's
    Enter, against f12 in the prompt), ``add`` and ``remove`` (``+``/``-`` in the equip-like
    dialog, against f12 there), pressed as the builder benchmarks press them."""
    app = BareBuilder(entries)
    app.animation_level = "none"
    times: dict[str, list[float]] = {}
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        for _ in range(3 * (1 + ITEMS_PER_ENTRY)):  # onto the fourth entry's row
            await pilot.press("down")
        await pilot.pause()
        for n in range(rounds):
            await _timed(pilot, times, "f12", "f12")
            await _timed(pilot, times, "copy", "c")
            await _timed(pilot, times, "undo", "ctrl+z")
            await _timed(pilot, times, "row alone", "a")
            await _timed(pilot, times, "row dropped alone", "d")
            await pilot.press("m")
            await pilot.pause()
            await _timed(pilot, times, "f12 in prompt", "f12")
            await pilot.press("backspace", str(2 + n % 4))
            await _timed(pilot, times, "models", "enter")
        await pilot.press("e")
        await pilot.pause()
        for _ in range(rounds):
            await _timed(pilot, times, "f12 in equip", "f12")
            await _timed(pilot, times, "add", "plus")
            await _timed(pilot, times, "remove", "minus")

    def above(name: str, idle: str) -> tuple[float, float]:
        best = min(times[name]) - min(times[idle])
        return best, statistics.median(times[name]) - statistics.median(times[idle])

    return {
        "copy": above("copy", "f12"),
        "undo": above("undo", "f12"),
        "row alone": above("row alone", "f12"),
        "row dropped alone": above("row dropped alone", "f12"),
        "models": above("models", "f12 in prompt"),
        "add": above("add", "f12 in equip"),
        "remove": above("remove", "f12 in equip"),
    }
