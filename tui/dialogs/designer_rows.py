"""The unit designer's rows for a card derived from its models (Steam Wars): a line per
field of the card and of each group of models, and what Enter and the keys do on them
(ask a type, a RES, a number; pick weapons, abilities, the rules added to a weapon).

Apart from the form of an entered card: a system's cards are one or the other.
"""

from __future__ import annotations

from rich.text import Text
from textual import on, work
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option as ListOption

from model.catalog.design import ModelGroup, UnitCard
from model.roster.cards import NEW_UNIT
from tui.dialogs.designer_panel import DesignerPanel, Row
from tui.dialogs.items import Choice, ItemsDialog
from tui.dialogs.pick import PickDialog
from tui.dialogs.prompt import PromptDialog
from tui.numbers import whole

SAME = "same"
"""Pick value meaning "as the card" for a group's own type or RES."""


def _named(text: str) -> str | None:
    return None if text.strip() else "Type a name."


class DesignerRows(DesignerPanel):
    """The rows of a derived card and the keys and pickers that edit them."""

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
            new = card.name == NEW_UNIT
            name = await self.app.push_screen_wait(
                PromptDialog(
                    "Unit name",
                    "Name of the unit:",
                    "" if new else card.name,
                    None if new else _named,
                    placeholder=card.name,
                )
            )
            if name is not None and name.strip():
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
