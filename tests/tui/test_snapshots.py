"""Snapshot tests: every screen of warband as a person sees it, at two terminal sizes.

Each test starts the app on the fixture catalogs in ``tests/fixtures/ui-catalogs``
(never the bundled data, so catalog edits cannot break a snapshot), with every
folder in a temporary folder, a pinned theme, no animations and no blinking
cursor, and takes its screenshot at 100x32 and at 80x24. Each test's docstring
says what a reviewer should look at in its SVGs
(``__snapshots__/test_snapshots/<Class>.<test>[<size>].svg``).

To accept a change: run ``pytest tests/tui/test_snapshots.py``, open
``snapshot_report.html`` and look at every difference, and only then run it again
with ``--snapshot-update`` (refused under other Textual versions; see conftest).
"""

from __future__ import annotations

import shutil
from collections.abc import Awaitable, Callable, Iterable
from pathlib import Path
from typing import Any, Protocol

import pytest
from textual.app import App
from textual.pilot import Pilot

from catalogs.locations import bundled_dir
from tests.catalogs.gallery_server import GalleryServer, newer
from tests.tui.driver import Folders
from tui.app import WarbandApp, make_app

pytestmark = pytest.mark.usefixtures("no_blink")

UI_CATALOGS = Path(__file__).resolve().parent.parent / "fixtures" / "ui-catalogs"
PUNKAPOCALYPTIC = bundled_dir() / "punkapocalyptic"
"""The fixture game system ``skirmish``, made for these snapshots."""

Size = tuple[int, int]
SIZES = pytest.mark.parametrize(
    "size", [pytest.param((100, 32), id="100x32"), pytest.param((80, 24), id="80x24")]
)
"""Every visual state at a roomy terminal and at the classic 80x24."""

RunBefore = Callable[[Pilot[None]], Awaitable[None]]


class SnapCompare(Protocol):
    """The ``snap_compare`` fixture of pytest-textual-snapshot, typed."""

    def __call__(
        self,
        app: App[Any],
        press: Iterable[str] = (),
        terminal_size: Size = (80, 24),
        run_before: RunBefore | None = None,
    ) -> bool: ...


# --- fixture lists ------------------------------------------------------------------------------

EMPTY = """\
format = "warband.roster/1"
system = "skirmish"
faction = "red-company"
name = "Red Raiders"
points_limit = 200
"""

# Valid: 214 of 250 points. Captain 40 + sword 5 + mail 10; Soldier 20 + crossbow 9 +
# shield 4; Hound pack 3 x 12; War wagon 90 (example data, comes with a crossbow).
# Miniatures 4/12, Limited: Crossbow 2/2.
SHEET = """\
format = "warband.roster/1"
system = "skirmish"
faction = "red-company"
name = "Red Raiders"
points_limit = 250

[[units]]
unit = "captain"
name = "Red Rook"
items = { sword = 1, mail = 1 }

[[units]]
unit = "soldier"
items = { crossbow = 1, shield = 1 }

[[units]]
unit = "hounds"
models = 3

[[units]]
unit = "war-wagon"
"""

# Breaks four rules and trips one warning: 282 of 200 points; two Captains (one
# leader at most); a Soldier with two Heavy weapons; three crossbows (Limited: two);
# a banner beside a Heavy weapon (warning).
FINDINGS = """\
format = "warband.roster/1"
system = "skirmish"
faction = "red-company"
name = "Too Many Cooks"
points_limit = 200

[[units]]
unit = "captain"
name = "Red Rook"
items = { sword = 1, mail = 1 }

[[units]]
unit = "captain"
items = { great-axe = 1 }

[[units]]
unit = "soldier"
items = { great-axe = 1, bow = 1 }

[[units]]
unit = "soldier"
items = { crossbow = 1, banner = 1 }

[[units]]
unit = "soldier"
items = { crossbow = 1 }

[[units]]
unit = "soldier"
items = { crossbow = 1 }

[[units]]
unit = "hounds"
models = 4
"""

