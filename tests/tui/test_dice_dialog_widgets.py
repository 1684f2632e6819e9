"""The dice helper's cheap widgets (``tui.dialogs.dice.light``).

A ``DropDown`` must look and behave exactly like the compact ``Select`` it stands in for:
drawn the same before it is opened (a blank prompt, a choice, focused or not: the
screenshots are compared whole), opened by Enter or a click, a choice typed and taken
with Enter, and its changes announced as ``Select.Changed``. ``compact`` must give a
field the same look as ``compact=True``.

History: issue 16 point 9.
"""

from __future__ import annotations

import re

import pytest
from textual.app import App, ComposeResult
from textual.widgets import Button, Checkbox, Input, Select, SelectionList

from tui.dialogs.dice.light import DropDown, compact

OPTIONS = [("Rifle (ranged)", "rifle"), ("Knife (melee)", "knife")]


def _drop_downs(light: bool) -> list[Select[str]]:
    """A blank one with a prompt, one that cannot be blank, one that can."""
    if light:
        return [
            DropDown[str]([], prompt="No weapon"),
            DropDown[str](list(OPTIONS), allow_blank=False, value="knife"),
            DropDown[str](list(OPTIONS), prompt="Pick"),
        ]
    return [
        Select[str]([], prompt="No weapon", compact=True),
        Select[str](OPTIONS, allow_blank=False, value="knife", compact=True),
        Select[str](OPTIONS, prompt="Pick", compact=True),
    ]


class Fields(App[None]):
    CSS = "Screen { background: $surface; } Select { width: 40; }"

    def __init__(self, light: bool) -> None:
        super().__init__()
        self.light = light
        self.changes: list[object] = []

    def compose(self) -> ComposeResult:
        yield from _drop_downs(self.light)
        if self.light:
            yield compact(Input(placeholder="a number"))
            yield compact(Checkbox("a tick", value=True))
            yield compact(SelectionList[int](("one", 1), ("two", 2)))
            yield compact(Button("Roll"))
        else:
            yield Input(placeholder="a number", compact=True)
            yield Checkbox("a tick", value=True, compact=True)
            yield SelectionList[int](("one", 1), ("two", 2), compact=True)
            yield Button("Roll", compact=True)

    def on_select_changed(self, event: Select.Changed) -> None:
        self.changes.append(event.value)


async def _screenshot(light: bool, focus: int) -> str:
    app = Fields(light)
    async with app.run_test(size=(50, 10)) as pilot:
        await pilot.pause()
        app.query(Select)[focus].focus()
        await pilot.pause()
        return re.sub(r"terminal-\d+", "terminal", app.export_screenshot())


@pytest.mark.parametrize("focus", [0, 1, 2])
async def test_unopened_drop_downs_and_compact_fields_look_as_textuals(focus: int) -> None:
    assert await _screenshot(True, focus) == await _screenshot(False, focus)


async def test_enter_opens_a_drop_down_and_a_typed_choice_is_taken() -> None:
    app = Fields(True)
    async with app.run_test(size=(50, 10)) as pilot:
        await pilot.pause()
        pick = app.query_one("DropDown:last-of-type", Select)
        pick.focus()
        await pilot.pause()
        app.changes.clear()
        await pilot.press("enter")
        await pilot.pause()
        assert pick.expanded
        await pilot.press(*"rif", "enter")
        await pilot.pause()
        assert (pick.value, pick.expanded, app.changes) == ("rifle", False, ["rifle"])
        assert app.focused is pick


async def test_a_click_opens_a_drop_down_and_it_changes_like_a_select() -> None:
    app = Fields(True)
    async with app.run_test(size=(50, 10)) as pilot:
        await pilot.pause()
        pick = app.query(Select)[1]
        assert isinstance(pick, DropDown)
        app.changes.clear()
        pick.value = "rifle"  # set by the dialog before it is ever opened
        await pilot.pause()
        assert app.changes == ["rifle"]
        await pilot.click(pick)
        await pilot.pause()
        assert pick.expanded and pick.opened
        await pilot.press("escape")
        await pilot.pause()
        assert (pick.value, pick.expanded) == ("rifle", False)
