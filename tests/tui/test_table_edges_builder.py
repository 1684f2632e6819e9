"""The builder's rough edges at the table.

At 80 columns its footer has F1 first and every key of a build, Share (s) included;
Enter on a finding about the whole list (the points limit) says so instead of seeming
to do nothing; the toasts of edits replace each other instead of stacking, and only
mention equipping where there is something to equip.

History: issue 16.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

import pytest
from textual.pilot import Pilot
from textual.widgets import OptionList

from tests.conftest import FIXTURES
from tests.tui.driver import Folders, app_in, builder_of, keys
from tui.app import WarbandApp
from tui.dialogs.designer import DesignerDialog
from tui.dialogs.equip import EquipDialog
from tui.dialogs.pick import PickDialog
from tui.screens.builder.screen import BuilderScreen
from tui.textual_private import FooterKey
from tui.widgets.roster_tree import RosterTree
from tui.widgets.status_line import StatusLine

ROSTERS = FIXTURES / "rosters"


@asynccontextmanager
async def building(
    path: Path, tmp_path: Path, size: tuple[int, int]
) -> AsyncIterator[tuple[WarbandApp, Pilot[None], BuilderScreen]]:
    """The list at ``path`` open in the builder, at ``size``, settled."""
    app = app_in(Folders(tmp_path), open_path=path, offer_recovery=False)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        yield app, pilot, builder_of(app)


def toasts(app: object, start: str) -> list[str]:
    shown = app._notifications  # type: ignore[attr-defined]
    return [n.message for n in shown if n.message.startswith(start)]


@pytest.mark.parametrize(
    "roster",
    ["gangers/legal-500", "steam-wars/designed-1000", "reikhammer/iron-line"],
)
async def test_the_builders_keys_fit_in_80_columns(roster: str, tmp_path: Path) -> None:
    async with building(ROSTERS / f"{roster}.toml", tmp_path, (80, 24)) as (app, _pilot, _builder):
        footer_keys = sorted(app.screen.query(FooterKey), key=lambda k: k.region.x)
        palette = [k for k in footer_keys if k.has_class("-command-palette")]
        edge = palette[0].region.x
        shown = [k.action for k in footer_keys if k.region.width and k.region.right <= edge]
        assert shown[0] == "help"
        for action in ("add_unit", "equip", "remove", "undo", "save", "sheet", "share"):
            assert action in shown, (action, shown)


async def test_enter_on_a_finding_about_the_whole_list_says_so(tmp_path: Path) -> None:
    path = ROSTERS / "steampocalypse-1909" / "over-50.toml"
    async with building(path, tmp_path, (100, 32)) as (app, pilot, builder):
        assert [f.code for f in builder.report.findings] == ["pv-limit"]
        selected = builder.selected
        await keys(pilot, "f", "enter")
        said = toasts(app, builder.report.findings[0].message)
        assert len(said) == 1 and "whole list" in said[0], said
        assert builder.selected == selected
        await keys(pilot, "f", "enter")  # again: still one toast
        assert len(toasts(app, builder.report.findings[0].message)) == 1


async def test_added_units_say_so_once_and_only_offer_equipping_what_has_options(
    tmp_path: Path,
) -> None:
    path = ROSTERS / "steampocalypse-1909" / "legal-50.toml"
    async with building(path, tmp_path, (100, 32)) as (app, pilot, builder):
        view = builder.view
        plain = [uid for uid, _ in view.iter_units() if not view.option_groups(uid)]
        assert plain, "Steampocalypse 1909 has units with nothing to equip"
        for _ in range(5):
            builder.add_unit(plain[0])
        await pilot.pause()
        added = toasts(app, "Added")
        assert len(added) == 1, added
        assert "equip" not in added[0]


async def test_an_item_taken_as_often_as_it_may_be_does_not_read_as_an_error(
    tmp_path: Path,
) -> None:
    """Gangers: the Chief carries a rifle; a model holds one weapon of its kind."""
    path = ROSTERS / "gangers" / "legal-500.toml"
    async with building(path, tmp_path, (100, 32)) as (app, pilot, builder):
        builder.selected = 0
        builder.refresh_view()
        await keys(pilot, "e")
        dialog = app.screen
        assert isinstance(dialog, EquipDialog)
        taken = [o for o in dialog.options if o.count and not o.allowed]
        assert taken, "the Chief has an item it may take no more of"
        listing = dialog.query_one("#equip-options", OptionList)
        labels = [str(listing.get_option_at_index(i).prompt) for i in range(listing.option_count)]
        name = builder.view.items[taken[0].item_id].name
        line = next(x for x in labels if name in x and x.startswith(f"[{taken[0].count}]"))
        assert "no more" in line and "not now" not in line, line


async def test_the_designers_res_picker_opens_on_the_cards_res(tmp_path: Path) -> None:
    """The designer's RES picker opens on the card's RES. History: it always opened on the
    first RES (3), whatever the card had."""
    path = ROSTERS / "steam-wars" / "designed-1000.toml"
    async with building(path, tmp_path, (100, 32)) as (app, pilot, _builder):
        await keys(pilot, "u", "down", "down")  # a new card: its name, type, then RES
        designer = app.screen
        assert isinstance(designer, DesignerDialog)
        for _ in range(2):
            res = designer.card.res
            await keys(pilot, "enter")
            picker = app.screen
            assert isinstance(picker, PickDialog)
            listing = picker.query_one("#pick", OptionList)
            assert listing.highlighted is not None
            assert picker.choices[listing.highlighted][1] == res
            await keys(pilot, "down", "enter")  # the next RES up
            assert designer.card.res != res


@pytest.mark.parametrize(
    ("roster", "priced"), [("reikhammer/iron-line", False), ("gangers/legal-500", True)]
)
async def test_the_builder_shows_points_only_where_the_game_has_them(
    roster: str, priced: bool, tmp_path: Path
) -> None:
    """Reikhammer publishes no points, and its list shows none; Punkapocalyptic's shows its
    points. History: Reikhammer read "0/1 points" and "0 points" per entry."""
    async with building(ROSTERS / f"{roster}.toml", tmp_path, (100, 32)) as (_app, _pilot, builder):
        status = str(builder.query_one(StatusLine).content)
        assert ("points" in status) == priced, status
        tree = builder.query_one(RosterTree)
        first = str(tree.root.children[0].label)
        assert ("points" in first) == priced, first


async def test_steampocalypse_shows_its_points_once(tmp_path: Path) -> None:
    """The status line shows Steampocalypse's points once: "50/50 PV", not the points-limit
    rule's own count again with the other counts. History: it read "50/50 PV · PV 50/50":
    the points-limit rule's own count, labelled PV, was shown again with the other
    counts."""
    path = ROSTERS / "steampocalypse-1909" / "legal-50.toml"
    async with building(path, tmp_path, (100, 32)) as (app, _pilot, _builder):
        status = str(builder_of(app).query_one(StatusLine).content)
        assert status.count("50/50") == 1 and "PV 50/50" not in status, status
