"""New Recruit's ``affects``/``scope`` over the real Warhammer 40,000 10th edition data
(``../shared/bsdata/wh40k-10e``, v10.6.0): wargear changing a Space Marines Captain's
stats. Marked ``real_data`` (it reads about 5 MB of the 24, in a second or two, so it is
in the default run; alone: ``pytest -m real_data -n 0 tests/model/bsdata/test_nr_real_data.py``).

The figures are read from the files: the Captain (``Imperium - Space Marines.cat``) has
T 4, W 5 and a Master-crafted Bolt Rifle of BS 2+; the crusade relic Adamantine
Cuirass increments T and W (``affects="self.entries.recursive.profiles.Unit"``,
``scope="model-or-unit"``), the battle trait Marksman's Honours decrements the BS of
his ranged weapons, on a condition whose scope is ``model-or-unit``.
"""

from __future__ import annotations

from functools import cache

import pytest

from model.bsdata.building import add_selection, choices, new_force
from model.bsdata.infos import roster_infos
from model.bsdata.read import read_catalogue
from model.bsdata.roster import BsRoster, Selection
from model.bsdata.system import GameSystem
from model.parse.xml_guard import XmlRefused, parse_xml
from tests.model.bsdata.shared_data import BSDATA

pytestmark = pytest.mark.real_data

FOLDER = BSDATA / "wh40k-10e"
FILES = (
    "Warhammer 40,000.gst",
    "Imperium - Space Marines.cat",
    "Imperium - Agents of the Imperium.cat",
    "Library - Titans.cat",
    "Imperium - Imperial Knights - Library.cat",
    "Library - Astartes Heresy Legends.cat",
)
"""The game system, Space Marines and the catalogues it links to."""
SPACE_MARINES = "sm"
CRUSADE_FORCE = "cac3-71d1-ea4b-795d"


@cache
def game() -> GameSystem:
    if not FOLDER.is_dir():
        pytest.skip(f"{FOLDER} is not there")
    files = []
    for name in FILES:
        root = parse_xml((FOLDER / name).read_bytes())
        assert not isinstance(root, XmlRefused)
        catalogue, problems = read_catalogue(root, name)
        assert catalogue is not None and problems == []
        files.append(catalogue)
    return GameSystem.build(files[0], tuple(files[1:]))


def captain_with(*wargear: str) -> tuple[BsRoster, Selection]:
    """A Crusade force holding a Captain with the named wargear taken."""
    system = game()
    marines = next(c for c in system.catalogues if c.name == "Imperium - Space Marines")
    roster = new_force(system, BsRoster("r", "Test", system.id), marines.id, CRUSADE_FORCE)
    force = roster.forces[0].id
    offered = {c.name: c for c in choices(system, roster, force)}
    roster = add_selection(system, roster, force, None, offered["Captain"].entry_id)
    captain = next(s for s in roster.forces[0].selections if s.name == "Captain")
    inside = {c.name: c for c in choices(system, roster, force, captain.id, every=True)}
    for name in wargear:
        roster = add_selection(system, roster, force, captain.id, inside[name].entry_id)
    captain = next(s for s in roster.forces[0].selections if s.name == "Captain")
    return roster, captain


def unit_stats(roster: BsRoster, captain: Selection) -> dict[str, tuple[str, bool]]:
    infos = roster_infos(game(), roster).of(captain.id)
    profile = next(p for p in infos.profiles if p.type_name == "Unit")
    return {c.name: (c.value, c.changed) for c in profile.characteristics}


def rifle_bs(roster: BsRoster, captain: Selection) -> tuple[str, bool]:
    """The BS of the Master-crafted Bolt Rifle the Captain holds (deeper in his wargear)."""
    infos = roster_infos(game(), roster)
    held = list(captain.selections)
    while held:
        selection = held.pop()
        held.extend(selection.selections)
        for profile in infos.of(selection.id).profiles:
            if profile.name == "Master-crafted Bolt Rifle":
                return next((c.value, c.changed) for c in profile.characteristics if c.name == "BS")
    raise AssertionError("no Master-crafted Bolt Rifle")


def test_adamantine_cuirass_raises_the_captains_toughness_and_wounds() -> None:
    plain = unit_stats(*captain_with())
    assert (plain["T"], plain["W"], plain["SV"]) == (("4", False), ("5", False), ("3+", False))
    armoured = unit_stats(*captain_with("Adamantine Cuirass"))
    assert (armoured["T"], armoured["W"], armoured["SV"]) == (
        ("5", True),
        ("6", True),
        ("3+", False),
    )


def test_marksmans_honours_improves_the_ballistic_skill_of_his_guns() -> None:
    assert rifle_bs(*captain_with()) == ("2+", False)
    assert rifle_bs(*captain_with("Marksman's Honours")) == ("1+", True)
