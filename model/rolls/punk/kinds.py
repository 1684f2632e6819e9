"""Punkapocalyptic's kinds of roll for the dice helper, and the family they make.

The rolls are ``model.rolls.punk``'s (attribute, opposed, shooting, wounds, Steam,
falling); this module says which fields each asks for, reads the form and the battle
into their calls, offers the catalog's modifiers each takes and hands a hit on to its
wound roll. A game whose catalog declares neither D6 rolls nor tests of its own gets
these, as far as its stats allow (``PUNK``). It is apart from the rolls because it is the
form's side of them (what to ask, what follows), and apart from the other families
because each game's kinds are its own.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from model.core.messages import counted
from model.rolls.dice import Dice, Modifier, Result, modifiers_for
from model.rolls.family import RollFamily
from model.rolls.follow_on import FieldValue, FollowOn
from model.rolls.forms import Form, Kind, kind
from model.rolls.game import Game, armed, other_modifiers, picked_modifiers
from model.rolls.profiles import (
    WeaponStats,
    armour_of,
    bands_text,
    has_rule,
    is_rider,
    range_band,
    weapon_bands,
)
from model.rolls.punk.attribute import attribute_roll
from model.rolls.punk.combat import ASSAULT, Fighter, assault_bonus, combat_roll
from model.rolls.punk.falling import falling_roll
from model.rolls.punk.opposed import Contender, OpposedRoll, opposed_roll
from model.rolls.punk.shooting import (
    AVOID_COVER_CAMOUFLAGE,
    DEFENSIVE_FIRE,
    HARD_TO_USE,
    LONG_RANGE,
    MEDIUM_RANGE,
    PELLETS,
    SHORT_RANGE,
    ShootingRoll,
    shooting_roll,
)
from model.rolls.punk.steam import steam_roll
from model.rolls.punk.wounds import WoundRoll, cover_modifier, wound_roll
from model.rolls.tables import find_table

if TYPE_CHECKING:
    from model.battle.events import Act
    from model.battle.forces import ModelSnap
    from model.catalog.tracker import Tracker
    from model.catalog.tracker_rolls import ModifierSpec, TableSpec

FALLING_TABLE = "falling"
"""The catalog table the Falling roll reads (RB ch.2 "Falling down")."""
COVER_TABLE = "cover"
"""The catalog table the wound roll's covers come from (RB ch.2 "Cover")."""

AUTOMATIC = frozenset(
    {SHORT_RANGE, MEDIUM_RANGE, LONG_RANGE, HARD_TO_USE, PELLETS, AVOID_COVER_CAMOUFLAGE}
)
"""Shooting modifiers the helper applies by itself (from the distance, the weapon, a
Camouflaged target), so offering them would only let them count twice."""

# The stats the rolls read, by the names the rulebook (and ``model.rolls.punk``) gives them.
PRECISION, STRENGTH, TOUGHNESS, TECH = "Precision", "Strength", "Toughness", "Tech"
COMBAT = "Combat"


KINDS = (
    kind("attribute", "Attribute roll", "roller stat modifiers other"),
    kind(
        "opposed",
        "Opposed roll",
        "roller stat opponent opponent_stat combat modifiers other opponent_other",
        roller="Active model",
    ),
    kind(
        "combat",
        "Combat (close combat)",
        "roller weapon opponent opponent_weapon assault modifiers other opponent_other",
        roller="Attacker",
        opponent="Engaged enemy",
        other="Attacker's other",
        opponent_other="Enemy's other",
    ),
    kind(
        "shooting",
        "Shooting",
        "roller weapon target distance kaboom modifiers other",
        roller="Shooter",
    ),
    kind(
        "wound",
        "Wound roll",
        "roller weapon target distance cover cover_avoided their_turn strength penetration "
        "modifiers other",
        roller="Attacker",
        other="Other to Strength",
        their_turn="Defensive fire",
    ),
    kind("steam", "Steam (Tech roll)", "roller weapon modifiers other", roller="User"),
    kind(
        "falling",
        "Falling",
        "roller height their_turn other",
        roller="Faller",
        other="Other to Toughness",
        their_turn="Another's turn",
    ),
)
"""The rolls of ``model.rolls.punk``; the catalog's other tables are added after them."""

