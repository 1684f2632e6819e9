"""The Steam Wars rules audit: every list rule the rulebook states with "must", "may only",
"always", "cannot", "at most" is catalog data, broken by one roster and kept by another. The
record of the audit, sentence by sentence (004 = the rulebook,
../shared/rules/004_de4158728bbe4e2d.txt; "list:" = a list rule id in catalogs/steam-wars;
"dice:" = the dice helper; "play:" = happens at the table, no list rule can check it):

Unit classes and profiles
- Weapon Profile: a weapon has at most three special rules. list: weapon-rules
  (Prototype: prototype-weapon-rules, a warning)
- Infantry Units: up to six models, at most six wounds. list: infantry-models,
  infantry-wounds (a hero may go past: Hero Models)
- Infantry Units / Weapons Specialist: up to one heavy weapon, one model with a
  support weapon. list: one-support-weapon-per-infantry-unit (warning; Choice: the
  MG weapons)
- Mounted Units: not infantry, no infantry save, cannot Take Cover. dice: the save
  refuses non-infantry; tracker: Take Cover is for infantry only
- Support Units: at most four crew. list: support-crew
- Support Weapons: RES 5 and 2 wounds; each crew member adds 1 wound. list:
  one-support-weapon (Choice), support-weapon-res, support-weapon-wounds,
  support-crew-wounds
- Support Weapons: may not move and shoot; two crew to move. play
- Planes must always use their first action to move. play (not in the tracker)
- Vehicle Cover: no soft cover, hard cover only -1. dice: to_hit_roll, the
  dialog reduces cover for a vehicle target (tests/model/test_dice_d6_audit.py)
- Inflicting Wounds: D6 + ST must exceed RES. dice: wound_needed outside the
  table (tests/model/test_dice_d6_audit.py)
- Infantry Saves: always 5+ at range, never in melee. dice: save_roll
- Dice Modifiers: a natural 1 always fails. dice: every D6 roll
- Indirect: always -1 to hit (the weapon table says: only out of sight). dice: a
  modifier the player ticks; the two texts disagree, so it is not automatic
- Aim: only RoA 1. dice: the dialog refuses. Grenadier: a grenade may not be
  aimed. dice: not refused yet (left: see the report)
- Transport: typically six models; Drop Ship: up to six wounds of infantry.
  play (a roster does not say who rides where)
- Tunnelling: 6" between tokens, deployed first. play
- Leviathans: typically RES 6 and 4 wounds a location. not a rule ("typically")

Specialists, heroes, unconventional units
- Specialist Skills: only one model of each skill in a unit. list:
  one-of-each-specialist
- Grenadier: up to one a unit; a single type of grenade. list: one-grenadier,
  one-grenade-type
- Sniper: one per complete 1000 points. list: snipers-per-1000
- Sniper: alone or with a Spotter in a two man team. list: sniper-team,
  sniper-team-size (Choice: two Snipers in one entry pass)
- Sniper ability: may only be equipped with a Sniper Rifle. list:
  sniper-rifle-only
- Sniper weapon rule: only a Sniper model. list: sniper-weapon-needs-sniper
- Sniper Scope: only with a Sniper Rifle. list: scope-needs-sniper-rifle
- Hero: must take Hero to have hero abilities. list: hero-abilities-need-hero
- Sidekicks: only for a hero not with a unit; same RES; at most six wounds
  together. list: sidekick-needs-hero, sidekick-hero-alone, sidekick-res,
  hero-sidekick-wounds
- Technomage: one per complete 1000 points; must take Hero. list:
  technomages-per-1000, technomage-is-hero
- Mechanical Marvels: robots and drones must take Mechanical. list:
  drone-is-mechanical (a robot unit has no mark on a card: not checked)
- Mechanical Marvels: drones are added to another unit. list: drone-joins-a-unit
- Drones: only infantry units, only one; same RES and wounds as the unit; at
  most RES 5 and 2 wounds. list: drone-in-infantry, one-drone, drone-profile,
  drone-max-res, drone-max-wounds
- Drone ability: ONE drone ability; (Drone) rows only on drones. list:
  one-drone-ability (Choice: over the list), drone-abilities-need-drone
- Drones: the malfunction roll must be made first. play (tracker counter)
- Conductor: may only be taken by a non-mechanical model. list:
  conductor-not-mechanical
- Zombies: treated as infantry; no ranged attacks; all have RES 4; up to twelve
  models. list: zombies-are-infantry, zombies-no-ranged, zombie-res (Choice:
  units of only zombies), horde-models
- Zombies: may not Ready or Take Cover. play (the tracker still offers them to
  zombie units: left, see the report)
- Infect (Zombie). list: infect-needs-zombie

Abilities and weapon special rules
- (Vehicle) rows. list: vehicle-abilities (Choice); Drop Troops, a flying
  vehicle: drop-troops-fly
- (Infantry) rows. list: infantry-abilities (warning; Choice: the book's own
  Treadbikes have Heavy, so they are left out)
- Evade: Planes and Copters may take it. list: evade-planes-copters
- Non-Combatant: has no weapons. list: non-combatant-unarmed
- Persistence: a mechanical model. list: persistence-mechanical (warning)
- Transport: unarmed ones not in the vehicle limit. list: vehicle-limit
- Unruly: may only Move, Advance, Charge, Engage. play
- Rally, One Shot, Boiler: once per game. play (tracker counters)
- Medic: one attempt per enemy activation. play
- Damage 2: only RoA 1. list: damage-2-needs-roa-1 (prototype-damage-2)
- MG: never RoA 1. list: mg-not-roa-1 (prototype-mg)
- Twin-Linked: a ranged weapon; never with MG. list: twin-linked-on-ranged
  (warning), twin-linked-not-mg (prototype-twin-linked-mg)
- Assault: a ranged weapon. list: assault-on-ranged (warning)
- Let 'em have it: a melee weapon. list: let-em-have-it-on-melee (warning)
- Ranged In: RoA 1 artillery weapons. list: ranged-in-roa-1 (warning)
- Bomb: must be dropped from a flying vehicle. list: bombs-on-fliers
- Prototype: may bend the weapon creation rules. list: the four design rules
  leave Prototypes out, the prototype-* warnings take them
- Flying Bomb: minimum range 20". play (a range to the target)
- Points: over the limit by at most the cheapest model. list: points-limit

History: issue 16.
"""

