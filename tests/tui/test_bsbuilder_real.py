"""The builder over the real Warhammer 40,000 data in ``../shared/bsdata``: a 2,000-point
Space Marines list over the 10th edition and a Necrons list over the 11th (New Recruit's
JSON) open in the app, and a player adds a unit and changes its wargear with keys. Marked
``real_data`` (each loads a game of 24 to 42 MB, some seconds); each is skipped when its
edition is not there. The lists are built by ``tests/tui/real_lists.py``.

What the keys do is read from the data: a Redemptor Dreadnought (210 pts in
``Imperium - Space Marines.cat``) comes with a Heavy Onslaught Gatling Cannon, which its
Weapon Option 1 may swap for a Macro Plasma Incinerator; an Overlord (11th edition) comes
with his blade and tachyon arrow, which his Weapons may swap for a Voidscythe.

History: issue 33.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest
from textual.pilot import Pilot

from model.bsdata.roster import BsRoster, Selection
from model.bsdata.system import GameSystem
from tests.tui.driver import Folders, app_in, keys
from tests.tui.real_lists import (
    ELEVENTH,
    NECRONS,
    SPACE_MARINES,
    TENTH,
    games_folder,
    has_data,
    necrons,
    space_marines,
    walk,
    written,
)
from tui.app import WarbandApp
from tui.screens.bsbuilder.add_dialog import AddDialog
from tui.screens.bsbuilder.places import find
from tui.screens.bsbuilder.screen import BsBuilderScreen
from tui.screens.bsbuilder.status import BsStatusLine
from tui.screens.bsbuilder.tree import BsTree

pytestmark = pytest.mark.real_data


def builder(app: WarbandApp) -> BsBuilderScreen:
    screen = app.screen
    assert isinstance(screen, BsBuilderScreen), screen
    return screen


def at_cursor(app: WarbandApp) -> Selection | None:
    """The selection under the cursor (None on a force)."""
    screen = builder(app)
    place = screen.query_one(BsTree).place
    assert place is not None
    found = find(screen.roster, place)
    assert found is not None
    return found[1]


def points(app: WarbandApp) -> float:
    screen = builder(app)
    names = {c.type_id: c.value for c in screen.evaluation.totals}
    kind = next(t for t, name in screen.cost_names.items() if name.strip() == "pts")
    return names[kind]


def tops(roster: BsRoster) -> list[str]:
    return [s.name for s in roster.forces[0].selections]


async def opened(
    folders: Folders, pilot: Pilot[None], edition: str, build: Callable[[GameSystem], BsRoster]
) -> tuple[GameSystem, BsRoster]:
    """The edition loaded by the app's Library, the list built over it and written to a
    file, and the file opened as the home screen opens one."""
    app = pilot.app
    assert isinstance(app, WarbandApp)
    system = app.library.load_battlescribe(edition)
    roster = build(system)
    folders.saves.mkdir(parents=True, exist_ok=True)
    path = written(folders.saves, edition, roster, system)
    assert app.try_open(path) is None
    await pilot.pause()
    return system, roster


async def add(pilot: Pilot[None], typed: str) -> None:
    """``a``, the name typed into the picker's filter, Enter."""
    await keys(pilot, "a")
    assert isinstance(pilot.app.screen, AddDialog)
    await keys(pilot, typed, "enter")


def inside(app: WarbandApp, selection: Selection) -> list[str]:
    now = next(s for s in walk(builder(app).roster.forces[0].selections) if s.id == selection.id)
    return [s.name for s in now.selections]


@pytest.mark.skipif(not has_data(TENTH), reason=f"no {TENTH} in ../shared/bsdata")
async def test_a_space_marines_list_of_2000_points_is_built_on_in_the_builder(
    folders: Folders,
) -> None:
    games_folder(folders.catalogs)
    app = app_in(folders, offer_recovery=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        _, roster = await opened(folders, pilot, TENTH, space_marines)
        assert builder(app).roster == roster
        assert str(builder(app).sub_title).startswith(SPACE_MARINES)
        assert points(app) == 2000
        assert str(builder(app).query_one(BsStatusLine).content).startswith("✓ valid · 2000/2000")
        # On the force (the first row): a Redemptor Dreadnought, typed into the picker.
        assert at_cursor(app) is None
        await add(pilot, "redemptor")
        dread = at_cursor(app)
        assert dread is not None and dread.name == "Redemptor Dreadnought"
        assert tops(builder(app).roster) == [*tops(roster), "Redemptor Dreadnought"]
        assert points(app) == 2210
        assert not builder(app).evaluation.valid  # over the 2,000 points
        assert inside(app, dread) == [
            "Redemptor Fist",
            "Heavy Onslaught Gatling Cannon",
            "Heavy Flamer",
            "Twin Fragstorm Grenade Launcher",
        ]
        # Its wargear: a Macro Plasma Incinerator in, the Gatling Cannon out.
        await add(pilot, "macro plasma")
        assert at_cursor(app) == next(
            s for s in builder(app).roster.forces[0].selections if s.id == dread.id
        )
        await keys(pilot, "down", "down")
        cannon = at_cursor(app)
        assert cannon is not None and cannon.name == "Heavy Onslaught Gatling Cannon"
        await keys(pilot, "x")
        assert inside(app, dread) == [
            "Redemptor Fist",
            "Heavy Flamer",
            "Twin Fragstorm Grenade Launcher",
            "Macro Plasma Incinerator",
        ]
        messages = [f.message for f in builder(app).evaluation.findings]
        assert not any("Weapon Option 1" in m for m in messages), messages
        # Undo puts the Cannon back, and again takes the Dreadnought away.
        await keys(pilot, "ctrl+z")
        assert "Heavy Onslaught Gatling Cannon" in inside(app, dread)
        await keys(pilot, "ctrl+z", "ctrl+z")
        assert builder(app).roster == roster
        assert points(app) == 2000


@pytest.mark.skipif(not has_data(ELEVENTH), reason=f"no {ELEVENTH} in ../shared/bsdata")
async def test_a_necrons_list_of_the_11th_edition_is_built_on_in_the_builder(
    folders: Folders,
) -> None:
    games_folder(folders.catalogs)
    app = app_in(folders, offer_recovery=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        _, roster = await opened(folders, pilot, ELEVENTH, necrons)
        assert builder(app).roster == roster
        assert str(builder(app).sub_title).startswith(NECRONS)
        before = points(app)
        await add(pilot, "overlord")
        lord = at_cursor(app)
        assert lord is not None and lord.name == "Overlord"
        assert tops(builder(app).roster) == [*tops(roster), "Overlord"]
        assert points(app) == before + 90
        assert inside(app, lord) == ["Overlord's blade and tachyon arrow"]
        # His weapons: the Voidscythe in, the blade and tachyon arrow out.
        await add(pilot, "voidscythe")
        await keys(pilot, "down")
        blade = at_cursor(app)
        assert blade is not None and blade.name == "Overlord's blade and tachyon arrow"
        await keys(pilot, "x")
        assert inside(app, lord) == ["Voidscythe"]
        messages = [f.message for f in builder(app).evaluation.findings]
        assert not any("Weapons" in m for m in messages), messages
