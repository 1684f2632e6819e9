"""The Games screen (``g`` on the home screen), driven like a person against a BSData
gallery served on 127.0.0.1 (``WARBAND_GALLERY_URL``): the gallery's games listed and
filtered by typing, Enter installs Gaslands with the progress bar going to the end while
keys still answer, the game is then offered by New list; a newer release is marked and
Enter updates it; a download cut half-way leaves the installed version and says why;
Escape stops a slow download; Delete removes a game after asking; New list's "More
games..." leads to the screen.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.pilot import Pilot
from textual.widgets import OptionList, ProgressBar, Select

from catalogs.gallery import read_record
from tests.catalogs.gallery_server import GalleryServer, newer
from tests.tui.driver import Folders, app_in, keys
from tui.app import WarbandApp
from tui.dialogs.choice import ChoiceDialog
from tui.dialogs.message import MessageDialog
from tui.screens.games import GameList, GamesScreen
from tui.screens.home import HomeScreen

SIZE = (100, 32)


@pytest.fixture
def folders(tmp_path: Path) -> Folders:
    made = Folders(tmp_path)
    made.saves.mkdir(parents=True)
    made.catalogs.mkdir(parents=True)
    return made


def served(gallery: GalleryServer, monkeypatch: pytest.MonkeyPatch, **release: object) -> None:
    """Gaslands (and two other games) on the gallery the app reads."""
    others = (
        {"name": "zone-raiders", "description": "Zone Raiders", "version": "v2.0.0",
         "repositoryUrl": gallery.url("zr/catpkg.json")},
        {"name": "wh40k-10e", "description": "Warhammer 40,000", "version": "v1.0.0",
         "repositoryUrl": gallery.url("wh/catpkg.json")},
    )  # fmt: skip
    url = gallery.publish(extra_games=others, **release)  # type: ignore[arg-type]
    monkeypatch.setenv("WARBAND_GALLERY_URL", url)


async def until(pilot: Pilot[None], done: object, tries: int = 200) -> None:
    """Let the app run until ``done()`` is true (a worker has reported back)."""
    for _ in range(tries):
        if done():  # type: ignore[operator]
            return
        await pilot.pause(0.05)
    raise AssertionError("the app never got there")


def screen(app: WarbandApp) -> GamesScreen:
    assert isinstance(app.screen, GamesScreen), app.screen
    return app.screen


def status(games: GamesScreen) -> str:
    return str(games.query_one("#games-status").render())


def rows(app: WarbandApp) -> list[str]:
    listing = screen(app).query_one(GameList)
    return [str(o.prompt) for o in listing.options]


async def open_games(pilot: Pilot[None]) -> GamesScreen:
    await keys(pilot, "g")
    games = screen(pilot.app)  # type: ignore[arg-type]
    await until(pilot, lambda: games.gallery is not None or games.error is not None)
    await pilot.pause()
    return games


async def test_the_screen_lists_filters_and_installs_with_a_progress_bar(
    folders: Folders, gallery: GalleryServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    served(gallery, monkeypatch)
    gallery.routes["/gaslands/v1.0.0/Gaslands.gstz"].delay = 0.6  # time to see it going
    app = app_in(folders)
    async with app.run_test(size=SIZE) as pilot:
        games = await open_games(pilot)
        assert rows(app) == [
            "Gaslands  gaslands  v1.0.0  2025-03-14",
            "Warhammer 40,000  wh40k-10e  v1.0.0",
            "Zone Raiders  zone-raiders  v2.0.0",
        ]
        assert "3 games in BSData Gallery: 0 installed" in str(
            games.query_one("#games-status").render()
        )
        await keys(pilot, "g", "a", "s")
        assert games.filter_text == "gas"
        assert rows(app) == ["Gaslands  gaslands  v1.0.0  2025-03-14"]
        await keys(pilot, "backspace", "backspace", "backspace", "r")
        assert [r.split("  ")[0] for r in rows(app)] == ["Warhammer 40,000", "Zone Raiders"]
        await keys(pilot, "backspace")
        kept = games.highlighted_game()
        assert kept is not None and kept.name == "wh40k-10e"  # the highlight stays on it
        await keys(pilot, "up")
        chosen = games.highlighted_game()
        assert chosen is not None and chosen.name == "gaslands"
        bar = games.query_one("#games-progress", ProgressBar)
        assert not bar.display
        await keys(pilot, "enter")
        assert games.busy == "gaslands" and bar.display
        await keys(pilot, "w", "h")  # keys still answer while it downloads
        assert games.filter_text == "wh" and games.busy == "gaslands"
        await keys(pilot, "backspace", "backspace")
        await until(pilot, lambda: games.busy is None)
        await pilot.pause()
        assert bar.display and bar.percentage == 1.0
        assert "Installed Gaslands v1.0.0." in status(games)
        assert rows(app)[0] == "Gaslands  gaslands  v1.0.0  2025-03-14  [installed]"
        assert app.library.load_battlescribe("gaslands").name == "Gaslands"
        assert games.highlighted_game().name == "wh40k-10e"
        assert games.can_run("install")
        await keys(pilot, "home")
        assert not games.can_run("install")  # up to date: Enter has nothing to do
        await keys(pilot, "escape")
        assert isinstance(app.screen, HomeScreen)
        await keys(pilot, "n", "shift+tab", "enter")
        options = app.screen.query_one("#system", Select).query_one(OptionList).options
        assert "Gaslands (BattleScribe data)" in [str(o.prompt) for o in options]


async def test_an_update_is_marked_and_installed_and_a_cut_download_changes_nothing(
    folders: Folders, gallery: GalleryServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    served(gallery, monkeypatch)
    app = app_in(folders)
    async with app.run_test(size=SIZE) as pilot:
        games = await open_games(pilot)
        await keys(pilot, "enter")
        await until(pilot, lambda: games.busy is None)
        assert app.library.load_battlescribe("gaslands").system.revision == 25
        served(gallery, monkeypatch, **newer())
        gallery.routes["/gaslands/v1.1.0/Gaslands.gstz"].cut = True
        await pilot.press("f5")
        await until(pilot, lambda: games.gallery is not None and "update" in rows(app)[0])
        await pilot.pause()
        assert rows(app)[0].endswith("[update: v1.0.0 installed]")
        before = sorted(p.read_bytes() for p in (folders.catalogs / "gaslands").iterdir())
        await keys(pilot, "enter")
        await until(pilot, lambda: isinstance(app.screen, MessageDialog))
        dialog = app.screen
        assert isinstance(dialog, MessageDialog)
        assert "connection was cut before the whole file came" in dialog.body
        await keys(pilot, "enter")
        after = sorted(p.read_bytes() for p in (folders.catalogs / "gaslands").iterdir())
        assert after == before
        gallery.routes["/gaslands/v1.1.0/Gaslands.gstz"].cut = False
        await keys(pilot, "enter")
        await until(pilot, lambda: games.busy is None)
        await pilot.pause()
        assert rows(app)[0].endswith("[installed]")
        record = read_record(folders.catalogs / "gaslands")
        assert record is not None and record.version == "v1.1.0"
        assert app.library.load_battlescribe("gaslands").system.revision == 26


async def test_escape_stops_a_slow_download(
    folders: Folders, gallery: GalleryServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    served(gallery, monkeypatch)
    gallery.routes["/gaslands/v1.0.0/Gaslands.gstz"].delay = 0.5
    app = app_in(folders)
    async with app.run_test(size=SIZE) as pilot:
        games = await open_games(pilot)
        await keys(pilot, "enter")
        assert games.busy == "gaslands"
        await keys(pilot, "escape")
        assert isinstance(app.screen, GamesScreen)  # Escape stopped it, not left
        await until(pilot, lambda: games.busy is None)
        await pilot.pause()
        assert "Stopped: nothing was changed." in status(games)
        assert list(folders.catalogs.iterdir()) == []


async def test_delete_removes_after_asking(
    folders: Folders, gallery: GalleryServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    served(gallery, monkeypatch)
    app = app_in(folders)
    async with app.run_test(size=SIZE) as pilot:
        games = await open_games(pilot)
        assert not games.can_run("remove")
        await keys(pilot, "enter")
        await until(pilot, lambda: games.busy is None)
        await pilot.pause()
        await keys(pilot, "delete")
        assert isinstance(app.screen, ChoiceDialog)
        await keys(pilot, "escape")  # kept
        assert (folders.catalogs / "gaslands").is_dir()
        await keys(pilot, "delete")
        await pilot.click("#choice-remove")
        await pilot.pause()
        assert not (folders.catalogs / "gaslands").exists()
        assert rows(app)[0] == "Gaslands  gaslands  v1.0.0  2025-03-14"
        assert "gaslands" not in app.library.battlescribe_entries()


async def test_more_games_in_new_list_leads_to_the_games_screen(
    folders: Folders, gallery: GalleryServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    served(gallery, monkeypatch)
    app = app_in(folders)
    async with app.run_test(size=SIZE) as pilot:
        await keys(pilot, "n", "shift+tab", "enter")
        listing = app.screen.query_one("#system", Select).query_one(OptionList)
        shown = [str(o.prompt) for o in listing.options]
        assert shown[-1] == "More games... (the BSData gallery)"
        await keys(pilot, "end", "enter")
        await pilot.pause()
        games = screen(app)
        await until(pilot, lambda: games.gallery is not None)
        assert len(app.screen_stack) == 2  # home, games: the dialog is gone


async def test_a_gallery_that_cannot_be_read_says_why_and_f5_tries_again(
    folders: Folders, gallery: GalleryServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("WARBAND_GALLERY_URL", gallery.serve("gallery.json", "not json"))
    app = app_in(folders)
    async with app.run_test(size=SIZE) as pilot:
        games = await open_games(pilot)
        assert games.error is not None and "not well-formed JSON" in games.error
        assert rows(app) == []
        served(gallery, monkeypatch)
        await pilot.press("f5")
        await until(pilot, lambda: games.gallery is not None)
        await pilot.pause()
        assert len(rows(app)) == 3


async def test_the_app_reads_the_gallery_its_command_line_names(
    folders: Folders, gallery: GalleryServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``warband --gallery URL`` opens the app on that gallery: the Games screen lists and
    installs from it, though ``WARBAND_GALLERY_URL`` names a closed port."""
    from tui.cli import main

    url = gallery.publish()
    made: list[WarbandApp] = []
    monkeypatch.setattr(WarbandApp, "run", lambda self, *a, **k: made.append(self))
    argv = ["--catalog-dir", str(folders.catalogs), "--saves-dir", str(folders.saves)]
    assert main([*argv, "--config-dir", str(folders.config), "--gallery", url]) == 0
    app = made[0]
    assert app.gallery == url
    async with app.run_test(size=SIZE) as pilot:
        games = await open_games(pilot)
        assert rows(app) == ["Gaslands  gaslands  v1.0.0  2025-03-14"]
        await keys(pilot, "enter")
        await until(pilot, lambda: games.busy is None)
        assert read_record(folders.catalogs / "gaslands") is not None
        assert app.library.load_battlescribe("gaslands").name == "Gaslands"
