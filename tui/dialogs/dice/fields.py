"""The dice helper's fields: their names, labels, widgets' words and order.

Every kind of roll asks for some of the same fields (``model.rolls.forms.Kind.fields``);
this module says how each is shown: its label, whether it is a tick or a number (with its
placeholder), the order of the rows, which carry a line describing the model or weapon
chosen, and the scrolling form that holds them. It is apart from the rows
(``tui.dialogs.dice.rows``) because it is the form's vocabulary, which their logic of
composing, filling and reading only uses.
"""

from __future__ import annotations

from textual.containers import VerticalScroll

LABELS = {
    "kind": "Roll",
    "roller": "Model rolling",
    "stat": "Stat",
    "opponent": "Opponent",
    "opponent_stat": "Opponent's stat",
    "combat": "Combat roll",
    "weapon": "Weapon",
    "opponent_weapon": "Enemy's weapon",
    "assault": "Assault bonus",
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


ROWS = (
    "roller",
    "count",
    "needed",
    "stat",
    "opponent",
    "opponent_stat",
    "combat",
    "weapon",
    "opponent_weapon",
    "assault",
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

DESCRIBED = frozenset({"roller", "opponent", "weapon", "opponent_weapon", "target"})
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
    "assault": ("+1, and +1 per move before it", True),
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


def node(name: str) -> str:
    """A field's widget id: ``opponent_stat`` is ``dice-opponent-stat``."""
    return "dice-" + name.replace("_", "-")


class FormScroll(VerticalScroll, can_focus=False):
    """The fields; it scrolls on a small terminal, and Tab goes to the fields, not to it."""

    def on_resize(self) -> None:
        """A result takes room from the form: keep the field in use in view."""
        focused = self.screen.focused
        if focused is not None and self in focused.ancestors:
            self.scroll_to_widget(focused, animate=False)
