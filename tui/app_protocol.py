"""What the screens need of the app, named as a protocol: the catalog library, the
folders, the settings and the flows that cross screens.

Screens reach the app through ``self.app``, as Textual recommends; typing it by this
protocol instead of by the app class keeps ``tui.app`` (which imports the screens)
out of the screens' imports, so there is no import circle, and the home screen pulls
in nothing heavy. ``tui.app`` checks that its app gives everything named here.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Protocol, runtime_checkable

if TYPE_CHECKING:
    from catalogs.library import Library
    from model.catalog.schema import FactionView
    from model.roster.roster import Roster
    from saves.locations import Locations
    from saves.settings import Settings


@runtime_checkable
class WarbandHost(Protocol):
    """The warband app as its screens see it."""

    library: Library
    locations: Locations
    settings: Settings
    gallery: str | None
    """The BSData gallery's address given on the command line (``--gallery``); None: the
    one ``WARBAND_GALLERY_URL`` names, else BSData's (``catalogs.gallery.gallery_url``)."""

    def remember(self, path: Path) -> None:
        """Put a file first among the recent files."""

    def new_list(self) -> None:
        """Ask for system, faction, limit and name, then open an empty list."""

    def pick_file(self, resume: bool = False) -> object:
        """The file picker: what is picked opens in the builder or the tracker."""

    def import_code(self) -> object:
        """Ask for a share code and open the list it holds in the builder."""

    def new_battle(self) -> object:
        """Pick two list files, then start a battle file between them."""

    def open_games(self) -> None:
        """The Games screen: the BSData gallery's games, to install and update."""

    def pick_battle(self) -> None:
        """The file picker, to resume a battle: battles only."""

    def open_any(self, path: Path) -> None:
        """Open a recent file: a battle in the tracker, a list in the builder."""

    def push_builder(
        self, view: FactionView, roster: Roster, path: Path | None, saved: Roster | None
    ) -> object:
        """Open the builder on a roster, above the home screen."""
