"""The dice helper's rows: building, filling and reading the fields of a kind of roll.

``DiceRows`` holds what the dialog knows of its fields (which rows are composed, what the
others hold until they are) and does everything to them: composes a field's row when a
kind of roll first asks for it, shows the rows the chosen kind needs with its labels and
choices (the roller's weapons, the catalog's modifiers), describes the models and weapon
chosen, sets a field, and reads the whole form into a ``model.rolls.forms.Form``. It is
apart from the screen (``tui.dialogs.dice.screen``), which lays the dialog out, follows
the player's changes and rolls, because this is the form's state and its widgets, which
the screen only asks for.

Opening the dialog costs what it shows (issue 16 point 9): the rows of the first kind
of roll only (another kind's rows are made, in their place, when it is first chosen),
the form is one grid of labels and fields with no container per row (a model's or a
weapon's row adds the line describing it), a label that cannot wrap is one line high so
it is not measured, and the drop-downs and fields are ``tui.dialogs.dice.light``'s.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from contextlib import suppress
from typing import TYPE_CHECKING, TypeVar

from rich.cells import cell_len
from textual.screen import ModalScreen
from textual.widget import Widget
from textual.widgets import Checkbox, Input, Label, Select, SelectionList, Static
from textual.widgets.select import InvalidSelectValueError

from model.rolls.families import acted, arms, family_for, offered_kinds, offered_modifiers
from model.rolls.forms import Form, Kind
from model.rolls.game import Game, model_text
from model.rolls.sheets.kinds import is_sheet, kind_test, modifier_choices
from model.rolls.sheets.modifiers import auto_modifier, declared_actions
from model.roster.describe import profile_text
from tui.dialogs.dice.fields import DESCRIBED, LABELS, NUMBERS, ROWS, TICKS, node
from tui.dialogs.dice.follow_on import recall
from tui.dialogs.dice.light import DropDown, compact
from tui.opening import LaidOutOnce

if TYPE_CHECKING:
    from model.battle.battle import Battle
    from model.battle.events import Event
    from model.catalog.schema import FactionView
    from model.rolls.follow_on import FieldValue, FollowOn

N = TypeVar("N", int, float)

LABEL_WIDTH = 20
"""The labels' column (``grid-columns`` of ``#dice-form`` in the dialog's CSS)."""

ONE_LINE = "-one-line"
"""The class of a field's label that is one line high, so it is not measured."""


def one_line(name: str, label: str) -> bool:
    """Whether a field's line is one line high, whatever the size of the dialog: its label
    fits its column and its field is a drop-down or a number (a tick's words or a list
    of choices may take more)."""
    return (
        name not in TICKS and name not in ("cover", "modifiers") and cell_len(label) <= LABEL_WIDTH
    )


