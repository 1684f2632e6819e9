"""Test isolation: no test sees the developer's own catalogs, saves or settings."""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from hypothesis import HealthCheck, settings

if TYPE_CHECKING:
    from tests.catalogs.gallery_server import GalleryServer

# No example database: a run must not depend on what an earlier run found.
settings.register_profile(
    "warband", database=None, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.load_profile("warband")

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = ROOT / "tests" / "fixtures"

if ROOT.name == "mutants" or "MUTANT_UNDER_TEST" in os.environ:
    # Under mutmut (its copy of the project is a folder named mutants), every call of
    # model code goes through a trampoline of a few more frames; the tests of the deepest
    # nesting a file may have (tests/model/bsdata/test_engine_robustness.py) pass with
    # Python's default limit as a user runs it, and need room for the trampolines here.
    sys.setrecursionlimit(5000)


@pytest.fixture(autouse=True)
def _isolated_dirs(
    tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch
) -> Iterator[None]:
    """Point the user catalog, saves, state and cache folders at empty temporary folders
    (so no test reads a catalog cached by another, or by the developer's own runs), and
    the BSData gallery at a closed port of this machine."""
    home = tmp_path_factory.mktemp("home")
    monkeypatch.setenv("WARBAND_CATALOG_DIR", str(home / "catalogs"))
    monkeypatch.setenv("WARBAND_SAVES_DIR", str(home / "saves"))
    monkeypatch.setenv("XDG_DATA_HOME", str(home / "data"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(home / "config"))
    monkeypatch.setenv("XDG_STATE_HOME", str(home / "state"))
    monkeypatch.setenv("WARBAND_STATE_DIR", str(home / "state" / "warband"))
    monkeypatch.setenv("XDG_CACHE_HOME", str(home / "cache"))
    monkeypatch.setenv("WARBAND_CACHE_DIR", str(home / "cache" / "warband" / "catalogs"))
    # never the internet: a gallery command with no local gallery given meets a closed port
    monkeypatch.setenv("WARBAND_GALLERY_URL", "http://127.0.0.1:9/no-gallery-in-tests.json")
    yield


@pytest.fixture
def gallery() -> Iterator[GalleryServer]:
    """A BSData gallery served on 127.0.0.1 (``tests/catalogs/gallery_server.py``),
    stopped after the test."""
    from tests.catalogs.gallery_server import GalleryServer

    server = GalleryServer()
    server.thread.start()
    try:
        yield server
    finally:
        server.httpd.shutdown()
        server.httpd.server_close()