from __future__ import annotations

from typing import Any

import pytest

from catalogs.loader import load_system
from catalogs.locations import bundled_dir
from model.catalog.design import UnitCard
from model.catalog.schema import Catalog, FactionView
from model.core.base import FrozenMap
from model.roster.roster import Roster, RosterUnit
from model.roster.validate import validate
from model.rules.findings import Finding, Report


@pytest.fixture(scope="module")
def catalog() -> Catalog:
    return load_system(bundled_dir() / "steam-wars")


@pytest.fixture(scope="module")
def view(catalog: Catalog) -> FactionView:
    return catalog.view("any")


def card(type: str = "troops", res: int = 4, wounds: int = 1, *groups: dict[str, Any]) -> UnitCard:
    return UnitCard.model_validate(
        {"name": "Test unit", "type": type, "res": res, "wounds": wounds, "models": list(groups)}
    )


def g(count: int = 1, weapons: tuple[str, ...] = ("rifle",), **kw: Any) -> dict[str, Any]:
    """A group of models: how many, their weapons, and any of res, wounds, type,
    abilities and upgrades."""
    return {"count": count, "weapons": list(weapons), **kw}


def check(view: FactionView, *cards: UnitCard | str, limit: int = 1000) -> Report:
    """A list of these designed cards (or the faction's cards, by id), validated."""
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
        name="audit",
        points_limit=limit,
        units=units,
        cards=FrozenMap(designed),
    )
    return validate(view.with_cards(roster.cards), roster)


def codes(report: Report) -> list[str]:
    return [f.code for f in report.findings]


def found(report: Report, code: str) -> Finding:
    hits = [f for f in report.findings if f.code == code]
    assert len(hits) == 1, [(f.code, f.message) for f in report.findings]
    return hits[0]


def breaks(view: FactionView, code: str, *cards: UnitCard | str, **kw: Any) -> Finding:
    """The list breaks this rule, and only this one; its finding."""
    report = check(view, *cards, **kw)
    assert codes(report) == [code], [(f.code, f.message) for f in report.findings]
    return report.findings[0]


