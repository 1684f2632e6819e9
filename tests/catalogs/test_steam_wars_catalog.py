"""The bundled Steam Wars 2.1 catalog: it loads cleanly, its figures are the rulebook's
(004_de4158728bbe4e2d.txt), its sample cards cost what the house table gives by hand, and
each list rule is broken by one small roster and kept by another."""

from __future__ import annotations

import io
from typing import Any

import pytest

from catalogs.loader import load_system
from catalogs.locations import bundled_dir
from model.catalog.design import UnitCard
from model.catalog.items import Trait, Weapon
from model.catalog.schema import Catalog, FactionView
from model.core.base import FrozenMap
from model.roster.roster import Roster, RosterUnit
from model.roster.validate import validate
from model.rules.findings import Report
from tests.conftest import ROOT
from tui.cli import main

FOLDER = bundled_dir() / "steam-wars"


@pytest.fixture(scope="module")
def catalog() -> Catalog:
    return load_system(FOLDER)


@pytest.fixture(scope="module")
def view(catalog: Catalog) -> FactionView:
    return catalog.view("any")


# --- loading --------------------------------------------------------------------------------


def test_check_reports_no_problems(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)
    out, err = io.StringIO(), io.StringIO()
    code = main(["catalogs", "--check", "catalogs/steam-wars"], out=out, err=err)
    assert code == 0, out.getvalue()
    assert out.getvalue().startswith("catalogs/steam-wars: no problems: Steam Wars")


def test_system_heading(catalog: Catalog) -> None:
    s = catalog.system
    assert (s.id, s.name, s.edition, s.dice, s.default_points_limit) == (
        "steam-wars",
        "Steam Wars",
        "2.1 (World War Zero)",
        "d6",
        1000,
    )
    assert [x.id for x in s.stats] == ["Move", "Res", "Wnd"]
    assert [x.id for x in s.item_stats] == ["RoA", "ST", "Project"]
    assert s.profile_tags == ("RoA",)
    assert list(catalog.factions) == ["any"]


def test_counts(view: FactionView) -> None:
    kinds = [i.kind for i in view.items.values()]
    assert kinds.count("weapon") == 75  # 51 ranged + 4 more bombs + 19 melee + Missile Launcher
    assert kinds.count("ability") == 55  # 54 table rows + the house Sidekick
    assert kinds.count("power") == 13
    assert len(view.rules) == 21
    assert view.design_spec is not None
    assert len(view.design_spec.types) == 18
    assert len(view.cards) == 10


# --- figures against the rulebook ------------------------------------------------------------

# 004 Ranged Weapon Profiles / Bomb Profiles / Melee Weapon Profiles: points, RoA, ST, range.
WEAPONS = {
    "ack-ack": (18, 1, 4, (36,), ["anti-air"]),
    "anti-vehicle-grenade": (5, 1, 4, (6,), ["indirect", "damage-2", "one-shot"]),
    "he": (15, 1, 1, (24,), ["blast"]),
    "hmg": (34, 4, 2, (30,), ["anti-air", "mg"]),
    "lmg": (18, 3, 1, (24,), ["anti-air", "mg"]),
    "mega-cannon": (58, 1, 4, (36,), ["indirect", "blast-x3"]),
    "quad-ack-ack": (43, 4, 3, (36,), ["anti-air"]),
    "rifle": (7, 1, 1, (24,), []),
    "sniper-rifle": (15, 1, 2, (36,), ["sniper-weapon"]),
    "twin-lmg": (28, 3, 1, (24,), ["anti-air", "twin-linked", "mg"]),
    "twin-hmg": (44, 4, 2, (30,), ["anti-air", "twin-linked", "mg"]),
    "v1": (20, 1, 5, (48,), ["flying-bomb", "blast-x3", "one-shot"]),
    "whip": (2, 1, 1, (2,), ["assault"]),
    "light-ap": (11, 1, 3, (24,), []),
    "shock-bomb": (13, 1, 1, (), ["bomb", "blast", "light-shock"]),
    "heavy-shock-bomb": (30, 1, 4, (), ["bomb", "blast", "heavy-shock"]),
    "light-bomb": (15, 1, 1, (), ["bomb", "blast-x2"]),
    "claws-and-teeth": (9, 2, 2, (), []),
    "improvised": (0, 1, 0, (), []),
    "medium-steam-weapon": (17, 2, 4, (), []),
    "sticky-bomb-mk2": (4, 1, 4, (), ["damage-2", "one-shot"]),
    "bayonet": (2, 1, 1, (), ["let-em-have-it"]),
}


