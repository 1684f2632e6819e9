"""Building lists in the app, key by key, as a player would, and checking the files."""

from __future__ import annotations

import io
import json
from pathlib import Path

from model.roster.validate import validate
from saves.roster_file import read_roster, resolve
from tests.tui.driver import Folders, app_in, builder_of, keys, new_list
from tui.cli import main
from tui.widgets.status_line import StatusLine

# The README's quick tour: a legal 500-point Gangers band (points worked out by hand):
#   Chief 70 + rifle 8 + metallic armor 10 + 2 bullets 30 + grumpy cat 10     = 128
#   Badass 40 + shotgun 6 + medium blade 10 + bullet 15                      =  71
#   Brute 40 + heavy mace 6                                                  =  46
#   Ganger 30 + pistol 5 + bullet 15                                         =  50
#   Ganger 30 + bow 10                                                       =  40
#   Ganger 30 + crossbow 8                                                   =  38
#   Ganger 30 + mace 5                                                       =  35
#   Scumbag 20 + throwing knives 3                                           =  23
#   Scumbag 20 + light mace 3                                                =  23
#   Scumbag 20 + small blade 4                                               =  24
#   total 478 points, 10 miniatures
GANGERS_TOUR = (
    ("chief", ("rifle", "metal", "bullet", "enter", "grumpy")),
    ("badass", ("shotgun", "medium", "bullet")),
    ("brute", ("heavy mace",)),
    ("ganger", ("pistol", "bullet")),
    ("ganger", ("bow",)),
    ("ganger", ("crossbow",)),
    ("ganger", ("mace",)),
    ("scumbag", ("throwing",)),
    ("scumbag", ("light",)),
    ("scumbag", ("small",)),
)


def tour_keys(band: tuple[tuple[str, tuple[str, ...]], ...]) -> list[str]:
    """Keys for: search a unit, Enter adds it, e equips, type each item and Enter."""
    out: list[str] = []
    for unit, items in band:
        out += ["slash", unit, "enter", "e"]
        for item in items:
            out += [item] if item == "enter" else [item, "enter"]
        out.append("escape")
    return out


def validate_json(path: Path) -> tuple[int, dict[str, object]]:
    out = io.StringIO()
    code = main(["validate", "--json", str(path)], out=out)
    return code, json.loads(out.getvalue())


async def test_a_legal_500_point_gangers_band_key_by_key(tmp_path: Path) -> None:
    folders = Folders(tmp_path)
    app = app_in(folders, offer_recovery=False)
    async with app.run_test(size=(100, 32)) as pilot:
        await new_list(pilot, "g")
        builder = builder_of(app)
        assert (builder.roster.faction, builder.roster.points_limit) == ("gangers", 500)
        await keys(pilot, *tour_keys(GANGERS_TOUR))
        assert builder.report.points == 478
        assert builder.report.valid, [f.message for f in builder.report.findings]
        assert builder.report.findings == ()
        status = builder.query_one(StatusLine).content
        assert str(status) == (  # as the README's quick tour quotes it
            "✓ valid · 478/500 points · Miniatures 10/15 · Rare: Rifle 1/3, Shotgun 1/3, Pistol 1/3"
        )
        await keys(pilot, "ctrl+s", "enter")  # the save dialog offers saves/gangers.toml
        saved = folders.saves / "gangers.toml"
        assert saved.is_file()
        assert not builder.dirty
        shown_points = builder.report.points
    roster, source = read_roster(saved)
    from catalogs.library import Library

    view = resolve(roster, source, Library(folders.catalogs).load)
    assert validate(view, roster).points == shown_points
    code, report = validate_json(saved)
    assert (code, report["points"], report["valid"]) == (0, 478, True)


