"""The dice helper dialog, used like a person at the table: choose, type, roll.

A small host app stands in for the tracker: it holds the battle and records what the
dialog logs. Each test works out the expected result with ``model.rolls.dice`` from the same
inputs and the battle's next dice, and checks that exactly that went into the log; and
for every kind of roll the dialog offers, at least one roll's dice, target and outcome
are also worked out by hand (in a comment, from the rulebooks in ../shared/rules/ and
the catalog's figures) and checked as written numbers, so a roll function that went
wrong with the dialog would not pass by agreeing with itself.

The dice are the battle's seeded dice: die ``k`` of roll number ``n`` of seed ``s`` is
``die_value(s, n, k, sides)``, the same on every machine. The ones these tests use:

* seed 7, roll 0: d10 10, 4; d6 5, 2;
* seed 11, rolls 0, 1, 2: first d10 9, 5, 7;
* seed 2, roll 0: d10 8, 7;
* seed 3, roll 0: d10 8; roll 1: d6 3;
* seed 5, rolls 0 to 6, d6: (6, 2, 2), (1, 5), (2, 5), (1,), (4,), (4,), (2,).
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import pairwise

from rich.text import Text
from textual.app import App
from textual.pilot import Pilot
from textual.widgets import Input, Select, SelectionList, Static

from model.battle.battle import Battle, new_battle
from model.battle.events import Activate, Event, Roll, RollOff, SetCounter
from model.battle.refused import Refused
from model.battle.text import who
from model.catalog.schema import Catalog, FactionView
from model.catalog.tracker_rolls import TableRow, TableSpec
from model.rolls.d6.checks import TargetRoll
from model.rolls.d6.initiative import InitiativeRoll
from model.rolls.d6.saves import save_roll
from model.rolls.d6.to_hit import to_hit_roll
from model.rolls.d6.wounds import wound_roll as d6_wound_roll
from model.rolls.dice import Dice, Modifier, next_dice
from model.rolls.families import roll as dialog_roll
from model.rolls.families import turn_order
from model.rolls.forms import Form
from model.rolls.game import Game
from model.rolls.profiles import WeaponStats, armour_of
from model.rolls.punk.attribute import attribute_roll
from model.rolls.punk.falling import falling_roll
from model.rolls.punk.opposed import Contender, opposed_roll
from model.rolls.punk.shooting import shooting_roll
from model.rolls.punk.steam import steam_roll
from model.rolls.punk.wounds import cover_modifier, wound_roll
from model.rolls.tables import find_table, table_lookup, table_roll
from model.roster.roster import Roster
from saves.roster_file import read_roster
from tests.conftest import FIXTURES
from tests.helpers import bundled, entry, fixture_catalog, roster
from tui.dialogs.dice.fields import ROWS
from tui.dialogs.dice.screen import DiceDialog

WIDE = (100, 50)
"""Room for every field of the longest form, so each can be clicked."""


def views(*factions: str) -> list[FactionView]:
    return [bundled().view(f) for f in factions]


def legal(faction: str) -> Roster:
    found, _ = read_roster(FIXTURES / "rosters" / faction / "legal-500.toml")
    assert found is not None
    return found


def battle(seed: int = 7, sides: Sequence[Roster] | None = None) -> Battle:
    """Gangers (side A) against Mutards (side B), or the lists given."""
    lists = list(sides or (legal("gangers"), legal("mutards")))
    return new_battle(
        bundled(),
        [
            (name, r, bundled().view(r.faction))
            for name, r in zip(("Ana", "Ben"), lists, strict=True)
        ],
        seed=seed,
    )


class Host(App[None]):
    """Stands in for the tracker: holds the battle, and logs what the dialog records."""

    def __init__(
        self,
        game: Battle,
        model_id: str | None = None,
        *,
        accept: bool = True,
        catalog: Catalog | None = None,
    ) -> None:
        super().__init__()
        self.game = game
        self.model_id = model_id
        self.accept = accept
        factions = [
            side.roster.faction for side in game.setup.sides if isinstance(side.roster, Roster)
        ]
        self.views = views(*factions) if catalog is None else [catalog.view(f) for f in factions]

    def record(self, event: Event) -> bool:
        if not self.accept:
            return False
        try:
            self.game = self.game.record(event)
        except Refused:
            return False
        return True

    def on_mount(self) -> None:
        self.push_screen(DiceDialog(lambda: self.game, self.record, self.views, self.model_id))


def dialog(pilot: Pilot[None]) -> DiceDialog:
    screen = pilot.app.screen
    assert isinstance(screen, DiceDialog)
    return screen


def shown(pilot: Pilot[None], widget_id: str) -> str:
    content = dialog(pilot).query_one(f"#{widget_id}", Static).content
    return content.plain if isinstance(content, Text) else str(content)


def stat(game: Battle, model_id: str, stat_id: str) -> int:
    """A model's current stat, as the dialog should read it."""
    value = game.state.stat(model_id, stat_id)
    assert value is not None
    return value


def rolls(app: Host) -> list[Roll]:
    return [e for e in app.game.events if isinstance(e, Roll)]


async def choose(pilot: Pilot[None], field: str, text: str) -> None:
    """Click a drop-down open, type part of a choice's name, and pick it with Enter."""
    await pilot.click(f"#dice-{field}")
    await pilot.pause()
    await pilot.press(*text.lower(), "enter")
    await pilot.pause()


async def type_in(pilot: Pilot[None], field: str, text: str) -> None:
    await pilot.click(f"#dice-{field}")
    await pilot.press(*text)
    await pilot.pause()


async def tick(pilot: Pilot[None], field: str, *names: str) -> None:
    """Click the lines of a list of choices whose names start with ``names``."""
    listing: SelectionList[object] = dialog(pilot).query_one(f"#dice-{field}", SelectionList)
    for name in names:
        index = next(
            n
            for n in range(listing.option_count)
            if str(listing.get_option_at_index(n).prompt).startswith(name)
        )
        await pilot.click(f"#dice-{field}", offset=(4, index))
        await pilot.pause()


