"""The dice helper at the table: choose a roll, see every number, and log it.

The rules live in ``model.rolls``: the game's family of rolls (``model.rolls.families``
finds it from the catalog's tracker section) says which kinds of roll the game offers,
which fields each asks for, how each is rolled and what roll follows it. This dialog
gathers what a roll needs from the battle as it is now, asks the player for the rest
(``model.rolls.forms.Form``), and records every result in the battle's log, so no roll
is made off the record. A catalog test's roll (``model.rolls.sheets.kinds``) is logged
with every roll it leads to, each applied to its model. The dice come from the battle's
seed and the number of rolls already logged: the same log always rolls the same dice,
after a save and a resume too. Inputs the rules refuse are explained in the dialog, and
then nothing is rolled or logged.

A roll that follows another (hits -> wounds -> saves, an attack -> its defence, a hit ->
the target's save) is filled from it when the player chooses it, with a line that says
so (``tui.dialogs.dice.follow_on`` keeps it while that roll is the last one).

This module is the screen: its layout, its keys, following the player's choices and
rolling. It is apart from the rows (``tui.dialogs.dice.rows``), which it inherits,
because those are the form's widgets and state, built, filled and read the same way
whatever the screen does with them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.text import Text
from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.widgets import Button, Checkbox, Input, Label, Select, SelectionList, Static

from model.battle.events import Wound
from model.battle.refused import Refused
from model.rolls.dice import Result, next_dice
from model.rolls.families import follow_on, roll, turn_order, wounds_dealt
from model.rolls.game import Game
from model.rolls.sheets.kinds import SheetRolls, is_sheet, sheet_roll
from tui.dialogs.dice.fields import ROWS, FormScroll
from tui.dialogs.dice.follow_on import remember
from tui.dialogs.dice.help import dice_help
from tui.dialogs.dice.light import DropDown, compact
from tui.dialogs.dice.results import result_text, sheet_text
from tui.dialogs.dice.rows import DiceRows
from tui.screens.help import TextHelpScreen

if TYPE_CHECKING:
    from model.rolls.forms import Form, Kind


class DiceDialog(DiceRows):
    """Choose a roll and its inputs; Roll (or Ctrl+R) rolls it and logs it, and the dialog
    stays open for the next roll; Escape closes it."""

    DEFAULT_CSS = """
    DiceDialog {
        align: center middle;
        background: $background 60%;
    }
    #dice-dialog {
        width: 84;
        max-width: 100%;
        height: auto;
        max-height: 100%;
        padding: 0 1;
        border: thick $primary;
        background: $surface;
    }
    #dice-title { text-style: bold; width: 100%; margin-bottom: 1; }
    /* The list of modifiers has its scrollbar from the start (an empty track drawn as
       the dialog's background): one appearing once the list was measured laid the whole
       dialog out again (issue 16 point 9) */
    #dice-form > SelectionList {
        overflow-y: scroll;
        scrollbar-background: $surface;
        scrollbar-background-hover: $surface;
        scrollbar-background-active: $surface;
    }
    /* A grid of label and field, not a row of containers each: laying out the form
       was most of opening the dialog (issue 16 point 9) */
    /* The form's scrollbar is drawn to be seen: the dim thumb on a black track was
       taken for no scrollbar at all, the modifiers hidden below it (issue 31 item 7) */
    #dice-form {
        scrollbar-color: $primary;
        scrollbar-color-hover: $primary-lighten-1;
        scrollbar-color-active: $primary-lighten-2;
        scrollbar-background: $surface-darken-1;
        scrollbar-background-hover: $surface-darken-1;
        scrollbar-background-active: $surface-darken-1;
        layout: grid;
        grid-size: 2;
        grid-columns: 20 1fr;
        grid-rows: auto;
        height: auto;
        max-height: 40vh;
        min-height: 3;
    }
    #dice-form > Label { color: $text-muted; height: auto; }
    #dice-form > Label.-one-line { height: 1; }
    #dice-form > SelectionList { max-height: 6; }
    .dice-info { color: $text-muted; height: auto; }
    #dice-buttons { height: auto; margin-top: 1; }
    #dice-buttons > Button { margin-right: 2; }
    #dice-message { height: auto; color: $error; }
    #dice-output { height: auto; max-height: 25vh; }
    #dice-hint { color: $text-muted; }
    """

    BINDINGS = [
        Binding("escape", "close", "Close", id="dice-close"),
        Binding("ctrl+r", "roll", "Roll", id="dice-roll"),
        Binding("f1", "help", "Help", id="dice-help"),
        Binding("n", "next", "Next roll", id="dice-next"),
        Binding("w", "apply", "Apply the wound", id="dice-apply"),
    ]

    # --- building the form -----------------------------------------------------------------

    def compose(self) -> ComposeResult:
        game = self.game
        models = game.state.setup.all_models()
        ids = [m.id for m in models]
        roller = self.model_id if self.model_id in ids else game.state.active or ids[0]
        side = game.state.model(roller).side
        rival = next((m.id for m in models if m.side != side), ids[0])
        # The stat that counts actions (Punkapocalyptic's A) is never rolled against.
        counted = game.state.tracker.action_points
        stats = [(f"{s.name} ({s.id})", s.id) for s in game.stats if counted != f"stat:{s.id}"]
        self._unit = game.views[0].system.distance_unit
        listed = self._models()
        self._choices = {
            "roller": listed,
            "opponent": listed,
            "target": listed,
            "stat": stats,
            "opponent_stat": stats,
            "cover_kind": self.family.cover_kinds(game.state.tracker),
        }
        self._unshown.update(roller=roller, opponent=rival, target=rival)
        if stats:  # a choice that cannot be blank starts on the first
            self._unshown.update(stat=stats[0][1], opponent_stat=stats[0][1])
        opening = self.opening  # what the tracker knows: after a shot, Shooting
        first = opening.fields
        with Vertical(id="dice-dialog"):
            yield Label("Dice helper: every roll goes into the battle's log", id="dice-title")
            yield Static("", id="dice-follow")
            with FormScroll(id="dice-form"):
                kinds = [(k.name, k.id) for k in self.kinds]
                kind = DropDown[str](list(kinds), allow_blank=False, value=opening.id)
                self._rows["kind"] = tuple(self._line("kind", kind))
                yield from self._rows["kind"]
                for name in ROWS:  # the first kind's rows now, the others' when chosen
                    if name in self._fields and name in first:
                        yield from self._parts(name)
            with Horizontal(id="dice-buttons"):
                yield compact(Button("Roll", id="dice-roll", variant="primary"))
                yield compact(Button("Next", id="dice-next"))
                yield compact(Button("Apply the wound", id="dice-apply"))
                yield compact(Button("Close", id="dice-close"))
            yield Static("", id="dice-message")
            with VerticalScroll(id="dice-output"):
                yield Static("", id="dice-result")
            yield Label(
                "Tab: next field · Ctrl+R: roll · F1: help · Escape: close",
                id="dice-hint",
            )

    def on_mount(self) -> None:
        self.query_one("#dice-apply").display = False
        self._fit_rows()
        self._describe()
        self._show_follow()
        self.query_one("#dice-kind", Select).focus()
        # The fields' first values are shown already: their first Changed messages (one per
        # field, as each mounted) change nothing, and are not followed again.
        self._seen = {
            str(field.id): field.value
            for field in self.query("#dice-form > *")
            if isinstance(field, Select | Checkbox)
        }
        if self.follow is not None and self._kind().id == self.follow.kind and not self.filled:
            self._fill_follow()  # the roll that follows the last is the first offered

    # --- the roll that follows the last one ------------------------------------------------

    def _follow_kind(self) -> Kind | None:
        """The kind of roll the follow-on fills, if this dialog offers it."""
        follow = self.follow
        if follow is None:
            return None
        return next((k for k in self.kinds if k.id == follow.kind), None)

    def _show_follow(self) -> None:
        kind, follow = self._follow_kind(), self.follow
        text = "" if kind is None or follow is None else follow.hint(kind.name, filled=self.filled)
        line = self.query_one("#dice-follow", Static)
        line.update(text)
        line.display = bool(text)
        # the next roll is a key (n) and a button, not only words (issue 31 item 2)
        button = self.query_one("#dice-next", Button)
        button.display = kind is not None and not self.filled
        if kind is not None:
            button.label = f"Next: {kind.name} (n)"

    def action_next(self) -> None:
        """n: choose the roll that follows the last one, filled from it; Roll is then
        focused, so Enter rolls it."""
        kind = self._follow_kind()
        if kind is None or self.filled:
            self.query_one("#dice-message", Static).update(
                "No roll follows the last one here: choose the roll to make"
            )
            return
        select = self.query_one("#dice-kind", Select)
        if select.value == kind.id:
            self._fill_follow()
        else:
            select.value = kind.id  # its Changed message fills it
        self.query_one("#dice-roll", Button).focus()

    @on(Button.Pressed, "#dice-next")
    def _next_pressed(self) -> None:
        self.action_next()

    def _offer_wound(self, dealt: tuple[str, int] | None) -> None:
        """After a result that wounds a model, a button (focused: Enter) and the key w
        apply it, as w on that model in the tracker would. History: issue 31 item 2."""
        self._dealt = dealt
        button = self.query_one("#dice-apply", Button)
        button.display = dealt is not None
        if dealt is not None:
            target, amount = dealt
            wounds = "the wound" if amount == 1 else f"{amount} wounds"
            button.label = f"Apply {wounds} to {self.game.who(target)} (w)"
            button.focus()

    @on(Button.Pressed, "#dice-apply")
    def action_apply(self) -> None:
        """w: record the wound the last result dealt on its model, once."""
        if self._dealt is None:
            self.query_one("#dice-message", Static).update(
                "The last roll wounded no one: record a wound with w in the tracker"
            )
            return
        target, amount = self._dealt
        name = self.game.who(target)
        if self.record(Wound(kind="wound", model=target, amount=amount)):
            message = f"{name}: {amount} wound{'s' if amount != 1 else ''} recorded"
        else:
            message = f"The battle's log refused the wound on {name}: nothing was recorded"
        self._offer_wound(None)
        self.query_one("#dice-message", Static).update(message)
        self.query_one("#dice-roll", Button).focus()

    def _fill_follow(self) -> None:
        """Fill the kind's fields from the last roll (the player can still change them)."""
        follow = self.follow
        if follow is None:
            return
        for name, value in follow.fields:
            self._set(name, value)
            if name == "roller":  # its weapons and modifiers, before the weapon is set
                self._fill_weapons(self._kind())
                self._fill_modifiers(self._kind())
        self.filled = True
        self._describe()
        self._show_follow()

    # --- keeping the form in step with the choices -----------------------------------------

    @on(Select.Changed)
    @on(Checkbox.Changed, "#dice-combat")
    @on(Checkbox.Changed, "#dice-melee")
    async def _changed(self, event: Select.Changed | Checkbox.Changed) -> None:
        control = str(event.control.id)
        if control in self._seen and self._seen[control] == event.value:
            return  # as it was
        self._seen[control] = event.value
        if event.control.id == "dice-stat" and isinstance(event.value, str):
            # The usual opposed roll pits a stat against the same stat.
            self._set("opponent_stat", event.value)
        changes = ("dice-kind", "dice-roller", "dice-opponent", "dice-combat", "dice-melee")
        if event.control.id in changes:
            await self._refresh()
            kind = event.value if event.control.id == "dice-kind" else None
            if self.follow is not None and kind == self.follow.kind and not self.filled:
                self._fill_follow()  # the roll that follows the last: its numbers
        self._describe()

    # --- rolling --------------------------------------------------------------------------

    @on(Input.Submitted)
    def _next_field(self, event: Input.Submitted) -> None:
        """Enter in a number goes on to the next field: it never rolls, so trying four
        distances logs no roll; Ctrl+R or Roll rolls. History: issue 31 item 2."""
        event.stop()
        self.focus_next()

    @on(events.DescendantFocus)
    def _highlight_first(self, event: events.DescendantFocus) -> None:
        """A list of choices taking the focus highlights its first line, so Space ticks
        it at once. History: Space did nothing until Down (issue 31 item 7)."""
        listing = event.widget
        unlit = isinstance(listing, SelectionList) and listing.highlighted is None
        if unlit and isinstance(listing, SelectionList) and listing.option_count:
            listing.highlighted = 0

    def action_help(self) -> None:
        """F1: what the dice helper does and its keys."""
        self.app.push_screen(TextHelpScreen("Dice helper", dice_help(self.kinds)))

    @on(Button.Pressed, "#dice-roll")
    def action_roll(self) -> None:
        """Roll with the battle's next dice and log the result, or say why not."""
        battle = self.battle()
        try:
            form = self._read()
            dice = next_dice(battle.setup.seed, battle.events)
            game = Game(battle.state, self.views)
            if is_sheet(form.kind):
                rolled = sheet_roll(battle.state, form.sheet(), dice)
                if self._roll_sheet(rolled) and rolled.results:
                    self._followed(game, form, rolled.results[0])
                return
            result = roll(game, form, dice)
        except ValueError as exc:
            self._offer_wound(None)
            self._show(None, f"Cannot roll: {exc}")
            return
        except Refused as exc:
            self._offer_wound(None)
            self._show(None, f"Cannot roll: {exc.reason}")
            return
        if not self.record(result.event()):
            self._show(None, "The battle's log refused the roll: nothing was recorded")
            return
        message = ""
        # a roll that sets the turn's order (the initiative's winner activates first):
        # the order goes into the log too
        needs_order = self.battle().state.next_up().needs_roll_off
        order = turn_order(game.state.tracker, result)
        if order is not None and needs_order and not self.record(order):
            message = "The turn's order was not recorded: record the roll-off (o)"
        self._show(result, message)
        self._followed(game, form, result)
        self._offer_wound(wounds_dealt(game, form, result))
        if self._dealt is None and self.query_one("#dice-next").display:
            self.query_one("#dice-next", Button).focus()  # Enter: the next roll

    def _followed(self, game: Game, form: Form, result: Result) -> None:
        """Keep what the roll just logged hands to the next one, and say so. A roll of
        the kind the last one asked for several of (one save per hit) asks for the rest."""
        follow = follow_on(game, form, result)
        last = self.follow
        if follow is None and last is not None and self.filled and last.kind == form.kind:
            follow = last.again()  # the fields stay as they are for the next one
            self.filled = follow is not None
        else:
            self.filled = False
        self.follow = follow
        remember(self.battle(), follow)
        if follow is not None and not self.filled and follow.kind == form.kind:
            self._fill_follow()  # the kind is already chosen: fill it now
        self._show_follow()

    def _roll_sheet(self, rolls: SheetRolls) -> bool:
        """Log a catalog roll and each roll it led to, in order (each applied to its
        model as the log is read), and show them all; False when the log refused them."""
        message = ""
        logged = True
        for n, event in enumerate(rolls.events):
            if not self.record(event):
                logged = n > 0
                message = (
                    "The battle's log refused the roll: nothing was recorded"
                    if n == 0
                    else f"The battle's log refused roll {n + 1}: only the first {n} recorded"
                )
                break
        self.query_one("#dice-message", Static).update(message)
        self.query_one("#dice-result", Static).update(sheet_text(rolls.results))
        # the roller's state changed: its modifiers are ticked anew for the next roll
        self._fit_rows()
        return logged

    def _show(self, result: Result | None, message: str) -> None:
        self.query_one("#dice-message", Static).update(message)
        text = Text() if result is None else result_text(result)
        self.query_one("#dice-result", Static).update(text)

    @on(Button.Pressed, "#dice-close")
    def action_close(self) -> None:
        self.dismiss(None)
