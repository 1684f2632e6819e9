"""Loading catalog folders: every problem at once, with file, line and a fix."""

from __future__ import annotations

import io
import shutil
from pathlib import Path

import pytest

from catalogs.library import Library
from catalogs.loader import load_system
from catalogs.locations import bundled_dir
from model.core.problems import CatalogError
from tests.conftest import FIXTURES, ROOT
from tui.cli import main

BROKEN = FIXTURES / "catalogs" / "broken-three"


def run(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = main(list(argv), out=out, err=err)
    return code, out.getvalue(), err.getvalue()


def problems_of(folder: Path) -> list[str]:
    with pytest.raises(CatalogError) as caught:
        load_system(folder)
    return [str(p) for p in caught.value.problems]


def test_every_bundled_catalog_loads_without_problems() -> None:
    for folder in sorted(bundled_dir().iterdir()):
        if (folder / "system.toml").is_file():
            catalog = load_system(folder)
            assert catalog.factions, folder


def test_three_mistakes_in_three_files_are_all_reported(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)
    code, out, _ = run("catalogs", "--check", "tests/fixtures/catalogs/broken-three")
    assert code == 1
    prefix = "tests/fixtures/catalogs/broken-three"
    assert out.splitlines() == [
        f"{prefix}: 3 problems in the catalog",
        f"  {prefix}/factions/nomads.toml:15: units.nomad.options[1].choices.medium-blad: "
        "unknown item 'medium-blad'; did you mean 'medium-blade'?",
        f"  {prefix}/factions/raiders.toml:9: units.raider.cost: "
        "expected a whole number, got '30'; remove the quotes: 30",
        f"  {prefix}/system.toml:28: items.great-axe.rules[1]: "
        "unknown special rule 'two-handd'; did you mean 'two-handed'?",
    ]


def test_check_of_a_good_catalog(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)
    code, out, _ = run("catalogs", "--check", "catalogs/punkapocalyptic")
    assert code == 0
    assert out.startswith("catalogs/punkapocalyptic: no problems: Punkapocalyptic")


def _copy(tmp_path: Path, source: Path, name: str) -> Path:
    target = tmp_path / name
    shutil.copytree(source, target)
    return target


def _edit(path: Path, old: str, new: str) -> None:
    text = path.read_text()
    assert old in text, old
    path.write_text(text.replace(old, new, 1))


def test_a_faction_may_not_redefine_a_system_id(tmp_path: Path) -> None:
    folder = _copy(tmp_path, BROKEN, "broken-three")
    _edit(
        folder / "factions/nomads.toml",
        "[units.nomad]",
        '[items.medium-blade]\nkind = "weapon"\nuse = "melee"\nname = "Blade"\n\n[units.nomad]',
    )
    found = problems_of(folder)
    assert any("items.medium-blade: 'medium-blade' is already defined in" in p for p in found)


def test_an_unknown_placeholder_in_a_message(tmp_path: Path) -> None:
    folder = _copy(tmp_path, FIXTURES / "catalogs" / "steampocalypse-mini", "steampocalypse-mini")
    _edit(folder / "system.toml", 'remove {excess}"', 'remove {exces}"')
    found = problems_of(folder)
    assert len(found) == 1
    assert "unknown placeholder {exces} in the message; did you mean 'excess'?" in found[0]
    assert found[0].startswith(f"{folder}/system.toml:")


def test_an_unknown_tag_in_a_rule(tmp_path: Path) -> None:
    folder = _copy(tmp_path, FIXTURES / "catalogs" / "steampocalypse-mini", "steampocalypse-mini")
    _edit(folder / "system.toml", 'unit_tags = ["named"]', 'unit_tags = ["namd"]')
    found = problems_of(folder)
    assert len(found) == 1
    assert "no unit, item or rule has the tag 'namd'; did you mean 'named'?" in found[0]


def test_the_tracker_section_agrees_with_itself(tmp_path: Path) -> None:
    """A misspelt counter or stat in [tracker] is found when the catalog is checked,
    not when someone presses the key at the table."""
    folder = _copy(tmp_path, FIXTURES / "catalogs" / "alternating-mini", "alternating-mini")
    system = folder / "system.toml"
    _edit(system, 'wounds = "stat:Wnd"', 'wounds = "stat:Wound"')
    _edit(system, 'effects = [{ counter = "ammo"', 'effects = [{ counter = "amo"')
    _edit(system, 'key = "v"', 'key = "m"')
    found = problems_of(folder)
    lines = system.read_text().splitlines()

    def at(text: str, after: int = 0) -> int:
        return next(n for n, line in enumerate(lines, 1) if n > after and text in line)

    wounds = at('wounds = "stat:Wound"')
    ammo = at('counter = "amo"')
    key = at('key = "m"', after=at('id = "advance"'))
    assert sorted(found) == sorted(
        [
            f"{system}:{wounds}: tracker.damage.wounds: unknown stat 'Wound'; did you mean 'Wnd'?",
            f"{system}:{ammo}: tracker.actions[3].effects[1].counter: unknown counter 'amo'; "
            "did you mean 'ammo'?",
            f"{system}:{key}: tracker.actions[2].key: the key 'm' is used twice in "
            "[[tracker.actions]]; give each one its own key",
        ]
    )


def test_a_newer_catalog_format(tmp_path: Path) -> None:
    folder = _copy(tmp_path, FIXTURES / "catalogs" / "steampocalypse-mini", "steampocalypse-mini")
    _edit(folder / "factions/bac.toml", "warband.catalog/1", "warband.catalog/2")
    found = problems_of(folder)
    assert found == [
        f"{folder}/factions/bac.toml:1: format: unsupported catalog format "
        "'warband.catalog/2'; this warband reads warband.catalog/1; update warband to read "
        "newer catalogs"
    ]


def test_not_a_catalog_folder(tmp_path: Path) -> None:
    assert problems_of(tmp_path) == [
        f"{tmp_path}: no system.toml; a catalog folder holds system.toml and "
        "factions/<faction-id>.toml"
    ]


class TestLibrary:
    def test_user_catalog_replaces_a_bundled_one(self, tmp_path: Path) -> None:
        user = tmp_path / "user"
        _copy(user, bundled_dir() / "punkapocalyptic", "punkapocalyptic")
        _edit(user / "punkapocalyptic/system.toml", 'version = "', 'version = "user-')
        library = Library(user)
        assert library.entries()["punkapocalyptic"].origin == "user"
        assert library.load("punkapocalyptic").system.version.startswith("user-")

    def test_unknown_system(self, tmp_path: Path) -> None:
        with pytest.raises(CatalogError) as caught:
            Library(tmp_path).load("punkapocalyptc")
        assert str(caught.value.problems[0]) == (
            "unknown system 'punkapocalyptc'; did you mean 'punkapocalyptic'?"
        )

    def test_listing_shows_bundled_and_user_catalogs(self, tmp_path: Path) -> None:
        user = tmp_path / "user"
        _copy(user, FIXTURES / "catalogs" / "steampocalypse-mini", "steampocalypse-mini")
        _copy(user, BROKEN, "broken-three")
        code, out, _ = run("--catalog-dir", str(user), "catalogs")
        assert code == 0
        lines = out.splitlines()
        assert lines[0].startswith("punkapocalyptic: Punkapocalyptic, 1st edition (catalog ")
        assert "  gangers: Gangers" in lines
        assert any(
            line.startswith("broken-three (user, ") and "3 problems" in line for line in lines
        )
        assert "  bac: B.A.C. [example]" in lines


def test_a_modifier_applied_by_an_unknown_action(tmp_path: Path) -> None:
    """A modifier ticked after an action (Steam Wars' Charge) names an action of the
    catalog; a misspelt one is found when the catalog is checked. History: issue 31."""
    folder = _copy(tmp_path, FIXTURES / "catalogs" / "steam-wars-mini", "steam-wars-mini")
    _edit(folder / "system.toml", 'actions = ["charge"]', 'actions = ["charg"]')
    found = problems_of(folder)
    assert len(found) == 1, found
    assert "unknown action 'charg'; did you mean 'charge'?" in found[0]
