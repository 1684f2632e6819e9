"""The builder's details of a selection (``i``): its profiles and rules as the list
makes them, a value the list's choices changed marked, driven like a person.

Gaslands (``Gaslands.gst``): a Car has Hull Points 10; its profile's modifier adds 2 per
Armour Plating inside it.
"""

from __future__ import annotations

from rich.text import Text

from tests.tui.driver import Folders, app_in, keys
from tests.tui.test_bsbuilder import add, builder, new_team
from tui.dialogs.details import DetailsDialog
from tui.screens.bsbuilder.details import CHANGED_STYLE


def _styled(body: Text, style: str) -> list[str]:
    return [body.plain[s.start : s.end] for s in body.spans if s.style == style]


async def test_details_show_the_cars_hull_points_as_its_plating_makes_them(
    folders: Folders,
) -> None:
    path = new_team(folders)
    app = app_in(folders, open_path=path, offer_recovery=False)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        await add(pilot, "car")
        await keys(pilot, "i")
        dialog = app.screen
        assert isinstance(dialog, DetailsDialog)
        assert dialog.title_text == "Car"
        lines = dialog.body.plain.splitlines()
        assert lines[:3] == ["Car  Vehicle", "  Weight: Middleweight", "  Hull Points: 10"]
        assert _styled(dialog.body, CHANGED_STYLE) == []
        await keys(pilot, "escape")
        builder(app)  # back on the list
        await add(pilot, "armour plating")  # inside the Car: the cursor stays on it
        await keys(pilot, "i")
        plated = app.screen
        assert isinstance(plated, DetailsDialog)
        assert "  Hull Points: 12*" in plated.body.plain.splitlines()
        assert _styled(plated.body, CHANGED_STYLE) == ["12*", "* changed by the list's choices"]
        await keys(pilot, "escape")
