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
so (``tui.dialogs.follow_on`` keeps it while that roll is the last one).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from contextlib import suppress
from typing import TypeVar

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widget import Widget
from textual.widgets import Button, Checkbox, Input, Label, Select, SelectionList, Static
from textual.widgets.select import InvalidSelectValueError

from model.battle.battle import Battle
from model.battle.events import Event
from model.battle.refused import Refused
from model.battle.text import who
from model.catalog.schema import FactionView
from model.rolls.d6.initiative import InitiativeRoll
from model.rolls.dice import Result, next_dice
from model.rolls.families import (
    arms,
    family_for,
    follow_on,
    offered_kinds,
    offered_modifiers,
    roll,
)
from model.rolls.follow_on import FieldValue, FollowOn
from model.rolls.forms import Form, Kind
from model.rolls.game import Game, model_text
from model.rolls.sheets.kinds import (
    SheetRolls,
    is_sheet,
    kind_test,
    modifier_choices,
    sheet_roll,
)
from model.rolls.sheets.modifiers import declared_actions
from model.roster.describe import profile_text
from tui.dialogs.dice_fields import DESCRIBED, LABELS, NUMBERS, ROWS, TICKS, FormScroll, node
from tui.dialogs.dice_results import result_text, sheet_text
from tui.dialogs.follow_on import recall, remember

N = TypeVar("N", int, float)

# ------------------------------------------------------------------------------------------
# The dialog
# ------------------------------------------------------------------------------------------