READS = {
    "combat": frozenset({COMBAT}),
    "shooting": frozenset({PRECISION, STRENGTH}),
    "wound": frozenset({STRENGTH, TOUGHNESS}),
    "steam": frozenset({TECH}),
    "falling": frozenset({TOUGHNESS}),
}
"""The stats each roll reads by name. The rolls follow Punkapocalyptic's rules, so a
system without these stats is offered only the attribute and opposed rolls and its
own tables, never a roll that could only fail."""


def cover_table(game: Game) -> TableSpec | None:
    """The catalog's cover table, if it has one."""
    try:
        return find_table(game.state.tracker.tables, COVER_TABLE)
    except KeyError:
        return None


def _attribute(game: Game, form: Form, dice: Dice) -> Result:
    model = game.model(form.roller, "model rolling")
    stat, value = game.stat_by_id(model, form.stat)
    mods = (*picked_modifiers(game, form), *other_modifiers(form.other))
    title = f"{game.who(model.id)}: {stat.name} roll"
    return attribute_roll(dice, stat.name, value, mods, title=title)


def _opposed(game: Game, form: Form, dice: Dice) -> Result:
    model = game.model(form.roller, "active model")
    rival = game.model(form.opponent, "opponent")
    if rival.id == model.id:
        raise ValueError("a model cannot roll against itself: choose another opponent")
    stat, value = game.stat_by_id(model, form.stat)
    rival_stat, rival_value = game.stat_by_id(rival, form.opponent_stat)
    active = Contender(
        game.who(model.id),
        stat.name,
        value,
        (*picked_modifiers(game, form), *other_modifiers(form.other)),
    )
    other = Contender(
        game.who(rival.id),
        rival_stat.name,
        rival_value,
        other_modifiers(form.opponent_other),
    )
    return opposed_roll(dice, active, other, combat=form.combat)


def _fighter(game: Game, model: ModelSnap, weapon_id: str | None, bonuses: int) -> Fighter:
    """A side of a combat: its Combat now (gear such as a shield counted), the weapon
    chosen, whether it carries a ranged weapon to swing, and the player's other bonus."""
    weapons = game.weapons(model)
    return Fighter(
        game.who(model.id),
        game.stat(model, game.stat_named(COMBAT)),
        None if weapon_id is None else weapons.get(weapon_id),
        ranged=any(w.use != "melee" for w in weapons.values()),
        bonuses=other_modifiers(bonuses),
    )


def _combat(game: Game, form: Form, dice: Dice) -> Result:
    attacker = game.model(form.roller, "attacker")
    enemy = game.model(form.opponent, "engaged enemy")
    if enemy.id == attacker.id:
        raise ValueError("a model cannot fight itself: choose the engaged enemy")
    if enemy.side == attacker.side:
        raise ValueError(f"{game.who(enemy.id)} is on the attacker's side: choose an enemy")
    mine = _fighter(game, attacker, form.weapon, form.other)
    mine = Fighter(
        mine.label,
        mine.combat,
        mine.weapon,
        mine.ranged,
        (*picked_modifiers(game, form), *mine.bonuses),
    )
    theirs = _fighter(game, enemy, form.opponent_weapon, form.opponent_other)
    return combat_roll(
        dice,
        mine,
        theirs,
        assault=form.assault or 0,
        title=f"Combat: {mine.label} against {theirs.label}",
    )


