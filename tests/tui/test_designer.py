"""Designing units in the builder, key by key, as a Steam Wars player would.

Steam Wars publishes no cost for a model, so every unit is designed: these tests
drive the designer (u, e on a designed entry, Shift+U) and check what a player
would: the card in the roster, each entry's points, the status line, the findings,
undo, and that a force designed this way saves as a legal list.
"""

from __future__ import annotations

import io
from pathlib import Path

from textual.widgets import OptionList, Static

from model.catalog.design import ModelGroup, UnitCard
from saves.roster_file import read_roster
from tests.tui.driver import Folders, app_in, builder_of, keys
from tui.cli import main
from tui.dialogs.choice import ChoiceDialog
from tui.dialogs.designer import DesignerDialog
from tui.screens.builder.screen import BuilderScreen
from tui.widgets.status_line import StatusLine

FIXTURE = Path(__file__).resolve().parent.parent / "fixtures" / "rosters" / "steam-wars"

EMPTY = """\
format = "warband.roster/1"
system = "steam-wars"
faction = "any"
name = "Iron Legion"
points_limit = 1000
"""

# Rifle Section, with the house table of catalogs/steam-wars/system.toml [design]
# (troops 1, a wound at RES 4 costs 4) and the published points of the rest:
#   Sergeant:   1 + 1 x 4 = 5 base + Rifle 7 + Bayonet 2 + Leader 4  = 18
#   Rifleman:   5 + Rifle 7 + Bayonet 2 = 14, x 4                      = 56
#   LMG gunner: 5 + Bayonet 2 + LMG 18                                 = 25
#   the unit: 18 + 56 + 25 = 99 points for 6 models
# At RES 5 a wound costs 6, so each model costs 2 more: 99 + 6 x 2 = 111.
RIFLE_SECTION = (
    "u",  # the designer, on a new one-model card, cursor on its name
    "enter", "Rifle Section", "enter",
    "down", "down", "down", "down", "enter", "Sergeant", "enter",  # group 1's name
    "w", "rifle", "enter", "bayonet", "enter", "escape",
    "b", "leader", "enter", "escape",
    "c", "enter", "Rifleman", "enter",  # a copy of the sergeant, renamed ...
    "b", "leader", "enter", "escape",  # ... without Leader (Enter drops what is taken)
    "plus", "plus", "plus",  # four of them
    "c", "enter", "LMG gunner", "enter", "minus", "minus", "minus",
    "w", "rifle", "minus", "lmg", "enter", "escape",  # a rifle swapped for the LMG
    "s",
)  # fmt: skip

RIFLE_CARD = UnitCard(
    name="Rifle Section",
    type="troops",
    res=4,
    models=(
        ModelGroup(name="Sergeant", weapons=("rifle", "bayonet"), abilities=("leader",)),
        ModelGroup(name="Rifleman", count=4, weapons=("rifle", "bayonet")),
        ModelGroup(name="LMG gunner", weapons=("bayonet", "lmg")),
    ),
)

# The rest of a legal 1000-point force (Steam Wars has no army lists, so legal means:
# every unit within its rules, at most one Sniper per complete 1000 points, no more
# than 1000 points). The examples come from the rulebook's sample profiles, each
# designed into the list's own card (e on an example entry) and saved as it is:
#   4 Rifle Sections (the card above, copied with c)        4 x  99 = 396
#   2 Heavy Infantry (example: 24 + 4 x 20 + 38)             2 x 142 = 284
#   2 Medium Tanks (example: 10 + 4 x 9 + Medium AP 24 + HMG 34) 2 x 104 = 208
#   Missile Launcher (example: support unit and crew)                   57
#   Marksman: 5 base + Sniper Rifle 15 + Sniper 2                       22
#   total                                                              967
REST_OF_THE_FORCE = (
    "c", "c",
    "slash", "heavy", "enter", "e", "s", "c",
    "slash", "medium tank", "enter", "e", "s", "c",
    "slash", "missile", "enter", "e", "s",
    "u", "enter", "Marksman", "enter",
    "w", "sniper rifle", "enter", "escape", "b", "sniper", "enter", "escape", "s",
)  # fmt: skip


def top(app: object) -> object:
    """The screen on top now (untyped, so each check looks afresh)."""
    return getattr(app, "screen", None)


def points_of(builder: BuilderScreen) -> list[tuple[str, int, int]]:
    """Each entry's unit, models and points."""
    return [
        (e.unit, e.models, p)
        for e, p in zip(builder.roster.units, builder.report.unit_points, strict=True)
    ]