def keeps(view: FactionView, *cards: UnitCard | str, **kw: Any) -> None:
    report = check(view, *cards, **kw)
    assert codes(report) == [], [(f.code, f.message) for f in report.findings]


# --- Prototype: the weapon design rules bent, as warnings ---------------------------------------


def upgraded(weapon: str, *rules: str, type: str = "troops") -> UnitCard:
    res = 6 if type == "tracked" else 4
    return card(type, res, 1, g(1, (weapon,), upgrades={weapon: list(rules)}))


def test_a_prototype_may_have_more_than_three_rules_with_a_warning(view: FactionView) -> None:
    # Twin HMG: Anti-Air, Twin-Linked, MG; with Prototype four rules
    f = breaks(view, "prototype-weapon-rules", upgraded("twin-hmg", "prototype", type="tracked"))
    assert f.severity == "warning"
    assert "Twin HMG has 4 special rules" in f.message and "remove 1 rule" in f.message
    assert check(view, upgraded("twin-hmg", "prototype", type="tracked")).valid
    # not a Prototype: the error (tests/catalogs/test_steam_wars_catalog.py)
    assert codes(check(view, upgraded("twin-hmg", "boiler", type="tracked"))) == ["weapon-rules"]
    keeps(view, upgraded("hmg", "prototype", type="tracked"))


def test_a_prototype_may_bend_damage_2_mg_and_twin_linked(view: FactionView) -> None:
    f = breaks(view, "prototype-damage-2", upgraded("smg", "damage-2", "prototype"))
    assert f.severity == "warning" and "remove Damage 2" in f.message
    f = breaks(view, "prototype-mg", upgraded("rifle", "mg", "prototype"))
    assert f.severity == "warning" and "remove MG" in f.message
    f = breaks(view, "prototype-twin-linked-mg", upgraded("smg", "mg", "twin-linked", "prototype"))
    assert f.severity == "warning" and "remove one of the rules" in f.message
    # the same weapons without Prototype are errors
    assert codes(check(view, upgraded("smg", "damage-2"))) == ["damage-2-needs-roa-1"]
    assert codes(check(view, upgraded("rifle", "mg"))) == ["mg-not-roa-1"]
    assert codes(check(view, upgraded("smg", "mg", "twin-linked"))) == ["twin-linked-not-mg"]
    keeps(view, upgraded("rifle", "damage-2", "prototype"))


# --- Weapon special rules that say where they go -----------------------------------------------


def test_bombs_only_on_fliers(view: FactionView) -> None:
    f = breaks(view, "bombs-on-fliers", card("troops", 4, 1, g(1, ("light-bomb",))))
    assert "give them another weapon, or make them an aircraft or give them Fly" in f.message
    keeps(view, card("plane", 5, 3, g(1, ("light-bomb",))))
    keeps(view, card("zeppelin", 6, 4, g(1, ("heavy-bomb",))))
    keeps(view, card("troops", 4, 1, g(1, ("light-bomb",), abilities=["fly"])))


def test_ranged_in_on_roa_1_only(view: FactionView) -> None:
    f = breaks(view, "ranged-in-roa-1", upgraded("smg", "ranged-in"))
    assert f.severity == "warning" and "remove the rule" in f.message
    keeps(view, upgraded("rifle", "ranged-in"))
    keeps(view, "missile-launcher")


def test_assault_and_twin_linked_on_ranged_weapons_let_em_have_it_on_melee(
    view: FactionView,
) -> None:
    f = breaks(view, "assault-on-ranged", upgraded("sword", "assault"))
    assert f.severity == "warning" and "1 melee weapon with Assault" in f.message
    keeps(view, upgraded("rifle", "assault"))
    f = breaks(view, "twin-linked-on-ranged", upgraded("sword", "twin-linked"))
    assert f.severity == "warning" and "remove the rule" in f.message
    keeps(view, upgraded("rifle", "twin-linked"))
    f = breaks(view, "let-em-have-it-on-melee", upgraded("rifle", "let-em-have-it"))
    assert f.severity == "warning" and "1 ranged weapon with Let 'em have it" in f.message
    keeps(view, upgraded("sword", "let-em-have-it"))


# --- Specialists -------------------------------------------------------------------------------