def _shooting(game: Game, form: Form, dice: Dice) -> Result:
    shooter = game.model(form.roller, "shooter")
    weapon = armed(game, shooter, form)
    target = game.model(form.target, "target")
    strength = game.state.stat(shooter.id, game.stat_named(STRENGTH).id)
    result = shooting_roll(
        dice,
        weapon,
        precision=game.stat(shooter, game.stat_named(PRECISION)),
        catalog=game.state.tracker.modifiers,
        distance=form.distance,
        chosen=(*form.modifiers, *other_modifiers(form.other)),
        rider=is_rider(shooter),
        camouflage=has_rule(target, "camouflage"),
        kaboom=form.kaboom,
        strength=strength,
        title=(f"Shooting: {game.who(shooter.id)} with the {weapon.name} at {game.who(target.id)}"),
    )
    if not result.can_shoot:  # a shot beyond the longest range: no die is rolled for it
        # one message that says why and what to do (issue 31: "Cannot roll: Cannot shoot")
        longest = f'{result.bands[-1]:g}"'
        raise ValueError(
            f"{form.distance:g}\" is beyond the {weapon.name}'s longest range, {longest} "
            f"(short/medium/long: {bands_text(result.bands)}): move closer (a distance up "
            f"to {longest}), or choose a nearer target or another weapon"
        )
    return result


def _band(weapon: WeaponStats, distance: float | None, strength: int | None) -> int | None:
    """The range band of a hit by a shot, for the weapon's Strength and the armour."""
    if weapon.use == "melee" or distance is None:
        return None
    bands = weapon_bands(weapon, strength)
    if not bands:
        return None
    band = range_band(distance, bands)
    if band is None:
        longest = f'{bands[-1]:g}"'
        raise ValueError(f"{distance:g}\" is beyond the {weapon.name}'s longest range, {longest}")
    return band


def _covers(game: Game, form: Form) -> tuple[Modifier, ...]:
    """The covers chosen from the catalog's cover table."""
    spec = cover_table(game)
    return () if spec is None else tuple(cover_modifier(spec, row) for row in form.cover)


def _wound(game: Game, form: Form, dice: Dice) -> Result:
    attacker = game.model(form.roller, "attacker")
    target = game.model(form.target, "target")
    weapon = game.weapon(attacker, form.weapon)
    strength = game.state.stat(attacker.id, game.stat_named(STRENGTH).id)
    shot = weapon is not None and weapon.use != "melee"
    armour, shield = armour_of(target, game.views[target.side].items, shooting=shot)
    return wound_roll(
        dice,
        weapon,
        toughness=game.stat(target, game.stat_named(TOUGHNESS)),
        band=None if weapon is None else _band(weapon, form.distance, strength),
        wielder_strength=strength,
        strength=form.strength,
        penetration=form.penetration,
        strength_modifiers=(*picked_modifiers(game, form), *other_modifiers(form.other)),
        armour=armour,
        cover=(*shield, *_covers(game, form)),
        cover_avoided=form.cover_avoided,
        attacker=game.who(attacker.id),
        defender=game.who(target.id),
        attacker_active=not form.their_turn,
    )


def _steam(game: Game, form: Form, dice: Dice) -> Result:
    user = game.model(form.roller, "user of the Steam weapon")
    weapon = game.weapon(user, form.weapon)
    if weapon is None or "steam" not in weapon.tags:
        raise ValueError(f"{game.who(user.id)} carries no Steam weapon")
    return steam_roll(
        dice,
        game.stat(user, game.stat_named(TECH)),
        (*picked_modifiers(game, form), *other_modifiers(form.other)),
        weapon=weapon.name,
        title=f"Steam: {game.who(user.id)} with the {weapon.name}",
    )


def _falling(game: Game, form: Form, dice: Dice) -> Result:
    faller = game.model(form.roller, "faller")
    if form.height is None:
        raise ValueError("give the height fallen")
    return falling_roll(
        dice,
        find_table(game.state.tracker.tables, FALLING_TABLE),
        form.height,
        toughness=game.stat(faller, game.stat_named(TOUGHNESS)),
        toughness_modifiers=other_modifiers(form.other),
        faller=game.who(faller.id),
        faller_active=not form.their_turn,
    )


ROLLS: dict[str, Callable[[Game, Form, Dice], Result]] = {
    "attribute": _attribute,
    "opposed": _opposed,
    "combat": _combat,
    "shooting": _shooting,
    "wound": _wound,
    "steam": _steam,
    "falling": _falling,
}
"""Punkapocalyptic's rolls by kind id."""


