"""Replacing an option's prompt (the equip dialog's counts and "not now"s) draws that option
again alone, and what is shown is what a list built afresh would show. History: issue 15."""

from __future__ import annotations

from typing import Any

import pytest
from textual.app import App, ComposeResult
from textual.geometry import Region
from textual.widgets import OptionList
from textual.widgets.option_list import Option

from tui.widgets.in_place_options import InPlaceOptionList

PROMPTS = [f"[ ] item {n}" for n in range(12)]
LONG = "[1] " + "a very long name " * 4
"""Three lines at the width below."""
SIZE = (30, 24)


class _ListApp(App[None]):
    # room for every line: the scrollbar's coming as a prompt grows is not compared
    CSS = "OptionList { height: 20; }"

    def __init__(self, listing: OptionList) -> None:
        super().__init__()
        self.listing = listing

    def compose(self) -> ComposeResult:
        yield self.listing


def _filled(listing: OptionList, prompts: list[str]) -> None:
    listing.add_options([Option(p, id=str(n)) for n, p in enumerate(prompts)])
    listing.highlighted = 0


async def _drawn(listing: OptionList, to: str) -> list[list[tuple[str, Any]]]:
    """The list's lines, text and style, after option 3 is given the prompt ``to``."""
    async with _ListApp(listing).run_test(size=SIZE) as pilot:
        _filled(listing, PROMPTS)
        await pilot.pause()
        listing.replace_option_prompt("3", to)
        await pilot.pause()
        strips = listing.render_lines(Region(0, 0, *listing.region.size))  # with its border
        return [[(s.text, s.style) for s in strip] for strip in strips]


async def test_a_replaced_prompt_is_drawn_as_textuals_own_list_draws_it() -> None:
    ours = await _drawn(InPlaceOptionList(), "[1] item 3")
    theirs = await _drawn(OptionList(), "[1] item 3")
    assert ours == theirs
    text = ["".join(t for t, _ in line) for line in ours]
    assert [line.strip("▊▎ ") for line in text if "item 3" in line] == ["[1] item 3"]


async def test_a_taller_prompt_moves_the_options_after_it_down() -> None:
    """Measured again, as Textual's own list does."""
    ours = await _drawn(InPlaceOptionList(), LONG)
    assert ours == await _drawn(OptionList(), LONG)
    text = ["".join(t for t, _ in line).strip("▊▎ ") for line in ours]
    assert text[3:8] == [
        "[ ] item 2",
        "[1] a very long name a",
        "very long name a very long",
        "name a very long name",
        "[ ] item 4",
    ]


async def test_only_the_replaced_option_is_drawn_again(monkeypatch: pytest.MonkeyPatch) -> None:
    listing = InPlaceOptionList()
    async with _ListApp(listing).run_test(size=SIZE) as pilot:
        _filled(listing, PROMPTS)
        await pilot.pause()
        drawn: list[str | None] = []
        draw = InPlaceOptionList._get_option_render

        def counting(self: InPlaceOptionList, option: Option, style: Any) -> Any:
            padding = self.get_component_styles("option-list--option").padding
            if (option, style, padding) not in self._option_render_cache:
                drawn.append(option.id)
            return draw(self, option, style)

        monkeypatch.setattr(InPlaceOptionList, "_get_option_render", counting)
        listing.replace_option_prompt("5", "[1] item 5")
        await pilot.pause()
        assert drawn == ["5"]
        drawn.clear()
        listing.replace_option_prompt("5", LONG)  # taller: all measured and drawn again
        await pilot.pause()
        assert sorted(drawn, key=lambda n: int(n or 0)) == [str(n) for n in range(12)]
