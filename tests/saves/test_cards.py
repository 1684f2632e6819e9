"""Designed units in files: a roster's cards, and a player's house file.

A card is written as a person would write it (lists on one line), reads back
identical, names its mistakes with the line, and can be kept in the user catalog
(``<catalog-dir>/<system>/house.toml``) where every new list of the system sees it.
"""

from __future__ import annotations

import base64
import io
import json
import zlib
from pathlib import Path

import pytest

from catalogs.library import Library
from model.catalog.design import UnitCard
from model.core.problems import RosterError, SaveError
from model.roster.roster import Roster, RosterUnit
from saves.house_file import house_path, read_house, save_card
from saves.roster_file import read_roster, resolve, roster_to_toml, write_roster
from tests.conftest import FIXTURES
from tui.cli import main

SECTION = UnitCard.model_validate(
    {
        "name": "Rifle Section",
        "type": "troops",
        "res": 4,
        "models": [
            {"name": "Sergeant", "weapons": ["rifle"], "abilities": ["leader"]},
            {
                "name": "Rifleman",
                "count": 3,
                "weapons": ["rifle"],
                "upgrades": {"rifle": ["boiler"]},
            },
        ],
    }
)

TEXT = """\
format = "warband.roster/1"
system = "designer-mini"
faction = "any"
name = "Brass"
points_limit = 1000

[settings]
vehicle-limit = 2

[cards.rifle-section]
name = "Rifle Section"
type = "troops"
res = 4

[[cards.rifle-section.models]]
name = "Sergeant"
weapons = ["rifle"]
abilities = ["leader"]

[[cards.rifle-section.models]]
name = "Rifleman"
count = 3
weapons = ["rifle"]
upgrades = { rifle = ["boiler"] }

[[units]]
unit = "rifle-section"
models = 4
"""


def brass() -> Roster:
    return Roster(
        system="designer-mini",
        faction="any",
        name="Brass",
        points_limit=1000,
        cards={"rifle-section": SECTION},  # type: ignore[arg-type]
        settings={"vehicle-limit": 2},  # type: ignore[arg-type]
        units=(RosterUnit(unit="rifle-section", models=4),),
    )


def library(tmp_path: Path) -> Library:
    return Library(tmp_path / "user", bundled=FIXTURES / "catalogs")


def test_a_card_is_written_as_a_person_would(tmp_path: Path) -> None:
    assert roster_to_toml(brass()) == TEXT
    path = tmp_path / "brass.toml"
    write_roster(path, brass())
    assert read_roster(path)[0] == brass()


def test_a_mistake_in_a_card_names_its_line(tmp_path: Path) -> None:
    path = tmp_path / "brass.toml"
    path.write_text(
        TEXT.replace('weapons = ["rifle"]\nabilities', 'weapons = ["rifel"]\nabilities')
    )
    roster, source = read_roster(path)
    with pytest.raises(RosterError) as caught:
        resolve(roster, source, library(tmp_path).load)
    assert caught.value.render().splitlines()[1:] == [
        f"  {path}:17: cards.rifle-section.models[1].weapons: unknown weapon 'rifel'; "
        "did you mean 'rifle'?"
    ]


def test_the_card_command_shows_the_arithmetic_and_saves(tmp_path: Path) -> None:
    path = tmp_path / "brass.toml"
    path.write_text(TEXT.replace("designer-mini", "steam-wars"))
    user = str(tmp_path / "user")
    out = io.StringIO()
    assert main(["--catalog-dir", user, "card", str(path)], out=out) == 0
    lines = out.getvalue().splitlines()
    assert lines[0].startswith("Rifle Section [rifle-section]: ")
    assert lines[1].startswith("  Sergeant: base ") and lines[1].endswith(" house points")
    out = io.StringIO()
    assert main(["--catalog-dir", user, "card", str(path), "rifle-section", "--save"], out=out) == 0
    assert (tmp_path / "user" / "steam-wars" / "house.toml").is_file()
    out = io.StringIO()
    assert main(["--catalog-dir", user, "catalogs", "steam-wars", "any"], out=out) == 0
    assert "rifle-section: Rifle Section" in out.getvalue()