@pytest.mark.parametrize("wid", sorted(WEAPONS))
def test_weapon_figures(view: FactionView, wid: str) -> None:
    cost, roa, st, rng, rules = WEAPONS[wid]
    w = view.items[wid]
    assert isinstance(w, Weapon)
    assert (w.cost, w.profile["RoA"], w.profile["ST"], w.range, list(w.rules)) == (
        cost,
        roa,
        st,
        rng,
        rules,
    )


def test_weapon_uses_and_tags(view: FactionView) -> None:
    weapons = {i: w for i, w in view.items.items() if isinstance(w, Weapon)}
    melee = {i for i, w in weapons.items() if w.use == "melee"}
    assert len(melee) == 19
    assert all("melee" in weapons[i].tags and weapons[i].range == () for i in melee)
    bombs = {i for i, w in weapons.items() if "bomb" in w.tags}
    assert bombs == {"heavy-bomb", "heavy-shock-bomb", "light-bomb", "medium-bomb", "shock-bomb"}
    assert all(weapons[b].range_formula == "V" and weapons[b].use == "ranged" for b in bombs)
    grenades = {i for i, w in weapons.items() if "grenade" in w.tags}
    assert grenades == {"frag-grenade", "anti-vehicle-grenade"}
    assert view.item_tags("rifle") >= {"ranged", "roa:1"}


# 004 Weapon Special Rules: points (One Shot -75%).
RULE_POINTS = {
    "anti-air": 1, "assault": 1, "blast": 6, "blast-x2": 9, "blast-x3": 15, "boiler": 2,
    "bomb": 1, "damage-2": 9, "disable": 2, "flying-bomb": 1, "heavy-shock": 8, "impede": 2,
    "indirect": 2, "let-em-have-it": 1, "light-shock": 3, "mg": 1, "prototype": 20,
    "ranged-in": 1, "sniper-weapon": 1, "twin-linked": 10,
}  # fmt: skip


def test_weapon_rule_points(view: FactionView) -> None:
    for rid, rule in view.rules.items():
        assert rule.tags == frozenset({rid})
    assert {r: x.cost for r, x in view.rules.items() if x.cost is not None} == RULE_POINTS
    assert view.rules["one-shot"].percent == -75
    assert view.rules["one-shot"].cost is None


# 004 Model Abilities: points of every row.
ABILITY_POINTS = {
    "accurate": 2, "aggressive": 2, "agile": 1, "camouflage": 5, "combat-drone": 9,
    "conductor": 3, "demolition-drone": 2, "distortion-drone": 12, "dodge": 3, "drone": 0,
    "drop-ship": 12, "drop-troops": 6, "engineer": 5, "evade": 15, "fast": 2, "fly": 1,
    "heavy": 6, "hero": 0, "horde": 0, "infect": 0, "inspire": 5, "juggernaut": 10,
    "jump-troops": 5, "leader": 4, "look-out": 2, "lucky-blighter": 5, "medic": 5,
    "non-combatant": -5, "overwhelm": 0, "parry": 1, "persistence": 1, "rally": 3, "scout": 2,
    "shroud-drone": 5, "shield": 2, "shield-drone": 5, "ship": 0, "skilled": 2, "skimmer": 2,
    "sniper": 2, "sniper-scope": 4, "sound-charge": 5, "spotter": 2, "strong": 2,
    "targeting-drone": 5, "tech": 1, "technomage": 24, "transport": 1, "tunneller": 1,
    "unruly": 0, "unshakeable": 5, "weapon-drone": 0, "zombie": 1, "sidekick": 0,
}  # fmt: skip


