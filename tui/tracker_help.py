"""F1 and the palette in the tracker speak of the game being played, from its catalog.

The tracker's commands and help were written for Punkapocalyptic (bullets, crouched,
falling, Steam) and read the same in all five games (issue 16). Here the commands a game
can never use are dropped, and a section lists the game's turn, counters, actions and
rolls as its catalog gives them.
"""

from __future__ import annotations

from collections.abc import Sequence

from model.catalog.tracker import Tracker
from tui.commands import Command


def game_commands(commands: Sequence[Command], tracker: Tracker) -> tuple[Command, ...]:
    """The tracker's commands as this game has them."""
    turns = tracker.turns
    alternating_phase = any(p.order == "alternating" for p in turns.phases)
    never = {
        "delay": not (turns.kind == "stat-rounds" and turns.delay),
        "pass_turn": not turns.can_pass,
        "retain": not (turns.kind == "phases" and alternating_phase),
        "interrupt": not any(spec.interrupt for spec in tracker.actions),
        "next_phase": turns.kind != "phases",
        "score": not tracker.victory.scored,
    }
    return tuple(c for c in commands if not never.get(c.action, False))


def game_help(tracker: Tracker, system_name: str, rolls: Sequence[str]) -> str:
    """A Markdown section on what this game's tracker has."""
    turns = tracker.turns
    if turns.kind == "stat-rounds":
        order = f"Each turn is played in rounds, from the highest {turns.stat} down" + (
            "; a model whose turn it is may delay to a later round once (**l**)."
            if turns.delay
            else "."
        )
    elif turns.kind == "alternating":
        order = "The sides take turns to activate" + (
            "; a side may pass (**p**)." if turns.can_pass else "."
        )
    else:
        names = ", ".join(p.name for p in turns.phases)
        order = f"Each turn has phases ({names}); **x** moves on to the next."
    what = "each model (a pack with it)" if tracker.activation == "model" else "each unit"
    counters = ", ".join(f"`{c.short}` {c.name}" for c in tracker.counters) or "none"
    actions = ", ".join(a.name for a in tracker.actions) or "none listed"
    offered = ", ".join(rolls) or "none of its own"
    return (
        f"## In {system_name}\n\n"
        f"{order} What activates: {what}.\n\n"
        f"- **Counters** (as the State column shortens them): {counters}.\n"
        f"- **Actions** (**a**): {actions}.\n"
        f"- **Dice helper** (**d**): {offered}.\n"
    )
