"""A game's once-per-game choices in the app, as a new battle over BattleScribe lists
starts: the first time, what a model's damage counts against is asked (warband's proposal
first); then, every time, the choices are shown and can be changed before the battle starts:
the damage characteristic, counters added or removed, the phases of a round. Each change is
written to the config folder's ``games/<game>.toml`` at once (``tui/battle_lists.py``), the
same file a player may edit by hand; the battle copies what was chosen.

Apart from the new-battle flow because it is a sequence of questions of its own.

History: issue 34.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal

from tui.battle_lists import keep, known_choices, proposal

if TYPE_CHECKING:
    from textual.app import App

    from catalogs.library import Library
    from model.battle.game_choices import CounterChoice, GameChoices

Step = Literal["start", "damage", "add", "phases"] | tuple[Literal["remove"], str]
Scope = Literal["model", "side"]
Kind = Literal["number", "flag"]
Clears = Literal["never", "end-of-turn"]


async def settled_choices(
    app: App[Any], library: Library, system_id: str, config_dir: Path
) -> GameChoices | None:
    """The choices a battle of the game starts with, as the player left them; None when
    the player stops. Raises ``WarbandError`` (a broken choices file, or one not written)."""
    from tui.dialogs.pick import PickDialog

    system = library.load_battlescribe(system_id)
    proposed, names = proposal(system)
    known = known_choices(config_dir, system_id)
    if known is None:
        damage = await _damage(app, system.name, proposed.damage, names, proposed.damage)
        if damage is None:
            return None
        choices = proposed.model_copy(update={"damage": damage})
        keep(config_dir, system_id, choices, names)
    else:
        choices = known.choices
    while True:
        steps: list[tuple[str, Step, str | None]] = [
            ("Start the battle", "start", None),
            (
                f"Damage counts against: {choices.damage or 'nothing (a plain count)'}",
                "damage",
                None,
            ),
            ("Add a counter", "add", None),
            *(
                (f"Remove the counter {c.name} ({c.scope}, {_limit(c)})", ("remove", c.id), None)
                for c in choices.counters
            ),
            (f"Phases of a round: {', '.join(choices.phases) or 'one, Round'}", "phases", None),
        ]
        step = await app.push_screen_wait(
            PickDialog(
                f"{system.name}: choices kept for every battle of the game",
                steps,
                hint=f"Enter picks · kept in {config_dir / 'games' / (system_id + '.toml')}",
            )
        )
        if step is None:
            return None
        if step == "start":
            return choices
        changed = await _change(app, system.name, choices, step, proposed.damage, names)
        if changed is not None:
            choices = changed
            keep(config_dir, system_id, choices, names)


async def _change(
    app: App[Any],
    game: str,
    choices: GameChoices,
    step: Step,
    proposed: str,
    names: tuple[str, ...],
) -> GameChoices | None:
    """The choices after one change, None when the player stops."""
    from tui.dialogs.prompt import PromptDialog

    if step == "damage":
        damage = await _damage(app, game, proposed, names, choices.damage)
        return None if damage is None else choices.model_copy(update={"damage": damage})
    if step == "add":
        counter = await _new_counter(app, choices)
        if counter is None:
            return None
        return choices.model_copy(update={"counters": (*choices.counters, counter)})
    if step == "phases":
        text = await app.push_screen_wait(
            PromptDialog(
                "Phases",
                "The phases of a round, in order, separated by commas (empty: one, Round):",
                ", ".join(choices.phases),
                lambda t: (
                    None
                    if len([p for p in t.split(",") if p.strip()]) <= 10
                    else "At most 10 phases."
                ),
            )
        )
        if text is None:
            return None
        phases = tuple(p.strip() for p in text.split(",") if p.strip())
        return choices.model_copy(update={"phases": phases})
    if isinstance(step, tuple):
        kept = tuple(c for c in choices.counters if c.id != step[1])
        return choices.model_copy(update={"counters": kept})
    return None


async def _damage(
    app: App[Any], game: str, proposed: str, names: tuple[str, ...], current: str
) -> str | None:
    """The characteristic chosen for damage ("" for none), None when the player stops."""
    from tui.dialogs.pick import PickDialog

    options: list[tuple[str, str, str | None]] = (
        [(f"{proposed} (proposed from its name)", proposed, None)] if proposed else []
    )
    options += [(name, name, None) for name in names if name != proposed]
    options.append(("None: each model is out of action at its first damage", "", None))
    return await app.push_screen_wait(
        PickDialog(
            f"{game}: what does a model's damage count against? (asked once)",
            options,
            current=current,
        )
    )


async def _new_counter(app: App[Any], choices: GameChoices) -> CounterChoice | None:
    """A counter the player names and shapes (who has it, a number or a flag, its
    highest value, whether it clears each round); None when the player stops."""
    from model.battle.game_choices import OUT_COUNTER, CounterChoice
    from saves.free_name import slug
    from tui.dialogs.pick import PickDialog
    from tui.dialogs.prompt import PromptDialog
    from tui.numbers import whole, whole_check

    taken = {OUT_COUNTER, "actions-used", *(c.id for c in choices.counters)}

    def check(text: str) -> str | None:
        if not text.strip():
            return "Type the counter's name."
        if slug(text) in taken:
            return "There is a counter of that name already."
        return None

    name = await app.push_screen_wait(
        PromptDialog("New counter", "Its name (Hazard tokens, Battle-shocked):", "", check)
    )
    if name is None:
        return None
    scopes: list[tuple[str, Scope, str | None]] = [
        ("Each model", "model", None),
        ("Each side", "side", None),
    ]
    scope = await app.push_screen_wait(PickDialog(f"{name.strip()}: kept for", scopes))
    if scope is None:
        return None
    kinds: list[tuple[str, Kind, str | None]] = [
        ("A number (tokens)", "number", None),
        ("A flag (on or off)", "flag", None),
    ]
    kind = await app.push_screen_wait(PickDialog(f"{name.strip()}: a number or a flag?", kinds))
    if kind is None:
        return None
    most: int | None = None
    if kind == "number":
        text = await app.push_screen_wait(
            PromptDialog(
                f"{name.strip()}: highest value",
                "The most it can be (1 to 999; empty: no limit):",
                "",
                lambda t: None if not t.strip() else whole_check(1, 999)(t),
            )
        )
        if text is None:
            return None
        most = whole(text, 1, 999) if text.strip() else None
    ends: list[tuple[str, Clears, str | None]] = [
        ("It stays", "never", None),
        ("It clears", "end-of-turn", None),
    ]
    clears = await app.push_screen_wait(
        PickDialog(f"{name.strip()}: at the end of each round", ends)
    )
    if clears is None:
        return None
    words = name.split()
    short = "".join(w[0].upper() for w in words)[:4] if len(words) > 1 else name.strip()[:3]
    return CounterChoice(
        id=slug(name)[:64],
        name=name.strip(),
        short=short or "C",
        scope=scope,
        kind=kind,
        max=most,
        clears=clears,
    )


def _limit(counter: CounterChoice) -> str:
    if counter.kind == "flag":
        return "a flag"
    return f"at most {counter.max}" if counter.max is not None else "no limit"