def test_ability_points(view: FactionView) -> None:
    abilities = {i: a for i, a in view.items.items() if a.kind == "ability"}
    assert {i: a.cost for i, a in abilities.items() if i != "mechanical"} == ABILITY_POINTS
    mech = abilities["mechanical"]
    assert isinstance(mech, Trait)
    assert (mech.cost, mech.percent, mech.percent_when) == (None, -25, "always")
    transport = abilities["transport"]
    assert isinstance(transport, Trait)
    assert (transport.cost, transport.percent, transport.percent_when) == (1, -50, "unarmed")
    assert abilities["zombie"].includes == ("horde", "unshakeable", "unruly", "overwhelm", "infect")
    assert abilities["sidekick"].data == "house"
    specialists = {i for i, a in abilities.items() if "specialist" in a.tags}
    assert specialists == {"medic", "engineer", "spotter"}
    drone_configs = {i for i, a in abilities.items() if "drone-ability" in a.tags}
    assert drone_configs == {
        "combat-drone", "demolition-drone", "distortion-drone", "shield-drone",
        "shroud-drone", "targeting-drone", "weapon-drone",
    }  # fmt: skip
    for i, a in abilities.items():
        assert i in a.tags


# 004 Arctech Powers: project values.
POWERS = {
    "augment": 5, "conceal": 4, "confuse": 5, "disassemble": 5, "infuse": 4, "invigorate": 4,
    "impair": 5, "paradox": 5, "rebuild": 4, "reveal": 4, "smite": 5, "translocate": 5,
    "weakness": 5,
}  # fmt: skip


def test_power_project_values(view: FactionView) -> None:
    powers = {i: p for i, p in view.items.items() if p.kind == "power"}
    assert {i: p.profile["Project"] for i, p in powers.items()} == POWERS
    assert all(p.cost is None for p in powers.values())


# 004 Movement: class, type and Move.
MOVEMENT = {
    "troops": ("infantry", 6), "creature": ("infantry", 8), "bike": ("mounted", 10),
    "cavalry": ("mounted", 10), "artillery": ("support", 6), "mech": ("vehicle", 6),
    "wheeled": ("vehicle", 10), "tracked": ("vehicle", 8), "tunnelling": ("vehicle", 4),
    "drop-ship": ("vehicle", 0), "skimmer": ("vehicle", 8), "plane": ("aircraft", 12),
    "copter": ("aircraft", 10), "zeppelin": ("aircraft", 8), "skyship": ("aircraft", 8),
    "small-ship": ("ship", 8), "medium-ship": ("ship", 6), "large-ship": ("ship", 4),
}  # fmt: skip


def test_movement_table(view: FactionView) -> None:
    spec = view.design_spec
    assert spec is not None and spec.data == "house"
    assert {t.id: (t.unit_class, t.move) for t in spec.types} == MOVEMENT
    assert dict(spec.wound_cost) == {"3": 2, "4": 4, "5": 6, "6": 9, "7": 12}


# --- sample cards: totals worked out by hand (see the comments in factions/any.toml) ---------