def test_a_grenadier_has_one_type_of_grenade(view: FactionView) -> None:
    both = card("troops", 4, 1, g(5), g(1, ("rifle", "frag-grenade", "anti-vehicle-grenade")))
    f = breaks(view, "one-grenade-type", both)
    assert "has 1 model with both kinds of grenade" in f.message and "remove one" in f.message
    keeps(view, card("troops", 4, 1, g(5), g(1, ("rifle", "frag-grenade", "frag-grenade"))))


def test_one_support_weapon_in_an_infantry_unit(view: FactionView) -> None:
    two = card("troops", 4, 1, g(4), g(2, ("lmg",)))
    f = breaks(view, "one-support-weapon-per-infantry-unit", two)
    assert f.severity == "warning"
    assert "2 models with a machine gun" in f.message and "give 1 model other weapons" in f.message
    keeps(view, "infantry")
    keeps(view, "heavy-infantry")
    keeps(view, "motorised-treadbikes")  # mounted: every rider has a Twin LMG


def sniper(*others: dict[str, Any]) -> UnitCard:
    return card("troops", 4, 1, g(1, ("sniper-rifle",), abilities=["sniper"]), *others)


def test_a_sniper_acts_alone_or_with_a_spotter(view: FactionView) -> None:
    f = breaks(view, "sniper-team", sniper(g(1)))
    assert "1 model with its Sniper that are not Spotters" in f.message
    assert "move 1 model to another unit" in f.message
    keeps(view, sniper())
    keeps(view, sniper(g(1, ("rifle",), abilities=["spotter"])))


def test_a_sniper_team_is_two_models(view: FactionView) -> None:
    # two Snipers (2000 points allow them) and a Spotter: three models
    three = card(
        "troops", 4, 1, g(2, ("sniper-rifle",), abilities=["sniper"]),
        g(1, ("rifle",), abilities=["spotter"]),
    )  # fmt: skip
    f = breaks(view, "sniper-team-size", three, limit=2000)
    assert "has 3 models" in f.message and "remove 1 model" in f.message


def test_a_sniper_carries_only_a_sniper_rifle(view: FactionView) -> None:
    armed = card("troops", 4, 1, g(1, ("sniper-rifle", "pistol"), abilities=["sniper"]))
    f = breaks(view, "sniper-rifle-only", armed)
    assert f.message == (
        "Snipers carry 2 weapons, 1 of them Sniper Rifles: a Sniper may only be armed with a "
        "Sniper Rifle; remove 1 other weapon"
    )
    assert f.where.unit == 0
    keeps(view, sniper())
    # the Spotter of the team may carry what it likes
    keeps(view, sniper(g(1, ("rifle", "pistol"), abilities=["spotter"])))


# --- Kinds of model ----------------------------------------------------------------------------


def test_hero_abilities_need_hero(view: FactionView) -> None:
    lucky = card("troops", 5, 2, g(1, ("pistol",), abilities=["lucky-blighter", "skilled"]))
    f = breaks(view, "hero-abilities-need-hero", lucky)
    assert "add Hero (0 points) or remove the ability" in f.message
    hero = card("troops", 5, 2, g(1, ("pistol",), abilities=["hero", "lucky-blighter", "skilled"]))
    keeps(view, hero)
    keeps(view, "the-iron-man")
    # Zombie brings Unshakeable (a hero ability) along: no Hero needed for it
    keeps(view, card("troops", 4, 1, g(12, ("claws-and-teeth",), abilities=["zombie"])))


def test_vehicle_abilities_on_vehicles(view: FactionView) -> None:
    f = breaks(view, "vehicle-abilities", card("troops", 4, 1, g(1, abilities=["juggernaut"])))
    assert "remove the ability or make them a vehicle" in f.message
    keeps(view, card("tracked", 6, 4, g(1, ("light-ap",), abilities=["juggernaut"])))
    keeps(view, card("small-ship", 6, 3, g(1, ("lmg",), abilities=["ship", "transport"])))


def test_drop_troops_from_a_flying_vehicle(view: FactionView) -> None:
    f = breaks(view, "drop-troops-fly", card("wheeled", 6, 3, g(1, (), abilities=["drop-troops"])))
    assert "make it an aircraft, give it Fly, or remove Drop Troops" in f.message
    keeps(view, card("copter", 5, 3, g(1, ("lmg",), abilities=["drop-troops"])))
    keeps(view, card("skimmer", 5, 3, g(1, ("lmg",), abilities=["fly", "drop-troops"])))


