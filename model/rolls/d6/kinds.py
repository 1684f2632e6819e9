"""Steam Wars' kinds of roll for the dice helper, and the family they make.

The rolls are ``model.rolls.d6``'s (to hit, wounds, saves, the one-die checks,
initiative); this module says which fields each asks for, reads the form and the battle
into their calls (a unit's attacks, a weapon's RoA and ST, the target's Res), offers the
catalog's modifiers each takes and hands hits on to the wound roll and wounds to the
target's save. A game whose catalog lists these rolls in ``tracker.rolls`` gets them
(``D6``). It is apart from the rolls because it is the form's side of them, and apart
from the other families because each game's kinds are its own.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from model.battle.forces import SIDE_LETTERS, ModelSnap
from model.rolls.d6.checks import (
    LUCKY_BLIGHTER,
    MALFUNCTION,
    MEDIC,
    REPAIR,
    UNPIN,
    prototype_roll,
    target_roll,
)
from model.rolls.d6.initiative import InitiativeRoll, Roller, initiative_roll
from model.rolls.d6.needs import plural
from model.rolls.d6.saves import save_roll
from model.rolls.d6.to_hit import COVER_GRID, Target, ToHitRoll, to_hit_roll
from model.rolls.d6.wounds import WOUND_GRID, WoundD6Roll
from model.rolls.d6.wounds import wound_roll as d6_wound_roll
from model.rolls.dice import Dice, Modifier, Result, modifiers_for
from model.rolls.family import RollFamily
from model.rolls.follow_on import FieldValue, FollowOn
from model.rolls.forms import Form, Kind, kind
from model.rolls.game import Game, armed, other_modifiers, picked_modifiers
from model.rolls.profiles import WeaponStats, has_rule

if TYPE_CHECKING:
    from model.battle.events import Act, RollOff
    from model.catalog.tracker import Tracker
    from model.catalog.tracker_rolls import ModifierSpec

D6_KINDS = (
    kind(
        "to-hit",
        "To hit",
        "roller weapon target value melee aimed cover_kind modifiers other",
        roller="Attacker",
        value="Attacks (blank: all)",
    ),
    kind(
        "wound",
        "Wound roll",
        "roller weapon target value strength boiler modifiers other",
        roller="Attacker",
        value="Hits",
        other="Other to ST",
    ),
    kind(
        "save",
        "Infantry save",
        "roller value taking_cover modifiers other",
        roller="Saving model",
        value="Wounds to save",
    ),
    kind("unpin", "Unpin", "roller reroll modifiers other", reroll="Inspire in sight"),
    kind("malfunction", "Mechanical malfunction", "roller reroll", reroll="Conductor in sight"),
    kind("initiative", "Initiative", ""),
    kind("lucky-blighter", "Lucky Blighter", "roller"),
    kind("medic", "Medic", "roller"),
    kind("repair", "Engineer repair", "roller"),
    kind("prototype", "Prototype weapon", "roller weapon"),
    kind("project", "Project a power", "roller value", value="Project value"),
)
"""The D6 rolls of ``model.rolls.d6``, offered when the catalog's ``tracker.rolls`` lists
them (the ids are the same)."""

# The stat and profile ids the D6 rolls read (Steam Wars' profile: Res, Wnd; RoA, ST).
RES, WND, ROA, ST = "Res", "Wnd", "RoA", "ST"


def _profile(game: Game, model: ModelSnap, item_id: str, stat: str) -> int:
    profile = getattr(game.views[model.side].items[item_id], "profile", {})
    value = profile.get(stat)
    if not isinstance(value, int):
        raise ValueError(f"{game.views[model.side].items[item_id].name} has no {stat} number")
    return value


def _d6_stat(game: Game, model: ModelSnap, stat: str) -> int:
    value = game.state.stat(model.id, stat)
    if value is None:
        raise ValueError(f"{game.who(model.id)} has no {stat}")
    return value


def _tagged(game: Game, model: ModelSnap, tag: str) -> bool:
    return has_rule(model, tag)


def _to_hit(game: Game, form: Form, dice: Dice) -> Result:
    attacker = game.model(form.roller, "attacker")
    target = game.model(form.target, "target")
    weapon = armed(game, attacker, form)
    melee = form.melee
    if not melee and weapon.use == "melee":
        raise ValueError(f"the {weapon.name} is a melee weapon: tick Melee")
    attacks = _profile(game, attacker, form.weapon or "", ROA)
    if form.aimed and attacks != 1:
        raise ValueError(f"only RoA 1 can aim; the {weapon.name} has RoA {attacks}")
    blast: Target | None = None
    if weapon.tags & {"blast", "blast-x2", "blast-x3"} and not melee:
        blast = "infantry" if "infantry" in target.tags else "other"
    reroll = None
    if not melee and "twin-linked" in weapon.tags:
        reroll = "Twin-Linked"
    elif melee and _tagged(game, attacker, "aggressive"):
        reroll = "Aggressive"
    # 004 Vehicle Cover: a vehicle claims one step less cover; 004 Sniper Scope: one less
    why = [
        name
        for name, applies in (
            ("vehicle target", "vehicle" in target.tags),
            ("Sniper Scope", any(i.id == "sniper-scope" for i in attacker.items)),
        )
        if applies
    ]
    reduced = len(why)
    # every standing model of the unit with this weapon fires it, unless told how many
    # attacks have line of sight (004 Roll to Hit)
    members = [m for m in game.state.members(attacker.actor) if not game.state.is_out(m.id)]
    same = sum(next((i.count for i in m.items if i.id == form.weapon), 0) for m in members) or 1
    return to_hit_roll(
        dice,
        attacks=attacks * same if form.value is None else form.value,
        modifiers=(*picked_modifiers(game, form), *other_modifiers(form.other)),
        melee=melee,
        aimed=form.aimed,
        cover_grid=game.state.tracker.grid(COVER_GRID),
        cover=form.cover_kind,
        cover_reduced=reduced,
        cover_why=" and ".join(why) or None,
        blast=blast,
        reroll=reroll,
        title=(f"To hit: {game.who(attacker.id)} with the {weapon.name} at {game.who(target.id)}"),
    )


def _d6_wound(game: Game, form: Form, dice: Dice) -> Result:
    attacker = game.model(form.roller, "attacker")
    target = game.model(form.target, "target")
    weapon = armed(game, attacker, form)
    strength = (
        form.strength
        if form.strength is not None
        else _profile(game, attacker, form.weapon or "", ST)
    )
    return d6_wound_roll(
        dice,
        hits=1 if form.value is None else form.value,
        strength=strength,
        resilience=_d6_stat(game, target, RES),
        modifiers=(*picked_modifiers(game, form), *other_modifiers(form.other)),
        grid=game.state.tracker.grid(WOUND_GRID),
        boiler=form.boiler,
        damage=2 if "damage-2" in weapon.tags else 1,
        reroll="Accurate" if _tagged(game, attacker, "accurate") else None,
        title=(f"Wound: {game.who(attacker.id)} with the {weapon.name} at {game.who(target.id)}"),
    )


def _save(game: Game, form: Form, dice: Dice) -> Result:
    model = game.model(form.roller, "saving model")
    if "infantry" not in model.tags:
        raise ValueError(f"{game.who(model.id)} is not infantry: no infantry save")
    heavy = _tagged(game, model, "heavy") and game.state.wounds_max(model.id) == 1
    return save_roll(
        dice,
        wounds=1 if form.value is None else form.value,
        taking_cover=form.taking_cover,
        modifiers=(*picked_modifiers(game, form), *other_modifiers(form.other)),
        reroll="Heavy" if heavy else None,
        title=f"Infantry save: {game.who(model.id)}",
    )


def _one_die(
    name: str, base: int, success: str, failure: str, reroll: str | None = None
) -> Callable[[Game, Form, Dice], Result]:
    """A roll of one D6 against a number, for the model chosen."""

    def rolled(game: Game, form: Form, dice: Dice) -> Result:
        model = game.model(form.roller, "model rolling")
        return target_roll(
            dice,
            name,
            base,
            (*picked_modifiers(game, form), *other_modifiers(form.other)),
            reroll=reroll if form.reroll else None,
            success=success,
            failure=failure,
            title=f"{name}: {game.who(model.id)}",
        )

    return rolled


def _project(game: Game, form: Form, dice: Dice) -> Result:
    model = game.model(form.roller, "Technomage")
    if form.value is None:
        raise ValueError("give the power's project value (5 for 5+)")
    return target_roll(
        dice,
        "Project a power",
        form.value,
        success="The power is projected",
        failure="The power fails",
        title=f"Project a power: {game.who(model.id)}",
    )


def _prototype(game: Game, form: Form, dice: Dice) -> Result:
    model = game.model(form.roller, "model rolling")
    weapon = armed(game, model, form)
    return prototype_roll(dice, f"{game.who(model.id)}'s {weapon.name}")


def _initiative(game: Game, form: Form, dice: Dice) -> Result:
    spec = game.state.tracker.turns.initiative
    penalty = 0 if spec is None else spec.over_limit
    sides = []
    for index, side in enumerate(game.state.setup.sides):
        over = game.state.over_limit(index)
        mods = (Modifier("Over the points limit", penalty),) if over and penalty else ()
        sides.append(Roller(f"Side {SIDE_LETTERS[index]} ({side.player})", mods))
    return initiative_roll(dice, sides, title=f"Initiative, turn {game.state.turn}")


D6_ROLLS: dict[str, Callable[[Game, Form, Dice], Result]] = {
    "to-hit": _to_hit,
    "wound": _d6_wound,
    "save": _save,
    "unpin": _one_die(
        "Unpin", UNPIN, "Unpinned: clear Pinned", "Still pinned: one action", "Inspire"
    ),
    "malfunction": _one_die(
        "Mechanical malfunction",
        MALFUNCTION,
        "Activates as normal",
        "Fails to activate: no actions",
        "Conductor",
    ),
    "initiative": _initiative,
    "lucky-blighter": _one_die(
        "Lucky Blighter", LUCKY_BLIGHTER, "The wounds are negated", "The wounds stand"
    ),
    "medic": _one_die("Medic", MEDIC, "The casualty is saved", "The casualty is lost"),
    "repair": _one_die("Engineer repair", REPAIR, "One damage repaired", "No repair"),
    "prototype": _prototype,
    "project": _project,
}
"""The D6 rolls by kind id; the same ids as ``tracker.rolls``."""


def follow_on(game: Game, form: Form, result: Result) -> FollowOn | None:
    """The roll that follows this one, filled with its numbers and models: a to-hit's
    hits to the wound roll, the wounds to the target's infantry save (Steam Wars). None
    when nothing follows."""
    state = game.state
    if isinstance(result, ToHitRoll) and form.target is not None:
        fields: list[tuple[str, FieldValue]] = [
            ("roller", form.roller or ""),
            ("weapon", form.weapon or ""),
            ("target", form.target),
            ("melee", form.melee),
            ("value", str(result.hits)),
        ]
        return FollowOn("wound", tuple(fields), plural(result.hits, "hit"), result.title)
    if isinstance(result, WoundD6Roll) and form.target is not None:
        target = state.model(form.target)
        # 004 Infantry Saves: infantry only, and never against a melee attack
        if "infantry" not in target.tags or form.melee:
            return None
        fields = [("roller", target.id), ("value", str(result.wounds))]
        return FollowOn("save", tuple(fields), plural(result.wounds, "wound"), result.title)
    return None


def offered_modifiers(specs: Sequence[ModifierSpec], form: Form) -> tuple[ModifierSpec, ...]:
    """The catalog's modifiers a kind of roll offers to choose."""
    if form.kind == "to-hit":
        return modifiers_for(specs, "combat" if form.melee else "shooting")
    if form.kind in ("save", "unpin"):
        return tuple(s for s in specs if s.roll == form.kind)
    if form.kind == "wound":
        # Choice: a wound roll changes the Strength, so it offers the modifiers made for
        # it alone; those of ``any`` roll are to-hit modifiers (Steam Wars' -1 and -2 to
        # hit counters, 004 Counters), never a change to ST.
        return tuple(s for s in specs if s.roll == "wound")
    return ()


