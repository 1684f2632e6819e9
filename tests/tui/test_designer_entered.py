"""Writing Steampocalypse 1909 unit cards in the builder, key by key.

The rules print a PV on each unit card but publish no cards, so a player writes
them: u opens a form (name, one field per stat, PV, special ability, "named unit"),
each key shows the card's PV, the list's total and the rules it breaks; e edits a
card, k keeps it in the player's own catalog, and ``warband card`` prints it. The
system is the fixture tests/fixtures/catalogs/steampocalypse-mini, laid in the user
catalog folder (stats MOV HPT RCB RNG CCB DEF WIL OF; HPT and OF 1 or more; one
officer of each rank; 50 PV).
"""

from __future__ import annotations

import io
import shutil
from pathlib import Path

from textual.widgets import Button, Input, OptionList, Static

from model.catalog.design import UnitCard
from model.roster.roster import Roster, RosterUnit
from tests.conftest import FIXTURES
from tests.helpers import fixture_catalog
from tests.tui.driver import Folders, app_in, builder_of, keys
from tui.cli import main
from tui.details import unit_details
from tui.dialogs.designer import DesignerDialog
from tui.widgets.status_line import StatusLine

EMPTY = """\
format = "warband.roster/1"
system = "steampocalypse-mini"
faction = "bac"
name = "Brass"
points_limit = 50
"""

HARDY = UnitCard.model_validate(
    {
        "name": "Captain Hardy",
        "stats": {"MOV": 4, "HPT": 3, "RCB": 2, "RNG": 12, "CCB": 3, "DEF": 3, "WIL": 4, "OF": 2},
        "points": 12,
        "special": "Leads from the front",
        "abilities": ["reach"],
    }
)


def officer_keys(name: str, rank: str, pv: str) -> tuple[str, ...]:
    """u, then every field of the form in order (Tab between them)."""
    return (
        "u", name,
        "tab", "4", "tab", "3", "tab", "2", "tab", "12", "tab", "3",  # MOV HPT RCB RNG CCB
        "tab", "3", "tab", "4", "tab", rank,  # DEF WIL OF
        "tab", pv, "tab", "Leads from the front",  # PV, SP
        "tab", "enter", "reach", "enter", "escape",  # abilities of the catalog: Reach
    )  # fmt: skip


def designer_of(app: object) -> DesignerDialog:
    screen = getattr(app, "screen", None)
    assert isinstance(screen, DesignerDialog), screen
    return screen


def shown(dialog: DesignerDialog, selector: str) -> str:
    return str(dialog.query_one(selector, Static).content)


def folders_with_mini(tmp_path: Path) -> Folders:
    folders = Folders(tmp_path)
    shutil.copytree(
        FIXTURES / "catalogs" / "steampocalypse-mini", folders.catalogs / "steampocalypse-mini"
    )
    return folders


async def test_write_an_officer_card_see_the_rank_rule_and_edit_it(tmp_path: Path) -> None:
    folders = folders_with_mini(tmp_path)
    path = folders.roster("brass.toml", EMPTY)
    app = app_in(folders, open_path=path, offer_recovery=False)
    async with app.run_test(size=(100, 32)) as pilot:
        builder = builder_of(app)
        await keys(pilot, *officer_keys("Captain Hardy", "2", "12"))
        dialog = designer_of(app)
        # the form's card, its PV and what the list rules count it as, before it is saved
        assert dialog.card == HARDY
        panel = shown(dialog, "#design-cost")
        assert "12 PV" in panel and "List: 12/50 PV" in panel
        assert "Counts as: officer" in panel
        assert str(dialog.query_one("#design-abilities", Button).label) == "Reach"
        assert "PV 12, as entered on the card" in panel
        await keys(pilot, "ctrl+s")
        assert builder_of(app) is builder
        assert dict(builder.roster.cards) == {"captain-hardy": HARDY}
        assert [(e.unit, e.models) for e in builder.roster.units] == [("captain-hardy", 1)]
        assert builder.report.unit_points == (12,)
        assert "12/50 PV" in str(builder.query_one(StatusLine).content)
        offered = builder.query_one("#unit-list", OptionList)
        ids = [offered.get_option_at_index(i).id for i in range(offered.option_count)]
        assert "captain-hardy" in ids

        # A second officer of rank 2: the designer shows the rank rule at once ...
        await keys(pilot, *officer_keys("Captain Soames", "2", "10"))
        dialog = designer_of(app)
        mine, _, card_points, listed = dialog.findings()
        assert (card_points, listed) == (10, 22)
        assert [f.code for f in mine] == ["one-officer-per-rank"]
        assert "2 officers of rank OF 2" in shown(dialog, "#design-cost")
        await keys(pilot, "ctrl+s")  # ... and the list keeps it once saved
        assert builder.report.points == 22
        assert [f.code for f in builder.report.findings] == ["one-officer-per-rank"]

        # e edits the selected card: Soames becomes rank 3, and the rule is met
        await keys(pilot, "e")
        dialog = designer_of(app)
        assert dialog.query_one("#design-name", Input).value == "Captain Soames"
        assert dialog.query_one("#design-stat-OF", Input).value == "2"
        dialog.query_one("#design-stat-OF", Input).focus()
        await keys(pilot, "3", "ctrl+s")
        assert builder_of(app) is builder
        assert builder.roster.cards["captain-soames"].stats["OF"] == 3
        assert builder.report.findings == ()
        assert builder.report.points == 22

        # k keeps the selected card in the player's own catalog
        await keys(pilot, "k")
        house = folders.catalogs / "steampocalypse-mini" / "house.toml"
        assert "[cards.captain-soames]" in house.read_text()
        assert "OF = 3" in house.read_text()


