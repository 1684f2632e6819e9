"""The dice helper's follow-on rolls in each of the five games, played in the tracker with
keys: a roll that follows another takes its numbers and its target from the roll before
(hits -> wounds -> saves, a hit -> its wound roll, an attack -> the defence, hits -> the
target's saves), and the turn is then played to its end.

Each battle is made from the bundled catalogs, saved, and opened in the app like a
player's; the dialog is opened with ``d`` on the model under the cursor and closed with
Escape between rolls, as at the table. Every logged roll is checked against numbers
worked out by hand from the rule sheets in ../shared/rules/ (the file named in each
comment) and the seeded dice: die ``k`` of roll number ``n`` (rolls counted in the
log) of a battle seeded ``s`` is ``die_value(s, n, k, sides)``, the same on every
machine; the values used are written in each test's comment.

History: issue 16.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from rich.text import Text
from textual.app import App
from textual.pilot import Pilot
from textual.widgets import Checkbox, Input, Select, SelectionList, Static

from model.battle.battle import Battle, new_battle
from model.battle.events import Event, Note, Roll
from model.rolls.families import offered_kinds
from model.rolls.follow_on import FollowOn
from model.roster.roster import RosterUnit
from saves.battle_file import write_battle
from tests.helpers import bundled, entry, roster
from tests.tui.driver import Folders, app_in, keys, pick
from tests.tui.test_dice_dialog import WIDE, Host, choose, roll, rolls, tick
from tests.tui.test_dice_dialog import battle as punk_battle
from tests.tui.test_sheet_systems_turn import play_turn, start
from tui.app import WarbandApp
from tui.dialogs.dice.follow_on import recall, remember
from tui.dialogs.dice.screen import DiceDialog
from tui.screens.tracker.screen import TrackerScreen

SIZE = (120, 44)


def battle_file(folders: Folders, battle: Battle) -> Path:
    path = folders.saves / "follow-on.battle.toml"
    path.parent.mkdir(parents=True, exist_ok=True)
    write_battle(path, battle)
    return path


def make(
    system: str,
    side_a: list[RosterUnit],
    side_b: list[RosterUnit],
    seed: int,
    factions: tuple[str, str] = ("any", "any"),
) -> Battle:
    """A battle of two lists of the bundled catalog's units."""
    catalog = bundled(system)
    views = [catalog.view(f) for f in factions]
    lists = [roster(views[0], *side_a), roster(views[1], *side_b)]
    return new_battle(
        catalog,
        [(name, r, v) for name, r, v in zip(("Ana", "Ben"), lists, views, strict=True)],
        seed=seed,
    )


def tracker(app: WarbandApp) -> TrackerScreen:
    screen = app.screen
    assert isinstance(screen, TrackerScreen), screen
    return screen


def dice(app: App[Any]) -> DiceDialog:
    screen = app.screen
    assert isinstance(screen, DiceDialog), screen
    return screen


def text(app: App[Any], widget_id: str) -> str:
    content = dice(app).query_one(f"#{widget_id}", Static).content
    return content.plain if isinstance(content, Text) else str(content)


def field(app: App[Any], name: str) -> str | bool | None:
    """A field of the dice helper as the player sees it filled."""
    widget = dice(app).query_one(f"#dice-{name.replace('_', '-')}")
    if isinstance(widget, Input):
        return widget.value
    if isinstance(widget, Checkbox):
        return widget.value
    assert isinstance(widget, Select)
    value = widget.value
    return value if isinstance(value, str) else None


def new_rolls(before: Battle, after: Battle) -> list[Roll]:
    events: Sequence[Event] = after.events[len(before.events) :]
    return [e for e in events if isinstance(e, Roll)]


async def choose_kind(pilot: Pilot[None], app: WarbandApp, name: str) -> None:
    """The kind of roll, from the drop-down the dialog opens on, with the keyboard: Enter
    opens it, the name typed finds the line, Enter takes it."""
    assert dice(app).focused is dice(app).query_one("#dice-kind")
    await keys(pilot, "enter", name.lower(), "enter")
    assert dice(app).query_one("#dice-kind", Select).value is not None


async def to_model(pilot: Pilot[None], screen: TrackerScreen, model_id: str) -> None:
    """The cursor on a model: its side's table, then down from the top."""
    side = screen.state.model(model_id).side
    if screen._table().side != side:
        await keys(pilot, "tab")
    rows = [m.id for m in screen.battle.setup.sides[side].models]
    await keys(pilot, "home", *["down"] * rows.index(model_id))
    assert screen._model() == model_id


