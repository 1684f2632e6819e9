"""The dice helper follows what the tracker knows, played in the tracker with the keys a
player presses.

After ``a`` Shoot with a weapon, ``d`` opens on Shooting with that weapon, Aimed ticked
when the model aimed; Enter in a number goes on and never rolls; the next roll is a key
(``n``, or Enter on the Next button focused after the roll); a Wounded result offers to
apply the wound to the model hit (``w``, or Enter); F1 shows the dice helper's help;
Space on the modifiers ticks the highlighted one at once; at 80x24 and 100x32 every field
can be reached, with a scrollbar where the form scrolls.

Numbers are worked out by hand from ../shared/rules/002_2b9b8c58daf866c4.txt
(Punkapocalyptic) and the seeded dice: die ``k`` of roll number ``n`` (rolls counted in
the log) of a battle seeded ``s`` is ``die_value(s, n, k, sides)``.

History: issue 31 items 2, 5 and 7.
"""

from __future__ import annotations

from pathlib import Path

from textual.widgets import Button, Input, SelectionList

from model.battle.events import Roll, Wound
from model.roster.roster import RosterUnit
from tests.helpers import entry
from tests.tui.driver import Folders, app_in, keys, pick
from tests.tui.test_dice_follow_on import (
    battle_file,
    dice,
    field,
    make,
    modifiers,
    new_rolls,
    opened,
    text,
    to_model,
    tracker,
)
from tui.screens.help import TextHelpScreen

SIZE = (120, 44)


def badass_and_mutard(folders: Folders) -> Path:
    """Side A: a Ganger Badass (A1, Precision 6) with a Rifle and bullets; side B: a
    Mutard (B1, Toughness 3, no armour). Seed 4: roll 0 is the d10 2, roll 1 the d10s
    5, 3 (as in ``test_dice_follow_on``)."""
    a = [entry("badass", rifle=1, bullet=2)]
    b = [entry("mutard")]
    game = make("punkapocalyptic", a, b, seed=4, factions=("gangers", "mutards"))
    return battle_file(folders, game)


async def test_after_aim_and_shoot_the_helper_opens_on_the_shot_and_applies_the_wound(
    tmp_path: Path,
) -> None:
    folders = Folders(tmp_path)
    app = app_in(folders, battle_path=badass_and_mutard(folders), offer_recovery=False)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = tracker(app)
        await to_model(pilot, screen, "A1")
        await keys(pilot, "enter", "a")
        await pick(pilot, "Aim")
        await keys(pilot, "a")
        await pick(pilot, "Shoot: Rifle")
        assert screen.state.counter("A1", "aiming") == 1

        before = screen.battle
        await keys(pilot, "d")
        # it opens on Shooting with the Rifle just fired, not on "Attribute roll", and
        # Aimed +3 is ticked: A1 is Aiming (002 ch.2 Aiming)
        assert field(app, "kind") == "shooting"
        assert {f: field(app, f) for f in ("roller", "weapon", "target")} == {
            "roller": "A1",
            "weapon": "rifle",
            "target": "B1",
        }
        assert modifiers(app)["Aimed +3"] is True
        assert "the action just recorded" in text(app, "dice-follow")

        # four distances tried with Enter log no roll (Enter goes on to the next field)
        await pilot.click("#dice-distance")
        for distance in ("30", "10", "5", "20"):
            await pilot.click("#dice-distance")
            dice(app).query_one("#dice-distance", Input).value = ""
            await keys(pilot, *distance, "enter")
        assert screen.battle.events == before.events
        assert not new_rolls(before, screen.battle)

        await keys(pilot, "ctrl+r")
        # By hand (002 ch.2 Shooting, Aiming, Ranges): Precision 6 at medium range (20"
        # of the Rifle's 12/24/36": no modifier) + Aimed 3 = 9: a d10 of 9 or less hits;
        # rolled 2.
        (shot,) = new_rolls(before, screen.battle)
        assert (shot.title, shot.dice, shot.outcome) == (
            "Shooting: A1 Badass with the Rifle at B1 Mutard",
            (2,),
            "Hit (rolled 2)",
        )
        assert shot.detail.startswith("Precision 6 + Aimed 3 = 9: needs 9 or less")
        # the next roll is a key: the Next button, focused, so Enter fills the wound roll
        next_button = dice(app).query_one("#dice-next", Button)
        assert next_button.display and app.focused is next_button
        assert "Wound roll" in str(next_button.label)
        await keys(pilot, "enter")
        assert field(app, "kind") == "wound"
        filled = {f: field(app, f) for f in ("roller", "weapon", "target", "distance")}
        assert filled == {"roller": "A1", "weapon": "rifle", "target": "B1", "distance": "20"}
        before = screen.battle
        await keys(pilot, "enter")  # Roll is focused after Next
        # By hand (002 ch.2 Hits): the Rifle's Strength 6 + 5 = 11 against the Mutard's
        # Toughness 3 + 3 = 6: Wounded.
        (wound,) = new_rolls(before, screen.battle)
        assert wound.outcome == "Wounded: 11 against 6"
        apply = dice(app).query_one("#dice-apply", Button)
        assert apply.display and app.focused is apply
        assert str(apply.label) == "Apply the wound to B1 Mutard (w)"
        before = screen.battle
        await keys(pilot, "enter")  # one key: the wound is on B1, as w in the tracker
        assert screen.battle.events[len(before.events) :] == (
            Wound(kind="wound", model="B1", amount=1),
        )
        assert not apply.display
        assert "B1 Mutard: 1 wound recorded" in text(app, "dice-message")
        await keys(pilot, "w")  # applied once only
        assert len(screen.battle.events) == len(before.events) + 1


