"""A side table updated in place renders only the rows that changed, and shows what a table
rendered afresh shows, so a key's cost does not grow with the table. History: issue 15."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from rich.segment import Segment
from textual.geometry import Region

from tests.tui.driver import Folders, app_in
from tui.screens.tracker.screen import TrackerScreen
from tui.widgets.side_table import SideTable


def _screen_lines(table: SideTable) -> list[list[Segment]]:
    return [list(table.render_line(y)) for y in range(table.size.height)]


async def test_a_wound_renders_the_wounded_row_alone_and_shows_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    folders = Folders(tmp_path)
    path = folders.battle("table.battle.toml", 40, seed=3)
    app = app_in(folders, battle_path=path, offer_recovery=False)
    async with app.run_test(size=(160, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, TrackerScreen)
        state = screen.state
        standing = [m.id for m in state.setup.sides[0].models if not state.is_out(m.id)]
        table = screen.query_one("#table-0", SideTable)
        table.focus()
        table.move_cursor(row=table.get_row_index(standing[0]))
        await pilot.pause()
        rows_before = {key: table.get_row(key) for key, _ in table._shown}
        rendered: list[int] = []
        real = SideTable._render_cell

        def counting(self: SideTable, row_index: int, *args: Any, **kwargs: Any) -> Any:
            if self is table and row_index >= 0:
                rendered.append(row_index)
            return real(self, row_index, *args, **kwargs)

        monkeypatch.setattr(SideTable, "_render_cell", counting)
        repainted: list[Region] = []
        refresh = SideTable.refresh

        def repaint(self: SideTable, *regions: Region, **kwargs: Any) -> Any:
            if self is table:
                repainted.extend(regions or [Region(0, 0, *self.size)])
            return refresh(self, *regions, **kwargs)

        monkeypatch.setattr(SideTable, "refresh", repaint)
        await pilot.press("w")
        await pilot.pause()
        assert screen.state.wounds.get(standing[0], 0) > state.wounds.get(standing[0], 0)
        changed = {
            table.get_row_index(key)
            for key, _ in table._shown
            if table.get_row(key) != rows_before[key]
        }
        assert table.get_row_index(standing[0]) in changed
        assert rendered and set(rendered) <= changed
        row = table._get_row_region(table.get_row_index(standing[0]))
        assert any(r.contains_region(row.translate(-table.scroll_offset)) for r in repainted)
        shown = _screen_lines(table)
        table._update_count += 1  # what Textual's update_cell does: render every row again
        table.refresh()
        assert _screen_lines(table) == shown
