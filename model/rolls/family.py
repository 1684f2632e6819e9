"""One interface for a game's rolls: what the dice helper asks of a family of rolls.

Each game's rules are a family of rolls: Punkapocalyptic's (``model.rolls.punk.kinds``),
Steam Wars' D6 rolls (``model.rolls.d6.kinds``), the sheets' catalog tests
(``model.rolls.sheets.kinds``). A ``RollFamily`` says whether a game's catalog calls for
it, which of its kinds of roll a game offers (from the catalog's tracker section and the
names of its stats), how to roll each kind from the form, which catalog modifiers a kind
offers, which weapons can make it, the choices of the fields whose options come from
the catalog, the roll that follows one or that an action just recorded calls for, the
wound a result deals, and the turn's order a result sets (an event the dialog logs
after it). ``model.rolls.families`` registers them and
finds a game's; the dice dialog and the tracker ask only that, never a game's id. It is
apart from the families so each depends on the interface, not on another family.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING

from model.core.value import frozen_value
from model.rolls.dice import Dice, Result
from model.rolls.forms import Form, Kind
from model.rolls.game import Game

if TYPE_CHECKING:
    from model.battle.events import Act, RollOff
    from model.catalog.tracker import Tracker
    from model.catalog.tracker_rolls import ModifierSpec
    from model.rolls.follow_on import FollowOn
    from model.rolls.profiles import WeaponStats

Roll = Callable[[Game, Form, Dice], Result]
"""A kind of roll: the result of the form's roll on the battle with these dice;
``ValueError`` for inputs the rules refuse."""


def _no_follow_on(game: Game, form: Form, result: Result) -> FollowOn | None:
    return None


def _no_modifiers(specs: Sequence[ModifierSpec], form: Form) -> tuple[ModifierSpec, ...]:
    return ()


def _no_weapons(kind: str, weapon: WeaponStats, melee: bool) -> bool:
    return False


def _no_cover_rows(game: Game) -> list[tuple[str, int]]:
    return []


def _no_cover_kinds(tracker: Tracker) -> list[tuple[str, str]]:
    return []


def _no_order(result: Result) -> RollOff | None:
    return None


def _no_act(game: Game, acts: Sequence[Act]) -> FollowOn | None:
    return None


def _no_wounds(form: Form, result: Result) -> tuple[str, int] | None:
    return None


@frozen_value(slots=False)
class RollFamily:
    """A family of rolls (one game's, or the rules several games share)."""

    name: str
    declared: Callable[[Tracker], bool]
    """Whether a game's catalog calls for these rolls (from its ``tracker`` section)."""
    kinds: Callable[[Tracker, set[str]], tuple[Kind, ...]]
    """The kinds of roll a game offers, from its tracker section and its stats' names."""
    rolls: Mapping[str, Roll]
    """Each kind's roll, by kind id (a kind not here is one of the catalog's tables)."""
    tables: frozenset[str] = frozenset()
    """The catalog tables its rolls read by themselves (never offered as plain tables)."""
    follow_on: Callable[[Game, Form, Result], FollowOn | None] = _no_follow_on
    """The roll that follows one of its results, filled from it; None when none does."""
    modifiers: Callable[[Sequence[ModifierSpec], Form], tuple[ModifierSpec, ...]] = _no_modifiers
    """The catalog's modifiers a kind of roll offers to choose."""
    arms: Callable[[str, WeaponStats, bool], bool] = _no_weapons
    """Whether a weapon can make a roll of this kind (the last: a melee attack)."""
    cover_rows: Callable[[Game], list[tuple[str, int]]] = _no_cover_rows
    """The choices of the ``cover`` field: rows of a cover table, by number."""
    cover_kinds: Callable[[Tracker], list[tuple[str, str]]] = _no_cover_kinds
    """The choices of the ``cover_kind`` field: rows of a cover grid, by key."""
    acted: Callable[[Game, Sequence[Act]], FollowOn | None] = _no_act
    """The roll the last action recorded calls for (a shot: Shooting with its weapon),
    filled from it and the actions before it in the activation (an Assault's moves), in
    order; None for an action that calls for none."""
    wounds: Callable[[Form, Result], tuple[str, int] | None] = _no_wounds
    """The model a result wounds and by how many wounds, for the player to apply with
    one key (a Wounded wound roll); None for a result that wounds no one."""
    order: Callable[[Result], RollOff | None] = _no_order
    """The turn's order a result sets (an initiative: its winner activates first), as the
    ``RollOff`` event to log after it; None for a result that sets none."""
