"""The dice helper's result panel: a roll's title, outcome, numbers and dice as text.

It is apart from the dialog (``tui.dialogs.dice.screen``) because it only renders a result
(``model.rolls.dice.Result``) for the screen, with Rich's styles, and the rules in
``model.rolls`` stay free of Rich.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from rich.text import Text

if TYPE_CHECKING:
    from model.rolls.dice import Result


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


def sheet_text(results: Sequence[Result]) -> Text:
    """The first roll in full, then each roll it led to on a line of its own:
    ``then: Crack (Crack): A2 Walker: No power for 1d6 turns (rolled 3) (1d10: 6)``."""
    text = result_text(results[0]) if results else Text()
    for result in results[1:]:
        text.append(f"\nthen: {result.title}: {result.outcome}", style="bold")
        text.append(f" ({result.detail})")
    return text