# --- key sequences ------------------------------------------------------------------------------

NEW_RED_COMPANY = ("n", "enter", "down", "enter", "tab", "enter", "enter")
"""Home -> new list: open the faction list, pick Red Company (the second), keep the
usual limit (200) and the faction's name."""

BUILD = (
    # Captain: a sword and mail.
    "enter", "e", "enter", "down", "down", "down", "enter", "escape",
    # Soldier: a crossbow and a shield.
    "down", "enter", "e", "down", "down", "down", "enter", "down", "down", "enter", "escape",
    # Hound pack, three of them.
    "down", "enter", "m", "3", "enter",
)  # fmt: skip
"""From the empty builder: three units added and equipped with the keys a player uses."""

# --- helpers ------------------------------------------------------------------------------------


@pytest.fixture
def folders(tmp_path: Path) -> Folders:
    folders = Folders(tmp_path)
    folders.catalogs.mkdir()
    return folders


def app_on(
    folders: Folders,
    open_path: Path | None = None,
    battle_path: Path | None = None,
    bundled: Path = UI_CATALOGS,
) -> WarbandApp:
    """warband on the fixture catalogs, pinned theme, no animations, no recovery offers."""
    app = make_app(
        catalog_dir=folders.catalogs,
        bundled_dir=bundled,
        saves_dir=folders.saves,
        config_dir=folders.config,
        open_path=open_path,
        battle_path=battle_path,
        theme="textual-dark",
        offer_recovery=False,
    )
    app.animation_level = "none"
    return app


def pressing(*keys: str, wait_for_workers: bool = True) -> RunBefore:
    """Press keys one at a time, letting the app settle after each, then clear the
    toasts ("Added Captain ...") that would otherwise be timing-dependent.

    Pass wait_for_workers=False when the last key opens a dialog from a worker
    (the tracker's action list): that worker waits for the dialog's answer, so
    waiting for it would never end."""

    async def run(pilot: Pilot[None]) -> None:
        await pilot.pause()
        for key in keys:
            await pilot.press(key)
            await pilot.pause()
        if wait_for_workers:
            await pilot.app.workers.wait_for_complete()
        pilot.app.clear_notifications()
        await pilot.pause()

    return run


@pytest.fixture
def recent_files(folders: Folders) -> tuple[Path, ...]:
    """Settings listing three recent files: two that exist and one that is gone.

    They live in the saves folder, which the home screen shows as "saves", so the
    temporary folder's random name never reaches a snapshot."""
    present = (
        folders.roster("red-raiders.toml", SHEET),
        folders.roster("tournaments/autumn-league-2026/too-many-cooks.toml", FINDINGS),
    )
    gone = folders.saves / "old-campaign.toml"
    recent = (*present, gone)
    settings = 'format = "warband.settings/1"\nrecent = [\n'
    settings += "".join(f'    "{path}",\n' for path in recent) + "]\n"
    folders.config.mkdir(parents=True, exist_ok=True)
    (folders.config / "settings.toml").write_text(settings, encoding="utf-8")
    return recent


# --- the screens --------------------------------------------------------------------------------


class TestHome:
    @SIZES
    def test_recent_files(
        self, snap_compare: SnapCompare, folders: Folders, recent_files: object, size: Size
    ) -> None:
        """Home with three recent files. Look for: the title line, the buttons, the
        recent files newest first with the list focused and the first highlighted
        (so Enter opens it), each list by its name in bold, then its faction and game
        size ("Red Company · 250 points"), then its file dimmed and shown within the
        saves folder ("saves/red-raiders.toml", "saves/tournaments/..."); the last one
        by its file name with "missing" in red; the footer shows n, o and the app keys."""
        assert snap_compare(app_on(folders), terminal_size=size, run_before=pressing())

    @SIZES
    def test_new_list_dialog(self, snap_compare: SnapCompare, folders: Folders, size: Size) -> None:
        """The new-list dialog (n) over home, with nothing recent yet. Look for: the
        system chosen, by its name and edition ("Skirmish (test), fixture", not its
        id), the faction list closed on Blue Guild (the first), the usual limit 200 and
        the faction's name filled in, the hint line and the Create and Cancel buttons,
        all inside the dialog at both sizes."""
        assert snap_compare(app_on(folders), terminal_size=size, run_before=pressing("n"))