CARD_COSTS = {
    # 5 x (troops 1 + 1 x 4 + Rifle 7 + Bayonet 2 = 14) + (5 + LMG 18 + Knife 1 = 24) = 94
    "infantry": 94,
    # base 1 + 6 = 7; Sergeant 7+5+4+2+6 = 24; 4 x (7+5+2+6 = 20) = 80; gunner 7+18+5+2+6 = 38
    "heavy-infantry": 142,
    # 6 x ceil((1 + 4 + Shock Gun 9) x 0.75 = 10.5) = 6 x 11
    "robot-infantry": 66,
    # base 4 + 2 x 6 = 16; Sergeant 16+28+1+4+6 = 55; 2 x (16+28+1+6 = 51) = 102
    "motorised-treadbikes": 157,
    # launcher 5 + 2 x 6 + 26 = 43; 2 crew x (1 + 6) = 14
    "missile-launcher": 57,
    # mech 10 + 3 x 9 + Light AP 11 + Twin LMG 28
    "quad-walker": 76,
    # tracked 10 + 4 x 9 + Light AP 11
    "light-tank": 57,
    # 46 + Medium AP 24 + HMG 34
    "medium-tank": 104,
    # plane 15 + 3 x 6 + Twin HMG 44 + Fly 1 + Evade 15
    "fighter-aircraft": 93,
    # troops 1 + 4 x 6 + Repulsors 18 + HSW 16 + 0 + 5 + 5 + 2 + 5
    "the-iron-man": 76,
}


@pytest.mark.parametrize("cid", sorted(CARD_COSTS))
def test_sample_card_cost(view: FactionView, cid: str) -> None:
    design = view.designs[cid]
    assert design.problems == ()
    assert design.card.data == "example"
    assert design.costing is not None
    assert design.costing.total == CARD_COSTS[cid]


@pytest.mark.parametrize("cid", sorted(CARD_COSTS))
def test_each_sample_card_alone_is_a_legal_list(view: FactionView, cid: str) -> None:
    assert codes(check(view, cid)) == []


# --- list rules: one roster that breaks each, one that keeps it ---------------------------------


def card(type: str = "troops", res: int = 4, wounds: int = 1, *groups: dict[str, Any]) -> UnitCard:
    return UnitCard.model_validate(
        {"name": "Test unit", "type": type, "res": res, "wounds": wounds, "models": list(groups)}
    )


def g(count: int = 1, weapons: tuple[str, ...] = ("rifle",), **kw: Any) -> dict[str, Any]:
    return {"count": count, "weapons": list(weapons), **kw}


def check(
    view: FactionView,
    *cards: UnitCard | str,
    limit: int = 1000,
    settings: dict[str, int] | None = None,
) -> Report:
    designed = {f"c{n}": c for n, c in enumerate(cards) if isinstance(c, UnitCard)}
    units = tuple(
        RosterUnit(unit=c, models=view.cards[c].model_count)
        if isinstance(c, str)
        else RosterUnit(unit=f"c{n}", models=c.model_count)
        for n, c in enumerate(cards)
    )
    roster = Roster(
        system="steam-wars",
        faction="any",
        name="test",
        points_limit=limit,
        units=units,
        cards=FrozenMap(designed),
        settings=FrozenMap(settings or {}),
    )
    return validate(view.with_cards(roster.cards), roster)


def codes(report: Report) -> list[str]:
    return [f.code for f in report.findings]


def test_points_limit_with_cheapest_model_tolerance(view: FactionView) -> None:
    # one Light Tank (57) against 50: 7 over, within the cheapest model (57): a warning
    within = check(view, "light-tank", limit=50)
    assert [(f.code, f.severity) for f in within.findings] == [("points-limit", "warning")]
    assert "-1" in within.findings[0].message and "initiative" in within.findings[0].message
    # two Light Tanks (114) against 50: 64 over, more than 57: an error
    over = check(view, "light-tank", "light-tank", limit=50)
    assert [(f.code, f.severity) for f in over.findings] == [("points-limit", "error")]
    assert codes(check(view, "light-tank", limit=100)) == []


def test_points_limit_tolerance_boundary(view: FactionView) -> None:
    """Over by exactly the cheapest model is still allowed; one point more is not.

    Two Light Tanks, 57 each (tracked 10 + 4 x 9 + Light AP 11): 114 points, and the
    cheapest model of the list is one Light Tank, 57 points."""
    # against 57: 114 - 57 = 57 over, no more than 57: a warning, the list is legal
    at_edge = check(view, "light-tank", "light-tank", limit=57)
    assert [(f.code, f.severity) for f in at_edge.findings] == [("points-limit", "warning")]
    assert at_edge.valid
    assert "114 points is 57 over the limit of 57" in at_edge.findings[0].message
    assert "no more than the cheapest model (57)" in at_edge.findings[0].message
    # against 56: 114 - 56 = 58 over, one more than 57: an error, the list is not legal
    past_edge = check(view, "light-tank", "light-tank", limit=56)
    assert [(f.code, f.severity) for f in past_edge.findings] == [("points-limit", "error")]
    assert not past_edge.valid