def follow_on(game: Game, form: Form, result: Result) -> FollowOn | None:
    """The roll that follows this one, filled with its numbers and models: a hit to its
    wound roll (Punkapocalyptic). None when nothing follows."""
    if isinstance(result, ShootingRoll) and (result.hit or result.friend_hit):
        # RB ch.2: a hit is followed by its wound roll, at the same distance (the band),
        # cover avoided or not, and defensive fire still the other side's turn
        fields: list[tuple[str, FieldValue]] = [
            ("roller", form.roller or ""),
            ("weapon", form.weapon or ""),
        ]
        note = ""
        if result.friend_hit:
            note = "The model in the way was hit: choose it as the target."
        elif form.target is not None:
            fields.append(("target", form.target))
        if form.distance is not None:
            fields.append(("distance", f"{form.distance:g}"))
        fields += [
            ("cover_avoided", result.cover_avoided),
            ("their_turn", DEFENSIVE_FIRE in form.modifiers),
        ]
        return FollowOn("wound", tuple(fields), "a hit", result.title, note)
    if isinstance(result, OpposedRoll) and result.combat and form.opponent is not None:
        return _combat_follow_on(game, form, result)
    return None


def _combat_follow_on(game: Game, form: Form, result: OpposedRoll) -> FollowOn | None:
    """RB ch.4 Combat: the higher total hits its rival, a tie hits both; the hit is
    followed by the winner's wound roll with a melee weapon it carries, the active side
    winning the wound roll's ties (``their_turn`` when the rival hit)."""
    if form.roller is None or form.opponent is None or len(result.others) != 1:
        return None
    active, rival = result.active.success, result.others[0].success
    if not (active or rival):
        return None
    hitter, hit = (form.roller, form.opponent) if active else (form.opponent, form.roller)
    melee = [i for i, w in game.weapons(game.state.model(hitter)).items() if w.use == "melee"]
    chosen = form.weapon if active else form.opponent_weapon  # the Combat roll's weapons
    fields: list[tuple[str, FieldValue]] = [("roller", hitter)]
    if form.kind == "combat" and chosen in melee:
        fields.append(("weapon", chosen or ""))
    elif melee:
        fields.append(("weapon", melee[0]))
    fields += [("target", hit), ("their_turn", not active)]
    note = ""
    if active and rival:
        note = f"A tie: {game.who(form.opponent)} hit back; roll its wound roll next."
    return FollowOn("wound", tuple(fields), "a hit", result.title, note)


COMBAT_ACTION = "combat"
"""The catalog's Combat action (RB ch.2 Combat): its roll is the Combat roll."""
JURY_RIGGED = "shoot-jury-rigged"
"""The catalog's action that shoots a jury-rigged bullet: its shot is KABOOM! (BL §6)."""


def acted(game: Game, acts: Sequence[Act]) -> FollowOn | None:
    """The roll the last of the activation's actions (``acts``, in order) calls for: a
    shot with a ranged or thrown weapon is followed by its Shooting roll with that weapon
    (RB ch.2 Shooting), KABOOM! with a jury-rigged bullet (BL §6); an Assault, or a
    Combat after one, by the Combat roll with the Assault bonus (RB ch.2 Assault). None
    for any other action."""
    act = acts[-1]
    model = game.state.model(act.model)
    bonus = assault_bonus(acts, model.id)
    if act.action in (ASSAULT, COMBAT_ACTION):
        fields: list[tuple[str, FieldValue]] = [("roller", model.id)]
        if bonus:
            fields.append(("assault", str(bonus)))
        moves = bonus - 1
        what = (
            f"the Assault bonus +{bonus} ({counted(moves, 'move')} before it)"
            if bonus
            else "the attacker"
        )
        return FollowOn(
            "combat",
            tuple(fields),
            what,
            f"{game.who(model.id)}: {_action_name(game, act)}",
            origin="the actions recorded",
        )
    item = None if act.item is None else game.state.setup.item_of(model, act.item)
    weapon = None if item is None else game.weapons(model).get(item.id)
    if item is None or weapon is None or weapon.use == "melee":
        return None
    fields = [("roller", model.id), ("weapon", item.id)]
    if act.action == JURY_RIGGED:
        fields.append(("kaboom", True))
    return FollowOn(
        "shooting",
        tuple(fields),
        f"the {weapon.name}",
        f"{game.who(model.id)}: {_action_name(game, act)}",
        origin="the action just recorded",
    )


