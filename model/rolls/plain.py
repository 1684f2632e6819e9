"""Plain dice: the family of rolls of a game whose catalog declares none of its own.

A catalog of ours that lists neither tests (``[[tracker.tests]]``, the sheets' family)
nor D6 rolls (``rolls``), and has not Punkapocalyptic's tables, still gets a dice helper:
one kind of roll, ``Dice``, that rolls as many of the game's dice (its system's ``dice``,
``d6``) as the player asks, each with the player's modifier, counting those that meet a
target number when one is given, else their total (``model.rolls.pool``), every number
in the log. It is the last of ``model.rolls.families.FAMILIES``, declared by any catalog,
so no game falls to another game's rules (before issue 36 such a game got
Punkapocalyptic's).
"""

from __future__ import annotations

from model.rolls.dice import Dice, Result
from model.rolls.family import RollFamily
from model.rolls.forms import Form, kind
from model.rolls.game import Game
from model.rolls.pool import Pool, roll_pool
from model.rolls.tables import parse_dice

PLAIN_DICE = kind("dice", "Dice", "count needed other")
"""The one kind of roll: how many dice, a target number to meet, a modifier to each die."""


def game_die(game: Game) -> int:
    """The sides of the game's die, from its system's ``dice`` (``d6``: 6)."""
    system = game.views[0].system
    try:
        return parse_dice(system.dice)[1]
    except ValueError:
        raise ValueError(f"{system.name}'s dice, {system.dice!r}, are not a die like d6") from None


def plain_roll(game: Game, form: Form, dice: Dice) -> Result:
    """``count`` of the game's dice (one when blank), ``other`` added to each, meeting
    ``needed`` or, without it, added up; ``ValueError`` (a ``PoolError``) for a number
    no roll takes."""
    pool = Pool(
        count=1 if form.count is None else form.count,
        sides=game_die(game),
        modifier=form.other,
        target=form.needed,
    )
    made = roll_pool(pool, dice)
    logged = made.event()
    return Result(
        title=logged.title, dice=logged.dice, detail=logged.detail, outcome=logged.outcome
    )


PLAIN = RollFamily(
    name="plain dice",
    declared=lambda tracker: True,
    kinds=lambda tracker, stats: (PLAIN_DICE,),
    rolls={PLAIN_DICE.id: plain_roll},
)
"""The game's dice and nothing of any game's rules: for a catalog declaring no rolls."""