# --- Steam Wars ---------------------------------------------------------------------------


async def test_steam_wars_hits_wounds_and_saves(tmp_path: Path) -> None:
    """Side A: the sample Infantry (A1-A5 riflemen, A6 the LMG gunner); side B the same
    (B1-B6). A's riflemen shoot at B1's unit; the wound roll takes the hits, the save the
    wounds and the target. Seed 5; the roll-off is roll 0, so the to-hit is roll 1: D6s 1,
    5, 4, 2, 1; roll 2: 2, 5; roll 3: 1. History: issue 16 point 13."""
    folders = Folders(tmp_path)
    infantry = [RosterUnit(unit="infantry", models=6)]
    path = battle_file(folders, make("steam-wars", infantry, infantry, seed=5))
    app = app_in(folders, battle_path=path, offer_recovery=False)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = tracker(app)
        await keys(pilot, "o", "enter")  # side A goes first
        await to_model(pilot, screen, "A1")
        await keys(pilot, "enter")
        assert screen.state.active == "A1"

        before = screen.battle
        await keys(pilot, "d", "ctrl+r", "escape")
        # By hand (004 Roll to Hit): a ranged attack hits on 4+ (no cover chosen); the
        # five riflemen fire a Rifle each (RoA 1): 1, 5, 4, 2, 1: two hits.
        (hit,) = new_rolls(before, screen.battle)
        assert (hit.title, hit.dice, hit.outcome) == (
            "To hit: A1 Infantry 1/6 with the Rifle at B1 Infantry 1/6",
            (1, 5, 4, 2, 1),
            "2 hits from 5 attacks",
        )

        # the dialog opened anew: the wound roll takes the 2 hits, the attacker, its
        # weapon and the target from the to-hit (the issue: it said "from 1 hit")
        before = screen.battle
        await keys(pilot, "d")
        assert text(app, "dice-follow").startswith("Next: Wound roll with 2 hits")
        await keys(pilot, "enter", "down", "enter")  # the keys: the roll after To hit
        filled = {f: field(app, f) for f in ("roller", "weapon", "target", "value")}
        assert filled == {"roller": "A1", "weapon": "rifle", "target": "B1", "value": "2"}
        assert text(app, "dice-follow").startswith("Wound roll: 2 hits from the last roll")
        # its modifiers are the Strength ones, not the to-hit counters (point 13)
        offered: SelectionList[str] = dice(app).query_one("#dice-modifiers", SelectionList)
        names = [str(offered.get_option_at_index(n).prompt) for n in range(offered.option_count)]
        assert names and not any("to hit" in n for n in names)
        await keys(pilot, "ctrl+r", "escape")
        # By hand (004 Strength versus Resilience): the Rifle's ST 1 against RES 4 needs
        # 4+ (a D6 + 1 must exceed 4); two dice, 2 and 5: one wound.
        (wound,) = new_rolls(before, screen.battle)
        assert (wound.title, wound.dice, wound.outcome) == (
            "Wound: A1 Infantry 1/6 with the Rifle at B1 Infantry 1/6",
            (2, 5),
            "1 wound from 2 hits",
        )

        # the save is the target's, for the 1 wound (the issue: it was the attacker's)
        before = screen.battle
        await keys(pilot, "d")
        await choose_kind(pilot, app, "infantry save")
        assert {f: field(app, f) for f in ("roller", "value")} == {"roller": "B1", "value": "1"}
        await keys(pilot, "ctrl+r", "escape")
        # By hand (004 Infantry Saves): 5+ against a ranged attack; one die, 1: not saved.
        (save,) = new_rolls(before, screen.battle)
        assert (save.title, save.dice, save.outcome) == (
            "Infantry save: B1 Infantry 1/6",
            (1,),
            "0 of 1 wound saved: 1 taken",
        )
        await keys(pilot, "e")
        activated = await play_turn(pilot, screen, None)
        assert activated == {"B1"}  # A1 acted above: the turn is played to its end
        assert screen.state.turn == 2


# --- Punkapocalyptic -----------------------------------------------------------------------