async def roll(pilot: Pilot[None]) -> None:
    await pilot.click("#dice-roll")
    await pilot.pause()


class TestAttributeAndOpposed:
    async def test_an_attribute_roll_uses_the_current_stat_and_is_logged(self) -> None:
        """Numb (-3 Agility) is set on the Badass: the roll reads Agility 2, not 5."""
        numb = SetCounter(kind="counter", target="A2", counter="numb", value=1)
        app = Host(battle().record(numb), "A2")
        async with app.run_test(size=WIDE) as pilot:
            await pilot.pause()
            await choose(pilot, "stat", "agi")
            await type_in(pilot, "other", "2")
            before = app.game
            await roll(pilot)
            expected = attribute_roll(
                next_dice(before.setup.seed, before.events),
                "Agility",
                2,
                [Modifier("Other", 2)],
                title="A2 Badass: Agility roll",
            )
            assert app.game.events[-1] == expected.event()
            assert "Agility 2 + Other 2 = 4: needs 4 or less" in expected.detail
            # By hand (RB ch.1 Attribute rolls: a d10 at or under the attribute plus its
            # modifiers): the Badass's Agility 5, Numb -3 = 2, + Other 2 = 4. Seed 7,
            # roll 0: a 10, over 4: a failure.
            assert app.game.events[-1] == Roll(
                kind="roll",
                title="A2 Badass: Agility roll",
                dice=(10,),
                detail="Agility 2 + Other 2 = 4: needs 4 or less",
                outcome="Failure (rolled 10)",
            )
            text = shown(pilot, "dice-result")
            assert expected.title in text
            assert expected.detail in text
            assert expected.outcome in text
            assert shown(pilot, "dice-message") == ""

    async def test_each_roll_has_new_dice_and_the_dialog_stays_open(self) -> None:
        app = Host(battle(seed=11), "A1")
        async with app.run_test(size=WIDE) as pilot:
            await pilot.pause()
            await choose(pilot, "stat", "prec")
            for _ in range(3):
                await pilot.press("ctrl+r")
                await pilot.pause()
            assert isinstance(app.screen, DiceDialog)
            logged = rolls(app)
            seed, precision = app.game.setup.seed, stat(app.game, "A1", "P")
            assert logged == [
                attribute_roll(
                    next_dice(seed, app.game.events[:n]),
                    "Precision",
                    precision,
                    title="A1 Big Joe (Chief): Precision roll",
                ).event()
                for n in range(3)
            ]
            # By hand: Big Joe's Precision 6, no modifier: 6 or less on a d10. Seed 11,
            # rolls 0, 1 and 2: a 9 (failure), a 5 (success), a 7 (failure).
            assert [(r.dice, r.detail, r.outcome) for r in logged] == [
                ((9,), "Precision 6: needs 6 or less", "Failure (rolled 9)"),
                ((5,), "Precision 6: needs 6 or less", "Success (rolled 5)"),
                ((7,), "Precision 6: needs 6 or less", "Failure (rolled 7)"),
            ]

    async def test_the_active_model_rolls_when_no_model_is_given(self) -> None:
        app = Host(battle().record(Activate(kind="activate", actor="B18")))
        async with app.run_test(size=WIDE) as pilot:
            await pilot.pause()
            assert dialog(pilot).query_one("#dice-roller", Select).value == "B18"
            assert "Ag 7" in shown(pilot, "dice-roller-info")

    async def test_an_opposed_combat_roll_with_a_catalog_modifier(self) -> None:
        """Combat against Combat, the Pit beast crouched in contact (-3): the combat switch
        offers the combat modifiers; a tie would hit both."""
        app = Host(battle(), "A3")
        async with app.run_test(size=WIDE) as pilot:
            await pilot.pause()
            await choose(pilot, "kind", "opp")
            await choose(pilot, "stat", "com")
            await choose(pilot, "opponent", "b10")
            assert dialog(pilot).query_one("#dice-opponent-stat", Select).value == "C"
            assert not dialog(pilot).query_one("#dice-modifiers").display
            await pilot.click("#dice-combat")
            await pilot.pause()
            await tick(pilot, "modifiers", "Crouched or lying")
            await type_in(pilot, "opponent-other", "1")
            before = app.game
            await roll(pilot)
            state = before.state
            expected = opposed_roll(
                next_dice(before.setup.seed, before.events),
                Contender(
                    who(state, "A3"),
                    "Combat",
                    stat(before, "A3", "C"),
                    (Modifier("Crouched or lying, in contact", -3),),
                ),
                Contender(
                    who(state, "B10"), "Combat", stat(before, "B10", "C"), (Modifier("Other", 1),)
                ),
                combat=True,
            )
            assert rolls(app) == [expected.event()]
            assert expected.outcome in shown(pilot, "dice-result")
            # By hand (RB ch.1 Opposed rolls, ch.2 Combat: d10 + Combat + bonuses each,
            # the higher hits, a tie hits both): the Brute's Combat 5, crouched in
            # contact -3, rolls the first die of seed 7, roll 0: 10, so 5 - 3 + 10 = 12;
            # the Pit beast's Combat 5, + Other 1, rolls the second: 4, so 10. 12 beats
            # 10: the Brute hits. (The dialog's opposed roll takes the stats and the
            # modifiers chosen; a weapon's Combat bonus is the player's to give in Other.)
            assert rolls(app) == [
                Roll(
                    kind="roll",
                    title="Combat roll",
                    dice=(10, 4),
                    detail=(
                        "A3 Brute: Combat 5 - Crouched or lying, in contact 3 + roll 10 = 12"
                        " vs B10 Pit beast: Combat 5 + Other 1 + roll 4 = 10"
                    ),
                    outcome="A3 Brute wins",
                )
            ]

    async def test_a_model_without_the_stat_is_refused(self) -> None:
        app = Host(battle(), "B2")
        async with app.run_test(size=WIDE) as pilot:
            await pilot.pause()
            await choose(pilot, "stat", "prec")
            await roll(pilot)
            assert shown(pilot, "dice-message") == "Cannot roll: B2 Addler 1/5 has no Precision"
            assert shown(pilot, "dice-result") == ""
            assert app.game.events == ()


