"""The dice helper at the table: choose a roll, see every number, and log it.

The rules live in ``model.rolls.dice``. This dialog gathers what a roll needs from the
battle as it is now (the models' current stats, their gear's profiles from the
catalog, the catalog's modifiers and tables), asks the player for the rest, and
records every result in the battle's log, so no roll is made off the record.

What it offers is decided by the catalog's tracker section: a game that lists D6 rolls in
``tracker.rolls`` (Steam Wars: to-hit, wound, save, unpin ...; ``model.rolls.dice_d6``) gets
those and its tables; a game with its own ``tracker.tests`` (the sheet games) gets one
roll per test, per table applied to a model and the strategy roll
(``tui.dialogs.sheet_rolls``), each result applied to the model with the rolls it leads
to; any other gets the rolls of ``model.rolls.dice`` its stats allow. The
dice come from the battle's seed and the number of rolls already logged: the same
log always rolls the same dice, after a save and a resume too. Inputs the rules
refuse are explained in the dialog, and then nothing is rolled or logged.

A roll that follows another (hits -> wounds -> saves, an attack -> its defence, a hit ->
the target's save) is filled from it when the player chooses it, with a line that says
so (``follow_on``; ``tui.dialogs.follow_on`` keeps it while that roll is the last one).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from contextlib import suppress
from dataclasses import dataclass
from typing import TypeVar

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widget import Widget
from textual.widgets import Button, Checkbox, Input, Label, Select, SelectionList, Static
from textual.widgets.select import InvalidSelectValueError

from model.battle.battle import Battle
from model.battle.events import Event
from model.battle.forces import SIDE_LETTERS, ModelSnap
from model.battle.refused import Refused
from model.battle.setup import matches_model
from model.battle.state import BattleState
from model.battle.text import who
from model.catalog.items import Trait, Weapon
from model.catalog.schema import FactionView
from model.catalog.system import Stat
from model.catalog.tracker import Tracker
from model.catalog.tracker_rolls import ModifierSpec, TableSpec
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
from model.rolls.d6.saves import save_roll
from model.rolls.d6.to_hit import COVER_GRID, Target, ToHitRoll, to_hit_roll
from model.rolls.d6.wounds import WOUND_GRID, WoundD6Roll
from model.rolls.d6.wounds import wound_roll as d6_wound_roll
from model.rolls.dice import Dice, Modifier, Result, modifiers_for, next_dice
from model.rolls.punk.attribute import attribute_roll
from model.rolls.punk.falling import falling_roll
from model.rolls.punk.opposed import Contender, OpposedRoll, opposed_roll
from model.rolls.punk.profiles import (
    WeaponStats,
    armour_of,
    has_rule,
    is_rider,
    range_band,
    weapon_bands,
)
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
from model.rolls.punk.wounds import cover_modifier, wound_roll
from model.rolls.sheets.applied import AppliedRoll
from model.rolls.sheets.modifiers import declared_actions
from model.rolls.tables import find_table, table_lookup, table_roll
from model.roster.describe import SEP, profile_text
from tui.dialogs.follow_on import FieldValue, FollowOn, recall, remember
from tui.dialogs.sheet_rolls import (
    TEST,
    SheetForm,
    SheetRolls,
    applied_tables,
    is_sheet,
    kind_test,
    modifier_choices,
    sheet_kinds,
    sheet_roll,
)

FALLING_TABLE = "falling"
"""The catalog table the Falling roll reads (RB ch.2 "Falling down")."""
COVER_TABLE = "cover"
"""The catalog table the wound roll's covers come from (RB ch.2 "Cover")."""

AUTOMATIC = frozenset(
    {SHORT_RANGE, MEDIUM_RANGE, LONG_RANGE, HARD_TO_USE, PELLETS, AVOID_COVER_CAMOUFLAGE}
)
"""Shooting modifiers the helper applies by itself (from the distance, the weapon, a
Camouflaged target), so offering them would only let them count twice."""

N = TypeVar("N", int, float)

OTHER = "Other"
"""The name of the player's free modifier in the log."""

# The stats the rolls read, by the names the rulebook (and ``model.rolls.dice``) gives them.
PRECISION, STRENGTH, TOUGHNESS, TECH = "Precision", "Strength", "Toughness", "Tech"


@dataclass(frozen=True)
class Kind:
    """A kind of roll the form offers, with the fields it asks for."""

    id: str
    name: str
    fields: frozenset[str]
    labels: tuple[tuple[str, str], ...] = ()
    """Field labels that read differently for this kind of roll."""


def _kind(kind_id: str, name: str, fields: str, **labels: str) -> Kind:
    return Kind(kind_id, name, frozenset(fields.split()), tuple(labels.items()))


KINDS = (
    _kind("attribute", "Attribute roll", "roller stat modifiers other"),
    _kind(
        "opposed",
        "Opposed roll",
        "roller stat opponent opponent_stat combat modifiers other opponent_other",
        roller="Active model",
    ),
    _kind(
        "shooting",
        "Shooting",
        "roller weapon target distance kaboom modifiers other",
        roller="Shooter",
    ),
    _kind(
        "wound",
        "Wound roll",
        "roller weapon target distance cover cover_avoided their_turn strength penetration "
        "modifiers other",
        roller="Attacker",
        other="Other to Strength",
        their_turn="Defensive fire",
    ),
    _kind("steam", "Steam (Tech roll)", "roller weapon modifiers other", roller="User"),
    _kind(
        "falling",
        "Falling",
        "roller height their_turn other",
        roller="Faller",
        other="Other to Toughness",
        their_turn="Another's turn",
    ),
)
"""The rolls of ``model.rolls.dice``; the catalog's other tables are added after them."""

D6_KINDS = (
    _kind(
        "to-hit",
        "To hit",
        "roller weapon target value melee aimed cover_kind modifiers other",
        roller="Attacker",
        value="Attacks (blank: all)",
    ),
    _kind(
        "wound",
        "Wound roll",
        "roller weapon target value strength boiler modifiers other",
        roller="Attacker",
        value="Hits",
        other="Other to ST",
    ),
    _kind(
        "save",
        "Infantry save",
        "roller value taking_cover modifiers other",
        roller="Saving model",
        value="Wounds to save",
    ),
    _kind("unpin", "Unpin", "roller reroll modifiers other", reroll="Inspire in sight"),
    _kind("malfunction", "Mechanical malfunction", "roller reroll", reroll="Conductor in sight"),
    _kind("initiative", "Initiative", ""),
    _kind("lucky-blighter", "Lucky Blighter", "roller"),
    _kind("medic", "Medic", "roller"),
    _kind("repair", "Engineer repair", "roller"),
    _kind("prototype", "Prototype weapon", "roller weapon"),
    _kind("project", "Project a power", "roller value", value="Project value"),
)
"""The D6 rolls of ``model.rolls.dice_d6``, offered when the catalog's ``tracker.rolls`` lists
them (the ids are the same)."""

