"""The dice helper with the bundled Steam Wars catalog: a shot at a tank in hard cover takes
the vehicle's one step less of cover, and a charging steam fist past the wound table's last
column wounds by the rule D6 + ST > RES. Pressed and clicked like a person; every number
worked out by hand from the rulebook (004_de4158728bbe4e2d.txt) and the catalog's sample
cards.

The battle's dice are seeded: seed 5, roll 0 gives the D6s 6, 2, 2, 5, 5; roll 1 gives
1, 5, 4.

History: issue 16, the rules audit.
"""

from __future__ import annotations

from model.battle.battle import Battle, new_battle
from model.battle.events import Roll
from model.roster.roster import RosterUnit
from tests.helpers import bundled, roster
from tests.tui.test_dice_dialog import WIDE, Host, choose, roll, rolls, shown, tick


def tank_battle() -> Battle:
    """Side A: the sample Infantry (A1-A5 riflemen, A6 the LMG gunner) and The Iron Man
    (A7); side B: a Light Tank (B1, RES 6, 4 wounds)."""
    catalog = bundled("steam-wars")
    view = catalog.view("any")
    ana = roster(view, RosterUnit(unit="infantry", models=6), RosterUnit(unit="the-iron-man"))
    ben = roster(view, RosterUnit(unit="light-tank"))
    return new_battle(catalog, [("Ana", ana, view), ("Ben", ben, view)], seed=5)


async def test_a_tank_in_hard_cover_and_a_charging_steam_fist() -> None:
    app = Host(tank_battle(), "A1", catalog=bundled("steam-wars"))
    async with app.run_test(size=WIDE) as pilot:
        await pilot.pause()
        await choose(pilot, "cover-kind", "hard")
        await roll(pilot)
        # By hand (004 Roll to Hit; Intervening Terrain; Vehicle Cover): 4+ to hit; hard
        # cover is -2 (6+) for infantry, but a vehicle claims one step less: -1, so 5+.
        # The five riflemen fire a Rifle each (RoA 1): five dice, 6, 2, 2, 5, 5: 3 hits.
        assert rolls(app)[-1] == Roll(
            kind="roll",
            title="To hit: A1 Infantry 1/6 with the Rifle at B1 Light Tank",
            dice=(6, 2, 2, 5, 5),
            detail=(
                "Hard cover -2 reduced by 1 (vehicle target): -1; "
                "Ranged to hit 4+ - Hard cover 1: needs 5+; rolled 6, 2, 2, 5, 5"
            ),
            outcome="3 hits from 5 attacks",
        )
        assert "3 hits from 5 attacks" in shown(pilot, "dice-result")

        await choose(pilot, "kind", "wound")
        await choose(pilot, "roller", "a7")
        await choose(pilot, "weapon", "heavy steam")
        # the Hits field keeps the 3 hits of the last roll (the tank is still the target)
        await tick(pilot, "modifiers", "Charge")
        await roll(pilot)
        # By hand (004 Inflicting Wounds; Melee Attacks; Heavy Steam Weapon ST 4, Damage
        # 2): a charge adds ST +1, so ST 5, past the table's last column (ST 4): the die
        # plus 5 must exceed the tank's RES 6, so 2+. Three hits: 1, 5, 4: the 1 fails
        # (1 + 5 = 6 is not more than 6), the 5 and the 4 wound: 2 x Damage 2 = 4 wounds.
        assert rolls(app)[-1] == Roll(
            kind="roll",
            title="Wound: A7 The Iron Man with the Heavy Steam Weapon at B1 Light Tank",
            dice=(1, 5, 4),
            detail=(
                "ST 4 + Charge 1 = 5 against RES 6: needs 2+ "
                "(the rule: D6 + ST must exceed RES); rolled 1, 5, 4"
            ),
            outcome="4 wounds from 3 hits (2 successes, Damage 2 each)",
        )
        assert "the rule: D6 + ST must exceed RES" in shown(pilot, "dice-result")