async def test_a_mutards_band_with_addler_packs(tmp_path: Path) -> None:
    """Bobblehead 80 + small blade 4 (84); addler packs of 5 (30) and 3 (18); Mutard 12 +
    hunk 10 + claws 2 (24); Mutard 12 + runner 10 + thorns 6 (28): 184 points."""
    folders = Folders(tmp_path)
    app = app_in(folders, offer_recovery=False)
    async with app.run_test(size=(100, 32)) as pilot:
        await new_list(pilot, "m")
        builder = builder_of(app)
        assert builder.roster.faction == "mutards"
        band = (
            ("bobblehead", ("small",)),
            ("mutard", ("hunk", "claws")),
            ("mutard", ("runner", "thorns")),
        )
        await keys(pilot, *tour_keys(band))
        # two packs, each sized with m (models): 5 and 3 addlers
        for size in ("5", "3"):
            await keys(pilot, "slash", "addler", "enter", "m", "backspace", size, "enter")
        roster = builder.roster
        # each new entry goes below the selected one, here the end of the list
        assert [(u.unit, u.models) for u in roster.units] == [
            ("bobblehead", 1),
            ("mutard", 1),
            ("mutard", 1),
            ("addler", 5),
            ("addler", 3),
        ]
        assert builder.report.points == 184
        assert builder.report.valid, [f.message for f in builder.report.findings]
        miniatures = [t for t in builder.report.tallies if t.label == "Miniatures"]
        assert [(t.value, t.max) for t in miniatures] == [(5, 15)]
        await keys(pilot, "ctrl+s", "enter")
    code, report = validate_json(folders.saves / "mutards.toml")
    assert (code, report["points"], report["models"]) == (0, 184, 11)


async def test_undo_and_redo(tmp_path: Path) -> None:
    app = app_in(Folders(tmp_path), offer_recovery=False)
    async with app.run_test(size=(100, 32)) as pilot:
        await new_list(pilot, "g")
        builder = builder_of(app)
        await keys(pilot, "slash", "chief", "enter", "e", "rifle", "enter", "escape")
        with_rifle = builder.roster
        await keys(pilot, "slash", "ganger", "enter")
        assert len(builder.roster.units) == 2
        await keys(pilot, "ctrl+z")
        assert builder.roster == with_rifle
        await keys(pilot, "ctrl+z")
        assert dict(builder.roster.units[0].items) == {}
        await keys(pilot, "ctrl+y", "ctrl+y")
        assert len(builder.roster.units) == 2
        assert builder.check_action("redo", ()) is None  # nothing left to redo: dimmed


async def test_an_edit_after_an_undo_cannot_be_redone_over(tmp_path: Path) -> None:
    """Chief, then a Ganger; undo the Ganger; add a Scumbag: the Ganger is gone for good,
    Ctrl+Y changes nothing, and undo goes back through the Scumbag to the Chief alone."""
    app = app_in(Folders(tmp_path), offer_recovery=False)
    async with app.run_test(size=(100, 32)) as pilot:
        await new_list(pilot, "g")
        builder = builder_of(app)
        await keys(pilot, "slash", "chief", "enter")
        await keys(pilot, "slash", "ganger", "enter")
        assert [u.unit for u in builder.roster.units] == ["chief", "ganger"]
        await keys(pilot, "ctrl+z")
        assert [u.unit for u in builder.roster.units] == ["chief"]
        assert builder.check_action("redo", ()) is True  # the Ganger could come back now
        await keys(pilot, "slash", "scumbag", "enter")
        with_scumbag = builder.roster
        assert [u.unit for u in with_scumbag.units] == ["chief", "scumbag"]
        assert builder.check_action("redo", ()) is None  # the new edit dropped the Ganger
        await keys(pilot, "ctrl+y")
        assert builder.roster == with_scumbag
        await keys(pilot, "ctrl+z")
        assert [u.unit for u in builder.roster.units] == ["chief"]
        await keys(pilot, "ctrl+y")
        assert builder.roster == with_scumbag


async def test_an_illegal_edit_shows_its_finding_and_jumps_to_the_unit(tmp_path: Path) -> None:
    app = app_in(Folders(tmp_path), offer_recovery=False)
    async with app.run_test(size=(100, 32)) as pilot:
        await new_list(pilot, "g")
        builder = builder_of(app)
        await keys(pilot, "slash", "chief", "enter", "e", "mace", "enter", "escape")
        await keys(pilot, "slash", "ganger", "enter", "e", "mace", "enter", "escape")
        await keys(pilot, "slash", "chief", "enter", "e", "mace", "enter", "escape")
        assert [f.code for f in builder.report.findings] == ["one-chief"]
        assert builder.report.findings[0].message == (
            "2 Chiefs in the band (a personality who counts as the Chief included); "
            "a band has one at most: remove 1"
        )
        await keys(pilot, "up", "up")  # the cursor goes elsewhere first
        await keys(pilot, "f", "enter")
        assert builder.selected == 2
        assert app.focused is builder.query_one("#roster")
        await keys(pilot, "x")
        assert builder.report.valid