# The stat and profile ids the D6 rolls read (Steam Wars' profile: Res, Wnd; RoA, ST).
RES, WND, ROA, ST = "Res", "Wnd", "RoA", "ST"

READS = {
    "shooting": frozenset({PRECISION, STRENGTH}),
    "wound": frozenset({STRENGTH, TOUGHNESS}),
    "steam": frozenset({TECH}),
    "falling": frozenset({TOUGHNESS}),
}
"""The stats each roll reads by name. The rolls follow Punkapocalyptic's rules, so a
system without these stats is offered only the attribute and opposed rolls and its
own tables, never a roll that could only fail."""

LABELS = {
    "kind": "Roll",
    "roller": "Model rolling",
    "stat": "Stat",
    "opponent": "Opponent",
    "opponent_stat": "Opponent's stat",
    "combat": "Combat roll",
    "weapon": "Weapon",
    "target": "Target",
    "distance": "Distance",
    "kaboom": "KABOOM!",
    "cover": "Cover",
    "cover_avoided": "Cover avoided",
    "their_turn": "Their turn",
    "strength": "Strength",
    "penetration": "Penetration",
    "modifiers": "Modifiers",
    "other": "Other modifier",
    "opponent_other": "Opponent's modifier",
    "height": "Height fallen",
    "value": "Value",
    "melee": "Melee",
    "aimed": "Aimed",
    "cover_kind": "Target's cover",
    "boiler": "Boiler",
    "taking_cover": "Taking cover",
    "reroll": "Reroll",
    "count": "Dice",
    "needed": "Target number",
    "read": "Die read",
    "go_second": "Go second",
}
"""Each field's label; a kind of roll may say it otherwise (``Kind.labels``)."""


@dataclass(frozen=True)
class Form:
    """What the player chose, as read from the dialog's fields."""

    kind: str
    roller: str | None = None
    stat: str | None = None
    opponent: str | None = None
    opponent_stat: str | None = None
    combat: bool = False
    weapon: str | None = None
    target: str | None = None
    distance: float | None = None
    kaboom: bool = False
    cover: tuple[int, ...] = ()
    """Rows of the cover table, by number (``cover_modifier``)."""
    cover_avoided: bool = False
    their_turn: bool = False
    """The roll happens in the other side's action turn: the tie is not the roller's."""
    strength: int | None = None
    penetration: int | None = None
    modifiers: tuple[str, ...] = ()
    """Catalog modifier ids."""
    other: int = 0
    opponent_other: int = 0
    height: float | None = None
    value: int | None = None
    melee: bool = False
    aimed: bool = False
    cover_kind: str | None = None
    """A row of the catalog's cover grid, by its key as text (``soft``)."""
    boiler: bool = False
    taking_cover: bool = False
    reroll: bool = False
    """The rule that allows a reroll is in play (Inspire, a Conductor in sight)."""
    count: int | None = None
    """Dice, for a catalog test that leaves them to the player."""
    needed: int | None = None
    """The target number, for a catalog test that leaves it to the player."""
    read: int | None = None
    """The number read on a table, when the player rolled the die at the table."""
    go_second: bool = False
    """The strategy roll's winner goes second."""

    def sheet(self) -> SheetForm:
        """The form of a catalog test, applied table or strategy roll."""
        return SheetForm(
            kind=self.kind,
            model=self.roller,
            count=self.count,
            needed=self.needed,
            modifiers=self.modifiers,
            other=self.other,
            defender=self.target,
            hits=self.value,
            target=self.target,
            read=self.read,
            go_second=self.go_second,
        )


# ------------------------------------------------------------------------------------------
# The rolls, from the battle and the form (no widgets here)
# ------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Game:
    """What the rolls read: the battle's state now and the catalog view of each side."""

    state: BattleState
    views: Sequence[FactionView]

    @property
    def stats(self) -> tuple[Stat, ...]:
        return self.views[0].system.stats

    def model(self, model_id: str | None, role: str) -> ModelSnap:
        if model_id is None:
            raise ValueError(f"choose the {role}")
        return self.state.model(model_id)

    def stat_named(self, name: str) -> Stat:
        for stat in self.stats:
            if stat.name == name:
                return stat
        raise ValueError(f"{self.views[0].system.name} has no {name} stat")

    def stat(self, model: ModelSnap, stat: Stat) -> int:
        """The model's current value (counters applied); a model without it is refused."""
        value = self.state.stat(model.id, stat.id)
        if value is None:
            raise ValueError(f"{who(self.state, model.id)} has no {stat.name}")
        return value

    def stat_by_id(self, model: ModelSnap, stat_id: str | None) -> tuple[Stat, int]:
        found = next((s for s in self.stats if s.id == stat_id), None)
        if found is None:
            raise ValueError("choose the stat to roll")
        return found, self.stat(model, found)

    def weapons(self, model: ModelSnap) -> dict[str, WeaponStats]:
        """Its carried weapons and attacking traits (mutations, powers) by item id, in list
        order: the profiles from the catalog, the tags as the battle gave them."""
        view = self.views[model.side]
        found: dict[str, WeaponStats] = {}
        for carried in model.items:
            item = view.items.get(carried.id)
            if isinstance(item, Weapon | Trait) and item.use is not None:
                found[carried.id] = WeaponStats.of(item, carried.tags | view.item_tags(carried.id))
        return found

    def weapon(self, model: ModelSnap, item_id: str | None) -> WeaponStats | None:
        return None if item_id is None else self.weapons(model).get(item_id)

    def cover_table(self) -> TableSpec | None:
        try:
            return find_table(self.state.tracker.tables, COVER_TABLE)
        except KeyError:
            return None


def _other(value: int) -> tuple[Modifier, ...]:
    return (Modifier(OTHER, value),) if value else ()


def _chosen(game: Game, form: Form) -> tuple[Modifier, ...]:
    by_id = {spec.id: spec for spec in game.state.tracker.modifiers}
    return tuple(Modifier.of(by_id[i]) for i in form.modifiers if i in by_id)