async def test_punkapocalyptic_a_hit_and_its_wound(tmp_path: Path) -> None:
    """Side A: a Ganger Badass (A1, Precision 6) with a Rifle; side B: a Mutard (B1,
    Toughness 3, no armour). A1 acts first (the higher Agility). Seed 4: roll 0 is the
    d10 2, roll 1 the d10s 5, 3."""
    folders = Folders(tmp_path)
    a = [entry("badass", rifle=1, bullet=2)]
    b = [entry("mutard")]
    game = make("punkapocalyptic", a, b, seed=4, factions=("gangers", "mutards"))
    path = battle_file(folders, game)
    app = app_in(folders, battle_path=path, offer_recovery=False)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = tracker(app)
        await to_model(pilot, screen, "A1")
        await keys(pilot, "enter")
        assert screen.state.active == "A1"
        before = screen.battle
        await keys(pilot, "d")
        await choose_kind(pilot, app, "shooting")
        await pilot.click("#dice-distance")
        await keys(pilot, "5", "ctrl+r", "escape")
        # By hand (002 Shooting): Precision 6 + 1 at short range (5" of the Rifle's
        # 12/24/36") = 7: a d10 of 7 or less hits; rolled 2: a hit.
        (shot,) = new_rolls(before, screen.battle)
        assert (shot.title, shot.dice, shot.outcome) == (
            "Shooting: A1 Badass with the Rifle at B1 Mutard",
            (2,),
            "Hit (rolled 2)",
        )
        before = screen.battle
        await keys(pilot, "d")
        assert text(app, "dice-follow").startswith("Next: Wound roll with a hit")
        await choose_kind(pilot, app, "wound")
        filled = {f: field(app, f) for f in ("roller", "weapon", "target", "distance")}
        assert filled == {"roller": "A1", "weapon": "rifle", "target": "B1", "distance": "5"}
        await keys(pilot, "ctrl+r", "escape")
        # By hand (002 ch.4 Shooting, the wound roll): the Rifle's Strength 6 (RB ch.3) +
        # d10 against the Mutard's Toughness 3 + d10 (no armour, no cover): 6 + 5 = 11
        # against 3 + 3 = 6: wounded, and on B1, the model shot.
        (wound,) = new_rolls(before, screen.battle)
        assert (wound.title, wound.dice, wound.outcome) == (
            "Wound roll: Rifle against B1 Mutard",
            (5, 3),
            "Wounded: 11 against 6",
        )
        assert "Rifle Strength 6 + roll 5 = 11" in wound.detail
        await keys(pilot, "e")
        assert await play_turn(pilot, screen, None) == {"B1"}
        assert screen.state.turn == 2


def opened(folders: Folders, system: str) -> WarbandApp:
    """The app on a battle of the system's two fixture lists (seed 7), as
    ``test_sheet_systems_turn`` starts it with ``warband battle new``."""
    return app_in(folders, battle_path=start(folders, system), offer_recovery=False)


async def advance_to(pilot: Pilot[None], screen: TrackerScreen, phase: str) -> None:
    """Play the turn with keys (each unit activated and its activation ended, phases moved
    on) until the phase with this id begins."""
    phases = [p.id for p in screen.state.tracker.turns.phases]
    for _ in range(100):
        state = screen.state
        if phases[state.phase] == phase:
            return
        up = state.next_up()
        if up.needs_roll_off:
            await keys(pilot, "o", "enter")
        elif not up.turn_over:
            await keys(pilot, "enter", "e")
        else:
            await keys(pilot, "x")
    raise AssertionError(f"the {phase} phase never began")


def kinds(app: WarbandApp) -> list[str]:
    return [k.name for k in dice(app).kinds]


def modifiers(app: WarbandApp) -> dict[str, bool]:
    """The dice helper's modifiers: each line and whether it is ticked."""
    listing: SelectionList[str] = dice(app).query_one("#dice-modifiers", SelectionList)
    options = [listing.get_option_at_index(n) for n in range(listing.option_count)]
    return {str(o.prompt): o.value in listing.selected for o in options}


# --- Steampocalypse 1909 ---------------------------------------------------------------------


