"""A battle's starting point: the system, the scenario, both forces, the tracker rules.

Everything a battle needs is copied in here when it starts (the models' profiles
and gear, the catalog's tracker section), so a battle file is complete on its
own and a later catalog edit cannot change a game in progress.
"""

from __future__ import annotations

from functools import cached_property

from pydantic import Field

from model.battle.forces import ItemSnap, ModelSnap, SideSetup
from model.battle.game_choices import GameChoices
from model.battle.refused import Refused
from model.catalog.tracker import Tracker
from model.catalog.tracker_counters import CounterSpec
from model.core.base import Frozen, Id, Text
from model.core.bounds import Seed, TurnLimit
from model.rules.selectors import Selector

Instance = tuple[str, CounterSpec, ModelSnap | None, ItemSnap | None]
"""A tracked counter: its target, its definition, and the model and item it belongs to."""


class SetupHead(Frozen):
    """What a battle starts from besides its sides: the game, the scenario, the dice's
    seed, the tracker rules.

    The one definition of these keys of the battle file: ``saves.battle_document`` reads
    them (its ``BattleDocument`` is this class with the file's sides, models and log
    added) and ``saves.battle_toml`` writes them in this order, the plain values as the
    file's first keys and, after the sides and models, each table under its field's
    ``description`` as a comment (None is not written). A field added here is a key of
    the battle file, written and read back with nothing else changed; give it a default,
    so the files written before it still read (``DEVELOPMENT.md``: a new field in the
    battle file)."""

    system: Id
    system_name: Text
    catalog_version: Text
    scenario: str = ""
    turn_limit: TurnLimit
    seed: Seed
    """Seed of the dice helper's random numbers: the same seed rolls the same dice."""
    tracker: Tracker = Field(description="The tracker rules of the catalog, copied at the start.")
    choices: GameChoices | None = Field(
        default=None, description="The players' choices for this game, copied at the start."
    )
    """For a game with BattleScribe data: the players' once-per-game choices the
    ``tracker`` was made from (``model.battle.game_choices``), kept so the battle opens
    anywhere and a new battle can start from them; None for our own catalogs."""


