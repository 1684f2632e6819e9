"""Textual's own floor for the builder's edit keys: a bare Textual app shaped like the
builder, doing the least any edit does to its screen.

The builder's goal rows (issue 15) time an edit from key press to repaint, above an unbound
key. Part of that is Textual's: changing a row of a long ``Tree`` and repainting it, or
closing a modal prompt and repainting the screen under it. This app does only that, with
none of warband (no catalog, no rules, no findings, no saving), so the difference between
a goal row and the matching line here is what warband itself adds.

The app has the builder's widgets (Header, a Tree of entries each with one item below it,
a status line, Footer) at the benchmark's size, and three keys:

- ``c`` adds an entry row (with its item) above the cursor, as copying an entry does;
- ``u`` removes it again, as undoing the copy does;
- ``m`` opens a one-line prompt whose Enter relabels the cursor's row, as setting a pack's
  models does;
- ``e`` opens a dialog of ``ITEMS`` options with a detail line under them, where ``+`` and
  ``-`` relabel the highlighted option and rewrite the detail, as the equip dialog does
  when one item is added or removed.
"""

from __future__ import annotations

import statistics
import time
from typing import ClassVar

from textual import work
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.pilot import Pilot
from textual.screen import ModalScreen
from textual.widgets import Footer, Header, Input, Label, OptionList, Static, Tree

SIZE = (100, 32)
"""The terminal size the builder benchmarks run at."""
ITEMS = 24
"""Options in the bare equip dialog: about a Ganger's weapons and gear."""


class _Prompt(ModalScreen[str]):
    """One line of text, returned on Enter."""

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Label("Models")
            yield Input("3")

    def on_input_submitted(self, event: Input.Submitted) -> None:
        self.dismiss(event.value)


class _Equip(ModalScreen[None]):
    """A list of options and a detail line; ``+``/``-`` change the highlighted one."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("plus", "change(1)", "Add"),
        Binding("minus", "change(-1)", "Remove"),
    ]

    def __init__(self) -> None:
        super().__init__()
        self.counts = [0] * ITEMS

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Label("Ganger")
            yield OptionList(*(self._label(n) for n in range(ITEMS)))
            yield Static("", id="detail")

    def _label(self, n: int) -> str:
        return f"[{self.counts[n] or ' '}] Item {n}  {n % 7 + 1}"

    def action_change(self, delta: int) -> None:
        listing = self.query_one(OptionList)
        n = listing.highlighted or 0
        self.counts[n] = max(0, self.counts[n] + delta)
        listing.replace_option_prompt_at_index(n, self._label(n))
        self.query_one("#detail", Static).update(f"Item {n}: {self.counts[n]} taken")


class BareBuilder(App[None]):
    """A builder-shaped screen of ``entries`` rows and nothing behind it."""

    CSS = (
        "_Prompt, _Equip { align: center middle; } "
        "_Prompt > Vertical { width: 50; height: auto; } _Equip > Vertical { width: 80; }"
    )
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("c", "copy", "Copy"),
        Binding("u", "undo", "Undo"),
        Binding("m", "models", "Models"),
        Binding("e", "equip", "Equip"),
    ]

    def __init__(self, entries: int) -> None:
        super().__init__()
        self.entries = entries

    def compose(self) -> ComposeResult:
        yield Header()
        yield Tree("List")
        yield Static("status")
        yield Footer()

    def on_mount(self) -> None:
        tree = self.query_one(Tree)
        tree.show_root = False
        tree.root.expand()
        for n in range(self.entries):
            tree.root.add(f"{n + 1}. Ganger  12 pts", expand=True).add_leaf("Knife  2")
        tree.focus()

    def _row(self) -> int:
        tree = self.query_one(Tree)
        node = tree.cursor_node
        rows = list(tree.root.children)
        return rows.index(node) if node is not None and node in rows else 0

    def action_copy(self) -> None:
        tree = self.query_one(Tree)
        row = tree.root.add("Ganger (copy)  12 pts", expand=True, before=self._row())
        row.add_leaf("Knife  2")

    def action_undo(self) -> None:
        self.query_one(Tree).root.children[self._row()].remove()

    @work
    async def action_models(self) -> None:
        value = await self.push_screen_wait(_Prompt())
        row = self.query_one(Tree).root.children[self._row()]
        row.set_label(f"Addler x{value}  {10 * len(value)} pts")

    def action_equip(self) -> None:
        self.push_screen(_Equip())


async def _timed(pilot: Pilot[None], times: dict[str, list[float]], name: str, key: str) -> None:
    start = time.process_time()
    await pilot.press(key)
    await pilot.pause()
    times.setdefault(name, []).append(time.process_time() - start)


async def bare_edit_floor(entries: int, rounds: int) -> dict[str, tuple[float, float]]:
    """CPU seconds above the unbound key (f12) of each edit in the bare app, as (min,
    median): ``copy``, ``undo``, ``models`` (the prompt's Enter, against f12 in the
    prompt), ``add`` and ``remove`` (``+``/``-`` in the equip-like dialog, against f12
    there), pressed as the builder benchmarks press them."""
    app = BareBuilder(entries)
    app.animation_level = "none"
    times: dict[str, list[float]] = {}
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        for _ in range(4):
            await pilot.press("down")
        await pilot.pause()
        for n in range(rounds):
            await _timed(pilot, times, "f12", "f12")
            await _timed(pilot, times, "copy", "c")
            await _timed(pilot, times, "undo", "u")
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
        "models": above("models", "f12 in prompt"),
        "add": above("add", "f12 in equip"),
        "remove": above("remove", "f12 in equip"),
    }