async def test_mistakes_are_named_beside_their_field_and_block_saving(tmp_path: Path) -> None:
    folders = folders_with_mini(tmp_path)
    path = folders.roster("brass.toml", EMPTY)
    app = app_in(folders, open_path=path, offer_recovery=False)
    async with app.run_test(size=(100, 32)) as pilot:
        builder = builder_of(app)
        await keys(pilot, "u", "Rifleman", "tab", "x", "tab", "0")
        dialog = designer_of(app)
        assert shown(dialog, "#note-stat-MOV") == "MOV: type a whole number from -1,000 to 1,000"
        assert shown(dialog, "#note-stat-HPT") == "HPT 0: it is 1 or more"
        assert dialog.query_one("#note-stat-HPT").has_class("error")
        # a field still empty only shows the values it takes
        assert shown(dialog, "#note-stat-RCB") == "0 or more"
        assert not dialog.query_one("#note-stat-RCB").has_class("error")
        await keys(pilot, "ctrl+s")
        assert designer_of(app) is dialog  # not saved
        # mended: every stat, no rank (not an officer), a PV
        await keys(pilot, "shift+tab", "4", "tab", "2")
        for value in ("2", "10", "1", "1", "2"):  # RCB RNG CCB DEF WIL
            await keys(pilot, "tab", value)
        await keys(pilot, "tab", "tab", "5")  # OF left empty, PV 5
        assert shown(dialog, "#note-stat-MOV") == "0 or more"
        assert dialog.card.stats == {
            "MOV": 4,
            "HPT": 2,
            "RCB": 2,
            "RNG": 10,
            "CCB": 1,
            "DEF": 1,
            "WIL": 2,
        }
        panel = shown(dialog, "#design-cost")
        assert "5 PV" in panel and "Counts as" not in panel
        mine, _, card_points, listed = dialog.findings()
        assert (mine, card_points, listed) == ([], 5, 5)
        await keys(pilot, "ctrl+s")
        assert builder_of(app) is builder
        assert builder.roster.cards["rifleman"].points == 5
        assert [f.code for f in builder.report.findings] == ["an-officer"]  # no officer yet


def test_the_card_command_prints_the_card_as_written(tmp_path: Path) -> None:
    folders = folders_with_mini(tmp_path)
    path = folders.roster(
        "brass.toml",
        EMPTY
        + '\n[cards.captain-hardy]\nname = "Captain Hardy"\n'
        + "stats = { MOV = 4, HPT = 3, RCB = 2, RNG = 12, CCB = 3, DEF = 3, WIL = 4, OF = 2 }\n"
        + 'points = 12\nspecial = "Leads from the front"\nabilities = ["reach"]\nnamed = true\n'
        + '\n[[units]]\nunit = "captain-hardy"\n',
    )
    out = io.StringIO()
    assert main(["--catalog-dir", str(folders.catalogs), "card", str(path)], out=out) == 0
    assert out.getvalue().splitlines() == [
        "Captain Hardy [captain-hardy]: 12 PV",
        "  MOV 4 · HPT 3 · RCB 2 · RNG 12 · CCB 3 · DEF 3 · WIL 4 · OF 2",
        "  SP: Leads from the front",
        "  Abilities: Reach",
        "  Counts as: named, officer",
        "  PV 12, as entered on the card",
    ]


def test_the_details_show_the_card_its_special_ability_and_what_it_counts_as() -> None:
    """`i` in the builder on a card: the profile, the SP text, the abilities with their
    summaries, the tags the list rules count and the PV line."""
    roster = Roster(
        system="steampocalypse-mini",
        faction="bac",
        name="Brass",
        points_limit=50,
        cards={"captain-hardy": HARDY},  # type: ignore[arg-type]
        units=(RosterUnit(unit="captain-hardy"),),
    )
    view = fixture_catalog("steampocalypse-mini").view("bac").with_cards(roster.cards)
    assert unit_details(view, "captain-hardy").plain.splitlines() == [
        "Captain Hardy  12 PV",
        "MOV 4 · HPT 3 · RCB 2 · RNG 12 · CCB 3 · DEF 3 · WIL 4 · OF 2",
        "SP: Leads from the front",
        'Reach: Fights in close combat from further than 1/2".',
        "Counts as: officer",
        "The rules publish no unit cards: this one was written by a player.",
        "",
        "Cost (PV):",
        "  PV 12, as entered on the card",
    ]