class BattleSetup(SetupHead):
    """The starting state of a battle: its head (``SetupHead``) and both sides, every
    model of them included."""

    sides: tuple[SideSetup, ...]

    @cached_property
    def _models(self) -> dict[str, ModelSnap]:
        return {m.id: m for side in self.sides for m in side.models}

    @cached_property
    def _members(self) -> dict[str, tuple[ModelSnap, ...]]:
        groups: dict[str, list[ModelSnap]] = {}
        for model in self._models.values():
            groups.setdefault(model.actor, []).append(model)
        return {actor: tuple(models) for actor, models in groups.items()}

    def damage_characteristic(self, model: ModelSnap) -> str | None:
        """The characteristic of the model's profile its damage counts against, as the
        table names it: a stat of our own catalogs (``W``), or in a game with
        BattleScribe data the one the players chose (``Hull Points``); None for a plain
        count (a fixed number of wounds, or a model whose profile lacks it)."""
        wounds = self.tracker.damage.wounds
        stat = wounds[5:] if isinstance(wounds, str) and wounds.startswith("stat:") else None
        if stat is None or stat not in model.stats:
            return None
        return self.choices.damage if self.choices is not None else stat

    def all_models(self) -> tuple[ModelSnap, ...]:
        return tuple(self._models.values())

    def model(self, model_id: str) -> ModelSnap:
        """A model by id; ``Refused`` when there is none."""
        try:
            return self._models[model_id]
        except KeyError:
            raise Refused(f"there is no model {model_id}") from None

    def find_model(self, model_id: str) -> ModelSnap | None:
        """A model by id, None when there is none."""
        return self._models.get(model_id)

    def members(self, actor: str) -> tuple[ModelSnap, ...]:
        return self._members.get(actor, ())

    def actors(self) -> tuple[str, ...]:
        return self._actors

    def actor_ids(self) -> frozenset[str]:
        return self._actor_ids

    @cached_property
    def _actors(self) -> tuple[str, ...]:
        # asked on every activation of a replay: made once, not per call
        return tuple(self._members)

    @cached_property
    def _actor_ids(self) -> frozenset[str]:
        return frozenset(self._members)

    def item_targets(self, model: ModelSnap) -> list[tuple[str, ItemSnap]]:
        """Each item instance a model carries, as a counter target (``A3/pistol#2``)."""
        return [(target, item) for item in model.items for target in _copies(model, item)]

    def item_of(self, model: ModelSnap, target: str) -> ItemSnap | None:
        """The item a target such as ``A3/pistol#2`` names, None when the model carries
        no such copy; read from the target, not by listing every copy carried."""
        model_id, slash, rest = target.partition("/")
        item_id, hashed, number = rest.partition("#")
        if model_id != model.id or not slash:
            return None
        for item in model.items:
            if item.id != item_id:
                continue
            if not hashed and item.count == 1:
                return item
            copy = int(number) if number.isascii() and number.isdigit() else 0
            if hashed and item.count > 1 and str(copy) == number and 1 <= copy <= item.count:
                return item
        return None

    def counter_targets(self, model: ModelSnap) -> tuple[str, ...]:
        """The model and each copy of an item it carries that a counter is kept for, in
        the order it carries them: where its counters can be. Items no counter applies
        to (a model's bullets) are not listed copy by copy."""
        return (model.id, *self._counted_items.get(model.id, ()))

    @cached_property
    def _counted_items(self) -> dict[str, tuple[str, ...]]:
        covered: dict[str, set[str]] = {}
        for _, _, model, item in self._instances:
            if model is not None and item is not None:
                covered.setdefault(model.id, set()).add(item.id)
        return {
            model_id: tuple(
                target
                for item in self._models[model_id].items
                if item.id in ids
                for target in _copies(self._models[model_id], item)
            )
            for model_id, ids in covered.items()
        }

    @cached_property
    def _instances(self) -> tuple[Instance, ...]:
        found: list[Instance] = []
        letters = "ABCD"
        for spec in self.tracker.counters:
            if spec.scope == "side":
                for index, side in enumerate(self.sides):
                    if spec.units is None or any(matches_model(spec.units, m) for m in side.models):
                        found.append((letters[index], spec, None, None))
                continue
            for model in self._models.values():
                if spec.units is not None and not matches_model(spec.units, model):
                    continue
                if spec.scope == "model" or (spec.scope == "actor" and model.actor == model.id):
                    found.append((model.id, spec, model, None))
                elif spec.scope == "item":
                    # only the items the counter applies to are listed copy by copy
                    for item in model.items:
                        if spec.items is None or spec.items.match_item(
                            item.id, item.kind, item.tags
                        ):
                            found.extend((t, spec, model, item) for t in _copies(model, item))
        return tuple(found)

    def counter_instances(self) -> tuple[Instance, ...]:
        """Every counter the battle tracks, for every target that has it."""
        return self._instances

    def refreshed_on_activation(self, actor: str) -> tuple[Instance, ...]:
        """The counters an actor's activation sets afresh (``refresh``, such as action
        points): found once per battle, not by walking every counter of both forces on
        every activation of a replay."""
        return self._refreshed.get(actor, ())

    @cached_property
    def _refreshed(self) -> dict[str, tuple[Instance, ...]]:
        found: dict[str, list[Instance]] = {}
        for instance in self._instances:
            _, spec, owner, _ = instance
            if spec.refresh is not None and owner is not None:
                found.setdefault(owner.actor, []).append(instance)
        return {actor: tuple(instances) for actor, instances in found.items()}

    @cached_property
    def _targets(self) -> frozenset[tuple[str, str]]:
        return frozenset((target, spec.id) for target, spec, _, _ in self._instances)

    def has_counter(self, target: str, counter_id: str) -> bool:
        return (target, counter_id) in self._targets


def _copies(model: ModelSnap, item: ItemSnap) -> list[str]:
    """The counter targets of one carried item: ``A3/pistol``, or ``A3/pistol#1`` ... for
    each copy (``ItemSnap.count`` is bounded in the schema, so this list is too)."""
    if item.count == 1:
        return [f"{model.id}/{item.id}"]
    return [f"{model.id}/{item.id}#{k}" for k in range(1, item.count + 1)]


def matches_model(selector: Selector, model: ModelSnap) -> bool:
    """A model matches a selector's unit part and, if it names items, carries one."""
    if not selector.match_unit(model.unit, model.tags):
        return False
    if selector.has_item_filter:
        return any(selector.match_item(i.id, i.kind, i.tags) for i in model.items)
    return True


def matches_item(selector: Selector, model: ModelSnap, item: ItemSnap) -> bool:
    """A model's item matches a selector (its unit part against the model)."""
    return selector.match_unit(model.unit, model.tags) and selector.match_item(
        item.id, item.kind, item.tags
    )