def test_infantry_abilities_on_infantry(view: FactionView) -> None:
    bikes = card("bike", 5, 2, g(2, ("knife",), abilities=["shield"]))
    f = breaks(view, "infantry-abilities", bikes)
    assert f.severity == "warning" and "2 models that are not infantry" in f.message
    keeps(view, card("troops", 4, 1, g(2, abilities=["shield", "agile", "scout"])))
    keeps(view, "motorised-treadbikes")  # the rulebook's own bikes with Heavy


def test_evade_only_for_planes_and_copters(view: FactionView) -> None:
    f = breaks(view, "evade-planes-copters", card("zeppelin", 6, 4, g(1, abilities=["evade"])))
    assert "only planes and copters may take Evade" in f.message
    keeps(view, card("copter", 5, 3, g(1, ("lmg",), abilities=["evade"])))
    keeps(view, "fighter-aircraft")


def test_a_non_combatant_has_no_weapons(view: FactionView) -> None:
    armed = card("troops", 4, 1, g(4), g(1, ("improvised",), abilities=["non-combatant"]))
    f = breaks(view, "non-combatant-unarmed", armed)
    assert "1 Non-Combatant model with a weapon" in f.message
    keeps(view, card("troops", 4, 1, g(4), g(1, (), abilities=["non-combatant", "medic"])))


def test_persistence_is_for_mechanical_models(view: FactionView) -> None:
    f = breaks(
        view, "persistence-mechanical", card("troops", 4, 1, g(2, abilities=["persistence"]))
    )
    assert f.severity == "warning" and "add Mechanical or remove it" in f.message
    keeps(view, card("troops", 4, 1, g(2, abilities=["persistence", "mechanical"])))


# --- Drones ------------------------------------------------------------------------------------


def with_drone(*abilities: str) -> UnitCard:
    return card("troops", 4, 1, g(3), g(1, (), abilities=["drone", *abilities]))


def test_a_drone_is_mechanical(view: FactionView) -> None:
    f = breaks(view, "drone-is-mechanical", with_drone("shield-drone"))
    assert "a drone must take the Mechanical ability; add it" in f.message
    keeps(view, with_drone("mechanical", "shield-drone"))


def test_drone_abilities_only_on_drones(view: FactionView) -> None:
    f = breaks(
        view, "drone-abilities-need-drone", card("troops", 4, 1, g(2, abilities=["combat-drone"]))
    )
    assert "only a drone takes a drone ability" in f.message


def test_a_drone_selects_one_drone_ability(view: FactionView) -> None:
    f = breaks(view, "one-drone-ability", with_drone("mechanical", "shield-drone", "combat-drone"))
    assert f.message == (
        "Drones have 2 drone abilities for 1 drone: a drone selects one drone ability; "
        "remove 1 ability"
    )
    keeps(view, with_drone("mechanical"))  # "may select": none is allowed


def test_a_drone_joins_a_unit(view: FactionView) -> None:
    alone = card("troops", 4, 1, g(1, (), abilities=["drone", "mechanical", "spotter"]))
    f = breaks(view, "drone-joins-a-unit", alone)
    assert "a drone is added to an infantry unit; add it to one" in f.message


# --- Zombies -----------------------------------------------------------------------------------


def zombies(type: str = "troops", res: int = 4, n: int = 12) -> UnitCard:
    return card(type, res, 1, g(n, ("claws-and-teeth",), abilities=["zombie"]))


def test_zombies_are_infantry(view: FactionView) -> None:
    f = breaks(view, "zombies-are-infantry", zombies("bike", n=3))
    assert "3 zombies that are not infantry" in f.message and "make them Troops" in f.message
    keeps(view, zombies("creature"))


def test_zombies_have_res_4(view: FactionView) -> None:
    f = breaks(view, "zombie-res", zombies(res=5, n=6))
    assert f.message.endswith("all zombies have RES 4; set their RES to 4")
    assert "adds up to 30, not 24" in f.message  # six zombies of RES 5, six of RES 4
    keeps(view, zombies())