async def test_steampocalypse_the_defence_is_chosen_after_the_hits(tmp_path: Path) -> None:
    """Side A: Oliver Brookwater (A1, RCB 3) and his patrol; side B: a Captain (B1, DEF 2,
    HPT 3) and his. The attack is rolled first and alone; the defence takes the defender and
    the HITs from it, and the defender chooses its dice then. Seed 7; the roll-off is roll
    0: roll 1 gives the D6s 5, 2, 2; roll 2: 3, 3. History: issue 16 point 15."""
    folders = Folders(tmp_path)
    app = opened(folders, "steampocalypse-1909")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = tracker(app)
        await keys(pilot, "o", "enter")  # side A goes first
        await to_model(pilot, screen, "A1")
        await keys(pilot, "enter")
        assert screen.state.counter("B1", "defence-pool") == 2  # its DEF

        before = screen.battle
        await keys(pilot, "d")
        await choose_kind(pilot, app, "ranged attack")
        assert {f: field(app, f) for f in ("roller", "target")} == {"roller": "A1", "target": "B1"}
        # no defence dice yet: the field is not shown (nor made)
        assert not [w for w in dice(app).query("#dice-count") if w.display]
        await keys(pilot, "ctrl+r", "escape")
        # By hand (000 Attack Sequence): RCB 3 dice, a HIT on 5+: 5, 2, 2: one HIT.
        # Nothing is applied yet: the defence comes next.
        (attack,) = new_rolls(before, screen.battle)
        assert (attack.title, attack.dice, attack.outcome, attack.target) == (
            "Ranged attack: Oliver Brookwater, British Captain against Captain",
            (5, 2, 2),
            "1 HIT on Captain",
            None,
        )

        before = screen.battle
        await keys(pilot, "d")
        assert text(app, "dice-follow").startswith("Next: Defence with 1 HIT from the last roll")
        await choose_kind(pilot, app, "defence")
        filled = {f: field(app, f) for f in ("roller", "value", "count")}
        assert filled == {"roller": "B1", "value": "1", "count": ""}  # the dice: its choice
        await pilot.click("#dice-count")
        await keys(pilot, "2", "ctrl+r", "escape")
        # By hand (000 Attack Sequence, defense pool): the Captain rolls 2 dice of its pool
        # of 2, a HIT on 5+: 3, 3: nothing cancelled, the 1 HIT costs 1 HPT; the pool is
        # spent.
        (defence,) = new_rolls(before, screen.battle)
        assert (defence.title, defence.dice, defence.outcome, defence.target) == (
            "Defence: Captain against 1 HIT",
            (3, 3),
            "0 blocked of 1: Captain loses 1 HPT",
            "B1",
        )
        assert screen.state.wounds == {"B1": 1}
        assert screen.state.counter("B1", "defence-pool") == 0
        await keys(pilot, "e")
        assert await play_turn(pilot, screen, None) == {"A2", "A3", "A4", "B1", "B2", "B3", "B4"}
        assert screen.state.turn == 2


# --- Reikhammer --------------------------------------------------------------------------------


