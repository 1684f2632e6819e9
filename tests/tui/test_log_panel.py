"""The tracker's log panel: what it shows, and that a key in a long battle makes and
measures only the lines that are new, so a key's cost does not grow with the log. History:
issue 15."""

from __future__ import annotations

from typing import Any

import pytest
from textual.app import App, ComposeResult

from tui.widgets.log_panel import LogPanel


class _LogApp(App[None]):
    def compose(self) -> ComposeResult:
        yield LogPanel(id="log")


def _shown(log: LogPanel) -> list[str]:
    return [str(log.get_option_at_index(n).prompt) for n in range(log.option_count)]


def _lines(first: int, count: int) -> list[str]:
    return [f"event {n}" for n in range(first, first + count)]


async def test_lines_are_numbered_and_the_last_is_highlighted() -> None:
    async with _LogApp().run_test(size=(60, 10)) as pilot:
        log = pilot.app.query_one(LogPanel)
        log.show_lines(1, _lines(1, 3))
        assert _shown(log) == ["1. event 1", "2. event 2", "3. event 3"]
        assert log.highlighted == 2
        log.show_lines(1, _lines(1, 4))  # one recorded
        assert _shown(log) == [f"{n}. event {n}" for n in range(1, 5)]
        assert log.highlighted == 3
        log.show_lines(1, _lines(1, 2))  # undone twice
        assert _shown(log) == ["1. event 1", "2. event 2"]
        assert log.highlighted == 1
        log.show_lines(1, ["event 1", "another 2"])  # same number, other text
        assert _shown(log) == ["1. event 1", "2. another 2"]
        log.show_lines(1, [])
        assert log.option_count == 0


async def test_a_shifted_window_keeps_the_lines_it_still_shows(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A window of 200 lines moved on by one event makes one new option and measures
    its height alone; the other 199 keep theirs."""
    async with _LogApp().run_test(size=(60, 10)) as pilot:
        log = pilot.app.query_one(LogPanel)
        log.show_lines(1, _lines(1, 200))
        await pilot.pause()
        before = list(log.options)
        visual_type = type(log._get_visual(before[0]))
        measured: list[Any] = []
        get_height = visual_type.get_height

        def counting(self: Any, *args: Any, **kwargs: Any) -> int:
            measured.append(self)
            return get_height(self, *args, **kwargs)

        monkeypatch.setattr(visual_type, "get_height", counting)
        log.show_lines(2, _lines(2, 200))
        await pilot.pause()
        assert _shown(log) == [f"{n}. event {n}" for n in range(2, 202)]
        assert log.highlighted == 199
        assert all(a is b for a, b in zip(log.options, before[1:], strict=False))
        assert len(measured) == 1
        assert log.scroll_y == log.max_scroll_y  # the last line is in view