def test_infect_is_a_zombie_ability(view: FactionView) -> None:
    f = breaks(
        view, "infect-needs-zombie", card("troops", 4, 1, g(3, ("sword",), abilities=["infect"]))
    )
    assert "remove it or take Zombie" in f.message


# --- Heroes and sidekicks ----------------------------------------------------------------------

HERO = g(1, ("pistol",), abilities=["hero"])
SIDEKICK = g(1, ("pistol",), wounds=2, abilities=["sidekick"])


def test_a_sidekick_goes_with_a_hero(view: FactionView) -> None:
    f = breaks(view, "sidekick-needs-hero", card("troops", 5, 2, SIDEKICK))
    assert "add the hero to this unit" in f.message
    keeps(view, card("troops", 5, 4, HERO, SIDEKICK))


def test_a_hero_with_a_unit_takes_no_sidekick(view: FactionView) -> None:
    f = breaks(view, "sidekick-hero-alone", card("troops", 5, 1, HERO, SIDEKICK, g(2)))
    assert "has a sidekick and 2 other models" in f.message
    assert "remove the sidekick or the 2 other models" in f.message
    keeps(view, card("troops", 5, 1, HERO, g(5)))  # a hero joins a unit, no sidekick


# --- Support units -----------------------------------------------------------------------------


def support(res: int = 5, wounds: int = 2, crew_wounds: int = 1, guns: int = 1) -> UnitCard:
    crew = g(2, (), type="troops", res=5, wounds=crew_wounds)
    return card("artillery", res, wounds, g(guns, ("mortar",)), crew)


def test_a_support_unit_is_one_support_weapon(view: FactionView) -> None:
    report = check(view, support(guns=2))
    assert codes(report) == ["one-support-weapon", "support-weapon-res", "support-weapon-wounds"]
    assert "2 support weapons" in found(report, "one-support-weapon").message
    crew_only = card("artillery", 5, 1, g(2, ("rifle",), type="troops"))
    assert "one-support-weapon" in codes(check(view, crew_only))
    keeps(view, support())
    keeps(view, "missile-launcher")


def test_a_support_weapon_has_res_5_and_2_wounds(view: FactionView) -> None:
    f = breaks(view, "support-weapon-res", support(res=6))
    assert f.message.endswith("has RES 6; a support weapon has RES 5: set it to 5")
    f = breaks(view, "support-weapon-wounds", support(wounds=3))
    assert f.message.endswith("has 3 wounds; a support weapon has 2 wounds: set it to 2")


def test_each_crew_member_has_1_wound(view: FactionView) -> None:
    f = breaks(view, "support-crew-wounds", support(crew_wounds=2))
    assert f.message == (
        "Support crews have 4 wounds for 2 crew members: each crew member adds 1 wound; "
        "give them 1 wound each"
    )


# --- the sample cards keep every rule ----------------------------------------------------------


def test_the_audit_rules_are_in_the_catalog(view: FactionView) -> None:
    ids = {r.id for r in view.constraints}
    audited = {
        "prototype-weapon-rules", "prototype-damage-2", "prototype-mg",
        "prototype-twin-linked-mg", "bombs-on-fliers", "ranged-in-roa-1", "assault-on-ranged",
        "twin-linked-on-ranged", "let-em-have-it-on-melee", "one-grenade-type",
        "one-support-weapon-per-infantry-unit", "sniper-team", "sniper-team-size",
        "sniper-rifle-only", "hero-abilities-need-hero", "vehicle-abilities", "drop-troops-fly",
        "infantry-abilities", "evade-planes-copters", "non-combatant-unarmed",
        "persistence-mechanical", "drone-is-mechanical", "drone-abilities-need-drone",
        "one-drone-ability", "drone-joins-a-unit", "zombies-are-infantry", "zombie-res",
        "infect-needs-zombie", "sidekick-needs-hero", "sidekick-hero-alone",
        "one-support-weapon", "support-weapon-res", "support-weapon-wounds",
        "support-crew-wounds",
    }  # fmt: skip
    assert audited <= ids
    assert all(r.source for r in view.constraints if r.id in audited)


def test_every_sample_card_together_is_a_legal_list(view: FactionView) -> None:
    keeps(view, *view.cards, limit=2000)
