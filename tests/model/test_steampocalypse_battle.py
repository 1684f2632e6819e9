"""A Steampocalypse 1909 battle tracked with the bundled catalog's ``[tracker]`` data.

Two legal patrols of example cards (``tests/fixtures/rosters/steampocalypse-1909``) play a
full turn through the battle engine: the roll-off, units of both sides activating in
turn with two actions each, a push (a third action for 1 HPT, after which the unit sits
out the next turn and acts again the turn after), the defence pool refreshed as a unit
activates and spent by the defence rolls, Defend and Charge changing DEF, a ranged attack
that needs a reload, a failed and a passed disengage, hit points lost to attacks, and the
turn's end. A side whose officers are all down has lost.

Attacks are recorded as the dice helper records them: one ``Roll`` of the ``defence``
test applied to the defender, giving the dice it used and the HPT lost (000 Attack
Sequence), so these tests do not depend on any dice.
"""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from catalogs.loader import load_system
from catalogs.locations import bundled_dir
from model.battle.battle import Battle, new_battle
from model.battle.events import (
    Act,
    Activate,
    EndActivation,
    EndTurn,
    Event,
    Roll,
    RollOff,
    SetCounter,
    Wound,
)
from model.battle.refused import Refused
from model.battle.state import BattleState
from model.rolls.dice import FixedDice, Modifier
from model.rolls.sheets.attack_sequence import combat_roll
from model.rolls.sheets.modifiers import auto_modifiers
from saves.battle_read import read_battle
from saves.roster_file import read_roster
from tests.conftest import FIXTURES
from tui.cli import main

ROSTERS = FIXTURES / "rosters" / "steampocalypse-1909"
ANN = ROSTERS / "patrol-brookwater.toml"  # A1 Brookwater, A2 Lieutenant, A3 A4 Conscripts
BOB = ROSTERS / "patrol-captain.toml"  # B1 Captain, B2 B3 B4 Conscripts


def start() -> Battle:
    catalog = load_system(bundled_dir() / "steampocalypse-1909")
    view = catalog.view("bac")
    ann, bob = read_roster(ANN)[0], read_roster(BOB)[0]
    return new_battle(catalog, [("Ann", ann, view), ("Bob", bob, view)], seed=3)


def play(game: Battle, *events: Event) -> Battle:
    for event in events:
        game = game.record(event)
    return game


def activate(actor: str) -> Activate:
    return Activate(kind="activate", actor=actor)


def act(model: str, action: str) -> Act:
    return Act(kind="act", model=model, action=action)


def end(actor: str) -> EndActivation:
    return EndActivation(kind="end-activation", actor=actor)


def attack_on(defender: str, used: int, lost: int) -> Roll:
    """An attack against ``defender``: it rolled ``used`` dice of its defence pool and
    lost ``lost`` HPT (the attack HITs its defence HITs did not cancel)."""
    return Roll(
        kind="roll",
        title=f"Attack against {defender}",
        target=defender,
        test="defence",
        passed=lost == 0,
        values=(used,),
        wounds=lost or None,
    )


def counter(state: BattleState, target: str, counter_id: str) -> int:
    return state.counter(target, counter_id)


def refused(game: Battle, event: Event) -> str:
    with pytest.raises(Refused) as caught:
        game.record(event)
    return caught.value.reason


# --- turn 1, activation by activation (Bob wins the roll-off and starts) -----------------------

ROLL_OFF_1 = RollOff(kind="roll-off", first=1, winner=1, rolls=(2, 5))


def captain_shoots_and_reloads() -> tuple[Event, ...]:
    """B1 fires at conscript A3, which rolls its one defence die and loses 1 HPT, then
    reloads."""
    return (
        activate("B1"),
        act("B1", "ranged-attack"),
        attack_on("A3", used=1, lost=1),
        act("B1", "reload"),
        end("B1"),
    )


def brookwater_defends_and_pushes() -> tuple[Event, ...]:
    """A1 defends, moves, pushes for a third action and moves again."""
    return (
        activate("A1"),
        act("A1", "defend"),
        act("A1", "move"),
        act("A1", "push"),
        act("A1", "move"),
        end("A1"),
    )


def conscript_charges() -> tuple[Event, ...]:
    """B2 charges the Lieutenant (A2), who blocks every HIT with both its defence dice."""
    return (activate("B2"), act("B2", "charge"), attack_on("A2", used=2, lost=0))


def lieutenant_fails_to_disengage_and_fights() -> tuple[Event, ...]:
    """A2, engaged with B2, fails to disengage, then kills B2 in close combat."""
    return (
        activate("A2"),
        SetCounter(kind="counter", target="A2", counter="engaged", value=1),
        SetCounter(kind="counter", target="B2", counter="engaged", value=1),
        act("A2", "move"),
        Roll(kind="roll", title="Disengage", target="A2", test="disengage", passed=False),
        act("A2", "close-combat-attack"),
        attack_on("B2", used=1, lost=2),
        end("A2"),
    )