class TestShooting:
    async def test_a_shot_with_the_catalogs_modifiers(self) -> None:
        """The bow is Hard to use (applied by itself), 10" is medium range for 8/16/24",
        and avoiding the cover of a Camouflaged Mutard costs -5, not -3."""
        app = Host(battle(), "A5")
        async with app.run_test(size=WIDE) as pilot:
            await pilot.pause()
            await choose(pilot, "kind", "sho")
            assert dialog(pilot).query_one("#dice-weapon", Select).value == "bow"
            await choose(pilot, "target", "b14")
            await type_in(pilot, "distance", "10")
            listing = dialog(pilot).query_one("#dice-modifiers", SelectionList)
            offered = [str(listing.get_option_at_index(n).prompt) for n in range(3)]
            assert offered == ["Aimed +3", "Defensive fire -2", "Shooting into a combat -3"]
            await tick(pilot, "modifiers", "Aimed", "Avoiding cover")
            await pilot.press("ctrl+r")
            await pilot.pause()
            view = bundled().view("gangers")
            expected = shooting_roll(
                next_dice(app.game.setup.seed, ()),
                WeaponStats.of(view.items["bow"], view.item_tags("bow")),
                precision=stat(app.game, "A5", "P"),
                catalog=app.game.setup.tracker.modifiers,
                distance=10,
                chosen=("aimed", "avoid-cover"),
                camouflage=True,
                strength=stat(app.game, "A5", "S"),
                title="Shooting: A5 Ganger with the Bow at B14 Mutard",
            )
            assert rolls(app)[0] == expected.event()
            assert expected.target == stat(app.game, "A5", "P") - 1 + 3 - 5
            # By hand (RB ch.2 Shooting, Ranges, Aiming, Cover; ch.4 Hard to use,
            # Camouflage): the Ganger's Precision 5; 10" is medium range for the bow's
            # 8/16/24" (no modifier); the bow is Hard to use -1; Aimed +3; avoiding a
            # Camouflaged model's cover -5: 5 - 1 + 3 - 5 = 2, a 2 or less to hit.
            # Seed 7, roll 0: a 10: a miss.
            assert rolls(app) == [
                Roll(
                    kind="roll",
                    title="Shooting: A5 Ganger with the Bow at B14 Mutard",
                    dice=(10,),
                    detail=(
                        "Precision 5 - Hard to use 1 + Aimed 3 - Avoiding cover (Camouflage) 5"
                        ' = 2: needs 2 or less; 10" is medium range (8/16/24"); '
                        "Camouflage: avoiding its cover costs more"
                    ),
                    outcome="Miss (rolled 10)",
                )
            ]
            assert "Camouflage: avoiding its cover costs more" in shown(pilot, "dice-result")

    async def test_aiming_in_defensive_fire_is_refused(self) -> None:
        app = Host(battle(), "A2")
        async with app.run_test(size=WIDE) as pilot:
            await pilot.pause()
            await choose(pilot, "kind", "sho")
            await type_in(pilot, "distance", "5")
            await tick(pilot, "modifiers", "Aimed", "Defensive fire")
            await roll(pilot)
            assert shown(pilot, "dice-message") == (
                "Cannot roll: aiming cannot be used in defensive fire (RB ch.2 Aiming)"
            )
            assert app.game.events == ()

    async def test_beyond_the_longest_range_nothing_is_rolled(self) -> None:
        app = Host(battle(), "A2")
        async with app.run_test(size=WIDE) as pilot:
            await pilot.pause()
            await choose(pilot, "kind", "sho")
            await type_in(pilot, "distance", "40")
            await roll(pilot)
            # one message, that says why and what to do (issue 31 item 5: it said
            # "Cannot roll: Cannot shoot: ..."); the Rifle's 12/24/36" (002 ch.3 Rifle)
            assert shown(pilot, "dice-message") == (
                'Cannot roll: 40" is beyond the Rifle\'s longest range, 36" '
                '(short/medium/long: 12/24/36"): move closer (a distance up to 36"), '
                "or choose a nearer target or another weapon"
            )
            assert app.game.events == ()

    async def test_a_shot_needs_a_distance_and_a_ranged_weapon(self) -> None:
        app = Host(battle(), "A2")
        async with app.run_test(size=WIDE) as pilot:
            await pilot.pause()
            await choose(pilot, "kind", "sho")
            await roll(pilot)
            assert "give the distance or the range band" in shown(pilot, "dice-message")
            await choose(pilot, "roller", "a3 ")  # a heavy mace: nothing to shoot
            assert dialog(pilot).query_one("#dice-weapon", Select).is_blank()
            await roll(pilot)
            assert shown(pilot, "dice-message") == "Cannot roll: choose a weapon A3 Brute carries"
            assert app.game.events == ()