async def test_reikhammer_the_shot_formation_takes_the_shock_and_saves(tmp_path: Path) -> None:
    """Side A: the First Company (A1-A6, actor A1) and a support platoon; side B: an
    armoured company (B1-B3, actor B1, SV 4) and more. The First Company declares Sustained
    Fire and shoots at the armoured company: the Shock goes on the target, and each hit
    leads to the target's save. Seed 7; the roll-off is roll 0: roll 1 gives the D6s 5, 2,
    2; roll 2: 3; roll 3: 5. History: issue 16 point 16."""
    folders = Folders(tmp_path)
    app = opened(folders, "reikhammer")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = tracker(app)
        await keys(pilot, "d")
        # 003 Sequence of Battle: no action test in the Strategy Phase
        assert kinds(app) == ["Strategy roll"]
        await keys(pilot, "escape", "x", "o", "enter")  # the Action Phase, side A first
        await to_model(pilot, screen, "A1")
        await keys(pilot, "enter", "a")
        await pick(pilot, "Sustained Fire")

        before = screen.battle
        await keys(pilot, "d")
        assert "Action test" in kinds(app) and "Rally" not in kinds(app)
        await choose_kind(pilot, app, "shooting")
        assert {f: field(app, f) for f in ("roller", "target")} == {"roller": "A1", "target": "B1"}
        # the action declared ticks its modifier (003 Basic Actions: Sustained Fire, +1)
        assert modifiers(app) == {
            "Target in cover -1": False,
            "Double action -1": False,
            "Marshal action -1": False,
            "Sustained Fire +1": True,
        }
        await pilot.click("#dice-count")
        await keys(pilot, "3")
        await pilot.click("#dice-needed")
        await keys(pilot, "4", "ctrl+r", "escape")
        # By hand (003 Shooting Action 2-3; Sustained Fire): three weapons against AT 4,
        # +1 for Sustained Fire: at or under 5 hits: 5, 2, 2: three hits. The formation
        # shot at takes 1 Shock as the shooting begins (Shooting Action 1), not the shooter.
        (shot,) = new_rolls(before, screen.battle)
        assert (shot.title, shot.dice, shot.detail, shot.target) == (
            "Shooting: First Company 1/6 at Armoured company 1/3",
            (5, 2, 2),
            "target 4 + Sustained Fire 1 = 5: d6 <= 5; rolled 5, 2, 2",
            "B1",
        )
        assert screen.state.counter("B1", "shock") == 1
        assert screen.state.counter("A1", "shock") == 0

        before = screen.battle
        await keys(pilot, "d")
        assert text(app, "dice-follow").startswith("Next: Save (1 of 3) with 3 hits, one each")
        await choose_kind(pilot, app, "save")
        assert field(app, "roller") == "B1"
        await keys(pilot, "ctrl+r")
        assert text(app, "dice-follow").startswith("Save (2 of 3): 3 hits, one each")
        await keys(pilot, "ctrl+r", "escape")
        # By hand (003 Shooting Action 7; the catalog's reading of the save): a D6 at or
        # under the armoured company's SV 4 for each hit allocated: 3 saves, 5 fails.
        saves = new_rolls(before, screen.battle)
        assert [(r.title, r.dice, r.passed, r.target) for r in saves] == [
            ("Save: Armoured company 1/3", (3,), True, "B1"),
            ("Save: Armoured company 1/3", (5,), False, "B1"),
        ]
        await keys(pilot, "e")
        assert await play_turn(pilot, screen, None) == {"A7", "B1", "B4", "B8"}
        assert screen.state.turn == 2


# --- the colonial sheet ------------------------------------------------------------------------


