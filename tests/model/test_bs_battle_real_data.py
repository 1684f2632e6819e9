"""Battles over lists of two more games: a Warhammer 40,000 10th edition Captain's W read
from his profile as his wargear makes it (the Adamantine Cuirass: W 5 to 6,
``tests/model/bsdata/test_nr_real_data.py``), his rifle's attacks and BS as a dice pool; and
a Zone Raiders band, whose profiles name no damage characteristic: a plain count. Marked
``real_data`` with the 40k tests it borrows its Captain from. History: issue 34."""

from __future__ import annotations

from pathlib import Path

import pytest

from catalogs.library import Library
from model.battle.bs_forces import bs_side, characteristic_names, damage_value, new_bs_battle
from model.battle.events import Wound
from model.battle.game_choices import GameChoices, propose_damage
from model.bsdata.building import add_selection, choices, new_force
from model.bsdata.roster import BsRoster
from model.bsdata.roster_toml import BsRosterFile
from model.rolls.pool import Pool, pool_from_profile
from saves.bs_roster_file import read_bs_roster
from tests.bs_teams import cli
from tests.catalogs.test_bsdata_loading import copy_system
from tests.model.bsdata.test_nr_real_data import CRUSADE_FORCE, captain_with, game

pytestmark = pytest.mark.real_data


def test_a_40k_captain_s_wounds_are_his_w_as_his_wargear_makes_it() -> None:
    system = game()
    assert propose_damage(characteristic_names(system)) == "W"
    choices = GameChoices(damage="W")
    for wargear, wounds in (((), 5), (("Adamantine Cuirass",), 6)):
        roster, _ = captain_with(*wargear)
        side = bs_side(0, "Ann", BsRosterFile("wh40k-10e", roster), system, choices)
        [captain] = side.models
        assert (captain.label, damage_value(captain, choices)) == ("Captain", wounds)
    rifle = next(p for p in captain.profiles if p.name == "Master-crafted Bolt Rifle")
    assert (rifle.characteristics["A"], rifle.characteristics["BS"]) == ("2", "2+")
    assert pool_from_profile(rifle.characteristics) == Pool(count=2, sides=6, target=2)


def test_a_zone_raiders_band_counts_plainly(tmp_path: Path) -> None:
    folder = tmp_path / "catalogs"
    copy_system("zone-raiders", folder)
    lists = []
    for name, raider in (("Ann", "Armiger-Captain"), ("Bob", "Cuirassier")):
        path = tmp_path / f"{name}.toml"
        for step in (
            ("new", "zone-raiders", "reclaimers", "--points", "300", "-o", path),
            ("add", path, raider),
        ):
            assert cli("--catalog-dir", folder, *step)[0] == 0
        lists.append((name, read_bs_roster(path)[0]))
    system = Library(folder).load_battlescribe("zone-raiders")
    names = characteristic_names(system)
    # Speed, Shooting, Melee, Defense, Survival, Aptitude: none counts damage
    assert names[:6] == ("Speed", "Shooting", "Melee", "Defense", "Survival", "Aptitude")
    assert propose_damage(names) == ""
    battle = new_bs_battle(system, "zone-raiders", lists, GameChoices())
    captain = battle.setup.sides[0].models[0]
    assert captain.profiles[0].characteristics["Survival"] == "8"
    assert battle.state.wounds_max("A1") == 1
    assert battle.record(Wound(kind="wound", model="A1")).state.is_out("A1")


def test_a_40k_squad_is_its_models_each_with_its_own_gear() -> None:
    """An Intercessor Squad as the data fills it: a Sergeant and 4 Intercessors (one
    selection of 4, holding 4 Bolt Rifles: one each), activating as one unit."""
    system = game()
    marines = next(c for c in system.catalogues if c.name == "Imperium - Space Marines")
    roster = new_force(system, BsRoster("r", "Test", system.id), marines.id, CRUSADE_FORCE)
    force = roster.forces[0].id
    offered = {c.name: c for c in choices(system, roster, force)}
    roster = add_selection(system, roster, force, None, offered["Intercessor Squad"].entry_id)
    side = bs_side(0, "Ann", BsRosterFile("wh40k-10e", roster), system, GameChoices(damage="W"))
    squad = [m for m in side.models if m.label.startswith("Intercessor Squad")]
    assert [m.label for m in squad] == [
        "Intercessor Squad: Intercessor Sergeant",
        *(f"Intercessor Squad: Intercessor {k}/4" for k in range(1, 5)),
    ]
    assert {m.actor for m in squad} == {squad[0].id}
    assert [damage_value(m, GameChoices(damage="W")) for m in squad] == [2] * 5
    rifles = [p for p in squad[1].profiles if p.name == "Bolt Rifle"]
    assert [(p.count, p.characteristics["A"], p.characteristics["BS"]) for p in rifles] == [
        (1, "2", "3+")
    ]