def test_infantry_models(view: FactionView) -> None:
    # seven one-wound models also have seven wounds
    assert codes(check(view, card("troops", 4, 1, g(7)))) == ["infantry-models", "infantry-wounds"]
    six_and_hero = card("troops", 4, 1, g(6), g(1, abilities=["hero"]))
    assert codes(check(view, six_and_hero)) == []


def test_horde_models(view: FactionView) -> None:
    zombies = card("troops", 4, 1, g(13, ("claws-and-teeth",), abilities=["zombie"]))
    assert codes(check(view, zombies)) == ["horde-models"]
    twelve = card("troops", 4, 1, g(12, ("claws-and-teeth",), abilities=["zombie"]))
    assert codes(check(view, twelve)) == []


def test_infantry_wounds(view: FactionView) -> None:
    assert codes(check(view, card("troops", 5, 2, g(4)))) == ["infantry-wounds"]
    assert codes(check(view, card("troops", 5, 2, g(3)))) == []
    # a hero may take a unit past six wounds (004 Hero Models)
    with_hero = card("troops", 4, 1, g(6), g(1, wounds=4, abilities=["hero"]))
    assert codes(check(view, with_hero)) == []


def support(crew: int) -> UnitCard:
    return card("artillery", 5, 2, g(1, ("mortar",)), g(crew, (), type="troops", res=5, wounds=1))


def test_support_crew_keep(view: FactionView) -> None:
    assert codes(check(view, support(4))) == []


def test_support_crew_break(view: FactionView) -> None:
    assert codes(check(view, support(5))) == ["support-crew"]


def test_one_of_each_specialist(view: FactionView) -> None:
    two_medics = card("troops", 4, 1, g(4), g(2, abilities=["medic"]))
    assert codes(check(view, two_medics)) == ["one-of-each-specialist"]
    one_each = card(
        "troops", 4, 1, g(3), g(1, abilities=["medic"]), g(1, abilities=["engineer"]),
        g(1, abilities=["spotter"]),
    )  # fmt: skip
    assert codes(check(view, one_each)) == []


def test_one_grenadier(view: FactionView) -> None:
    two = card("troops", 4, 1, g(4), g(2, ("rifle", "frag-grenade")))
    assert codes(check(view, two)) == ["one-grenadier"]
    one = card("troops", 4, 1, g(5), g(1, ("rifle", "anti-vehicle-grenade")))
    assert codes(check(view, one)) == []


def drone_unit(unit_res: int = 4, unit_wounds: int = 1, drones: int = 1, **drone: Any) -> UnitCard:
    """Two soldiers and a shield drone; ``drone`` overrides the drone's res or wounds."""
    return card(
        "troops", unit_res, unit_wounds, g(2),
        g(drones, (), abilities=["drone", "mechanical", "shield-drone"], **drone),
    )  # fmt: skip


def test_one_drone(view: FactionView) -> None:
    # two drones also add up to RES 8 in the per-drone RES count
    assert codes(check(view, drone_unit(drones=2))) == ["one-drone", "drone-max-res"]
    assert codes(check(view, drone_unit())) == []


def test_drone_only_in_infantry(view: FactionView) -> None:
    tank = card("tracked", 5, 1, g(1, ("light-ap",)), g(1, (), abilities=["drone"]))
    assert codes(check(view, tank)) == ["drone-in-infantry"]


