"""What a roll reads from the battle: the state now and the catalog view of each side.

``Game`` is the one thing every family's rolls are given besides the form and the dice:
the models' current stats, their gear's profiles from the catalog, the catalog's
modifiers. The helpers here are the ones more than one family uses (the player's free
modifier, the catalog modifiers ticked, the weapon chosen) and the line that describes a
model under its field. It is apart from the families so none of them reaches into
another, and apart from the dialog because it reads the battle, not widgets.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from model.catalog.items import Trait, Weapon
from model.core.value import frozen_value
from model.rolls.dice import Modifier
from model.rolls.profiles import WeaponStats, armour_of
from model.roster.describe import SEP

if TYPE_CHECKING:
    from model.battle.forces import ModelSnap
    from model.battle.state import BattleState
    from model.catalog.schema import FactionView
    from model.catalog.system import Stat
    from model.rolls.forms import Form

OTHER = "Other"
"""The name of the player's free modifier in the log."""


@frozen_value(slots=False)
class Game:
    """What the rolls read: the battle's state now and the catalog view of each side."""

    state: BattleState
    views: Sequence[FactionView]

    @property
    def stats(self) -> tuple[Stat, ...]:
        return self.views[0].system.stats

    def who(self, model_id: str) -> str:
        """``A3 Brute``: a model as the log names it (the wording of
        ``model.battle.text.who``, which a test holds this to), its id alone when the
        battle has no such model; here so the rolls and the dice dialog name models
        without importing the log's wording and the whole battle state under it."""
        try:
            return f"{model_id} {self.state.model(model_id).label}"
        except Exception:
            return model_id

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
            raise ValueError(f"{self.who(model.id)} has no {stat.name}")
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


def other_modifiers(value: int) -> tuple[Modifier, ...]:
    return (Modifier(OTHER, value),) if value else ()


def picked_modifiers(game: Game, form: Form) -> tuple[Modifier, ...]:
    by_id = {spec.id: spec for spec in game.state.tracker.modifiers}
    return tuple(Modifier.of(by_id[i]) for i in form.modifiers if i in by_id)


def armed(game: Game, model: ModelSnap, form: Form) -> WeaponStats:
    weapon = game.weapon(model, form.weapon)
    if weapon is None:
        raise ValueError(f"choose a weapon {game.who(model.id)} carries")
    return weapon


def model_text(game: Game, model_id: str) -> str:
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
