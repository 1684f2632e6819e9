"""The builder's ``+`` and ``-`` on collective selections, driven like a person.

A small game (written to the user catalog folder): a Squad holds Troopers (10 pts), a
Trooper a collective Rifle (5 pts). A Trooper taken twice holds 2 Rifles, one each
(``model/bsdata/SEMANTICS.md``, "Collective entries and numbers"); ``+`` on the Rifle adds
one per model, and ``-`` never takes it below one per model.
"""

from __future__ import annotations

from tests.model.bsdata.xml_fixtures import FORCE, cat, cost, entry, gst
from tests.tui.driver import Folders, app_in, keys
from tests.tui.test_bsbuilder import add, builder, cursor_name, rows, run

RIFLE = entry("rifle", "Rifle", cost(5)).replace(">", ' collective="true">', 1)
TROOPER = entry("trooper", "Trooper", cost(10) + f"<selectionEntries>{RIFLE}</selectionEntries>")
SQUAD = entry("squad", "Squad", f"<selectionEntries>{TROOPER}</selectionEntries>", kind="unit")


async def test_plus_and_minus_keep_a_collective_rifle_one_per_trooper(folders: Folders) -> None:
    game = folders.catalogs / "squads"
    game.mkdir(parents=True)
    (game / "squads.gst").write_text(gst(FORCE), encoding="utf-8")
    (game / "squads.cat").write_text(
        cat(f"<selectionEntries>{SQUAD}</selectionEntries>", name="Squads"), encoding="utf-8"
    )
    path = folders.saves / "squad.toml"
    code, _ = run(
        "--catalog-dir", str(folders.catalogs), "new", "squads", "squads", "-o", str(path)
    )
    assert code == 0
    app = app_in(folders, open_path=path, offer_recovery=False)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        await add(pilot, "squad")
        await add(pilot, "trooper")
        await keys(pilot, "down")
        assert cursor_name(app) == "Trooper"
        await add(pilot, "rifle")
        await keys(pilot, "plus")  # two Troopers: a Rifle each
        assert rows(app)[2:] == ["    2x Trooper  20 pts", "      2x Rifle  10 pts"]
        await keys(pilot, "down")
        assert cursor_name(app) == "Rifle"
        before = builder(app).roster
        await keys(pilot, "minus")  # one per Trooper is the fewest
        assert builder(app).roster is before
        await keys(pilot, "plus")  # two per Trooper
        assert rows(app)[3] == "      4x Rifle  20 pts"
        await keys(pilot, "minus")
        assert rows(app)[3] == "      2x Rifle  10 pts"
