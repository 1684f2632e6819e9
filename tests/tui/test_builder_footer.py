"""The builder's footer greys out what cannot be done now, and back, as the list changes:
in place, without building its keys again on every edit."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.app import App
from textual.dom import DOMNode

from tests.tui.test_rapid_keys import mutards_app, open_builder
from tui.textual_private import FooterKey
from tui.widgets.steady_footer import SteadyFooter


def keys_shown(footer: SteadyFooter) -> dict[str, bool]:
    """Each footer key's action and whether it shows as available."""
    return {k.action: not k.has_class("-disabled") for k in footer.query(FooterKey)}


async def test_save_and_undo_come_and_go_with_the_changes(tmp_path: Path) -> None:
    app, _ = mutards_app(tmp_path)
    async with app.run_test(size=(100, 32)) as pilot:
        builder = await open_builder(pilot)
        footer = builder.query_one(SteadyFooter)
        before = list(footer.query(FooterKey))
        shown = keys_shown(footer)
        assert (shown["save"], shown["undo"]) == (False, False)
        await pilot.press("c")  # copy the selected entry
        await pilot.pause()
        shown = keys_shown(footer)
        assert (shown["save"], shown["undo"]) == (True, True)
        await pilot.press("ctrl+z")
        await pilot.pause()
        shown = keys_shown(footer)
        assert (shown["save"], shown["undo"]) == (False, False)
        assert list(footer.query(FooterKey)) == before  # the same keys, greyed in place


async def test_a_key_greyed_looks_greyed_without_the_stylesheet_applied_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Greying Save and Undo out and back dims their text (as the ``-disabled`` rule does)
    without matching the app's CSS against the keys again. History: issue 15; that matching
    cost about a millisecond a key on every such edit."""
    restyled: list[str] = []
    update = App.update_styles

    def counted(self: App[object], node: DOMNode, animate: bool = True) -> None:
        if isinstance(node, FooterKey):
            restyled.append(node.action)
        update(self, node, animate=animate)

    monkeypatch.setattr(App, "update_styles", counted)
    app, _ = mutards_app(tmp_path)
    async with app.run_test(size=(100, 32)) as pilot:
        builder = await open_builder(pilot)
        footer = builder.query_one(SteadyFooter)
        save = next(k for k in footer.query(FooterKey) if k.action == "save")
        assert save.rich_style.dim
        restyled.clear()
        await pilot.press("c")
        await pilot.pause()
        assert not save.rich_style.dim
        await pilot.press("ctrl+z")
        await pilot.pause()
        assert save.rich_style.dim
        assert restyled == []