def conscript_moves_and_shoots() -> tuple[Event, ...]:
    """B3 moves, then fires at Brookwater, who spends 2 of his 4 defence dice and loses 1."""
    return (
        activate("B3"),
        act("B3", "move"),
        act("B3", "ranged-attack"),
        attack_on("A1", used=2, lost=1),
        end("B3"),
    )


def wounded_conscript_shoots() -> tuple[Event, ...]:
    """A3 (pool spent, 1 HPT lost) fires at B4, whose one defence die blocks it."""
    return (
        activate("A3"),
        act("A3", "ranged-attack"),
        attack_on("B4", used=1, lost=0),
        act("A3", "reload"),
        end("A3"),
    )


def last_conscripts() -> tuple[Event, ...]:
    """B4 fires at A4 (1 HPT lost); A4 moves and uses its special ability."""
    return (
        activate("B4"),
        act("B4", "ranged-attack"),
        attack_on("A4", used=1, lost=1),
        end("B4"),
        activate("A4"),
        act("A4", "move"),
        act("A4", "special-ability"),
        end("A4"),
    )


def turn_one() -> Battle:
    return play(
        start(),
        ROLL_OFF_1,
        *captain_shoots_and_reloads(),
        *brookwater_defends_and_pushes(),
        *conscript_charges(),
        *lieutenant_fails_to_disengage_and_fights(),
        *conscript_moves_and_shoots(),
        *wounded_conscript_shoots(),
        *last_conscripts(),
        EndTurn(kind="end-turn"),
    )


def test_the_battle_starts_with_every_unit_loaded_and_its_pool_full() -> None:
    state = start().state
    assert [m.label for m in state.setup.sides[0].models] == [
        "Oliver Brookwater, British Captain", "Lieutenant", "Conscript", "Conscript",
    ]  # fmt: skip
    assert state.actors(0) == ("A1", "A2", "A3", "A4")  # each unit activates on its own
    pools = {m.id: counter(state, m.id, "defence-pool") for m in state.setup.all_models()}
    assert pools == {"A1": 3, "A2": 2, "A3": 1, "A4": 1, "B1": 2, "B2": 1, "B3": 1, "B4": 1}
    assert not any(counter(state, m, "needs-reload") for m in pools)
    assert [state.wounds_max(m) for m in ("A1", "A2", "A3", "B1")] == [4, 3, 2, 3]
    assert state.next_up().needs_roll_off
    assert state.initiative_reminder() is not None
    assert "higher roll chooses who starts" in (state.initiative_reminder() or "")