class DiceDialog(ModalScreen[None]):
    """Choose a roll and its inputs; Roll (or Enter in a number field, or Ctrl+R) rolls it
    and logs it, and the dialog stays open for the next roll; Escape closes it."""

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
    #dice-form { height: auto; max-height: 40vh; min-height: 3; }
    .dice-row { height: auto; }
    .dice-line { height: auto; }
    .dice-line > Label { width: 20; color: $text-muted; }
    .dice-line > Select, .dice-line > Input, .dice-line > Checkbox { width: 1fr; }
    .dice-line > SelectionList { width: 1fr; max-height: 6; }
    .dice-info { padding-left: 20; color: $text-muted; height: auto; }
    #dice-buttons { height: auto; margin-top: 1; }
    #dice-buttons > Button { margin-right: 2; }
    #dice-message { height: auto; color: $error; }
    #dice-output { height: auto; max-height: 25vh; }
    #dice-hint { color: $text-muted; }
    """

    BINDINGS = [
        Binding("escape", "close", "Close", id="dice-close"),
        Binding("ctrl+r", "roll", "Roll", id="dice-roll"),
    ]

    def __init__(
        self,
        battle: Callable[[], Battle],
        record: Callable[[Event], bool],
        views: Sequence[FactionView],
        model_id: str | None = None,
    ) -> None:
        """``battle`` gives the battle as it is now; ``record`` logs an event (False when
        refused); ``views`` are the catalog views of side 0 and side 1; ``model_id`` (the
        model under the tracker's cursor) rolls by default, else the active model."""
        super().__init__()
        self.battle = battle
        self.record = record
        self.views = views
        self.model_id = model_id
        game = self.game
        stats = {s.name for s in game.stats}
        turns = game.state.tracker.turns
        phase = turns.phases[game.state.phase].id if turns.kind == "phases" else None
        self.kinds: tuple[Kind, ...] = offered_kinds(game.state.tracker, stats, phase)
        self.family = family_for(game.state.tracker)
        """The game's rolls: the choices of the fields the catalog fills."""
        self.follow: FollowOn | None = recall(self.battle())
        """What the last roll hands to the next (kept by battle while it is the last)."""
        self.filled = False
        """Whether the follow-on's fields were filled in this dialog."""
        self._auto: tuple[str | None, frozenset[str]] = (None, frozenset())
        """The model a catalog test's modifiers were last listed for, and those its state
        ticked (the others ticked are the player's)."""
        self._composed: set[str] = {"kind"}
        """The fields whose rows are composed (the others are empty rows until a kind of
        roll that asks for them is chosen)."""
        self._unshown: dict[str, FieldValue] = {}
        """What the fields not composed yet hold (the models chosen at first, a follow-on's
        tick): their widgets start with it."""
        self._choices: dict[str, list[tuple[str, str]]] = {}
        """The choices of the model and stat fields, as the dialog opened."""
        self._unit = ""

    @property
    def game(self) -> Game:
        return Game(self.battle().state, self.views)

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
        first = self.kinds[0].fields
        with Vertical(id="dice-dialog"):
            yield Label("Dice helper: every roll goes into the battle's log", id="dice-title")
            yield Static("", id="dice-follow")
            with FormScroll(id="dice-form"):
                kinds = [(k.name, k.id) for k in self.kinds]
                kind = Select(kinds, allow_blank=False, value=kinds[0][1], compact=True)
                yield Vertical(*self._line("kind", kind), id="dice-kind-row", classes="dice-row")
                for name in ROWS:  # the first kind's rows now, the others' when chosen
                    parts = self._parts(name) if name in first else ()
                    yield Vertical(*parts, id=f"{node(name)}-row", classes="dice-row")
            with Horizontal(id="dice-buttons"):
                yield Button("Roll", id="dice-roll", variant="primary", compact=True)
                yield Button("Close", id="dice-close", compact=True)
            yield Static("", id="dice-message")
            with VerticalScroll(id="dice-output"):
                yield Static("", id="dice-result")
            yield Label(
                "Tab: next field · Enter in a number or Ctrl+R: roll · Escape: close",
                id="dice-hint",
            )

    @staticmethod
    def _line(name: str, field: Widget) -> list[Widget]:
        """A labelled field, and under a model or a weapon a line that describes it."""
        field.id = node(name)
        line = Horizontal(Label(LABELS[name], id=f"{field.id}-label"), field, classes="dice-line")
        info = Static("", id=f"{field.id}-info", classes="dice-info")
        return [line, info] if name in DESCRIBED else [line]

    def _parts(self, name: str) -> list[Widget]:
        """A field's row, its widget holding the value given to it while it was not shown."""
        self._composed.add(name)
        return self._line(name, self._field(name, self._unshown.pop(name, None)))

    def _field(self, name: str, value: FieldValue | None) -> Widget:
        """The widget of a field (``value``: what it holds, None for nothing yet)."""
        if name in TICKS:
            return Checkbox(TICKS[name], value=value is True, compact=True)
        if name in NUMBERS:
            placeholder, whole = NUMBERS[name]
            text = value if isinstance(value, str) else ""
            return self._number(placeholder.format(unit=self._unit), whole=whole, value=text)
        if name == "cover":
            return SelectionList[int](*self.family.cover_rows(self.game), compact=True)
        if name == "modifiers":
            return SelectionList[str](compact=True)
        if name == "weapon":
            return Select([], prompt="No weapon", compact=True)
        if name == "cover_kind":
            return Select(self._choices[name], compact=True)
        # a model or a stat: never blank
        chosen = value if isinstance(value, str) else Select.NULL
        return Select(self._choices[name], allow_blank=False, value=chosen, compact=True)

    async def _show_rows(self, names: Iterable[str]) -> None:
        """Compose the rows of these fields not composed yet (a kind's rows are made when
        it is first chosen, and kept: opening the dialog costs one kind's rows)."""
        mounting = [
            self.query_one(f"#{node(name)}-row", Vertical).mount(*self._parts(name))
            for name in ROWS
            if name in names and name not in self._composed
        ]
        for mounted in mounting:
            await mounted

    def _models(self) -> list[tuple[str, str]]:
        state = self.game.state
        models = state.setup.all_models()
        out = {m.id: " (out)" if state.is_out(m.id) else "" for m in models}
        return [(who(state, m.id) + out[m.id], m.id) for m in models]

    @staticmethod
    def _number(placeholder: str, *, whole: bool = False, value: str = "") -> Input:
        return Input(
            value=value,
            placeholder=placeholder,
            type="integer" if whole else "number",
            valid_empty=True,
            compact=True,
        )

    def on_mount(self) -> None:
        self._fit_rows()
        self._show_follow()
        self.query_one("#dice-kind", Select).focus()

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

    def _set(self, name: str, value: FieldValue) -> None:
        """Set a field; one not composed yet holds the value until it is (a choice it does
        not offer leaves it as it was, as it does a shown one)."""
        if name not in self._composed:
            offered = [v for _, v in self._choices.get(name, [])]
            if isinstance(value, bool) or name in NUMBERS or value in offered:
                before, self._unshown[name] = self._unshown.get(name, False), value
                if name in ("combat", "melee") and before != value:
                    self._fit_rows()  # as its tick would, shown
            return
        found = f"#{node(name)}"
        if isinstance(value, bool):
            self.query_one(found, Checkbox).value = value
            return
        field = self.query_one(found)
        if isinstance(field, Input):
            field.value = value
        elif isinstance(field, Select):
            with suppress(InvalidSelectValueError):  # no longer a choice: leave it
                field.value = value

    # --- keeping the form in step with the choices -----------------------------------------

    @on(Select.Changed)
    @on(Checkbox.Changed, "#dice-combat")
    @on(Checkbox.Changed, "#dice-melee")
    async def _changed(self, event: Select.Changed | Checkbox.Changed) -> None:
        if event.control.id == "dice-stat" and isinstance(event.value, str):
            # The usual opposed roll pits a stat against the same stat.
            self._set("opponent_stat", event.value)
        if event.control.id in ("dice-kind", "dice-roller", "dice-combat", "dice-melee"):
            await self._refresh()
            kind = event.value if event.control.id == "dice-kind" else None
            if self.follow is not None and kind == self.follow.kind and not self.filled:
                self._fill_follow()  # the roll that follows the last: its numbers
        self._describe()

    def _kind(self) -> Kind:
        chosen = self._value("kind")
        return next((k for k in self.kinds if k.id == chosen), self.kinds[0])

    async def _refresh(self) -> None:
        """Show the fields the kind of roll needs (composed when first needed), named for
        it, with its choices."""
        await self._show_rows(self._kind().fields)
        self._fit_rows()

    def _fit_rows(self) -> None:
        """Show the fields the kind of roll needs, named for it, with its choices (its
        rows are composed)."""
        kind = self._kind()
        self._fill_weapons(kind)
        self._fill_modifiers(kind)
        labels = dict(kind.labels)
        for name in LABELS.keys() - {"kind"}:
            if name in self._composed:
                label = labels.get(name, LABELS[name])
                self.query_one(f"#{node(name)}-label", Label).update(label)
            shown = name in kind.fields
            if name in ("modifiers", "cover"):  # empty: no choice
                shown = shown and self.query_one(f"#{node(name)}", SelectionList).option_count > 0
            if name == "cover_kind":
                shown = shown and bool(self._choices["cover_kind"]) and not self._checked("melee")
            if name == "aimed":
                shown = shown and not self._checked("melee")
            self.query_one(f"#{node(name)}-row").display = shown

    def _fill_weapons(self, kind: Kind) -> None:
        """The roller's weapons that can make this roll; the one chosen stays if it can."""
        roller = self._value("roller")
        if roller is None or "weapon" not in self._composed:
            return  # not composed: no kind shown so far chooses a weapon
        game = self.game
        weapons = [
            (f"{w.name} ({w.use})", item_id)
            for item_id, w in game.weapons(game.state.model(roller)).items()
            if arms(game.state.tracker, kind.id, w, self._checked("melee"))
        ]
        select: Select[str] = self.query_one("#dice-weapon", Select)
        keep = select.value
        select.set_options(weapons)
        ids = [item_id for _, item_id in weapons]
        if ids:
            select.value = keep if keep in ids else ids[0]

    def _fill_modifiers(self, kind: Kind) -> None:
        """The catalog's modifiers for this kind of roll; those chosen stay chosen. A
        catalog test's are ticked as the model's state calls for them, at the value it
        gives them."""
        if "modifiers" not in self._composed:
            return  # not composed: no kind shown so far has modifiers to choose
        listing: SelectionList[str] = self.query_one("#dice-modifiers", SelectionList)
        if is_sheet(kind.id):
            battle = self.battle()
            state, roller = battle.state, self._value("roller")
            # an action its unit declared in this activation ticks its modifier (003 Basic
            # Actions: Sustained Fire shoots at +1)
            declared = (
                frozenset() if roller is None else declared_actions(state, battle.events, roller)
            )
            found = modifier_choices(state, kind_test(state.tracker, kind.id), roller, declared)
            # what the player ticked stays ticked for the same model (the second of three
            # saves is against the same gun); what its state ticked is worked out anew
            mine = set(listing.selected) - self._auto[1] if self._auto[0] == roller else set()
            listing.clear_options()
            listing.add_options([(c.label, c.id, c.ticked or c.id in mine) for c in found])
            self._auto = (roller, frozenset(c.id for c in found if c.ticked))
            return
        kept = set(listing.selected)
        form = Form(kind=kind.id, combat=self._checked("combat"), melee=self._checked("melee"))
        offered = offered_modifiers(self.game.state.tracker, form)
        listing.clear_options()
        listing.add_options([(f"{s.name} {s.value:+d}", s.id, s.id in kept) for s in offered])

    def _describe(self) -> None:
        """Under each model its current stats and armour; under the weapon its profile."""
        game = self.game
        for name in ("roller", "opponent", "target"):
            if name not in self._composed:
                continue
            model_id = self._value(name)
            text = "" if model_id is None else model_text(game, model_id)
            self.query_one(f"#{node(name)}-info", Static).update(text)
        roller, weapon = self._value("roller"), self._value("weapon")
        text = ""
        if roller is not None and weapon is not None:
            side = game.state.model(roller).side
            text = profile_text(game.views[side].items[weapon], game.views[side].system)
        if "weapon" in self._composed:
            self.query_one("#dice-weapon-info", Static).update(text)

    # --- reading the form and rolling ------------------------------------------------------

    def _value(self, name: str) -> str | None:
        if name not in self._composed:
            held = self._unshown.get(name)
            return held if isinstance(held, str) else None
        value = self.query_one(f"#{node(name)}", Select).value
        return value if isinstance(value, str) else None

    def _checked(self, name: str) -> bool:
        if name not in self._composed:
            return self._unshown.get(name) is True
        return self.query_one(f"#{node(name)}", Checkbox).value

    def _read(self) -> Form:
        """Everything the player chose; ``ValueError`` for a number that is not one."""
        modifiers: tuple[str, ...] = ()
        if "modifiers" in self._composed:
            listing: SelectionList[str] = self.query_one("#dice-modifiers", SelectionList)
            modifiers = tuple(listing.selected)
        cover: tuple[int, ...] = ()
        if "cover" in self._composed:
            rows: SelectionList[int] = self.query_one("#dice-cover", SelectionList)
            cover = tuple(rows.selected)
        return Form(
            kind=self._kind().id,
            roller=self._value("roller"),
            stat=self._value("stat"),
            opponent=self._value("opponent"),
            opponent_stat=self._value("opponent_stat"),
            combat=self._checked("combat"),
            weapon=self._value("weapon"),
            target=self._value("target"),
            distance=self._number_in("distance", float),
            kaboom=self._checked("kaboom"),
            cover=cover,
            cover_avoided=self._checked("cover_avoided"),
            their_turn=self._checked("their_turn"),
            strength=self._number_in("strength", int),
            penetration=self._number_in("penetration", int),
            modifiers=modifiers,
            other=self._number_in("other", int) or 0,
            opponent_other=self._number_in("opponent_other", int) or 0,
            height=self._number_in("height", float),
            value=self._number_in("value", int),
            melee=self._checked("melee"),
            aimed=self._checked("aimed") and not self._checked("melee"),
            cover_kind=None if self._checked("melee") else self._value("cover_kind"),
            boiler=self._checked("boiler"),
            taking_cover=self._checked("taking_cover"),
            reroll=self._checked("reroll"),
            count=self._number_in("count", int),
            needed=self._number_in("needed", int),
            read=self._number_in("read", int),
            go_second=self._checked("go_second"),
        )

    def _number_in(self, name: str, kind: Callable[[str], N]) -> N | None:
        """The number typed in a field, None when it is blank."""
        if name in self._composed:
            text = self.query_one(f"#{node(name)}", Input).value.strip()
        else:
            held = self._unshown.get(name)
            text = held.strip() if isinstance(held, str) else ""
        if not text:
            return None
        try:
            return kind(text)
        except ValueError:
            what = "a whole number" if kind is int else "a number"
            raise ValueError(f"{LABELS[name]}: {text!r} is not {what}") from None

    @on(Button.Pressed, "#dice-roll")
    @on(Input.Submitted)
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
            self._show(None, f"Cannot roll: {exc}")
            return
        except Refused as exc:
            self._show(None, f"Cannot roll: {exc.reason}")
            return
        if not self.record(result.event()):
            self._show(None, "The battle's log refused the roll: nothing was recorded")
            return
        message = ""
        # the initiative's winner activates first: the turn's order goes into the log too
        needs_order = self.battle().state.next_up().needs_roll_off
        if (
            isinstance(result, InitiativeRoll)
            and needs_order
            and not self.record(result.roll_off())
        ):
            message = "The turn's order was not recorded: record the roll-off (o)"
        self._show(result, message)
        self._followed(game, form, result)

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
