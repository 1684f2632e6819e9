"""Design a unit card, seeing its cost and its findings change with every key.

Steam Wars publishes no cost for a model, so its players compose their units from
priced weapons, weapon rules and abilities. This dialog edits one ``UnitCard``: a
list of rows (the card's name, type, RES and wounds, then each group of models with
its count, its own profile if it differs, its weapons, abilities and the rules added
to each weapon), Enter edits the row at the cursor. Beside it, the card's cost is
worked out line by line (``Costing.lines()``) and the roster is validated with the
card in it, so a rule the card breaks shows before it is saved. Nothing reaches the
roster until the card is saved; Escape asks before dropping changes.

A system whose cards give their stats and points (``profile = "entered"``:
Steampocalypse 1909 prints a PV on each unit card but publishes no cards) gets a
form instead of the rows: the card's name, one field per stat of its ``[design]``,
the points, the special ability's text, the catalog's abilities it has (Reach) and a
"named unit" box. Each key rebuilds the card,
so the panel beside it shows the points, the list's total and the rules the card
breaks (two officers of one rank), and a field the card gets wrong says so beside it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from rich.text import Text
from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Button, Checkbox, Input, Label, OptionList, Static
from textual.widgets.option_list import Option as ListOption

from model.catalog.card_problems import CardProblem
from model.catalog.design import CardStat, DesignSpec, ModelGroup, UnitCard
from model.catalog.items import Trait
from model.catalog.schema import FactionView
from model.core.base import FrozenMap
from model.core.bounds import MAX_POINTS, MAX_STAT
from model.roster.describe import profile_text, rules_text
from model.roster.findings import Finding
from model.roster.roster import Roster, RosterUnit
from model.roster.validate import validate
from tui.dialogs.choice import ChoiceDialog
from tui.dialogs.pick import PickDialog
from tui.dialogs.prompt import PromptDialog
from tui.numbers import whole
from tui.widgets.type_ahead_list import TypeAheadList

SAME = "same"
"""Pick value meaning "as the card" for a group's own type or RES."""


def card_id_for(name: str, taken: Sequence[str]) -> str:
    """A new card's id: the kebab-case of its name, with -2, -3 ... until unused.

    ``taken`` holds the roster's cards and every unit of the faction, so a card never
    hides an example card or a catalog unit of the same name."""
    words = "".join(c.lower() if c.isalnum() else " " for c in name).split()
    base = "-".join(words) or "unit"
    if not base[0].isalpha():
        base = f"unit-{base}"
    found, n = base, 1
    while found in taken:
        n += 1
        found = f"{base}-{n}"
    return found


def place_card(
    roster: Roster, card_id: str, card: UnitCard, at: int | None = None
) -> tuple[Roster, tuple[int, ...]]:
    """The roster with the card in it and the entries that use it.

    Every entry naming the card gets the card's model count (an entry of a designed
    unit has exactly its models); when none does yet, one entry is added at ``at``
    (the end when None). Returns the roster and the indexes of the card's entries."""
    roster = roster.with_card(card_id, card)
    users = [n for n, e in enumerate(roster.units) if e.unit == card_id]
    if not users:
        where = len(roster.units) if at is None else at
        roster = roster.with_unit(RosterUnit(unit=card_id, models=card.model_count), at=where)
        return roster, (where,)
    for n in users:
        if roster.units[n].models != card.model_count:
            roster = roster.edit_unit(n, models=card.model_count)
    return roster, tuple(users)