class TestBuilder:
    @SIZES
    def test_empty(self, snap_compare: SnapCompare, folders: Folders, size: Size) -> None:
        """A new list reached by keys from home (n, pick Red Company, Enter through).
        Look for: title "Red Company" and subtitle "Red Company · Skirmish (test)";
        the status line "✓ valid · 0/200 points · Miniatures 0/8"; the unit list
        with Captain highlighted, costs right-aligned, War wagon's cost marked with a
        yellow *; the Captain's card under the list; the "Your list is empty" hint on
        the right; "No findings" below; Equip, Remove and Undo dimmed in the footer."""
        assert snap_compare(
            app_on(folders), terminal_size=size, run_before=pressing(*NEW_RED_COMPANY)
        )

    @SIZES
    def test_mid_build(self, snap_compare: SnapCompare, folders: Folders, size: Size) -> None:
        """Three units added and equipped by keys: Captain (sword, mail replacing his
        leather), Soldier (crossbow, shield, leather kept), Hound pack set to 3 models.
        Look for: title with " *" (unsaved); status "✓ valid · 124/200 points ·
        Miniatures 3/8 · Limited: Crossbow 1/2"; the tree with each entry's cost and its items
        with their costs or "base"; the Hound pack highlighted in the unit list with
        its card (12 points each, 2-4, Pack); Undo no longer dimmed."""
        assert snap_compare(
            app_on(folders), terminal_size=size, run_before=pressing(*NEW_RED_COMPANY, *BUILD)
        )

    @SIZES
    def test_findings(self, snap_compare: SnapCompare, folders: Folders, size: Size) -> None:
        """A list opened from a file that breaks four rules and trips one warning.
        Look for: "✗ 4 errors, 1 warning" first in the status line, then
        "282/200 points" in red; ✗ (red) before the entries that break a rule and !
        (yellow) before the banner bearer; the findings panel listing each message with
        how to fix it; the cursor on the first entry."""
        path = folders.roster("too-many-cooks.toml", FINDINGS)
        assert snap_compare(app_on(folders, path), terminal_size=size, run_before=pressing())

    @SIZES
    def test_equip_dialog(self, snap_compare: SnapCompare, folders: Folders, size: Size) -> None:
        """Equipping the Soldier (e), who already carries a crossbow (Heavy) and a
        shield. Look for: the title "Equip Soldier (2): 33 points · list 214/250";
        the Weapons and Gear headings, Weapons with "at most 2 in all" (its group's
        limit for this model); [1] before the crossbow and the shield, each
        followed by "· no more" (taken as often as they may be); the great axe and
        the bow struck through with "✗ not now" (a second Heavy weapon); "(up to 2)"
        after the sword; the highlighted option's profile and rules under the list;
        the key hint at the bottom, inside the dialog."""
        path = folders.roster("red-raiders.toml", SHEET)
        run = pressing("down", "down", "down", "e")
        assert snap_compare(app_on(folders, path), terminal_size=size, run_before=run)


class TestSheet:
    @SIZES
    def test_army_sheet(self, snap_compare: SnapCompare, folders: Folders, size: Size) -> None:
        """The army sheet (v) of a valid four-entry list, from the top. Look for: the
        title "Red Raiders: army sheet"; the list name, faction, system and edition;
        the VALID verdict with points and counts; each entry's profile, what it
        carries with profiles, range bands and rules, and its cost; the War wagon's
        example-data mark; Back (Esc) in the footer."""
        path = folders.roster("red-raiders.toml", SHEET)
        assert snap_compare(app_on(folders, path), terminal_size=size, run_before=pressing("v"))