class TestWound:
    async def test_armour_from_the_catalog_and_stacked_covers(self) -> None:
        """The Badass's rifle at 20" (medium) against the Pit beast's Tough skin (5),
        behind wood and rubble: the higher cover +1."""
        app = Host(battle(), "A2")
        async with app.run_test(size=WIDE) as pilot:
            await pilot.pause()
            await choose(pilot, "kind", "wou")
            await choose(pilot, "weapon", "rif")
            await choose(pilot, "target", "b10")
            await type_in(pilot, "distance", "20")
            await tick(pilot, "cover", "Wood", "Clay")
            await roll(pilot)
            game = app.game
            gangers, mutards = views("gangers", "mutards")
            armour, shield = armour_of(game.setup.model("B10"), mutards.items, shooting=True)
            covers = find_table(game.setup.tracker.tables, "cover")
            expected = wound_roll(
                next_dice(game.setup.seed, ()),
                WeaponStats.of(gangers.items["rifle"], gangers.item_tags("rif")),
                toughness=stat(game, "B10", "T"),
                band=1,
                wielder_strength=stat(game, "A2", "S"),
                armour=armour,
                cover=(*shield, cover_modifier(covers, 2), cover_modifier(covers, 3)),
                attacker="A2 Badass",
                defender="B10 Pit beast",
            )
            assert rolls(app) == [expected.event()]
            assert "stacked covers: the highest +1" in shown(pilot, "dice-result")
            # By hand (RB ch.2 Hits, Armours and weapon Penetration, Cover, Stacking
            # covers): a shot uses the rifle's own Strength, 6 (Pen 5). The Pit beast's
            # Toughness 6 + Resilient 2 = 8; its armour is Tough skin (5); of the covers,
            # wood (+3) and clay (+5), the highest counts with +1: 5 + 1. Armour and cover
            # 5 + 6 = 11, less Pen 5 = 6. Seed 7, roll 0: the attacker's 10, the target's
            # 4: 6 + 10 = 16 against 8 + 6 + 4 = 18: not wounded.
            assert rolls(app) == [
                Roll(
                    kind="roll",
                    title="Wound roll: Rifle against B10 Pit beast",
                    dice=(10, 4),
                    detail=(
                        "A2 Badass: Rifle Strength 6 + roll 10 = 16 vs B10 Pit beast: "
                        "Toughness 8 + Armour and cover 6 + roll 4 = 18; armour and cover: "
                        "Tough skin (5) 5 + Clay, bricks, rubble 5 + Stacked covers 1 - "
                        "Penetration 5 = 6; not counted: Wood, tire piles, drums 3; "
                        "stacked covers: the highest +1"
                    ),
                    outcome="Not wounded: 16 against 18",
                )
            ]

    async def test_defensive_fire_and_a_given_strength(self) -> None:
        """A hit in the target's turn (the tie to the target) with the Strength given."""
        app = Host(battle(), "A3")
        async with app.run_test(size=WIDE) as pilot:
            await pilot.pause()
            await choose(pilot, "kind", "wou")
            await choose(pilot, "target", "a8")
            await pilot.click("#dice-their-turn")
            await type_in(pilot, "strength", "7")
            await roll(pilot)
            gangers = bundled().view("gangers")
            expected = wound_roll(
                next_dice(app.game.setup.seed, ()),
                WeaponStats.of(gangers.items["heavy-mace"], gangers.item_tags("heavy-mace")),
                toughness=stat(app.game, "A8", "T"),
                wielder_strength=stat(app.game, "A3", "S"),
                strength=7,
                armour=armour_of(app.game.setup.model("A8"), gangers.items, shooting=False)[0],
                attacker="A3 Brute",
                defender="A8 Scumbag",
                attacker_active=False,
            )
            assert rolls(app) == [expected.event()]
            # By hand: the Strength typed, 7, replaces the Brute's; the heavy mace's Pen 2
            # takes the Scumbag's thick clothes (1) to 0 (never below). In the target's
            # turn the target's side rolls first and wins a tie: seed 7, roll 0, its
            # Toughness 3 + 10 = 13 against the hit's 7 + 4 = 11: not wounded.
            assert rolls(app) == [
                Roll(
                    kind="roll",
                    title="Wound roll: Heavy mace against A8 Scumbag",
                    dice=(4, 10),
                    detail=(
                        "A3 Brute: Heavy mace Strength 7 + roll 4 = 11 vs A8 Scumbag: "
                        "Toughness 3 + Armour and cover 0 + roll 10 = 13; armour and cover: "
                        "Thick clothes 1 - Penetration 2 = 0, at least 0"
                    ),
                    outcome="Not wounded: 11 against 13",
                )
            ]

    async def test_a_hit_from_beyond_the_range_is_refused(self) -> None:
        app = Host(battle(), "A2")
        async with app.run_test(size=WIDE) as pilot:
            await pilot.pause()
            await choose(pilot, "kind", "wou")
            await choose(pilot, "weapon", "rif")
            await type_in(pilot, "distance", "37")
            await roll(pilot)
            assert shown(pilot, "dice-message") == (
                'Cannot roll: 37" is beyond the Rifle\'s longest range, 36"'
            )
            assert app.game.events == ()

    async def test_cover_in_combat_is_refused(self) -> None:
        app = Host(battle(), "A3")
        async with app.run_test(size=WIDE) as pilot:
            await pilot.pause()
            await choose(pilot, "kind", "wou")
            await tick(pilot, "cover", "Bushes")
            await roll(pilot)
            assert shown(pilot, "dice-message") == (
                "Cannot roll: cover counts only against shots (RB ch.2 Cover)"
            )
            assert app.game.events == ()