def blank_card(spec: DesignSpec, name: str = "New unit") -> UnitCard:
    """A one-model card to start from: the first type, a middling RES, one wound; for
    a system whose cards give their stats, a card with only a name (the form asks)."""
    if spec.entered:
        return UnitCard(name=name)
    res = spec.resiliences
    middle = 4 if 4 in res else res[len(res) // 2]
    return UnitCard(name=name, type=spec.types[0].id, res=middle, models=(ModelGroup(),))


@dataclass(frozen=True)
class Row:
    """One line of the designer: what Enter edits there."""

    kind: str
    """name, type, res, wounds (the card's) or group, count, gtype, gres, gwounds,
    weapons, abilities, rules (a group's)."""
    group: int | None = None
    weapon: str | None = None


POINTS_NOTE = "as printed on the card"
"""What the points field's note says while the points are fine."""

FIELD_PATHS = {"points": ("points",), "special": ("special",), "abilities": ("abilities",)}
"""A form field's path in a card, for the problems shown beside it (stats: by id)."""

GROUP_ACTIONS = frozenset({"add_group", "copy_group", "remove_group", "pick", "step"})
"""What only the rows of a derived card do; the form of an entered card has none."""


class DesignerDialog(ModalScreen[UnitCard | None]):
    """Returns the designed card, or None when the player drops it."""

    DEFAULT_CSS = """
    #design-form {
        width: 1.5fr;
        height: 1fr;
        padding: 0 1 0 0;
    }
    #design-form .field {
        height: auto;
    }
    #design-form .field-label {
        width: 21;
        padding: 0 1 0 0;
    }
    #design-form .field-number {
        width: 8;
    }
    #design-form .field-text {
        width: 1fr;
    }
    #design-form .field-error {
        padding: 0 0 0 22;
        color: $error;
    }
    #design-form .field-note {
        width: 1fr;
        padding: 0 0 0 1;
        color: $text-muted;
    }
    #design-form Button {
        width: auto;
        min-width: 8;
    }
    #design-form .field-note.error {
        color: $error;
    }

    """

    BINDINGS = [
        Binding("s,ctrl+s", "save", "Save card", id="design-save"),
        Binding("escape", "cancel", "Cancel", id="design-cancel"),
        Binding("n", "add_group", "New group", id="design-new-group"),
        Binding("c", "copy_group", "Copy group", id="design-copy-group"),
        Binding("x,delete", "remove_group", "Remove group", id="design-remove-group"),
        Binding("w", "pick('weapons')", "Weapons", id="design-weapons"),
        Binding("b", "pick('abilities')", "Abilities", id="design-abilities"),
        Binding("plus,equals_sign,right", "step(1)", "More", id="design-more"),
        Binding("minus,left", "step(-1)", "Fewer", id="design-fewer"),
    ]

    def __init__(
        self,
        view: FactionView,
        roster: Roster,
        card_id: str,
        card: UnitCard,
        *,
        title: str,
        at: int | None = None,
    ) -> None:
        """Edit ``card`` as ``card_id`` of ``roster``; ``view`` is the faction without the
        roster's cards; a new card's entry would go at ``at`` (for its findings)."""
        super().__init__()
        spec = view.design_spec
        assert spec is not None, "the designer needs a system with a [design] table"
        self.spec: DesignSpec = spec
        self.view = view
        self.roster = roster
        self.card_id = card_id
        self.original = card
        self.card = card
        self.title_text = title
        self.at = at
        self.rows: list[Row] = []
        self.entered = spec.entered
        """A form of stats and points, not rows of groups (``DesignSpec.profile``)."""
        self.form_errors: dict[str, str] = {}
        """Form fields whose text is no value (a letter in MOV), by field id."""
        self.left_out = _left_out(spec, card)
        """What the card has that the form cannot show, and so drops (entered only)."""
        before = view.with_cards(roster.cards)
        self.list_findings_before = {
            f.message for f in validate(before, roster).findings if f.where.unit is None
        }

    # --- layout ---------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        if self.entered:
            yield from self._compose_form()
            return
        with Vertical(classes="dialog wide tall", id="designer"):
            yield Label(self.title_text, classes="dialog-title", id="design-title")
            with Horizontal(id="design-body"):
                yield OptionList(id="design-rows")
                with VerticalScroll(id="design-cost-scroll"):
                    yield Static("", id="design-cost")
            yield Static(
                "Enter edit · w weapons · b abilities · +/- count · n new group · c copy "
                "group · x remove group · s save · Esc cancel",
                classes="dialog-hint",
            )

    def _compose_form(self) -> ComposeResult:
        """The entered card's form: name, a field per stat, points, special, named."""
        card, spec = self.card, self.spec
        names = {s.id: s.name for s in self.view.system.stats}
        with Vertical(classes="dialog wide tall", id="designer"):
            yield Label(self.title_text, classes="dialog-title", id="design-title")
            with Horizontal(id="design-body"):
                with VerticalScroll(id="design-form", can_focus=False):
                    with Horizontal(classes="field"):
                        yield Label("Name", classes="field-label")
                        yield Input(card.name, id="design-name", classes="field-text", compact=True)
                    yield Static("", id="note-name", classes="field-error")
                    for stat in spec.stats:
                        value = card.stats.get(stat.id)
                        label = f"{names[stat.id]} ({stat.id})" if stat.id in names else stat.id
                        with Horizontal(classes="field"):
                            yield Label(label, classes="field-label")
                            yield Input(
                                "" if value is None else str(value),
                                id=f"design-stat-{stat.id}",
                                classes="field-number",
                                compact=True,
                            )
                            yield Static(
                                _stat_note(stat), id=f"note-stat-{stat.id}", classes="field-note"
                            )
                    with Horizontal(classes="field"):
                        yield Label(self.view.system.points, classes="field-label")
                        yield Input(
                            "" if card.points is None else str(card.points),
                            id="design-points",
                            classes="field-number",
                            compact=True,
                        )
                        yield Static(POINTS_NOTE, id="note-points", classes="field-note")
                    if spec.special is not None:
                        with Horizontal(classes="field"):
                            yield Label(spec.special, classes="field-label")
                            yield Input(
                                card.special or "",
                                id="design-special",
                                classes="field-text",
                                compact=True,
                            )
                        yield Static("", id="note-special", classes="field-error")
                    if self._item_choices("ability", priced=False):
                        with Horizontal(classes="field"):
                            yield Label("Abilities", classes="field-label")
                            yield Button(
                                self._names(card.abilities), id="design-abilities", compact=True
                            )
                            yield Static("Enter picks", classes="field-note")
                        yield Static("", id="note-abilities", classes="field-error")
                    yield Checkbox(
                        "Named unit: one copy per army",
                        card.named,
                        id="design-named",
                        compact=True,
                    )
                with VerticalScroll(id="design-cost-scroll"):
                    yield Static("", id="design-cost")
            yield Static(
                "Tab next field · Shift+Tab back · Space ticks the box · Ctrl+S save · Esc cancel",
                classes="dialog-hint",
            )

    def on_mount(self) -> None:
        if self.entered:
            self.redraw_form()
            self.query_one("#design-name", Input).focus()
            return
        self.redraw()
        self.query_one("#design-rows", OptionList).focus()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """An entered card's form has no groups to add, copy, remove, equip or count."""
        return not (self.entered and action in GROUP_ACTIONS)

    # --- what is shown --------------------------------------------------------------------

    def _type_text(self, type_id: str | None) -> str:
        mtype = self.spec.type(type_id)
        if mtype is None:
            return f"{type_id} (unknown)"
        du = self.view.system.distance_unit
        unit = '"' if du == "in" else f" {du}"
        return f"{mtype.name} ({mtype.unit_class}, Move {mtype.move}{unit})"

    def _names(self, ids: Sequence[str]) -> str:
        counted: dict[str, int] = {}
        for i in ids:
            counted[i] = counted.get(i, 0) + 1
        parts = []
        for i, n in counted.items():
            item = self.view.items.get(i)
            name = item.name if item else i
            parts.append(f"{name} x{n}" if n > 1 else name)
        return ", ".join(parts) or "none"

    def _lines(self) -> list[tuple[Row, Text]]:
        card = self.card
        out: list[tuple[Row, Text]] = [
            (Row("name"), Text.assemble(("Name  ", "dim"), (card.name, "bold"))),
            (Row("type"), Text.assemble(("Type  ", "dim"), self._type_text(card.type))),
            (Row("res"), Text.assemble(("RES   ", "dim"), str(card.res))),
            (Row("wounds"), Text.assemble(("Wnd   ", "dim"), str(card.wounds))),
        ]
        for n, g in enumerate(card.models):
            head = Text(f"Group {n + 1}: ", style="bold underline")
            head.append(g.name or card.name, style="bold underline")
            out.append((Row("group", n), head))
            out.append((Row("count", n), Text.assemble(("  Models  ", "dim"), str(g.count))))
            own = "as the card"
            out.append(
                (
                    Row("gtype", n),
                    Text.assemble(
                        ("  Type  ", "dim"),
                        self._type_text(g.type) if g.type else (own, "dim"),
                    ),
                )
            )
            out.append(
                (
                    Row("gres", n),
                    Text.assemble(
                        ("  RES  ", "dim"), str(g.res) if g.res is not None else (own, "dim")
                    ),
                )
            )
            out.append(
                (
                    Row("gwounds", n),
                    Text.assemble(("  Wnd  ", "dim"), str(g.wounds) if g.wounds else (own, "dim")),
                )
            )
            out.append(
                (
                    Row("weapons", n),
                    Text.assemble(("  Weapons  ", "dim"), self._names(g.weapons)),
                )
            )
            out.append(
                (
                    Row("abilities", n),
                    Text.assemble(("  Abilities  ", "dim"), self._names(g.abilities)),
                )
            )
            for w in dict.fromkeys(g.weapons):
                added = g.upgrades.get(w, ())
                names = ", ".join(
                    self.view.rule_costs[r].name for r in added if r in self.view.rule_costs
                )
                label = Text.assemble(
                    ("    + rules on ", "dim"),
                    self.view.items[w].name,
                    ("  ", ""),
                    names or ("none", "dim"),
                )
                out.append((Row("rules", n, w), label))
        return out

    def redraw(self) -> None:
        """Rows and cost from the card as it is now, keeping the cursor where it was."""
        listing = self.query_one("#design-rows", OptionList)
        keep = listing.highlighted
        lines = self._lines()
        self.rows = [row for row, _ in lines]
        listing.clear_options()
        listing.add_options([ListOption(text) for _, text in lines])
        listing.highlighted = min(keep or 0, len(lines) - 1)
        self.query_one("#design-cost", Static).update(self.cost_text())

    def trial(self) -> tuple[Roster, tuple[int, ...]]:
        """The roster as it would be with the card saved, and the card's entries."""
        return place_card(self.roster, self.card_id, self.card, self.at)

    def findings(self) -> tuple[list[Finding], list[Finding], int, int]:
        """Findings about the card's entries, new list-wide findings, the card's points
        and the list's points, with the card saved as it is now."""
        roster, entries = self.trial()
        view = self.view.with_cards(roster.cards)
        report = validate(view, roster)
        mine = [f for f in report.findings if f.where.unit in entries]
        added = [
            f
            for f in report.findings
            if f.where.unit is None and f.message not in self.list_findings_before
        ]
        return mine, added, report.unit_points[entries[0]], report.points

    def cost_text(self) -> Text:
        """The card's arithmetic and the findings it would bring."""
        view = self.view.with_cards(self.roster.with_card(self.card_id, self.card).cards)
        design = view.designs[self.card_id]
        points = self.view.system.points
        text = Text()
        for what in self.left_out:
            text.append(f"! Not kept: {what}\n", style="yellow")
        # a field whose text is no number is named once, not also as a value left out
        typed = {("stats", f.removeprefix("stat-")) for f in self.form_errors} | {
            FIELD_PATHS[f] for f in self.form_errors if f in FIELD_PATHS
        }
        wrong = [
            *self.form_errors.values(),
            *(p.message for p in design.problems if p.path not in typed),
        ]
        if wrong:
            for message in wrong:
                text.append(f"✗ {message}\n", style="red")
            return text
        assert design.costing is not None
        mine, added, _, listed = self.findings()
        costing = design.costing
        models = self.card.model_count
        text.append(f"{costing.total} {points}", style="bold")
        if not self.entered:
            text.append(f" for {models} model{'s' if models > 1 else ''}; per model ")
            text.append(", ".join(str(g.per_model) for g in costing.groups))
        text.append(f"\nList: {listed}/{self.roster.points_limit} {points}\n", style="dim")
        if self.entered:
            tags = self.spec.card_tags(self.card)
            if tags:
                text.append(f"Counts as: {', '.join(sorted(tags))}\n", style="dim")
        elif self.spec.data == "house":
            text.append("Base costs are house points: the rules publish none.\n", style="yellow")
        for line in costing.lines():
            text.append("\n" + line)
        text.append("\n")
        if not mine and not added:
            text.append("\n✓ No findings for this unit", style="green")
        for f in (*mine, *added):
            mark, style = ("✗", "red") if f.severity == "error" else ("!", "yellow")
            text.append(f"\n{mark} {f.message}", style=style)
        return text

    # --- editing --------------------------------------------------------------------------

    def _row(self) -> Row | None:
        listing = self.query_one("#design-rows", OptionList)
        if listing.highlighted is None or listing.highlighted >= len(self.rows):
            return None
        return self.rows[listing.highlighted]

    def _group_at(self) -> int:
        """The group the cursor is in (the first when on the card's own rows)."""
        row = self._row()
        return row.group if row is not None and row.group is not None else 0

    def set_card(self, card: UnitCard, focus: Row | None = None) -> None:
        """Make ``card`` the one shown; put the cursor on ``focus`` if given."""
        self.card = card
        self.redraw()
        if focus is not None and focus in self.rows:
            self.query_one("#design-rows", OptionList).highlighted = self.rows.index(focus)

    def set_group(self, n: int, **changes: object) -> None:
        """Change fields of group ``n``."""
        groups = list(self.card.models)
        groups[n] = ModelGroup.model_validate({**groups[n].model_dump(), **changes})
        self.set_card(self.card.model_copy(update={"models": tuple(groups)}))

    def action_add_group(self) -> None:
        groups = (*self.card.models, ModelGroup())
        self.set_card(
            self.card.model_copy(update={"models": groups}), Row("group", len(groups) - 1)
        )

    def action_copy_group(self) -> None:
        n = self._group_at()
        groups = list(self.card.models)
        groups.insert(n + 1, groups[n])
        self.set_card(self.card.model_copy(update={"models": tuple(groups)}), Row("group", n + 1))

    def action_remove_group(self) -> None:
        if len(self.card.models) == 1:
            self.notify("A unit has at least one group of models.", severity="warning")
            return
        n = self._group_at()
        groups = tuple(g for i, g in enumerate(self.card.models) if i != n)
        self.set_card(
            self.card.model_copy(update={"models": groups}), Row("group", min(n, len(groups) - 1))
        )

    def action_step(self, delta: int) -> None:
        """+/-: change the number at the cursor (a group's models when on a group)."""
        row = self._row()
        if row is None:
            return
        card, res = self.card, self.spec.resiliences
        if row.kind == "res":
            at = res.index(card.res) if card.res in res else 0
            new = res[max(0, min(len(res) - 1, at + delta))]
            self.set_card(card.model_copy(update={"res": new}))
        elif row.kind == "wounds":
            wounds = max(1, min(self.spec.max_wounds, card.wounds + delta))
            self.set_card(card.model_copy(update={"wounds": wounds}))
        elif row.group is not None:
            g = card.models[row.group]
            if row.kind == "gwounds":
                wounds = max(1, min(self.spec.max_wounds, (g.wounds or card.wounds) + delta))
                self.set_group(row.group, wounds=wounds)
            elif row.kind == "gres":
                now = card.res if g.res is None else g.res
                at = res.index(now) if now in res else 0
                self.set_group(row.group, res=res[max(0, min(len(res) - 1, at + delta))])
            else:
                self.set_group(row.group, count=max(1, g.count + delta))

    @on(OptionList.OptionSelected, "#design-rows")
    def _edit(self) -> None:
        self.edit_row()

    @work(exclusive=True)
    async def edit_row(self) -> None:
        """Enter: ask for the value of the row at the cursor."""
        row = self._row()
        if row is None:
            return
        card = self.card
        if row.kind == "name":
            name = await self.app.push_screen_wait(
                PromptDialog("Unit name", "Name of the unit:", card.name, _named)
            )
            if name is not None:
                self.set_card(card.model_copy(update={"name": name.strip()}))
        elif row.kind in ("type", "gtype"):
            await self._ask_type(row)
        elif row.kind in ("res", "gres"):
            await self._ask_res(row)
        elif row.kind in ("wounds", "gwounds", "count"):
            await self._ask_number(row)
        elif row.kind == "group" and row.group is not None:
            g = card.models[row.group]
            name = await self.app.push_screen_wait(
                PromptDialog(
                    "Group name",
                    f"What these models are called (empty: {card.name}):",
                    g.name or "",
                )
            )
            if name is not None:
                self.set_group(row.group, name=name.strip() or None)
        elif row.kind in ("weapons", "abilities"):
            await self.pick_items(row.kind)
        elif row.kind == "rules":
            await self._ask_rules(row)

    async def _ask_type(self, row: Row) -> None:
        choices: list[tuple[str, str, str | None]] = []
        if row.group is not None:
            choices.append((f"As the card: {self._type_text(self.card.type)}", SAME, None))
        for t in self.spec.types:
            choices.append((f"{self._type_text(t.id)}  base {t.cost}", t.id, None))
        now = self.card.type if row.group is None else self.card.models[row.group].type or SAME
        picked = await self.app.push_screen_wait(PickDialog("Model type", choices, current=now))
        if picked is None:
            return
        if row.group is None:
            self.set_card(self.card.model_copy(update={"type": picked}))
        else:
            self.set_group(row.group, type=None if picked == SAME else picked)

    async def _ask_res(self, row: Row) -> None:
        choices: list[tuple[str, int | str, str | None]] = []
        if row.group is not None:
            choices.append((f"As the card: RES {self.card.res}", SAME, None))
        for r in self.spec.resiliences:
            cost = self.spec.wound_cost[str(r)]
            choices.append((f"RES {r}: {cost} house points a wound", r, None))
        now = self.card.res if row.group is None else self.card.models[row.group].res or SAME
        picked = await self.app.push_screen_wait(PickDialog("Resilience", choices, current=now))
        if picked is None:
            return
        if row.group is None:
            self.set_card(self.card.model_copy(update={"res": picked}))
        else:
            self.set_group(row.group, res=None if picked == SAME else picked)

    async def _ask_number(self, row: Row) -> None:
        most = self.spec.max_wounds
        if row.kind == "count" and row.group is not None:
            prompt, now, top = "Models in this group:", self.card.models[row.group].count, 99
        elif row.kind == "wounds":
            prompt, now, top = f"Wounds of each model (1 to {most}):", self.card.wounds, most
        else:
            assert row.group is not None
            prompt = f"Wounds of these models (1 to {most}, empty: as the card):"
            now, top = self.card.models[row.group].wounds or 0, most
        blank_ok = row.kind == "gwounds"

        def check(text: str) -> str | None:
            if blank_ok and not text.strip():
                return None
            ok = whole(text, 1, top) is not None
            return None if ok else f"Type a whole number from 1 to {top}."

        value = await self.app.push_screen_wait(
            PromptDialog("Number", prompt, str(now) if now else "", check)
        )
        if value is None:
            return
        number = whole(value, 1, top)
        if number is None and value.strip():
            return
        if row.kind == "wounds":
            self.set_card(self.card.model_copy(update={"wounds": number}))
        elif row.group is not None:
            self.set_group(row.group, **{"count" if row.kind == "count" else "wounds": number})

    async def pick_items(self, kind: str) -> None:
        """Weapons (repeatable) or abilities (one each) of the group at the cursor."""
        n = self._group_at()
        g = self.card.models[n]
        choices = self._item_choices("weapon" if kind == "weapons" else "ability")
        name = g.name or self.card.name
        result = await self.app.push_screen_wait(
            ItemsDialog(
                f"{kind.capitalize()} of each {name} (group {n + 1})",
                choices,
                g.weapons if kind == "weapons" else g.abilities,
                repeat=kind == "weapons",
            )
        )
        if result is None:
            return
        if kind == "weapons":
            upgrades = {w: r for w, r in g.upgrades.items() if w in result}
            self.set_group(n, weapons=result, upgrades=upgrades)
        else:
            self.set_group(n, abilities=result)

    def _item_choices(self, item_kind: str, priced: bool = True) -> list[Choice]:
        """The catalog's items of a kind, as the items dialog offers them (an entered
        card's abilities cost nothing: its points are entered)."""
        choices = []
        for iid, item in self.view.items.items():
            if item.kind != item_kind:
                continue
            if not priced:
                cost = ""
            elif isinstance(item, Trait) and item.percent:
                cost = f"{item.percent:+d}%" + (f" {item.cost:+d}" if item.cost else "")
            else:
                cost = str(item.cost or 0)
            detail = Text(profile_text(item, self.view.system))
            if item.rules:
                detail.append(
                    ("\n" if detail else "") + rules_text(self.view, item.rules), "italic"
                )
            if item.summary:
                detail.append(("\n" if detail else "") + item.summary)
            choices.append(Choice(iid, item.name, cost, detail))
        return choices

    async def _ask_rules(self, row: Row) -> None:
        assert row.group is not None and row.weapon is not None
        g = self.card.models[row.group]
        choices = []
        for rid, rc in self.view.rule_costs.items():
            cost = f"{rc.percent:+d}%" if rc.percent else f"+{rc.points}"
            rule = self.view.rules.get(rid)
            choices.append(Choice(rid, rc.name, cost, Text(rule.summary if rule else "")))
        weapon = self.view.items[row.weapon].name
        result = await self.app.push_screen_wait(
            ItemsDialog(f"Special rules added to {weapon}", choices, g.upgrades.get(row.weapon, ()))
        )
        if result is None:
            return
        upgrades = dict(g.upgrades)
        if result:
            upgrades[row.weapon] = result
        else:
            upgrades.pop(row.weapon, None)
        self.set_group(row.group, upgrades=upgrades)

    @work(exclusive=True, group="design-pick")
    async def action_pick(self, kind: str) -> None:
        await self.pick_items(kind)

    # --- the form of an entered card -------------------------------------------------------

    @on(Input.Changed)
    @on(Checkbox.Changed, "#design-named")
    def _form_changed(self) -> None:
        if self.entered:
            self.read_form()

    @on(Input.Submitted)
    def _next_field(self) -> None:
        """Enter in a field goes on to the next, as Tab does."""
        self.focus_next()

    @on(Button.Pressed, "#design-abilities")
    def _abilities_pressed(self) -> None:
        self.pick_abilities()

    @work(exclusive=True, group="design-pick")
    async def pick_abilities(self) -> None:
        """The catalog's abilities the unit has (Reach): their tags and summaries come
        with the card; what has no item goes in the special ability's text."""
        result = await self.app.push_screen_wait(
            ItemsDialog(
                f"Abilities of {self.card.name}",
                self._item_choices("ability", priced=False),
                self.card.abilities,
            )
        )
        if result is None:
            return
        self.card = self.card.model_copy(update={"abilities": result})
        self.query_one("#design-abilities", Button).label = self._names(result)
        self.redraw_form()

    def read_form(self) -> None:
        """The card from the form's fields as they are now; a field whose text is no
        value keeps the card's old value and is named in ``form_errors``."""
        errors: dict[str, str] = {}
        name = self.query_one("#design-name", Input).value.strip()
        if not name:
            errors["name"] = "Type a name."
        stats: dict[str, int] = {}
        for stat in self.spec.stats:
            text = self.query_one(f"#design-stat-{stat.id}", Input).value.strip()
            number = whole(text, -MAX_STAT, MAX_STAT)
            if number is not None:
                stats[stat.id] = number
            elif text:
                errors[f"stat-{stat.id}"] = (
                    f"{stat.id}: type a whole number from {-MAX_STAT:,} to {MAX_STAT:,}"
                )
        points_text = self.query_one("#design-points", Input).value.strip()
        points = whole(points_text, 0, MAX_POINTS)
        if points_text and points is None:
            errors["points"] = (
                f"{self.view.system.points}: type a whole number from 0 to {MAX_POINTS:,}"
            )
        special = None
        if self.spec.special is not None:
            special = self.query_one("#design-special", Input).value.strip() or None
        named = self.query_one("#design-named", Checkbox).value
        self.form_errors = errors
        self.card = self.card.model_copy(
            update={
                "name": name or self.card.name,
                "stats": FrozenMap(stats),
                "points": points,
                "special": special,
                "named": named,
                "type": None,
                "res": None,
                "wounds": 1,
                "models": (),
            }
        )
        self.redraw_form()

    def redraw_form(self) -> None:
        """The panel and, beside each field, what is wrong with what it holds (a field
        still empty is only listed in the panel, so a new card is not all red)."""
        design = self.view.with_cards(self.roster.with_card(self.card_id, self.card).cards)
        problems = design.designs[self.card_id].problems
        blank = {f"stat-{s.id}" for s in self.spec.stats if s.id not in self.card.stats}
        if self.card.points is None:
            blank.add("points")
        notes = {"points": POINTS_NOTE, "name": "", "special": "", "abilities": ""}
        for stat in self.spec.stats:
            notes[f"stat-{stat.id}"] = _stat_note(stat)
        for fid, note in notes.items():
            shown = self.query(f"#note-{fid}")
            if not shown:
                continue
            message = self.form_errors.get(fid)
            if message is None and fid not in blank:
                message = _field_problem(fid, problems)
            widget = shown.first(Static)
            widget.update(message or note)
            widget.set_class(bool(message), "error")
            widget.display = bool(message or note)
        self.query_one("#design-cost", Static).update(self.cost_text())

    # --- closing --------------------------------------------------------------------------

    def action_save(self) -> None:
        if self.form_errors:
            message = next(iter(self.form_errors.values()))
            self.notify(message, title="Not saved", severity="error")
            return
        design = self.view.with_cards({self.card_id: self.card}).designs[self.card_id]
        if design.problems:
            self.notify(design.problems[0].message, title="Not saved", severity="error")
            return
        self.dismiss(self.card)

    @work
    async def action_cancel(self) -> None:
        if self.card == self.original and not self.form_errors:
            self.dismiss(None)
            return
        answer = await self.app.push_screen_wait(
            ChoiceDialog(
                "Drop the changes?",
                f"The changes to {self.card.name} are not saved.",
                [
                    ("Save", "save", "primary"),
                    ("Drop them", "drop", "error"),
                    ("Keep editing", "keep", "default"),
                ],
                cancel="keep",
            )
        )
        if answer == "drop":
            self.dismiss(None)
        elif answer == "save":
            self.action_save()


def _named(text: str) -> str | None:
    return None if text.strip() else "Type a name."


def _stat_note(stat: CardStat) -> str:
    """What a stat's field says beside it while its value is fine: the values it takes."""
    return stat.bounds() + (", or empty" if stat.optional else "")


def _field_problem(field_id: str, problems: Sequence[CardProblem]) -> str | None:
    """The first problem of a card that is about one field of the form."""
    if field_id.startswith("stat-"):
        path: tuple[str | int, ...] = ("stats", field_id.removeprefix("stat-"))
    else:
        path = FIELD_PATHS.get(field_id, (field_id,))
    return next((p.message for p in problems if p.path == path), None)


def _left_out(spec: DesignSpec, card: UnitCard) -> tuple[str, ...]:
    """What an entered card's form cannot show: stats the system's cards lack, and the
    keys of derived cards. The form's card leaves them out; the panel says so."""
    if not spec.entered:
        return ()
    declared = {s.id for s in spec.stats}
    out = [
        f"{sid} = {v} (not a stat of this system's cards)"
        for sid, v in card.stats.items()
        if sid not in declared
    ]
    out += [f"'{key}' (cards of this system have none)" for key in card.derived_keys]
    if card.special is not None and spec.special is None:
        out.append("the special ability (cards of this system have none)")
    return tuple(out)


@dataclass(frozen=True)
class Choice:
    """One thing the items dialog offers."""

    id: str
    name: str
    cost: str
    detail: Text


class ItemsDialog(ModalScreen[tuple[str, ...] | None]):
    """Choose weapons, abilities or weapon rules from a list you can type into.

    Returns the chosen ids in order (Escape: done), so the designer can put them on
    the group; weapons may be taken twice, abilities and rules once."""

    BINDINGS = [
        Binding("plus,equals_sign,right", "change(1)", "Add one", id="items-add"),
        Binding("minus,backspace,delete,left", "change(-1)", "Remove one", id="items-remove"),
        Binding("escape", "done", "Done", id="items-done"),
    ]

    def __init__(
        self, title: str, choices: Sequence[Choice], chosen: Sequence[str], repeat: bool = False
    ) -> None:
        super().__init__()
        self.title_text = title
        self.choices = list(choices)
        self.chosen = list(chosen)
        self.repeat = repeat

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog wide tall"):
            yield Label(self.title_text, classes="dialog-title")
            yield TypeAheadList(id="items-options")
            yield Static("", id="items-detail")
            yield Label(
                "Type a name to jump · Enter "
                + ("/+ add · -/Backspace remove" if self.repeat else "takes or drops")
                + " · Escape done",
                classes="dialog-hint",
            )

    def on_mount(self) -> None:
        self.refill()
        self.query_one("#items-options", OptionList).focus()

    def refill(self) -> None:
        listing = self.query_one("#items-options", TypeAheadList)
        keep = listing.highlighted
        listing.clear_options()
        listing.names = []
        for n, c in enumerate(self.choices):
            count = self.chosen.count(c.id)
            label = Text(f"[{count}] " if count else "[ ] ")
            label.append(c.name, style="bold" if count else "")
            label.append(f"  {c.cost}", style="cyan")
            listing.add_option(ListOption(label, id=str(n)))
            listing.names.append(c.name)
        listing.highlighted = keep if keep is not None else 0
        self._detail()

    def _current(self) -> Choice | None:
        listing = self.query_one("#items-options", OptionList)
        if listing.highlighted is None:
            return None
        return self.choices[listing.highlighted]

    @on(OptionList.OptionHighlighted)
    def _detail(self) -> None:
        c = self._current()
        self.query_one("#items-detail", Static).update(c.detail if c else "")

    @on(OptionList.OptionSelected)
    def _selected(self) -> None:
        c = self._current()
        if c is not None and not self.repeat and c.id in self.chosen:
            self.action_change(-1)
        else:
            self.action_change(1)

    def action_change(self, delta: int) -> None:
        c = self._current()
        if c is None:
            return
        if delta > 0 and (self.repeat or c.id not in self.chosen):
            self.chosen.append(c.id)
        elif delta < 0 and c.id in self.chosen:
            at = len(self.chosen) - 1 - self.chosen[::-1].index(c.id)
            del self.chosen[at]
        self.query_one("#items-options", TypeAheadList).reset_typing()
        self.refill()

    def action_done(self) -> None:
        self.dismiss(tuple(self.chosen))
