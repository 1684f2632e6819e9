"""A title change while the header's parts are being taken down is dropped (``SafeHeader``),
so closing as the app starts writes no crash log. History: closing as the app starts wrote a
crash log: Textual's header watches the titles and raised NoMatches when a title changed
while its parts were being taken down (found by warband serve's browser test, a tab closed
at once)."""

from __future__ import annotations

from pathlib import Path

from tests.tui.driver import Folders, app_in
from tui.textual_private import HeaderTitle
from tui.widgets.safe_header import SafeHeader


async def test_a_title_change_with_the_header_half_gone_is_dropped(tmp_path: Path) -> None:
    folders = Folders(tmp_path)
    app = app_in(folders, offer_recovery=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        header = app.screen.query_one(SafeHeader)
        await header.query_one(HeaderTitle).remove()  # as when the screen is torn down
        app.title = "warband, closing"
        app.screen.sub_title = "and its screen"
        await pilot.pause()
        assert app.is_running
    assert not list(tmp_path.rglob("*crash*"))