def _attribute(game: Game, form: Form, dice: Dice) -> Result:
    model = game.model(form.roller, "model rolling")
    stat, value = game.stat_by_id(model, form.stat)
    mods = (*_chosen(game, form), *_other(form.other))
    title = f"{who(game.state, model.id)}: {stat.name} roll"
    return attribute_roll(dice, stat.name, value, mods, title=title)


def _opposed(game: Game, form: Form, dice: Dice) -> Result:
    model = game.model(form.roller, "active model")
    rival = game.model(form.opponent, "opponent")
    if rival.id == model.id:
        raise ValueError("a model cannot roll against itself: choose another opponent")
    stat, value = game.stat_by_id(model, form.stat)
    rival_stat, rival_value = game.stat_by_id(rival, form.opponent_stat)
    active = Contender(
        who(game.state, model.id),
        stat.name,
        value,
        (*_chosen(game, form), *_other(form.other)),
    )
    other = Contender(
        who(game.state, rival.id), rival_stat.name, rival_value, _other(form.opponent_other)
    )
    return opposed_roll(dice, active, other, combat=form.combat)


def _armed(game: Game, model: ModelSnap, form: Form) -> WeaponStats:
    weapon = game.weapon(model, form.weapon)
    if weapon is None:
        raise ValueError(f"choose a weapon {who(game.state, model.id)} carries")
    return weapon


def _shooting(game: Game, form: Form, dice: Dice) -> Result:
    shooter = game.model(form.roller, "shooter")
    weapon = _armed(game, shooter, form)
    target = game.model(form.target, "target")
    strength = game.state.stat(shooter.id, game.stat_named(STRENGTH).id)
    return shooting_roll(
        dice,
        weapon,
        precision=game.stat(shooter, game.stat_named(PRECISION)),
        catalog=game.state.tracker.modifiers,
        distance=form.distance,
        chosen=(*form.modifiers, *_other(form.other)),
        rider=is_rider(shooter),
        camouflage=has_rule(target, "camouflage"),
        kaboom=form.kaboom,
        strength=strength,
        title=(
            f"Shooting: {who(game.state, shooter.id)} with the {weapon.name} "
            f"at {who(game.state, target.id)}"
        ),
    )


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
    spec = game.cover_table()
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
        strength_modifiers=(*_chosen(game, form), *_other(form.other)),
        armour=armour,
        cover=(*shield, *_covers(game, form)),
        cover_avoided=form.cover_avoided,
        attacker=who(game.state, attacker.id),
        defender=who(game.state, target.id),
        attacker_active=not form.their_turn,
    )


def _steam(game: Game, form: Form, dice: Dice) -> Result:
    user = game.model(form.roller, "user of the Steam weapon")
    weapon = game.weapon(user, form.weapon)
    if weapon is None or "steam" not in weapon.tags:
        raise ValueError(f"{who(game.state, user.id)} carries no Steam weapon")
    return steam_roll(
        dice,
        game.stat(user, game.stat_named(TECH)),
        (*_chosen(game, form), *_other(form.other)),
        weapon=weapon.name,
        title=f"Steam: {who(game.state, user.id)} with the {weapon.name}",
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
        toughness_modifiers=_other(form.other),
        faller=who(game.state, faller.id),
        faller_active=not form.their_turn,
    )


def _on_table(game: Game, form: Form, dice: Dice) -> Result:
    spec = find_table(game.state.tracker.tables, form.kind.removeprefix("table:"))
    if spec.dice is not None:
        return table_roll(dice, spec, _other(form.other))
    if form.value is None:
        raise ValueError(f"give the {(spec.lookup or 'value').lower()} to look up")
    return table_lookup(spec, form.value, _other(form.other))


def _profile(game: Game, model: ModelSnap, item_id: str, stat: str) -> int:
    profile = getattr(game.views[model.side].items[item_id], "profile", {})
    value = profile.get(stat)
    if not isinstance(value, int):
        raise ValueError(f"{game.views[model.side].items[item_id].name} has no {stat} number")
    return value


def _d6_stat(game: Game, model: ModelSnap, stat: str) -> int:
    value = game.state.stat(model.id, stat)
    if value is None:
        raise ValueError(f"{who(game.state, model.id)} has no {stat}")
    return value


def _tagged(game: Game, model: ModelSnap, tag: str) -> bool:
    return has_rule(model, tag)


def _to_hit(game: Game, form: Form, dice: Dice) -> Result:
    attacker = game.model(form.roller, "attacker")
    target = game.model(form.target, "target")
    weapon = _armed(game, attacker, form)
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
        modifiers=(*_chosen(game, form), *_other(form.other)),
        melee=melee,
        aimed=form.aimed,
        cover_grid=game.state.tracker.grid(COVER_GRID),
        cover=form.cover_kind,
        cover_reduced=reduced,
        cover_why=" and ".join(why) or None,
        blast=blast,
        reroll=reroll,
        title=(
            f"To hit: {who(game.state, attacker.id)} with the {weapon.name} "
            f"at {who(game.state, target.id)}"
        ),
    )


def _d6_wound(game: Game, form: Form, dice: Dice) -> Result:
    attacker = game.model(form.roller, "attacker")
    target = game.model(form.target, "target")
    weapon = _armed(game, attacker, form)
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
        modifiers=(*_chosen(game, form), *_other(form.other)),
        grid=game.state.tracker.grid(WOUND_GRID),
        boiler=form.boiler,
        damage=2 if "damage-2" in weapon.tags else 1,
        reroll="Accurate" if _tagged(game, attacker, "accurate") else None,
        title=(
            f"Wound: {who(game.state, attacker.id)} with the {weapon.name} "
            f"at {who(game.state, target.id)}"
        ),
    )


def _save(game: Game, form: Form, dice: Dice) -> Result:
    model = game.model(form.roller, "saving model")
    if "infantry" not in model.tags:
        raise ValueError(f"{who(game.state, model.id)} is not infantry: no infantry save")
    heavy = _tagged(game, model, "heavy") and game.state.wounds_max(model.id) == 1
    return save_roll(
        dice,
        wounds=1 if form.value is None else form.value,
        taking_cover=form.taking_cover,
        modifiers=(*_chosen(game, form), *_other(form.other)),
        reroll="Heavy" if heavy else None,
        title=f"Infantry save: {who(game.state, model.id)}",
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
            (*_chosen(game, form), *_other(form.other)),
            reroll=reroll if form.reroll else None,
            success=success,
            failure=failure,
            title=f"{name}: {who(game.state, model.id)}",
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
        title=f"Project a power: {who(game.state, model.id)}",
    )