class TestHouseFile:
    def setup(self, tmp_path: Path) -> Library:
        user = tmp_path / "user"
        user.mkdir()
        return Library(user, bundled=FIXTURES / "catalogs")

    def test_a_saved_card_is_a_unit_of_every_faction(self, tmp_path: Path) -> None:
        lib = self.setup(tmp_path)
        path = save_card(lib.user_dir, "designer-mini", "rifle-section", SECTION)
        assert path == tmp_path / "user" / "designer-mini" / "house.toml"
        view = Library(lib.user_dir, bundled=lib.bundled_dir).load("designer-mini").view("any")
        assert view.units["rifle-section"].name == "Rifle Section"
        # 16 + 3 x 14 = 58 (see tests/model/test_design.py for the house table)
        assert view.units["rifle-section"].cost == 58

    def test_saving_keeps_the_other_cards(self, tmp_path: Path) -> None:
        lib = self.setup(tmp_path)
        save_card(lib.user_dir, "designer-mini", "a", SECTION)
        save_card(lib.user_dir, "designer-mini", "b", SECTION.model_copy(update={"name": "B"}))
        house = read_house(house_path(lib.user_dir, "designer-mini"))
        assert list(house.cards) == ["a", "b"]

    def test_a_broken_house_file_is_never_overwritten(self, tmp_path: Path) -> None:
        lib = self.setup(tmp_path)
        path = house_path(lib.user_dir, "designer-mini")
        path.parent.mkdir(parents=True)
        path.write_text('format = "warband.catalog/1"\n[cards.x\n')
        with pytest.raises(SaveError):
            save_card(lib.user_dir, "designer-mini", "a", SECTION)
        assert path.read_text() == 'format = "warband.catalog/1"\n[cards.x\n'

    def test_a_house_file_can_replace_the_base_cost_table(self, tmp_path: Path) -> None:
        lib = self.setup(tmp_path)
        path = house_path(lib.user_dir, "designer-mini")
        path.parent.mkdir(parents=True)
        system = (FIXTURES / "catalogs" / "designer-mini" / "system.toml").read_text()
        design = system[system.index("[design]") : system.index("[rules.boiler]")]
        path.write_text('format = "warband.catalog/1"\n' + design.replace('"4" = 4', '"4" = 5'))
        roster = brass()
        view = lib.load("designer-mini").view("any").with_cards(roster.cards)
        # every model's single RES 4 wound costs 5, not 4: 58 + 4 models = 62
        assert view.designs["rifle-section"].unit.cost == 62

    def test_a_mistake_in_a_house_file_is_reported_with_its_line(self, tmp_path: Path) -> None:
        user = tmp_path / "user"
        save_card(user, "steam-wars", "rifle-section", SECTION)
        path = house_path(user, "steam-wars")
        path.write_text(path.read_text().replace('abilities = ["leader"]', 'abilities = ["lead"]'))
        out = io.StringIO()
        code = main(["--catalog-dir", str(user), "catalogs", "--check", str(path.parent)], out=out)
        assert code == 1
        assert f"{path}:11: cards.rifle-section.models[1].abilities: unknown ability 'lead'" in (
            out.getvalue()
        )


def test_a_share_code_carries_the_cards_and_settings() -> None:
    from saves.share_code import decode, encode

    code = encode(brass())
    assert decode(code) == brass()
    # a list without cards keeps the code it always had: seven fields, no cards
    plain = brass().model_copy(update={"cards": {}, "settings": {}, "units": ()})
    body = encode(plain).removeprefix("WB1-")
    doc = json.loads(zlib.decompress(base64.urlsafe_b64decode(body + "=" * (-len(body) % 4))))
    assert len(doc) == 7
