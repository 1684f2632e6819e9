"""The unit designer's state and the panel beside its rows or its form: the card under
design, its cost worked out line by line and the findings it would bring to the list.

Apart from the rows (a card derived from its models) and the form (an entered card),
which both edit the card and redraw this panel; the dialog screen
(``tui.dialogs.designer``) puts them together.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from rich.text import Text
from textual.screen import ModalScreen

from model.catalog.design import DesignSpec, UnitCard
from model.catalog.items import Trait
from model.core.value import frozen_value
from model.roster.cards import place_card
from model.roster.describe import profile_text, rules_text
from model.roster.validate import validate
from tui.dialogs.items import Choice
from tui.opening import LaidOutOnce

if TYPE_CHECKING:
    from model.catalog.schema import FactionView
    from model.roster.roster import Roster
    from model.rules.findings import Finding


@frozen_value(slots=False)
class Row:
    """One line of the designer: what Enter edits there."""

    kind: str
    """name, type, res, wounds (the card's) or group, count, gtype, gres, gwounds,
    weapons, abilities, rules (a group's)."""
    group: int | None = None
    weapon: str | None = None


FIELD_PATHS = {"points": ("points",), "special": ("special",), "abilities": ("abilities",)}
"""A form field's path in a card, for the problems shown beside it (stats: by id)."""


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


class DesignerPanel(ModalScreen[UnitCard | None], LaidOutOnce[UnitCard | None]):
    """The card under design, what the dialog knows of its list, and the panel beside the
    rows or the form: the card's cost and the findings it would bring."""

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