async def test_colonial_hits_lead_to_the_targets_armour_saves(tmp_path: Path) -> None:
    """Side A: the British column (a Naval Gatling gun A11, Shoot 5 and ROF 4; line infantry
    A3-A10, Melee 4); side B: the native host (a steam crawler B20, ARMOR 7). The gun's hits
    on the crawler lead to its armour saves against shooting, with the gun modifiers only;
    the infantry's melee hits to its saves against melee, with the melee ones only. Seed 7,
    d10s: roll 1 (after the roll-off) 10, 4, 4, 10; roll 2: 9; then the tables the saves
    lead to. History: issue 16 point 17."""
    folders = Folders(tmp_path)
    app = opened(folders, "vsf-colonial")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = tracker(app)
        await advance_to(pilot, screen, "shooting")

        before = screen.battle
        await keys(pilot, "d")
        await choose_kind(pilot, app, "shooting")
        await choose(pilot, "roller", "a11")
        await choose(pilot, "target", "b20")
        await pilot.click("#dice-count")
        await keys(pilot, "4", "ctrl+r", "escape")
        # By hand (001 Shooting): ROF 4 x 1 gun: four d10 at or under Shoot 5: 10, 4, 4,
        # 10: two hits on the crawler.
        (shot,) = new_rolls(before, screen.battle)
        assert (shot.title, shot.dice, shot.outcome) == (
            "Shooting: Naval Gatling gun 1/3 at Steam crawler",
            (10, 4, 4, 10),
            "2 successes: hit: each die at or under the number is one",
        )

        before = screen.battle
        await keys(pilot, "d")
        assert text(app, "dice-follow").startswith(
            "Next: Armour save against shooting (vehicle) (1 of 2) with 2 hits, one each"
        )
        await choose_kind(pilot, app, "armour save against shooting")
        assert field(app, "roller") == "B20"
        # Reading (001 Armor Saves): a save against a shot takes the gun rows only
        assert list(modifiers(app)) == [
            "Rifle / Gatling -6",
            "Light gun -1",
            "Medium gun +0",
            "Heavy gun +2",
        ]
        await tick(pilot, "modifiers", "Rifle / Gatling")
        await keys(pilot, "ctrl+r")
        assert text(app, "dice-follow").startswith(
            "Armour save against shooting (vehicle) (2 of 2)"
        )
        await keys(pilot, "ctrl+r", "escape")
        # By hand (001 Armor Saves; Vehicle Shooting Hits): each save is a d10, -6 against
        # a Gatling, at or under ARMOR 7 is non-penetrating: roll 1: 9 - 6 = 3, held, then
        # the Non-Penetrating column's d10 (the same roll's next die): 4, "Clank!"; roll 3
        # (the table was roll 2): 9 - 6 = 3 again, then 1. The player's tick stayed for
        # the second save.
        saves = [r for r in new_rolls(before, screen.battle) if r.test is not None]
        assert [(r.title, r.dice, r.detail, r.passed, r.target) for r in saves] == [
            (
                "Armour save against shooting (vehicle): Steam crawler",
                (9,),
                "d10 - Rifle / Gatling 6 <= 7 (rolled 9 = 3); rolled 9",
                True,
                "B20",
            )
        ] * 2

        await advance_to(pilot, screen, "melee")
        before = screen.battle
        await keys(pilot, "d")
        await choose_kind(pilot, app, "melee")
        await choose(pilot, "roller", "a3")
        await choose(pilot, "target", "b20")
        await pilot.click("#dice-count")
        await keys(pilot, "8", "ctrl+r", "escape")
        # By hand (001 MELEE): a die per figure in the fight, 8 line infantry, at or
        # under Melee 4: roll 5 gives 9, 6, 6, 8, 10, 4, 4, 8: two hits.
        (melee,) = new_rolls(before, screen.battle)
        assert (melee.title, melee.dice, melee.outcome) == (
            "Melee: Line infantry 1/8 at Steam crawler",
            (9, 6, 6, 8, 10, 4, 4, 8),
            "2 successes: hit: each die at or under the number is one",
        )
        before = screen.battle
        await keys(pilot, "d")
        assert text(app, "dice-follow").startswith(
            "Next: Armour save against melee (vehicle) (1 of 2) with 2 hits, one each"
        )
        await choose_kind(pilot, app, "armour save against melee")
        assert field(app, "roller") == "B20"
        # Reading (001 Armor Saves): a save against melee takes the melee rows only, not
        # the guns' (the issue: it listed them)
        assert list(modifiers(app)) == [
            "Infantry melee -5",
            "Infantry explosives in melee -2",
            "Special vehicle melee weapon (drill, saw blade ...) +1",
        ]
        await tick(pilot, "modifiers", "Infantry melee")
        await keys(pilot, "ctrl+r", "ctrl+r", "escape")
        # By hand (001 Armor Saves; Vehicle Melee Hits): -5 to the die against infantry
        # melee, at or under ARMOR 7 is a dent: roll 6: 10 - 5 = 5, a dent (the Dent column
        # and the Crack column it sends to take the same roll's next dice, 10 and 3; the
        # three logged rolls count as rolls 6 to 8); roll 9: 9 - 5 = 4, a dent.
        saves = [r for r in new_rolls(before, screen.battle) if r.test is not None]
        assert [(r.dice, r.detail, r.outcome, r.target) for r in saves] == [
            (
                (10,),
                "d10 - Infantry melee 5 <= 7 (rolled 10 = 5); rolled 10",
                "1 success: a dent",
                "B20",
            ),
            (
                (9,),
                "d10 - Infantry melee 5 <= 7 (rolled 9 = 4); rolled 9",
                "1 success: a dent",
                "B20",
            ),
        ]
        await play_turn(pilot, screen, None)  # the morale phase, and the turn ends
        assert screen.state.turn == 2


# --- in the dialog alone: 0 wounds, melee, undo ---------------------------------------------


def infantry_battle(seed: int) -> Battle:
    """Steam Wars: the sample Infantry on each side (A1-A5 riflemen, B1-B6)."""
    infantry = [RosterUnit(unit="infantry", models=6)]
    return make("steam-wars", infantry, infantry, seed=seed)