def arms(kind_id: str, weapon: WeaponStats, melee: bool) -> bool:
    """Whether a weapon can make this roll: any the wound and prototype rolls; to hit,
    a melee weapon in melee and a ranged one otherwise."""
    return kind_id in ("wound", "prototype") or (
        kind_id == "to-hit" and (weapon.use == "melee") == melee
    )


def offered(tracker: Tracker, stats: set[str]) -> tuple[Kind, ...]:
    """The D6 rolls the catalog's ``tracker.rolls`` lists."""
    return tuple(k for k in D6_KINDS if k.id in tracker.rolls)


def cover_kinds(tracker: Tracker) -> list[tuple[str, str]]:
    """The rows of the catalog's cover grid, by key (004 Intervening Terrain)."""
    grid = tracker.grid(COVER_GRID)
    if grid is None:
        return []
    return [
        (f"{str(r.key).replace('-', ' ')} ({'/'.join(f'{c}+' for c in r.cells)})", str(r.key))
        for r in grid.rows
    ]


def turn_order(result: Result) -> RollOff | None:
    """The initiative's winner activates first: its roll-off sets the turn's order."""
    return result.roll_off() if isinstance(result, InitiativeRoll) else None


MELEE_ACTIONS = frozenset({"charge", "engage"})
"""The catalog's actions that move a unit into melee (004 Actions: Charge, Engage)."""


def acted(game: Game, acts: Sequence[Act]) -> FollowOn | None:
    """After a Charge or an Engage the unit fights: its To hit in melee (004 Melee
    Attacks; a Charge's +1 to hit and ST +1 are the catalog's modifiers, ticked by
    themselves). None after any other action."""
    act = acts[-1]
    if act.action not in MELEE_ACTIONS:
        return None
    spec = next((a for a in game.state.tracker.actions if a.id == act.action), None)
    name = act.action if spec is None else spec.name
    return FollowOn(
        "to-hit",
        (("roller", act.model), ("melee", True)),
        "a melee attack",
        f"{game.who(act.model)}: {name}",
        origin="the action just recorded",
    )


D6 = RollFamily(
    name="Steam Wars' D6 rolls",
    declared=lambda tracker: bool(tracker.rolls),
    kinds=offered,
    rolls=D6_ROLLS,
    follow_on=follow_on,
    acted=acted,
    modifiers=offered_modifiers,
    arms=arms,
    cover_kinds=cover_kinds,
    order=turn_order,
)
"""The D6 rolls: a game whose catalog lists them in ``tracker.rolls``."""