class TestHelp:
    @SIZES
    def test_builder_help(self, snap_compare: SnapCompare, folders: Folders, size: Size) -> None:
        """F1 in the list builder. Look for: the title "Help: List builder"; the help
        text as Markdown (heading, bold keys); at 100x32 the start of the table of
        keys, commands and what they do; a scrollbar; "Escape closes help" at the
        bottom of the dialog; the builder dimmed behind it."""
        path = folders.roster("red-raiders.toml", SHEET)
        assert snap_compare(app_on(folders, path), terminal_size=size, run_before=pressing("f1"))


TRACKER_SIZES = pytest.mark.parametrize(
    "size", [pytest.param((120, 40), id="120x40"), pytest.param((80, 24), id="80x24")]
)
"""The tracker side by side (120 columns and more) and as tabs (the classic 80x24)."""


@pytest.fixture
def bridge(folders: Folders) -> Path:
    """The fixture battle ``tests/fixtures/battles/bridge.toml`` (its README tells its
    21 events). A battle file holds its own rules and lists, so no catalog is read."""
    source = Path(__file__).resolve().parent.parent / "fixtures" / "battles" / "bridge.toml"
    return folders.roster("bridge.battle.toml", source.read_text(encoding="utf-8"))


@pytest.fixture
def bridge_catalog(folders: Folders, bridge: Path) -> Path:
    """The bridge battle with the Punkapocalyptic catalog in the user's catalogs: the
    dice helper reads weapon profiles and armour from the catalog, not the file."""
    shutil.copytree(PUNKAPOCALYPTIC, folders.catalogs / "punkapocalyptic")
    return bridge


class TestTracker:
    @TRACKER_SIZES
    def test_resumed_battle(
        self, snap_compare: SnapCompare, folders: Folders, bridge: Path, size: Size
    ) -> None:
        """The bridge battle resumed in turn 1, Agility round 5, side B to act. Look
        for: "Turn 1/6 · Ag round 5 · side B (Bob) to act: B14 Mutard · markers: Fire 1"
        at the top; at 120x40 both sides side by side, at 80x24 tabs with side B shown;
        each side's title with standing models, points lost (B: 20) and VP (A: 1); the
        cursor on B14 (bold: next to act); B18 struck through, a red wound box, "Eng Dn";
        B11 "Psn3"; the full line about B14 under the tables; the last log lines; the
        footer starting with Enter Activate."""
        assert snap_compare(
            app_on(folders, battle_path=bridge), terminal_size=size, run_before=pressing()
        )

    @TRACKER_SIZES
    def test_action_choice(
        self, snap_compare: SnapCompare, folders: Folders, bridge: Path, size: Size
    ) -> None:
        """B14 activated (Enter) and the action list open (a). Look for: B14's row in
        reverse (active); the dialog "B14 Mutard: 2 actions left" listing Move, the
        shots with each weapon, Assault ...; the actions the rules refuse now greyed with
        the reason in brackets (Reload: nothing to reload ...)."""
        run = pressing("enter", "a", wait_for_workers=False)
        assert snap_compare(app_on(folders, battle_path=bridge), terminal_size=size, run_before=run)

    @TRACKER_SIZES
    def test_dice_helper(
        self, snap_compare: SnapCompare, folders: Folders, bridge_catalog: Path, size: Size
    ) -> None:
        """The dice helper (d) over the tracker, after one roll (Ctrl+R). Look for:
        "Dice helper: every roll goes into the battle's log"; Roll "Attribute roll";
        Model rolling "B14 Mutard" with its current stats under it; Stat "Combat (C)"
        (A counts actions and is not offered); only the fields an attribute roll
        needs; under the buttons the roll's title and outcome in bold, its numbers,
        "Dice: n"; the dialog only as tall as its fields."""
        run = pressing("d", "ctrl+r")
        app = app_on(folders, battle_path=bridge_catalog)
        assert snap_compare(app, terminal_size=size, run_before=run)


