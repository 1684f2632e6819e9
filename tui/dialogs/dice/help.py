"""F1 in the dice helper: what it does, its keys, and the rolls it offers in this game.

It is apart from the screen (``tui.dialogs.dice.screen``) because it is words for the
player, which the screen only shows (``tui.screens.help.TextHelpScreen``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from model.rolls.forms import Kind

KEYS = (
    ("Tab / Shift+Tab", "The next or the previous field."),
    (
        "Enter",
        "On a drop-down: open it (type to find a line, Enter takes it). In a number: "
        "go on to the next field (it never rolls).",
    ),
    ("Space", "On a list of modifiers: tick or untick the highlighted one (Up and Down move)."),
    ("Ctrl+R", "Roll with the battle's next dice, and log the roll."),
    (
        "n",
        "Fill in the roll that follows the last one (a hit's wound roll): the Next "
        "button, focused after the roll, so Enter does it too.",
    ),
    (
        "w",
        "Apply the wound just rolled to the model wounded, as `w` in the tracker: the "
        "button focused after a Wounded result, so Enter does it too.",
    ),
    ("F1", "This help."),
    ("Escape", "Close the dice helper."),
)
"""The dice helper's keys and what each does."""


def dice_help(kinds: Sequence[Kind]) -> str:
    """The help page: what the helper is for, its keys, and the rolls of this game."""
    rows = "\n".join(f"| `{key}` | {what} |" for key, what in KEYS)
    rolls = "\n".join(f"- {k.name}" for k in kinds)
    return (
        "The dice helper rolls this game's rolls with every number shown, and logs each "
        "roll in the battle (undo takes it back). The keys `n` and `w` work anywhere but "
        "in a number. It opens on what the tracker knows: "
        "after a shot is recorded with `a`, on Shooting with that weapon; after an "
        "Assault, on the Combat roll with its bonus. Modifiers the model's state calls "
        "for (it aimed) are ticked already; untick any that does not apply.\n\n"
        f"| Key | What it does |\n|---|---|\n{rows}\n\n"
        f"Rolls in this game:\n\n{rolls}\n"
    )