async def test_design_edit_undo_and_a_legal_1000_point_force(tmp_path: Path) -> None:
    folders = Folders(tmp_path)
    path = folders.roster("iron-legion.toml", EMPTY)
    app = app_in(folders, open_path=path, offer_recovery=False)
    async with app.run_test(size=(100, 32)) as pilot:
        builder = builder_of(app)
        await keys(pilot, *RIFLE_SECTION)
        assert builder_of(app) is builder
        assert dict(builder.roster.cards) == {"rifle-section": RIFLE_CARD}
        assert points_of(builder) == [("rifle-section", 6, 99)]
        assert "99/1000 points" in str(builder.query_one(StatusLine).content)
        # the new design is offered in the unit list at once, like any unit
        offered = builder.query_one("#unit-list", OptionList)
        ids = [offered.get_option_at_index(i).id for i in range(offered.option_count)]
        assert "rifle-section" in ids
        # k keeps the card in the player's own catalog, for every new list
        await keys(pilot, "k")
        house = folders.catalogs / "steam-wars" / "house.toml"
        assert "[cards.rifle-section]" in house.read_text()

        # A card used by two entries: editing it changes both.
        await keys(pilot, "c", "e", "down", "down", "plus", "s")
        assert builder.roster.cards["rifle-section"].res == 5
        assert points_of(builder) == [("rifle-section", 6, 111)] * 2
        assert builder.report.points == 222
        await keys(pilot, "ctrl+z")
        assert builder.roster.cards["rifle-section"] == RIFLE_CARD
        assert builder.report.points == 198

        await keys(pilot, *REST_OF_THE_FORCE)
        assert [(u, p) for u, _, p in points_of(builder)] == [
            *[("rifle-section", 99)] * 4,
            *[("heavy-infantry-2", 142)] * 2,
            *[("medium-tank-2", 104)] * 2,
            ("missile-launcher-2", 57),
            ("marksman", 22),
        ]
        assert builder.roster.cards["medium-tank-2"].data == "house"  # ours, not the example
        assert builder.report.points == 967
        assert builder.report.findings == (), [f.message for f in builder.report.findings]
        await keys(pilot, "ctrl+s", "enter")  # the file it was opened from
        assert not builder.dirty

    out = io.StringIO()
    assert main(["validate", str(path)], out=out) == 0, out.getvalue()
    saved = read_roster(path)[0]
    assert 950 <= builder.report.points <= 1000
    fixture = read_roster(FIXTURE / "designed-1000.toml")[0]  # for battles started from it
    assert (fixture.cards, fixture.units) == (saved.cards, saved.units)


async def test_findings_live_in_the_designer_and_escape_asks(tmp_path: Path) -> None:
    folders = Folders(tmp_path)
    path = folders.roster("iron-legion.toml", EMPTY)
    app = app_in(folders, open_path=path, offer_recovery=False)
    async with app.run_test(size=(80, 24)) as pilot:
        builder = builder_of(app)
        # Two Marksmen in one unit: a Sniper too many for 1000 points (a list rule).
        await keys(pilot, "u", "down", "down", "down", "down", "w", "sniper rifle", "enter")
        await keys(pilot, "escape", "b", "sniper", "enter", "escape", "plus")
        dialog = app.screen
        assert isinstance(dialog, DesignerDialog)
        mine, added, card_points, _ = dialog.findings()
        assert card_points == 44  # 2 x (5 + 15 + 2)
        assert ([f.code for f in mine], added) == (["snipers-per-1000"], [])
        # Seven troops: more than an infantry unit may have (a rule about this unit).
        await keys(pilot, "plus", "plus", "plus", "plus", "plus")
        mine, added, _, _ = dialog.findings()
        assert "infantry-models" in [f.code for f in mine]
        shown = str(dialog.query_one("#design-cost", Static).content)
        assert "an infantry unit has at most 6" in shown
        assert "house points" in shown

        await keys(pilot, "escape")  # changes: it asks, and Escape keeps editing
        assert isinstance(top(app), ChoiceDialog)
        await keys(pilot, "escape")
        assert top(app) is dialog
        await keys(pilot, "escape", "tab", "enter")  # Drop them (Tab from Save, the default)
        assert builder_of(app) is builder
        assert builder.roster.units == () and not builder.roster.cards


def test_the_details_of_a_designed_unit_show_the_arithmetic_in_house_points() -> None:
    """`i` in the builder: a designed unit's groups and its cost worked out line by line."""
    from catalogs.library import Library
    from tui.details import unit_details

    view = Library().load("steam-wars").view("any")
    shown = unit_details(view, "light-tank").plain
    assert "house points" in shown
    # tracked 10 + 4 wounds x 9 (RES 6) = 46, + Light AP 11 = 57
    assert "base 10 (Tracked) + 4 wounds x 9 (RES 6) = 46" in shown
    assert "+ 11 Light AP" in shown
    assert "An example from the rulebook's sample profiles" in shown


async def test_k_asks_before_replacing_a_different_card_of_the_id(tmp_path: Path) -> None:
    """The house file keeps another 'rifle-section' (a Pike Section): k asks, Cancel
    leaves the file as it was, Replace replaces it and keeps the file as house.toml.bak."""
    from textual.widgets import Button

    from model.roster.roster import Roster, RosterUnit
    from saves.house_file import house_path, read_house, save_card
    from saves.roster_file import write_roster

    folders = Folders(tmp_path)
    pikes = RIFLE_CARD.model_copy(update={"name": "Pike Section"})
    house = save_card(folders.catalogs, "steam-wars", "rifle-section", pikes)
    kept = house.read_bytes()
    path = folders.saves / "iron-legion.toml"
    path.parent.mkdir(parents=True)
    roster = Roster(
        system="steam-wars",
        faction="any",
        name="Iron Legion",
        points_limit=1000,
        cards={"rifle-section": RIFLE_CARD},  # type: ignore[arg-type]
        units=(RosterUnit(unit="rifle-section", models=6),),
    )
    write_roster(path, roster)
    app = app_in(folders, open_path=path, offer_recovery=False)
    async with app.run_test(size=(100, 32)) as pilot:
        await keys(pilot, "k")
        dialog = top(app)
        assert isinstance(dialog, ChoiceDialog), dialog
        assert dialog.title_text == "Replace the card 'Pike Section'?"
        assert str(house) in dialog.message and "'Rifle Section'" in dialog.message
        await keys(pilot, "escape")
        assert house.read_bytes() == kept
        await keys(pilot, "k")
        dialog = top(app)
        assert isinstance(dialog, ChoiceDialog)
        await pilot.click(dialog.query_one("#choice-replace", Button))
        await pilot.pause()
        assert read_house(house).cards["rifle-section"] == RIFLE_CARD
        assert house.with_name("house.toml.bak").read_bytes() == kept
        await keys(pilot, "k")  # the same card now: kept again without a question
        assert isinstance(top(app), BuilderScreen)
    assert house == house_path(folders.catalogs, "steam-wars")