async def test_no_wounds_leave_no_wound_to_save() -> None:
    """Seed 4 (no roll-off in this battle: the to-hit is roll 0): 1, 5, 1, 3, 4 at 4+: two
    hits; roll 1: 3, 2 against 4+ (ST 1 against RES 4): no wound. The save takes 0 wounds,
    not a blank that meant 1, and rolls no die. History: issue 16 point 13."""
    app = Host(infantry_battle(4), "A1", catalog=bundled("steam-wars"))
    async with app.run_test(size=WIDE) as pilot:
        await pilot.pause()
        await roll(pilot)
        assert rolls(app)[-1].outcome == "2 hits from 5 attacks"
        await choose(pilot, "kind", "wound")
        await roll(pilot)
        assert (rolls(app)[-1].dice, rolls(app)[-1].outcome) == ((3, 2), "0 wounds from 2 hits")
        await choose(pilot, "kind", "infantry save")
        screen = pilot.app.screen
        assert isinstance(screen, DiceDialog)
        assert screen.query_one("#dice-roller", Select).value == "B1"
        assert screen.query_one("#dice-value", Input).value == "0"
        await roll(pilot)
        assert (rolls(app)[-1].dice, rolls(app)[-1].outcome) == ((), "0 of 0 wounds saved: 0 taken")


async def test_a_melee_wound_leads_to_no_infantry_save() -> None:
    """004 Infantry Saves: never in melee, so a melee attack's wounds offer no save."""
    app = Host(infantry_battle(5), "A1", catalog=bundled("steam-wars"))
    async with app.run_test(size=WIDE) as pilot:
        await pilot.pause()
        await pilot.click("#dice-melee")
        await pilot.pause()
        await roll(pilot)
        await choose(pilot, "kind", "wound")
        screen = pilot.app.screen
        assert isinstance(screen, DiceDialog)
        assert screen.query_one("#dice-weapon", Select).value == "bayonet"
        await roll(pilot)
        assert screen.follow is None
        assert not screen.query_one("#dice-follow", Static).display


def test_an_undone_or_later_roll_ends_the_follow_on() -> None:
    """The follow-on stands while its roll is the last roll logged."""
    game = infantry_battle(5)
    rolled = game.record(Roll(kind="roll", title="To hit", outcome="2 hits"))
    follow = FollowOn("wound", (("value", "2"),), "2 hits", "To hit")
    remember(rolled, follow)
    assert recall(rolled) == follow
    noted = rolled.record(Note(kind="note", text="moved"))
    assert recall(noted) == follow  # a note is not a roll
    assert recall(game) is None  # undone
    again = game.record(Roll(kind="roll", title="To hit", outcome="1 hit"))
    assert recall(again) is None  # another roll in its place
    later = rolled.record(Roll(kind="roll", title="Unpin", outcome="Unpinned"))
    assert recall(later) is None


async def test_punkapocalyptic_a_combat_hit_leads_to_the_winners_wound_roll() -> None:
    """002 Combat: the higher total hits its rival. Gangers (A1 Big Joe, Combat 6) against
    Mutards (B1 Big Noggin, Combat 1, a Small blade), seed 4, roll 0: d10s 2 and 9:
    6 + 2 = 8 against 1 + 9 = 10: the Mutard hits, so its wound roll follows, with its
    melee weapon, at Big Joe, in Big Joe's action turn (ties go to Big Joe)."""
    app = Host(punk_battle(seed=4), "A1")
    async with app.run_test(size=WIDE) as pilot:
        await pilot.pause()
        await choose(pilot, "kind", "opposed")
        await choose(pilot, "stat", "combat")
        await pilot.click("#dice-combat")
        await pilot.pause()
        await roll(pilot)
        assert (rolls(app)[-1].dice, rolls(app)[-1].outcome) == (
            (2, 9),
            "A1 Big Joe (Chief) loses: B1 Big Noggin (Bobblehead) succeeds",
        )
        await choose(pilot, "kind", "wound")
        filled = {f: field(app, f) for f in ("roller", "weapon", "target", "their_turn")}
        assert filled == {
            "roller": "B1",
            "weapon": "small-blade",
            "target": "A1",
            "their_turn": True,
        }


def test_reikhammer_offers_each_test_in_its_phase() -> None:
    """003 Sequence of Battle: action tests, shooting, saves and assaults in the Action
    Phase, the rally in the End Phase; F1 (no phase) names them all."""
    tracker = bundled("reikhammer").system_file.tracker
    assert tracker is not None
    stats = {s.name for s in bundled("reikhammer").system.stats}

    def names(phase: str | None) -> list[str]:
        return [k.name for k in offered_kinds(tracker, stats, phase) if k.id.startswith("test:")]

    assert names("strategy") == []
    assert names("action") == ["Action test", "Shooting", "Save", "Assault"]
    assert names("end") == ["Rally"]
    assert names(None) == ["Action test", "Rally", "Shooting", "Save", "Assault"]
