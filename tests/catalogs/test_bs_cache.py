"""Loading BattleScribe games fast and lean (``catalogs.bs_cache``, issue 33): read with
the garbage collector held off, kept in the user's cache folder, and only the files a
list needs read for it. Over copies of the shared BSData games (``../shared/bsdata``)."""

from __future__ import annotations

import gc
from collections.abc import Iterator
from pathlib import Path

import pytest

from catalogs.bs_cache import check_game
from catalogs.bsdata import check_battlescribe
from tests.catalogs.test_bsdata_loading import copy_system


@pytest.fixture
def collections() -> Iterator[list[str]]:
    """Each collection pass the collector starts while the test runs."""
    seen: list[str] = []

    def record(phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            seen.append(f"generation {info['generation']}")

    gc.callbacks.append(record)
    try:
        yield seen
    finally:
        gc.callbacks.remove(record)
        gc.unfreeze()


def test_a_game_is_read_with_no_collection_pass_and_frozen_after(
    tmp_path: Path, collections: list[str]
) -> None:
    folder = copy_system("zone-raiders", tmp_path)
    gc.collect()
    collections.clear()
    found = check_game(folder)
    assert collections == []  # thousands of objects made, not one pass over them
    assert gc.isenabled()
    assert gc.get_freeze_count() > 0
    assert found == check_battlescribe(folder)


def test_a_collector_that_was_off_stays_off(tmp_path: Path, collections: list[str]) -> None:
    folder = copy_system("gaslands", tmp_path)
    gc.disable()
    try:
        check_game(folder)
        assert not gc.isenabled()
    finally:
        gc.enable()