def test_a_full_turn() -> None:
    game = start()
    assert refused(game, activate("B1")) == "both sides have models in this round: roll off first"
    game = play(game, ROLL_OFF_1)
    assert game.state.next_up().actors == ("B1", "B2", "B3", "B4")

    # B1: a ranged attack leaves its weapon to reload; 2 actions, then no more
    b1 = captain_shoots_and_reloads()
    game = play(game, *b1[:2])
    assert counter(game.state, "B1", "needs-reload") == 1
    assert refused(game, act("B1", "ranged-attack")) == "B1 cannot Ranged attack: Needs reload"
    game = play(game, b1[2])  # A3 rolled its one defence die and lost 1 HPT
    assert (counter(game.state, "A3", "defence-pool"), game.state.wounds["A3"]) == (0, 1)
    assert not game.state.is_out("A3")
    game = play(game, b1[3])
    assert counter(game.state, "B1", "needs-reload") == 0
    assert game.state.actions_left("B1") == 0
    assert refused(game, act("B1", "move")) == "B1 has 0 actions left"
    game = play(game, b1[4])
    assert game.state.next_up().actors == ("A1", "A2", "A3", "A4")  # the sides alternate

    # A1: Defend (+1 DEF, +1 die in the pool, no attack now), then a push for a 3rd action
    a1 = brookwater_defends_and_pushes()
    game = play(game, *a1[:2])
    state = game.state
    assert (state.stat("A1", "DEF"), counter(state, "A1", "defence-pool")) == (4, 4)
    assert refused(game, act("A1", "ranged-attack")) == "A1 cannot Ranged attack: Defending"
    assert refused(game, act("A1", "close-combat-attack")) == (
        "A1 cannot Close combat attack: Defending"
    )
    game = play(game, a1[2])
    assert game.state.actions_left("A1") == 0
    game = play(game, a1[3])  # the push: one more action, 1 HPT lost
    assert (game.state.actions_left("A1"), game.state.wounds["A1"]) == (1, 1)
    assert refused(game, act("A1", "push")) == "A1 cannot Push: Pushing"
    game = play(game, *a1[4:])
    state = game.state
    assert counter(state, "A1", "push") == 0  # only for that activation
    assert counter(state, "A1", "pushed") == 1
    assert state.action_points("A1") == 2

    # B2 charges: its only action, ending its activation, -2 DEF until it activates again
    game = play(game, *conscript_charges()[:2])
    state = game.state
    assert state.active is None and "B2" in state.acted
    assert (counter(state, "B2", "charged"), state.stat("B2", "DEF")) == (1, -1)
    game = play(game, conscript_charges()[2])  # A2 blocked all with both its dice
    assert (counter(game.state, "A2", "defence-pool"), game.state.wounds.get("A2", 0)) == (0, 0)

    # A2: its pool comes back as it activates; engaged (-2 RCB), it fails to disengage
    a2 = lieutenant_fails_to_disengage_and_fights()
    game = play(game, a2[0])
    assert counter(game.state, "A2", "defence-pool") == 2
    game = play(game, *a2[1:3])
    assert game.state.stat("A2", "RCB") == 0
    game = play(game, *a2[3:5])
    assert counter(game.state, "A2", "failed-disengage") == 1
    assert counter(game.state, "A2", "engaged") == 1
    game = play(game, *a2[5:7])  # B2 spent its one die and lost both HPT
    assert game.state.is_out("B2")
    assert counter(game.state, "B2", "defence-pool") == 0
    game = play(game, a2[7])

    # B3: a charge must be the first action
    b3 = conscript_moves_and_shoots()
    game = play(game, *b3[:2])
    assert refused(game, act("B3", "charge")) == "B3 cannot Charge: Actions used"
    game = play(game, *b3[2:])
    assert (counter(game.state, "A1", "defence-pool"), game.state.wounds["A1"]) == (2, 2)

    # A3's spent pool is refreshed to its DEF as it activates
    a3 = wounded_conscript_shoots()
    game = play(game, a3[0])
    assert counter(game.state, "A3", "defence-pool") == 1
    game = play(game, *a3[1:])
    assert counter(game.state, "B4", "defence-pool") == 0

    # B4 has attacked, so it cannot defend this turn
    rest = last_conscripts()
    game = play(game, *rest[:3])
    assert counter(game.state, "B4", "defence-pool") == 1  # refreshed, before A4's roll
    assert refused(game, act("B4", "defend")) == "B4 cannot Defend: Attacked this turn"
    game = play(game, *rest[3:])
    assert game.state.next_up().turn_over

    game = play(game, EndTurn(kind="end-turn"))
    state = game.state
    assert state.turn == 2
    assert {m: state.wounds.get(m, 0) for m in ("A1", "A3", "A4", "B2")} == {
        "A1": 2, "A3": 1, "A4": 1, "B2": 2,
    }  # fmt: skip
    assert not any(counter(state, m.id, "attacked") for m in state.setup.all_models())
    assert counter(state, "B4", "needs-reload") == 1  # until it reloads
    assert counter(state, "A1", "defending") == 1  # until A1 activates again
    assert counter(state, "A2", "failed-disengage") == 1  # until A2 activates again
    assert not state.defeated(0) and not state.defeated(1)


def test_the_pushed_unit_sits_out_the_next_turn_and_acts_the_turn_after() -> None:
    game = turn_one()
    assert game.state.initiative_reminder() is not None  # a roll for turn 2 too
    game = play(game, RollOff(kind="roll-off", first=0, winner=0, rolls=(6, 1)))
    assert refused(game, activate("A1")) == "A1 does not activate this turn: Pushed"
    assert game.state.next_up().actors == ("A2", "A3", "A4")
    game = play(
        game,
        activate("A2"),  # its failed disengage ends, and now it gets away
        Roll(kind="roll", title="Disengage", target="A2", test="disengage", passed=True),
    )
    state = game.state
    assert (counter(state, "A2", "failed-disengage"), counter(state, "A2", "engaged")) == (0, 0)
    assert state.stat("A2", "RCB") == 2
    game = play(game, act("A2", "move"), end("A2"))
    game = play(game, activate("B1"), act("B1", "move"), end("B1"))
    game = play(game, activate("A3"), act("A3", "move"), end("A3"))
    game = play(game, activate("B3"), act("B3", "move"), end("B3"))
    game = play(game, activate("A4"), act("A4", "move"), end("A4"))
    game = play(game, activate("B4"))
    assert refused(game, act("B4", "ranged-attack")) == "B4 cannot Ranged attack: Needs reload"
    game = play(game, act("B4", "reload"), act("B4", "ranged-attack"), end("B4"))
    # A1 never activated in turn 2: its pool was not refreshed, its Defend still holds
    state = game.state
    assert (counter(state, "A1", "defence-pool"), state.stat("A1", "DEF")) == (2, 4)
    assert state.next_up().turn_over  # the turn ends without A1
    game = play(game, EndTurn(kind="end-turn"))
    assert counter(game.state, "A1", "pushed") == 0

    game = play(game, RollOff(kind="roll-off", first=0, winner=1, rolls=(3, 4)), activate("A1"))
    state = game.state
    assert (state.stat("A1", "DEF"), counter(state, "A1", "defence-pool")) == (3, 3)
    assert state.actions_left("A1") == 2
    game = play(game, act("A1", "push"))  # may push again
    assert game.state.actions_left("A1") == 3