async def test_the_key_n_fills_the_next_roll(tmp_path: Path) -> None:
    """The hit's wound roll with ``n`` alone, the dialog opened anew after the shot."""
    folders = Folders(tmp_path)
    app = app_in(folders, battle_path=badass_and_mutard(folders), offer_recovery=False)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = tracker(app)
        await to_model(pilot, screen, "A1")
        await keys(pilot, "enter", "a")
        await pick(pilot, "Shoot: Rifle")
        await keys(pilot, "d")
        await pilot.click("#dice-distance")
        await keys(pilot, "5", "ctrl+r", "escape", "d")
        assert [r.outcome for r in screen.battle.events if isinstance(r, Roll)] == [
            "Hit (rolled 2)"
        ]
        assert text(app, "dice-follow").startswith("Next: Wound roll with a hit")
        await keys(pilot, "n")
        assert field(app, "kind") == "wound"
        assert field(app, "target") == "B1"


async def test_f1_space_and_the_scrollbar(tmp_path: Path) -> None:
    """F1 in the dice helper shows its help; Space on the modifiers ticks the first at
    once; at 80x24 and 100x32 the form scrolls with a scrollbar shown, and Tab reaches
    every field (the modifiers and the Other modifier below them included)."""
    for size in ((80, 24), (100, 32)):
        folders = Folders(tmp_path / f"{size[0]}")
        app = app_in(folders, battle_path=badass_and_mutard(folders), offer_recovery=False)
        async with app.run_test(size=size) as pilot:
            await pilot.pause()
            screen = tracker(app)
            await to_model(pilot, screen, "A1")
            await keys(pilot, "enter", "a")
            await pick(pilot, "Shoot: Rifle")
            await keys(pilot, "d", "f1")
            assert isinstance(app.screen, TextHelpScreen)
            assert "Ctrl+R" in app.screen.text and "Shooting" in app.screen.text
            await keys(pilot, "escape")
            form = dice(app).query_one("#dice-form")
            assert form.max_scroll_y > 0, size
            assert form.show_vertical_scrollbar, size
            # drawn to be seen: the thumb stands out from its track (it was a dark blue
            # on black, taken for no scrollbar at all)
            thumb, track = form.styles.scrollbar_color, form.styles.scrollbar_background
            assert abs(thumb.brightness - track.brightness) > 0.25, (thumb, track)
            listing: SelectionList[str] = dice(app).query_one("#dice-modifiers", SelectionList)
            for _ in range(12):
                if app.focused is listing:
                    break
                await keys(pilot, "tab")
            assert app.focused is listing
            assert listing.selected == []
            await pilot.press("space")
            await pilot.pause()
            first = listing.get_option_at_index(0)
            assert listing.selected == [first.value]
            # the field is scrolled into view, under the form's visible region
            assert form.scrollable_content_region.contains_region(listing.region) or (
                listing.region.y >= form.region.y
                and listing.region.y < form.region.y + form.region.height
            ), size
            await keys(pilot, "tab")
            other = dice(app).query_one("#dice-other")
            assert app.focused is other
            assert form.region.y <= other.region.y < form.region.bottom, size