def test_drone_has_its_units_profile(view: FactionView) -> None:
    assert codes(check(view, drone_unit(unit_res=5))) == []
    assert codes(check(view, drone_unit(4, 1, 1, res=5))) == ["drone-profile"]
    assert codes(check(view, drone_unit(4, 1, 1, wounds=2))) == ["drone-profile"]


def test_drone_at_most_res_5_and_2_wounds(view: FactionView) -> None:
    assert codes(check(view, drone_unit(unit_res=6))) == ["drone-max-res"]
    one_soldier = card(
        "troops", 5, 3, g(1), g(1, (), abilities=["drone", "mechanical", "targeting-drone"])
    )
    assert codes(check(view, one_soldier)) == ["drone-max-wounds"]
    assert codes(check(view, drone_unit(unit_res=5, unit_wounds=2))) == []


def sniper_team(snipers: int = 1) -> UnitCard:
    return card("troops", 4, 1, g(snipers, ("sniper-rifle",), abilities=["sniper"]))


def test_snipers_per_complete_1000(view: FactionView) -> None:
    assert codes(check(view, sniper_team(2))) == ["snipers-per-1000"]
    assert codes(check(view, sniper_team(), limit=999)) == ["snipers-per-1000"]
    assert codes(check(view, sniper_team(2), limit=2000)) == []
    assert codes(check(view, sniper_team())) == []


def mage(n: int = 1, hero: bool = True) -> UnitCard:
    abilities = ["hero", "technomage"] if hero else ["technomage"]
    return card("troops", 5, 2, g(n, ("pistol",), abilities=abilities))


def test_technomages_per_complete_1000(view: FactionView) -> None:
    assert codes(check(view, mage(), mage())) == ["technomages-per-1000"]
    assert codes(check(view, mage(), mage(), limit=2500)) == []


def test_technomage_must_be_a_hero(view: FactionView) -> None:
    assert codes(check(view, mage(hero=False))) == ["technomage-is-hero"]
    assert codes(check(view, mage())) == []


def test_damage_2_only_on_roa_1(view: FactionView) -> None:
    bad = card("troops", 4, 1, g(1, ("smg",), upgrades={"smg": ["damage-2"]}))
    assert codes(check(view, bad)) == ["damage-2-needs-roa-1"]
    good = card("troops", 4, 1, g(1, ("rifle",), upgrades={"rifle": ["damage-2"]}))
    assert codes(check(view, good)) == []


def test_mg_never_on_roa_1(view: FactionView) -> None:
    bad = card("troops", 4, 1, g(1, ("rifle",), upgrades={"rifle": ["mg"]}))
    assert codes(check(view, bad)) == ["mg-not-roa-1"]
    good = card("troops", 4, 1, g(1, ("smg",), upgrades={"smg": ["mg"]}))
    assert codes(check(view, good)) == []


def test_twin_linked_never_with_mg_but_printed_twins_stand(view: FactionView) -> None:
    bad = card("tracked", 6, 4, g(1, ("hmg",), upgrades={"hmg": ["twin-linked"]}))
    assert codes(check(view, bad)) == ["twin-linked-not-mg"]
    printed = card("tracked", 6, 4, g(1, ("twin-hmg", "twin-lmg")))
    assert codes(check(view, printed)) == []


def test_sniper_weapons_only_on_a_sniper(view: FactionView) -> None:
    bad = card("troops", 4, 1, g(1, ("sniper-rifle",)))
    assert codes(check(view, bad)) == ["sniper-weapon-needs-sniper"]
    assert codes(check(view, sniper_team())) == []


def test_sniper_scope_needs_a_sniper_rifle(view: FactionView) -> None:
    bad = card("troops", 4, 1, g(1, ("rifle",), abilities=["sniper-scope"]))
    assert codes(check(view, bad)) == ["scope-needs-sniper-rifle"]
    good = card("troops", 4, 1, g(1, ("sniper-rifle",), abilities=["sniper", "sniper-scope"]))
    assert codes(check(view, good)) == []


