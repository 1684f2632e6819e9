"""Textual's own floor for the tracker's keys: a bare Textual app shaped like the tracker,
making with Textual's public API the widget changes a wound (or a heal, an undo, a redo)
makes there.

Issue 33 restates the key goals of issue 15 against this floor: a tracker key may cost
Textual's own cost of the same widget change plus 5 ms. The app has the tracker's widgets
at the benchmarks' size (a header, a status line, a side title and a table of the same
rows for each side, the log, the model line, a footer), with nothing of warband's (no
battle, no rules, no saving), and two keys:

- ``w`` changes the cursor row's wounds and state cells (``DataTable.update_cell``), the
  status line, the side's title and the model line, and adds a line at the end of the
  log, highlighted, as recording a wound does;
- ``h`` changes them back and adds another line, as a heal (or an undo, which drops a
  line and shows one more from before) does.
"""

from __future__ import annotations

import statistics
import time
from typing import ClassVar

from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.pilot import Pilot
from textual.widgets import DataTable, Footer, Header, OptionList, Static

SIZE = (160, 40)
"""The terminal size the tracker benchmarks run at."""
LOG_LINES = 200
"""Lines the bare log shows, about what the tracker's log keeps."""


class BareTracker(App[None]):
    """Two tables of ``models`` rows each, and the lines around them."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("w", "wound(1)", "Wound"),
        Binding("h", "wound(-1)", "Heal"),
    ]

    def __init__(self, models: int) -> None:
        super().__init__()
        self.models = models
        self.wounds = [0] * models
        self.lines = 0

    def compose(self) -> ComposeResult:
        yield Header()
        yield Static("status", id="status")
        with Horizontal():
            for side in range(2):
                with Vertical():
                    yield Static(f"side {side}", id=f"title-{side}")
                    yield DataTable(id=f"table-{side}", cursor_type="row", zebra_stripes=True)
        yield Static("model", id="model")
        yield OptionList(*(f"{n + 1}. a line of the log" for n in range(LOG_LINES)), id="log")
        yield Footer()

    def on_mount(self) -> None:
        for side in range(2):
            table = self.query_one(f"#table-{side}", DataTable)
            table.add_column("Id", key="id")
            table.add_column("Model", key="model")
            table.add_column("Rnd", key="rnd")
            table.add_column("Act", key="act")
            table.add_column("Wnd", key="wnd")
            table.add_column("State", key="state")
            for n in range(self.models):
                table.add_row(f"{side}{n}", f"Model {n}", "1", "0/2", "□□", "", key=str(n))
        self.query_one("#table-0", DataTable).focus()
        self.lines = LOG_LINES

    def action_wound(self, delta: int) -> None:
        table = self.query_one("#table-0", DataTable)
        row = table.cursor_row
        self.wounds[row] = max(0, min(2, self.wounds[row] + delta))
        taken = self.wounds[row]
        table.update_cell(str(row), "wnd", "■" * taken + "□" * (2 - taken))
        table.update_cell(str(row), "state", "out" if taken == 2 else "")
        self.query_one("#status", Static).update(f"turn 3 · wounds {sum(self.wounds)}")
        self.query_one("#title-0", Static).update(f"A: Ann · {self.models - taken} up")
        self.query_one("#model", Static).update(f"Model {row}: {taken} wounds")
        log = self.query_one("#log", OptionList)
        self.lines += 1
        log.add_option(f"{self.lines}. Model {row} {'wounded' if delta > 0 else 'healed'}")
        log.highlighted = log.option_count - 1


async def _timed(pilot: Pilot[None], times: dict[str, list[float]], name: str, key: str) -> None:
    start = time.process_time()
    await pilot.press(key)
    await pilot.pause()
    times.setdefault(name, []).append(time.process_time() - start)


async def bare_key_floor(models: int, rounds: int) -> dict[str, tuple[float, float]]:
    """CPU seconds above the unbound key (f12) of ``wound`` and ``heal`` in the bare app,
    as (min, median), pressed as the tracker benchmarks press them."""
    app = BareTracker(models)
    app.animation_level = "none"
    times: dict[str, list[float]] = {}
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        for _ in range(rounds):
            await _timed(pilot, times, "f12", "f12")
            await _timed(pilot, times, "wound", "w")
            await _timed(pilot, times, "heal", "h")

    def above(name: str) -> tuple[float, float]:
        best = min(times[name]) - min(times["f12"])
        return best, statistics.median(times[name]) - statistics.median(times["f12"])

    return {"wound": above("wound"), "heal": above("heal")}