async def test_a_close_combat_roll_after_an_assault(tmp_path: Path) -> None:
    """Side A: a Ganger Badass (A1, Combat 6) with a Medium blade (C +1, RB ch.3); side B: a
    Mutard (B1, Combat 3) with a Heavy mace (C -1, RB ch.3). A1 moves once, then Assaults:
    +1, and +1 for the move before (RB ch.2 Assault). ``d`` opens on the Combat roll with
    that bonus and both weapons. Seed 4, roll 0: the d10s 2 (A1) and 9 (B1). By hand (RB
    ch.2 Combat: d10 + Combat + weapon bonuses + other bonuses): 6 + 1 + 2 + 2 = 11 against
    3 - 1 + 9 = 11: a tie, both hit; the hit is followed by A1's wound roll with the Medium
    blade on B1. History: issue 31 item 3."""
    folders = Folders(tmp_path)
    a = [entry("badass", medium_blade=1)]
    b = [entry("mutard", heavy_mace=1)]
    game = make("punkapocalyptic", a, b, seed=4, factions=("gangers", "mutards"))
    app = app_in(folders, battle_path=battle_file(folders, game), offer_recovery=False)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = tracker(app)
        await to_model(pilot, screen, "A1")
        await keys(pilot, "enter", "a")
        await pick(pilot, "Move")
        await keys(pilot, "a")
        await pick(pilot, "Assault")
        before = screen.battle
        await keys(pilot, "d")
        assert field(app, "kind") == "combat"
        filled = {
            f: field(app, f) for f in ("roller", "weapon", "opponent", "opponent_weapon", "assault")
        }
        assert filled == {
            "roller": "A1",
            "weapon": "medium-blade",
            "opponent": "B1",
            "opponent_weapon": "heavy-mace",
            "assault": "2",
        }
        await keys(pilot, "ctrl+r")
        (fight,) = new_rolls(before, screen.battle)
        assert (fight.title, fight.dice, fight.outcome) == (
            "Combat: A1 Badass against B1 Mutard",
            (2, 9),
            "Tie in combat: both hit (A1 Badass and B1 Mutard)",
        )
        assert fight.detail == (
            "A1 Badass: Combat 6 + Medium blade 1 + Assault 2 + roll 2 = 11 vs "
            "B1 Mutard: Combat 3 - Heavy mace 1 + roll 9 = 11"
        )
        shown = text(app, "dice-result")
        assert "Medium blade 1" in shown and "Heavy mace 1" in shown and "Assault 2" in shown
        await keys(pilot, "n")
        wound = {f: field(app, f) for f in ("kind", "roller", "weapon", "target")}
        assert wound == {"kind": "wound", "roller": "A1", "weapon": "medium-blade", "target": "B1"}


async def test_steam_wars_after_a_charge_the_melee_attack_takes_its_bonuses(
    tmp_path: Path,
) -> None:
    """Steam Wars (../shared/rules/004_de4158728bbe4e2d.txt, Melee Attacks: "All melee
    attacks have a base roll of 4+ to hit on a D6"; a unit that charged gains +1 to hit and
    +1 to ST). Side A: the sample Infantry (A1-A6) and The Iron Man (A7, a Heavy Steam
    Weapon, ST 4); side B: a Light Tank (B1, RES 6). After ``a`` Charge, ``d`` opens on To
    hit in melee with Charge +1 ticked, and the wound roll that follows has the Charge's ST
    +1 ticked. History: issue 31 item 3."""
    folders = Folders(tmp_path)
    infantry = [RosterUnit(unit="infantry", models=6), RosterUnit(unit="the-iron-man")]
    tank = [RosterUnit(unit="light-tank")]
    path = battle_file(folders, make("steam-wars", infantry, tank, seed=5))
    app = app_in(folders, battle_path=path, offer_recovery=False)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = tracker(app)
        await keys(pilot, "o", "enter")  # side A goes first
        await to_model(pilot, screen, "A7")
        await keys(pilot, "enter", "a")
        await pick(pilot, "Charge")
        before = screen.battle
        await keys(pilot, "d")
        assert {f: field(app, f) for f in ("kind", "roller", "melee")} == {
            "kind": "to-hit",
            "roller": "A7",
            "melee": True,
        }
        assert modifiers(app)["Charge +1"] is True
        await keys(pilot, "ctrl+r")
        (hit,) = new_rolls(before, screen.battle)
        # By hand: melee 4+ to hit, +1 for the Charge: 3+
        # By hand (004 Melee Attacks; the Iron Man's Aggressive rerolls failed melee
        # hits): 4+ to hit, + Charge 1: 3+. Seed 5, roll 1 (the roll-off is roll 0):
        # the D6 1 fails, rerolled 5: one hit.
        assert (hit.dice, hit.outcome) == ((1, 5), "1 hit from 1 attack")
        assert hit.detail == (
            "Melee to hit 4+ + Charge 1: needs 3+; rolled 1; Aggressive rerolls the failures: 5"
        )
        await keys(pilot, "n")
        assert field(app, "kind") == "wound"
        assert modifiers(app)["Charge +1"] is True  # ST +1 (004 Melee Attacks)


async def test_steampocalypse_a_close_combat_attack_opens_on_its_roll(tmp_path: Path) -> None:
    """Steampocalypse 1909 (../shared/rules/000_d61becfa788857fc.txt, Attack Sequence: the
    attacker rolls its CCB dice, each 5 or 6 a HIT): after ``a`` Close combat attack, ``d``
    opens on that roll for the model that attacked, its CCB dice counted from its card (the
    fixture lists of ``test_sheet_systems_turn``). History: issue 31 item 3."""
    folders = Folders(tmp_path)
    app = opened(folders, "steampocalypse-1909")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = tracker(app)
        await keys(pilot, "o", "enter")  # side A goes first
        await to_model(pilot, screen, "A1")
        await keys(pilot, "enter", "a")
        await pick(pilot, "Close combat attack")
        await keys(pilot, "d")
        assert field(app, "kind") == "test:close-combat-attack"
        assert field(app, "roller") == "A1"
        assert "the action just recorded" in text(app, "dice-follow")
