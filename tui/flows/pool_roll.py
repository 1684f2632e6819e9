"""The dice roller for a game warband has no rules for (a battle over BattleScribe lists):
pick one of the model's weapons, or roll by hand; the dice (``NdX``, a modifier, a target
``4+``, ``reroll failures`` or ``ones``) are filled in from the weapon's characteristics
and can be changed; the roll is made with the battle's seeded dice and comes back as the
``Roll`` for the log, whose detail shows every number used (``model/rolls/pool.py``).

Apart from the tracker's keys because it is a sequence of questions of its own.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from textual.app import App

    from model.battle.battle import Battle
    from model.battle.events import Roll
    from model.rolls.pool import Pool

HOW = "NdX, +M, a target N+, reroll failures or ones (3d6, d20+5, 4d6 4+ reroll ones)"


def weapon_pools(battle: Battle, model_id: str | None) -> list[tuple[str, Pool]]:
    """The pools of the model's gear whose characteristics give one (its attacks, and its
    to-hit skill from the gear or the model's own profile), each named by its gear."""
    from model.rolls.pool import PoolError, pool_from_profile

    model = battle.setup.find_model(model_id) if model_id is not None else None
    if model is None:
        return []
    own = next((p.characteristics for p in model.profiles if not p.owner), None)
    found: list[tuple[str, Pool]] = []
    for profile in model.profiles:
        if not profile.owner:
            continue
        try:
            pool = pool_from_profile(profile.characteristics, own)
        except PoolError:
            continue
        found.append((profile.name, pool))
    return found


async def pool_roll(app: App[Any], battle: Battle, model_id: str | None) -> Roll | None:
    """Ask what to roll and roll it: the roll for the log, or None when the player stops."""
    from model.battle.text import who
    from model.rolls.dice import next_dice
    from model.rolls.pool import PoolError, parse_pool, roll_pool
    from tui.dialogs.pick import PickDialog
    from tui.dialogs.prompt import PromptDialog

    weapons = weapon_pools(battle, model_id) if model_id is not None else []
    title, text = "", ""
    if weapons and model_id is not None:
        choices: list[tuple[str, tuple[str, str], str | None]] = [
            (f"{name}: {pool.text}", (name, pool.text), None) for name, pool in weapons
        ]
        choices.append(("By hand", ("", ""), None))
        picked = await app.push_screen_wait(
            PickDialog(f"Roll for {who(battle.state, model_id)}", choices)
        )
        if picked is None:
            return None
        name, text = picked
        title = f"{who(battle.state, model_id)}, {name}" if name else ""

    def check(typed: str) -> str | None:
        try:
            parse_pool(typed)
        except PoolError as exc:
            return str(exc)
        return None

    typed = await app.push_screen_wait(PromptDialog("Dice", f"Roll ({HOW}):", text, check))
    if typed is None:
        return None
    pool = parse_pool(typed)
    result = roll_pool(pool, next_dice(battle.setup.seed, battle.events), title or pool.text)
    return result.event()
