"""App-test fixtures, and the gate that keeps snapshots rendered by the pinned versions.

Snapshot SVGs are compared byte for byte, and a different Textual (or a different
pytest-textual-snapshot) renders different bytes. Snapshots written by any other
version would fail for everyone else, so ``--snapshot-update`` is refused unless
the installed versions are exactly the ones ``pyproject.toml`` pins (memray and
harlequin guard their snapshots the same way).
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path

import pytest
from textual.widgets import Input, TextArea

from tests.tui.driver import Folders
from tui import collector

PINNED = {"textual": "8.2.8", "pytest-textual-snapshot": "1.1.0"}
"""The versions the snapshots in ``tests/tui/__snapshots__`` were rendered with."""


def _installed(name: str) -> str:
    try:
        return version(name)
    except PackageNotFoundError:
        return "not installed"


def pytest_collection_modifyitems(config: pytest.Config) -> None:
    """Refuse ``--snapshot-update`` under any but the pinned versions, before any test runs.

    Checked once collection is done, not at configure time: this conftest is only
    loaded while ``tests/`` is being collected, and an exit from there would be
    reported as a collection error of ``tests/tui``."""
    if not config.getoption("--snapshot-update", default=False):
        return
    wrong = {name: _installed(name) for name, pin in PINNED.items() if _installed(name) != pin}
    if wrong:
        found = ", ".join(f"{name} {found}" for name, found in wrong.items())
        wanted = ", ".join(f"{name}=={pin}" for name, pin in PINNED.items())
        pytest.exit(
            f"--snapshot-update refused: the snapshots are rendered with {wanted}, "
            f"but this environment has {found}. "
            f'Install the pinned versions (pip install -e ".[test]") and run it again.',
            returncode=pytest.ExitCode.USAGE_ERROR,
        )


@pytest.fixture
def no_blink(monkeypatch: pytest.MonkeyPatch) -> None:
    """Text cursors stay on: a blink between two runs would change a snapshot."""
    monkeypatch.setattr(Input, "_toggle_cursor", lambda self: None)
    monkeypatch.setattr(TextArea, "_toggle_cursor_blink_visible", lambda self: None)


@pytest.fixture
def folders(tmp_path: Path) -> Folders:
    """The app's folders, with the shared Gaslands BattleScribe data in its catalog folder
    (for the BattleScribe builder's tests; a module that needs other folders defines its
    own ``folders``, as the snapshots do)."""
    from tests.catalogs.test_bsdata_loading import copy_system

    made = Folders(tmp_path)
    copy_system("gaslands", made.catalogs)
    made.saves.mkdir(parents=True)
    return made


@pytest.fixture
def thawed(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Nothing frozen from the garbage collector and no screen holding the freeze
    (``tui.collector``) as the test starts, whatever an earlier test in this process left;
    and nothing frozen after it, the collector's thresholds as they were."""
    gc.unfreeze()
    thresholds = gc.get_threshold()
    monkeypatch.setattr(collector, "_holders", 0)
    monkeypatch.setattr(collector, "_thresholds", None)
    yield
    gc.unfreeze()
    gc.set_threshold(*thresholds)