def _prototype(game: Game, form: Form, dice: Dice) -> Result:
    model = game.model(form.roller, "model rolling")
    weapon = _armed(game, model, form)
    return prototype_roll(dice, f"{who(game.state, model.id)}'s {weapon.name}")


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


ROLLS: dict[str, Callable[[Game, Form, Dice], Result]] = {
    "attribute": _attribute,
    "opposed": _opposed,
    "shooting": _shooting,
    "wound": _wound,
    "steam": _steam,
    "falling": _falling,
}


def roll(game: Game, form: Form, dice: Dice) -> Result:
    """The result of the roll the form describes; ``ValueError`` for inputs the rules
    refuse (a shot beyond the longest range included, as no die is rolled for it)."""
    rolls = D6_ROLLS if game.state.tracker.rolls else ROLLS
    result = rolls.get(form.kind, _on_table)(game, form, dice)
    if isinstance(result, ShootingRoll) and not result.can_shoot:
        raise ValueError(f"{result.outcome} ({result.detail})")
    return result


def _plural(count: int, word: str) -> str:
    return f"{count} {word}{'' if count == 1 else 's'}"


def follow_on(game: Game, form: Form, result: Result) -> FollowOn | None:
    """The roll that follows this one, filled with its numbers and models: a to-hit's
    hits to the wound roll, the wounds to the target's infantry save (Steam Wars); a hit
    to its wound roll (Punkapocalyptic); an attack's HITs to the defender's defence
    (Steampocalypse 1909); a test's successes to the save the target takes for each (the
    colonial sheet, Reikhammer). None when nothing follows."""
    state = game.state
    if isinstance(result, ToHitRoll) and form.target is not None:
        fields: list[tuple[str, FieldValue]] = [
            ("roller", form.roller or ""),
            ("weapon", form.weapon or ""),
            ("target", form.target),
            ("melee", form.melee),
            ("value", str(result.hits)),
        ]
        return FollowOn("wound", tuple(fields), _plural(result.hits, "hit"), result.title)
    if isinstance(result, WoundD6Roll) and form.target is not None:
        target = state.model(form.target)
        # 004 Infantry Saves: infantry only, and never against a melee attack
        if "infantry" not in target.tags or form.melee:
            return None
        fields = [("roller", target.id), ("value", str(result.wounds))]
        return FollowOn("save", tuple(fields), _plural(result.wounds, "wound"), result.title)
    if isinstance(result, ShootingRoll) and (result.hit or result.friend_hit):
        # RB ch.2: a hit is followed by its wound roll, at the same distance (the band),
        # cover avoided or not, and defensive fire still the other side's turn
        fields = [("roller", form.roller or ""), ("weapon", form.weapon or "")]
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
    if not isinstance(result, AppliedRoll):
        return None
    test = kind_test(state.tracker, form.kind)
    if test is None:
        return None
    if test.defended_by is not None and form.target is not None:
        fields = [("roller", form.target), ("value", str(result.successes))]
        what = f"{result.successes} HIT{'' if result.successes == 1 else 's'}"
        return FollowOn(TEST + test.defended_by, tuple(fields), what, result.title)
    if test.leads_to and form.target is not None and result.successes > 0:
        target = state.model(form.target)
        # the first of the tests a hit leads to that this target takes (a vehicle's
        # armour save, a Notable Person's saving throw): one for each hit
        for led in test.leads_to:
            spec = state.tracker.test(led)
            if spec is not None and (spec.units is None or matches_model(spec.units, target)):
                hits = _plural(result.successes, "hit")
                return FollowOn(
                    TEST + led,
                    (("roller", target.id),),
                    f"{hits}, one each",
                    result.title,
                    repeat=result.successes,
                )
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
    fields: list[tuple[str, FieldValue]] = [("roller", hitter)]
    if melee:
        fields.append(("weapon", melee[0]))
    fields += [("target", hit), ("their_turn", not active)]
    note = ""
    if active and rival:
        note = f"A tie: {who(game.state, form.opponent)} hit back; roll its wound roll next."
    return FollowOn("wound", tuple(fields), "a hit", result.title, note)


def table_kinds(tables: Sequence[TableSpec]) -> tuple[Kind, ...]:
    """One kind of roll per catalog table that no other roll already reads."""
    covered = {FALLING_TABLE, COVER_TABLE}
    return tuple(
        _kind(
            f"table:{t.id}",
            f"{t.name} table",
            "other" if t.dice else "value other",
            value=t.lookup or "Value",
        )
        for t in tables
        if t.id not in covered
    )


def offered_kinds(tracker: Tracker, stats: set[str], phase: str | None = None) -> tuple[Kind, ...]:
    """The rolls the dice helper offers in a game whose models have ``stats``: its own
    tests (a sheet game; in a ``phase``, by id, only the tests rolled in it), the D6
    rolls it declares, or Punkapocalyptic's that its stats can make; then the tables no
    roll applies by itself. F1 names the same list (of every phase)."""
    tables = tracker.tables
    falling = any(t.id == FALLING_TABLE for t in tables)
    declared = tracker.rolls
    applied = applied_tables(tracker)
    # a game with its own tests (a sheet game) rolls those, not Punkapocalyptic's
    generic: Iterable[Kind] = (
        ()
        if tracker.tests
        else (k for k in D6_KINDS if k.id in declared)
        if declared
        else (
            k
            for k in KINDS
            if (falling or k.id != "falling") and READS.get(k.id, frozenset()) <= stats
        )
    )
    return (
        *generic,
        *(_kind(k.id, k.name, k.fields, **dict(k.labels)) for k in sheet_kinds(tracker, phase)),
        *table_kinds([t for t in tables if t not in applied]),
    )


def offered_modifiers(specs: Sequence[ModifierSpec], form: Form) -> tuple[ModifierSpec, ...]:
    """The catalog's modifiers a kind of roll offers to choose."""
    if form.kind == "to-hit":
        return modifiers_for(specs, "combat" if form.melee else "shooting")
    if form.kind in ("save", "unpin"):
        return tuple(s for s in specs if s.roll == form.kind)
    if form.kind == "shooting":
        return tuple(s for s in modifiers_for(specs, "shooting") if s.id not in AUTOMATIC)
    if form.kind == "steam":  # RB ch.4 Steam: defensive fire is -2 to the Tech roll
        tech = modifiers_for(specs, "attribute")
        return tech + tuple(s for s in specs if s.id == DEFENSIVE_FIRE and s not in tech)
    if form.kind == "wound":
        # Choice: a wound roll changes the Strength, so it offers the modifiers made for
        # it alone; those of ``any`` roll are to-hit modifiers (Steam Wars' -1 and -2 to
        # hit counters, 004 Counters), never a change to ST.
        return tuple(s for s in specs if s.roll == "wound")
    if form.kind == "opposed" and form.combat:
        return modifiers_for(specs, "combat")
    if form.kind in ("attribute", "opposed"):
        return modifiers_for(specs, "attribute")
    return ()