# --- the unit designer --------------------------------------------------------------------------

DESIGNER_CATALOGS = UI_CATALOGS / "designer"
"""The fixture system ``clockwork``, whose players design units (kept out of ``UI_CATALOGS``'s
own folder so the snapshots above never see it)."""

# Line Company, with the house table of clockwork/system.toml:
#   Officer: 1 + 1 x 4 = 5 + Musket 6 + Boiler 2 + Dagger 1 + Captain 4 = 18
#   Trooper: 5 + Musket 6 + Dagger 1 = 12, x 4 = 48
#   Gunner:  5 + Repeater 16 = 21
#   the unit: 18 + 48 + 21 = 87
DESIGNED = """\
format = "warband.roster/1"
system = "clockwork"
faction = "guild"
name = "Brass Legion"
points_limit = 300

[cards.line-company]
name = "Line Company"
type = "footman"
res = 4

[[cards.line-company.models]]
name = "Officer"
weapons = ["musket", "dagger"]
abilities = ["captain"]
upgrades = { musket = ["boiler"] }

[[cards.line-company.models]]
name = "Trooper"
count = 4
weapons = ["musket", "dagger"]

[[cards.line-company.models]]
name = "Gunner"
weapons = ["repeater"]

[[units]]
unit = "line-company"
models = 6
"""


class TestDesigner:
    @SIZES
    def test_designer_dialog(self, snap_compare: SnapCompare, folders: Folders, size: Size) -> None:
        """e on a designed entry opens the designer on its card. Look for: the title
        "Edit Line Company"; on the left the card's rows (Name, Type "Footman (infantry,
        Move 6")", RES 4, Wnd 1) then "Group 1: Officer" with Models, its own Type/RES/Wnd
        "as the card", Weapons "Musket, Dagger", Abilities "Captain", "+ rules on Musket
        Boiler", the cursor on Name; on the right "87 points for 6 models; per model 18,
        12, 21", "List: 87/300 points", the house-points warning, the Officer's arithmetic
        (base ... = 5 house points, "+ 8 Musket 6 + 2 Boiler" ...); the key hint wrapped at
        the bottom, inside the dialog at 80x24; the footer shows "u Design"."""
        path = folders.roster("brass-legion.toml", DESIGNED)
        app = app_on(folders, path, bundled=DESIGNER_CATALOGS)
        assert snap_compare(
            app, terminal_size=size, run_before=pressing("e", wait_for_workers=False)
        )


# --- a list's settings ----------------------------------------------------------------------------

SHEET_CATALOGS = UI_CATALOGS / "sheets"
"""The fixture system ``sheet-ui``, which declares one list setting (a strategy rating from 0
to 10, no default)."""

SETTLED = """\
format = "warband.roster/1"
system = "sheet-ui"
faction = "test"
name = "Iron Line"
points_limit = 100

[settings]
strategy-rating = 2

[[units]]
unit = "officer"

[[units]]
unit = "squad"
models = 2
"""


class TestSettings:
    @SIZES
    def test_settings_dialog(self, snap_compare: SnapCompare, folders: Folders, size: Size) -> None:
        """g in the builder opens the list's settings. Look for: the title "List settings:
        Sheet (UI fixture)"; one row, highlighted, "Strategy rating  2  (0 to 10)"; the hint
        "Enter types a value · +/- one more or less · Delete unsets · Escape done" inside the
        dialog at 80x24; behind it the builder with "Strategy rating 2" in its title."""
        path = folders.roster("iron-line.toml", SETTLED)
        app = app_on(folders, path, bundled=SHEET_CATALOGS)
        assert snap_compare(app, terminal_size=size, run_before=pressing("g"))


