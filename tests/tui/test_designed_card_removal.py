"""Removing the entries of a designed card in the builder (x), as a player would.

A list's own designed card lives in the roster (``[cards.<id>]``) for as long as an
entry uses it: removing one of two entries keeps it, removing its last entry drops it,
so no orphan card is saved; undo brings both back.
"""

from __future__ import annotations

from pathlib import Path

from saves.roster_file import read_roster
from tests.tui.driver import Folders, app_in, builder_of, keys
from tui.screens.builder.screen import BuilderScreen

# Two Marksmen (the card below) and a Scout of another card, each a designed card of
# the list itself (Steam Wars publishes no model costs, so every unit is designed).
LIST = """\
format = "warband.roster/1"
system = "steam-wars"
faction = "any"
name = "Marksmen"
points_limit = 1000

[cards.marksman]
name = "Marksman"
type = "troops"
res = 4

[[cards.marksman.models]]
weapons = ["sniper-rifle"]
abilities = ["sniper"]

[cards.scout]
name = "Scout"
type = "troops"
res = 4

[[cards.scout.models]]
weapons = ["rifle"]

[[units]]
unit = "marksman"

[[units]]
unit = "marksman"

[[units]]
unit = "scout"
"""


def entries(builder: BuilderScreen) -> list[str]:
    return [u.unit for u in builder.roster.units]


async def test_removing_the_last_entry_of_a_designed_card_drops_the_card(
    tmp_path: Path,
) -> None:
    folders = Folders(tmp_path)
    path = folders.roster("marksmen.toml", LIST)
    app = app_in(folders, open_path=path, offer_recovery=False)
    async with app.run_test(size=(100, 32)) as pilot:
        builder = builder_of(app)
        await pilot.pause()
        assert entries(builder) == ["marksman", "marksman", "scout"]
        assert set(builder.roster.cards) == {"marksman", "scout"}
        await keys(pilot, "home")
        assert builder.selected == 0

        # one of two Marksmen: the other still uses the card, so it stays
        await keys(pilot, "x")
        assert entries(builder) == ["marksman", "scout"]
        assert set(builder.roster.cards) == {"marksman", "scout"}

        # the last Marksman: nothing uses the card any more, so it goes with it
        await keys(pilot, "home", "x")
        assert entries(builder) == ["scout"]
        assert set(builder.roster.cards) == {"scout"}

        # undo brings back the entry and its card together
        await keys(pilot, "ctrl+z")
        assert entries(builder) == ["marksman", "scout"]
        assert set(builder.roster.cards) == {"marksman", "scout"}
        await keys(pilot, "ctrl+y")
        assert set(builder.roster.cards) == {"scout"}

        # the Scout, the only entry of its card: the list is left with no card at all
        await keys(pilot, "home", "x")
        assert entries(builder) == []
        assert dict(builder.roster.cards) == {}

        await keys(pilot, "ctrl+z", "ctrl+s")  # back to the Scout alone, saved to its file
        assert not builder.dirty
    saved, _ = read_roster(path)
    assert saved is not None
    assert [u.unit for u in saved.units] == ["scout"]
    assert set(saved.cards) == {"scout"}
    assert "[cards.marksman]" not in path.read_text(encoding="utf-8")