def test_a_charge_allows_no_push() -> None:
    """A charge is the unit's only action and is never pushed (research 000: Charge)."""
    game = play(start(), ROLL_OFF_1, activate("B2"), act("B2", "push"))
    assert refused(game, act("B2", "charge")) == "B2 cannot Charge: Pushing"


def test_the_dice_helper_rolls_a_charge_with_the_catalogs_modifiers() -> None:
    """The catalog's data drives the combined roll: the charge's +2 CCB applies by itself
    to the charger, and 2 dice leave its own defence pool (-2 DEF); the defender's chosen
    dice leave its pool and the HITs left are HPT lost."""
    before = play(start(), ROLL_OFF_1, activate("B2")).state
    game = play(start(), ROLL_OFF_1, activate("B2"), act("B2", "charge"))
    state = game.state
    assert auto_modifiers(state, "close-attack", "B2") == (Modifier("Charging", 2),)
    pool = counter(before, "B2", "defence-pool")
    assert counter(state, "B2", "defence-pool") == max(0, pool - 2)
    assert auto_modifiers(state, "close-attack", "A2") == ()
    attack, defence = state.tracker.test("close-combat-attack"), state.tracker.test("defence")
    assert attack is not None and defence is not None
    # CCB 1 + 2 = 3 dice: 6, 5, 5 are 3 HITs; the Lieutenant rolls 2 dice: 2, 5 is 1 HIT
    result = combat_roll(
        state, attack, "B2", defence, "A2", FixedDice(6, 5, 5, 2, 5),
        defence_dice=2, attack_modifiers=auto_modifiers(state, "close-attack", "B2"),
    )  # fmt: skip
    assert result.outcome == "3 HITs, 1 blocked: Lieutenant loses 2 HPT"
    game = game.record(result.event())
    assert (counter(game.state, "A2", "defence-pool"), game.state.wounds["A2"]) == (0, 2)


def test_the_side_whose_officers_are_all_down_has_lost() -> None:
    game = play(start(), Wound(kind="wound", model="B1", amount=3))
    assert game.state.is_out("B1")
    assert (game.state.defeated(0), game.state.defeated(1)) == (False, True)
    assert game.state.summary(1).points_lost == 10
    game = play(game, Wound(kind="wound", model="A1", amount=4))
    assert not game.state.defeated(0)  # the Lieutenant still leads
    game = play(game, attack_on("A2", used=2, lost=3))
    assert game.state.defeated(0)


def test_warband_battle_new_starts_it_from_the_two_lists(tmp_path: Path) -> None:
    target = tmp_path / "patrols.toml"
    out, err = io.StringIO(), io.StringIO()
    argv = ["battle", "new", str(ANN), str(BOB), "--players", "Ann", "Bob", "--seed", "5"]
    code = main([*argv, "-o", str(target)], out=out, err=err)
    assert (code, err.getvalue()) == (0, "")
    assert out.getvalue().splitlines()[:2] == [
        f"wrote {target}: Ann (B.A.C.: Brookwater's Patrol) against Bob (B.A.C.: Captain's Patrol)",
        "Steampocalypse 1909, 10 turns; dice seed 5",
    ]
    battle = read_battle(target)
    assert battle.setup.system == "steampocalypse-1909"
    assert battle.setup == start().setup.model_copy(update={"seed": 5})


def test_show_and_the_report_say_which_side_has_lost(tmp_path: Path) -> None:
    from saves.battle_file import write_battle
    from saves.battle_report import battle_report

    game = play(start(), Wound(kind="wound", model="B1", amount=3))
    assert "**Side B (Bob) has lost: all its officers are down.**" in battle_report(game)
    target = tmp_path / "lost.battle.toml"
    write_battle(target, game)
    out, err = io.StringIO(), io.StringIO()
    assert main(["battle", "show", str(target)], out=out, err=err) == 0
    assert "  Side B (Bob) has lost: all its officers are down" in out.getvalue()
