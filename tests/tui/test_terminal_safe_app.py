"""The app shows a list whose name and notes hold escape sequences without them: the
texts were cleaned when the file was read (``model.core.safe_text``)."""

from __future__ import annotations

import re
from pathlib import Path

from tests.conftest import FIXTURES
from tests.tui.driver import Folders, app_in
from tui.screens.builder.screen import BuilderScreen

CONTROL = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f]")
WRITTEN = "\\u001b]0;pwned\\u0007\\u001b[2J\\u009b31m"


async def test_the_builder_shows_a_hostile_name_cleaned(tmp_path: Path) -> None:
    folders = Folders(tmp_path)
    text = (FIXTURES / "rosters" / "gangers" / "legal-500.toml").read_text(encoding="utf-8")
    text = text.replace('name = "Rust Rats"', f'name = "Rust {WRITTEN}Rats"', 1)
    text = text.replace('name = "Big Joe"', f'name = "Big {WRITTEN}Joe"', 1)
    app = app_in(folders, open_path=folders.roster("hostile.toml", text))
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, BuilderScreen)
        assert screen.title == "Rust ]0;pwned[2J31mRats"
        assert screen.roster.units[0].name == "Big ]0;pwned[2J31mJoe"
        assert CONTROL.search(screen.title + str(screen.sub_title)) is None
        shot = app.export_screenshot()  # the screen as rendered, as SVG text
        assert "pwned" in shot and CONTROL.search(shot) is None