def _action_name(game: Game, act: Act) -> str:
    spec = next((a for a in game.state.tracker.actions if a.id == act.action), None)
    return act.action if spec is None else spec.name


def wounds(form: Form, result: Result) -> tuple[str, int] | None:
    """A Wounded wound roll wounds its target once (RB ch.2 Hits: the hit miniature is
    wounded, and Downed unless a special rule lets it take more than one)."""
    if isinstance(result, WoundRoll) and result.wounded and form.target is not None:
        return form.target, 1
    return None


def offered_modifiers(specs: Sequence[ModifierSpec], form: Form) -> tuple[ModifierSpec, ...]:
    """The catalog's modifiers a kind of roll offers to choose."""
    if form.kind == "shooting":
        return tuple(s for s in modifiers_for(specs, "shooting") if s.id not in AUTOMATIC)
    if form.kind == "steam":  # RB ch.4 Steam: defensive fire is -2 to the Tech roll
        tech = modifiers_for(specs, "attribute")
        return tech + tuple(s for s in specs if s.id == DEFENSIVE_FIRE and s not in tech)
    if form.kind == "wound":
        # Choice: a wound roll changes the Strength, so it offers the modifiers made for
        # it alone (as Steam Wars' does, ``model.rolls.d6.kinds``).
        return tuple(s for s in specs if s.roll == "wound")
    if form.kind == "combat" or (form.kind == "opposed" and form.combat):
        return modifiers_for(specs, "combat")
    if form.kind in ("attribute", "opposed"):
        return modifiers_for(specs, "attribute")
    return ()


def arms(kind_id: str, weapon: WeaponStats, melee: bool) -> bool:
    """Whether a weapon can make this roll: any the wound roll; a close combat one a
    Combat roll (none chosen: Improvised or Unarmed); a ranged one a shot; a Steam weapon
    the Steam roll."""
    return (
        kind_id == "wound"
        or (kind_id == "combat" and weapon.use == "melee")
        or (kind_id == "shooting" and weapon.use != "melee")
        or (kind_id == "steam" and "steam" in weapon.tags)
    )


def offered(tracker: Tracker, stats: set[str]) -> tuple[Kind, ...]:
    """The rolls a game with these stats can make (never one that could only fail); the
    Falling roll's table is there, as a catalog that declares these rolls has it."""
    return tuple(k for k in KINDS if READS.get(k.id, frozenset()) <= stats)


def cover_rows(game: Game) -> list[tuple[str, int]]:
    """The rows of the catalog's cover table that give a bonus, by number."""
    table = cover_table(game)
    rows = () if table is None else table.rows
    numbered = [(r, r.min if r.min is not None else r.max) for r in rows if r.value]
    return [(f"{r.result} +{r.value}", n) for r, n in numbered if n is not None]


def declared(tracker: Tracker) -> bool:
    """Whether a catalog calls for Punkapocalyptic's rolls: it holds the tables they read
    by themselves (Falling and Cover, ``PUNK.tables``), which only its rules have. Never
    any game that declares nothing else (issue 36): that one gets plain dice
    (``model.rolls.plain``)."""
    ids = {t.id for t in tracker.tables}
    return FALLING_TABLE in ids and COVER_TABLE in ids


PUNK = RollFamily(
    name="Punkapocalyptic",
    declared=declared,
    kinds=offered,
    rolls=ROLLS,
    tables=frozenset({FALLING_TABLE, COVER_TABLE}),
    follow_on=follow_on,
    acted=acted,
    wounds=wounds,
    modifiers=offered_modifiers,
    arms=arms,
    cover_rows=cover_rows,
)
"""Punkapocalyptic's rolls: a game whose catalog has its Falling and Cover tables."""