def result_text(result: Result) -> Text:
    """The title and the outcome first (on a small terminal they are what shows), then
    each part of the numbers on its own line, and the dice."""
    text = Text()
    text.append(result.title, style="bold")
    text.append(f"\n{result.outcome}", style="bold")
    for part in result.detail.split("; "):
        text.append(f"\n{part}")
    notes: tuple[str, ...] = getattr(result, "notes", ())
    for note in notes:
        if note not in result.detail:
            text.append(f"\n{note}", style="italic")
    dice = ", ".join(str(d) for d in result.dice) if result.dice else "none rolled"
    text.append(f"\nDice: {dice}")
    return text


# ------------------------------------------------------------------------------------------
# The dialog
# ------------------------------------------------------------------------------------------

ROWS = (
    "roller",
    "count",
    "needed",
    "stat",
    "opponent",
    "opponent_stat",
    "combat",
    "weapon",
    "target",
    "distance",
    "kaboom",
    "cover",
    "cover_avoided",
    "their_turn",
    "strength",
    "penetration",
    "modifiers",
    "other",
    "opponent_other",
    "height",
    "value",
    "melee",
    "aimed",
    "cover_kind",
    "boiler",
    "taking_cover",
    "reroll",
    "read",
    "go_second",
)
"""The form's fields below the kind of roll, top to bottom."""

DESCRIBED = frozenset({"roller", "opponent", "weapon", "target"})
"""Fields with a line under them that describes the model or the weapon chosen."""

TICKS = {
    "combat": "a tie hits both",
    "kaboom": "jury-rigged ammunition or pump markers",
    "cover_avoided": "the shot avoided the cover",
    "their_turn": "ties go to the other side",
    "melee": "a melee attack, not ranged",
    "aimed": "the unit aimed (RoA 1 only)",
    "boiler": "double the weapon's ST (once)",
    "taking_cover": "dug in: saves on 3+",
    "reroll": "one reroll of a failure",
    "go_second": "the winner goes second",
}
"""The fields that are a tick, with the words beside it."""

NUMBERS = {
    "count": ("how many dice", True),
    "needed": ("the number to roll", True),
    "distance": ("{unit}, for the range band", False),
    "strength": ("blank: the weapon's", True),
    "penetration": ("blank: the weapon's", True),
    "other": ("+ or - a number", True),
    "opponent_other": ("+ or - a number", True),
    "height": ("{unit}", False),
    "value": ("a whole number", True),
    "read": ("blank: rolled here", True),
}
"""The fields that are a number: the placeholder (``{unit}``: the game's distance unit),
and whether it is a whole number."""


def _node(name: str) -> str:
    """A field's widget id: ``opponent_stat`` is ``dice-opponent-stat``."""
    return "dice-" + name.replace("_", "-")


class _Form(VerticalScroll, can_focus=False):
    """The fields; it scrolls on a small terminal, and Tab goes to the fields, not to it."""

    def on_resize(self) -> None:
        """A result takes room from the form: keep the field in use in view."""
        focused = self.screen.focused
        if focused is not None and self in focused.ancestors:
            self.scroll_to_widget(focused, animate=False)


