"""Opening the tracker builds only what is shown: the side tabs, hidden on a wide terminal,
are made when the terminal is narrow, at opening or later, and then work as they always did.
History: issue 15."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from textual.screen import Screen
from textual.widgets import DataTable, Static, Tabs

from tests.tui.driver import Folders, app_in
from tui.screens.tracker.screen import TrackerScreen
from tui.textual_private import HeaderTitle
from tui.widgets.side_table import SideTable


def _battle_file(tmp_path: Path, events: int = 12) -> tuple[Folders, Path]:
    folders = Folders(tmp_path)
    return folders, folders.battle("open.battle.toml", events, seed=3)


def _shown(app: object) -> tuple[TrackerScreen, SideTable]:
    """The tracker shown and the side table focused in it."""
    screen = getattr(app, "screen", None)
    assert isinstance(screen, TrackerScreen), screen
    table = screen.focused
    assert isinstance(table, SideTable), table
    return screen, table


async def test_side_tabs_are_made_when_the_terminal_narrows(tmp_path: Path) -> None:
    folders, path = _battle_file(tmp_path)
    app = app_in(folders, battle_path=path, offer_recovery=False)
    async with app.run_test(size=(160, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, TrackerScreen)
        assert not screen.query("#side-tabs")  # wide: both sides shown, no tabs
        shown = screen.shown_side
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        tabs = screen.query_one("#side-tabs", Tabs)
        assert tabs.display
        assert tabs.active == f"side-{shown}"
        assert screen.query_one(f"#side-box-{shown}").display
        assert not screen.query_one(f"#side-box-{1 - shown}").display
        await pilot.press("tab")
        await pilot.pause()
        assert screen.shown_side == 1 - shown
        assert tabs.active == f"side-{1 - shown}"
        assert screen.focused is screen.query_one(f"#table-{1 - shown}", SideTable)
        await pilot.resize_terminal(160, 40)
        await pilot.pause()
        assert not tabs.display
        assert screen.query_one("#side-box-0").display
        assert screen.query_one("#side-box-1").display


async def test_a_narrow_terminal_opens_with_the_side_tabs(tmp_path: Path) -> None:
    folders, path = _battle_file(tmp_path)
    app = app_in(folders, battle_path=path, offer_recovery=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen, table = _shown(app)
        tabs = screen.query_one("#side-tabs", Tabs)
        assert tabs.display
        assert tabs.active == f"side-{screen.shown_side}"
        assert table.side == screen.shown_side


async def test_the_table_to_act_is_focused_on_opening(tmp_path: Path) -> None:
    folders, path = _battle_file(tmp_path)
    app = app_in(folders, battle_path=path, offer_recovery=False)
    async with app.run_test(size=(160, 40)) as pilot:
        await pilot.pause()
        screen, table = _shown(app)
        assert table.has_focus
        state = screen.battle.state
        up = state.active or (state.next_up().actors or (None,))[0]
        if up is not None:
            assert table.model_id == up
            assert table.side == state.model(up).side


async def test_nothing_lays_the_tracker_out_again_once_it_is_painted(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Nothing changes after the tracker's first paint that would lay the whole screen out
    again: the header's title, the model line and each table's width are each done before
    it.

    History: issue 15; each of these changed after the first paint, laying the whole screen
    out once more each time: the header's title (the same text again, from each of its four
    watchers), the model line (for the model the cursor was then put on: here B18, acting on
    the second side) and each table's width (measured again when the screen was idle, after
    the State column was fitted).
    """
    folders, path = _battle_file(tmp_path, events=11)
    done: list[str] = []
    static_update = Static.update

    def counted_update(self: Static, *args: Any, **kwargs: Any) -> None:
        static_update(self, *args, **kwargs)
        if isinstance(self.screen, TrackerScreen):
            if isinstance(self, HeaderTitle):
                done.append(f"title {self.render()}")
            elif self.id == "model-detail":
                done.append("model line")

    dimensions = DataTable._update_dimensions

    def counted_dimensions(self: DataTable[Any], new_rows: Any) -> None:
        done.append(f"measured {self.id}")
        dimensions(self, new_rows)

    paint = Screen._compositor_refresh

    def painted(self: Screen[Any]) -> None:
        if isinstance(self, TrackerScreen) and "painted" not in done:
            done.append("painted")
        paint(self)

    monkeypatch.setattr(Static, "update", counted_update)
    monkeypatch.setattr(DataTable, "_update_dimensions", counted_dimensions)
    monkeypatch.setattr(Screen, "_compositor_refresh", painted)
    app = app_in(folders, battle_path=path, offer_recovery=False)
    async with app.run_test(size=(160, 40)) as pilot:
        await pilot.pause()
        screen, table = _shown(app)
        state = screen.state  # the engine's game: B19 to act since Combat needs Engaged
        up = state.active or state.next_up().actors[0]
        assert (table.side, table.model_id) == (1, up) == (1, "B19")
        assert "B19" in str(screen.query_one("#model-detail", Static).render())
        title = f"title {screen.query_one(HeaderTitle).render()}"
    before = done[: done.index("painted")]
    assert done[len(before) + 1 :] == []
    assert "model line" in before
    assert title in before
    assert {"measured table-0", "measured table-1"} <= set(before)


async def test_the_tracker_is_laid_out_once_for_the_terminals_size(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Textual sends a screen just shown a ``Resize`` to the size it was just laid out at,
    and ``Screen`` lays itself out again for it, with the screens behind it. The tracker
    skips it (``LaidOutOnce``); a terminal resized to another size still lays it out.
    History: issue 15; the tracker opening a long battle paid for a layout more."""
    folders, path = _battle_file(tmp_path)
    resized: list[tuple[str, tuple[int, int]]] = []
    screen_resize = Screen._on_resize

    async def counted_resize(self: Screen[Any], event: Any) -> None:
        if isinstance(self, TrackerScreen):
            resized.append((type(self).__name__, tuple(event.size)))
        await screen_resize(self, event)

    monkeypatch.setattr(Screen, "_on_resize", counted_resize)
    app = app_in(folders, battle_path=path, offer_recovery=False)
    async with app.run_test(size=(160, 40)) as pilot:
        await pilot.pause()
        _shown(app)
        assert resized == []
        await pilot.resize_terminal(120, 30)
        await pilot.pause()
        assert ("TrackerScreen", (120, 30)) in resized