def hero_and_sidekick(res: int, wounds: int) -> UnitCard:
    return card(
        "troops", 5, 4, g(1, ("pistol",), abilities=["hero"]),
        g(1, ("pistol",), res=res, wounds=wounds, abilities=["sidekick"]),
    )  # fmt: skip


def test_sidekick_has_its_heros_res(view: FactionView) -> None:
    assert codes(check(view, hero_and_sidekick(4, 2))) == ["sidekick-res"]
    assert codes(check(view, hero_and_sidekick(5, 2))) == []


def test_hero_and_sidekick_at_most_6_wounds(view: FactionView) -> None:
    assert codes(check(view, hero_and_sidekick(5, 3))) == ["hero-sidekick-wounds"]
    assert codes(check(view, hero_and_sidekick(5, 2))) == []


def test_conductor_not_on_a_mechanical_model(view: FactionView) -> None:
    bad = card("troops", 4, 1, g(1, abilities=["mechanical", "conductor"]))
    assert codes(check(view, bad)) == ["conductor-not-mechanical"]
    good = card("troops", 4, 1, g(1, abilities=["conductor"]), g(2, abilities=["mechanical"]))
    assert codes(check(view, good)) == []


def test_zombies_make_no_ranged_attacks(view: FactionView) -> None:
    bad = card("troops", 4, 1, g(6, ("rifle",), abilities=["zombie"]))
    assert codes(check(view, bad)) == ["zombies-no-ranged"]
    good = card("troops", 4, 1, g(6, ("claws-and-teeth",), abilities=["zombie"]))
    assert codes(check(view, good)) == []


def test_vehicle_limit_is_a_roster_setting(view: FactionView) -> None:
    tanks = ("light-tank", "light-tank", "light-tank")
    assert codes(check(view, *tanks)) == []  # off while the roster does not set it
    assert codes(check(view, *tanks, settings={"vehicle-limit": 2})) == ["vehicle-limit"]
    assert codes(check(view, *tanks, settings={"vehicle-limit": 3})) == []
    unarmed_transport = card("wheeled", 6, 3, g(1, (), abilities=["transport"]))
    armed_transport = card("wheeled", 6, 3, g(1, ("lmg",), abilities=["transport"]))
    two = {"vehicle-limit": 2}
    assert codes(check(view, "light-tank", "light-tank", unarmed_transport, settings=two)) == []
    assert codes(check(view, "light-tank", "light-tank", armed_transport, settings=two)) == [
        "vehicle-limit"
    ]


def test_unarmed_transport_costs_half(view: FactionView) -> None:
    unarmed = card("wheeled", 6, 3, g(1, (), abilities=["transport"]))
    # wheeled 8 + 3 x 9 = 35 + Transport 1 = 36, -50% = 18
    assert check(view, unarmed).points == 18
    armed = card("wheeled", 6, 3, g(1, ("lmg",), abilities=["transport"]))
    # 35 + LMG 18 + 1 = 54, no reduction with a weapon
    assert check(view, armed).points == 54


def test_one_shot_upgrade_costs_a_quarter(view: FactionView) -> None:
    # troops 1 + 4 = 5; Light AP 11 with One Shot -75% = 2.75, rounded up 3 -> 8
    c = card("troops", 4, 1, g(1, ("light-ap",), upgrades={"light-ap": ["one-shot"]}))
    assert check(view, c).points == 8


def test_weapon_has_at_most_three_special_rules(view: FactionView) -> None:
    """Four rules (Twin HMG's three and Boiler) is too many; three is allowed."""
    four = card("tracked", 6, 4, g(1, ("twin-hmg",), upgrades={"twin-hmg": ["boiler"]}))
    assert codes(check(view, four)) == ["weapon-rules"]
    three = card("tracked", 6, 4, g(1, ("hmg",), upgrades={"hmg": ["boiler"]}))
    assert codes(check(view, three)) == []


def test_weapon_rules_rule_is_active_in_the_catalog(view: FactionView) -> None:
    assert "weapon-rules" in {r.id for r in view.constraints}