class TestSteamFallingAndTables:
    async def test_a_steam_gun_makes_a_tech_roll(self) -> None:
        junkers = roster(bundled().view("junkers"), entry("dynamo", steam_gun=1))
        app = Host(battle(sides=(junkers, legal("gangers"))), "A1")
        async with app.run_test(size=WIDE) as pilot:
            await pilot.pause()
            await choose(pilot, "kind", "ste")
            await tick(pilot, "modifiers", "Defensive fire")
            await roll(pilot)
            expected = steam_roll(
                next_dice(app.game.setup.seed, ()),
                stat(app.game, "A1", "Tc"),
                [Modifier("Defensive fire", -2)],
                weapon="Steam gun",
                title="Steam: A1 Dynamo with the Steam gun",
            )
            assert rolls(app) == [expected.event()]
            # By hand (RB ch.4 Steam: a Tech roll; defensive fire -2 to it; a failure
            # hits the user at the margin of failure): the Dynamo's Tech 7 - 2 = 5.
            # Seed 7, roll 0: a 10, 5 over: a steam leak at Strength 5.
            assert rolls(app) == [
                Roll(
                    kind="roll",
                    title="Steam: A1 Dynamo with the Steam gun",
                    dice=(10,),
                    detail=(
                        "Tech 7 - Defensive fire 2 = 5: needs 5 or less; "
                        "Strength = margin + 1, or the margin of failure on the user"
                    ),
                    outcome="Failure (rolled 10): a steam leak hits the user at Strength 5",
                )
            ]

    async def test_no_steam_weapon_no_steam_roll(self) -> None:
        app = Host(battle(), "A2")
        async with app.run_test(size=WIDE) as pilot:
            await pilot.pause()
            await choose(pilot, "kind", "ste")
            await roll(pilot)
            assert shown(pilot, "dice-message") == "Cannot roll: A2 Badass carries no Steam weapon"
            assert app.game.events == ()

    async def test_a_fall_on_the_catalogs_falling_table(self) -> None:
        app = Host(battle(), "B18")
        async with app.run_test(size=WIDE) as pilot:
            await pilot.pause()
            await choose(pilot, "kind", "fal")
            await roll(pilot)
            assert shown(pilot, "dice-message") == "Cannot roll: give the height fallen"
            await type_in(pilot, "height", "5.5")
            await roll(pilot)
            game = app.game
            expected = falling_roll(
                next_dice(game.setup.seed, ()),
                find_table(game.setup.tracker.tables, "falling"),
                5.5,
                toughness=stat(game, "B18", "T"),
                faller="B18 Mongrelmorph",
            )
            assert rolls(app) == [expected.event()]
            assert expected.outcome in shown(pilot, "dice-result")
            # By hand (RB ch.2 Falling down): 5.5" is in "+5 to 6 inches": Strength 4.
            # The Mongrelmorph's Toughness 3 (no armour) rolls the first die of seed 7,
            # roll 0: 3 + 10 = 13, against the fall's 4 + 4 = 8: it only lies down.
            assert rolls(app) == [
                Roll(
                    kind="roll",
                    title='Fall of 5.5"',
                    dice=(10, 4),
                    detail=(
                        'Falling: 5.5": Strength 4; B18 Mongrelmorph: Toughness 3 + roll 10'
                        " = 13 vs The fall: Strength 4 + roll 4 = 8 (Toughness without armour)"
                    ),
                    outcome=(
                        "B18 Mongrelmorph lies on the floor: its next action must be to stand up"
                    ),
                )
            ]

    async def test_a_modifier_to_toughness_changes_a_fall(self) -> None:
        """Seed 2, roll 0: the faller's d10 is 8, the fall's 7. From 5.5" (Strength 4),
        Toughness 3 would make 3 + 8 = 11 against 4 + 7 = 11, a tie, the faller's in its
        own turn (RB ch.1 Opposed rolls): it would only lie down. With Other -1 to
        Toughness it is 10 against 11: downed."""
        app = Host(battle(seed=2), "B18")
        async with app.run_test(size=WIDE) as pilot:
            await pilot.pause()
            await choose(pilot, "kind", "fal")
            await type_in(pilot, "height", "5.5")
            await type_in(pilot, "other", "-1")
            await roll(pilot)
            assert rolls(app) == [
                Roll(
                    kind="roll",
                    title='Fall of 5.5"',
                    dice=(8, 7),
                    detail=(
                        'Falling: 5.5": Strength 4; B18 Mongrelmorph: Toughness 3 - Other 1'
                        " + roll 8 = 10 vs The fall: Strength 4 + roll 7 = 11"
                        " (Toughness without armour)"
                    ),
                    outcome="B18 Mongrelmorph is downed",
                )
            ]

    async def test_the_catalogs_other_tables_are_rolled_or_looked_up(self) -> None:
        rows = (TableRow(max=3, result="Flee"), TableRow(min=4, result="Stand"))
        extra = (
            TableSpec(id="nerve", name="Nerve", dice="2d6", rows=rows),
            TableSpec(id="loot", name="Loot", lookup="Scrap found", rows=rows),
        )
        game = battle()
        tracker = game.setup.tracker.model_copy(
            update={"tables": (*game.setup.tracker.tables, *extra)}
        )
        game = Battle(game.setup.model_copy(update={"tracker": tracker}))
        app = Host(game, "A1")
        async with app.run_test(size=WIDE) as pilot:
            await pilot.pause()
            names = [kind.name for kind in dialog(pilot).kinds]
            assert names[-2:] == ["Nerve table", "Loot table"]
            assert "Cover table" not in names
            await choose(pilot, "kind", "ner")
            await type_in(pilot, "other", "-1")
            await roll(pilot)
            await choose(pilot, "kind", "loo")
            assert dialog(pilot).query_one("#dice-value-label", Static).content == "Scrap found"
            await type_in(pilot, "value", "4")
            await roll(pilot)
            seed = app.game.setup.seed
            assert rolls(app) == [
                table_roll(next_dice(seed, ()), extra[0], [Modifier("Other", -1)]).event(),
                table_lookup(extra[1], 4, [Modifier("Other", -1)]).event(),  # as still typed
            ]
            # By hand: the Nerve table's 2d6 are seed 7, roll 0's d6: 5 and 2, less 1:
            # 6, in the row from 4 up: Stand. The Loot table is looked up, no dice: 4
            # less the Other 1 still typed is 3, in the row up to 3: Flee.
            assert [(r.title, r.dice, r.detail, r.outcome) for r in rolls(app)] == [
                ("Nerve table", (5, 2), "2d6: 5 + 2 - Other 1 = 6", "Stand"),
                ("Loot table", (), "Scrap found 4 - Other 1 = 3", "Flee"),
            ]