def _gaslands_list(folders: Folders) -> Path:
    """A 50-can Gaslands list made with the command line over the shared Gaslands data:
    a Car with a Machine Gun and a 125mm Cannon (4 build slots in a Car of 2)."""
    import io

    from tests.catalogs.test_bsdata_loading import copy_system
    from tui.cli import main

    copy_system("gaslands", folders.catalogs)
    path = folders.saves / "team.toml"
    path.parent.mkdir(parents=True, exist_ok=True)
    steps = (
        ("new", "gaslands", "gaslands", "--points", "50", "-o", str(path)),
        ("add", str(path), "Car"),
        ("add", str(path), "Machine Gun", "--into", "Car"),
        ("add", str(path), "125mm Cannon", "--into", "Car"),
    )
    for step in steps:
        main(["--catalog-dir", str(folders.catalogs), *step], out=io.StringIO())
    return path


class TestBsBuilder:
    @SIZES
    def test_gaslands_list(self, snap_compare: SnapCompare, folders: Folders, size: Size) -> None:
        """A list over BattleScribe data (Gaslands) opened in its builder, the cursor moved
        down to the Car. Look for: the title "Gaslands" and subtitle "Gaslands · Gaslands
        (BattleScribe data)"; the status line "✗ NOT VALID (1 error) · 20/50 Cans · 4
        Build Slots" in red where it is an error; the tree: "Team (Gaslands)  20 Cans",
        under it "1x Sponsor  0 Cans" and the highlighted "1x Car  12 Cans", under the Car
        "✗ 1x Machine Gun  2 Cans" (red mark) and "1x 125mm Cannon  6 Cans", each with its
        "1x Front  0 Cans" mounting; the finding "Car has 4 Build Slots in Options, at most
        2 ..." below; the footer with F1, a Add, x Remove, + More, - Fewer, s Share, Undo
        and Save dimmed (nothing to undo or save), q Close, all inside 80 columns."""
        path = _gaslands_list(folders)
        assert snap_compare(
            app_on(folders, path), terminal_size=size, run_before=pressing("down", "down")
        )


class TestGames:
    @SIZES
    def test_gallery_games(
        self,
        snap_compare: SnapCompare,
        folders: Folders,
        size: Size,
        gallery: GalleryServer,
        monkeypatch: pytest.MonkeyPatch,
    ) -> None:
        """The Games screen (g on home) over a gallery served on 127.0.0.1 listing
        Gaslands v1.1.0 (v1.0.0 installed), Warhammer 40,000 and Zone Raiders. Look for:
        "Filter: type to filter" dimmed at the top; the games by title in bold, then
        name, version and date dimmed, Gaslands highlighted with "[update: v1.0.0
        installed]" in yellow; below, its details ("Gaslands (gaslands), v1.1.0 of
        2025-03-14" and "installed: v1.0.0"); the status "3 games in BSData Gallery: 1
        installed, 1 with an update"; no progress bar; the footer with F1, Enter
        Install/update, Delete Remove, F5 Reload and Esc Back, inside 80 columns."""
        others = (
            {"name": "zone-raiders", "description": "Zone Raiders", "version": "v2.0.0",
             "lastUpdated": "2024-11-02T00:00:00Z", "repositoryUrl": gallery.url("z.json")},
            {"name": "wh40k-10e", "description": "Warhammer 40,000", "version": "v1.0.0",
             "lastUpdated": "2025-01-20T00:00:00Z", "repositoryUrl": gallery.url("w.json")},
        )  # fmt: skip
        import io

        from tui.cli import main

        first = gallery.publish()
        main(["--catalog-dir", str(folders.catalogs), "games", "install", "gaslands",
              "--gallery", first], out=io.StringIO())  # fmt: skip
        monkeypatch.setenv(
            "WARBAND_GALLERY_URL",
            gallery.publish(extra_games=others, **newer()),
        )
        assert snap_compare(app_on(folders), terminal_size=size, run_before=pressing("g"))
