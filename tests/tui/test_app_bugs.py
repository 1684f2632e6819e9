"""A bug inside the app: it ends with exit code 3, one line, a crash log, and the
unsaved list's recovery copy kept for the next start."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from saves.recovery import find_recoveries
from tests.tui.driver import Folders, app_in, keys, new_list
from tui.screens.builder.screen import BuilderScreen


async def test_a_bug_in_a_key_keeps_the_list_and_logs_the_trace(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def broken(self: BuilderScreen) -> None:
        raise ZeroDivisionError("division by zero in the sheet")

    monkeypatch.setattr(BuilderScreen, "action_sheet", broken)
    folders = Folders(tmp_path)
    app = app_in(folders, offer_recovery=False)
    with pytest.raises(ZeroDivisionError):  # Pilot hands the bug to the test, as Textual does
        async with app.run_test(size=(100, 32)) as pilot:
            await new_list(pilot, "g")
            await keys(pilot, "slash", "chief", "enter")
            builder = app.screen
            assert isinstance(builder, BuilderScreen)
            unsaved = builder.roster
            await keys(pilot, "v")
    [log] = sorted((Path(os.environ["WARBAND_STATE_DIR"]) / "crashes").iterdir())
    assert app.return_code == 3
    assert app.crash == (
        f"warband hit a bug: ZeroDivisionError: division by zero in the sheet (details in {log})"
    )
    assert "Traceback (most recent call last):" in log.read_text(encoding="utf-8")
    found, _ = find_recoveries(folders.saves / ".recovery")
    assert [r.roster for r in found] == [unsaved]
