"""The tracker's footer greys Undo out and back in place as events are recorded and
undone: its keys are not built again at every key (that cost as much as the key)."""

from __future__ import annotations

from pathlib import Path

from model.battle.events import Score
from tests.tui.driver import Folders, app_in
from tests.tui.test_tracker import start
from tui.screens.tracker.screen import TrackerScreen
from tui.textual_private import FooterKey
from tui.widgets.steady_footer import SteadyFooter


def undo_shown(footer: SteadyFooter) -> bool:
    return {k.action: not k.has_class("-disabled") for k in footer.query(FooterKey)}["undo"]


async def test_undo_comes_and_goes_in_place(tmp_path: Path) -> None:
    folders = Folders(tmp_path)
    app = app_in(folders, battle_path=start(folders), offer_recovery=False)
    async with app.run_test(size=(160, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, TrackerScreen)
        footer = screen.query_one(SteadyFooter)
        before = list(footer.query(FooterKey))
        assert not undo_shown(footer)
        screen.record(Score(kind="score", side=0, points=1))
        await pilot.pause()
        assert undo_shown(footer)
        await pilot.press("ctrl+z")
        await pilot.pause()
        assert not undo_shown(footer)
        assert list(footer.query(FooterKey)) == before  # the same keys, greyed in place
