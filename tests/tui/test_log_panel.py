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
    its height alone (once per width: its lines', and the layout's, which leaves out the
    scrollbar); the other 199 keep theirs, and the list is never emptied on the way (which
    scrolled it to the top and back and hid its scrollbar, issue 33)."""
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
        monkeypatch.setattr(LogPanel, "clear_options", _never)
        log.show_lines(2, _lines(2, 200))
        await pilot.pause()
        assert _shown(log) == [f"{n}. event {n}" for n in range(2, 202)]
        assert log.highlighted == 199
        assert all(a is b for a, b in zip(log.options, before[1:], strict=False))
        assert {str(m) for m in measured} == {"201. event 201"} and len(measured) <= 2
        assert log.scroll_y == log.max_scroll_y  # the last line is in view


async def test_a_window_moved_back_keeps_the_lines_it_still_shows(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """An undo in a long battle drops the last line and tells one more before the first:
    the 199 others keep their options, and the list is not emptied on the way."""
    async with _LogApp().run_test(size=(60, 10)) as pilot:
        log = pilot.app.query_one(LogPanel)
        log.show_lines(2, _lines(2, 200))
        await pilot.pause()
        before = list(log.options)
        monkeypatch.setattr(LogPanel, "clear_options", _never)
        log.show_lines(1, _lines(1, 200))
        await pilot.pause()
        assert _shown(log) == [f"{n}. event {n}" for n in range(1, 201)]
        assert all(a is b for a, b in zip(log.options[1:], before, strict=False))
        assert log.highlighted == 199
        assert log.scroll_y == log.max_scroll_y


def _never(self: LogPanel) -> LogPanel:
    raise AssertionError("the log was emptied")


async def test_a_line_clicked_after_the_window_moved_is_the_line_shown() -> None:
    """What is drawn of a line holds its place in the list, which a click reads: once the
    window has moved on, a line drawn before must not answer with its old place."""
    app = _ChoosingApp()
    async with app.run_test(size=(60, 10)) as pilot:
        log = app.query_one(LogPanel)
        log.show_lines(1, _lines(1, 200))
        await pilot.pause()
        log.scroll_to_highlight()
        await pilot.pause()  # drawn: the last lines with their places
        assert log.scroll_y == log.max_scroll_y
        log.show_lines(3, _lines(3, 200))
        await pilot.pause()
        # Four lines up: "199. event 199", drawn at place 198 and now at 196.
        line = log.content_region.bottom - 4
        assert await pilot.click(offset=(log.content_region.x + 2, line))
        await pilot.pause()
        assert app.chosen == [196]
        assert str(log.get_option_at_index(196).prompt) == "199. event 199"


class _ChoosingApp(_LogApp):
    def __init__(self) -> None:
        super().__init__()
        self.chosen: list[int] = []

    def on_option_list_option_selected(self, event: LogPanel.OptionSelected) -> None:
        self.chosen.append(event.option_index)