class DiceDialog(ModalScreen[None]):
    """Choose a roll and its inputs; Roll (or Enter in a number field, or Ctrl+R) rolls it
    and logs it, and the dialog stays open for the next roll; Escape closes it."""

    DEFAULT_CSS = """
    DiceDialog {
        align: center middle;
        background: $background 60%;
    }
    #dice-dialog {
        width: 84;
        max-width: 100%;
        height: auto;
        max-height: 100%;
        padding: 0 1;
        border: thick $primary;
        background: $surface;
    }
    #dice-title { text-style: bold; width: 100%; margin-bottom: 1; }
    #dice-form { height: auto; max-height: 40vh; min-height: 3; }
    .dice-row { height: auto; }
    .dice-line { height: auto; }
    .dice-line > Label { width: 20; color: $text-muted; }
    .dice-line > Select, .dice-line > Input, .dice-line > Checkbox { width: 1fr; }
    .dice-line > SelectionList { width: 1fr; max-height: 6; }
    .dice-info { padding-left: 20; color: $text-muted; height: auto; }
    #dice-buttons { height: auto; margin-top: 1; }
    #dice-buttons > Button { margin-right: 2; }
    #dice-message { height: auto; color: $error; }
    #dice-output { height: auto; max-height: 25vh; }
    #dice-hint { color: $text-muted; }
    """

    BINDINGS = [
        Binding("escape", "close", "Close", id="dice-close"),
        Binding("ctrl+r", "roll", "Roll", id="dice-roll"),
    ]

    def __init__(
        self,
        battle: Callable[[], Battle],
        record: Callable[[Event], bool],
        views: Sequence[FactionView],
        model_id: str | None = None,
    ) -> None:
        """``battle`` gives the battle as it is now; ``record`` logs an event (False when
        refused); ``views`` are the catalog views of side 0 and side 1; ``model_id`` (the
        model under the tracker's cursor) rolls by default, else the active model."""
        super().__init__()
        self.battle = battle
        self.record = record
        self.views = views
        self.model_id = model_id
        game = self.game
        stats = {s.name for s in game.stats}
        turns = game.state.tracker.turns
        phase = turns.phases[game.state.phase].id if turns.kind == "phases" else None
        self.kinds: tuple[Kind, ...] = offered_kinds(game.state.tracker, stats, phase)
        self.follow: FollowOn | None = recall(self.battle())
        """What the last roll hands to the next (kept by battle while it is the last)."""
        self.filled = False
        """Whether the follow-on's fields were filled in this dialog."""
        self._auto: tuple[str | None, frozenset[str]] = (None, frozenset())
        """The model a catalog test's modifiers were last listed for, and those its state
        ticked (the others ticked are the player's)."""
        self._composed: set[str] = {"kind"}
        """The fields whose rows are composed (the others are empty rows until a kind of
        roll that asks for them is chosen)."""
        self._unshown: dict[str, FieldValue] = {}
        """What the fields not composed yet hold (the models chosen at first, a follow-on's
        tick): their widgets start with it."""
        self._choices: dict[str, list[tuple[str, str]]] = {}
        """The choices of the model and stat fields, as the dialog opened."""
        self._unit = ""

    @property
    def game(self) -> Game:
        return Game(self.battle().state, self.views)

    # --- building the form -----------------------------------------------------------------

    def compose(self) -> ComposeResult:
        game = self.game
        models = game.state.setup.all_models()
        ids = [m.id for m in models]
        roller = self.model_id if self.model_id in ids else game.state.active or ids[0]
        side = game.state.model(roller).side
        rival = next((m.id for m in models if m.side != side), ids[0])
        # The stat that counts actions (Punkapocalyptic's A) is never rolled against.
        counted = game.state.tracker.action_points
        stats = [(f"{s.name} ({s.id})", s.id) for s in game.stats if counted != f"stat:{s.id}"]
        self._unit = game.views[0].system.distance_unit
        listed = self._models()
        self._choices = {
            "roller": listed,
            "opponent": listed,
            "target": listed,
            "stat": stats,
            "opponent_stat": stats,
            "cover_kind": self._cover_kinds(),
        }
        self._unshown.update(roller=roller, opponent=rival, target=rival)
        if stats:  # a choice that cannot be blank starts on the first
            self._unshown.update(stat=stats[0][1], opponent_stat=stats[0][1])
        first = self.kinds[0].fields
        with Vertical(id="dice-dialog"):
            yield Label("Dice helper: every roll goes into the battle's log", id="dice-title")
            yield Static("", id="dice-follow")
            with _Form(id="dice-form"):
                kinds = [(k.name, k.id) for k in self.kinds]
                kind = Select(kinds, allow_blank=False, value=kinds[0][1], compact=True)
                yield Vertical(*self._line("kind", kind), id="dice-kind-row", classes="dice-row")
                for name in ROWS:  # the first kind's rows now, the others' when chosen
                    parts = self._parts(name) if name in first else ()
                    yield Vertical(*parts, id=f"{_node(name)}-row", classes="dice-row")
            with Horizontal(id="dice-buttons"):
                yield Button("Roll", id="dice-roll", variant="primary", compact=True)
                yield Button("Close", id="dice-close", compact=True)
            yield Static("", id="dice-message")
            with VerticalScroll(id="dice-output"):
                yield Static("", id="dice-result")
            yield Label(
                "Tab: next field · Enter in a number or Ctrl+R: roll · Escape: close",
                id="dice-hint",
            )

    @staticmethod
    def _line(name: str, field: Widget) -> list[Widget]:
        """A labelled field, and under a model or a weapon a line that describes it."""
        field.id = _node(name)
        line = Horizontal(Label(LABELS[name], id=f"{field.id}-label"), field, classes="dice-line")
        info = Static("", id=f"{field.id}-info", classes="dice-info")
        return [line, info] if name in DESCRIBED else [line]

    def _parts(self, name: str) -> list[Widget]:
        """A field's row, its widget holding the value given to it while it was not shown."""
        self._composed.add(name)
        return self._line(name, self._field(name, self._unshown.pop(name, None)))

    def _field(self, name: str, value: FieldValue | None) -> Widget:
        """The widget of a field (``value``: what it holds, None for nothing yet)."""
        if name in TICKS:
            return Checkbox(TICKS[name], value=value is True, compact=True)
        if name in NUMBERS:
            placeholder, whole = NUMBERS[name]
            text = value if isinstance(value, str) else ""
            return self._number(placeholder.format(unit=self._unit), whole=whole, value=text)
        if name == "cover":
            return SelectionList[int](*self._covers(), compact=True)
        if name == "modifiers":
            return SelectionList[str](compact=True)
        if name == "weapon":
            return Select([], prompt="No weapon", compact=True)
        if name == "cover_kind":
            return Select(self._choices[name], compact=True)
        # a model or a stat: never blank
        chosen = value if isinstance(value, str) else Select.NULL
        return Select(self._choices[name], allow_blank=False, value=chosen, compact=True)

    async def _show_rows(self, names: Iterable[str]) -> None:
        """Compose the rows of these fields not composed yet (a kind's rows are made when
        it is first chosen, and kept: opening the dialog costs one kind's rows)."""
        mounting = [
            self.query_one(f"#{_node(name)}-row", Vertical).mount(*self._parts(name))
            for name in ROWS
            if name in names and name not in self._composed
        ]
        for mounted in mounting:
            await mounted

    def _models(self) -> list[tuple[str, str]]:
        state = self.game.state
        models = state.setup.all_models()
        out = {m.id: " (out)" if state.is_out(m.id) else "" for m in models}
        return [(who(state, m.id) + out[m.id], m.id) for m in models]

    def _covers(self) -> list[tuple[str, int]]:
        """The rows of the catalog's cover table that give a bonus, by number."""
        table = self.game.cover_table()
        rows = () if table is None else table.rows
        numbered = [(r, r.min if r.min is not None else r.max) for r in rows if r.value]
        return [(f"{r.result} +{r.value}", n) for r, n in numbered if n is not None]

    def _cover_kinds(self) -> list[tuple[str, str]]:
        """The rows of the catalog's cover grid, by key (004 Intervening Terrain)."""
        grid = self.game.state.tracker.grid(COVER_GRID)
        if grid is None:
            return []
        return [
            (f"{str(r.key).replace('-', ' ')} ({'/'.join(f'{c}+' for c in r.cells)})", str(r.key))
            for r in grid.rows
        ]

    @staticmethod
    def _number(placeholder: str, *, whole: bool = False, value: str = "") -> Input:
        return Input(
            value=value,
            placeholder=placeholder,
            type="integer" if whole else "number",
            valid_empty=True,
            compact=True,
        )

    def on_mount(self) -> None:
        self._fit_rows()
        self._show_follow()
        self.query_one("#dice-kind", Select).focus()

    # --- the roll that follows the last one ------------------------------------------------

    def _follow_kind(self) -> Kind | None:
        """The kind of roll the follow-on fills, if this dialog offers it."""
        follow = self.follow
        if follow is None:
            return None
        return next((k for k in self.kinds if k.id == follow.kind), None)

    def _show_follow(self) -> None:
        kind, follow = self._follow_kind(), self.follow
        text = "" if kind is None or follow is None else follow.hint(kind.name, filled=self.filled)
        line = self.query_one("#dice-follow", Static)
        line.update(text)
        line.display = bool(text)

    def _fill_follow(self) -> None:
        """Fill the kind's fields from the last roll (the player can still change them)."""
        follow = self.follow
        if follow is None:
            return
        for name, value in follow.fields:
            self._set(name, value)
            if name == "roller":  # its weapons and modifiers, before the weapon is set
                self._fill_weapons(self._kind())
                self._fill_modifiers(self._kind())
        self.filled = True
        self._describe()
        self._show_follow()

    def _set(self, name: str, value: FieldValue) -> None:
        """Set a field; one not composed yet holds the value until it is (a choice it does
        not offer leaves it as it was, as it does a shown one)."""
        if name not in self._composed:
            offered = [v for _, v in self._choices.get(name, [])]
            if isinstance(value, bool) or name in NUMBERS or value in offered:
                before, self._unshown[name] = self._unshown.get(name, False), value
                if name in ("combat", "melee") and before != value:
                    self._fit_rows()  # as its tick would, shown
            return
        node = f"#{_node(name)}"
        if isinstance(value, bool):
            self.query_one(node, Checkbox).value = value
            return
        field = self.query_one(node)
        if isinstance(field, Input):
            field.value = value
        elif isinstance(field, Select):
            with suppress(InvalidSelectValueError):  # no longer a choice: leave it
                field.value = value

    # --- keeping the form in step with the choices -----------------------------------------

    @on(Select.Changed)
    @on(Checkbox.Changed, "#dice-combat")
    @on(Checkbox.Changed, "#dice-melee")
    async def _changed(self, event: Select.Changed | Checkbox.Changed) -> None:
        if event.control.id == "dice-stat" and isinstance(event.value, str):
            # The usual opposed roll pits a stat against the same stat.
            self._set("opponent_stat", event.value)
        if event.control.id in ("dice-kind", "dice-roller", "dice-combat", "dice-melee"):
            await self._refresh()
            kind = event.value if event.control.id == "dice-kind" else None
            if self.follow is not None and kind == self.follow.kind and not self.filled:
                self._fill_follow()  # the roll that follows the last: its numbers
        self._describe()

    def _kind(self) -> Kind:
        chosen = self._value("kind")
        return next((k for k in self.kinds if k.id == chosen), self.kinds[0])

    async def _refresh(self) -> None:
        """Show the fields the kind of roll needs (composed when first needed), named for
        it, with its choices."""
        await self._show_rows(self._kind().fields)
        self._fit_rows()

    def _fit_rows(self) -> None:
        """Show the fields the kind of roll needs, named for it, with its choices (its
        rows are composed)."""
        kind = self._kind()
        self._fill_weapons(kind)
        self._fill_modifiers(kind)
        labels = dict(kind.labels)
        for name in LABELS.keys() - {"kind"}:
            if name in self._composed:
                label = labels.get(name, LABELS[name])
                self.query_one(f"#{_node(name)}-label", Label).update(label)
            shown = name in kind.fields
            if name in ("modifiers", "cover"):  # empty: no choice
                shown = shown and self.query_one(f"#{_node(name)}", SelectionList).option_count > 0
            if name == "cover_kind":
                shown = shown and bool(self._cover_kinds()) and not self._checked("melee")
            if name == "aimed":
                shown = shown and not self._checked("melee")
            self.query_one(f"#{_node(name)}-row").display = shown

    def _fill_weapons(self, kind: Kind) -> None:
        """The roller's weapons that can make this roll; the one chosen stays if it can."""
        roller = self._value("roller")
        if roller is None or "weapon" not in self._composed:
            return  # not composed: no kind shown so far chooses a weapon
        game = self.game
        weapons = [
            (f"{w.name} ({w.use})", item_id)
            for item_id, w in game.weapons(game.state.model(roller)).items()
            if kind.id in ("wound", "prototype")
            or (kind.id == "to-hit" and (w.use == "melee") == self._checked("melee"))
            or (kind.id == "shooting" and w.use != "melee")
            or (kind.id == "steam" and "steam" in w.tags)
        ]
        select: Select[str] = self.query_one("#dice-weapon", Select)
        keep = select.value
        select.set_options(weapons)
        ids = [item_id for _, item_id in weapons]
        if ids:
            select.value = keep if keep in ids else ids[0]

    def _fill_modifiers(self, kind: Kind) -> None:
        """The catalog's modifiers for this kind of roll; those chosen stay chosen. A
        catalog test's are ticked as the model's state calls for them, at the value it
        gives them."""
        if "modifiers" not in self._composed:
            return  # not composed: no kind shown so far has modifiers to choose
        listing: SelectionList[str] = self.query_one("#dice-modifiers", SelectionList)
        if is_sheet(kind.id):
            battle = self.battle()
            state, roller = battle.state, self._value("roller")
            # an action its unit declared in this activation ticks its modifier (003 Basic
            # Actions: Sustained Fire shoots at +1)
            declared = (
                frozenset() if roller is None else declared_actions(state, battle.events, roller)
            )
            found = modifier_choices(state, kind_test(state.tracker, kind.id), roller, declared)
            # what the player ticked stays ticked for the same model (the second of three
            # saves is against the same gun); what its state ticked is worked out anew
            mine = set(listing.selected) - self._auto[1] if self._auto[0] == roller else set()
            listing.clear_options()
            listing.add_options([(c.label, c.id, c.ticked or c.id in mine) for c in found])
            self._auto = (roller, frozenset(c.id for c in found if c.ticked))
            return
        kept = set(listing.selected)
        form = Form(kind=kind.id, combat=self._checked("combat"), melee=self._checked("melee"))
        offered = offered_modifiers(self.game.state.tracker.modifiers, form)
        listing.clear_options()
        listing.add_options([(f"{s.name} {s.value:+d}", s.id, s.id in kept) for s in offered])

    def _describe(self) -> None:
        """Under each model its current stats and armour; under the weapon its profile."""
        game = self.game
        for name in ("roller", "opponent", "target"):
            if name not in self._composed:
                continue
            model_id = self._value(name)
            text = "" if model_id is None else _model_text(game, model_id)
            self.query_one(f"#{_node(name)}-info", Static).update(text)
        roller, weapon = self._value("roller"), self._value("weapon")
        text = ""
        if roller is not None and weapon is not None:
            side = game.state.model(roller).side
            text = profile_text(game.views[side].items[weapon], game.views[side].system)
        if "weapon" in self._composed:
            self.query_one("#dice-weapon-info", Static).update(text)

    # --- reading the form and rolling ------------------------------------------------------

    def _value(self, name: str) -> str | None:
        if name not in self._composed:
            held = self._unshown.get(name)
            return held if isinstance(held, str) else None
        value = self.query_one(f"#{_node(name)}", Select).value
        return value if isinstance(value, str) else None

    def _checked(self, name: str) -> bool:
        if name not in self._composed:
            return self._unshown.get(name) is True
        return self.query_one(f"#{_node(name)}", Checkbox).value

    def _read(self) -> Form:
        """Everything the player chose; ``ValueError`` for a number that is not one."""
        modifiers: tuple[str, ...] = ()
        if "modifiers" in self._composed:
            listing: SelectionList[str] = self.query_one("#dice-modifiers", SelectionList)
            modifiers = tuple(listing.selected)
        cover: tuple[int, ...] = ()
        if "cover" in self._composed:
            rows: SelectionList[int] = self.query_one("#dice-cover", SelectionList)
            cover = tuple(rows.selected)
        return Form(
            kind=self._kind().id,
            roller=self._value("roller"),
            stat=self._value("stat"),
            opponent=self._value("opponent"),
            opponent_stat=self._value("opponent_stat"),
            combat=self._checked("combat"),
            weapon=self._value("weapon"),
            target=self._value("target"),
            distance=self._number_in("distance", float),
            kaboom=self._checked("kaboom"),
            cover=cover,
            cover_avoided=self._checked("cover_avoided"),
            their_turn=self._checked("their_turn"),
            strength=self._number_in("strength", int),
            penetration=self._number_in("penetration", int),
            modifiers=modifiers,
            other=self._number_in("other", int) or 0,
            opponent_other=self._number_in("opponent_other", int) or 0,
            height=self._number_in("height", float),
            value=self._number_in("value", int),
            melee=self._checked("melee"),
            aimed=self._checked("aimed") and not self._checked("melee"),
            cover_kind=None if self._checked("melee") else self._value("cover_kind"),
            boiler=self._checked("boiler"),
            taking_cover=self._checked("taking_cover"),
            reroll=self._checked("reroll"),
            count=self._number_in("count", int),
            needed=self._number_in("needed", int),
            read=self._number_in("read", int),
            go_second=self._checked("go_second"),
        )

    def _number_in(self, name: str, kind: Callable[[str], N]) -> N | None:
        """The number typed in a field, None when it is blank."""
        if name in self._composed:
            text = self.query_one(f"#{_node(name)}", Input).value.strip()
        else:
            held = self._unshown.get(name)
            text = held.strip() if isinstance(held, str) else ""
        if not text:
            return None
        try:
            return kind(text)
        except ValueError:
            what = "a whole number" if kind is int else "a number"
            raise ValueError(f"{LABELS[name]}: {text!r} is not {what}") from None

    @on(Button.Pressed, "#dice-roll")
    @on(Input.Submitted)
    def action_roll(self) -> None:
        """Roll with the battle's next dice and log the result, or say why not."""
        battle = self.battle()
        try:
            form = self._read()
            dice = next_dice(battle.setup.seed, battle.events)
            game = Game(battle.state, self.views)
            if is_sheet(form.kind):
                rolled = sheet_roll(battle.state, form.sheet(), dice)
                if self._roll_sheet(rolled) and rolled.results:
                    self._followed(game, form, rolled.results[0])
                return
            result = roll(game, form, dice)
        except ValueError as exc:
            self._show(None, f"Cannot roll: {exc}")
            return
        except Refused as exc:
            self._show(None, f"Cannot roll: {exc.reason}")
            return
        if not self.record(result.event()):
            self._show(None, "The battle's log refused the roll: nothing was recorded")
            return
        message = ""
        # the initiative's winner activates first: the turn's order goes into the log too
        needs_order = self.battle().state.next_up().needs_roll_off
        if (
            isinstance(result, InitiativeRoll)
            and needs_order
            and not self.record(result.roll_off())
        ):
            message = "The turn's order was not recorded: record the roll-off (o)"
        self._show(result, message)
        self._followed(game, form, result)

    def _followed(self, game: Game, form: Form, result: Result) -> None:
        """Keep what the roll just logged hands to the next one, and say so. A roll of
        the kind the last one asked for several of (one save per hit) asks for the rest."""
        follow = follow_on(game, form, result)
        last = self.follow
        if follow is None and last is not None and self.filled and last.kind == form.kind:
            follow = last.again()  # the fields stay as they are for the next one
            self.filled = follow is not None
        else:
            self.filled = False
        self.follow = follow
        remember(self.battle(), follow)
        if follow is not None and not self.filled and follow.kind == form.kind:
            self._fill_follow()  # the kind is already chosen: fill it now
        self._show_follow()

    def _roll_sheet(self, rolls: SheetRolls) -> bool:
        """Log a catalog roll and each roll it led to, in order (each applied to its
        model as the log is read), and show them all; False when the log refused them."""
        message = ""
        logged = True
        for n, event in enumerate(rolls.events):
            if not self.record(event):
                logged = n > 0
                message = (
                    "The battle's log refused the roll: nothing was recorded"
                    if n == 0
                    else f"The battle's log refused roll {n + 1}: only the first {n} recorded"
                )
                break
        self.query_one("#dice-message", Static).update(message)
        self.query_one("#dice-result", Static).update(sheet_text(rolls.results))
        # the roller's state changed: its modifiers are ticked anew for the next roll
        self._fit_rows()
        return logged

    def _show(self, result: Result | None, message: str) -> None:
        self.query_one("#dice-message", Static).update(message)
        text = Text() if result is None else result_text(result)
        self.query_one("#dice-result", Static).update(text)

    @on(Button.Pressed, "#dice-close")
    def action_close(self) -> None:
        self.dismiss(None)


def sheet_text(results: Sequence[Result]) -> Text:
    """The first roll in full, then each roll it led to on a line of its own:
    ``then: Crack (Crack): A2 Walker: No power for 1d6 turns (rolled 3) (1d10: 6)``."""
    text = result_text(results[0]) if results else Text()
    for result in results[1:]:
        text.append(f"\nthen: {result.title}: {result.outcome}", style="bold")
        text.append(f" ({result.detail})")
    return text


def _model_text(game: Game, model_id: str) -> str:
    """``A 3 · C 6 · P 6 ... · Bulletproof vest``: a model's current stats and its armour."""
    state = game.state
    model = state.model(model_id)
    stats = SEP.join(
        f"{s.id} {'-' if (v := state.stat(model_id, s.id)) is None else v}" for s in game.stats
    )
    armour, _ = armour_of(model, game.views[model.side].items, shooting=False)
    worn = [piece.name for piece in armour]
    out = ["out of the fight"] if state.is_out(model_id) else []
    return SEP.join([stats, *worn, *out])