class TestKeyboardAndClosing:
    async def test_keyboard_only_at_80_by_24(self) -> None:
        """Tab through the fields of a shot, type the distance (Enter goes on to the next
        field and rolls nothing), Ctrl+R rolls; Escape closes. History: issue 31 item 2."""
        app = Host(battle(), "A2")
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            assert app.focused is not None and app.focused.id == "dice-kind"
            await pilot.press("enter", *"shoot", "enter")
            await pilot.pause()
            await pilot.press("tab", "tab", "tab", "tab")  # shooter, weapon, target, distance
            assert app.focused is not None and app.focused.id == "dice-distance"
            await pilot.press(*"30", "enter")
            await pilot.pause()
            assert rolls(app) == []
            assert app.focused is not None and app.focused.id != "dice-distance"
            await pilot.press("ctrl+r")
            await pilot.pause()
            assert len(rolls(app)) == 1
            assert (
                rolls(app)[0].title
                == "Shooting: A2 Badass with the Rifle at B1 Big Noggin (Bobblehead)"
            )
            assert '30" is long range' in rolls(app)[0].detail
            await pilot.press("escape")
            await pilot.pause()
            assert not isinstance(app.screen, DiceDialog)

    async def test_every_kind_of_roll_lines_each_label_up_with_its_field(self) -> None:
        """The form is a grid of two columns, its rows made when a kind of roll first asks
        for them: choosing each kind in turn (and back to the first), the cells shown
        still come in the order of the rows, each label beside its own field and a
        model's or a weapon's description under it (one cell out of place would shift
        every one after it)."""
        app = Host(battle(), "A2")
        async with app.run_test(size=WIDE) as pilot:
            await pilot.pause()
            screen = dialog(pilot)
            kinds = [k.id for k in screen.kinds]
            for kind in [*kinds, kinds[0]]:
                screen.query_one("#dice-kind", Select).value = kind
                await pilot.pause()
                cells = [w for w in screen.query_one("#dice-form").children if w.display]
                fields = [f for f in ("kind", *ROWS) if f in screen._rows]
                expected = [w for f in fields for w in screen._rows[f] if w.display]
                assert cells == expected, kind
                for label, field in pairwise(cells):
                    if label.id and label.id.endswith("-label"):
                        assert field.id == label.id.removesuffix("-label"), kind
                shown = {c.id.removesuffix("-label") for c in cells if c.id and "-label" in c.id}
                assert "dice-kind" in shown and len(shown) >= 2, kind

    async def test_the_dialog_follows_the_terminal_when_it_is_resized(self) -> None:
        """The dialog skips the Resize it is sent on opening (at the size it was just laid
        out at), but a terminal made smaller or larger while it is open lays it out
        again: 84 columns wide where there is room, the terminal's width where not."""
        app = Host(battle(), "A2")
        async with app.run_test(size=WIDE) as pilot:
            await pilot.pause()
            box = dialog(pilot).query_one("#dice-dialog")
            assert box.region.width == 84
            await pilot.resize_terminal(60, 20)
            await pilot.pause()
            assert box.region.width == 60 and box.region.bottom <= 20
            await pilot.resize_terminal(*WIDE)
            await pilot.pause()
            assert box.region.width == 84

    async def test_a_roll_the_log_refuses_is_not_shown_as_made(self) -> None:
        app = Host(battle(), "A2", accept=False)
        async with app.run_test(size=WIDE) as pilot:
            await pilot.pause()
            await roll(pilot)
            assert shown(pilot, "dice-message") == (
                "The battle's log refused the roll: nothing was recorded"
            )
            assert shown(pilot, "dice-result") == ""


class TestOtherSystems:
    async def test_a_game_that_declares_no_rolls_gets_plain_dice(self) -> None:
        """The alternating fixture declares neither tests nor D6 rolls and has not
        Punkapocalyptic's Falling and Cover tables: the helper offers its own d6 as plain
        dice and its own table (heavy shock), nothing of Punkapocalyptic's rules (issue 36:
        before, such a game got Punkapocalyptic's d10 attribute and opposed rolls)."""
        catalog = fixture_catalog("alternating-mini")
        view = catalog.view("testland")
        lists = [roster(view, entry("infantry", 2, rifle=2)), roster(view, entry("walker"))]
        game = new_battle(catalog, [("Ana", lists[0], view), ("Ben", lists[1], view)], seed=3)
        app = Host(game, "A1", catalog=catalog)
        async with app.run_test(size=WIDE) as pilot:
            await pilot.pause()
            kinds = [k.id for k in dialog(pilot).kinds]
            assert kinds == ["dice", "table:heavy-shock"]
            await roll(pilot)
            # By hand: no number of dice is one die of the system's d6; seed 3, roll 0: a 4.
            assert rolls(app) == [
                Roll(
                    kind="roll",
                    title="1d6",
                    dice=(4,),
                    detail="1d6; rolled 4; total 4",
                    outcome="total 4",
                )
            ]
            assert shown(pilot, "dice-message") == ""
            # Three dice needing 4: seed 3, roll 1: 3, 5, 1, one of them a 4 or more.
            await type_in(pilot, "count", "3")
            await type_in(pilot, "needed", "4")
            await roll(pilot)
            assert rolls(app)[-1] == Roll(
                kind="roll",
                title="3d6 4+",
                dice=(3, 5, 1),
                detail="3d6 4+; rolled 3, 5, 1; 4+ met by 1 of 3",
                outcome="1 success",
            )
            # The system's own table: 1d6, seed 3, roll 2: a 2, in the row 1-3.
            await choose(pilot, "kind", "hea")
            await roll(pilot)
            assert rolls(app)[-1] == Roll(
                kind="roll",
                title="Heavy Shock table",
                dice=(2,),
                detail="1d6: 2",
                outcome="One action next activation",
            )