class DiceRows(ModalScreen[None], LaidOutOnce[None]):
    """The dice helper's fields: their rows, what they hold, and the form they make."""

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
        """What the last roll hands to the next (kept by battle while it is the last), or
        what the action recorded since calls for (a shot: its Shooting roll)."""
        self.opening = self.kinds[0]
        """The kind of roll the dialog opens on: the first, or the one the action just
        recorded calls for (issue 31 item 2: after a shot, Shooting with its weapon)."""
        now = acted(game, self.battle().events)
        called = None if now is None else next((k for k in self.kinds if k.id == now.kind), None)
        if now is not None and called is not None:
            self.follow, self.opening = now, called
        self._dealt: tuple[str, int] | None = None
        """The model the last result wounded and by how much, until it is applied."""
        self.filled = False
        """Whether the follow-on's fields were filled in this dialog."""
        self._auto: tuple[str | None, frozenset[str]] = (None, frozenset())
        """The model a catalog test's modifiers were last listed for, and those its state
        ticked (the others ticked are the player's)."""
        self._ticked_for: tuple[str | None, str] = (None, "")
        """The model and kind of roll (melee or not) whose modifiers were last listed
        (another's are ticked anew as its state calls for them)."""
        self._rows: dict[str, tuple[Widget, ...]] = {}
        """The fields whose rows are composed (a kind of roll's, when it is first chosen),
        each with its widgets in the form's grid: label, field (and the line describing a
        model or a weapon), shown and hidden together."""
        self._unshown: dict[str, FieldValue] = {}
        """What the fields not composed yet hold (the models chosen at first, a follow-on's
        tick): their widgets start with it."""
        self._choices: dict[str, list[tuple[str, str]]] = {}
        """The choices of the model and stat fields, as the dialog opened."""
        self._unit = ""
        self._fields = frozenset(name for k in self.kinds for name in k.fields) & set(ROWS)
        """The fields some kind of roll offered here asks for: the rows there are."""
        self._seen: dict[str, object] = {}
        """Each field's value the dialog last followed (a Select's or a tick's)."""

    @property
    def game(self) -> Game:
        return Game(self.battle().state, self.views)

    # --- building the rows ----------------------------------------------------------------

    @staticmethod
    def _line(name: str, field: Widget) -> list[Widget]:
        """What a field's row holds, in the form's grid: its label and the field, and
        under a model or a weapon a line that describes it, in the fields' column after
        an empty cell (Textual measures a line spanning both columns, or a label
        spanning both lines, wrongly)."""
        field.id = node(name)
        label = Label(LABELS[name], id=f"{field.id}-label")
        label.set_class(one_line(name, LABELS[name]), ONE_LINE, update=False)
        if name not in DESCRIBED:
            return [label, field]
        info = Static("", id=f"{field.id}-info", classes="dice-info")
        return [label, field, Label(classes=ONE_LINE), info]

    def _parts(self, name: str) -> list[Widget]:
        """A field's row, its widget holding the value given to it while it was not shown."""
        parts = self._line(name, self._field(name, self._unshown.pop(name, None)))
        self._rows[name] = tuple(parts)
        return parts

    def _field(self, name: str, value: FieldValue | None) -> Widget:
        """The widget of a field (``value``: what it holds, None for nothing yet)."""
        if name in TICKS:
            return compact(Checkbox(TICKS[name], value=value is True))
        if name in NUMBERS:
            placeholder, whole = NUMBERS[name]
            text = value if isinstance(value, str) else ""
            return self._number(placeholder.format(unit=self._unit), whole=whole, value=text)
        if name == "cover":
            return compact(SelectionList[int](*self.family.cover_rows(self.game)))
        if name == "modifiers":
            return compact(SelectionList[str]())
        if name in ("weapon", "opponent_weapon"):
            return DropDown[str]([], prompt="No weapon")
        if name == "cover_kind":
            return DropDown[str](list(self._choices[name]))
        # a model or a stat: never blank
        chosen = value if isinstance(value, str) else Select.NULL
        return DropDown[str](list(self._choices[name]), allow_blank=False, value=chosen)

    async def _show_rows(self, names: Iterable[str]) -> None:
        """Compose the rows of these fields not composed yet (a kind's rows are made when
        it is first chosen, and kept: opening the dialog costs one kind's rows), each in
        its place in the grid: after the row composed before it."""
        wanted = set(names)
        form = self.query_one("#dice-form")
        last = self._rows["kind"][-1]
        for name in ROWS:
            if name in wanted and name not in self._rows and name in self._fields:
                parts = self._parts(name)
                await form.mount(*parts, after=last)
            if name in self._rows:
                last = self._rows[name][-1]

    def _models(self) -> list[tuple[str, str]]:
        state = self.game.state
        models = state.setup.all_models()
        out = {m.id: " (out)" if state.is_out(m.id) else "" for m in models}
        return [(self.game.who(m.id) + out[m.id], m.id) for m in models]

    @staticmethod
    def _number(placeholder: str, *, whole: bool = False, value: str = "") -> Input:
        return compact(
            Input(
                value=value,
                placeholder=placeholder,
                type="integer" if whole else "number",
                valid_empty=True,
            )
        )

    # --- filling the rows -----------------------------------------------------------------

    def _set(self, name: str, value: FieldValue) -> None:
        """Set a field; one not composed yet holds the value until it is (a choice it does
        not offer leaves it as it was, as it does a shown one)."""
        if name not in self._rows:
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
        for name in self._fields:
            parts = self._rows.get(name)
            if parts is None:
                continue  # not composed: no kind shown so far asks for it
            label = labels.get(name, LABELS[name])
            shown_label = parts[0]
            assert isinstance(shown_label, Label)
            shown_label.update(label)
            shown_label.set_class(one_line(name, label), ONE_LINE)  # one line while it fits
            shown = name in kind.fields
            if name in ("modifiers", "cover"):  # empty: no choice
                shown = shown and self.query_one(f"#{node(name)}", SelectionList).option_count > 0
            if name == "cover_kind":
                shown = shown and bool(self._choices["cover_kind"]) and not self._checked("melee")
            if name == "aimed":
                shown = shown and not self._checked("melee")
            for part in parts:
                part.display = shown

    def _fill_weapons(self, kind: Kind) -> None:
        """The roller's weapons that can make this roll (and the opponent's, in a close
        combat roll); the one chosen stays if it can."""
        self._fill_weapon(kind, "weapon", self._value("roller"))
        self._fill_weapon(kind, "opponent_weapon", self._value("opponent"))

    def _fill_weapon(self, kind: Kind, name: str, model_id: str | None) -> None:
        if model_id is None or name not in self._rows:
            return  # not composed: no kind shown so far chooses this weapon
        game = self.game
        weapons = [
            (f"{w.name} ({w.use})", item_id)
            for item_id, w in game.weapons(game.state.model(model_id)).items()
            if arms(game.state.tracker, kind.id, w, self._checked("melee"))
        ]
        select: Select[str] = self.query_one(f"#{node(name)}", Select)
        keep = select.value
        select.set_options(weapons)
        ids = [item_id for _, item_id in weapons]
        if ids:
            select.value = keep if keep in ids else ids[0]

    def _fill_modifiers(self, kind: Kind) -> None:
        """The catalog's modifiers for this kind of roll; those chosen stay chosen. A
        catalog test's are ticked as the model's state calls for them, at the value it
        gives them."""
        if "modifiers" not in self._rows:
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
        form = Form(kind=kind.id, combat=self._checked("combat"), melee=self._checked("melee"))
        battle = self.battle()
        state, roller = battle.state, self._value("roller")
        offered = offered_modifiers(state.tracker, form)
        # ticked as the roller's state calls for them (Aiming: Aimed +3; after a Charge,
        # Charge +1: issue 31 items 2 and 3); what the player ticked stays for the same
        # model and roll, and any can be unticked
        declared = frozenset() if roller is None else declared_actions(state, battle.events, roller)
        auto = frozenset(
            s.id
            for s in offered
            if roller is not None
            and (s.counters or s.actions)
            and auto_modifier(state, s, roller, declared) is not None
        )
        selected = set(listing.selected)
        listed_for = (roller, f"{kind.id} melee={form.melee} combat={form.combat}")
        same = self._ticked_for == listed_for
        kept = selected if same else (selected - self._auto[1]) | auto
        listing.clear_options()
        listing.add_options([(f"{s.name} {s.value:+d}", s.id, s.id in kept) for s in offered])
        self._auto, self._ticked_for = (roller, auto), listed_for

    def _describe(self) -> None:
        """Under each model its current stats and armour; under the weapon its profile."""
        game = self.game
        for name in ("roller", "opponent", "target"):
            if name not in self._rows:
                continue
            model_id = self._value(name)
            text = "" if model_id is None else model_text(game, model_id)
            self.query_one(f"#{node(name)}-info", Static).update(text)
        for name, owner in (("weapon", "roller"), ("opponent_weapon", "opponent")):
            model_id, weapon = self._value(owner), self._value(name)
            text = ""
            if model_id is not None and weapon is not None:
                side = game.state.model(model_id).side
                text = profile_text(game.views[side].items[weapon], game.views[side].system)
            if name in self._rows:
                self.query_one(f"#{node(name)}-info", Static).update(text)

    # --- reading the form -----------------------------------------------------------------

    def _value(self, name: str) -> str | None:
        if name not in self._rows:
            held = self._unshown.get(name)
            return held if isinstance(held, str) else None
        value = self.query_one(f"#{node(name)}", Select).value
        return value if isinstance(value, str) else None

    def _checked(self, name: str) -> bool:
        if name not in self._rows:
            return self._unshown.get(name) is True
        return self.query_one(f"#{node(name)}", Checkbox).value

    def _read(self) -> Form:
        """Everything the player chose; ``ValueError`` for a number that is not one."""
        modifiers: tuple[str, ...] = ()
        if "modifiers" in self._rows:
            listing: SelectionList[str] = self.query_one("#dice-modifiers", SelectionList)
            modifiers = tuple(listing.selected)
        cover: tuple[int, ...] = ()
        if "cover" in self._rows:
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
            opponent_weapon=self._value("opponent_weapon"),
            assault=self._number_in("assault", int),
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
        if name in self._rows:
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