class TestSteamWars:
    """A Steam Wars battle (the steam-wars-mini fixture, whose tracker lists its D6 rolls):
    the dialog offers those rolls, not the d10 ones, and logs each."""

    @staticmethod
    def steam_battle() -> tuple[Battle, Catalog]:
        catalog = fixture_catalog("steam-wars-mini")
        view = catalog.view("testland")
        ana = roster(view, entry("infantry", 3, rifle=3))
        ben = roster(view, entry("elite-infantry", 2))
        game = new_battle(catalog, [("Ana", ana, view), ("Ben", ben, view)], seed=5)
        return game, catalog

    async def test_the_catalog_decides_the_rolls(self) -> None:
        game, catalog = self.steam_battle()
        app = Host(game, "A1", catalog=catalog)
        async with app.run_test(size=WIDE) as pilot:
            await pilot.pause()
            kinds = [k.id for k in dialog(pilot).kinds]
            assert kinds[:3] == ["to-hit", "wound", "save"]
            assert "attribute" not in kinds and "opposed" not in kinds
            assert "table:heavy-shock" in kinds

    async def test_a_to_hit_in_soft_cover_and_a_wound(self) -> None:
        game, catalog = self.steam_battle()
        tracker = game.setup.tracker
        app = Host(game, "A1", catalog=catalog)
        async with app.run_test(size=WIDE) as pilot:
            await pilot.pause()
            await choose(pilot, "cover-kind", "soft")
            await tick(pilot, "modifiers", "Spotter")
            before = app.game
            await roll(pilot)
            hit = to_hit_roll(
                next_dice(before.setup.seed, before.events),
                attacks=3,  # the three riflemen of the unit, RoA 1 each
                modifiers=[Modifier("Spotter", 1)],
                cover_grid=tracker.grid("cover"),
                cover="soft",
                title="To hit: A1 Infantry 1/3 with the Rifle at B1 Elite infantry 1/2",
            )
            assert app.game.events[-1] == hit.event()
            assert hit.needed == 4  # 4+, soft cover -1, Spotter +1
            assert hit.outcome in shown(pilot, "dice-result")
            # By hand (004 Roll to Hit, Intervening Terrain): a ranged attack needs 4+;
            # soft cover is 5+ in the table, so -1; a Spotter +1: 4+. Three riflemen,
            # RoA 1 each: three dice, seed 5, roll 0: 6, 2, 2: one hit.
            assert app.game.events[-1] == Roll(
                kind="roll",
                title="To hit: A1 Infantry 1/3 with the Rifle at B1 Elite infantry 1/2",
                dice=(6, 2, 2),
                detail="Ranged to hit 4+ + Spotter 1 - Soft cover 1: needs 4+; rolled 6, 2, 2",
                outcome="1 hit from 3 attacks",
            )

            await choose(pilot, "kind", "wound")
            # the wound roll takes the 1 hit just rolled; the player makes it 2
            assert dialog(pilot).query_one("#dice-value", Input).value == "1"
            await pilot.click("#dice-value")
            await pilot.press("end", "backspace", "2")
            before = app.game
            await roll(pilot)
            wound = d6_wound_roll(
                next_dice(before.setup.seed, before.events),
                hits=2,
                strength=1,
                resilience=5,
                grid=tracker.grid("strength-vs-resilience"),
                title="Wound: A1 Infantry 1/3 with the Rifle at B1 Elite infantry 1/2",
            )
            assert app.game.events[-1] == wound.event()
            assert wound.needed == 5  # RES 5, ST 1: 5+ in the table
            assert "the Strength versus Resilience table" in shown(pilot, "dice-result")
            # By hand (004 Inflicting Wounds, Strength versus Resilience): the rifle's ST 1
            # against RES 5 needs 5+ (a D6 + 1 must exceed 5). Two hits typed: two dice,
            # seed 5, roll 1 (the to-hit was roll 0): 1 and 5: one wound.
            assert app.game.events[-1] == Roll(
                kind="roll",
                title="Wound: A1 Infantry 1/3 with the Rifle at B1 Elite infantry 1/2",
                dice=(1, 5),
                detail=(
                    "ST 1 against RES 5: needs 5+ (the Strength versus Resilience table); "
                    "rolled 1, 5"
                ),
                outcome="1 wound from 2 hits",
            )
            assert len(rolls(app)) == 2

    async def test_the_initiative_roll_also_records_the_turns_order(self) -> None:
        game, catalog = self.steam_battle()
        app = Host(game, "A1", catalog=catalog)
        async with app.run_test(size=WIDE) as pilot:
            await pilot.pause()
            await choose(pilot, "kind", "initiative")
            await roll(pilot)
            logged = app.game.events
            assert isinstance(logged[-2], Roll) and logged[-2].title == "Initiative, turn 1"
            assert isinstance(logged[-1], RollOff)
            assert not app.game.state.next_up().needs_roll_off
            # By hand (004 Initiative, Who Goes First): a D6 each, neither list over its
            # limit, so no -1. Seed 5, roll 0: side A 6, side B 2: A activates first.
            assert logged == (
                Roll(
                    kind="roll",
                    title="Initiative, turn 1",
                    dice=(6, 2),
                    detail="Side A (Ana) 6, Side B (Ben) 2",
                    outcome="Side A (Ana) wins the initiative and activates first",
                ),
                RollOff(kind="roll-off", first=0, winner=0, rolls=(6, 2)),
            )

    async def test_the_one_die_rolls_and_a_table(self) -> None:
        """Each roll of one D6 the catalog lists, then one of its tables, worked out by hand
        (004 Model Abilities, Mechanical Malfunction, Weapon Special Rules: Prototype,
        Arctech Powers; a natural 1 always fails). Seed 5, rolls 0 to 6 in turn."""
        game, catalog = self.steam_battle()
        app = Host(game, "A1", catalog=catalog)
        async with app.run_test(size=WIDE) as pilot:
            await pilot.pause()
            kind = dialog(pilot).query_one("#dice-kind", Select)
            # roll 0: Lucky Blighter, 4+: a 6, the wounds are negated
            await choose(pilot, "kind", "luc")
            assert kind.value == "lucky-blighter"
            await roll(pilot)
            # roll 1: the malfunction check, 2+, a Conductor in sight: a 1 fails, the
            # reroll is a 5: it activates
            await choose(pilot, "kind", "mec")
            assert kind.value == "malfunction"
            await pilot.click("#dice-reroll")
            await roll(pilot)
            # roll 2: Medic, 5+: a 2, the casualty is lost
            await choose(pilot, "kind", "med")
            assert kind.value == "medic"
            await roll(pilot)
            # roll 3: Engineer, 4+: a 1, no repair
            await choose(pilot, "kind", "eng")
            assert kind.value == "repair"
            await roll(pilot)
            # roll 4: Prototype, 4+ to work, a 1 breaks it: a 4, it works
            await choose(pilot, "kind", "prot")
            assert kind.value == "prototype"
            await roll(pilot)
            # roll 5: projecting a 5+ power: a 4, it fails
            await choose(pilot, "kind", "proj")
            assert kind.value == "project"
            await type_in(pilot, "value", "5")
            await roll(pilot)
            # roll 6: the Heavy Shock table, 1d6: a 2, in the row 1-3
            await choose(pilot, "kind", "hea")
            assert kind.value == "table:heavy-shock"
            await roll(pilot)
            who_ = "A1 Infantry 1/3"
            assert [(r.title, r.dice, r.detail, r.outcome) for r in rolls(app)] == [
                (
                    f"Lucky Blighter: {who_}",
                    (6,),
                    "Lucky Blighter 4+: needs 4+; rolled 6",
                    "The wounds are negated (rolled 6)",
                ),
                (
                    f"Mechanical malfunction: {who_}",
                    (1, 5),
                    "Mechanical malfunction 2+: needs 2+ (a natural 1 always fails); "
                    "rolled 1; Conductor rerolls the failures: 5",
                    "Activates as normal (rolled 5)",
                ),
                (
                    f"Medic: {who_}",
                    (2,),
                    "Medic 5+: needs 5+; rolled 2",
                    "The casualty is lost (rolled 2)",
                ),
                (
                    f"Engineer repair: {who_}",
                    (1,),
                    "Engineer repair 4+: needs 4+; rolled 1",
                    "No repair (rolled 1)",
                ),
                (
                    f"Prototype: {who_}'s Rifle",
                    (4,),
                    "Prototype 4+ to work, a 1 breaks it down; rolled 4",
                    f"{who_}'s Rifle works",
                ),
                (
                    f"Project a power: {who_}",
                    (4,),
                    "Project a power 5+: needs 5+; rolled 4",
                    "The power fails (rolled 4)",
                ),
                (
                    "Heavy Shock table",
                    (2,),
                    "1d6: 2",
                    "One action at its next activation: set -1 Action",
                ),
            ]

    def test_saves_unpins_and_initiative_read_the_battle(self) -> None:
        """The rolls without a Pilot: what each reads from the battle and the form."""
        game, catalog = self.steam_battle()
        table = Game(game.state, [catalog.view("testland")] * 2)
        seed = game.setup.seed
        save = dialog_roll(
            table, Form(kind="save", roller="B1", value=2, taking_cover=True), Dice(seed, 0)
        )
        assert save == save_roll(
            Dice(seed, 0), wounds=2, taking_cover=True, title="Infantry save: B1 Elite infantry 1/2"
        )
        # By hand (004 Infantry Saves, Take Cover: 3+ for a unit that took cover): a die
        # per wound, seed 5, roll 0: 6 and 2: one saved, one taken.
        assert (save.dice, save.detail, save.outcome) == (
            (6, 2),
            "Take Cover save 3+: needs 3+; rolled 6, 2",
            "1 of 2 wounds saved: 1 taken",
        )
        unpin = dialog_roll(
            table,
            Form(kind="unpin", roller="A1", reroll=True, modifiers=("leader",)),
            Dice(seed, 1),
        )
        assert isinstance(unpin, TargetRoll)
        assert (unpin.needed, unpin.modifiers) == (3, (Modifier('Leader within 12"', 1),))
        # By hand (004 Unpin Check 4+; Leader +1: 3+; Inspire rerolls): seed 5, roll 1:
        # a 1 fails, the reroll is a 5: unpinned.
        assert (unpin.dice, unpin.detail, unpin.outcome) == (
            (1, 5),
            'Unpin 4+ + Leader within 12" 1: needs 3+; rolled 1; Inspire rerolls the failures: 5',
            "Unpinned: clear Pinned (rolled 5)",
        )
        first = dialog_roll(table, Form(kind="initiative"), Dice(seed, 2))
        assert isinstance(first, InitiativeRoll)
        assert first.title == "Initiative, turn 1"
        # By hand: seed 5, roll 2: side A 2, side B 5: B goes first.
        assert (first.dice, first.detail, first.winner) == (
            (2, 5),
            "Side A (Ana) 2, Side B (Ben) 5",
            1,
        )

    def test_the_turn_order_a_roll_sets_is_its_familys(self) -> None:
        """The dialog asks the game's family of rolls which order a result sets
        (``turn_order``), never a game's class: Steam Wars' initiative sets its
        roll-off, its other rolls none, and a game without initiative none."""
        game, catalog = self.steam_battle()
        table = Game(game.state, [catalog.view("testland")] * 2)
        tracker = game.state.tracker
        first = dialog_roll(table, Form(kind="initiative"), Dice(game.setup.seed, 2))
        assert isinstance(first, InitiativeRoll)
        assert turn_order(tracker, first) == first.roll_off()
        save = dialog_roll(table, Form(kind="save", roller="B1", value=1), Dice(7, 0))
        assert turn_order(tracker, save) is None
        assert turn_order(battle().state.tracker, first) is None
